"""The phone edition in the browser tests: one build per run at most (``scripts/publish.py``, the
command of ``bash scripts/publish.sh``; kept in build/test-phone/ and used again while its inputs
are unchanged), served by ``python3 -m http.server`` on 127.0.0.1, shared by every test module
that asks for the ``site`` fixture (conftest re-exports ``site`` and ``pw``). A
``Phone`` is a browser profile of its own; ``Phone.open()`` loads the app and waits for Home.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.base import ids
from companion.vzhuh import ids as vz

from .conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, PHONE, REPO, UI, free_port


START = 120_000  # ms: a cold start of Python in the browser on a loaded 2-core machine


def serve(folder: Path) -> tuple[str, subprocess.Popen]:
    """``python3 -m http.server`` on 127.0.0.1 serving ``folder``, once it answers: (url, process)."""
    port = free_port()
    srv = subprocess.Popen([sys.executable, "-m", "http.server", "-d", str(folder), str(port), "--bind", "127.0.0.1"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 10
    import urllib.request
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return url, srv
        except OSError:
            assert time.monotonic() < deadline, "http.server did not start"
            time.sleep(0.1)


# What goes into the build: a build of the same inputs is used again (the test run's workers, and
# a later run of one module while changing a screen: README «Tests»).
BUILD_INPUTS = ["main.py", "companion", "engine", "assets", "scripts/publish.py", "scripts/phone-start.js",
                "scripts/phone-start-modules.txt", "scripts/make_icon.py", "pyproject.toml"]
BUILD_DEPS = ["flet", "flet-web", "flet-cli", "flet-charts", "msgpack", "repath", "six", "tinydb", "babel",
              "segno", "openskill"]
BUILDS = REPO / "build" / "test-phone"


def build_key() -> str:
    """A hash of every file the phone edition is built from, and of the packages it packs."""
    import hashlib
    import importlib.metadata as md

    h = hashlib.sha256(sys.version.encode())
    for dep in BUILD_DEPS:
        h.update(f"{dep}=={md.version(dep)}\n".encode())
    for top in BUILD_INPUTS:
        path = REPO / top
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for f in files:
            rel = f.relative_to(REPO).as_posix()
            if "__pycache__" in rel or "/compiled/" in rel:
                continue
            h.update(rel.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


def built_site() -> tuple[Path, dict]:
    """The phone edition built by the same command as ``bash scripts/publish.sh``, once for all
    the run's workers (a file lock) and kept in build/test-phone/ until its inputs change."""
    from filelock import FileLock

    BUILDS.mkdir(parents=True, exist_ok=True)
    key = build_key()
    out, done = BUILDS / key / "web", BUILDS / key / "built.json"
    with FileLock(str(BUILDS / ".lock"), timeout=900):
        if not done.is_file():
            for old in BUILDS.iterdir():  # only the newest build is kept
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
            built = subprocess.run([sys.executable, str(REPO / "scripts" / "publish.py"), "--out", str(out)],
                                   cwd=REPO, capture_output=True, text=True, timeout=600)
            assert built.returncode == 0, built.stderr[-3000:]
            done.write_text(built.stdout.strip().splitlines()[-1], encoding="utf-8")
    return out, json.loads(done.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def site():
    """The phone edition's folder (:func:`built_site`), served locally by this worker."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}")
    out, info = built_site()
    url, srv = serve(out)
    yield {"url": url, "out": out, **info}
    srv.terminate()
    srv.wait(5)


@pytest.fixture(scope="session")
def pw(browser):
    """The session's Playwright (conftest's ``browser``): one process runs one sync Playwright."""
    return SimpleNamespace(chromium=browser.browser_type)


class Phone:
    """A browser profile (a folder: IndexedDB, service worker, caches) and its open context."""

    def __init__(self, pw, site, profile: Path, request, lan_name: str | None = None):
        """``lan_name``: the site is opened under that name (mapped to 127.0.0.1 by the browser's
        resolver), over plain http: not a secure context — no service worker, no Cache API — as
        a phone sees a computer of the table's Wi-Fi (issue 53)."""
        self.pw, self.site, self.profile, self.request = pw, site, profile, request
        self.lan_name = lan_name
        self.left_origin: list[str] = []
        self.console: list[str] = []  # the page's and its workers' console lines (kept for a failure)
        self.ctx = None

    def open(self) -> UI:
        args, origin = list(CHROMIUM_ARGS), self.site["url"]
        if self.lan_name:
            args.append(f"--host-resolver-rules=MAP {self.lan_name} 127.0.0.1")
            origin = origin.replace("127.0.0.1", self.lan_name, 1)
        self.ctx = self.pw.chromium.launch_persistent_context(
            str(self.profile), executable_path=CHROMIUM, args=args, viewport=PHONE, locale="ru-RU",
            color_scheme="light", accept_downloads=True)
        self.ctx.set_default_timeout(20000)

        def guard(route):  # nothing may leave the page's origin (issue 16: no CDN, no network)
            url = route.request.url
            if url.startswith(origin) or url.startswith(("data:", "blob:")):
                route.fallback()
            else:
                self.left_origin.append(url)
                route.abort()

        self.ctx.route("**/*", guard)
        self.ctx.on("request", lambda r: None if r.url.startswith((origin, "data:", "blob:"))
                    else self.left_origin.append(r.url))
        self.ctx.on("console", lambda m: self.console.append(f"{time.perf_counter():.2f} {m.type}: {m.text}"))
        page = self.ctx.pages[0] if self.ctx.pages else self.ctx.new_page()
        ui = UI(page, type("S", (), {"url": origin, "t0": time.perf_counter()})(), self.profile.parent / "shots")
        self.load(ui)
        return ui

    @staticmethod
    def load(ui: UI, reload: bool = False) -> None:
        if reload:
            ui.page.reload()
        else:
            ui.page.goto(ui.server.url)
        ui.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
        ui.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
        ui.page.wait_for_selector(f"{ui.sel(ids.SCREEN_HOME)}, {ui.sel(ids.TABLE_TRICK)}, {ui.sel(vz.SCREEN_SCORE)}",
                                  state="attached", timeout=START)

    def close(self, ui: UI | None = None) -> None:
        if self.ctx is not None:
            rep = getattr(self.request.node, "rep_call", None)
            failing = sys.exc_info()[0] is not None  # closed in a test's ``finally`` as it fails
            if ui is not None and (failing or (rep is not None and rep.failed)):
                ARTIFACTS.mkdir(exist_ok=True)
                try:
                    ui.page.screenshot(path=str(ARTIFACTS / f"{self.request.node.name}-{self.profile.name}.png"))
                except Exception:  # a page that is gone has nothing to show
                    pass
            self.ctx.close()
            self.ctx = None
            # beside the profile, for a failure's post-mortem (pytest keeps the last runs' tmp_path)
            self.profile.with_name(self.profile.name + "-console.log").write_text("\n".join(self.console))


def cached_files(ui: UI) -> int:
    """How many files the app's service worker has precached (0 until it is installed)."""
    return ui.page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        const names = (await caches.keys()).filter(k => k.startsWith("kity-"));
        if (names.length !== 1) return -names.length;
        const keys = await (await caches.open(names[0])).keys();
        return keys.filter(r => !r.url.endsWith("/__kity_files__.json")).length;
    }""")
