"""The league in the phone edition (issue 42): openskill's pure-Python sources run under Pyodide.
On the run's one build (``site``), one page load: two games are filed through the store from
the page's own Python, the league opens from home with the ratings worked out by hand
(tests/test_league.py: A ahead of B → 1053 and 947). Then the time of the league of 1,000 games
in the page's Python is printed against the floor of reading their summaries (figures, not
asserted: the issue's target is ≤ 1 s)."""
from __future__ import annotations

import json
import sys

import pytest

from companion.base import ids

from .conftest import REPO
from .phone import Phone

sys.path.insert(0, str(REPO / "scripts"))  # bench_history.worker: the page's Python

pytestmark = pytest.mark.e2e

FILE_GAMES = """
import json
from companion.base import platform
from companion.store.repository import Store
store = Store.open()
added = store.import_archive(json.loads(KITY_ARCHIVE))
await platform.wait_saved()
list(added)
"""

TIME_LEAGUE = """
import random, time, json
from companion.league.ratings import compute
from companion.core.summary import Summary
rng = random.Random(42)
people = ["A%d" % i for i in range(10)]
rows = []
for i in range(1000):
    players = rng.sample(people, rng.randint(3, 5))
    rounds = [[rng.randint(0, 20) for _ in players] for _ in range(rng.randint(3, 12))]
    totals = [sum(r[j] for r in rounds) for j in range(len(players))]
    rows.append({"game_id": "g%d" % i, "seq": i + 1, "status": "finished", "players": players,
                 "summary": {"players": players, "rounds": rounds, "totals": totals,
                             "winner": players[totals.index(max(totals))],
                             "ended": "2026-%02d-%02dT20:00:00+03:00" % (1 + i // 84, 1 + i % 28)}})
t = time.perf_counter()
for r in rows:
    Summary.from_json(r["summary"])
floor = (time.perf_counter() - t) * 1000
t = time.perf_counter()
lg = compute(rows)
league = (time.perf_counter() - t) * 1000
json.dumps([round(floor), round(league), len(lg.games)])
"""


def _game(i, players, totals, winner, ended):
    summary = {"players": players, "rounds": [totals], "totals": totals, "winner": winner, "ended": ended}
    return {"game_id": f"phone{i}", "seq": i + 1, "status": "finished", "meta": {"players": players},
            "actions": [], "redo": [], "record": None, "summary": summary}


def test_the_league_opens_in_the_phone_edition(pw, site, tmp_path, request):
    from bench_history import worker

    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        archive = {"format": "kity-archive/1", "games": [
            _game(0, ["Аня", "Боря"], [31, 20], "Аня", "2026-11-20T21:00:00+03:00")]}
        py = worker(ui.page)
        added = py.evaluate("""async ([code, data]) => { self.pyodide.globals.set("KITY_ARCHIVE", data);
                                                         return await self.pyodide.runPythonAsync(code); }""",
                            [FILE_GAMES, json.dumps(archive, ensure_ascii=False)])
        assert list(added) == [1, 0]
        ui.tap_id(ids.HOME_LEAGUE)
        ui.wait_text(ids.league_value(1, "rating"), "1053", timeout=30000)
        assert ui.read(ids.league_value(1, "name")) == "Аня" and ui.read(ids.league_value(2, "rating")) == "947"
        ui.shot("phone-league")
        floor, league, n = json.loads(py.evaluate("async (code) => await self.pyodide.runPythonAsync(code)",
                                                  TIME_LEAGUE))
        assert n == 1000
        print(f"\nphone edition, 1,000 games: league {league} ms against the floor {floor} ms "
              "(reading their summaries); target ≤ 1,000 ms")
    finally:
        phone.close(ui)
