"""Saved games from before the games core keep loading unchanged.

tests/fixtures/before-games-core/ was written by the code of the commit before the reshape
(6eb4cf1): a data folder (a finished full game, an abandoned score-pad game, a game in progress
with an undo waiting to be redone, the user's deck facts) and the finished game's exported
record; expected.json holds what that code showed for them. Today's code must read the same
folder and record and show the same.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.ui.session import Session
from companion.store.repository import Store

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "before-games-core"
REPO = Path(__file__).resolve().parents[1]
EXPECTED = json.loads((FIXTURE / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture
def session(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURE / "data", data)
    store = Store.open(data)
    yield Session(store)
    store.close()


def test_the_game_in_progress_resumes_as_it_was(session):
    cur = EXPECTED["current"]
    assert session.active and session.kind == "kozyrnye-kity"
    assert list(session.players) == cur["players"]
    assert len(session.log) == cur["log"] and len(session.redo_log) == cur["redo"]
    assert session.game.totals() == cur["totals"]
    assert session.game.round_points() == cur["round_points"]
    assert session.game.to_act() == cur["to_act"]
    assert session.game.phase().value == cur["phase"]
    assert len(session.game.unseen_cards()) == cur["unseen"]
    assert not session.skipped and session.question is None and session.notice is None
    assert session.redo().ok and len(session.log) == cur["log"] + 1  # the waiting redo still applies


def test_the_archive_lists_the_old_games(session):
    rows = [(r["status"], r["summary"].get("winner"), r["summary"].get("totals")) for r in session.archive.archived()]
    assert rows == [tuple(x) for x in EXPECTED["current"]["archived"]]
    assert session.archive.archived("kozyrnye-kity") == session.archive.archived()  # old games are whale games
    assert session.archive.archived("vzhuh") == []
    finished = [r for r in session.archive.archived() if r["status"] == "finished"][0]
    exported = json.loads(session.archive.export_archived(finished["game_id"]))
    # archived when it was finished: the record exported before, plus the time it ended
    assert exported.pop("ended") == "2026-11-20T20:10:00+03:00"
    assert exported == json.loads((FIXTURE / "record.json").read_text(encoding="utf-8"))


def test_the_old_record_imports_and_replays_the_same(session):
    text = (FIXTURE / "record.json").read_text(encoding="utf-8")
    out = session.archive.import_record(text)
    assert out.ok and out.notice.params["finished"] is True
    new = session.archive.archived()[0]
    fin = EXPECTED["finished"]
    assert new["status"] == "imported" and new["summary"]["winner"] == fin["winner"]
    assert dict(zip(new["summary"]["players"], new["summary"]["totals"])) == fin["totals"]
    run = subprocess.run([sys.executable, "-m", "engine", "replay", str(FIXTURE / "record.json"), "--json"],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["totals"] == fin["totals"]
