"""The league of 1,000 kept games (issue 42): prints figures, asserts nothing.

    .venv/bin/python scripts/bench_league.py [--games 1000] [--runs 5]

A data folder is filled with ``--games`` finished games of the four kinds (3–5 of 10 people,
seeded, spread over evenings) and the people made of their names. Timed, best and median of
``--runs``, in one run:

* floor: reading the history the league reads — ``Store.archived()`` rows and each row's
  summary through its codec (``Summary.from_json``), the least any league costs;
* league: :func:`companion.league.ratings.of_store` — the same reading, the ratings (two openskill
  Plackett–Luce updates per game: all games and its own), records and evenings.

Target (the issue): ≤ 300 ms on the computer for 1,000 games.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.league.ratings import of_store  # noqa: E402
from companion.store.repository import Store  # noqa: E402
from companion.core.summary import Summary  # noqa: E402

PEOPLE = ["Аня", "Боря", "Вика", "Гоша", "Даша", "Егор", "Женя", "Зоя", "Илья", "Катя"]
KINDS = [(None, False), ("vzhuh", True), ("kalmar", False), ("royal-mastheads", False)]


def fill(store: Store, n: int, rng: random.Random) -> None:
    games = []
    for i in range(n):
        kind, low = rng.choice(KINDS)
        players = rng.sample(PEOPLE, rng.randint(3, 5))
        rounds = [[rng.randint(0, 20) for _ in players] for _ in range(rng.randint(3, 12))]
        totals = [sum(r[j] for r in rounds) for j in range(len(players))]
        best = (min if low else max)(totals)
        day = f"2026-{1 + i // 250 % 12:02d}-{1 + i // 9 % 28:02d}"
        s = {"players": players, "rounds": rounds, "totals": totals, "winner": players[totals.index(best)],
             "ended": f"{day}T{18 + i % 5:02d}:{i % 60:02d}:00+03:00"}
        if kind:
            s["game"] = kind
        if low:
            s["low_wins"] = True
        games.append({"game_id": f"bench{i:05d}", "seq": i + 1, "status": "finished",
                      "meta": {"players": players, **({"game": kind} if kind else {})},
                      "actions": [], "redo": [], "record": None, "summary": s})
    # written as the store writes a kept game's file; the store's start-up lists them
    # (import_archive would rewrite the history list once per game)
    folder = Path(store.root) / "archive"
    for g in games:
        (folder / f"{g['game_id']}.json").write_text(json.dumps({"game": {"1": g}}, ensure_ascii=False),
                                                     encoding="utf-8")


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(tmp)
        t = time.perf_counter()
        fill(store, args.games, random.Random(42))
        store.close()
        store = Store.open(tmp)
        store.people_from_names()
        print(f"{args.games} games filed in {time.perf_counter() - t:.1f} s; {len(store.people())} people")

        def floor():
            for r in store.archived():
                Summary.from_json(r["summary"])

        lg = of_store(store)
        assert len(lg.games) == args.games
        for label, fn in (("floor: read the history and its summaries", floor), ("league: of_store", lambda: of_store(store)),
                          ("league and one game's table", lambda: of_store(store).table("vzhuh"))):
            ms = timed(fn, args.runs)
            print(f"{label:45s} best {min(ms):7.1f} ms  median {statistics.median(ms):7.1f} ms")
        print(f"kinds {lg.kinds()}, evenings {len(lg.evenings)}, target ≤ 300 ms for 1,000 games")
        store.close()


if __name__ == "__main__":
    main()
