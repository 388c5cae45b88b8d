"""«Королевское наказание» through the Session API (companion/royal_mastheads/view.py): a deal
trick by trick and the same deal by taken cards give the hand-computed points (RUL-RM-ORDER);
the live view during a deal; refusals that change nothing; a revoke found when its proof arrives
(RUL-RM-REVOKE); undo/redo, a correction with what changed; a whole set to the winner and a
shared win (RM-SET, RUL-RM-SET-TIE); the record out and back in; the summary for statistics.

The «suits deal» (tests/test_rm_engine.py, hand-computed there): trump hearts (turned 7♥); Аня
takes 5 tricks — all 13 spades and ♥A…7; Боря 3 tricks — ♦A…Q; Вика 3 — ♣A…Q; Гоша none; the
bank ♥8…K ♦K ♣K goes to Аня (most tricks, RM-BANK). Russian rules: Аня 123 card points + 2000
(all 13 trumps) + 500 (8 face cards) = 2623; Боря ♦A 10 + 2…10 9 × 1 + J, Q 2 + 2 = 23; Вика 23;
Гоша 0."""
from __future__ import annotations

import json
import random

from engine import royal_mastheads as rm
from engine.royal_mastheads import action_to_json

from companion.royal_mastheads.models import Bonus
from companion.ui.session import Session
from companion.store.repository import Store

P = ["Аня", "Боря", "Вика", "Гоша"]
GAME = "royal-mastheads"

# the suits deal played trick by trick; Гоша deals, so Аня leads (RM-LEAD). Each line: the trick
# in play order from its leader; its winner in the comment (RM-WIN).
SUITS_DEAL_TRICKS = [
    ["hearts-7", "hearts-A", "hearts-2", "spades-A"],     # Аня: trumps led, 7♥ highest (ace low)
    ["hearts-6", "spades-2", "spades-3", "spades-4"],     # Аня: the only trump
    ["hearts-5", "spades-5", "spades-6", "spades-7"],     # Аня
    ["hearts-4", "spades-8", "spades-9", "spades-10"],    # Аня
    ["hearts-3", "spades-J", "spades-Q", "spades-K"],     # Аня (5 tricks)
    ["diamonds-A", "diamonds-Q", "diamonds-2", "diamonds-3"],   # Боря: Д♦ highest diamond
    ["diamonds-J", "diamonds-4", "diamonds-5", "diamonds-6"],   # Боря leads and takes it
    ["diamonds-10", "diamonds-7", "diamonds-8", "diamonds-9"],  # Боря (3 tricks)
    ["clubs-A", "clubs-Q", "clubs-2", "clubs-3"],         # Боря leads ♣A; Вика takes it with Д♣
    ["clubs-J", "clubs-4", "clubs-5", "clubs-6"],         # Вика
    ["clubs-10", "clubs-7", "clubs-8", "clubs-9"],        # Вика (3 tricks)
]
SUITS_DEAL_BANK = {"Аня": ["hearts-8", "hearts-9"], "Боря": ["hearts-10", "hearts-J"],
                   "Вика": ["hearts-Q", "hearts-K"], "Гоша": ["diamonds-K", "clubs-K"]}
SUITS_DEAL_TOTALS = {"Аня": 2623, "Боря": 23, "Вика": 23, "Гоша": 0}


def suits_deal_owners() -> dict[str, str]:
    """The suits deal as card → owner, for the taken-cards entry."""
    owners = {}
    for t in SUITS_DEAL_TRICKS[:5]:
        owners.update({c: "Аня" for c in t})
    for t in SUITS_DEAL_TRICKS[5:8]:
        owners.update({c: "Боря" for c in t})
    for t in SUITS_DEAL_TRICKS[8:]:
        owners.update({c: "Вика" for c in t})
    owners.update({c: "bank" for cs in SUITS_DEAL_BANK.values() for c in cs})
    return owners


def new(tmp_path, variant="russian", first_dealer="Гоша") -> tuple[Store, Session]:
    store = Store.open(tmp_path)
    s = Session(store)
    out = s.new_game(P, game=GAME, first_dealer=first_dealer, variant=variant)
    assert out.ok, out.text()
    return store, s


def play_suits_deal(s: Session) -> None:
    v = s.game
    assert v.start_deal("hearts-7").ok
    for t in SUITS_DEAL_TRICKS:
        for c in t:
            out, found = v.play(c)
            assert out.ok and not found, out.text()
    # RM-BANK: the 11th trick's last card fills the bank by itself (the 8 cards nobody played)
    assert v.phase() == "deal" and s.log[-1] == {"type": "bank"}


# ---------------------------------------------------------------------------------------------
def test_new_set_meta_and_refusals(tmp_path):
    store, s = new(tmp_path, "original")
    assert s.kind == GAME and s.meta["first_dealer"] == "Гоша" and s.meta["variant"] == "original"
    v = s.game
    assert v.phase() == "deal" and v.deal_number() == 1 and v.dealer() == "Гоша" and v.first_leader() == "Аня"
    assert "RUL-RM-VARIANT" in v.variant_text()
    assert s.abandon().ok
    out = s.new_game(P[:3], game=GAME)
    assert not out.ok and "RM-COMP" in out.text("ru")
    out = s.new_game(P, game=GAME, variant="house")
    assert not out.ok and "RUL-RM-VARIANT" in out.text("ru")


def test_a_deal_trick_by_trick_live_then_the_breakdown(tmp_path):
    store, s = new(tmp_path)
    v = s.game
    assert v.start_deal("hearts-7").ok
    lv = v.live()
    assert lv.turned == "hearts-7" and lv.trump == "hearts" and lv.to_play == "Аня" and lv.trick == 1
    # trick 1: 7♥ A♥ 2♥ A♠ — Аня takes it: 7♥ + A♥ + 2♥ + A♠ → A♠ 10, A♥ 10 (the second ace, the trump
    # takes the step: 10 + 10 doubled), 2♥ 1 + 1, 7♥ 1 + 1 → 10 + 20 + 2 + 2 = 34
    for c in SUITS_DEAL_TRICKS[0]:
        assert v.play(c)[0].ok
    lv = v.live()
    assert lv.tricks == {"Аня": 1, "Боря": 0, "Вика": 0, "Гоша": 0}
    assert lv.points["Аня"] == 34 and lv.bank_holder == "Аня" and lv.trick == 2
    last = v.last_trick()
    assert last.winner == "Аня" and any("RM-WIN" in line for line in last.why)
    assert "hearts-A" in v.seen() and "hearts-6" not in v.seen()
    # trick 2 led 6♥: Боря showed out of hearts in no trick yet, so hearts are his follow cards
    assert v.play("hearts-6")[0].ok
    led, follow, others = v.playable()
    assert led == "hearts" and "hearts-K" in follow and "hearts-A" not in follow and "spades-2" in others
    for c in SUITS_DEAL_TRICKS[1][1:]:
        assert v.play(c)[0].ok
    for t in SUITS_DEAL_TRICKS[2:]:
        for c in t[:-1] if t is SUITS_DEAL_TRICKS[-1] else t:
            assert v.play(c)[0].ok
    lv = v.live()
    # 3 cards of trick 11 on the table: Вика has 2 tricks, 23 − ♣10 ♣7 ♣8 ♣9 (1 each, her only
    # cards of those ranks) = 19 so far
    assert lv.tricks == {"Аня": 5, "Боря": 3, "Вика": 2, "Гоша": 0}
    assert lv.points == {"Аня": 69, "Боря": 23, "Вика": 19, "Гоша": 0}
    # the last card closes trick 11 and fills the bank by itself: no tap per bank card (RM-BANK)
    n = len(s.log)
    out, found = v.play(SUITS_DEAL_TRICKS[-1][-1])
    assert out.ok and not found and len(s.log) == n + 2 and s.log[-1] == {"type": "bank"}
    assert v.bank_filled()
    assert v.phase() == "deal" and v.deal_number() == 2 and v.dealer() == "Аня"  # RM-DEAL-1: clockwise
    r = v.deal_result()
    assert r.holder == "Аня"
    rows = {row.player: row for row in r.rows}
    a = rows["Аня"]
    assert (a.num, a.face, a.ace, a.doubled, a.card_points) == (27, 32, 20, 44, 123)
    assert a.bonuses == (Bonus("RM-BONUS-FACE", 500), Bonus("RM-BONUS-TRUMP-ALL", 2000))
    assert {p: row.total for p, row in rows.items()} == SUITS_DEAL_TOTALS
    assert v.totals() == SUITS_DEAL_TOTALS


def test_RM_BANK_the_filled_bank_can_be_reopened_and_entered_by_hand(tmp_path):
    """«Исправить банк»: the filled bank is taken back (the deal returns to its bank) and entered
    by hand, two cards per player (the older entry); the same points either way (RM-BANK: the
    bank goes whole to the most tricks)."""
    store, s = new(tmp_path)
    play_suits_deal(s)
    v = s.game
    assert v.totals() == SUITS_DEAL_TOTALS and v.deal_result().holder == "Аня"
    assert v.reopen_bank().ok
    assert v.phase() == "bank" and not v.bank_filled()
    assert sorted(v.unseen()) == sorted(c for cs in SUITS_DEAL_BANK.values() for c in cs)
    out, found = v.bank({"Аня": ["hearts-8", "hearts-9"]})  # only two cards: refused (RM-BANK)
    assert not out.ok and "RM-BANK" in out.text("ru") and v.phase() == "bank"
    out, found = v.bank(SUITS_DEAL_BANK)
    assert out.ok and not found and v.totals() == SUITS_DEAL_TOTALS
    assert s.log[-1]["bank"] == SUITS_DEAL_BANK
    # or filled again from the bank screen
    assert v.reopen_bank().ok and v.fill_bank()[0].ok and v.totals() == SUITS_DEAL_TOTALS


def test_RM_BANK_a_corrected_trick_card_changes_the_filled_bank(tmp_path):
    """The filled bank is «the cards nobody played», so a corrected trick card moves the other
    card into the bank: no duplicate, nothing missing. Trick 11 (Вика 10♣, Гоша 7♣, Аня 8♣,
    Боря 9♣) corrected to Боря К♣: Боря takes it (К♣ the highest club, RM-WIN) — 23 + 7♣ 8♣ 10♣
    each the second of its rank (he has ♦7 ♦8 ♦10) 2 + 2 + 2 + К♣ 2 = 31; Вика loses ♣7 8 9 10,
    1 each: 23 − 4 = 19. The bank is now ♥8…К ♦К 9♣ (Аня, still 5 tricks): her kings ♠К ♥К ♦К ♣К
    were 2 + 4 + 6 + 8 with ♥К on the highest step doubled (+8) = 28, now ♠К ♥К ♦К 2 + 4 + 6 + 6 = 18
    (−10); her nines ♠9 ♥9 were 1 + 2 + 2 = 5, with 9♣ 1 + 2 + 3 + 3 = 9 (+4); still 7 face cards
    (RM-BONUS-FACE 500) and all 13 trumps: 2623 − 10 + 4 = 2617."""
    store, s = new(tmp_path)
    play_suits_deal(s)
    v = s.game
    idx = next(e["index"] for e in s.entries() if e["action"] == {"type": "play", "card": "clubs-9"})
    out = s.edit(idx, {"type": "play", "card": "clubs-K"})
    assert out.ok
    assert not v.violations()
    assert v.totals() == {"Аня": 2617, "Боря": 31, "Вика": 19, "Гоша": 0}


def test_the_same_deal_by_taken_cards_gives_the_same_points(tmp_path):
    store, s = new(tmp_path)
    v = s.game
    assert v.start_deal("hearts-7").ok
    owners = suits_deal_owners()
    # one card missing: Вика's 11 cards are no whole tricks — refused with the reason (RM-TRICKS)
    short = dict(owners)
    del short["clubs-5"]
    assert "RM-TRICKS" in v.taken_problem(short)
    out = v.taken(short)
    assert not out.ok and "RM-TRICKS" in out.text("ru") and len(s.log) == 1
    # a bank card missing: 7 cards in the bank (RM-BANK)
    short = dict(owners)
    del short["clubs-K"]
    assert "RM-BANK" in v.taken_problem(short)
    # the bank entered for Боря while Аня has the most tricks (RM-BANK)
    out = v.taken(owners, "Боря")
    assert not out.ok and "RM-BANK" in out.text("ru")
    assert v.taken_problem(owners) is None
    assert v.taken(owners).ok
    assert v.totals() == SUITS_DEAL_TOTALS  # RUL-RM-ORDER: as trick by trick
    assert v.deal_result().entry == "taken"


def test_refusals_change_nothing_and_a_revoke_is_shown_when_proven(tmp_path):
    store, s = new(tmp_path)
    v = s.game
    out, _ = v.play("hearts-7")
    assert not out.ok and "RM-DEAL-2" in out.text("ru")  # no deal yet
    assert v.start_deal("hearts-7").ok
    for c in SUITS_DEAL_TRICKS[0]:
        assert v.play(c)[0].ok
    n = len(s.log)
    out, _ = v.play("hearts-A")  # played in trick 1: each card once (RM-COMP)
    assert not out.ok and "RM-COMP" in out.text("ru") and len(s.log) == n
    # trick 2: Аня leads 6♥, Боря discards 2♠ (no heart shown yet: allowed), …
    for c in ("hearts-6", "spades-2", "spades-3", "spades-4"):
        assert v.play(c)[0].ok
    # trick 3: Аня leads 5♠, Боря plays a heart: he did not follow hearts in trick 2 — a revoke,
    # proven now (RUL-RM-REVOKE); the card is taken, the revoke is reported at once
    assert v.play("spades-5")[0].ok
    out, found = v.play("hearts-K")
    assert out.ok and len(found) == 1
    assert found[0].rule == "RM-FOLLOW" and found[0].player == "Боря" and found[0].trick == 2
    assert "2" in found[0].text("ru") and "3" in found[0].text("ru")
    assert s.game.summarize(s.state).revokes == {"Боря": 1}


def test_undo_redo_and_a_correction_say_what_changed(tmp_path):
    store, s = new(tmp_path)
    play_suits_deal(s)
    v = s.game
    assert s.undo().ok and v.phase() == "bank"
    assert s.redo().ok and v.totals() == SUITS_DEAL_TOTALS
    # the bank entered by hand, two cards per player (the older entry)
    assert v.reopen_bank().ok and v.bank(SUITS_DEAL_BANK)[0].ok
    # correct trick 11: Вика led 10♣, Гоша 7♣, Аня 8♣, Боря 9♣ → say Боря played К♣ instead of 9♣:
    # Боря takes trick 11 (К♣ highest club, RM-WIN): 4 tricks; Аня keeps the most (5) and the bank.
    # Боря: 23 + 7♣ 8♣ 10♣ each the second of its rank (he has ♦7 ♦8 ♦10) 2 + 2 + 2 + К♣ 2 = 31;
    # Вика loses ♣7 8 9 10, 1 each: 23 − 4 = 19. The bank (still naming К♣) is scored as entered, and
    # the set shows К♣ twice and 9♣ nowhere (RM-COMP).
    idx = next(e["index"] for e in s.entries() if e["action"] == {"type": "play", "card": "clubs-9"})
    out = s.edit(idx, {"type": "play", "card": "clubs-K"})
    assert out.ok
    changes = {(c.key, c.params.get("player")): c.params for c in out.notice.changes}
    assert changes[("total", "Боря")]["new"] == 31 and changes[("total", "Вика")]["new"] == 19
    assert {v.code for v in v.violations()} == {"duplicate-card", "missing-cards"}
    assert v.totals() == {"Аня": 2623, "Боря": 31, "Вика": 19, "Гоша": 0}


def test_a_whole_set_to_the_winner_and_the_record_round_trip(tmp_path):
    sm = rm.simulate_set(random.Random(7), P, first_dealer=1, accept_rate=1.0, taken_rate=0.3)
    store = Store.open(tmp_path)
    s = Session(store)
    assert s.new_game(P, game=GAME, first_dealer=1).ok
    for a in sm.actions:
        out = s.do(json.loads(json.dumps(action_to_json(a, P))))
        assert out.ok, out.text()
    v = s.game
    assert v.totals() == dict(zip(P, sm.final.totals))
    assert v.over() and (v.winner() == (P[sm.final.winner] if sm.final.winner is not None else None))
    assert v.phase() == "over"
    summary = v.summarize(s.state)
    assert summary.players == tuple(P) and summary.variant == "russian"
    assert summary.scores == tuple(tuple(d.score.totals) for d in sm.final.deals)
    assert summary.totals == tuple(sm.final.totals)
    text = s.export_record()
    rec = json.loads(text)
    assert rec["format"] == "royal-mastheads/1" and rec["first_dealer"] == "Боря"
    assert s.finish().ok and not s.active
    other = Session(Store.open(tmp_path / "other"))  # another table's phone
    out = other.archive.import_record(text)
    assert out.ok, out.text()
    rows = other.archive.archived(GAME)
    assert len(rows) == 1 and rows[0]["summary"]["totals"] == list(sm.final.totals)


def test_a_shared_win_is_offered_and_either_choice_works(tmp_path):
    # ten deals of the suits deal rotated so that every player takes Аня's part in turn … is long;
    # instead: ten copies of a deal where Аня and Боря mirror each other — by taken cards
    store, s = new(tmp_path)
    v = s.game
    half = [c.id for c in rm.CARDS]
    for n in range(10):
        assert v.start_deal("hearts-7").ok
        # Аня and Боря alternate the rich half so that after 10 deals they are equal
        rich, poor = ("Аня", "Боря") if n % 2 == 0 else ("Боря", "Аня")
        owners = {}
        for i, c in enumerate(half):
            owners[c] = rich if i < 20 else poor if i < 40 else "Вика" if i < 44 else "bank"
        out = v.taken(owners)
        assert out.ok, out.text()
    assert v.phase() == "tie" and v.tied() == ("Аня", "Боря")
    assert not v.over() and v.winner() is None
    assert v.another_deal().ok and v.phase() == "deal" and v.deal_number() == 11
    assert s.undo().ok and v.phase() == "tie"
    assert v.accept_shared_win().ok and v.over() and v.shared_win() == ("Аня", "Боря")
    summary = v.summarize(s.state)
    assert summary.winner is None and summary.shared == ("Аня", "Боря")
    assert s.finish().ok


def test_history_positions_and_words(tmp_path):
    store, s = new(tmp_path)
    v = s.game
    assert v.start_deal("hearts-7").ok
    for c in SUITS_DEAL_TRICKS[0] + SUITS_DEAL_TRICKS[1][:1]:
        assert v.play(c)[0].ok
    es = s.entries()
    assert [(e["round"], e["trick"]) for e in es] == [(1, 0), (1, 1), (1, 1), (1, 1), (1, 1), (1, 2)]


def test_words_of_the_rulebook_bonuses_by_name_and_deals_not_rounds(tmp_path):
    """The screens word the rulebook (../shared/seeds/004_…): a bonus by its name with its ID after
    it («Три козыря: +25 (RM-BONUS-3T)», never «Премия RM-BONUS-3T» alone; in the original rules
    3T/4T are for mastheads, RUL-RM-VARIANT); a correction and a broken rule name the deal
    («Игра 1», «игра 1, взятка 2»), never a «Раунд»."""
    from companion.base import i18n
    from companion.core.game_view import Change
    from companion.royal_mastheads.screens.history import where_text
    from companion.widgets.records import change_text
    from companion.royal_mastheads.screens.parts import bonus_text
    try:
        i18n.set_language("ru")
        assert bonus_text("RM-BONUS-3T", 25) == "Три козыря: +25 (RM-BONUS-3T)"
        assert bonus_text("RM-BONUS-3T", 25, mastheads=True) == "Три мачтовые карты: +25 (RM-BONUS-3T)"
        assert bonus_text("RM-BONUS-TRUMP-ALL", 2000) == "Все козырные карты: +2000 (RM-BONUS-TRUMP-ALL)"
        assert bonus_text("RM-BONUS-FACE", 500) == "7–11 фигурных карт: +500 (RM-BONUS-FACE)"
        for rule, points in rm.BONUS_POINTS.items():  # every bonus row has a name in both languages
            for lg in ("ru", "en"):
                i18n.set_language(lg)
                text = bonus_text(rule, points)
                assert text.endswith(f": +{points} ({rule})") and not text.startswith(rule), text
        i18n.set_language("ru")
        line = change_text(Change("round-points", {"round": 1, "player": "Боря", "old": 23, "new": 31}), "royal-mastheads")
        assert line == "Игра 1: у игрока Боря теперь 31 (было: 23)."
        store, s = new(tmp_path)
        v = s.game
        assert v.start_deal("hearts-7").ok
        for c in SUITS_DEAL_TRICKS[0] + ["hearts-6", "spades-2", "spades-3", "spades-4", "spades-5", "hearts-K"]:
            assert v.play(c)[0].ok
        (revoke,) = v.violations()  # Боря's revoke of trick 2, proven in trick 3 (RUL-RM-REVOKE)
        assert where_text(revoke) == "игра 1, взятка 2"
        assert all("аунд" not in x for x in (line, where_text(revoke)))
        i18n.set_language("en")
        assert bonus_text("RM-BONUS-4T", 50) == "Four trumps: +50 (RM-BONUS-4T)"
        assert where_text(revoke) == "deal 1, trick 2"
    finally:
        i18n.set_language("ru")
