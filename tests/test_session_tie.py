"""Session.tied_at_top(): the top of the totals tied at or above the target after a complete
round (R-END, RUL-WINNER-MANY), the answer the round-end screen shows instead of comparing
totals with the target itself."""
from __future__ import annotations


from companion.ui.session import Session
from companion.store.repository import Store

from test_session_helpers import drive, json_actions, sim


def tally(s: Session, **per: tuple[int, int]):
    out = s.game.tally_round(per)
    assert out.ok, out
    return out


def test_no_game_no_round_no_tie(tmp_path):
    s = Session(Store.open(tmp_path))
    assert s.game.tied_at_top() == ()
    assert s.new_game(["A", "B", "C"], target=10, mode="pad").ok
    assert s.game.tied_at_top() == ()  # no round yet


def test_tie_at_top_only_at_or_above_the_target(tmp_path):
    s = Session(Store.open(tmp_path))
    assert s.new_game(["A", "B", "C"], target=10, mode="pad").ok
    tally(s, A=(6, 0), B=(5, 2), C=(2, 1))          # 6, 6, 2: tied at the top but below 10
    assert s.game.tied_at_top() == ()
    tally(s, A=(4, 0), B=(4, 0), C=(9, 0))          # 10, 10, 11: C alone is highest → C wins
    assert s.winner() == "C" and s.game.tied_at_top() == ()


def test_only_the_top_players_are_tied_not_all_who_reached_the_target(tmp_path):
    s = Session(Store.open(tmp_path))
    assert s.new_game(["A", "B", "C"], target=10, mode="pad").ok
    tally(s, A=(12, 0), B=(11, 0), C=(12, 0))       # 12, 11, 12: B reached 10 too, but is not tied
    assert s.winner() is None
    assert s.game.tied_at_top() == ("A", "C")
    tally(s, A=(1, 0), B=(2, 0), C=(1, 0))          # 13, 13, 13: all three tied at the top
    assert s.game.tied_at_top() == ("A", "B", "C")
    tally(s, A=(0, 0), B=(1, 0), C=(0, 0))          # 13, 14, 13: B wins
    assert s.winner() == "B" and s.game.tied_at_top() == ()


def test_undo_of_the_deciding_round_brings_the_tie_back(tmp_path):
    s = Session(Store.open(tmp_path))
    assert s.new_game(["A", "B"], target=5, mode="pad").ok
    tally(s, A=(6, 0), B=(5, 2))                    # 6 and 6: tie
    assert s.game.tied_at_top() == ("A", "B")
    tally(s, A=(0, 0), B=(1, 0))                    # B wins
    assert s.game.tied_at_top() == ()
    assert s.undo().ok
    assert s.game.tied_at_top() == ("A", "B")


def test_no_tie_while_a_round_is_played(tmp_path):
    players = ["Лена", "Миша", "Ёжик"]
    sm, prof = sim(12, players)
    actions = json_actions(sm)
    s = Session(Store.open(tmp_path))
    assert s.new_game(players, target=30, mode="full").ok
    drive(s, actions[:4], prof)                     # the first round has started
    assert s.state.round is not None
    assert s.game.tied_at_top() == ()
