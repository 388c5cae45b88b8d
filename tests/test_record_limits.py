"""Issue 17 §3: the app never keeps what its own records refuse.

Each game's record reader refuses more than a number of rounds, parties, deals or turns
(``engine/<game>/record.py`` ``Limits``). The engine refuses the entry that would pass the same
limit (one constant in ``engine/<game>/game.py``, used by both): at the limit the table is told
why, calmly, and the game can still be stopped (or finished) and a new one started; the export
of the full game passes ``python -m engine replay`` (exit 0 or 1) and the app's own import.

Every game is played to its limit through the session (the log written at once, then folded
by a fresh session as after a restart: fast, no browser), then one entry more is tried.
"""
from __future__ import annotations

import pytest

from engine import kalmar as kl
from engine import royal_mastheads as rm
from engine.kalmar.record import LIMITS as KL_LIMITS
from engine.kalmar.record import action_to_json as kl_json
from engine.kozyrnye_kity.record import LIMITS as KITY_LIMITS
from engine.royal_mastheads.cards import parse_card
from engine.royal_mastheads.actions import action_to_json as rm_json
from engine.royal_mastheads.record import LIMITS as RM_LIMITS
from engine.vzhuh.record import LIMITS as VZ_LIMITS

from companion.ui.session import Session
from companion.store.repository import Store

from engine_helpers import run_cli

P3 = ["Аня", "Боря", "Вика"]
P4 = ["Аня", "Боря", "Вика", "Гоша"]


# --- the logs: each reaches its game's limit with legal entries --------------------------------
def kity_log() -> tuple[list[dict], dict]:
    """Score pad: 200 rounds of 0 pearls each — nobody ever reaches the target (R-END)."""
    tally = {"type": "tally", "tally": {p: {"pearls": 0, "unused_bonuses": 0} for p in P3}}
    return [dict(tally) for _ in range(200)], tally


def vzhuh_log() -> tuple[list[dict], dict]:
    """100 parties of 0 penalty points each: everybody shares the lowest total, so extra parties
    go on (VZ-TIE, RUL-VZ-TIE)."""
    party = {"type": "party", "penalties": {p: {"points": 0} for p in P3}}
    return [dict(party) for _ in range(100)], party


def _rm_tie_deal() -> list:
    """A deal entered by taken cards in which Аня, Боря and Вика score alike (3 tricks each)."""
    def cs(*ids):
        return tuple(parse_card(i) for i in ids)

    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    taken = ([f"spades-{r}" for r in ranks[:12]], [f"hearts-{r}" for r in ranks[:12]],
             [f"diamonds-{r}" for r in ranks[:12]], [f"clubs-{r}" for r in ranks[1:9]])
    bank = ["spades-K", "hearts-K", "diamonds-K", "clubs-K", "clubs-A", "clubs-10", "clubs-J", "clubs-Q"]
    return [rm.StartDeal(parse_card("clubs-K")), rm.TakenCards(tuple(cs(*t) for t in taken), cs(*bank))]


def rm_log() -> tuple[list[dict], dict]:
    """30 deals: 10, then RUL-RM-SET-TIE's extra deals, each one a tie at the top again."""
    s = rm.new_set(P4, 0)
    acts = []
    for k in range(30):
        if k >= 10:
            acts.append(rm.PlayAnotherDeal())
            s = rm.apply(s, acts[-1])
        for a in _rm_tie_deal():
            s = rm.apply(s, a)
            acts.append(a)
    assert len(s.deals) == 30 and rm.tied(s)
    return [rm_json(a, P4) for a in acts], rm_json(rm.PlayAnotherDeal(), P4)


def kalmar_log() -> tuple[list[dict], dict]:
    """2,000 turns of «drew one, does not fit, pass» (KL-DRAW) in the first game."""
    s = kl.new_game(P3, 0, kl.parse_card("crimson-5"))
    out = []
    for _ in range(2000):
        a = kl.DrawAndPass(s.players[s.turn])
        s = kl.apply(s, a)
        out.append(kl_json(a, P3))
    return out, kl_json(kl.DrawAndPass(s.players[s.turn]), P3)


GAMES = {
    # game: (players, options, log builder, the record's limit, the note cited)
    "kozyrnye-kity": (P3, {"target": 30, "mode": "pad"}, kity_log, KITY_LIMITS.max_rounds, "N-RECORD-LIMIT"),
    "vzhuh": (P3, {}, vzhuh_log, VZ_LIMITS.max_parties, "N-VZ-RECORD-LIMIT"),
    "royal-mastheads": (P4, {}, rm_log, RM_LIMITS.max_deals, "N-RM-RECORD-LIMIT"),
    "kalmar": (P3, {"first_card": "crimson-5"}, kalmar_log, KL_LIMITS.max_turns, "N-KL-RECORD-LIMIT"),
}


def test_the_limits_are_the_issues():
    """The numbers the issue names (and «Королевское наказание»'s own): read by hand from
    engine/<game>/record.py before the fix."""
    assert (KITY_LIMITS.max_rounds, VZ_LIMITS.max_parties, RM_LIMITS.max_deals, KL_LIMITS.max_turns) == (200, 100, 30, 2000)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_at_its_record_limit_refuses_the_next_entry_and_stays_exportable(tmp_path, game):
    players, options, build, limit, note = GAMES[game]
    log, one_more = build()
    store = Store.open(tmp_path)
    s = Session(store)
    s.choose_game(game)
    assert s.new_game(players, game=game, **options).ok
    store.replace_log(s.game_id, s.revision, log, [])
    store.close()
    store = Store.open(tmp_path)
    s = Session(store)  # as after a restart: the whole log folded again, entry by entry
    assert s.active and s.kind == game and len(s.log) == len(log) and s.skipped == ()

    out = s.do(one_more)  # one more than the record holds
    assert not out.ok
    ru, en = out.text("ru"), out.text("en")
    assert f"{limit}" in ru and note in ru and "Запись игры заполнена" in ru
    assert f"{limit}" in en and note in en and "record is full" in en
    assert len(s.log) == len(log)  # nothing kept

    exported = s.export_record()
    proc = run_cli("replay", "-", stdin=exported, timeout=120)
    assert proc.returncode in (0, 1), proc.stdout.decode()[-2000:] + proc.stderr.decode()[-2000:]
    imported = s.archive.import_record(exported)
    assert imported.ok, imported.text("en")

    assert s.abandon().ok  # the game stops, it stays in the history
    assert sorted(r.get("status") for r in s.archive.archived()) == ["abandoned", "imported"]
    assert s.new_game(players, game=game, **options).ok  # and a new one starts
    assert s.active and len(s.log) == 0


def test_kalmar_sitting_holds_200_games_and_refuses_the_201st():
    """N-KL-RECORD-LIMIT on the sitting: the record holds at most 200 games (Limits.max_games)."""
    from engine.core.errors import IllegalAction

    assert KL_LIMITS.max_games == 200
    s = kl.new_game(P3, 0, kl.parse_card("crimson-5"))
    nxt = kl.NextGame(kl.parse_card("green-1"))
    for _ in range(199):  # unfinished games: a violation each in a replay, still held
        s = kl.apply(s, nxt, strict=False)
    assert s.game == 200
    for strict in (True, False):
        with pytest.raises(IllegalAction) as e:
            kl.apply(s, nxt, strict=strict)
        assert (e.value.code, e.value.rule) == ("record-full", "N-KL-RECORD-LIMIT")
        assert "200" in e.value.text("ru") and "игр за вечер" in e.value.text("ru")


def test_royal_mastheads_refuses_a_31st_deal_however_it_is_started():
    """N-RM-RECORD-LIMIT: after 30 deals a tie still has its shared win (RUL-RM-SET-TIE), but no
    extra deal — neither by «play another deal» nor by starting one."""
    from engine.core.errors import IllegalAction

    s = rm.new_set(P4, 0)
    for k in range(30):
        if k >= 10:
            s = rm.apply(s, rm.PlayAnotherDeal())
        for a in _rm_tie_deal():
            s = rm.apply(s, a)
    for action in (rm.PlayAnotherDeal(), rm.StartDeal(parse_card("clubs-K"))):
        with pytest.raises(IllegalAction) as e:
            rm.apply(s, action)
        assert (e.value.code, e.value.rule) == ("record-full", "N-RM-RECORD-LIMIT")
        assert "30" in e.value.text("en") and "deals" in e.value.text("en")
    assert rm.apply(s, rm.AcceptSharedWin()).over  # the set can still end


def test_kalmar_sitting_refuses_the_10001st_turn_entry_and_its_record_fits_4_mib():
    """N-KL-RECORD-LIMIT on the whole sitting: 200 games of up to 2,000 turns could pass the
    record's 4 MiB, so the sitting holds at most 10,000 turn entries (Limits.max_entries, the
    same constant at entry). The fullest sitting, with 40-letter names (MAX_NAME) and the
    longest entries (a swap names two players), exports within 4 MiB and reads back; one entry
    more in the record is refused by the reader."""
    import json

    from engine.core.errors import IllegalAction, RecordError
    from engine.core.reading import MAX_NAME
    from engine.kalmar.record import parse_record, read_record

    assert KL_LIMITS.max_entries == 10_000
    names = [("Ж" * (MAX_NAME - 1)) + c for c in "АБВ"]
    s = kl.new_game(names, 0, kl.parse_card("crimson-5"))
    games: list[list[dict]] = [[]]
    for k in range(10_000):
        if k and k % 1900 == 0:  # a next game (left unfinished: a violation in a replay, still held)
            s = kl.apply(s, kl.NextGame(kl.parse_card("green-1")), strict=False)
            games.append([])
        a = kl.DrawAndPass(s.players[s.turn])
        s = kl.apply(s, a)
        games[-1].append(kl_json(a, names))
    assert s.entries == 10_000 and s.game == 6 and s.moves == 500
    with pytest.raises(IllegalAction) as e:
        kl.apply(s, kl.DrawAndPass(s.players[s.turn]))
    assert (e.value.code, e.value.rule) == ("record-full", "N-KL-RECORD-LIMIT")
    assert "10000" in e.value.text("ru") and "ходов за вечер" in e.value.text("ru")

    # the longest entry there is: a swap naming two 40-letter players, every turn of it
    swap = {"act": "play", "player": names[0], "card": "swap", "with": names[1]}
    record = {"format": "kalmar/1", "players": names,
              "games": [{"dealer": names[0], "first_card": "crimson-5", "turns": [swap] * 2000} for _ in range(5)]}
    text = json.dumps(record, ensure_ascii=False)
    assert len(text.encode("utf-8")) <= KL_LIMITS.max_bytes
    assert sum(len(g.turns) for g in read_record(text).games) == 10_000
    record["games"].append({"dealer": names[0], "first_card": "crimson-5", "turns": [swap]})
    with pytest.raises(RecordError) as r:
        parse_record(record, KL_LIMITS)
    assert "10000" in r.value.text("en") or "10001" in r.value.text("en")
