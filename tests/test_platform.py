"""The phone edition's seam (companion/base/platform.py), without a browser: the copy to IndexedDB
is replaced by a fake ``FS.syncfs`` whose callback the test calls by hand.

Issue 16 «Nothing lost»: the screen never shows an action before it is in IndexedDB; writes
during a copy are taken by the next copy; a copy that fails (storage full) is said once and the
app plays on in memory.
"""
from __future__ import annotations

import asyncio
import os
import sys

import pytest

from companion.base import platform
from companion.store import repository as storage
from companion.store.repository import Store


PATH_COPIES: list = []  # (puts, removes, done) of each copy of named files the ``browser`` fixture saw


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
    # the copies of the written files alone (issue 53): recorded in ``platform_copies``
    monkeypatch.setattr(platform, "_changed", set())
    monkeypatch.setattr(platform, "_whole_due", True)   # as at a start: the first copy is whole
    monkeypatch.setattr(platform, "_whole_copy", False)
    monkeypatch.setattr(platform, "_since_whole", False)
    monkeypatch.setattr(platform, "_writes", 0)
    monkeypatch.setattr(platform, "_copy_paths", lambda puts, removes, done: PATH_COPIES.append((puts, removes, done)))
    PATH_COPIES.clear()
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


def test_the_store_calls_the_hook_after_every_file_it_wrote_with_the_files_it_changed(tmp_path, monkeypatch):
    seen: list = []
    monkeypatch.setattr(storage, "after_write", seen.append)
    store = Store.open(tmp_path)
    try:
        game = store.start_game({"players": ["Аня", "Боря"]})
        n = len(seen)
        assert n >= 1
        store.append_action(game.game_id, 0, {"type": "x"})
        assert len(seen) == n + 1
        current = str(tmp_path / "current.json")
        assert seen[-1] == (current, current + ".bak")  # the atomic write's file and its backup
    finally:
        store.close()


# ------------------------------------------------------------------ a copy of the written files (issue 53)
def test_the_first_copy_after_the_start_is_whole_then_only_the_written_files_are_copied(browser):
    calls, sent, problems, conn = browser
    platform.flush(("/kity-data/current.json",))
    conn.send_callback(b"first")
    assert [c[2] for c in calls] == [platform.BROWSER_DATA_DIR] and PATH_COPIES == []  # whole
    calls.pop()[1](None)
    assert sent == [b"first"]
    platform.flush(("/kity-data/archive.json", "/kity-data/archive.json.bak"))
    conn.send_callback(b"entry")
    assert calls == [] and len(PATH_COPIES) == 1  # the named files alone
    assert sent == [b"first"]                      # held until they are in IndexedDB
    PATH_COPIES.pop()[2](None)
    assert sent == [b"first", b"entry"] and platform.saved() and problems == []


def test_the_files_written_during_a_copy_are_the_next_copys(browser, tmp_path, monkeypatch):
    calls, sent, _, conn = browser
    monkeypatch.setattr(platform, "_whole_due", False)  # (a copy after the first)
    monkeypatch.setattr(platform, "BROWSER_DATA_DIR", str(tmp_path))
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text("{}")
    platform.flush((str(tmp_path / "a.json"),))
    conn.send_callback(b"a")
    platform.flush((str(tmp_path / "b.json"),))    # while a's copy runs
    conn.send_callback(b"b")
    assert [c[0] for c in PATH_COPIES] == [[str(tmp_path / "a.json")]]
    PATH_COPIES.pop()[2](None)
    assert sent == [] and [c[0] for c in PATH_COPIES] == [[str(tmp_path / "b.json")]]
    PATH_COPIES.pop()[2](None)
    assert sent == [b"a", b"b"] and calls == []


def test_a_failed_copy_of_the_written_files_falls_back_to_the_whole_folder_before_the_screen_moves(browser):
    calls, sent, problems, conn = browser
    platform.flush(("/kity-data/x.json",))
    calls.pop()[1](None)                           # the start's whole copy
    platform.flush(("/kity-data/x.json",))
    conn.send_callback(b"entry")
    PATH_COPIES.pop()[2]("AbortError")             # the named files' transaction failed
    assert len(calls) == 1 and calls[0][:1] == (False,) and calls[0][2] == platform.BROWSER_DATA_DIR
    assert sent == [] and problems == []           # not said: the whole copy decides; still held
    calls.pop()[1](None)
    assert sent == [b"entry"] and problems == [] and platform.saved()


def test_when_both_copies_fail_it_is_full_and_the_next_copy_is_whole(browser):
    calls, sent, problems, conn = browser
    platform.flush(("/kity-data/x.json",))
    calls.pop()[1](None)
    platform.flush(("/kity-data/x.json",))
    conn.send_callback(b"entry")
    PATH_COPIES.pop()[2]("QuotaExceededError")
    calls.pop()[1]("QuotaExceededError")
    assert problems == ["full"] and sent == [b"entry"] and not platform.saved()
    platform.flush(("/kity-data/y.json",))         # the next entry: the whole folder, not y alone
    assert PATH_COPIES == [] and len(calls) == 1
    calls.pop()[1](None)
    assert problems == ["full", None] and platform.saved()


def test_a_write_that_names_no_file_copies_the_whole_folder(browser):
    calls, _, _, _ = browser
    platform.flush(("/kity-data/x.json",))
    calls.pop()[1](None)
    platform.flush(None)                           # a file set aside: a rename not named
    assert PATH_COPIES == [] and len(calls) == 1


def test_a_calm_table_gets_a_whole_copy_that_holds_no_screen(browser, monkeypatch):
    import types

    calls, sent, _, conn = browser
    later: list = []
    monkeypatch.setattr(platform.asyncio, "get_event_loop",
                        lambda: types.SimpleNamespace(call_later=lambda s, fn, *a: later.append((s, fn, a))))

    def calm():
        return [(s, a) for s, fn, a in later if fn is platform._calm]

    platform.flush(("/kity-data/x.json",))
    calls.pop()[1](None)                           # whole: nothing to catch up later
    assert calm() == []
    platform.flush(("/kity-data/x.json",))
    PATH_COPIES.pop()[2](None)
    assert calm() == [(platform.CALM_SECONDS, (2,))]  # armed at the second write
    platform.flush(("/kity-data/x.json",))         # a third write before it is calm
    PATH_COPIES.pop()[2](None)
    platform._calm(2)                              # the first wait: a write since, nothing
    assert calls == []
    platform._calm(3)                              # calm since the third: the whole folder
    assert len(calls) == 1 and calls[0][2] == platform.BROWSER_DATA_DIR
    conn.send_callback(b"redraw")                  # that copy holds nothing
    assert sent == [b"redraw"]
    calls.pop()[1](None)
    later.clear()
    platform._calm(3)                              # once only: it is all in IndexedDB now
    assert calls == [] and calm() == []


def test_what_a_copy_of_the_written_files_puts_and_deletes(tmp_path):
    root = tmp_path / "kity-data"
    (root / "archive").mkdir(parents=True)
    (root / "archive" / "g1.json").write_text("{}")
    (root / "current.json").write_text("{}")
    puts, removes = platform.what_to_copy(
        [str(root / "archive" / "g1.json"), str(root / "current.json"), str(root / "archive" / "g0.json"),
         str(root / "archive" / "g0.json.bak"), str(tmp_path / "elsewhere.json")], str(root))
    # the new folder before its file; a file gone is deleted; a path outside the folder is not its
    assert puts == [f"{root}/archive", f"{root}/archive/g1.json", f"{root}/current.json"]
    assert removes == [f"{root}/archive/g0.json.bak", f"{root}/archive/g0.json"]


def test_indexeddb_holds_the_folder_after_each_copy_through_an_evening(browser, tmp_path, monkeypatch):
    """A fake IndexedDB ({path: bytes}) that the whole copy makes the folder's image of, and a
    copy of named files changes only those: after every copy of an evening (entries, a game
    finished into the archive, an abandoned game resumed: its archive files removed), it holds
    exactly the folder's files."""
    calls, _, _, _ = browser
    db: dict[str, bytes] = {}

    def folder() -> dict[str, bytes]:
        return {str(p): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}

    def whole(populate, done, path=None):
        db.clear()
        db.update(folder())
        done(None)

    def named(puts, removes, done):
        for p in puts:
            if os.path.isfile(p):
                db[p] = open(p, "rb").read()
        for p in removes:
            db.pop(p, None)
        done(None)

    monkeypatch.setattr(platform, "BROWSER_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(storage, "after_write", platform.flush)
    seen = {"whole": 0, "named": 0}
    monkeypatch.setattr(platform, "_syncfs", lambda *a: (seen.__setitem__("whole", seen["whole"] + 1), whole(*a)))
    monkeypatch.setattr(platform, "_copy_paths", lambda *a: (seen.__setitem__("named", seen["named"] + 1), named(*a)))
    store = Store.open(tmp_path)
    try:
        game = store.start_game({"players": ["Аня", "Боря"]})
        rev = 0
        for n in range(3):
            rev = store.append_action(game.game_id, rev, {"type": "x", "n": n})
            assert db == folder()
        store.finish_current(game.game_id, rev, None, {"players": ["Аня", "Боря"]}, status="abandoned")
        assert db == folder() and any(p.endswith(f"{game.game_id}.json") for p in db)
        assert store.resume_archived(game.game_id) is not None
        assert not any(p.endswith(f"{game.game_id}.json") for p in folder())  # its archive files went
        assert db == folder()
        assert seen["whole"] == 1 and seen["named"] >= 6  # one whole copy, at the start
    finally:
        store.close()


def test_a_file_set_aside_on_reading_asks_for_a_whole_copy(tmp_path, monkeypatch):
    """A damaged archived game set aside when it is read renames files the copy cannot name
    one by one: the hook is told None (the whole folder), after the read, not during a write."""
    seen: list = []
    store = Store.open(tmp_path)
    try:
        game = store.start_game({"players": ["Аня", "Боря"]})
        store.finish_current(game.game_id, 0, None, {"players": ["Аня", "Боря"]})
    finally:
        store.close()
    path = tmp_path / "archive" / f"{game.game_id}.json"
    path.write_text("{not json")
    monkeypatch.setattr(storage, "after_write", seen.append)
    store = Store.open(tmp_path)
    try:
        store.archived_game(game.game_id)
        assert (tmp_path / "archive" / f"{game.game_id}.json.corrupt-1").exists()
        assert None in seen, seen
        assert all(p is None or all(os.path.exists(x) or x.endswith(".bak") for x in p) for p in seen)
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
