"""«Вжух!» through the app's log session (Flet-free): a game from the first party to the
archive, refusals with their rule, corrections, two devices, import and export. The numbers
are worked out by hand in the comments (VZ-SCORE, VZ-NEXT, RUL-VZ-NEXT-TIE, VZ-GAME, VZ-TIE)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.ui.session import Session
from companion.store.repository import Store
from companion.vzhuh.view import check_move, penalty_json

EXAMPLES = Path(__file__).resolve().parents[1] / "assets" / "examples" / "vzhuh"
P = ["Аня", "Боря", "Вика"]


def pts(n):
    return penalty_json(points=n)


def cards(jokers=0, **counts):
    return penalty_json({int(k[1:]): v for k, v in counts.items()}, jokers=jokers)


@pytest.fixture
def s(tmp_path):
    store = Store.open(tmp_path / "data")
    yield Session(store)
    store.close()


def test_a_whole_game_with_a_tie_to_the_archive(s):
    assert s.new_game(P, game="vzhuh", first="Боря").ok
    v = s.game
    assert s.kind == "vzhuh" and v.route() == "/vzhuh" and v.next_starter() == "Боря"  # VZ-SETUP-4
    # party 1: Аня 3+3+10 = 16, Боря 36, Вика 0
    assert v.record_party({"Аня": cards(n3=2, n10=1), "Боря": pts(36), "Вика": pts(0)}).ok
    assert v.totals() == {"Аня": 16, "Боря": 36, "Вика": 0} and v.next_starter() == "Боря"
    # party 2: Аня a joker = 60, Боря 5, Вика 30+30 = 60 → Аня and Вика tie for most: Вика is first
    # clockwise from Боря, who started party 2 (RUL-VZ-NEXT-TIE)
    assert v.record_party({"Аня": cards(jokers=1), "Боря": cards(n5=1), "Вика": cards(n30=2)}).ok
    assert v.totals() == {"Аня": 76, "Боря": 41, "Вика": 60} and v.next_starter() == "Вика"
    # party 3: Боря 19 → 76, 60, 60: a tie for the lowest, one more party (VZ-TIE)
    assert v.record_party({"Аня": pts(0), "Боря": pts(19), "Вика": pts(0)}).ok
    assert v.tied() == ("Боря", "Вика") and v.winner() is None and v.extra_party()
    no = s.finish()
    assert not no.ok and no.notice.params["rule"] == "VZ-GAME"  # the UI words it with that rule
    # party 4: 10, 3, 4 → 86, 63, 64: Боря wins
    assert v.record_party({"Аня": pts(10), "Боря": pts(3), "Вика": pts(4)}).ok
    assert v.winner() == "Боря" and v.standings() == [(1, "Боря", 63), (2, "Вика", 64), (3, "Аня", 86)]
    assert [p.starter for p in v.parties()] == ["Боря", "Боря", "Вика", "Боря"]
    assert s.finish().ok and not s.active
    row = s.archive.archived()[0]
    assert row["summary"]["game"] == "vzhuh" and row["summary"]["winner"] == "Боря"
    assert row["summary"]["rounds"] == [[16, 36, 0], [60, 5, 60], [0, 19, 0], [10, 3, 4]]
    assert s.archive.archived("vzhuh") == [row] and s.archive.archived("kozyrnye-kity") == []
    rec = json.loads(s.archive.export_archived(row["game_id"]))
    assert rec["format"] == "vzhuh/1" and rec["first"] == "Боря" and len(rec["parties"]) == 4


def test_refusals_name_their_rule_and_change_nothing(s):
    assert s.new_game(P, game="vzhuh", first=0).ok
    v = s.game
    three_30s = v.record_party({"Аня": cards(n30=2), "Боря": cards(n30=1), "Вика": pts(0)})
    assert not three_30s.ok and "VZ-COMP" in three_30s.text("ru")  # 2 cards of 30 in the deck
    assert not v.record_party({"Аня": pts(2), "Боря": pts(0), "Вика": pts(0)}).ok  # 2 cannot be made
    assert "VZ-CHECK" in v.party_problem({"Аня": pts(1), "Боря": pts(0), "Вика": pts(0)})
    assert not v.record_party({"Аня": pts(0), "Боря": pts(0)}).ok  # Вика missing (VZ-CHECK)
    assert s.log == () and v.party_number() == 1
    # the entry check judges a player's own penalty with the others' cards only
    assert v.entry_problem({"Аня": cards(n30=2), "Боря": cards(n30=1), "Вика": pts(0)}, "Боря") is not None
    assert v.entry_problem({"Аня": pts(2), "Боря": cards(n30=1), "Вика": pts(0)}, "Боря") is None
    assert v.cards_left({"Аня": cards(n30=1, jokers=2), "Боря": cards(n3=4)}) == (
        {3: 16, 4: 15, 5: 12, 6: 10, 10: 6, 12: 5, 15: 4, 20: 3, 30: 1}, 4)
    assert not s.new_game(["Один"], game="vzhuh").ok  # RUL-VZ-PLAYERS: 2–8


def test_VZ_CHECK_a_typed_penalty_is_checked_against_the_deck_left(s):
    """Аня's cards: both 30s and all three 20s (120 points); the deck left adds up to
    900 − 120 = 780. Боря types 779 (780 − 1: no card of 1 point) — refused at once with the rule
    and the cards left, in Russian and in English; 777 (all but one 3) is taken."""
    assert s.new_game(P, game="vzhuh", first=0).ok
    v = s.game
    party = {"Аня": cards(n30=2, n20=3), "Боря": pts(779), "Вика": pts(0)}
    problem = v.entry_problem(party, "Боря")
    assert problem is not None and "VZ-CHECK" in problem and "779" in problem and "780" in problem
    assert "осталось" in problem
    out = v.record_party(party)
    assert not out.ok and "VZ-CHECK" in out.text("en") and "other players" in out.text("en")
    assert s.log == ()
    party["Боря"] = pts(777)
    assert v.entry_problem(party, "Боря") is None
    assert v.record_party(party).ok and v.totals() == {"Аня": 120, "Боря": 777, "Вика": 0}


def test_undo_redo_and_a_correction_say_what_changed(s):
    assert s.new_game(P, game="vzhuh", first=0).ok
    v = s.game
    for party in ({"Аня": pts(10), "Боря": pts(0), "Вика": pts(5)},
                  {"Аня": pts(0), "Боря": pts(20), "Вика": pts(5)},
                  {"Аня": pts(4), "Боря": pts(3), "Вика": pts(5)}):
        assert v.record_party(party).ok
    assert v.totals() == {"Аня": 14, "Боря": 23, "Вика": 15} and v.winner() == "Аня"
    assert s.undo().ok and v.winner() is None and s.redo().ok and v.winner() == "Аня"
    # Аня had 20 in party 3, not 4: 30, 23, 15 → Вика wins
    out = s.edit(2, {"type": "party", "penalties": {"Аня": pts(20), "Боря": pts(3), "Вика": pts(5)}})
    assert out.ok and v.winner() == "Вика"
    kinds = {c.key for c in out.notice.changes}
    assert {"party-points", "total", "winner"} <= kinds


def test_a_second_device_follows(tmp_path):
    store = Store.open(tmp_path / "data")
    a, b = Session(store), Session(store)
    assert a.new_game(P, game="vzhuh", first=0).ok
    assert b.sync() and b.kind == "vzhuh" and b.game.next_starter() == "Аня"
    assert a.game.record_party({"Аня": pts(0), "Боря": pts(12), "Вика": pts(0)}).ok
    assert b.sync() and b.game.totals() == {"Аня": 0, "Боря": 12, "Вика": 0} and b.game.next_starter() == "Боря"
    stale = Session(store)
    stale.revision, stale._seen_generation = stale.revision - 1, -1  # as if it missed a write
    assert not stale.game.record_party({"Аня": pts(0), "Боря": pts(0), "Вика": pts(0)}).ok
    assert len(store.current().actions) == 1
    store.close()


@pytest.mark.parametrize("name", ["finished-three-parties.json", "tie-extra-party.json", "violation.json"])
def test_example_records_import_under_their_game(s, name):
    out = s.archive.import_record((EXAMPLES / name).read_text(encoding="utf-8"))
    assert out.ok
    row = s.archive.archived()[0]
    assert row["status"] == "imported" and row["summary"]["game"] == "vzhuh"
    assert (len(out.notice.changes) > 0) == (name == "violation.json")
    assert s.archive.archived("vzhuh") == [row]


def test_move_checker_verdicts():
    assert check_move(4, 4, "beat", with_number=10, with_count=2).ok            # 20 > 16 (VZ-BEAT)
    assert not check_move(4, 4, "beat", with_number=3, with_count=5).ok        # 15 < 16
    assert not check_move(4, 4, "beat", with_number=4, with_count=5).ok        # same number: a transfer
    assert check_move(10, 2, "transfer", with_count=1).ok                      # VZ-TRANSFER
    v = check_move(10, 3, "joker", joker="vzhuh", discard_has_needed=False)
    assert not v.ok and v.rule == "VZ-J-VZHUH"
    v = check_move(10, 3, "joker", joker="krabli", last_player=True)
    assert not v.ok and v.rule == "VZ-J-LAST"
