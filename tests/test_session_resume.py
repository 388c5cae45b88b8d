"""Issue 19, point 4: a stopped game can be continued from the history (``LogSession.resume``,
``Store.resume_archived``): it comes back as the running game with its log and its redo stack,
only when no other game runs, never twice, and a kill half-way leaves it either resumed or still
stopped — never lost, never both."""
from __future__ import annotations

import json

import pytest

from companion.ui.session import Session
from companion.store.repository import Store
from companion.vzhuh.view import penalty_json

P = ["Оля", "Маша", "Петя"]


def pts(n):
    return penalty_json(points=n)


@pytest.fixture
def store(tmp_path):
    st = Store.open(tmp_path / "data")
    yield st
    st.close()


def stopped_game(s: Session) -> str:
    """A «Вжух!» game of two parties (and one undone, so redo holds it), then stopped."""
    assert s.new_game(P, game="vzhuh", first="Оля").ok
    assert s.game.record_party({"Оля": pts(10), "Маша": pts(20), "Петя": pts(0)}).ok
    assert s.game.record_party({"Оля": pts(5), "Маша": pts(0), "Петя": pts(7)}).ok
    assert s.game.record_party({"Оля": pts(3), "Маша": pts(4), "Петя": pts(5)}).ok
    assert s.undo().ok
    game_id = s.game_id
    assert s.abandon().ok and not s.active
    assert [r["status"] for r in s.archive.archived()] == ["abandoned"]
    return game_id


def test_resume_a_stopped_game_brings_back_its_log_and_redo(store):
    s = Session(store)
    game_id = stopped_game(s)
    out = s.resume(game_id)
    assert out.ok and s.active and s.kind == "vzhuh" and s.game_id == game_id
    assert s.players == tuple(P)
    # 10+5 = 15, 20+0 = 20, 0+7 = 7 (VZ-SCORE): the two parties that counted
    assert s.game.totals() == {"Оля": 15, "Маша": 20, "Петя": 7}
    assert len(s.log) == 2 and len(s.redo_log) == 1
    assert s.archive.archived() == []  # it left the history: it is the running game now
    assert store.current().game_id == game_id
    # the table plays on: the redo brings back the third party (3, 4, 5)
    assert s.redo().ok and s.game.totals() == {"Оля": 18, "Маша": 24, "Петя": 12}
    # and stopping it again files it under the same number
    assert s.abandon().ok and [r["status"] for r in s.archive.archived()] == ["abandoned"]


def test_resume_is_refused_while_another_game_runs(store):
    s = Session(store)
    game_id = stopped_game(s)
    assert s.new_game(["Аня", "Боря"], game="vzhuh", first=0).ok
    other = s.game_id
    out = s.resume(game_id)
    assert not out.ok and out.notice.key == "session.game-running"
    assert s.game_id == other and [r["game_id"] for r in s.archive.archived()] == [game_id]  # nothing moved
    assert store.resume_archived(game_id) is None  # the store refuses it too (compare-and-swap)


def test_a_finished_game_is_not_resumed(store):
    s = Session(store)
    assert s.new_game(["Аня", "Боря"], game="vzhuh", first=0).ok
    # the game is three parties (VZ-GAME): Аня 10+10+10 = 30, Боря 0 wins
    for _ in range(3):
        assert s.game.record_party({"Аня": pts(10), "Боря": pts(0)}).ok
    assert s.finish().ok
    row = s.archive.archived()[0]
    out = s.resume(row["game_id"])
    assert not out.ok and out.notice.key == "session.not-resumable" and not s.active
    assert s.resume("no-such-game").notice.key == "session.not-resumable"
    assert s.resume("../../etc").notice.key == "session.not-resumable"
    assert store.current() is None and len(s.archive.archived()) == 1


def test_another_device_sees_the_resumed_game(store):
    a, b = Session(store), Session(store)
    game_id = stopped_game(a)
    b.sync()
    assert a.resume(game_id).ok
    assert b.sync() and b.active and b.game_id == game_id and len(b.log) == 2
    # the second device cannot resume it again: it is running
    assert not b.resume(game_id).ok


def test_resume_survives_a_restart_and_a_kill_between_the_two_writes(tmp_path):
    root = tmp_path / "data"
    store = Store.open(root)
    s = Session(store)
    game_id = stopped_game(s)
    archived_file = root / "archive" / f"{game_id}.json"
    saved = archived_file.read_text()
    assert s.resume(game_id).ok
    store.close()
    # after a restart the resumed game is the running one, not in the history
    store = Store.open(root)
    s2 = Session(store)
    assert s2.active and s2.game_id == game_id and len(s2.log) == 2 and s2.archive.archived() == []
    store.close()
    # a kill after the current game was written but before the archive copy was removed: the
    # start-up check files it back as stopped (the same log): stopped, once, nothing lost
    archived_file.write_text(saved)
    store = Store.open(root)
    s3 = Session(store)
    assert not s3.active
    rows = s3.archive.archived()
    assert [r["game_id"] for r in rows] == [game_id] and rows[0]["status"] == "abandoned"
    assert len(json.loads(s3.archive.export_archived(game_id))["parties"]) == 2
    assert s3.resume(game_id).ok and len(s3.log) == 2
    store.close()
