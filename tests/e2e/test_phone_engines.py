"""The phone edition in Firefox ESR and WebKitGTK (issue 47): half the phones at a table are
iPhones, whose every browser is WebKit, and some people use Firefox. One build (``site``), one
browser start per engine (``engines.py`` says how each is driven), a page served by its own
``http.server`` so that the test can take the network away.

In each engine: Home; 20 s at idle on Home with no request made and ≤ 5 % of a core used by the
whole browser (the web client once asked ~10 times a second, forever, for fallback fonts the build
did not hold: 86 % of a core in Firefox, 139 % in WebKit); «Позвать игроков» gives a code, or says
at once that this browser cannot link phones (no WebRTC); a «Вжух!» party (Аня 3 + 3 = 6, Боря
10, Вика 0: VZ-SCORE); a reload; the server gone and a reload from the service worker's cache.
In Firefox also: a browser whose language is not a language tag ("C") starts in English, and a
screen client that fails to start is said on the progress screen with a key to reload.
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from companion.base import ids
from companion.screens.phone_table import INVITE_QR, PROBLEM
from companion.vzhuh import ids as vz

from . import engines
from .conftest import SHOTS
from .phone import serve

pytestmark = pytest.mark.e2e

START = 240  # s: a first start of Python in WebKitGTK on a loaded 2-core machine took 25-60 s
IDLE = 20.0  # s at idle on Home
IDLE_CPU = 0.05 * IDLE  # ≤ 5 % of one core
PLAYERS = ["Аня", "Боря", "Вика"]
BACK = "button:Назад"  # the app bar's arrow
END, BACKSPACE = "\ue010", "\ue003"  # WebDriver's keys (BiDi and Selenium alike)


def _have(engine: str) -> bool:
    return Path(engines.FIREFOX if engine == "firefox" else engines.WEBKIT_DRIVER).exists()


@pytest.fixture
def xdisplay():
    proc = engines.display()
    yield
    engines.stop_display(proc)


def shot(b: engines.Engine, tmp_path: Path, name: str) -> Path:
    keep = os.environ.get("KITY_SCREENSHOTS") == "1"
    return b.screenshot((SHOTS if keep else tmp_path / "shots") / f"{name}.png")


def open_home(b: engines.Engine, url: str, reload: bool = False) -> float:
    """Load the app (or reload it) and wait for Home or the game it reopens; seconds taken."""
    t0 = time.monotonic()
    b.reload() if reload else b.goto(url)
    b.enable_semantics(START)
    b.wait(f"!!document.querySelector('{engines.semantics(ids.SCREEN_HOME)}, {engines.semantics(vz.SCREEN_SCORE)}')",
           START, "showed Home")
    return time.monotonic() - t0


def fill(b: engines.Engine, ident: str, text: str, order: list[str]) -> None:
    """Type a name as a person does (tap the field, type), until the order line shows it."""
    want = " · ".join(order)
    for _ in range(3):
        b.tap(ident)
        time.sleep(0.3)
        b.type(text)
        try:
            b.wait(f"""[...document.querySelectorAll('{engines.semantics(ids.NEW_ORDER)}')].some(e => {{
                       const s = e.textContent || e.getAttribute('aria-label') || '';
                       return s.slice(s.indexOf(': ') + 2) === {want!r}; }})""", 5, f"ordered {want}")
            return
        except AssertionError:  # as a person does: the field's words erased (End, then ⌫), typed again
            b.tap(ident)
            time.sleep(0.3)
            b.type(END + BACKSPACE * 24)
    raise AssertionError(f"{b.name}: the order line never showed {want!r}: {b.text(ids.NEW_ORDER)!r}")


def totals(b: engines.Engine) -> list[str]:
    return [b.text(vz.total(i)).strip() for i in range(len(PLAYERS))]


def step(b: engines.Engine, what: str) -> None:
    print(f"{b.name} {time.strftime('%H:%M:%S')}: {what}", flush=True)


def new_vzhuh_game(b: engines.Engine) -> None:
    """Home → a new «Вжух!» game of PLAYERS, Аня first: its score screen (also
    scripts/bench_phone.py's taps in each engine)."""
    step(b, "a «Вжух!» game")
    b.tap("home-game-vzhuh")
    b.tap(ids.HOME_NEW)
    b.wait_id(vz.SCREEN_NEW)
    for k, name in enumerate(PLAYERS):
        fill(b, ids.new_name(k), name, PLAYERS[:k + 1])
    step(b, "names typed")
    b.tap(vz.new_first(0))
    b.tap(vz.NEW_START)
    b.wait_id(vz.SCREEN_SCORE)


def vzhuh_party(b: engines.Engine) -> list[str]:
    new_vzhuh_game(b)
    for seat, taps in ((0, (3, 3)), (1, (10,))):
        b.tap(vz.entry_player(seat))
        b.wait(f"""['aria-selected', 'aria-checked', 'aria-current'].some(a =>
                   document.querySelector('{engines.semantics(vz.entry_player(seat))}').getAttribute(a) === 'true')""",
               10, f"selected seat {seat}")
        for n in taps:
            b.tap(vz.entry_number(n))
        b.wait_text(vz.ENTRY_SUM, "3×2 = 6" if seat == 0 else "10")
    b.wait_text(vz.RECORD, "Аня 6 · Боря 10 · Вика 0")
    b.tap(vz.RECORD)
    b.wait_text(vz.PARTY_TITLE, "Партия 2 из 3")
    return totals(b)


def back_to_the_party(b: engines.Engine) -> None:
    if not b.js(f"!!document.querySelector('{engines.semantics(vz.SCREEN_SCORE)}')"):
        b.tap(ids.HOME_CONTINUE)
    b.wait_text(vz.PARTY_TITLE, "Партия 2 из 3")


def idle_on_home(b: engines.Engine) -> tuple[list[str], float]:
    """The requests the page made and the CPU seconds the browser used over IDLE s on Home."""
    b.wait_id(ids.SCREEN_HOME)
    time.sleep(3)  # the first frames settle
    b.start_counting()
    cpu0 = b.cpu_seconds()
    time.sleep(IDLE)
    return b.requests(), b.cpu_seconds() - cpu0


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_the_phone_edition_runs_idles_quietly_and_works_offline(engine, site, tmp_path, xdisplay):
    if not _have(engine):
        pytest.skip(f"no {engine} (scripts/test.sh installs firefox-esr and webkit2gtk-driver)")
    url, srv = serve(site["out"])
    # Firefox as on a machine without a locale: its language "C" is no language tag (issue 47)
    b = engines.Firefox(tmp_path / "profile", lang="C") if engine == "firefox" else engines.WebKit(tmp_path / "profile")
    try:
        first = open_home(b, url)
        if engine == "firefox":  # started, in the nearest language (the app itself: Russian by its settings)
            assert b.js("[navigator.language, navigator.languages]") == ["en", ["en"]]
            b.wait("!document.getElementById('kity-loading')", 10, "took the progress screen away")
        requests, cpu = idle_on_home(b)
        print(f"{engine}: first start to Home {first:.1f} s; idle on Home {cpu:.2f} s of CPU in {IDLE:.0f} s, "
              f"{len(requests)} requests")
        assert requests == [], f"{engine} asked at idle: {sorted(set(requests))[:5]}"
        assert cpu <= IDLE_CPU, f"{engine} used {cpu:.2f} s of CPU in {IDLE:.0f} s at idle (≤ {IDLE_CPU:.1f})"
        shot(b, tmp_path, f"phone-edition-home-{engine}")

        # «Позвать игроков»: a code to scan, or at once the word that this browser cannot link
        b.tap(ids.HOME_INVITE)
        b.wait_id(ids.SCREEN_INVITE)
        if b.js("typeof RTCPeerConnection") == "function":
            b.wait_id(INVITE_QR, 60)
        else:
            b.wait_text(PROBLEM, "WebRTC", 10)
            assert "Chrome, Safari или Firefox" in b.text(PROBLEM)
            shot(b, tmp_path, f"phone-edition-no-webrtc-{engine}")
        step(b, "back from the invitation")
        b.tap(BACK)
        b.wait_id(ids.SCREEN_HOME)

        # a «Вжух!» party: Аня 3 + 3 = 6, Боря 10, Вика 0 (VZ-SCORE)
        assert vzhuh_party(b) == ["6", "10", "0"]
        shot(b, tmp_path, f"phone-edition-vzhuh-{engine}")
        # the service worker holds this build before the network goes (the offline start needs it)
        b.wait("""(async () => { const reg = await navigator.serviceWorker.ready;
                   const names = (await caches.keys()).filter(k => k.startsWith("kity-"));
                   if (names.length !== 1 || !reg.active) return false;
                   return (await (await caches.open(names[0])).keys()).length >= %d; })()""" % site["precached"],
               120, "cached the build")
        repeat = open_home(b, url, reload=True)
        back_to_the_party(b)
        assert totals(b) == ["6", "10", "0"]

        srv.terminate()
        srv.wait(5)
        offline = open_home(b, url, reload=True)
        back_to_the_party(b)
        assert totals(b) == ["6", "10", "0"]
        print(f"{engine}: reload to Home {repeat:.1f} s; offline reload {offline:.1f} s")
        if engine == "firefox":
            failed_start_is_said(b, site, tmp_path)
    finally:
        b.close()
        if srv.poll() is None:
            srv.terminate()


def failed_start_is_said(b: engines.Engine, site, tmp_path: Path) -> None:
    """A copy of the build whose screen client fails as it starts: the progress screen says so
    (in the browser's language: English here) with a key to reload."""
    broken = tmp_path / "broken"
    broken.mkdir()
    for p in site["out"].iterdir():
        (broken / p.name).symlink_to(p)
    (broken / "main.dart.js").unlink()
    (broken / "main.dart.js").write_text("throw new Error('the screen client failed (a test)');\n")
    bad_url, bad_srv = serve(broken)
    try:
        b.goto(bad_url)
        b.wait("!document.getElementById('kity-reload').hidden", 60, "offered a reload")
        assert b.js("document.getElementById('kity-loading-text').textContent") == "Киты did not start. Reload the page."
        key = b.js("(() => { const r = document.getElementById('kity-reload').getBoundingClientRect();"
                   " return [r.width, r.height, document.getElementById('kity-reload').textContent]; })()")
        assert key[2] == "Reload" and key[0] >= 44 and key[1] >= 44
        shot(b, tmp_path, f"phone-edition-failed-start-{b.name}")
    finally:
        bad_srv.terminate()
