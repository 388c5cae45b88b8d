"""Browser test harness: the real app (``python -m companion``) driven in Debian chromium.

* ``server``: the app as a subprocess on a free port, with a temporary ``KITY_DATA_DIR`` and
  ``KITY_NO_BROWSER=1`` (function scope: a fresh data folder per test, ~1 s). Call
  ``server.restart()`` to check that something survives a restart (same data folder).
* ``browser``: one chromium per session (``/usr/bin/chromium``; never ``playwright install``).
* ``ui`` / ``ui_tablet``: a page at phone 412×915 / tablet 1280×800 with the a11y tree on and
  the home screen ready; after the test it asserts that the "Error running app" overlay never
  appeared. ``UI`` helpers: tap / tap_id / read / wait_text / wait_id / fill / choose / shot.
* Screenshots go to ``docs/screenshots/`` when ``KITY_SCREENSHOTS=1`` or ``shot(name, keep=True)``;
  otherwise to the test's tmp folder. A failed test leaves ``<test>.png`` in ``tests/e2e/artifacts/``.
* ``startup_times``: process start → first interactive control, measured on every server start.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from companion.base import ids
from companion.base.i18n import translate

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "docs" / "screenshots"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("KITY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 412, "height": 915}
TABLET = {"width": 1280, "height": 800}
STARTUP_TIMES: list[float] = []


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: drives the real app in chromium (needs /usr/bin/chromium)")


def pytest_collection_modifyitems(config, items):
    # A browser test on a loaded 2-core machine can lose a tap (the a11y layer re-renders under
    # it); it gets one more run, and pytest's summary lists every rerun, so flakiness stays visible.
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(pytest.mark.flaky(reruns=1))
    if not Path(CHROMIUM).exists():
        skip = pytest.mark.skip(reason=f"no chromium at {CHROMIUM} (scripts/test.sh installs it)")
        for item in items:
            if "e2e" in item.keywords:
                item.add_marker(skip)


def _descends_from_us(pid: int) -> bool:
    me = os.getpid()
    for _ in range(10):
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
        if pid == me:
            return True
    return False


def _kill_renderers() -> None:
    """Kill this run's chromium renderers (their pages crash; the browser stays)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            hung = b"--type=renderer" in (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if hung and _descends_from_us(int(proc.name)):
            try:
                os.kill(int(proc.name), 9)
            except OSError:
                pass


@pytest.fixture(autouse=True)
def _renderer_watchdog(request):
    """A browser test still running 20 s before its timeout has its renderers killed: every
    Playwright call waiting on them then fails at once, so the test fails and gets its rerun.
    Seen once: a renderer hung at 100 % CPU, a call without a timeout waited on it, and the
    timeout's SIGALRM never reached Python (the main thread sat in Playwright's event loop) —
    the run stood still. Linux /proc only; elsewhere it does nothing."""
    if "e2e" not in request.keywords or not Path("/proc").is_dir():
        yield
        return
    limit = float(request.config.getoption("timeout", None) or request.config.getini("timeout") or 300)
    timer = threading.Timer(max(30.0, limit - 20), _kill_renderers)
    timer.daemon = True
    timer.start()
    yield
    timer.cancel()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


def pytest_terminal_summary(terminalreporter):
    if STARTUP_TIMES:
        s = sorted(STARTUP_TIMES)
        terminalreporter.write_line(
            f"kity cold start (process start -> first interactive control): n={len(s)} "
            f"min={s[0]:.2f}s median={s[len(s) // 2]:.2f}s max={s[-1]:.2f}s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The app as a subprocess. ``table_code``: table mode (``--table``) with that fixed code;
    ``url`` then carries the code (the join address on this machine). ``module``: what ``python -m``
    runs — the app, or a launcher that adds a game first and then runs it (``tests.fifth_game``)."""

    def __init__(self, data_dir: Path, log_dir: Path, extra_env: dict | None = None,
                 table_code: str | None = None, module: str = "companion"):
        self.data_dir, self.log_dir, self.extra_env = data_dir, log_dir, extra_env or {}
        self.table_code, self.module = table_code, module
        self.proc = None
        self.starts = 0

    def start(self) -> None:
        # the app owns its data folder (one process per folder): a test that seeded it in
        # this process gives it up first
        from companion.store.repository import Store
        seeded = Store._registry.get(os.path.realpath(self.data_dir))
        if seeded is not None:
            seeded.close()
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.url = self.base + (f"?code={self.table_code}" if self.table_code else "")
        self.starts += 1
        self.log = self.log_dir / f"server-{self.starts}.log"
        env = dict(os.environ, KITY_PORT=str(self.port), KITY_DATA_DIR=str(self.data_dir),
                   KITY_NO_BROWSER="1", **self.extra_env)
        env.pop("FLET_SERVER_PORT", None)
        args = []
        if self.table_code:
            env["KITY_TABLE_CODE"] = self.table_code
            args = ["--table"]
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", self.module, *args], env=env, cwd=REPO,
                                     stdout=open(self.log, "w"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url, timeout=1).read()
                break
            except Exception:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start:\n{self.log_text()}")
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def restart(self) -> None:
        self.stop()
        self.start()

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""


# Whether the control tagged ``id`` is on (``on``) or off: off when it, or the button inside
# its Semantics, is aria-disabled; false while no such control is shown.
SWITCHED = """([id, on]) => { const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  if (!e) return false;
  return (e.getAttribute('aria-disabled') === 'true' || !!e.querySelector('[aria-disabled="true"]')) !== on; }"""

# Resolves once the page has drawn two more frames.
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def settled(ui: "UI", read, before, settle_ms: int = 400, poll_ms: int = 80):
    """``(value, seen)`` of ``read()`` once ``seen`` has moved from ``before`` and stands still
    (two reads ``poll_ms`` apart agree), or as it is ``settle_ms`` on if it never moved (a scroll
    that met the end). A sweep through a screen reads each stop as soon as it is still, instead
    of after a fixed wait, and tells the end as it did before: nothing moved in ``settle_ms``."""
    waited, last = 0, None
    while True:
        value, seen = read()
        if waited >= settle_ms or (seen == last and seen != before):
            return value, seen
        last = seen
        ui.page.wait_for_timeout(poll_ms)
        waited += poll_ms


class UI:
    """Helpers over a Playwright page showing the app. Labels come from the app's catalogs."""

    def __init__(self, page, server: Server, shots_dir: Path, lang: str = "ru"):
        self.page, self.server, self.shots_dir, self.lang = page, server, shots_dir, lang

    # text of the app in the language under test
    def tr(self, msgid: str) -> str:
        return translate(self.lang, msgid)

    def open(self, timeout: float = 30000) -> float:
        """Load the app, switch the a11y tree on, wait for the first home button; return seconds."""
        self.page.goto(self.server.url)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=timeout)
        self.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
        self.wait_id(ids.HOME_RULES, timeout=timeout)
        return time.perf_counter() - self.server.t0

    @staticmethod
    def sel(ident: str) -> str:
        return f'[flt-semantics-identifier="{ident}"]'

    def by_id(self, ident: str):
        return self.page.locator(self.sel(ident)).last

    def wait_id(self, ident: str, timeout: float = 10000):
        self.page.wait_for_selector(self.sel(ident), state="attached", timeout=timeout)

    def tap(self, name: str):
        self.page.get_by_role("button", name=name, exact=True).last.click()

    def tap_id(self, ident: str):
        self.wait_id(ident)
        self.into_view(ident)
        self.by_id(ident).click()

    def into_view(self, ident: str) -> None:
        """A control scrolled out of the screen is scrolled back in with the wheel, as a person
        would: Flutter scrolls its own lists, so the DOM's scrolling (Playwright's) may not move
        it (Home came back from Settings scrolled to its end, «Продолжить игру» above the top)."""
        view = self.page.viewport_size
        for _ in range(8):
            box = self.by_id(ident).bounding_box()
            if box is None or (box["y"] >= 0 and box["y"] + box["height"] <= view["height"]):
                return
            self.page.mouse.move(view["width"] / 2, view["height"] / 2)
            self.page.mouse.wheel(0, box["y"] - view["height"] / 3)
            self.page.evaluate(TWO_FRAMES)

    def read(self, ident: str) -> str:
        self.wait_id(ident)
        return self.by_id(ident).text_content() or ""

    def wait_text(self, ident: str, expected: str, timeout: float = 10000):
        try:
            self.page.wait_for_function(
                """([id, exp]) => [...document.querySelectorAll(`[flt-semantics-identifier="${id}"]`)]
                     .some(e => (e.textContent || e.getAttribute('aria-label') || '').includes(exp))""",
                arg=[ident, expected], timeout=timeout)
        except Exception as ex:
            got = [e.text_content() for e in self.page.locator(self.sel(ident)).all()]
            raise AssertionError(f"{ident!r} never showed {expected!r}; it shows {got!r}") from ex

    def selected(self, ident: str) -> bool:
        el = self.by_id(ident)
        return "true" in {el.get_attribute("aria-selected"), el.get_attribute("aria-checked"),
                          el.get_attribute("aria-current")}

    def wait_enabled(self, ident: str, on: bool = True, timeout: float | None = None):
        """Until the control ``ident`` is shown enabled (``on``) or disabled."""
        self.page.wait_for_function(SWITCHED, arg=[ident, on], timeout=timeout)

    def _field(self, label_or_id: str):
        box = self.page.locator(f'{self.sel(label_or_id)} input, {self.sel(label_or_id)} textarea')
        if box.count() == 0:
            box = self.page.get_by_label(label_or_id)
        return box.last

    def fill(self, label_or_id: str, text: str):
        """Type ``text`` into a field, and check two frames on that the field's input holds
        it. Typed just as the screen redraws around it (the third name of a new game, drawn on
        one thread), the text can be lost: Flutter replaces the field's <input>, or sets it
        back to the field's own text as it takes it over. The field is then typed again, as a
        person seeing it empty would."""
        for _ in range(3):
            box = self._field(label_or_id)
            box.click()
            box.fill(text)
            self.page.evaluate(TWO_FRAMES)
            if self._field(label_or_id).input_value() == text:
                return

    def fill_names(self, names) -> None:
        """Type the players' names of a new game, each confirmed by the app (the order line
        repeats them). Typing into Flutter's a11y <input> can land in the field that had the
        focus before; a person sees that at once, the test types the names again."""
        for i in range(len(names)):
            for attempt in range(3):
                for k in (range(i + 1) if attempt else (i,)):  # a retry types them all again
                    self.fill(ids.new_name(k), names[k])
                try:  # the whole order, exactly: «АняАня · Боря» contains «Аня · Боря»
                    self.page.wait_for_function(
                        """([id, exp]) => [...document.querySelectorAll(`[flt-semantics-identifier="${id}"]`)]
                             .some(e => { const s = e.textContent || e.getAttribute('aria-label') || '';
                                          return s.slice(s.indexOf(': ') + 2) === exp; })""",
                        arg=[ids.NEW_ORDER, " · ".join(names[:i + 1])], timeout=3000)
                    break
                except Exception:  # playwright's TimeoutError
                    if attempt == 2:
                        raise AssertionError(f"the order line never showed {names[:i + 1]}: "
                                             f"{self.read(ids.NEW_ORDER)!r}")
                    self.page.wait_for_timeout(300)

    def choose(self, ident: str, option: str):
        self.tap_id(ident)
        self.page.get_by_role("button", name=option, exact=True).first.click()

    def back(self):
        """The app bar's back arrow (its name follows the app's locale)."""
        import re
        # (a hover tooltip repeats the name: "Назад Назад")
        self.page.get_by_role("button", name=re.compile(r"^(Back|Назад)( (Back|Назад))*$")).last.click()
        self.page.mouse.move(1, 1)

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour of one screen pixel (from a 1×1 PNG: its first pixel is never filtered)."""
        import struct
        import zlib
        self.page.wait_for_timeout(400)
        png = self.page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
        pos, idat = 8, b""
        while pos < len(png):
            n, kind = struct.unpack(">I4s", png[pos:pos + 8])
            if kind == b"IDAT":
                idat += png[pos + 8:pos + 8 + n]
            pos += 12 + n
        raw = zlib.decompress(idat)
        return raw[1], raw[2], raw[3]

    def shot(self, name: str, keep: bool = False, settle_ms: int = 900) -> Path:
        """Screenshot (after the canvas paints). Kept in docs/screenshots/ when asked to; one
        not kept (the test's tmp folder) waits two frames instead of ``settle_ms``."""
        keep = keep or os.environ.get("KITY_SCREENSHOTS") == "1"
        if keep:
            self.page.wait_for_timeout(settle_ms)
        else:
            self.page.evaluate(TWO_FRAMES)
        folder = SHOTS if keep else self.shots_dir
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path

    def no_crash_overlay(self) -> bool:
        return self.page.get_by_text("Error running app").count() == 0


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    s = Server(data, tmp_path)
    s.start()
    yield s
    s.stop()


def _ui(browser, server, request, tmp_path, viewport):
    ctx = browser.new_context(viewport=viewport, locale="ru-RU", color_scheme="light")
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    u = UI(page, server, tmp_path / "shots")
    STARTUP_TIMES.append(u.open())
    yield u
    try:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
        assert u.no_crash_overlay(), "the app showed 'Error running app':\n" + server.log_text()
        assert "Traceback" not in (page.locator("flt-semantics-host").text_content() or "")
    finally:
        ctx.close()


@pytest.fixture
def ui(browser, server, request, tmp_path):
    yield from _ui(browser, server, request, tmp_path, PHONE)


@pytest.fixture
def ui_tablet(browser, server, request, tmp_path):
    yield from _ui(browser, server, request, tmp_path, TABLET)


# The phone edition's build and its server, once per run for every module that uses them.
from .phone import pw, site  # noqa: E402,F401
