"""The phone edition side by side with its floor (issues 16, 41): prints figures, asserts nothing.

    .venv/bin/python scripts/bench_phone.py [--taps 30] [--runs 3] [--no-one-core] [--no-computer]

Everything below is measured twice in one run: chromium as it is, then chromium held to one core
(``taskset -c 0`` around it, both apps: the nearest this machine gets to a phone; DevTools' CPU
throttling does not slow a web worker). The summary at the end gives, for each, Киты against the
floor with the targets of issue 41: repeat visit ≤ 0.7× the floor's, first visit ≤ 1.0×, bytes of
a first visit ≤ the floor's + 4 MiB, a whale-table tap p95 ≤ 100 ms in the page. Киты's repeat
visit starts Python from the snapshot its first visit kept (scripts/phone-start.js; the bench
waits for it to be kept, as a phone does seconds after the first start); the floor starts as
Flet's own.

The same command (scripts/publish.py) builds Киты and a minimal Flet app (the floor: a text and
a button that counts its taps) into build/bench/{kity,floor}; each is served on 127.0.0.1 by a
static server that counts the bytes it sends; Debian chromium at 412×915 opens each with a
fresh profile:

The two apps are visited in turn, ``--runs`` times (the order swapped every run; medians):

* first visit: page load → usable Home (Киты: the «Правила» entry in the a11y tree; the floor:
  its one text), and the bytes sent;
* repeat visit: the profile closed and opened again (service worker cache) → usable Home;
* Киты only: a tap on the whale table → the screen updated (a card entered → the trick line
  shows it; «undo» → the trick line loses it), p50/p95 over 2 × ``--taps`` taps, with the
  share of Python in the worker; and the same taps on the computer edition for reference;
  the floor's tap (its button → the new count shown), the floor of any tap in this harness.
  Each tap is timed twice: in the page, by the browser's clock, from its ``pointerdown`` to the
  frame after the one that shows the effect (what a person waits for; see ``ARM_JS``), and by
  wall clock around Playwright's ``click()`` (which adds the harness's own waits);
* Киты only: the import time of the app's modules inside the browser's Python (each module
  tree re-imported after the app started: compiled from source, as at a first start, and from
  the compiled modules kept in IndexedDB, as at later starts).
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# the floor: one text, and one button that counts its taps (the floor of a tap → screen updated)
FLOOR_APP = """import flet as ft


def main(page):
    count = ft.Text("0")

    def tap(e):
        count.value = str(int(count.value) + 1)
        page.update()

    page.add(ft.Text("Floor is up"), ft.Semantics(identifier="floor-count", content=count),
             ft.FilledButton("Tap", on_click=tap))


ft.run(main)
"""
START = 180_000


class Counting(http.server.SimpleHTTPRequestHandler):
    sent = 0

    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        data = source.read()
        type(self).sent += len(data)
        outputfile.write(data)


def serve(folder: Path):
    handler = type("H", (Counting,), {"sent": 0})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, handler, f"http://127.0.0.1:{httpd.server_address[1]}/"


def publish(out: Path, app: Path | None) -> dict:
    cmd = [sys.executable, str(ROOT / "scripts" / "publish.py"), "--out", str(out)]
    if app is not None:
        cmd += ["--app", str(app)]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def visit(pw, url: str, profile: Path, ready_js: str, keep_open: bool = False, exe: str | None = None):
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

    ctx = pw.chromium.launch_persistent_context(str(profile), executable_path=exe or CHROMIUM, args=CHROMIUM_ARGS,
                                               viewport=PHONE, locale="ru-RU", color_scheme="light")
    ctx.set_default_timeout(START)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
    page.wait_for_function(ready_js, polling=50)
    seconds = time.perf_counter() - t0
    # let the service worker finish its precache before the profile is closed
    page.evaluate("""async () => { const r = await navigator.serviceWorker.ready;
        for (let i = 0; i < 600 && !r.active; i++) await new Promise(z => setTimeout(z, 100)); }""")
    # and, for Киты, let its worker keep the start snapshot (issue 41) as a phone does seconds after
    worker = next((w for w in page.workers if w.evaluate("() => !!self.kityStart")), None)
    if worker is not None:
        worker.evaluate("""async () => { const s = self.kityStart;
            for (let i = 0; i < 1200 && (s.keep || s.made === "keeping"); i++) await new Promise(z => setTimeout(z, 100)); }""")
        state = worker.evaluate("() => ({...self.kityStart, keep: undefined})")
        origin = page.evaluate("() => performance.timeOrigin")
        steps = {k: v - origin for k, v in (state.get("times") or {}).items()}
        steps.update(page.evaluate("() => window.kityTimes || {}"))
        print(f"  Киты's start: {state['how']} ({state['why'] or 'snapshot of this build'}), snapshot "
              f"{state['made'] or 'not made'}; ms after opening: "
              + ", ".join(f"{k} {v:.0f}" for k, v in sorted(steps.items(), key=lambda kv: kv[1]))
              + f", usable Home {seconds * 1000:.0f}")
    if keep_open:
        return seconds, ctx, page
    ctx.close()
    return seconds, None, None


def kity_ready() -> str:
    from companion.base import ids

    return f'() => !!document.querySelector(\'[flt-semantics-identifier="{ids.HOME_RULES}"]\')'


FLOOR_READY = ('() => [...document.querySelectorAll("flt-semantics, span")]'
               '.some(e => (e.textContent || "").includes("Floor is up"))')

IMPORTS = r"""
import sys, time, os, shutil, json
for root, dirs, files in os.walk("."):
    for d in dirs:
        if d == "__pycache__":
            shutil.rmtree(os.path.join(root, d), ignore_errors=True)
tops = ("flet", "flet_charts", "msgpack", "repath", "six", "babel", "tinydb", "segno", "engine", "companion")
names = ("msgpack", "flet", "babel.dates", "babel.support", "babel.messages.pofile", "tinydb",
         "engine.kozyrnye_kity", "engine.vzhuh", "engine.royal_mastheads", "engine.kalmar", "companion.app",
         "flet_charts")
saved = {k: v for k, v in sys.modules.items() if k.split(".")[0] in tops}
prefix, dont = sys.pycache_prefix, sys.dont_write_bytecode
out = {}

def clear():
    for k in [k for k in sys.modules if k.split(".")[0] in tops]:
        del sys.modules[k]

try:
    # cold: compiled from source (a first start); kept: the compiled modules of an earlier start
    for mode in ("cold", "kept"):
        sys.pycache_prefix, sys.dont_write_bytecode = (None, True) if mode == "cold" else (prefix, dont)
        clear()
        for name in names:
            t = time.perf_counter()
            __import__(name)
            out.setdefault(name, {})[mode] = round((time.perf_counter() - t) * 1000)
finally:
    sys.pycache_prefix, sys.dont_write_bytecode = prefix, dont
    clear()
    sys.modules.update(saved)
json.dumps(out)
"""


def import_times(page) -> dict:
    worker = next(w for w in page.workers if w.evaluate("() => !!self.pyodide"))
    return json.loads(worker.evaluate("code => self.pyodide.runPython(code)", IMPORTS))


# In-page timing of a tap, from the browser's own clock: from the tap's ``pointerdown`` (the
# finger on the glass) to the start of the frame after the one whose accessibility tree first
# shows the effect (so that frame has been painted). Playwright's ``click()`` first waits for
# the target to be stable over two animation frames and checks it is hit, and its calls cross
# processes: the wall-clock figure around it holds that harness time too, which no person at a
# table waits for. Both figures are printed, each beside the floor's.
ARM_JS = """([id, exp, mode]) => {
    if (!window.__tapHook) {
        window.__tapHook = true;
        window.addEventListener('pointerdown', () => {
            if (window.__tap && window.__tap.t0 === null) window.__tap.t0 = performance.now();
        }, true);
    }
    const text = () => [...document.querySelectorAll(`[flt-semantics-identifier="${id}"]`)]
        .map(e => (e.textContent || '') + '\\u0001' + (e.getAttribute('aria-label') || ''));
    const ok = () => {
        const t = text();
        if (mode === 'equals') return t.some(s => s.split('\\u0001').some(x => x.trim() === exp));
        const has = t.some(s => s.includes(exp));
        return mode === 'includes' ? has : !has;
    };
    window.__tap = {t0: null};
    window.__shown = new Promise(resolve => {
        const obs = new MutationObserver(() => {
            if (window.__tap.t0 === null || !ok()) return;
            obs.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - window.__tap.t0));
        });
        obs.observe(document.documentElement, {subtree: true, childList: true, characterData: true, attributes: true});
    });
}"""


def arm(page, ident: str, expected: str, mode: str) -> None:
    """Watch for the next tap's effect: ``ident``'s text ``includes``, ``excludes`` or
    ``equals`` ``expected``; :func:`shown` then gives the in-page ms."""
    page.evaluate(ARM_JS, [ident, expected, mode])


def shown(page) -> float:
    return page.evaluate("() => window.__shown")


def taps(page, n: int) -> list[float]:
    """ms from a tap to the screen showing its effect, on the whale table of a new game."""
    import random
    import types

    from companion.base import ids
    from tests.e2e.conftest import UI
    from tests.e2e.test_game_flow import Game, card_name_ru, setup_round, start_game

    ui = UI(page, types.SimpleNamespace(url="", t0=0), Path(tempfile.mkdtemp()))
    start_game(ui)
    g = Game(ui)
    setup_round(ui, g.bonuses)
    first = g.turn()
    card = g.legal(first)
    from companion.kozyrnye_kity.widgets.card_picker import picker_ids

    p = picker_ids(ids.TABLE_PICK)  # the whole deck is on the table (issue 43): no family tab first
    worker = next((w for w in page.workers if w.evaluate("() => !!(self.flet_js && self.flet_js.send)")), None)
    if worker is not None:  # the share of Python in the worker: first message in → last message out
        worker.evaluate("""() => {
            const send = self.flet_js.send, post = self.postMessage.bind(self);
            self.flet_js.send = (d) => { self.__kin = self.__kin || performance.now(); return send(d); };
            self.postMessage = (m, t) => { self.__kout = performance.now(); return post(m, t); };
        }""")
    out, python, inpage = [], [], []

    def python_share():
        if worker is not None:
            got = worker.evaluate("() => { const r = [self.__kin, self.__kout]; self.__kin = 0; return r; }")
            if got[0] and got[1] > got[0]:  # a message in after the last one out is not a tap's
                python.append(got[1] - got[0])

    for _ in range(n):
        ui.wait_id(p.card(card))
        page.wait_for_timeout(300)
        python_share()
        arm(page, ids.TABLE_TRICK, f"{first}: {card_name_ru(card)}", "includes")
        t = time.perf_counter()
        ui.by_id(p.card(card)).click()
        ui.wait_text(ids.TABLE_TRICK, f"{first}: {card_name_ru(card)}")
        out.append((time.perf_counter() - t) * 1000)
        inpage.append(shown(page))
        page.wait_for_timeout(random.uniform(200, 350))
        python_share()
        arm(page, ids.TABLE_TRICK, first + ": ", "excludes")
        t = time.perf_counter()
        ui.by_id(ids.TABLE_UNDO).click()
        page.wait_for_function(
            f"""() => !document.querySelector('[flt-semantics-identifier="{ids.TABLE_TRICK}"]')
                 || !document.querySelector('[flt-semantics-identifier="{ids.TABLE_TRICK}"]').textContent.includes({json.dumps(first + ': ')})""",
            polling="raf")
        out.append((time.perf_counter() - t) * 1000)
        inpage.append(shown(page))
        page.wait_for_timeout(random.uniform(200, 350))
        python_share()
    return out, python, inpage


def floor_taps(page, n: int) -> list[float]:
    """ms from a tap on the floor's button to the screen showing the new count."""
    import random

    out, inpage = [], []
    button = page.get_by_role("button", name="Tap")
    for i in range(1, 2 * n + 1):
        page.wait_for_timeout(random.uniform(200, 350))
        arm(page, "floor-count", str(i), "equals")
        t = time.perf_counter()
        button.click()
        page.wait_for_function(
            """n => { const e = document.querySelector('[flt-semantics-identifier="floor-count"]');
                      return e && (e.textContent || e.getAttribute('aria-label') || '').trim() === String(n); }""",
            arg=i, polling="raf")
        out.append((time.perf_counter() - t) * 1000)
        inpage.append(shown(page))
    return out, inpage


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


ONE_CORE = """#!/bin/sh
# chromium (and every process it starts) held to one core: the nearest this machine gets to a
# phone (DevTools' CPU throttling does not slow a web worker, where Python runs)
exec taskset -c 0 "{chromium}" "$@"
"""


def visits(pw, servers, readiness, args, bench: Path, exe: str | None, label: str, detail: bool) -> dict:
    """``--runs`` first + repeat visits of both apps in turn; taps in the last run."""
    results = {"floor": [], "kity": [], "tap": {}}
    for run in range(args.runs):  # the two apps in turn, the order swapped every run
        for name in (("floor", "kity") if run % 2 == 0 else ("kity", "floor")):
            httpd, handler, url = servers[name]
            profile = bench / f"profile-{label}-{name}-{run}"
            handler.sent = 0
            last = run == args.runs - 1
            first, _, _ = visit(pw, url, profile, readiness[name], exe=exe)
            first_bytes = handler.sent
            handler.sent = 0
            repeat, ctx, page = visit(pw, url, profile, readiness[name], keep_open=last, exe=exe)
            results[name].append({"first_s": first, "repeat_s": repeat, "first_bytes": first_bytes})
            print(f"[{label}] run {run + 1} {name}: first visit {first:.1f} s ({first_bytes / 2**20:.1f} MiB sent), "
                  f"repeat visit {repeat:.1f} s ({handler.sent / 2**10:.0f} KiB sent)", flush=True)
            if ctx is None:
                continue
            if name == "floor":
                ms, inpage = floor_taps(page, args.taps)
                results["tap"]["floor"] = pct(inpage, .95)
                print(f"[{label}] the floor's tap → screen updated (one button and a count, same build, same "
                      f"harness): n={len(ms)} p50={pct(ms, .5):.0f} ms p95={pct(ms, .95):.0f} ms; "
                      f"in the page (pointerdown → frame shown): p50={pct(inpage, .5):.0f} ms "
                      f"p95={pct(inpage, .95):.0f} ms")
                ctx.close()
                continue
            if detail:
                times = import_times(page)
                print("import times in the browser, ms, compiled from source (a first start) / compiled "
                      "modules kept in IndexedDB (later starts without a snapshot); each includes what it "
                      "imports first; flet_charts only at the first chart: "
                      + ", ".join(f"{k} {v['cold']}/{v.get('kept', '?')}" for k, v in times.items()))
                print(f"  sum: {sum(v['cold'] for v in times.values())}/{sum(v.get('kept', 0) for v in times.values())} ms")
            ms, py, inpage = taps(page, args.taps)
            results["tap"]["kity"] = pct(inpage, .95)
            print(f"[{label}] whale table tap → screen updated, in the page (pointerdown → frame shown): "
                  f"n={len(inpage)} p50={pct(inpage, .5):.0f} ms p95={pct(inpage, .95):.0f} ms "
                  f"max={max(inpage):.0f} ms")
            print(f"  around Playwright's click (wall clock, harness included): p50={pct(ms, .5):.0f} ms "
                  f"p95={pct(ms, .95):.0f} ms max={max(ms):.0f} ms")
            cards, undos = inpage[0::2], inpage[1::2]
            print(f"  in the page, a card: p50={pct(cards, .5):.0f} p95={pct(cards, .95):.0f} ms; «undo» (its "
                  f"notice shown): p50={pct(undos, .5):.0f} p95={pct(undos, .95):.0f} ms")
            if py:
                print(f"  of which Python in the worker (message in → last message out): "
                      f"p50={pct(py, .5):.0f} ms p95={pct(py, .95):.0f} ms")
            ctx.close()
    return results


def summary(results: dict, label: str, runs: int) -> None:
    def med(name: str, key: str) -> float:
        return statistics.median(r[key] for r in results[name])

    k = {key: med("kity", key) for key in ("first_s", "repeat_s", "first_bytes")}
    f = {key: med("floor", key) for key in ("first_s", "repeat_s", "first_bytes")}

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    print(f"[{label}] medians of {runs} run(s), Киты vs the floor (a one-button Flet app published the same way):")
    r = k["repeat_s"] / f["repeat_s"]
    print(f"  repeat visit → usable Home: {k['repeat_s']:.2f} s vs {f['repeat_s']:.2f} s = {r:.2f}× "
          f"(target ≤ 0.7×: {verdict(r <= 0.7)})")
    r = k["first_s"] / f["first_s"]
    print(f"  first visit → usable Home: {k['first_s']:.2f} s vs {f['first_s']:.2f} s = {r:.2f}× "
          f"(target ≤ 1.0×: {verdict(r <= 1.0)})")
    d = (k["first_bytes"] - f["first_bytes"]) / 2**20
    print(f"  first-visit bytes: {k['first_bytes'] / 2**20:.2f} MiB vs {f['first_bytes'] / 2**20:.2f} MiB = "
          f"{d:+.2f} MiB (target ≤ +4 MiB: {verdict(d <= 4)})")
    tap = results["tap"]
    if "kity" in tap:
        print(f"  whale-table tap p95 in the page: {tap['kity']:.0f} ms (the floor's button: "
              f"{tap.get('floor', float('nan')):.0f} ms; target ≤ 100 ms: {verdict(tap['kity'] <= 100)})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=30, help="card + undo pairs on the whale table")
    ap.add_argument("--runs", type=int, default=3, help="first + repeat visits of both apps, in turn")
    ap.add_argument("--no-computer", dest="computer", action="store_false",
                    help="skip the same taps on the computer edition (the reference)")
    ap.add_argument("--no-one-core", dest="one_core", action="store_false",
                    help="skip the same figures with chromium held to one core (taskset -c 0)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM

    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bench = ROOT / "build" / "bench"
    shutil.rmtree(bench, ignore_errors=True)
    floor_src = bench / "floor-src"
    floor_src.mkdir(parents=True)
    (floor_src / "main.py").write_text(FLOOR_APP, encoding="utf-8")
    builds = {"kity": publish(bench / "kity", None), "floor": publish(bench / "floor", floor_src)}
    for name, b in builds.items():
        print(f"build {name}: {b['seconds']} s, {b['files']} files, {b['bytes'] / 2**20:.1f} MiB "
              f"(app.tar.gz {b['archive_bytes'] / 2**10:.0f} KiB)")
    readiness = {"floor": FLOOR_READY, "kity": kity_ready()}
    servers = {name: serve(bench / name) for name in ("floor", "kity")}
    modes = [("2 cores", None)]
    if args.one_core:
        if shutil.which("taskset") is None:
            print("no taskset: the one-core figures are left out")
        else:
            wrapper = bench / "chromium-one-core.sh"
            wrapper.write_text(ONE_CORE.format(chromium=CHROMIUM), encoding="utf-8")
            wrapper.chmod(0o755)
            modes.append(("1 core", str(wrapper)))
    results = {}
    with sync_playwright() as pw:
        for n, (label, exe) in enumerate(modes):
            results[label] = visits(pw, servers, readiness, args, bench, exe, label, detail=n == 0)
        for httpd, _, _ in servers.values():
            httpd.shutdown()
        if args.computer:  # the same taps on the computer edition (python -m companion), same machine
            from tests.e2e.conftest import CHROMIUM_ARGS, PHONE, Server

            data = Path(tempfile.mkdtemp())
            server = Server(data / "data", data)
            (data / "data").mkdir()
            server.start()
            try:
                b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = b.new_context(viewport=PHONE, locale="ru-RU").new_page()
                page.set_default_timeout(30000)
                page.goto(server.url)
                page.wait_for_selector("flt-semantics-placeholder", state="attached")
                page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
                page.wait_for_function(kity_ready())
                ms, _, inpage = taps(page, args.taps)
                print(f"the computer edition, same taps: in the page p50={pct(inpage, .5):.0f} ms "
                      f"p95={pct(inpage, .95):.0f} ms; around the click p50={pct(ms, .5):.0f} ms p95={pct(ms, .95):.0f} ms")
                b.close()
            finally:
                server.stop()
    for label, res in results.items():
        summary(res, label, args.runs)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
