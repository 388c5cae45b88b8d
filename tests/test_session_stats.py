"""companion.league.stats.player_stats over the archive the Session writes."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from engine.kozyrnye_kity.record import actions_to_record, record_to_json
from engine.kozyrnye_kity.simulate import RevokeAt

from companion.ui.session import Session
from companion.league.stats import player_stats
from companion.store.repository import Store

from test_session_helpers import drive, json_actions, sim


def summary(players, rounds, winner=None, revokes=None):
    return {"players": players, "target": 30, "mode": "pad", "rounds": rounds,
            "totals": [sum(r[i] for r in rounds) for i in range(len(players))], "winner": winner,
            "revokes": revokes or {}}


def row(status, s):
    return {"game_id": "x", "seq": 1, "status": status, "players": s.get("players") if isinstance(s, dict) else [],
            "summary": s}


def test_hand_made_history():
    history = [
        row("finished", summary(["A", "B"], [[3, 5], [8, 1]], "A")),
        row("abandoned", summary(["A", "C"], [[10, 2]], "A")),       # a winner, but abandoned: no win
        row("imported", summary(["B", "C", "A"], [[4, 4, 0]], "B", {"C": 2, "A": 1})),
        row("finished", summary(["C", "B"], [], None)),              # no round played yet
    ]
    st_ = player_stats(history)
    assert st_["A"] == {"games": 3, "wins": 1, "rounds": 4, "points": 21, "avg_round_points": 21 / 4,
                        "best_round": 10, "revokes": 1}
    assert st_["B"] == {"games": 3, "wins": 1, "rounds": 3, "points": 10, "avg_round_points": 10 / 3,
                        "best_round": 5, "revokes": 0}
    assert st_["C"] == {"games": 3, "wins": 0, "rounds": 2, "points": 6, "avg_round_points": 3.0,
                        "best_round": 4, "revokes": 2}
    assert player_stats([]) == {}


def test_bare_summaries_and_damaged_rows():
    st_ = player_stats([
        summary(["A", "B"], [[1, 2]], "B"),                      # a bare summary: a finished game
        row("abandoned", {}),                                     # an unreadable game kept aside
        row("finished", {"players": "AB"}), row("finished", None), None, 7,
        row("finished", {"players": ["A", "A"], "rounds": [[1, 1]], "winner": "A"}),
        row("finished", {"players": ["A", "B"], "rounds": [[1], "x", [True, 2], [2, 3]], "winner": "Z",
                         "revokes": {"Z": 4, "A": -1, "B": "2"}}),
    ])
    assert st_ == {
        "A": {"games": 2, "wins": 0, "rounds": 2, "points": 3, "avg_round_points": 1.5, "best_round": 2, "revokes": 0},
        "B": {"games": 2, "wins": 1, "rounds": 2, "points": 5, "avg_round_points": 2.5, "best_round": 3, "revokes": 0},
    }


def test_over_games_played_through_the_session(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    # a score-pad game won by Миша
    s.new_game(["Лена", "Миша"], target=10, mode="pad")
    s.game.tally_round({"Лена": (3, 1), "Миша": (6, 2)})   # 3, 7
    s.game.tally_round({"Лена": (2, 0), "Миша": (4, 1)})   # 2, 4: totals 5, 11
    assert s.finish().ok
    # a full game, played to its winner
    players = ["Лена", "Миша", "Ёжик"]
    sm, prof = sim(3, players)
    s.new_game(players)
    drive(s, json_actions(sm), prof)
    full_points = s.game.points_by_round()
    full_winner = s.winner()
    assert s.finish().ok
    # an abandoned game
    s.new_game(["Лена", "Ёжик"], target=30, mode="pad")
    s.game.tally_round({"Лена": (9, 0), "Ёжик": (1, 0)})
    assert s.abandon().ok
    # an imported record with a revoke
    sm2, _ = sim(9, players, revoke_at=RevokeAt(1, 2))
    out = s.archive.import_record(json.dumps(record_to_json(actions_to_record(sm2.start, sm2.actions))))
    assert out.ok
    revoker = sm2.start.players[sm2.revoke[2]]
    imported_points = [dict(zip(players, r.points)) for r in sm2.final.rounds]
    imported_winner = players[sm2.final.winner]

    st_ = player_stats(s.archive.archived())

    rounds = {"Лена": [3, 2] + [r["Лена"] for r in full_points] + [9] + [r["Лена"] for r in imported_points],
              "Миша": [7, 4] + [r["Миша"] for r in full_points] + [r["Миша"] for r in imported_points],
              "Ёжик": [r["Ёжик"] for r in full_points] + [1] + [r["Ёжик"] for r in imported_points]}
    wins = {p: (p == "Миша") + (p == full_winner) + (p == imported_winner) for p in players}
    for p in players:
        e = st_[p]
        assert e["games"] == {"Лена": 4, "Миша": 3, "Ёжик": 3}[p]
        assert e["wins"] == wins[p]
        assert e["rounds"] == len(rounds[p]) and e["points"] == sum(rounds[p])
        assert e["best_round"] == max(rounds[p])
        assert e["avg_round_points"] == pytest.approx(sum(rounds[p]) / len(rounds[p]))
        assert e["revokes"] == (1 if p == revoker else 0)


NAMES = st.sampled_from(["A", "B", "C", "D", "E"])


@st.composite
def history(draw):
    rows = []
    for _ in range(draw(st.integers(0, 8))):
        players = draw(st.lists(NAMES, min_size=2, max_size=4, unique=True))
        rounds = draw(st.lists(st.lists(st.integers(0, 15), min_size=len(players), max_size=len(players)), max_size=5))
        winner = draw(st.none() | st.sampled_from(players))
        status = draw(st.sampled_from(["finished", "abandoned", "imported"]))
        revokes = draw(st.dictionaries(st.sampled_from(players), st.integers(1, 3), max_size=2))
        rows.append(row(status, summary(players, rounds, winner, revokes)))
    return rows


@settings(max_examples=100, deadline=None)
@given(history())
def test_properties(rows):
    st_ = player_stats(rows)
    assert set(st_) == {p for r in rows for p in r["summary"]["players"]}
    won = sum(1 for r in rows if r["status"] != "abandoned" and r["summary"]["winner"])
    assert sum(e["wins"] for e in st_.values()) == won
    assert sum(e["points"] for e in st_.values()) == sum(sum(r["summary"]["totals"]) for r in rows)
    for e in st_.values():
        assert 0 <= e["wins"] <= e["games"]
        if e["rounds"]:
            assert e["avg_round_points"] * e["rounds"] == pytest.approx(e["points"])
            assert e["best_round"] >= e["avg_round_points"]
        else:
            assert e["avg_round_points"] is None and e["best_round"] is None
