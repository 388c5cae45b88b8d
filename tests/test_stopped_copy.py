"""A phone's own copy of a table's game, kept stopped in its history (issue 50,
companion/session/aside.py), is not counted in the players' statistics: the parties it shares
with the table's game were counted twice once the table's game was filed too (noticed at stops
55-57). Continued and ended, the copy is a game of its own and counts."""
from __future__ import annotations


import pytest

from companion.league.stats import a_stopped_copy
from companion.session import aside
from companion.session.log_session import LogSession
from companion.store.repository import COPY_OF, Store
from companion.vzhuh.view import penalty_json

P = ["Аня", "Боря", "Вика"]


@pytest.fixture()
def s(tmp_path):
    session = LogSession(Store.open(str(tmp_path)))
    yield session
    session.store.close()


def _party(s, points) -> None:
    assert s.game.record_party({p: penalty_json(points=n) for p, n in zip(P, points)}).ok


def test_a_stopped_copy_is_left_out_and_the_tables_game_counts_once(s):
    assert s.new_game(P, game="vzhuh", first=P[0]).ok
    _party(s, [5, 0, 0])
    _party(s, [0, 4, 0])
    table = s.store.current()  # where the table was when this phone went on alone …
    _party(s, [0, 0, 9])       # … and what this phone entered alone
    copy_id = aside.keep_apart(s)
    assert copy_id and copy_id != table.game_id and s.store.current() is None
    # the table's game becomes this phone's game; the table plays party 3 and ends the game
    assert s.store.mirror_current(table)
    s.sync()
    _party(s, [5, 0, 0])
    assert s.finish().ok
    rows = s.archive.archived("vzhuh")
    copy = next(r for r in rows if r["game_id"] == copy_id)
    assert copy["status"] == "abandoned" and copy[COPY_OF] == table.game_id and a_stopped_copy(copy)
    assert len(rows) == 2  # both kept: nothing this phone entered is lost
    stats = s.stats.archived_stats("vzhuh")
    # the table's game alone: 1 game, 3 parties (before: 2 games and 6 parties, the first two twice)
    assert {p: (v["games"], v["rounds"], v["points"]) for p, v in stats.items()} == {
        "Аня": (1, 3, 10), "Боря": (1, 3, 4), "Вика": (1, 3, 0)}


def test_a_copy_continued_and_ended_is_a_game_of_its_own(s):
    assert s.new_game(P, game="vzhuh", first=P[0]).ok
    _party(s, [5, 0, 0])
    copy_id = aside.keep_apart(s)
    assert s.resume(copy_id).ok  # continued on purpose, from the history
    _party(s, [0, 4, 0])
    _party(s, [5, 0, 0])
    assert s.finish().ok
    row = next(r for r in s.archive.archived("vzhuh") if r["game_id"] == copy_id)
    assert row["status"] == "finished" and not a_stopped_copy(row)
    assert s.stats.archived_stats("vzhuh")["Боря"]["games"] == 1


def test_only_a_stopped_copy_is_left_out():
    base = {"game_id": "x", "status": "abandoned", "summary": {}}
    assert a_stopped_copy({**base, COPY_OF: "y"})
    assert not a_stopped_copy(base)  # any other stopped game was played: it counts
    assert not a_stopped_copy({**base, COPY_OF: "y", "status": "finished"})
    assert not a_stopped_copy({**base, COPY_OF: 7})  # not an id: no mark
