"""The phone edition side by side with its floor (issues 16, 41, 47, 52): prints figures, asserts nothing.

    .venv/bin/python scripts/bench_phone.py [--taps 30] [--runs 3] [--no-one-core] [--no-computer]
        [--no-chromium] [--engines firefox,webkit] [--engine-taps 10] [--tap-runs 2] [--no-visits]

First (issue 52; ``--tap-runs 0`` leaves it out): a tap on the phone edition's whale table beside a
same-work floor, tests/e2e/floor_table.py — a plain Flet app, no Киты import, that draws the same
table (the same accessibility nodes and identifiers, the same look) and makes the same changes on
a card and on «undo», one ``page.update`` of the changed controls a tap. ``--tap-runs`` runs, the
two apps in turn on new profiles (the order swapped every run), ``--taps`` card + «undo» pairs
each: in the page, pointerdown → the frame after the one that shows it (``ARM_JS``), the frames
drawn until then, and the share of Python in the worker (first message in → last message out;
Киты holds its messages to the screen while a write is copied to IndexedDB, and that copy's
time is printed beside it). Then the main tap of each other game on a new game of it (a «Вжух!»
party's points recorded, a Royal Mastheads card, a «Кальмар» move, each with «undo»). Printed:
Киты's whale card p50 against the floor's (target ≤ 1.1×) and the app's Python a tap for each
game's main tap (target ≤ 25 ms). A screenshot of each table after its first card is kept in
build/bench/ (kity-after-card.png, floor-table-after-card.png). ``--no-visits`` leaves out what
follows.

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

Then the same two apps, from the same builds and servers, in the other engines (issue 47):
Firefox ESR and WebKitGTK (the engine of Safari), Debian's packages, driven as the browser tests
drive them (tests/e2e/engines.py: Firefox over WebDriver BiDi, WebKitGTK by WebKitWebDriver under
Xvfb); ``--engines`` picks them (one not installed is skipped), ``--no-chromium`` leaves out all
of the above so that they run alone. In each engine, ``--runs`` times, the apps in turn (the order
swapped every run), each on a new profile:

* first visit → usable Home, timed in the page (navigation start → Home in the accessibility tree,
  seen by a MutationObserver installed at the load event, so not by how often the harness asks);
  then the service worker active and, for Киты, its start snapshot kept (seen in the Cache API
  from the page);
* repeat visit → usable Home. Firefox: closed (its own shutdown) and started again on the same
  profile. WebKitGTK: its automation session keeps site data in memory only (nothing reaches the
  profile folder), so a closed browser forgets the service worker and the snapshot; its repeat
  visit is a new tab in the same browser, the old tab closed. Whether Киты's repeat start came
  from the snapshot the first visit kept is checked from the page (MARK_JS);
* Киты's start steps as the page marks them (``window.kityTimes``), the page's largest downloads,
  and the browser's CPU seconds over the start. The worker's own steps: in Firefox from its
  console lines (WebDriver BiDi's log.entryAdded; its state object is not reachable: Firefox
  lists the worker's realm but does not evaluate in it); WebKitGTK's classic WebDriver reaches
  only the page, so there the worker's start is also timed alone (ALONE_PAGE: the start script
  in a worker of a page of the bench's own, no screen client beside it), once from nothing and
  once from its snapshot, in both engines;
* in the last run, a tap (``--engine-taps`` pairs): in Киты a «Вжух!» penalty number (3 → the sum
  shows 3) and «undo» (→ 0), in the floor its button (→ the new count), timed in the page as in
  chromium (ARM_JS: pointerdown → the frame after the one that shows it), with the harness's real
  pointer (in Firefox held 60 ms, the same in both apps).

At the end, a table per engine: Киты's first and repeat visit beside the floor's, medians, and
the ratios; and the taps' p50/p95 beside the floor's.
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
    extra: dict = {}  # file name → a file of the bench's own served beside the build (not in it)

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        name = path.split("?", 1)[0].rsplit("/", 1)[-1]
        return str(self.extra[name]) if name in self.extra else super().translate_path(path)

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
# table waits for. Both figures are printed, each beside the floor's. The frames the page drew
# from the pointerdown to the one that shows the effect are counted too (Flutter asks for each
# with requestAnimationFrame; the bench's own request is not counted).
ARM_JS = """([id, exp, mode]) => {
    if (!window.__tapHook) {
        window.__tapHook = true;
        window.__raf = window.requestAnimationFrame.bind(window);
        window.__frames = 0;
        window.requestAnimationFrame = cb => window.__raf(ts => { window.__frames++; cb(ts); });
        window.addEventListener('pointerdown', () => {
            if (window.__tap && window.__tap.t0 === null) {
                window.__tap.t0 = performance.now();
                window.__tap.f0 = window.__frames;
            }
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
    window.__tap = {t0: null, f0: 0};
    window.__tapFrames = null;
    window.__shown = new Promise(resolve => {
        const obs = new MutationObserver(() => {
            if (window.__tap.t0 === null || !ok()) return;
            obs.disconnect();
            window.__tapFrames = window.__frames - window.__tap.f0;
            window.__raf(() => resolve(performance.now() - window.__tap.t0));
        });
        obs.observe(document.documentElement, {subtree: true, childList: true, characterData: true, attributes: true});
    });
}"""


def arm(page, ident: str, expected: str, mode: str) -> None:
    """Watch for the next tap's effect: ``ident``'s text ``includes``, ``excludes`` or
    ``equals`` ``expected``; :func:`shown` then gives the in-page ms."""
    page.evaluate(ARM_JS, [ident, expected, mode])


def shown(page) -> float | None:
    """The in-page ms of the tap :func:`arm` watched; None when its effect was not shown in 15 s."""
    return page.evaluate("() => Promise.race([window.__shown, new Promise(r => setTimeout(() => r(null), 15000))])")


def frames(page) -> int | None:
    """The frames drawn from the last tap's pointerdown to the one that showed its effect."""
    return page.evaluate("() => window.__tapFrames")


# The Python busy time of a tap, counted in the worker's Python itself: the event's dispatch (the
# tap's handler: for Киты the session's change and every part's selection; for the floor its
# page.update) and each component Flet draws again (its render, diff and messages). Not the
# waits between them (the copy to IndexedDB, the page).
BUSY_PY = r"""
import time
from flet.messaging.session import Session as _S
from flet.components.component import Component as _C
if getattr(_S, "_kbusy", None) is None:
    from js import performance as _perf
    _busy = [0.0]
    _S._kbusy = _busy
    _S._kend = [0.0]  # the worker's clock (performance.now(), ms) when the last of that work ended
    _dispatch, _update = _S.dispatch_event, _C.update

    async def _timed_dispatch(self, *a, **kw):
        t = time.perf_counter()
        try:
            return await _dispatch(self, *a, **kw)
        finally:
            _busy[0] += time.perf_counter() - t
            _S._kend[0] = _perf.now()

    def _timed_update(self):
        t = time.perf_counter()
        try:
            return _update(self)
        finally:
            _busy[0] += time.perf_counter() - t
            _S._kend[0] = _perf.now()

    _S.dispatch_event, _C.update = _timed_dispatch, _timed_update
True
"""
BUSY_TAKE = ("from flet.messaging.session import Session as _S\n"
             "_v = [_S._kbusy[0] * 1000, _S._kend[0]] if getattr(_S, '_kbusy', None) else [-1, 0]\n"
             "if _v[0] >= 0: _S._kbusy[0] = 0.0\n_v")


class PythonShare:
    """The share of Python in the worker of a tap: from the first message in (the tap) to the
    last message out (the screen's updates; a message in after the last one out is not a
    tap's). ``take()`` before a tap (drops what came between taps) and after it. Киты holds its
    messages to the screen while a write is copied to IndexedDB (companion/base/platform.py: the
    files a write named, or the whole folder):
    that copy's time (JavaScript, Python idle meanwhile) is kept too, ``sync`` of :meth:`take`,
    with how many copies ended in the tap (``copies``) and the time from the end of the tap's
    last Python work (its dispatch, a component drawn) to the end of the last copy (``tail``:
    the copy's own share once Python has let go of the worker; a copy's end can only be heard
    when Python is idle)."""

    def __init__(self, page):
        self.worker = next((w for w in page.workers if w.evaluate("() => !!(self.flet_js && self.flet_js.send)")),
                           None)
        self.sync: float | None = None
        self.copies: int | None = None
        self.tail: float | None = None
        if self.worker is not None and not self.worker.evaluate("() => !!self.__kshare"):
            self.worker.evaluate("""() => {
                self.__kshare = true;
                const send = self.flet_js.send, post = self.postMessage.bind(self);
                self.flet_js.send = (d) => { self.__kin = self.__kin || performance.now(); return send(d); };
                self.postMessage = (m, t) => { self.__kout = performance.now(); return post(m, t); };
                const fs = self.pyodide && self.pyodide.FS, I = fs && fs.filesystems && fs.filesystems.IDBFS;
                self.__ksync = 0; self.__kcopies = 0; self.__ksyncend = 0;
                let whole = 0;
                const ended = t => { self.__ksyncend = performance.now();
                                     self.__ksync += self.__ksyncend - t; self.__kcopies += 1; };
                if (I && I.syncfs) {
                    const orig = I.syncfs;
                    I.syncfs = function (m, populate, cb) {
                        const t = performance.now();
                        whole += 1;
                        return orig.call(this, m, populate, e => { whole -= 1; ended(t); cb(e); });
                    };
                }
                // a copy of the files a write named (platform.py _COPY_JS): IDBFS's getDB outside a
                // syncfs, to the end of the one transaction it opens
                if (I && I.getDB) {
                    const getDB = I.getDB;
                    I.getDB = function (name, cb) {
                        if (whole) return getDB.call(this, name, cb);
                        const t = performance.now();
                        return getDB.call(this, name, (err, db) => {
                            if (err || !db) { ended(t); return cb(err, db); }
                            const tx = db.transaction;
                            db.transaction = function (...a) {
                                db.transaction = tx;
                                const x = tx.apply(db, a);
                                x.addEventListener('complete', () => ended(t));
                                x.addEventListener('abort', () => ended(t));
                                return x;
                            };
                            return cb(err, db);
                        });
                    };
                }
            }""")
        self.busy: float | None = None
        self.counts_busy = False
        if self.worker is not None:
            try:
                self.counts_busy = bool(self.worker.evaluate("code => self.pyodide.runPython(code)", BUSY_PY))
            except Exception as ex:  # the figure is left out, the others stand
                print(f"  (the Python busy time is not counted here: {type(ex).__name__}: {ex})")

    def take(self) -> float | None:
        if self.worker is None:
            return None
        got = self.worker.evaluate(
            "() => { const r = [self.__kin, self.__kout, self.__ksync, self.__kcopies, self.__ksyncend];"
            " self.__kin = 0; self.__ksync = 0; self.__kcopies = 0; self.__ksyncend = 0; return r; }")
        self.sync, self.copies = got[2], got[3]
        self.busy = self.tail = None
        if self.counts_busy:
            try:
                busy, end = self.worker.evaluate(
                    "code => { const r = self.pyodide.runPython(code); const j = r.toJs(); r.destroy(); return j; }",
                    BUSY_TAKE)
                self.busy = busy if busy is not None and busy >= 0 else None
                if self.busy is not None and got[4] and end and got[0] and end > got[0]:
                    self.tail = got[4] - end  # < 0: the copy ended before Python's last work did
            except Exception:
                self.busy = None
        return got[1] - got[0] if got[0] and got[1] and got[1] > got[0] else None


def tap_cycle(page, ui, n: int, steps: list, shot: Path | None = None) -> dict:
    """``n`` times the ``steps`` in turn: each (target, watched, expected, mode) is one tap timed
    in the page (:data:`ARM_JS`), with its Python share and its frames; a step whose ``watched``
    is None is a tap not timed (choosing what the next timed tap enters). Returns the figures
    by step: {"ms": …, "python": …, "frames": …, "wall": …} lists, in the order of ``steps``.
    ``shot``: a screenshot of the screen after the first timed tap."""
    import random

    share = PythonShare(page)
    out = [{"ms": [], "python": [], "frames": [], "wall": [], "sync": [], "busy": [], "copies": [], "tail": []}
           for _ in steps]
    for _ in range(n):
        for k, (target, watched, expected, mode) in enumerate(steps):
            ui.wait_id(target)
            page.wait_for_timeout(random.uniform(200, 350) if k else 300)
            share.take()
            if watched is None:
                ui.by_id(target).click()
                continue
            arm(page, watched, expected, mode)
            t = time.perf_counter()
            ui.by_id(target).click()
            ms = shown(page)
            if ms is None:
                raise RuntimeError(f"a tap on {target} did not show {expected!r} in {watched} within 15 s")
            out[k]["ms"].append(ms)
            out[k]["wall"].append((time.perf_counter() - t) * 1000)
            out[k]["frames"].append(frames(page))
            page.wait_for_timeout(150)  # the last of its messages out
            if shot is not None and k == next(i for i, st in enumerate(steps) if st[1] is not None):
                page.wait_for_timeout(600)
                page.screenshot(path=str(shot))  # the screen after the first entry (compared by eye)
                shot = None
            py = share.take()
            if py is not None:
                out[k]["python"].append(py)
                out[k]["sync"].append(share.sync or 0.0)
                out[k]["copies"].append(share.copies or 0)
                if share.tail is not None:
                    out[k]["tail"].append(share.tail)
            if share.busy is not None:
                out[k]["busy"].append(share.busy)
    return out


def whale_table(page):
    """A new whale game on the phone: (ui, steps) for a card of the first player and «undo»."""
    import types

    from companion.base import ids
    from companion.kozyrnye_kity.widgets.card_picker import picker_ids
    from tests.e2e.conftest import UI
    from tests.e2e.test_game_flow import Game, card_name_ru, setup_round, start_game

    ui = UI(page, types.SimpleNamespace(url="", t0=0), Path(tempfile.mkdtemp()))
    start_game(ui)
    g = Game(ui)
    setup_round(ui, g.bonuses)
    first = g.turn()
    card = g.legal(first)
    p = picker_ids(ids.TABLE_PICK)  # the whole deck is on the table (issue 43): no family tab first
    return ui, [(p.card(card), ids.TABLE_TRICK, f"{first}: {card_name_ru(card)}", "includes"),
                (ids.TABLE_UNDO, ids.TABLE_TRICK, first + ": ", "excludes")]


def floor_table(page):
    """The same-work floor (tests/e2e/floor_table.py): the same card and «undo»."""
    import types

    from tests.e2e import floor_table as f
    from tests.e2e.conftest import UI

    ui = UI(page, types.SimpleNamespace(url="", t0=0), Path(tempfile.mkdtemp()))
    return ui, [(f.PICK.format(card=f.CARD), f.TRICK, f"{f.WHO}: {f.name(f.CARD)}", "includes"),
                (f.UNDO, f.TRICK, f.WHO + ": ", "excludes")]


def other_games() -> dict:
    """The main tap of each other game: {game: setup}; ``setup(page)`` makes a new game of it on
    a phone that runs none (its browser test's steps) and gives (ui, steps)."""
    import types

    from companion.kalmar import ids as kl
    from companion.royal_mastheads import ids as rm
    from companion.vzhuh import ids as vz
    from tests.e2e.conftest import UI

    sys.path.insert(0, str(ROOT / "tests"))  # test_royal_mastheads reads its deal from tests/test_rm_view.py

    def new_ui(page):
        return UI(page, types.SimpleNamespace(url="", t0=0), Path(tempfile.mkdtemp()))

    def vzhuh(page):
        from tests.e2e.test_vzhuh import start_game
        ui = new_ui(page)
        start_game(ui, first=0)
        for party in (2, 3):  # party 1 recorded (Аня 3), then party 2's Аня 3 entered, not recorded
            ui.tap_id(vz.entry_player(0))
            ui.tap_id(vz.entry_number(3))
            ui.wait_text(vz.ENTRY_SUM, "3")
            if party == 2:
                ui.tap_id(vz.RECORD)
                ui.wait_text(vz.PARTY_TITLE, "Партия 2 из 3")
        # a party's points: party 2 recorded (a row more in the table), and «undo» (its entry back)
        return ui, [(vz.RECORD, vz.PARTY_TITLE, "Партия 3 из 3", "includes"),
                    (vz.UNDO, vz.PARTY_TITLE, "Партия 2 из 3", "includes")]

    def royal(page):
        from tests.e2e.test_royal_mastheads import start_set, turn
        ui = new_ui(page)
        start_set(ui)
        turn(ui, "hearts-7", "tricks")
        return ui, [(rm.card("hearts-7"), rm.TO_PLAY, "карта игрока Боря", "includes"),
                    (rm.UNDO, rm.TO_PLAY, "ходит Аня", "includes")]

    def kalmar(page):
        from tests.e2e.test_kalmar import start_game
        ui = new_ui(page)
        start_game(ui)
        return ui, [(kl.colour("play", "green"), None, None, None), (kl.digit("play", 7), kl.TURN, "Боря", "includes"),
                    (kl.UNDO, kl.TURN, "Аня", "includes")]

    return {"«Вжух!» party's points": vzhuh, "Royal Mastheads card": royal, "«Кальмар» move": kalmar}


def taps(page, n: int) -> list[float]:
    """ms from a tap to the screen showing its effect, on the whale table of a new game: (wall
    clock around the click, Python shares, in-page ms), card and «undo» in turn."""
    ui, steps = whale_table(page)
    got = tap_cycle(page, ui, n, steps)
    wall = [x for pair in zip(got[0]["wall"], got[1]["wall"]) for x in pair]
    inpage = [x for pair in zip(got[0]["ms"], got[1]["ms"]) for x in pair]
    return wall, got[0]["python"] + got[1]["python"], inpage


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


FLOOR_TABLE_READY = '() => !!document.querySelector(\'[flt-semantics-identifier="screen-table"]\')'


def table_taps(pw, servers, readiness, args, bench: Path, exe: str | None = None) -> dict:
    """Issue 52: a card and «undo» on the whale table beside the same-work floor
    (tests/e2e/floor_table.py), ``--tap-runs`` runs, the two apps in turn on new profiles (the
    order swapped every run); then the main tap of each other game, once. Prints and returns the
    figures; a screenshot of each table after its first card is kept in build/bench/."""
    res = {name: [{"ms": [], "python": [], "frames": [], "wall": [], "sync": [], "busy": [], "copies": [],
                   "tail": []} for _ in range(2)]
           for name in ("kity", "floor-table")}
    for run in range(args.tap_runs):
        for name in (("floor-table", "kity") if run % 2 == 0 else ("kity", "floor-table")):
            _, ctx, page = visit(pw, servers[name][2], bench / f"profile-taps-{name}-{run}", readiness[name],
                                 keep_open=True, exe=exe)
            try:
                ui, steps = (whale_table if name == "kity" else floor_table)(page)
                got = tap_cycle(page, ui, args.taps, steps,
                                shot=bench / f"{name}-after-card.png" if run == 0 else None)
            finally:
                ctx.close()
            for k in range(2):
                for key in got[k]:
                    res[name][k][key] += got[k][key]
            print(f"[taps] run {run + 1} {name}: card p50 {pct(got[0]['ms'], .5):.0f} ms, «undo» p50 "
                  f"{pct(got[1]['ms'], .5):.0f} ms; Python a card p50 "
                  f"{pct(got[0]['python'] or [float('nan')], .5):.1f} ms", flush=True)
    others = {}
    for n, (game, setup) in enumerate(other_games().items() if args.other_games else ()):
        _, ctx, page = visit(pw, servers["kity"][2], bench / f"profile-taps-other-{n}", readiness["kity"],
                             keep_open=True, exe=exe)
        try:
            ui, steps = setup(page)
            got = tap_cycle(page, ui, args.taps, steps)
            others[game] = [g for g, (_, watched, _, _) in zip(got, steps) if watched is not None]
        except Exception as ex:  # the other figures still count
            print(f"[taps] {game}: stopped: {type(ex).__name__}: {ex}")
        finally:
            ctx.close()
    table_report(res, others, args)
    return {"table": res, "others": others}


def table_report(res: dict, others: dict, args) -> None:
    def p(xs, q=.5):
        xs = [x for x in xs if x is not None]
        return pct(xs, q) if xs else float("nan")

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    print(f"Issue 52: a tap, in the page (pointerdown → the frame after the one that shows it), {args.tap_runs} "
          f"run(s) × {args.taps} card + «undo» pairs, the two apps in turn on new profiles:")
    print("app | tap | p50 ms | p95 ms | frames (median) | Python a tap p50 ms | p95 ms | of which the IndexedDB "
          "copy runs, p50 ms | Python busy p50 ms")
    for name, label in (("kity", "Киты whale table"), ("floor-table", "floor: plain Flet, same table")):
        for k, tap in enumerate(("card", "«undo»")):
            g = res[name][k]
            print(f"{label} | {tap} | {p(g['ms']):.0f} | {p(g['ms'], .95):.0f} | {p(g['frames']):.0f} | "
                  f"{p(g['python']):.1f} | {p(g['python'], .95):.1f} | {p(g['sync']):.1f} | {p(g.get('busy', [])):.1f}")
    for game, steps in others.items():
        for k, g in enumerate(steps):
            print(f"Киты {game} | {'the entry' if k == 0 else '«undo»'} | {p(g['ms']):.0f} | {p(g['ms'], .95):.0f} | "
                  f"{p(g['frames']):.0f} | {p(g['python']):.1f} | {p(g['python'], .95):.1f} | {p(g['sync']):.1f} | "
                  f"{p(g.get('busy', [])):.1f}")
    print("The IndexedDB copies of Киты's taps: copies ended in a tap (median, most), and from the end of the "
          "tap's last Python work to the end of its last copy, p50 / p95 ms (the copy's own share once Python has "
          "let go of the worker):")
    copies = [("whale table", k, g) for k, g in enumerate(res["kity"])] + [
        (game, k, g) for game, steps in others.items() for k, g in enumerate(steps)]
    for what, k, g in copies:
        n = g.get("copies") or []
        print(f"  {what} | {'the entry' if k == 0 else '«undo»'} | copies {p(n):.0f}, most {max(n, default=0)} | "
              f"{p(g.get('tail', [])):.1f} / {p(g.get('tail', []), .95):.1f}")
    kity, floor = p(res["kity"][0]["ms"]), p(res["floor-table"][0]["ms"])
    print(f"  whale card tap p50 against the same-work floor: {kity:.0f} / {floor:.0f} ms = {kity / floor:.2f}× "
          f"(target ≤ 1.1×: {verdict(kity / floor <= 1.1)})")
    mains = [("whale card", res["kity"][0]["python"])] + [(game, steps[0]["python"]) for game, steps in others.items()]
    for what, py in mains:
        print(f"  the app's Python a tap, {what}: p50 {p(py):.1f} ms (target ≤ 25 ms: {verdict(p(py) <= 25)})")


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


# ---------------------------------------------------------------------------------------------
# The same two apps in the other engines (issue 47): Firefox ESR and WebKitGTK, Debian's packages,
# driven as the browser tests drive them (tests/e2e/engines.py).

ENGINE_START = 240  # s: a first start of Python in WebKitGTK on a loaded 2-core machine took 25-60 s

# Installed right after the page's load event: switches Flutter's accessibility tree on (as a
# screen reader would: the readiness checks read it) and keeps the page's own time, ms after the
# navigation started (performance.now()), at which ``ready`` first holds, so that the figure does
# not depend on how often the harness asks. ``__benchEarly``: already true at the load event (the
# figure is then an upper bound).
WATCH_JS = """(ready => {
    if ('__benchReady' in window) return true;
    window.__benchReady = null;
    window.__benchEarly = false;
    const check = () => {
        const ph = document.querySelector('flt-semantics-placeholder');
        if (ph && !ph.__bench) { ph.__bench = true; ph.click(); }
        if (window.__benchReady === null && ready()) { window.__benchReady = performance.now(); obs.disconnect(); }
    };
    const obs = new MutationObserver(check);
    obs.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
    check();
    if (window.__benchReady !== null) window.__benchEarly = true;
    return true;
})(%s)"""

# what the page knows of its start: its steps (window.kityTimes: Киты only), whether a service
# worker served it, the navigation's milestones and its largest downloads
PAGE_INFO = """(() => {
    const nav = performance.getEntriesByType('navigation')[0] || {};
    const res = performance.getEntriesByType('resource')
        .filter(e => (e.encodedBodySize || e.transferSize || 0) > 200000 || e.duration > 1000)
        .map(e => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.responseEnd)]);
    return {early: window.__benchEarly,
            origin: performance.timeOrigin, times: window.kityTimes || null, resources: res,
            dcl: Math.round(nav.domContentLoadedEventEnd || 0), load: Math.round(nav.loadEventEnd || 0)};
})()"""

# before the profile is closed: the service worker active (its precache done) and, for Киты, the
# start snapshot kept in the Cache API (what the worker's ``kityStart.made`` says in chromium;
# the page sees the same cache)
KEPT_JS = """(async () => {
    const r = await navigator.serviceWorker.ready;
    if (!r.active) return false;
    if (!%s) return true;
    if (!(await caches.has('kity.snapshot'))) return false;
    const hit = await (await caches.open('kity.snapshot')).match('python-memory');
    return hit ? Number(hit.headers.get('x-kity-length')) : false;
})()"""


# The worker's start alone (where a first start's time goes, in an engine whose WebDriver does not
# reach the worker): a page of the bench's own, served beside Киты's build, that starts Киты's start
# script (kity-start.js) in a module worker as python-worker.js does — the archive fetched and
# unpacked, Pyodide started, Home's modules imported, the snapshot made and kept; or Python
# restored from that snapshot at the next visit — without the screen client beside it and
# without running the app, and hands back its steps.
ALONE_PAGE = """<!doctype html><meta charset="utf-8"><script type="module">
// the page holds the snapshot's cache open: WebKitGTK's automation session keeps the Cache API in
// memory, per origin, only while something of the origin uses it (in Киты its service worker)
window.__hold = await caches.open("kity.snapshot");
let w = null;
window.__start = () => {  // the next start: the last worker gone, a new one in the same page
    if (w) w.terminate();
    window.__probe = null;
    w = new Worker("__bench_start.js", {type: "module"});
    w.onmessage = e => { window.__probe = e.data; };
    w.onerror = e => { window.__probe = JSON.stringify({error: String(e.message || e)}); };
    return true;
};
window.__start();
</script>
"""
ALONE_WORKER = """import * as k from "./kity-start.js";
let out;
try {
    await k.pyodide;
    if (k.state.keep) await k.state.keep();
    out = {how: k.state.how, why: k.state.why, made: k.state.made, times: k.state.times};
} catch (e) {
    out = {error: String(e)};
}
postMessage(JSON.stringify(out));
"""


def worker_alone(name: str, url: str, bench: Path) -> None:
    """Print the worker's start alone in one engine: a first start, then one from its snapshot
    (a second worker in the same page: see ALONE_PAGE)."""
    b = new_engine(name, bench / f"profile-{name}-worker-alone")
    try:
        b.goto(url + "__bench_start.html")
        for what in ("a first start", "the next start"):
            if what != "a first start":
                b.js("window.__start()")
            out = json.loads(b.wait("window.__probe", ENGINE_START, "started the worker alone"))
            if "error" in out:
                print(f"  [{name}] the worker alone, {what}: {out['error']}")
                return
            times = out["times"]
            w0 = times.pop("worker started")
            print(f"  [{name}] the worker alone (no screen client beside it, no app), {what}: {out['how']} "
                  f"({out['why'] or 'snapshot of this build'}), snapshot {out['made'] or 'not made'}; "
                  f"ms after the worker started: "
                  + ", ".join(f"{k} {v - w0:.0f}" for k, v in sorted(times.items(), key=lambda kv: kv[1])))
    finally:
        b.close()


# Whether Киты's repeat start came from the snapshot, where the worker is not reachable: the
# snapshot the first visit kept is marked (the same bytes and headers, and one header more, which
# the start script ignores); a normal start keeps a new one (unmarked) 1.5 s after Python is up.
MARK_JS = """(async () => {
    const c = await caches.open('kity.snapshot'), hit = await c.match('python-memory');
    if (!hit) return false;
    const h = new Headers(hit.headers);
    h.set('x-bench-mark', '1');
    await c.put('python-memory', new Response(await hit.arrayBuffer(), {headers: h}));
    return true;
})()"""
MARKED_JS = """(async () => {
    const hit = await (await caches.open('kity.snapshot')).match('python-memory');
    return hit ? (hit.headers.get('x-bench-mark') === '1' ? 'yes' : 'no') : 'no snapshot kept';
})()"""


def have_engine(name: str) -> bool:
    from tests.e2e import engines

    return Path(engines.FIREFOX if name == "firefox" else engines.WEBKIT_DRIVER).exists()


def new_engine(name: str, profile: Path):
    from tests.e2e import engines

    if name == "firefox":
        b = engines.Firefox(profile)
        try:  # the worker's console lines ("Киты start: …"), where this Firefox gives them
            b.cmd("session.subscribe", events=["log.entryAdded"])
        except Exception:
            pass
        return b
    # a MiniBrowser that cannot open its window (the X display busy on a loaded machine: seen once)
    # leaves WebKitWebDriver waiting for it for good: that driver is stopped after 90 s and the
    # browser started once more
    for attempt in (1, 2):
        before = set(webkit_drivers())
        timer = threading.Timer(90, lambda: [os.kill(pid, 15) for pid in set(webkit_drivers()) - before])
        timer.start()
        try:
            return engines.WebKit(profile)
        except Exception as ex:
            if attempt == 2:
                raise
            print(f"[webkit] did not start ({type(ex).__name__}); once more", flush=True)
        finally:
            timer.cancel()


def webkit_drivers() -> list[int]:
    """The WebKitWebDriver processes this bench started."""
    out = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1]) == os.getpid() \
                    and (proc / "cmdline").read_bytes().split(b"\0")[0].endswith(b"WebKitWebDriver"):
                out.append(int(proc.name))
        except (OSError, ValueError, IndexError):
            pass
    return out


def worker_steps(b, origin: float) -> dict:
    """Firefox only: the Python worker's start steps from its console lines («Киты start: …»,
    which WebDriver BiDi's log.entryAdded carries from a worker too), ms after opening. Its state
    object (``self.kityStart``) is not reachable: Firefox 153 lists the worker's realm but does not
    evaluate in it ("Realm … not found"); WebKitGTK's classic WebDriver reaches only the page."""
    steps = {}
    for ev in getattr(b, "events", []):
        p = ev.get("params") or {}
        if ev.get("method") == "log.entryAdded" and str(p.get("text", "")).startswith("Киты start:"):
            text = p["text"][len("Киты start:"):].strip()
            steps.setdefault(text.rsplit(" (", 1)[0], p.get("timestamp", origin) - origin)
    if hasattr(b, "events"):
        b.events.clear()
    return steps


def engine_open(b, url: str, ready_js: str, kity: bool, what: str) -> dict:
    """Load ``url`` in the engine and wait for a usable Home; what the page says of its start."""
    cpu0, t0 = b.cpu_seconds(), time.perf_counter()
    b.goto(url)
    b.js(WATCH_JS % ready_js)
    ms = b.wait("window.__benchReady", ENGINE_START, "showed a usable Home")
    wall = time.perf_counter() - t0
    cpu = b.cpu_seconds() - cpu0
    info = b.js(PAGE_INFO)
    info.update(ms=ms, wall=wall, cpu=cpu)
    if kity:
        steps = worker_steps(b, info["origin"])
        where = ("" if steps else "; the worker's own steps (self.kityStart.times) are not reachable in this "
                 "engine (see the worker alone below)")
        steps.update(info["times"] or {})
        print(f"  Киты's {what} in {b.name}: ms after opening: "
              + ", ".join(f"{k} {v:.0f}" for k, v in sorted(steps.items(), key=lambda kv: kv[1]))
              + f", usable Home {ms:.0f}{where}")
        print(f"    page: DOM ready {info['dcl']}, load {info['load']}; largest downloads (start → end, ms): "
              + (", ".join(f"{n} {s}→{e}" for n, s, e in info["resources"]) or "none")
              + f"; the browser's CPU over the start: {cpu:.1f} s in {wall:.1f} s")
    return info


def wait_kept(b, kity: bool) -> str:
    """Until the service worker is active and (Киты) the start snapshot is kept; what was kept."""
    try:
        got = b.wait(KEPT_JS % ("true" if kity else "false"), 180, "kept the snapshot")
        return f"snapshot kept ({got / 2**20:.0f} MiB)" if kity else "service worker active"
    except AssertionError:
        return "NOT kept within 180 s" if kity else "service worker NOT active within 180 s"


def reopen(name: str, b, profile: Path):
    """The repeat visit's browser. Firefox: closed and started again on the same profile.
    WebKitGTK: its MiniBrowser under WebKitWebDriver (``--automation``) keeps its site data in
    memory only (an ephemeral session: nothing reaches the profile folder), so closing it loses
    the service worker and the snapshot; the nearest is a new tab in the same browser, the old
    tab closed (its page and its Python worker gone)."""
    if name == "firefox":
        try:  # as a person closes it: the browser's own shutdown, not a signal
            b.cmd("browser.close")
        except Exception:
            pass
        try:
            b.proc.wait(60)
        except Exception:
            pass
        b.close()
        return new_engine(name, profile)
    d = b.driver
    old = d.current_window_handle
    d.switch_to.new_window("tab")
    new = d.current_window_handle
    d.switch_to.window(old)
    d.close()
    d.switch_to.window(new)
    return b


ARM_CALL = "(%s)(%s)"
SHOWN_JS = "Promise.race([window.__shown, new Promise(r => setTimeout(() => r(null), 15000))])"


def engine_tap(b, target: str, ident: str, expected: str, mode: str) -> float | None:
    """One real tap on ``target``; in-page ms from its pointerdown to the frame showing
    ``ident``'s ``expected`` (ARM_JS), None when not shown within 15 s."""
    b.js(ARM_CALL % (ARM_JS, json.dumps([ident, expected, mode])))
    b.tap(target)
    return b.js(SHOWN_JS)


def engine_taps(b, kity: bool, n: int) -> list[float]:
    """Киты: a penalty number on the «Вжух!» score screen (3 → the sum shows 3) and «undo» (→ 0),
    ``n`` pairs; the floor: its button (→ the new count), 2 × ``n`` taps."""
    import random

    out = []
    # the progress screen goes after Home is in the accessibility tree (the floor's: 1 s after its
    # Python is up) and takes the taps until then (Playwright's click waits for that by itself)
    b.wait("!document.getElementById('kity-loading')", 30, "took the progress screen away")
    if kity:
        from companion.vzhuh import ids as vz
        from tests.e2e.test_phone_engines import new_vzhuh_game

        new_vzhuh_game(b)
        b.tap(vz.entry_player(0))
        b.wait_text(vz.ENTRY_SUM, "0")
        for _ in range(n):
            for target, expected in ((vz.entry_number(3), "3"), (vz.ENTRY_UNDO, "0")):
                time.sleep(random.uniform(0.2, 0.35))
                out.append(engine_tap(b, target, vz.ENTRY_SUM, expected, "equals"))
                b.wait_text(vz.ENTRY_SUM, expected)
    else:
        for i in range(1, 2 * n + 1):
            time.sleep(random.uniform(0.2, 0.35))
            out.append(engine_tap(b, "button:Tap", "floor-count", str(i), "equals"))
            b.wait_text("floor-count", str(i))
    return out


def engine_visits(name: str, servers, readiness, args, bench: Path, results: dict) -> None:
    """``--runs`` first + repeat visits of both apps in turn in one engine, into ``results`` (kept
    if the engine stops half-way); taps in the last run."""
    print(f"[{name}] load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    for run in range(args.runs):
        for app in (("floor", "kity") if run % 2 == 0 else ("kity", "floor")):
            httpd, handler, url = servers[app]
            kity, last = app == "kity", run == args.runs - 1
            profile = bench / f"profile-{name}-{app}-{run}"
            handler.sent = 0
            b = new_engine(name, profile)
            try:
                first = engine_open(b, url, readiness[app], kity, "first start")
                first_bytes = handler.sent
                kept = wait_kept(b, kity)
                marked = kity and b.js(MARK_JS)
                handler.sent = 0
                b = reopen(name, b, profile)
                repeat = engine_open(b, url, readiness[app], kity, "repeat start")
                if marked:
                    time.sleep(5)  # a normal start would have kept a new snapshot by now
                    print(f"    the repeat start was from the snapshot the first visit kept: {b.js(MARKED_JS)}")
                results[app].append({"first_s": first["ms"] / 1000, "repeat_s": repeat["ms"] / 1000})
                print(f"[{name}] run {run + 1} {app}: first visit {first['ms'] / 1000:.1f} s "
                      f"({first_bytes / 2**20:.1f} MiB sent; {kept}), repeat visit {repeat['ms'] / 1000:.1f} s "
                      f"({handler.sent / 2**10:.0f} KiB sent)"
                      + (" [Home was already up at the load event: an upper bound]"
                         if first["early"] or repeat["early"] else ""), flush=True)
                if last and args.engine_taps:
                    inpage = engine_taps(b, kity, args.engine_taps)
                    ok = [x for x in inpage if x is not None]
                    results["tap"][app] = ok
                    what = ("a «Вжух!» penalty number / «undo» → the sum shown" if kity
                            else "the floor's button → the new count shown")
                    if ok:
                        print(f"[{name}] {what}, in the page (pointerdown → frame shown): n={len(ok)} "
                              f"p50={pct(ok, .5):.0f} ms p95={pct(ok, .95):.0f} ms max={max(ok):.0f} ms"
                              + (f"; {len(inpage) - len(ok)} not seen" if len(ok) < len(inpage) else ""))
                    else:
                        print(f"[{name}] {what}: no tap's effect was seen by the page's clock")
            finally:
                b.close()
    worker_alone(name, servers["kity"][2], bench)


def engine_table(all_results: dict, runs: int) -> None:
    def med(res: dict, app: str, key: str) -> float:
        return statistics.median(r[key] for r in res[app]) if res[app] else float("nan")

    print(f"medians of {runs} run(s), to a usable Home, s (in the page: navigation start → Home in the "
          f"accessibility tree); Киты vs the floor in the same engine:")
    print("engine | Киты first | floor first | ratio | Киты repeat | floor repeat | ratio")
    for name, res in all_results.items():
        kf, ff = med(res, "kity", "first_s"), med(res, "floor", "first_s")
        kr, fr = med(res, "kity", "repeat_s"), med(res, "floor", "repeat_s")
        n = {len(res["kity"]), len(res["floor"])}
        print(f"{name} | {kf:.2f} | {ff:.2f} | {kf / ff:.2f}× | {kr:.2f} | {fr:.2f} | {kr / fr:.2f}×"
              + ("" if n == {runs} else f" (runs done: Киты {len(res['kity'])}, floor {len(res['floor'])})"))
    if any(res["tap"] for res in all_results.values()):
        print("a tap, in the page (pointerdown → the frame showing it), ms:")
        print("engine | Киты «Вжух!» number p50 | p95 | floor button p50 | p95")
        for name, res in all_results.items():
            k, f = res["tap"].get("kity") or [float("nan")], res["tap"].get("floor") or [float("nan")]
            print(f"{name} | {pct(k, .5):.0f} | {pct(k, .95):.0f} | {pct(f, .5):.0f} | {pct(f, .95):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=30, help="card + undo pairs on the whale table")
    ap.add_argument("--runs", type=int, default=3, help="first + repeat visits of both apps, in turn")
    ap.add_argument("--no-computer", dest="computer", action="store_false",
                    help="skip the same taps on the computer edition (the reference)")
    ap.add_argument("--no-one-core", dest="one_core", action="store_false",
                    help="skip the same figures with chromium held to one core (taskset -c 0)")
    ap.add_argument("--no-chromium", dest="chromium", action="store_false",
                    help="skip chromium (and the computer edition): the other engines alone")
    ap.add_argument("--engines", default="firefox,webkit",
                    help="the other engines to measure, comma-separated (firefox, webkit; '' for none); "
                         "one not installed is skipped")
    ap.add_argument("--tap-runs", type=int, default=2,
                    help="issue 52: runs of whale-table taps beside the same-work floor (0: none)")
    ap.add_argument("--no-other-games", dest="other_games", action="store_false",
                    help="issue 52: the whale table and its floor only, not each other game's main tap")
    ap.add_argument("--no-visits", dest="visits", action="store_false",
                    help="skip the visits of issue 41 (first / repeat visit, bytes, import times)")
    ap.add_argument("--engine-taps", type=int, default=10,
                    help="in each other engine: «Вжух!» number + «undo» pairs, and twice as many floor taps")
    args = ap.parse_args()
    from tests.e2e.conftest import CHROMIUM

    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bench = ROOT / "build" / "bench"
    shutil.rmtree(bench, ignore_errors=True)
    floor_src = bench / "floor-src"
    floor_src.mkdir(parents=True)
    (floor_src / "main.py").write_text(FLOOR_APP, encoding="utf-8")
    table_src = bench / "floor-table-src"
    table_src.mkdir()
    shutil.copy(ROOT / "tests" / "e2e" / "floor_table.py", table_src / "main.py")
    builds = {"kity": publish(bench / "kity", None), "floor": publish(bench / "floor", floor_src),
              "floor-table": publish(bench / "floor-table", table_src)}
    for name, b in builds.items():
        print(f"build {name}: {b['seconds']} s, {b['files']} files, {b['bytes'] / 2**20:.1f} MiB "
              f"(app.tar.gz {b['archive_bytes'] / 2**10:.0f} KiB)")
    readiness = {"floor": FLOOR_READY, "kity": kity_ready(), "floor-table": FLOOR_TABLE_READY}
    servers = {name: serve(bench / name) for name in ("floor", "kity", "floor-table")}
    alone = bench / "worker-alone"
    alone.mkdir()
    (alone / "__bench_start.html").write_text(ALONE_PAGE, encoding="utf-8")
    (alone / "__bench_start.js").write_text(ALONE_WORKER, encoding="utf-8")
    servers["kity"][1].extra = {p.name: p for p in alone.iterdir()}
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
    if args.chromium:
        chromium(args, servers, readiness, bench, modes, results)
    others = {}
    wanted = [e.strip() for e in args.engines.split(",") if e.strip()]
    xvfb = None
    for name in wanted:
        if name not in ("firefox", "webkit"):
            print(f"{name}: not an engine this bench drives (firefox, webkit)")
            continue
        if not have_engine(name):
            print(f"{name}: not installed (Debian's firefox-esr, webkit2gtk-driver): skipped")
            continue
        if name == "webkit" and not os.environ.get("DISPLAY"):
            from tests.e2e import engines

            xvfb = engines.display()
        try:
            others[name] = {"floor": [], "kity": [], "tap": {}}
            engine_visits(name, servers, readiness, args, bench, others[name])
        except Exception as ex:  # the figures of the other engine still count
            print(f"[{name}] stopped: {type(ex).__name__}: {ex}")
    if xvfb is not None:
        from tests.e2e import engines

        engines.stop_display(xvfb)
    for httpd, _, _ in servers.values():
        httpd.shutdown()
    for label, res in results.items():
        if label == "table taps":
            table_report(res["table"], res["others"], args)
        else:
            summary(res, label, args.runs)
    if others:
        engine_table(others, args.runs)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def chromium(args, servers, readiness, bench: Path, modes, results: dict) -> None:
    """The figures of issue 41 in chromium (as it is, and held to one core), and the computer
    edition's taps for reference."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM

    with sync_playwright() as pw:
        if args.tap_runs:  # issue 52, first: on this machine's load as it is when the bench starts
            results["table taps"] = table_taps(pw, servers, readiness, args, bench)
        for n, (label, exe) in enumerate(modes if args.visits else []):
            results[label] = visits(pw, servers, readiness, args, bench, exe, label, detail=n == 0)
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


if __name__ == "__main__":
    main()
