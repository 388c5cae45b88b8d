"""Benchmarks of Киты: prints figures, asserts nothing (timings on shared machines are noisy).

    .venv/bin/python scripts/bench.py [--quick] [--ui] [--table]

Engine: median time to read, replay and validate a 4-player record of 1, 5 and 20 full
rounds (target: 5 rounds ≤ 2 ms; growth must be linear). Storage: time to save one action
with 0, 100 and 1,000 finished games archived (target: at 1,000 ≤ 1.2× the cost at 0), and
the time to resume a game at start-up. History and statistics: with 1,000 archived games of
each kind, the time to read the history and the statistics of one game (target: the screen
opens in ≤ 300 ms). ``--ui`` adds the browser figures (tap → screen,
cold start, peak memory of the app process), see tests/e2e/bench_ui.py. ``--table`` adds table
mode (a host and three phones: tap on one → visible on all four, the app's CPU per entry with
one and with four devices connected, and the floor of the same run: a minimal Flet app sharing
a counter by pubsub), see tests/e2e/bench_table.py.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.kozyrnye_kity import actions_to_record, read_record, replay_record, write_record  # noqa: E402
from engine.kozyrnye_kity.record import action_to_json  # noqa: E402
from engine.kozyrnye_kity.simulate import simulate_game  # noqa: E402

PLAYERS = ("Андрей", "Тёма", "Лена", "Женя")


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def record_text(rounds: int, seed: int = 7) -> str:
    """A 4-player record of ``rounds`` full rounds (target out of reach, so none is cut short)."""
    sim = simulate_game(random.Random(seed), PLAYERS, target=10**6, max_rounds=rounds)
    assert len(sim.final.rounds) == rounds and not sim.final.violations
    return write_record(actions_to_record(sim.start, sim.actions))


def bench_engine(repeat: int) -> None:
    print("Engine: read + replay + validate a 4-player record (median of %d)" % repeat)
    per_round = {}
    for rounds in (1, 5, 20):
        text = record_text(rounds)
        rec = read_record(text)
        full = median_ms(lambda: replay_record(read_record(text)), repeat)
        only = median_ms(lambda: replay_record(rec), repeat)
        per_round[rounds] = full / rounds
        print(f"  {rounds:>2} rounds: {full:7.3f} ms  (replay alone {only:7.3f} ms; {full / rounds:.3f} ms per round)")
    print(f"  per-round cost 20 vs 1 rounds: ×{per_round[20] / per_round[1]:.2f} (≈1 means linear)")
    print(f"  target: 5 rounds ≤ 2 ms → {'met' if per_round[5] * 5 <= 2 else 'NOT met'}")


def bench_long_replay() -> None:
    """Replay of long score-pad games, up to the most rounds one record holds (the engine refuses
    a round past it, N-RECORD-LIMIT, whatever the reader's limits): the cost per round must stay flat."""
    import json

    from engine.kozyrnye_kity.game import MAX_ROUNDS

    print("Engine: replay of a long score-pad game (one run each)")
    for n in (MAX_ROUNDS // 4, MAX_ROUNDS // 2, MAX_ROUNDS):
        rounds = [{"tally": {"A": {"pearls": 1, "unused_bonuses": 0}, "B": {"pearls": 0, "unused_bonuses": 1}}}
                  for _ in range(n)]
        text = json.dumps({"format": "kozyrnye-kity/1", "players": ["A", "B"], "target": 10**9, "rounds": rounds})
        t = time.perf_counter()
        replay_record(read_record(text, limits=None))
        took = time.perf_counter() - t
        print(f"  {n:>6} tallied rounds: {took * 1000:8.1f} ms  ({took * 1e6 / n:.1f} µs per round)")


def bench_storage(n_actions: int) -> None:
    from companion.ui.session import Session
    from companion.store.repository import Store

    sim = simulate_game(random.Random(11), PLAYERS, target=10**6, max_rounds=3)
    log = [action_to_json(a, PLAYERS) for a in sim.actions]
    record = {"format": "kozyrnye-kity/1", "players": list(PLAYERS), "rounds": []}
    print(f"Storage: save one action (median of {n_actions} appends; archived games of {len(log)} actions;")
    print("  the three stores take turns, so that the disk's noise falls on all of them alike)")
    with tempfile.TemporaryDirectory(prefix="kity-bench-") as tmp:
        sizes = (0, 100, 1000)
        stores, games = {}, {}
        for n_archived in sizes:
            store = stores[n_archived] = Store.open(os.path.join(tmp, f"a{n_archived}"))
            for k in range(n_archived):
                g = store.start_game({"players": list(PLAYERS), "target": 30, "mode": "full"})
                rev = store.replace_log(g.game_id, 0, log, [])
                store.finish_current(g.game_id, rev, record, {"players": list(PLAYERS), "rounds": [], "winner": None})
            games[n_archived] = [store.start_game({"players": list(PLAYERS), "target": 30, "mode": "full"}).game_id, 0]
        times: dict[int, list[float]] = {n: [] for n in sizes}
        for i in range(n_actions):
            for n_archived in sizes:
                game = games[n_archived]
                t = time.perf_counter()
                game[1] = stores[n_archived].append_action(game[0], game[1], log[i % len(log)])
                times[n_archived].append(time.perf_counter() - t)
        base = statistics.median(times[0]) * 1000
        for n_archived in sizes:
            med = statistics.median(times[n_archived]) * 1000
            print(f"  {n_archived:>5} archived: {med:.3f} ms  (×{med / base:.2f} of the cost at 0)")
            stores[n_archived].close()
        # resume at start-up: open the store and fold the game (a 4-player game of 3 rounds)
        path = os.path.join(tmp, "resume")
        store = Store.open(path)
        g = store.start_game({"players": list(PLAYERS), "target": 10**6, "mode": "full", "deck": {}})
        store.replace_log(g.game_id, 0, log, [])
        for cid, f in _facts(sim).items():
            store.set_fact(cid, f)
        store.close()

        def resume():
            s = Store.open(path)
            session = Session(s)
            assert len(session.log) == len(log) and session.state is not None
            s.close()

        print(f"  resume a game of {len(log)} actions at start-up (open + fold): {median_ms(resume, 20):.2f} ms")


HISTORY_GAMES = {  # game → (players, rounds per game, points of a round, winner's status)
    "kozyrnye-kity": (list(PLAYERS), 6, lambda r, k: [(r + k + i) % 9 for i in range(4)]),
    "vzhuh": (["Аня", "Боря", "Вика"], 4, lambda r, k: [(r * 7 + k + i * 13) % 90 for i in range(3)]),
    "royal-mastheads": (["Аня", "Боря", "Вика", "Гоша"], 10, lambda r, k: [(r * 31 + k * 7 + i * 50) % 400 for i in range(4)]),
    "kalmar": (["Аня", "Боря", "Вика", "Гоша", "Дима"], 0, None),
}


def history_folder(root: str, per_game: int) -> None:
    """A data folder with ``per_game`` archived games of each kind, written straight in the
    store's formats (archive.json index + one archive file per game): filing 4,000 games one by
    one through the store would take minutes."""
    import json
    import uuid

    os.makedirs(os.path.join(root, "archive"), exist_ok=True)
    index, seq = {}, 0
    for game, (players, rounds, pts) in HISTORY_GAMES.items():
        for k in range(per_game):
            seq += 1
            summary = {"players": players, "rounds": [pts(r, k) for r in range(rounds)] if pts else [],
                       "winner": players[k % len(players)], "started": "2026-11-20T19:00:00+03:00",
                       "ended": "2026-11-20T20:10:00+03:00"}
            if game != "kozyrnye-kity":
                summary["game"] = game
            if game == "vzhuh":
                summary["low_wins"] = True
            if game == "kalmar":
                summary["tally"] = {p: (k + i) % 4 for i, p in enumerate(players)}
            meta = {"players": players, "started": summary["started"]}
            if game != "kozyrnye-kity":
                meta["game"] = game
            gid = uuid.uuid4().hex
            entry = {"game_id": gid, "meta": meta, "actions": [], "redo": [], "seq": seq, "status": "finished",
                     "record": {"format": "kity-bench"}, "summary": summary}
            with open(os.path.join(root, "archive", gid + ".json"), "w", encoding="utf-8") as f:
                json.dump({"game": {"1": entry}}, f, ensure_ascii=False)
            index[str(seq)] = {"game_id": gid, "seq": seq, "status": "finished", "players": players,
                               "summary": summary}
    with open(os.path.join(root, "archive.json"), "w", encoding="utf-8") as f:
        json.dump({"games": index}, f, ensure_ascii=False)


def bench_history(per_game: int = 1000) -> None:
    """History and statistics with ``per_game`` archived games of each kind: what opening the
    screen costs in the app's process (target ≤ 300 ms), the first time and again."""
    from companion.session.log_session import LogSession
    from companion.store.repository import Store

    print(f"History and statistics: {per_game} archived games of each of {len(HISTORY_GAMES)} kinds")
    with tempfile.TemporaryDirectory(prefix="kity-bench-") as tmp:
        history_folder(tmp, per_game)
        t = time.perf_counter()
        store = Store.open(tmp)
        session = LogSession(store)
        print(f"  open the store + session: {(time.perf_counter() - t) * 1000:.1f} ms")
        from companion.screens import stats as screen

        for game in HISTORY_GAMES:
            for label in ("first", "again"):
                t = time.perf_counter()
                rows = session.archive.archived(game)
                t_rows = time.perf_counter() - t
                stats = session.stats.archived_stats(game)
                t_stats = time.perf_counter() - t
                shown = [screen._game_row(r, lambda gid: None) for r in screen.visible_rows(rows)]
                t_all = time.perf_counter() - t
                print(f"  {game:<16} {label:<5}: history {t_rows * 1000:6.1f} ms, + statistics {t_stats * 1000:6.1f} ms,"
                      f" + {len(shown)} rows of the list {t_all * 1000:6.1f} ms  ({len(rows)} games, {len(stats)} players;"
                      f" target ≤ 300 ms)")
        store.close()


def _facts(sim) -> dict:
    out = {}
    for card, f in sim.start.deck.items():
        entry = {"pearls": f.pearls}
        if f.bonus is not None:
            entry["bonus"] = f.bonus.to_json()
        out[card.id] = entry
    return out


def bench_other_games(repeat: int) -> None:
    """The example records of the other games: read + replay + validate (median)."""
    from engine.core.games import read_any

    print("Other games: read + replay + validate an example record (median of %d)" % repeat)
    targets = {"royal-mastheads/finished-russian.json": "target ≤ 5 ms (a 10-deal set)"}
    for path in sorted((ROOT / "assets" / "examples").glob("*/*.json")):
        if path.parent.name == "kozyrnye-kity":
            continue
        text = path.read_bytes()

        def once():
            pkg, rec = read_any(text)
            pkg.replay_record(rec)

        key = f"{path.parent.name}/{path.name}"
        print(f"  {key:45s} {median_ms(once, repeat):7.3f} ms  {targets.get(key, '')}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--ui", action="store_true", help="also measure the app in a browser")
    ap.add_argument("--table", action="store_true", help="also measure table mode (four browsers on one game)")
    args = ap.parse_args()
    bench_engine(repeat=30 if args.quick else 200)
    bench_other_games(repeat=30 if args.quick else 200)
    bench_long_replay()
    bench_storage(n_actions=50 if args.quick else 200)
    bench_history(per_game=1000)
    if args.ui:
        sys.path.insert(0, str(ROOT / "tests" / "e2e"))
        from bench_ui import bench_history_screen, bench_ui  # type: ignore

        bench_ui()
        bench_history_screen(per_game=1000)
    if args.table:
        sys.path.insert(0, str(ROOT / "tests" / "e2e"))
        from bench_table import bench_table  # type: ignore

        bench_table()


if __name__ == "__main__":
    main()
