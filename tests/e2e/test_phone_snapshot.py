"""The phone edition starts from a memory snapshot of Python (issue 41, scripts/phone-start.js).

* the first start is a normal one and keeps a snapshot of this build; the next start begins from
  it, and the games come from storage after it (a «Вжух!» party entered before is there); the
  progress screen is the first thing painted, within 1 s of opening;
* a snapshot that is stale (another build's), truncated (an interrupted write), damaged (bytes
  changed) or refused by Pyodide itself (its build id does not match) means a normal start with
  nothing alarming on the screen, a new snapshot of this build kept, and a start from that one
  next.

The worker says how it started in ``self.kityStart`` ({how, why, made}).
"""
from __future__ import annotations

import pytest

from companion.base import ids
from companion.vzhuh import ids as vz

from .phone import Phone
from .test_vzhuh import PLAYERS as VZ_PLAYERS, first_party

pytestmark = pytest.mark.e2e

CACHE, ENTRY = "kity.snapshot", "python-memory"


def start_state(ui, kept: bool = False) -> dict:
    """How this page's Python started; with ``kept``, once the new snapshot is stored."""
    worker = next(w for w in ui.page.workers if w.evaluate("() => !!self.kityStart"))
    if kept:
        for _ in range(600):
            if worker.evaluate("() => !!self.kityStart.made && self.kityStart.made !== 'keeping'"):
                break
            ui.page.wait_for_timeout(100)
    return worker.evaluate("() => ({...self.kityStart, keep: undefined})")


def stored(ui) -> dict:
    """The snapshot in the Cache API: its headers and its length."""
    return ui.page.evaluate("""async ([name, entry]) => {
        const hit = await (await caches.open(name)).match(entry);
        if (!hit) return null;
        const bytes = await hit.arrayBuffer();
        return {build: hit.headers.get("x-kity-build"), length: hit.headers.get("x-kity-length"),
                actual: String(bytes.byteLength)};
    }""", [CACHE, ENTRY])


def home_without_alarm(ui) -> None:
    ui.wait_id(ids.SCREEN_HOME)
    failed = ui.page.evaluate("() => (document.getElementById('kity-loading-text') || {}).textContent || ''")
    assert "не запустились" not in failed and "did not start" not in failed


def test_second_start_is_from_the_snapshot_with_the_games_after_it(pw, site, tmp_path, request):
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        first = start_state(ui, kept=True)
        assert (first["how"], first["why"], first["made"]) == ("normal", "missing", "kept")
        assert stored(ui) == {"build": site["start_key"], "length": stored(ui)["actual"],
                              "actual": stored(ui)["actual"]}
        assert int(stored(ui)["actual"]) > 20 * 2**20  # Python's whole memory, not a stub
        totals = first_party(ui)  # Аня 3+3 = 6, Боря 10, Вика 0 (VZ-SCORE)
        assert totals == ["6", "10", "0"]
        phone.close(ui)

        ui = phone.open()
        state = start_state(ui)
        assert (state["how"], state["why"]) == ("snapshot", None)
        # the first paint is the progress screen, within 1 s of opening
        fcp = ui.page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime")
        assert fcp is not None and fcp < 1000, fcp
        # the party is read from storage after the snapshot started (it was not in it)
        if ui.page.locator(ui.sel(vz.SCREEN_SCORE)).count() == 0:
            ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_text(vz.PARTY_TITLE, "Партия 2 из 3")
        assert [ui.read(vz.total(i)).strip() for i in range(len(VZ_PLAYERS))] == totals
        assert phone.left_origin == []
    finally:
        phone.close(ui)


# what is done to the kept snapshot, and why the next start says it did not use it
SPOIL = {
    "stale": ("x => { x.headers['x-kity-build'] = '0123456789abcdef'; }", "stale"),
    "truncated": ("x => { x.bytes = x.bytes.slice(0, x.bytes.length >> 1); }", "damaged"),
    "damaged": ("x => { const m = x.bytes.length >> 1; x.bytes[m] ^= 0xff; x.bytes[m + 4096] ^= 0x55; }",
                "damaged"),
    # Pyodide's build id (bytes 16-47 of its header) changed, the length and checksum made to
    # match: the checks of the start script pass, Pyodide refuses it
    "refused": ("x => { x.bytes[16] ^= 0xff; x.headers['x-kity-sum'] = fnv(x.bytes); }", "refused"),
}

SPOIL_JS = """async ([name, entry, spoil]) => {
    const fnv = (bytes) => {
        const w = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
        let h = 0x811c9dc5;
        for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w[i], 16777619);
        return (h >>> 0).toString(16);
    };
    const cache = await caches.open(name);
    const hit = await cache.match(entry);
    const x = {headers: Object.fromEntries(hit.headers.entries()), bytes: new Uint8Array(await hit.arrayBuffer())};
    eval("(" + spoil + ")")(x);
    await cache.put(entry, new Response(x.bytes, {headers: x.headers}));
}"""


def test_a_bad_snapshot_means_a_normal_start_and_a_new_one(pw, site, tmp_path, request):
    """Each way of spoiling, one after the other in one profile: each spoils the snapshot the
    start before kept (so each start also shows that snapshot was found and read: it gives the
    spoiling's reason, never «missing»), and the last one kept is started from."""
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        assert start_state(ui, kept=True)["made"] == "kept"
        for kind, (spoil, why) in SPOIL.items():
            ui.page.evaluate(SPOIL_JS, [CACHE, ENTRY, spoil])
            phone.close(ui)

            ui = phone.open()  # Phone.open waits for Home
            home_without_alarm(ui)
            state = start_state(ui, kept=True)
            assert state["how"] == "normal", (kind, state)
            assert state["why"].startswith(why), (kind, state)
            if kind == "refused":
                assert "build id mismatch" in state["why"]
            assert state["made"] == "kept", (kind, state)
            new = stored(ui)
            assert new["build"] == site["start_key"] and new["length"] == new["actual"], (kind, new)
        phone.close(ui)

        ui = phone.open()
        assert start_state(ui)["how"] == "snapshot"
        home_without_alarm(ui)
        assert phone.left_origin == []
    finally:
        phone.close(ui)
