"""A long game's history in the phone edition (issue 43): prints figures, asserts nothing.

    .venv/bin/python scripts/bench_history.py [--rounds 200] [--runs 3] [--src DIR]

A whale game of ``--rounds`` rounds (200: the record limit, N-RECORD-LIMIT; four players, about
9,300 entries) is made by the engine's seeded simulator (as ``scripts/make_examples.py`` makes
its examples) and put in the phone edition's storage as the game in progress (from inside the
browser's Python: the store's own calls, then the copy to IndexedDB awaited). The page is
reloaded, the table opened, and «История» (the table's link) → «Ход игры» is timed, then «Back
to the game» → the table, ``--runs`` times; the floor is the same two taps on a one-round game
in the same build, the same harness, the same run.

Each step is timed in the page, by the browser's clock (from the tap's ``pointerdown`` to the
frame after the one that shows the effect: scripts/bench_phone.py's ``ARM_JS``), and by wall
clock around Playwright's click. ``--src DIR``: build the app from another checkout (e.g. a
``git archive`` of an earlier commit, for a before/after).
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
sys.path.insert(0, str(ROOT / "scripts"))

PLAYERS = ("Аня", "Боря", "Вика", "Гоша")
START = 180_000


def long_game(rounds: int = 200, seed: int = 7) -> tuple[dict, list[dict]]:
    """(meta, actions) of a whale game in its ``rounds``-th round (a card of its fourth trick
    on the table) as the app stores it: simulated by the engine (every entry legal), read
    back by the app's own import."""
    from engine.kozyrnye_kity.game import ChooseReward, PlayCard, StartRound
    from engine.kozyrnye_kity.simulate import simulate_game

    sim = simulate_game(random.Random(seed), PLAYERS, target=10 ** 6, max_rounds=rounds)
    # the table in the middle of the last round: its fourth trick begun, one card in it (a
    # prefix of a legal game is legal)
    last = max(i for i, a in enumerate(sim.actions) if isinstance(a, StartRound))
    rewards = [i for i in range(last, len(sim.actions)) if isinstance(sim.actions[i], ChooseReward)]
    cut = next(i for i in range(rewards[2], len(sim.actions)) if isinstance(sim.actions[i], PlayCard))
    return stored(sim.start, sim.actions[:cut + 1])


def stored(start, actions) -> tuple[dict, list[dict]]:
    """(meta, actions) of a simulated game (its start, its engine actions) as the app stores it:
    written as a record and read back by the app's own import."""
    from engine.kozyrnye_kity import actions_to_record, write_record
    from companion.ui.session import Session
    from companion.store.repository import Store

    text = write_record(actions_to_record(start, actions))
    with tempfile.TemporaryDirectory() as d:
        store = Store.open(d)
        try:
            out = Session(store).archive.import_record(text)
            assert out.ok, out.notice
            g = store.archived_game(store.archived()[0]["game_id"])
        finally:
            store.close()
    return {k: v for k, v in g["meta"].items() if k != "imported"}, g["actions"]


# Run in the browser's Python (the app's worker): the game becomes the game in progress, in the
# app's own store, and the copy to IndexedDB is awaited (a reload then finds it there).
PUT_GAME = r"""
import json
from companion.base import platform
from companion.store.repository import Store
store = Store.open()
meta, actions = json.loads(KITY_GAME)
cur = store.start_game(meta)  # a fresh profile: no game was running
store.replace_log(cur.game_id, 0, actions, [])
await platform.wait_saved()
len(actions)
"""


def worker(page):
    for _ in range(200):
        for w in page.workers:
            try:
                if w.evaluate("() => !!self.pyodide"):
                    return w
            except Exception:
                pass
        page.wait_for_timeout(100)
    raise RuntimeError("no Python worker in the page")


def put_game(page, meta: dict, actions: list[dict]) -> int:
    """Make (meta, actions) the game in progress of the phone edition open in ``page``."""
    return worker(page).evaluate(
        """async ([code, game]) => { self.pyodide.globals.set("KITY_GAME", game);
                                     return await self.pyodide.runPythonAsync(code); }""",
        [PUT_GAME, json.dumps([meta, actions], ensure_ascii=False)])


def to_table(ui, load=None) -> None:
    """From a reload to the table of the game in progress; ``load``: the browser tests'
    ``Phone.load`` (given by a test: importing it here would import the tests' conftest twice)."""
    from companion.base import ids

    if load is None:
        from tests.e2e.phone import Phone

        load = Phone.load
    load(ui, reload=True)
    if ui.page.locator(ui.sel(ids.TABLE_TRICK)).count() == 0:
        ui.tap_id(ids.HOME_CONTINUE)
    ui.wait_id(ids.TABLE_TRICK, timeout=START)


def history_and_back(ui, last: int, timeout: float = START) -> tuple[float, float, float, float]:
    """(in-page ms, wall ms) of «История» → the history showing its last entry, then of «Back
    to the game» → the history gone and the table shown."""
    from bench_phone import arm, shown
    from companion.base import ids

    ui.page.wait_for_timeout(500)
    arm(ui.page, ids.hist_entry(last), "", "includes")
    t = time.perf_counter()
    ui.by_id("table-history").click()
    ui.page.wait_for_selector(ui.sel(ids.hist_entry(last)), state="attached", timeout=timeout)
    open_wall = (time.perf_counter() - t) * 1000
    open_page = shown(ui.page)
    ui.page.wait_for_timeout(500)
    arm(ui.page, ids.SCREEN_HISTORY, "", "excludes")
    t = time.perf_counter()
    ui.page.get_by_role("button", name=ui.tr("Back to the game")).click()  # (no identifier before issue 43)
    ui.page.wait_for_selector(ui.sel(ids.SCREEN_HISTORY), state="detached", timeout=timeout)
    ui.wait_id(ids.TABLE_TRICK, timeout=timeout)
    back_wall = (time.perf_counter() - t) * 1000
    return open_page, open_wall, shown(ui.page), back_wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--src", type=Path, default=ROOT, help="the checkout whose app is built (default: this one)")
    args = ap.parse_args()
    import subprocess
    from playwright.sync_api import sync_playwright

    from bench_phone import serve
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, UI

    out = ROOT / "build" / "bench-history"
    built = subprocess.run([sys.executable, str(args.src / "scripts" / "publish.py"), "--out", str(out / "web")],
                           cwd=args.src, capture_output=True, text=True, check=True)
    print("built from", args.src, built.stdout.strip().splitlines()[-1][:120])
    games = {"floor (1 round)": long_game(1), f"{args.rounds} rounds": long_game(args.rounds)}
    httpd, _handler, url = serve(out / "web")
    figures: dict[str, dict[str, list[float]]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, (meta, actions) in games.items():
            ctx = browser.new_context(viewport=PHONE, locale="ru-RU", color_scheme="light")
            ctx.set_default_timeout(START)
            page = ctx.new_page()
            ui = UI(page, type("S", (), {"url": url, "t0": time.perf_counter()})(), out / "shots")
            ui.open(timeout=START)
            print(f"{name}: the app is up; the game goes in", flush=True)
            put_game(page, meta, actions)
            to_table(ui)
            print(f"{name}: at the table", flush=True)
            last = len(actions) - 1
            got = figures.setdefault(name, {"open": [], "open_wall": [], "back": [], "back_wall": []})
            for run in range(args.runs):
                o, ow, b, bw = history_and_back(ui, last)
                for k, v in zip(("open", "open_wall", "back", "back_wall"), (o, ow, b, bw)):
                    got[k].append(v)
                print(f"{name}, run {run + 1}: history open {o:.0f} ms (wall {ow:.0f}), back to the table "
                      f"{b:.0f} ms (wall {bw:.0f}); {len(actions)} entries", flush=True)
            ctx.close()
        browser.close()
    httpd.shutdown()
    med = {n: {k: statistics.median(v) for k, v in f.items()} for n, f in figures.items()}
    floor, long = med["floor (1 round)"], med[f"{args.rounds} rounds"]
    print(f"medians of {args.runs} run(s), in the page (pointerdown → frame shown); wall clock in brackets:")
    for step, label in (("open", "«История» → «Ход игры»"), ("back", "«Назад к игре» → the table")):
        print(f"  {label}: {args.rounds} rounds {long[step]:.0f} ms ({long[step + '_wall']:.0f}), floor "
              f"{floor[step]:.0f} ms ({floor[step + '_wall']:.0f}) = {long[step] / floor[step]:.2f}× (target ≤ 1000 ms)")


if __name__ == "__main__":
    main()
