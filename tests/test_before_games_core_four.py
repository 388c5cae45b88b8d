"""Saved games, archives and records of all four games load unchanged across issue 18.

tests/fixtures/before-games-core/<game>/ was written by make_fixtures.py (in that folder) with
the code before issue 18 («one contract»): a data folder with a finished game (the game's example
record entered through the session) and a game in progress whose last entry was corrected (an
edit) and with an undone entry waiting to be redone; the finished game's exported record; and
expected.json, what that code showed for them. Later code must read the same folders and
records and show the same. If a view's method is renamed, adapt ``shown`` below — never the
stored files or expected.json.

Besides the snapshot, each game has values worked out by hand from the rulebook digests
(../shared/rules/*.md) and the example records, in the comments of the last tests.
"""
from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.ui.session import Session
from companion.store.repository import Store

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "before-games-core"
GAMES = ("kozyrnye-kity", "vzhuh", "royal-mastheads", "kalmar")


def expected(game: str) -> dict:
    return json.loads((FIXTURES / game / "expected.json").read_text(encoding="utf-8"))


def record_text(game: str) -> str:
    return (FIXTURES / game / "record.json").read_text(encoding="utf-8")


def open_copy(tmp_path: Path, game: str) -> Session:
    data = tmp_path / game / "data"
    shutil.copytree(FIXTURES / game / "data", data)
    return Session(Store.open(data))


@pytest.fixture
def opened(tmp_path):
    sessions: list[Session] = []

    def _open(game: str) -> Session:
        sessions.append(open_copy(tmp_path, game))
        return sessions[-1]

    yield _open
    for s in sessions:
        s.store.close()


def shown(s: Session) -> dict:
    """What the session shows of the game in progress (as make_fixtures.py read it, minus the
    undo stack's length, which is checked by undoing)."""
    v = s.game
    out = {
        "kind": s.kind, "players": list(s.players), "log": len(s.log),
        "redo": len(s.redo_log), "skipped": list(s.skipped), "route": v.route(),
        "winner": s.winner(), "over": v.over(), "summary": summary_json(s),
        "log_entries": [dict(a) for a in s.log],
    }
    if s.kind == "kozyrnye-kity":
        out.update(totals=v.totals(), round_points=v.round_points(), to_act=v.to_act(),
                   phase=v.phase().value, unseen=len(v.unseen_cards()), trick_number=v.trick_number())
    elif s.kind == "vzhuh":
        out.update(totals=v.totals(), party_number=v.party_number(), next_starter=v.next_starter())
    elif s.kind == "royal-mastheads":
        lv = v.live()  # a frozen value; the fixture holds its JSON form
        out.update(totals=v.totals(), phase=v.phase(), deal_number=v.deal_number(),
                   live=json.loads(json.dumps(dataclasses.asdict(lv))) if lv is not None else None)
    elif s.kind == "kalmar":
        t = v.table()
        out.update(tally=v.tally(), turn=t.turn, clockwise=t.clockwise, colour=t.colour,
                   counts=dict(t.counts))
    return out


def summary_json(s: Session) -> dict:
    """The view's summary in its stored form. Before issue 18 «Вжух!»'s view left the ``game``
    key to the session, which added it when filing the game (see the archived rows of
    expected.json); the typed summary carries its game itself."""
    out = s.game.summarize(s.state).to_json()
    if s.kind == "vzhuh":
        assert out.pop("game") == "vzhuh"
    return out


def snapshot(d: dict) -> dict:
    return {k: v for k, v in d.items() if k != "undo"}


# ---------------------------------------------------------------------------------------------
# the snapshot of today's behaviour, for every game
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_game_in_progress_resumes_as_it_was(opened, game):
    s = opened(game)
    exp = expected(game)
    assert s.active and s.kind == game
    assert s.notice is None and s.question is None
    assert shown(s) == snapshot(exp["current"])
    assert s.can_undo and s.can_redo


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_the_correction_and_redo_brings_back_both_changes(opened, game):
    s = opened(game)
    exp = expected(game)
    log = [dict(a) for a in s.log]
    assert s.undo().ok  # the correction of the last entry: the wrong entry is back
    assert shown(s) == snapshot(exp["after_undo"])
    assert [dict(a) for a in s.log] == log[:-1] + [exp["wrong_entry"]]
    assert s.redo().ok  # the correction again
    assert [dict(a) for a in s.log] == log
    assert s.redo().ok  # the entry that was taken back
    assert shown(s) == snapshot(exp["after_undo_redo_redo"])
    assert not s.redo().ok and not s.can_redo


@pytest.mark.parametrize("game", GAMES)
def test_every_stored_change_undoes_back_to_the_empty_game(opened, game):
    s = opened(game)
    steps = expected(game)["current"]["undo"]  # entries added one by one, then one correction
    assert steps == len(s.log) + 1
    for _ in range(steps):
        assert s.undo().ok
    assert s.log == () and not s.undo().ok
    assert len(s.redo_log) == steps + 1


@pytest.mark.parametrize("game", GAMES)
def test_the_archive_lists_the_finished_game_with_its_summary(opened, game):
    s = opened(game)
    exp = expected(game)
    rows = [{k: r[k] for k in ("status", "players", "summary")} for r in s.archive.archived()]
    assert rows == exp["archived"]
    assert [r["game_id"] for r in s.archive.archived(game)] == [r["game_id"] for r in s.archive.archived()]
    for other in GAMES:
        if other != game:
            assert s.archive.archived(other) == []
    assert s.stats.archived_stats(game)  # statistics read the old summaries


@pytest.mark.parametrize("game", GAMES)
def test_exporting_the_archived_game_gives_its_record(opened, game):
    s = opened(game)
    row = s.archive.archived()[0]
    exported = json.loads(s.archive.export_archived(row["game_id"]))
    # archived when it was finished: the record exported just before, plus the time it ended
    assert exported.pop("ended") == row["summary"]["ended"]
    assert exported == json.loads(record_text(game))


@pytest.mark.parametrize("game", GAMES)
def test_the_record_imports_and_replays_with_the_same_totals(opened, game):
    s = opened(game)
    fin = expected(game)["finished"]
    out = s.archive.import_record(record_text(game))
    assert out.ok and out.notice.params == {"violations": 0, "finished": True}
    new = s.archive.archived()[0]
    assert new["status"] == "imported"
    assert {k: v for k, v in new["summary"].items() if k not in ("started", "game")} == \
        {k: v for k, v in fin["summary"].items() if k != "game"}
    assert s.active  # the game in progress is untouched
    run = subprocess.run([sys.executable, "-m", "engine", "replay", str(FIXTURES / game / "record.json"), "--json"],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert got["valid"] and got["finished"] and got["winner"] == fin["winner"]
    totals = got["tally"] if game == "kalmar" else got["totals"]
    assert totals == dict(zip(fin["summary"]["players"], fin["summary"]["totals"]))


# ---------------------------------------------------------------------------------------------
# values worked out by hand
# ---------------------------------------------------------------------------------------------
def test_kity_round_points_by_hand(opened):
    """Trick 1: Петя uses blue-3 (R-BONUS-FLIP: token 9 → 1) and leads narwhal-1, Маша plays
    narwhal-2; no orca (trump) is played, so the lowest narwhal wins (R-WIN-1): Петя, who takes
    Маша's narwhal-2 as reward, 3 pearls (R-REWARD-1; the rulebook's known fact). Trick 2: Петя's
    orca-6 is the only trump and wins; the reward is Маша's sperm-4 (3 pearls in the record's
    made-up deck). Маша keeps the chosen cards as bonuses (R-REWARD-2): with her own narwhal-9
    she has 2, then 3 unused bonuses = 1 point (R-SCORE-2: a point per pair); Петя used his only
    bonus. Resumed before the trick-2 reward: Маша 1, Петя 3; after it: Маша 1, Петя 3 + 3 = 6."""
    s = opened("kozyrnye-kity")
    assert s.game.round_points() == {"Маша": 1, "Петя": 3}
    assert s.game.to_act() is None and s.game.trick_winner() == "Петя"  # Петя chooses the reward
    assert s.undo().ok and s.redo().ok and s.redo().ok
    assert s.game.round_points() == {"Маша": 1, "Петя": 6}
    assert s.game.to_act() == "Петя"  # the trick winner leads the next trick (R-REWARD-4)
    assert expected("kozyrnye-kity")["finished"]["winner"] == "Маша"  # 38 ≥ 30 (R-END)


def test_vzhuh_totals_by_hand(opened):
    """VZ-SCORE: a party penalty is the sum of the penalty cards' numbers + 60 per joker.
    Party 1: Андрей 3+3+4+15+60 = 85, Тёма 0, Лена 3+10+12+60 = 85, Женя 3+3+5+10+15+60 = 96.
    Party 2: Андрей 3+5+10+10 = 28, Тёма 4×3+5+30 = 47, Лена typed 31 (first mistyped 13),
    Женя 3+3+4+4+5+6+10+10 = 45. Party 3: Андрей 3×3+5 = 14, Тёма 3+3+4+4+5+20 = 39,
    Лена 4×3+6+6 = 24, Женя 3+3+4+4+5+5+10+12 = 46. VZ-GAME: three parties, the lowest total wins."""
    s = opened("vzhuh")
    assert s.game.totals() == {"Андрей": 85 + 28, "Тёма": 47, "Лена": 85 + 31, "Женя": 96 + 45}
    assert s.undo().ok  # the correction taken back: Лена's 13 again
    assert s.game.totals()["Лена"] == 85 + 13
    assert s.redo().ok and s.redo().ok
    totals = {"Андрей": 85 + 28 + 14, "Тёма": 0 + 47 + 39, "Лена": 85 + 31 + 24, "Женя": 96 + 45 + 46}
    assert s.game.totals() == totals and s.winner() == "Тёма"
    assert s.archive.archived()[0]["summary"]["totals"] == [totals[p] for p in s.players]


def test_rm_running_points_by_hand(opened):
    """Deal 1: dealer Тёма, trump ♠ (the turned spades-3, RM-DEAL-2); Лена, left of the dealer,
    leads (RM-LEAD). No trump is played in tricks 1–3, so the highest card of the led suit wins
    (RM-WIN; Д > 10). Trick 1 Лена ♣Д, Женя ♣4, Андрей ♣10, Тёма ♣3: Лена takes Д 2 + 4, 10, 3
    at 1 each = 5 (RM-POINTS-NUM/FACE). Trick 2 Лена ♦10, Женя ♦Д, Андрей ♦9, Тёма ♦В: Женя,
    10 1 + Д 2 + 9 1 + В 2 = 6. Trick 3 Женя ♥В, Андрей ♥Д, Тёма ♥7, Лена ♥9: Андрей, 2+2+1+1 = 6;
    typed first in the order Андрей ♥7, Тёма ♥Д: Тёма would take those 6 points instead."""
    s = opened("royal-mastheads")
    live = s.game.live()
    assert live.points == {"Андрей": 6, "Тёма": 0, "Лена": 5, "Женя": 6}
    assert live.tricks == {"Андрей": 1, "Тёма": 0, "Лена": 1, "Женя": 1} and live.to_play == "Андрей"
    assert s.undo().ok
    live = s.game.live()
    assert live.points == {"Андрей": 0, "Тёма": 6, "Лена": 5, "Женя": 6} and live.to_play == "Тёма"


def test_kalmar_hands_by_hand(opened):
    """KL-SETUP-1: 8 cards each. The first 8 turns (dealer Женя, so Андрей starts, KL-START;
    clockwise, no reverse or skip among them) are 2 cards from every hand: 6 each, and the turn is
    Андрей's again; Женя's swap with Андрей exchanges 6 for 6 (KL-FX-SWAP). First entered as a
    draw-and-pass (KL-DRAW) instead: Женя 8 − 1 (crimson-7) + 1 drawn = 8, and Андрей is next.
    The finished game: one game, won by Андрей with his last card (yellow-0, KL-END), tally 1
    (RUL-KL-TALLY)."""
    s = opened("kalmar")
    t = s.game.table()
    assert t.counts == {"Андрей": 6, "Тёма": 6, "Лена": 6, "Женя": 6} and t.turn == "Андрей"
    assert s.undo().ok
    t = s.game.table()
    assert t.counts["Женя"] == 8 and t.turn == "Андрей"
    assert s.archive.archived()[0]["summary"]["winner"] == "Андрей"
    assert s.archive.archived()[0]["summary"]["totals"] == [1, 0, 0, 0]
