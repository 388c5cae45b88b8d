"""The phone edition's seam (companion/base/platform.py), without a browser: the copy to IndexedDB
is replaced by a fake ``FS.syncfs`` whose callback the test calls by hand.

Issue 16 «Nothing lost»: the screen never shows an action before it is in IndexedDB; writes
during a copy are taken by the next copy; a copy that fails (storage full) is said once and the
app plays on in memory.
"""
from __future__ import annotations

import asyncio
import sys

import pytest

from companion.base import platform
from companion.store import repository as storage
from companion.store.repository import Store


@pytest.fixture
def browser(monkeypatch):
    """platform as in the browser; ``calls`` collects the pending syncfs callbacks."""
    calls: list = []
    sent: list[bytes] = []
    problems: list[str] = []
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    monkeypatch.setattr(platform, "_problem", None)
    monkeypatch.setattr(platform, "_listeners", [problems.append])
    monkeypatch.setattr(platform, "_flushing", False)
    monkeypatch.setattr(platform, "_dirty", False)
    monkeypatch.setattr(platform, "_unsaved", False)
    monkeypatch.setattr(platform, "_retrying", False)
    monkeypatch.setattr(platform, "_retry_armed", False)
    monkeypatch.setattr(platform, "_retry_in", platform.RETRY_FIRST)
    monkeypatch.setattr(platform, "_held", [])
    monkeypatch.setattr(platform, "_waiters", [])
    monkeypatch.setattr(platform, "_syncfs", lambda populate, done, path=None: calls.append((populate, done, path)))
    monkeypatch.setattr(platform, "_send", platform._send)
    monkeypatch.setattr(platform, "_stuck_copy", -1)

    class Conn:
        send_callback = staticmethod(sent.append)

    page = type("Page", (), {"session": type("S", (), {"connection": Conn()})()})()
    platform.hold_screen_until_saved(page)
    yield calls, sent, problems, page.session.connection


def test_the_screen_waits_until_the_write_is_in_indexeddb(browser):
    calls, sent, _, conn = browser
    conn.send_callback(b"before")          # nothing written: goes out at once
    platform.flush()                       # the store wrote a file
    conn.send_callback(b"confirmed")       # the screen update of that action: held
    assert sent == [b"before"] and len(calls) == 1 and calls[0][0] is False
    assert calls[0][2] == platform.BROWSER_DATA_DIR  # the games only, not the compiled modules
    calls.pop()[1](None)                   # IndexedDB has it
    assert sent == [b"before", b"confirmed"]
    assert platform.saved()


def test_a_write_during_a_copy_gets_its_own_copy_before_the_screen_moves(browser):
    calls, sent, _, conn = browser
    platform.flush()
    conn.send_callback(b"one")
    platform.flush()                       # a second write while the first copy runs
    conn.send_callback(b"two")
    assert len(calls) == 1                 # one copy at a time
    calls.pop()[1](None)
    assert sent == [] and len(calls) == 1  # the second copy runs; the screen still waits
    calls.pop()[1](None)
    assert sent == [b"one", b"two"]        # in order


def test_a_failed_copy_is_said_once_and_the_app_plays_on(browser):
    calls, sent, problems, conn = browser
    platform.flush()
    conn.send_callback(b"x")
    calls.pop()[1]("QuotaExceededError")
    assert problems == ["full"] and platform.storage_problem() == "full"
    assert sent == [b"x"]                  # not frozen: the game goes on in memory
    platform.flush()
    calls.pop()[1]("QuotaExceededError")
    assert problems == ["full"]            # said once


def test_a_retry_of_a_failed_copy_holds_no_screen_and_a_write_during_it_gets_its_own_copy(browser):
    """Issue 53: a failed copy is tried again with no new write; that retry does not hold the
    screen (it was let out when the copy failed), an entry made meanwhile waits for its copy."""
    calls, sent, problems, conn = browser
    platform.flush()
    calls.pop()[1]("QuotaExceededError")
    assert problems == ["full"] and not platform.saved()
    platform._retry()                      # RETRY_FIRST later: the folder is copied again
    assert len(calls) == 1
    conn.send_callback(b"redraw")          # not held by the retry
    assert sent == [b"redraw"]
    platform.flush()                       # an entry during the retry: held until copied
    conn.send_callback(b"entry")
    assert sent == [b"redraw"]
    calls.pop()[1](None)                   # the retry took what lived in memory
    assert len(calls) == 1 and sent == [b"redraw"]
    calls.pop()[1](None)                   # the entry's own copy
    assert sent == [b"redraw", b"entry"] and problems == ["full", None] and platform.saved()


def test_the_store_calls_the_hook_after_every_file_it_wrote(tmp_path, monkeypatch):
    seen: list[int] = []
    monkeypatch.setattr(storage, "after_write", lambda: seen.append(1))
    store = Store.open(tmp_path)
    try:
        game = store.start_game({"players": ["Аня", "Боря"]})
        n = len(seen)
        assert n >= 1
        store.append_action(game.game_id, 0, {"type": "x"})
        assert len(seen) == n + 1
    finally:
        store.close()


def test_off_loop_runs_in_place_without_threads(monkeypatch):
    import threading
    from concurrent.futures import ThreadPoolExecutor

    async def where():  # (the thread of the event loop, the thread the call ran in)
        return threading.get_ident(), await platform.off_loop(threading.get_ident)

    def run():  # a loop of its own in a thread of its own (a test may hold one in this thread)
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, where()).result()

    monkeypatch.setattr(platform, "IN_BROWSER", True)
    loop_thread, ran_in = run()
    assert ran_in == loop_thread
    monkeypatch.setattr(platform, "IN_BROWSER", False)
    loop_thread, ran_in = run()
    assert ran_in != loop_thread


def test_a_copy_that_never_ends_does_not_freeze_the_screen(browser):
    calls, sent, _, conn = browser
    platform.flush()
    conn.send_callback(b"a")
    assert sent == []
    platform._stuck(platform._copies)      # the watchdog, STUCK_SECONDS later
    assert sent == [b"a"]
    conn.send_callback(b"b")               # not held again while that copy hangs
    assert sent == [b"a", b"b"]
    calls.pop()[1](None)                   # it ends after all: back to normal
    platform.flush()
    conn.send_callback(b"c")
    assert sent == [b"a", b"b"]
    calls.pop()[1](None)
    assert sent == [b"a", b"b", b"c"]


def test_the_compiled_modules_are_copied_apart_after_the_games_and_only_when_new_ones_were_loaded(browser, monkeypatch):
    """A write copies the games' folder alone (the screen waits for that copy only); the
    modules compiled since the last copy follow a little later, on their own."""
    import types

    calls, sent, _, conn = browser
    later: list = []
    monkeypatch.setattr(sys, "pycache_prefix", platform.BROWSER_PYC_DIR)
    monkeypatch.setattr(platform, "_kept_modules", 0)
    monkeypatch.setattr(platform, "_keeping", False)
    monkeypatch.setattr(platform.asyncio, "get_event_loop",
                        lambda: types.SimpleNamespace(call_later=lambda s, fn, *a: later.append((s, fn))))

    def keeps():
        return [s for s, fn in later if fn is platform._keep_compiled]

    platform.flush()
    conn.send_callback(b"x")
    assert [c[2] for c in calls] == [platform.BROWSER_DATA_DIR]
    calls.pop()[1](None)
    assert sent == [b"x"] and keeps() == [platform.KEEP_COMPILED_AFTER]  # shown before the modules' copy
    platform._keep_compiled()
    assert [c[2] for c in calls] == [platform.BROWSER_PYC_DIR]
    calls.pop()[1](None)
    later.clear()
    platform.flush()                       # nothing new was imported since: the games only
    calls.pop()[1](None)
    assert keeps() == [] and calls == []
