"""«Козырные киты»: what a whole evening at 412×915 showed (issue 19 §5), as session tests.

Four players, seats clockwise Тёма, Лена, Оля, Миша; every expected number is worked out by hand
from the rulebook (../shared/rules/kozyrnye-kity.md) in the comments. Pearls of the cards used
are taught to the deck profile first, as the table's answers would (nothing printed is assumed
but the narwhal 2's 3 pearls, which the rulebook gives).
"""
from __future__ import annotations

from engine.kozyrnye_kity import Phase

from companion.ui.session import Session
from companion.store.repository import Store

TEMA, LENA, OLYA, MISHA = "Тёма", "Лена", "Оля", "Миша"
PLAYERS = [TEMA, LENA, OLYA, MISHA]
TAUGHT = {"sperm-4": 2, "sperm-3": 1, "sperm-2": 1, "sperm-9": 2, "orca-3": 2, "narwhal-1": 1, "narwhal-6": 1}


def evening(tmp_path) -> tuple[Store, Session]:
    """Round 1, trump orca, token 9 (the highest card wins, R-WIN-9); first bonuses blue 1–4;
    Тёма leads (R-SETUP-5)."""
    store = Store.open(tmp_path)
    for card, pearls in TAUGHT.items():
        store.set_fact(card, {"pearls": pearls})
    s = Session(store)
    assert s.new_game(PLAYERS, target=30).ok
    assert s.game.start_round("orca", 9, {TEMA: "blue-1", LENA: "blue-2", OLYA: "blue-3", MISHA: "blue-4"}, TEMA).ok
    return store, s


def plays(s: Session, *cards: str) -> None:
    for card in cards:
        who = s.game.to_act()
        out = s.game.play(who, card)
        assert out.ok, (who, card, out.text("en"))


def trick_1(s: Session) -> None:
    """Тёма sperm-9, Лена sperm-4, Оля sperm-3, Миша sperm-2: no trump, the highest sperm
    whale wins (R-WIN-9): Тёма. He takes Лена's sperm-4: +2 (taught pearls)."""
    plays(s, "sperm-9", "sperm-4", "sperm-3", "sperm-2")
    assert s.game.trick_winner() == TEMA
    assert s.game.choose_reward("sperm-4").ok
    assert s.game.last_gain() == (TEMA, 2)


def trick_2(s: Session) -> None:
    """Тёма narwhal-1, Лена narwhal-6, Оля a 5, Миша narwhal-2: led narwhal, no trump; Оля's 5
    is a narwhal 5 (R-FIVE-2); the highest narwhal is Лена's 6. She takes Миша's narwhal 2
    (3 pearls, the rulebook's example). A 5 was played and she did not take it: Оля, who
    played the first 5, names the next leader (R-FIVE-LEAD)."""
    plays(s, "narwhal-1", "narwhal-6", "5", "narwhal-2")
    assert s.game.trick_winner() == LENA
    assert s.game.choose_reward("narwhal-2").ok
    assert s.game.phase() is Phase.NEXT_LEADER and s.game.leader_chooser() == OLYA


# ------------------------------------------------------------------------------------------ §5a
def test_5a_reward_line_while_the_next_leader_is_still_to_be_chosen(tmp_path):
    """§5a: after a trick with a 5 whose next leader is still to be chosen, «+N» names this
    trick's winner and gain (Лена +3), not the trick before (Тёма +2)."""
    _store, s = evening(tmp_path)
    trick_1(s)
    trick_2(s)
    assert s.game.last_gain() == (LENA, 3)
    assert s.game.choose_leader(MISHA).ok  # and once chosen, still the same trick
    assert s.game.last_gain() == (LENA, 3) and s.game.to_act() == MISHA


# ------------------------------------------------------------------------------------------ §5c
def test_5c_two_fives_in_a_trick_are_both_offered_with_whose_they_are(tmp_path):
    """§5c, R-REWARD-1: any card another player played. Trick 3 (Миша leads, named by Оля):
    Миша orca-9 (trump), Тёма a 5, Лена a 5, Оля orca-3: the highest trump wins — Миша. He may
    take Тёма's 5, Лена's 5 (1 point each, R-FIVE-REWARD) or Оля's orca 3 (2 pearls)."""
    _store, s = evening(tmp_path)
    trick_1(s)
    trick_2(s)
    assert s.game.choose_leader(MISHA).ok
    plays(s, "orca-9", "5", "5", "orca-3")
    assert s.game.trick_winner() == MISHA
    assert s.game.reward_options() == [("5", TEMA, 1), ("5", LENA, 1), ("orca-3", OLYA, 2)]
    assert s.game.choose_reward("5").ok  # either 5: 1 point into Миша's pile, no bonus for anyone
    assert s.game.last_gain() == (MISHA, 1) and s.game.piles()[MISHA] == 1
    # no R-FIVE-LEAD choice after a 5 was taken: Миша leads (R-REWARD-4)
    assert s.game.phase() is Phase.PLAY and s.game.to_act() == MISHA


# ------------------------------------------------------------------------------------------ §5b
def test_5b_a_correction_putting_a_card_into_a_round_twice_is_refused_like_at_the_table(tmp_path):
    """§5b, R-COMP: every card exists once. At the table a second sperm 9 in round 1 is refused;
    a correction of Миша's sperm-2 (trick 1) into the sperm 9 Тёма played in the same trick is
    refused with the same words, and nothing is saved."""
    _store, s = evening(tmp_path)
    trick_1(s)
    trick_2(s)
    log, revision = s.log, s.revision
    index = next(i for i, a in enumerate(log) if a.get("type") == "play" and a["card"] == "sperm-2")
    assert log[index]["player"] == MISHA

    # the same card at the table: refused (strict engine), the reason with R-COMP
    at_table = s.game.apply(s.states[index], dict(log[index]), strict=True)  # the entry as it was is fine
    assert at_table is not None
    try:
        s.game.apply(s.states[index], {**log[index], "card": "sperm-9"}, strict=True)
    except Exception as e:  # noqa: BLE001 — the engine's refusal
        table_ru, table_en = e.text("ru"), e.text("en")
    else:
        raise AssertionError("the table takes a second sperm 9")
    assert "R-COMP" in table_ru and "кашалот 9" in table_ru

    no = s.game.check_edit(index, {**log[index], "card": "sperm-9"})
    assert no is not None and no.kind == "refused"
    assert (no.error.text("ru"), no.error.text("en")) == (table_ru, table_en)
    assert no.error.rule == "R-COMP"
    assert s.log == log and s.revision == revision  # nothing saved

    # a card entered LATER in the round (Лена's narwhal 6 in trick 2) is a clash too
    later = s.game.check_edit(index, {**log[index], "card": "narwhal-6"})
    assert later is not None and later.error.rule == "R-COMP" and "нарвал 6" in later.error.text("ru")

    # a card nobody entered this round (the sperm 7) may be the correction
    assert s.game.check_edit(index, {**log[index], "card": "sperm-7"}) is None
    # a first bonus lies on the table: it cannot be played as well (R-COMP)
    bonus = s.game.check_edit(index, {**log[index], "card": "blue-1"})
    assert bonus is not None and bonus.error.rule == "R-COMP"
    # an inserted entry is checked the same way (a second sperm 9 before trick 2)
    first_of_2 = next(i for i, a in enumerate(log) if a.get("type") == "play" and a["card"] == "narwhal-1")
    assert s.game.check_insert(first_of_2, {"type": "play", "player": TEMA, "card": "sperm-9"}) is not None


# ------------------------------------------------------------------------------------------ §5f
def test_5f_the_tables_total_and_the_historys_total_are_the_same_number(tmp_path):
    """§5f: the table's «Итого» counts the running round in, as the history's «Итого у игрока …»
    after a correction does. After trick 1 (Тёма +2): Тёма 2 pearls + (blue-1 alone: no pair)
    = 2; Лена 0 pearls + blue-2 and sperm-4 in front (a pair) = 1; Оля, Миша: one bonus each = 0."""
    _store, s = evening(tmp_path)
    trick_1(s)
    assert s.game.round_points() == {TEMA: 2, LENA: 1, OLYA: 0, MISHA: 0}
    assert s.game.totals() == {TEMA: 0, LENA: 0, OLYA: 0, MISHA: 0}  # no round closed yet
    assert s.game.running_totals() == {TEMA: 2, LENA: 1, OLYA: 0, MISHA: 0}
    # a correction: Тёма took Оля's sperm-3 (1 pearl) instead → Тёма 1, Лена 0 (one bonus), Оля 1 (a pair)
    index = next(i for i, a in enumerate(s.log) if a.get("type") == "reward")
    out = s.edit(index, {"type": "reward", "card": "sperm-3"})
    assert out.ok
    totals = {c.params["player"]: c.params["new"] for c in out.notice.changes if c.key == "total"}
    assert totals == {TEMA: 1, LENA: 0, OLYA: 1}
    assert {p: s.game.running_totals()[p] for p in totals} == totals  # the table shows the same


# ------------------------------------------------------------------------------------------ §5g
def test_5g_a_first_bonus_is_not_said_to_be_played(tmp_path):
    """§5g: the picker greys a first bonus as what it is (R-SETUP-4: laid in front, never
    played), a played card with who played it and in which trick."""
    _store, s = evening(tmp_path)
    trick_1(s)
    plays(s, "narwhal-1")
    where = s.game.card_whereabouts()
    assert where["blue-1"] == ("first-bonus", TEMA, None) and where["blue-4"] == ("first-bonus", MISHA, None)
    assert where["sperm-4"] == ("played", LENA, 1)  # lies in front of Лена now, but was played
    assert where["narwhal-1"] == ("played", TEMA, 2)
    assert "5" not in where and "orca-9" not in where
    assert set(where) == {c for c in s.game.deck() if c != "5"} - set(s.game.unseen_cards())


def test_5g_the_historys_reward_line_says_who_took_it_from_whom(tmp_path):
    """§5g: «Тёма берёт «кашалот 4» у игрока Лена: +2», not just «Награда: кашалот 4, +2»."""
    from companion.base.i18n import set_language as set_lang
    from companion.kozyrnye_kity.screens.history import entry_lines

    _store, s = evening(tmp_path)
    trick_1(s)
    [e] = [e for e in s.entries() if e["action"].get("type") == "reward"]
    set_lang("ru")
    assert entry_lines(s, e)[0] == "Тёма берёт «кашалот 4» у игрока Лена: +2"
    set_lang("en")
    try:
        assert entry_lines(s, e)[0] == "Тёма takes sperm whale 4 from Лена: +2"
    finally:
        set_lang("ru")


def test_5g_the_gain_line_also_follows_the_pearls_question(tmp_path):
    """§5g: when the reward's pearls were asked first, the retried reward gets its «+N» too:
    Тёма takes Лена's sperm 6 (not taught: asked, 3 pearls) → «Тёма +3»."""
    _store, s = evening(tmp_path)
    plays(s, "sperm-9", "sperm-6", "sperm-3", "sperm-2")
    out = s.game.choose_reward("sperm-6")
    assert not out.ok and out.notice.kind == "question" and s.question.card == "sperm-6"
    retry = s.question.retry
    assert s.game.answer_fact("sperm-6", pearls=3).ok
    assert s.game.reward_note(retry) == (TEMA, 3)
    assert s.game.reward_note({"type": "play", "player": TEMA, "card": "orca-1"}) is None


# ------------------------------------------------------------------------------------------ §5e
def test_5e_what_changed_is_shown_right_below_the_entry_just_corrected(tmp_path):
    """§5e: «Что изменилось» follows the corrected entry in the history, not its top."""
    import flet as ft

    from companion.base import ids
    from companion.kozyrnye_kity.screens.history import _groups

    _store, s = evening(tmp_path)
    trick_1(s)
    trick_2(s)
    index = next(i for i, a in enumerate(s.log) if a.get("type") == "play" and a["card"] == "sperm-2")
    assert s.edit(index, {**s.log[index], "card": "sperm-7"}).ok  # Миша's card was the sperm 7 (Тёма's 9 still wins)
    panel = ft.Text("what changed")
    rows = _groups(s, s.entries(), lambda i: None, (index, panel))
    keys = [getattr(r, "key", None) for r in rows]
    at = keys.index(ids.hist_entry(index))
    assert rows[at + 1] is panel and rows.count(panel) == 1
    assert at > 3  # below round and trick headings and earlier entries, not on top
    assert panel not in _groups(s, s.entries(), lambda i: None)


# ------------------------------------------------------------------------------------------ §5d
def test_5d_every_family_name_fits_the_trump_tile_at_phone_size():
    """§5d: at 412×915 every word of every family name (Russian and English) fits the trump
    tile on one line, so «синий кит» / "sperm whale" take two whole lines and nothing is cut.
    Widths from the app's own font (Roboto, shipped with the web client), +7 % for bold."""
    import importlib.util
    from pathlib import Path

    import pytest

    from companion.kozyrnye_kity.screens.table import TRUMP_PAD, trump_name_size
    from engine.kozyrnye_kity import Family
    from engine.kozyrnye_kity.i18n import LANGS, family_name

    PIL = pytest.importorskip("PIL.ImageFont")
    spec = importlib.util.find_spec("flet_web")
    font = Path(spec.origin).parent / "web" / "assets" / "fonts" / "roboto.woff2" if spec and spec.origin else None
    if font is None or not font.exists():
        pytest.skip("the web client's font is not installed")
    tile = (412 - 2 * 12 - 10) * 3 / 5 - 2 * TRUMP_PAD  # 202.8 px inside the tile
    size = trump_name_size(412, wide=False)
    assert size == 46
    f = PIL.truetype(str(font), size)
    names = [family_name(fam, lang) for lang in LANGS for fam in Family]
    words = {w for name in names for w in name.split()}
    assert {"кашалот", "синий", "кит", "narwhal", "sperm", "whale"} <= words
    widest = max(words, key=f.getlength)
    assert f.getlength(widest) * 1.07 <= tile, (widest, f.getlength(widest))
    # the tablet's one line at 60 px: (1280 − 2×16 − 16)×3/5 main column, ×3/5 tile, less padding
    f60 = PIL.truetype(str(font), trump_name_size(1280, wide=True))
    longest = max(names, key=f60.getlength)
    assert f60.getlength(longest) * 1.07 <= ((1280 - 48) * 3 / 5 - 10) * 3 / 5 - 2 * TRUMP_PAD, longest
