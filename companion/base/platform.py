"""The one seam between the computer edition and the phone edition (the app in the browser).

The phone edition (``scripts/publish.py``, README «On a phone») runs this same code inside the
browser: CPython compiled to WebAssembly (Pyodide) in a web worker, ``sys.platform ==
"emscripten"``. Everything that differs there is decided here, and nowhere else:

* **Where data lives.** The worker's file system is in memory. :func:`open_data` mounts an
  IndexedDB-backed folder (Emscripten's IDBFS) at :data:`BROWSER_DATA_DIR` and loads it
  (``FS.syncfs(true)``) before the first screen; the store calls :func:`flush` after every
  write it made (``store.repository.after_write``, set by ``app.py``), which copies the files it
  wrote to IndexedDB (issue 53: ``FS.syncfs(false)`` compares every file of the folder, in memory
  and in IndexedDB — 3,400 with 1,700 games kept, and an entry's save took 1.9× as long as on an
  empty profile; the store names the files it wrote or removed, and those alone are copied or
  deleted, in one IndexedDB transaction, by IDBFS's own functions: :func:`what_to_copy`). The
  whole folder is still copied (``FS.syncfs``) at the first write after the start, after a
  failed copy (a copy of the written files that fails is followed at once by a whole one, the
  screen still held), after a rename the store cannot name file by file (a damaged file set
  aside), and when the table is calm (:data:`CALM_SECONDS` with no write: anything changed
  without being named reaches IndexedDB then). Until that copy is done,
  :func:`hold_screen_until_saved` keeps the app's screen updates back: the screen never shows an action confirmed before it is in
  IndexedDB (a killed tab loses nothing it showed). If IndexedDB is refused, full, or kept only
  for the life of the window (a private window), the app says so and keeps the games in memory
  (:func:`storage_problem`); the warning stays as long as anything lives in memory only (issue
  43: a full storage's warning went away at the next entry, which was not saved either). A
  failed copy is tried again on its own, a little later and then later still (issue 53): what
  lived in memory only is saved as soon as the storage has room, not at the next entry. An
  archived game is kept there once, with no twin ``.bak``, and compressed
  (``store.repository.compact_archive``: IndexedDB stores each file whole, and every start loads
  every file kept).
* **Threads.** There are none (``threading.Thread.start`` raises). :func:`off_loop` runs a
  slow call in a worker thread on the computer (so the other tabs and phones stay live) and
  simply calls it in the browser. The store's change broadcast to other sessions
  (``page.pubsub``, whose hub has no event loop in the browser) is not needed: one tab, one
  session (see :data:`HAS_TABLE`).
* **What is hidden.** Table mode (the «Invite players» entry: no server, no network at the
  table) and the folder lock, whose counterpart is the browser's lock on the games
  (:class:`OtherTab`: a second tab says so instead of overwriting the first one's games).
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from typing import Any, Callable, Iterable, Optional

log = logging.getLogger("kity")

IN_BROWSER = sys.platform == "emscripten"
HAS_TABLE = not IN_BROWSER  # table mode (and its «Invite players» entry) needs a server
# the phones' own table (issue 40): in the browser, phones link to each other by QR codes
# (companion/network/link.py over the page's companion/web/table-link.js)
PHONE_TABLE = IN_BROWSER
BROWSER_DATA_DIR = "/kity-data"

# storage state in the browser: None (everything is in IndexedDB), "refused" (no IndexedDB: in
# memory only), "private" (IndexedDB that the browser forgets with the window: a private
# window), "full" (the last copy to IndexedDB failed: the changes since the last good copy are
# in memory only, until a copy succeeds)
_problem: Optional[str] = None
_listeners: list[Callable[[Optional[str]], None]] = []


def storage_problem() -> Optional[str]:
    return _problem


def on_storage_problem(fn: Callable[[Optional[str]], None]) -> None:
    """``fn(problem)`` is called whenever the storage state changes: refused, private or full,
    and None when everything is in IndexedDB again (a copy succeeded after «full»)."""
    _listeners.append(fn)


def _set_problem(problem: Optional[str]) -> None:
    global _problem
    if _problem == problem:
        return
    _problem = problem
    for fn in list(_listeners):
        try:
            fn(problem)
        except Exception:
            log.exception("storage problem listener")


async def off_loop(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` off the event loop where there are threads; called directly where there
    are none (the browser)."""
    if IN_BROWSER:
        return fn(*args)
    return await asyncio.to_thread(fn, *args)


# ------------------------------------------------------------------------------ browser storage
def _fs():
    import pyodide_js  # only in the browser

    return pyodide_js.FS


def _syncfs(populate: bool, done: Callable[[Optional[str]], None], path: Optional[str] = None) -> None:
    """Copy between memory and IndexedDB: every IndexedDB folder, or the one at ``path`` (a
    write at the table copies the games only, not the hundreds of compiled modules: each copy
    compares every file of the folders it copies)."""
    from pyodide.ffi import create_once_callable, jsnull  # only in the browser

    def cb(err=None):  # Emscripten passes null on success, an error object otherwise
        done(None if err is None or err is jsnull else str(getattr(err, "name", None) or err))

    fs = _fs()
    if path is None:
        fs.syncfs(populate, create_once_callable(cb))
    else:
        mount = fs.lookupPath(path).node.mount
        mount.type.syncfs(mount, populate, create_once_callable(cb))


class OtherTab(Exception):
    """Киты is open in another tab of this browser, which holds the data (two tabs would
    overwrite each other's games: the browser's counterpart of the computer's folder lock)."""


async def _take_the_data(timeout: float = 8.0) -> bool:
    """Hold the browser's lock on the games for the life of this tab (Web Locks: released by
    the browser when the tab closes or reloads); False if another tab keeps it."""
    import js  # only in the browser
    from pyodide.ffi import create_once_callable  # (the same)

    locks = getattr(js.navigator, "locks", None)
    if locks is None:  # a browser without Web Locks: as before, one tab assumed
        return True
    got = asyncio.get_running_loop().create_future()

    def granted(_lock):
        if not got.done():
            got.set_result(True)
        return js.Promise.new(create_once_callable(lambda resolve, reject: None))  # never settles

    locks.request("kity-data", create_once_callable(granted))
    try:
        return await asyncio.wait_for(asyncio.shield(got), timeout)
    except asyncio.TimeoutError:
        return False


_opened: object = None  # the data folder once opened, or the OtherTab that stopped it
loaded_in: Optional[float] = None  # s the start took to load both folders from IndexedDB


async def open_data() -> Optional[str]:
    """In the browser: take the games (:class:`OtherTab` if another tab has them), mount the
    IndexedDB folder and load it; return the folder for the store (``KITY_DATA_DIR`` is set to
    it). None on the computer (``paths.data_dir`` decides). Once per tab: ``main.py`` calls it
    before the app's modules are imported, so that their compiled code comes from IndexedDB
    too (:data:`BROWSER_PYC_DIR`)."""
    global _opened
    if not IN_BROWSER:
        return None
    if _opened is None:
        try:
            _opened = await _open()
        except OtherTab as e:
            _opened = e
    if isinstance(_opened, OtherTab):
        raise _opened
    return _opened


# Python in the browser compiles every module from source at every start (Pyodide writes no
# bytecode): 1.2 of the 1.5 s the app's imports take there. The compiled modules are kept in
# an IndexedDB folder instead; a module whose source changed is compiled again (a source's
# time in the app archive is derived from its content: scripts/publish.py).
BROWSER_PYC_DIR = "/kity-pyc"


async def _open() -> str:
    if not await _take_the_data():
        raise OtherTab()
    path = BROWSER_DATA_DIR
    os.makedirs(path, exist_ok=True)
    os.environ["KITY_DATA_DIR"] = path
    try:
        fs = _fs()
        fs.mount(fs.filesystems.IDBFS, {}, path)
    except Exception as e:
        log.warning("IndexedDB folder not mounted: %s", e)
        _set_problem("refused")
        return path
    pyc = False
    try:
        os.makedirs(BROWSER_PYC_DIR, exist_ok=True)
        fs.mount(fs.filesystems.IDBFS, {}, BROWSER_PYC_DIR)
        pyc = True
    except Exception as e:
        log.warning("no IndexedDB folder for compiled modules: %s", e)
    fut = asyncio.get_running_loop().create_future()
    began = time.monotonic()
    _syncfs(True, lambda err: fut.done() or fut.set_result(err))  # loads both folders
    err = await fut
    global loaded_in
    loaded_in = time.monotonic() - began
    if err:
        log.warning("IndexedDB folder not loaded: %s", err)
        _set_problem("refused")
    else:  # from now on the app copies the folder after each write (app.py: store.repository.after_write)
        if pyc:
            sys.pycache_prefix = BROWSER_PYC_DIR
            sys.dont_write_bytecode = False
        try:
            if looks_private(**await _what_the_browser_keeps()):
                _set_problem("private")
        except Exception as e:  # a browser without these calls: nothing is known, nothing said
            log.debug("storage estimate: %s", e)
    return path


PRIVATE_QUOTA = 2 * 2**30  # bytes: below this, a Chromium browser's quota is that of a private window


def looks_private(quota: Optional[float], directory_refused: bool) -> bool:
    """Whether the browser keeps this site's storage for the life of the window only (a private
    or incognito window), from what it tells a page: Firefox and Safari refuse the origin's
    private folder (``navigator.storage.getDirectory``) in a private window; Chromium gives an
    incognito window a quota of a few hundred MB held in memory, a normal one a share of the disk
    (gigabytes). A guess, and said as one; ``quota`` None: not known."""
    return directory_refused or (quota is not None and 0 < quota < PRIVATE_QUOTA)


async def _what_the_browser_keeps() -> dict:
    import js  # only in the browser

    st = getattr(js.navigator, "storage", None)
    if st is None:
        return {"quota": None, "directory_refused": False}
    quota = None
    try:
        quota = float((await st.estimate()).quota)
    except Exception:
        pass
    refused = False
    if hasattr(st, "getDirectory"):
        try:
            await st.getDirectory()
        except Exception:
            refused = True
    return {"quota": quota, "directory_refused": refused}


_flushing = False   # a copy to IndexedDB is running
_dirty = False      # a write happened since that copy started
_unsaved = False    # the last copy failed: something lives in memory only until one succeeds
_retrying = False   # the copy running is a retry of a failed one (no new write: the screen is not held)
RETRY_FIRST = 3.0   # s: a failed copy is tried again this much later, then twice as late each time,
RETRY_MOST = 60.0   # up to this: storage that comes back takes what lived in memory then (issue 53)
_retry_in = RETRY_FIRST
_retry_armed = False
_held: list[bytes] = []
_waiters: list[asyncio.Future] = []


def saved() -> bool:
    """Everything written so far is in IndexedDB (or there is nothing to wait for)."""
    return not (_flushing or _dirty or _unsaved)


_changed: set[str] = set()  # files written since the last copy started: the next copy takes them
_whole_due = True           # the next copy copies the whole folder (the first after the start, after a failure)
_whole_copy = False         # the copy running copies the whole folder
_since_whole = False        # files were copied alone since the last whole copy: a calm table gets one
_writes = 0                 # writes so far (a calm table: none for CALM_SECONDS)
CALM_SECONDS = 4.0          # s with no write: the whole folder is copied (renames, removals not named)


def flush(paths: Optional[Iterable[str]] = None) -> None:
    """After a write by the store: copy what it wrote to IndexedDB — the files ``paths`` names,
    or the whole folder when it names none (one copy at a time; writes during a copy are taken
    by the next one)."""
    global _dirty, _whole_due, _writes
    if not IN_BROWSER or _problem == "refused":
        return
    _dirty = True
    _writes += 1
    if paths is None:
        _whole_due = True
    else:
        _changed.update(paths)
    if not _flushing:
        _start_flush()


def what_to_copy(paths: Iterable[str], root: Optional[str] = None) -> tuple[list[str], list[str]]:
    """The IndexedDB entries a copy of the written ``paths`` puts and deletes: each file that is
    there, with the folders above it inside ``root`` (a new folder must be in IndexedDB before its
    files, or the next start could not load them), and each file that is gone. IDBFS's keys are
    the absolute paths; a path outside ``root`` is not this folder's (left to the whole copy)."""
    root = os.path.normpath(root or BROWSER_DATA_DIR)
    puts: set[str] = set()
    removes: set[str] = set()
    for p in paths:
        p = os.path.normpath(os.path.abspath(p))
        if not p.startswith(root + "/"):
            continue
        if os.path.lexists(p):
            puts.add(p)
            d = os.path.dirname(p)
            while d != root and d.startswith(root + "/"):
                puts.add(d)
                d = os.path.dirname(d)
        else:
            removes.add(p)
    return sorted(puts), sorted(removes, reverse=True)


# A copy of named files into the IDBFS folder's IndexedDB database, by IDBFS's own functions (the
# ones its syncfs uses: getDB, loadLocalEntry, storeRemoteEntry, removeRemoteEntry), in one
# transaction: all of them or none (a failure aborts it, and the whole folder is copied instead).
_COPY_JS = """(FS, mount, puts, removes, done) => {
  const I = FS.filesystems.IDBFS;
  I.getDB(mount, (err, db) => {
    if (err) return done(err);
    let tx, failed = false;
    const fail = e => { if (failed) return; failed = true; try { tx.abort(); } catch (_) {} done(e || new Error("copy failed")); };
    try {
      tx = db.transaction([I.DB_STORE_NAME], "readwrite");
      tx.onerror = tx.onabort = e => { fail((e.target && e.target.error) || tx.error); e.preventDefault(); };
      tx.oncomplete = () => { if (!failed) done(null); };
      const store = tx.objectStore(I.DB_STORE_NAME);
      for (const p of puts) I.loadLocalEntry(p, (e, entry) => e ? fail(e) : I.storeRemoteEntry(store, p, entry, e2 => e2 && fail(e2)));
      for (const p of removes) I.removeRemoteEntry(store, p, e => e && fail(e));
    } catch (e) { fail(e); }
  });
}"""
_copy_fn = None


def _copy_paths(puts: list[str], removes: list[str], done: Callable[[Optional[str]], None]) -> None:
    """Put ``puts`` (from memory) and delete ``removes`` in the data folder's IndexedDB, in one
    transaction; ``done(None)`` once it is committed, ``done(error)`` otherwise."""
    global _copy_fn
    from pyodide.code import run_js  # only in the browser
    from pyodide.ffi import create_once_callable, jsnull, to_js  # (the same)

    def cb(err=None):
        done(None if err is None or err is jsnull else str(getattr(err, "name", None) or err))

    if _copy_fn is None:
        _copy_fn = run_js(_COPY_JS)
    _copy_fn(_fs(), BROWSER_DATA_DIR, to_js(puts), to_js(removes), create_once_callable(cb))


STUCK_SECONDS = 10.0  # a copy that takes longer no longer holds the screen (it is not frozen)
_copies = 0


def _start_flush(retry: bool = False) -> None:
    """Start a copy: of the files written since the last one, or of the whole folder (the first
    copy after the start, a retry, a calm table's, or when a copy before failed). ``retry``: a
    copy with no new write (a failed copy's retry, a calm table's): it holds no screen."""
    global _flushing, _dirty, _copies, _retrying, _changed, _whole_due, _whole_copy
    _flushing, _dirty, _retrying = True, False, retry
    _copies += 1
    try:
        asyncio.get_event_loop().call_later(STUCK_SECONDS, _stuck, _copies)
    except RuntimeError:  # no event loop (the seam's own tests)
        pass
    paths, _changed = _changed, set()
    _whole_copy = _whole_due or retry or not paths
    _whole_due = False
    if _whole_copy:
        _copy_whole()
        return
    try:
        puts, removes = what_to_copy(paths)
        _copy_paths(puts, removes, _copied)
    except Exception as e:
        _copied(str(e))


def _copy_whole() -> None:
    global _whole_copy
    _whole_copy = True
    try:
        _syncfs(False, _flushed, BROWSER_DATA_DIR)
    except Exception as e:
        _flushed(str(e))


def _copied(err: Optional[str]) -> None:
    """The end of a copy of the written files alone: a failure is not said yet, the whole
    folder is copied at once instead (the screen still held): only its failure counts."""
    if err:
        log.info("IndexedDB copy of the written files failed (%s): the whole folder is copied", err)
        _copy_whole()
    else:
        _flushed(None)


def _stuck(copy: int) -> None:
    global _stuck_copy
    if _flushing and copy == _copies:
        log.warning("IndexedDB copy still running after %.0f s: the screen goes on", STUCK_SECONDS)
        _stuck_copy = copy
        _release()


def _flushed(err: Optional[str]) -> None:
    global _flushing, _retrying, _unsaved, _retry_in, _dirty, _whole_due, _since_whole
    _flushing, _retrying = False, False
    if err:
        log.warning("IndexedDB copy failed: %s", err)
        _unsaved = True  # (and what was written during that copy: the next copy takes it all)
        _dirty = False
        _whole_due = True  # the next copy (a retry, or the next write's) copies the whole folder
        if _problem != "private":  # a private window's storage filling up: that warning stays
            _set_problem("full")
    else:
        _since_whole = not _whole_copy  # a whole copy took everything; a copy of files alone did not
    if _dirty and not err:
        _start_flush()
        return
    if not err:
        _unsaved, _retry_in = False, RETRY_FIRST
        if _problem == "full":  # a copy copies every file: all is in IndexedDB again
            _set_problem(None)
    _release()
    if _unsaved:
        _retry_later()
    elif _since_whole:
        _calm_later()
    _keep_compiled_later()


def _calm_later() -> None:
    """The whole folder is copied once the table is calm (:data:`CALM_SECONDS` with no write),
    after copies of the written files alone: what the store changed without naming it (a
    damaged file set aside on reading it) reaches IndexedDB then, with no screen waiting."""
    try:
        asyncio.get_event_loop().call_later(CALM_SECONDS, _calm, _writes)
    except RuntimeError:  # no event loop (the seam's own tests)
        pass


def _calm(writes: int) -> None:
    if writes != _writes or _flushing or _unsaved or not _since_whole or _problem == "refused":
        return  # a write since (its copy arms another wait), or a copy runs, or a retry is due
    _start_flush(retry=True)


def _retry_later() -> None:
    """While a copy has failed, try again a little later (then later still), with no new write:
    the changes that live in memory only reach IndexedDB as soon as it has room again, not at
    the table's next entry (which may never come: the last entry of the evening)."""
    global _retry_armed
    if _retry_armed:
        return
    try:
        asyncio.get_event_loop().call_later(_retry_in, _retry)
    except RuntimeError:  # no event loop (the seam's own tests): the next write copies
        return
    _retry_armed = True


def _retry() -> None:
    global _retry_armed, _retry_in
    _retry_armed = False
    if not _unsaved or _problem == "refused":
        return
    if _flushing:  # a write's copy is running: its end decides
        return
    _retry_in = min(_retry_in * 2, RETRY_MOST)
    _start_flush(retry=True)


def _late() -> bool:
    """The copy in flight was declared stuck (the screen was released): do not hold again
    until it ends."""
    return _stuck_copy == _copies and _flushing


_stuck_copy = -1


def _release() -> None:
    send, held = _send, list(_held)
    _held.clear()
    for data in held:
        send(data)
    for fut in list(_waiters):
        if not fut.done():
            fut.set_result(None)
    _waiters.clear()


async def wait_saved() -> None:
    """Until everything written so far is in IndexedDB."""
    if saved():
        return
    fut = asyncio.get_running_loop().create_future()
    _waiters.append(fut)
    await fut


_send: Callable[[bytes], Any] = lambda data: None


def hold_screen_until_saved(page) -> None:
    """In the browser: the app's messages to the screen wait while a write is being copied to
    IndexedDB, so the screen never shows an unsaved action as done (the order is kept)."""
    global _send
    if not IN_BROWSER:
        return
    conn = page.session.connection
    original = conn.send_callback
    _send = original

    def send(data):
        # (a retry of a failed copy holds nothing: what the screen shows was let out when it failed)
        if ((_flushing and not _retrying) or _dirty or _held) and not _late():
            _held.append(data)
        else:
            original(data)

    conn.send_callback = send


def screen_ready() -> None:
    """In the browser: the first screen is out, the page may take its progress screen away
    (scripts/publish.py patches the page to listen)."""
    if IN_BROWSER:
        import js  # the worker's global scope

        js.postMessage("__kity_ready__")
        _keep_compiled_later()  # the modules compiled at this start go to IndexedDB while Home is read


KEEP_COMPILED_AFTER = 2.0  # s: the compiled modules are copied when the table is calm
_kept_modules = 0          # how many modules were loaded at the last copy of the compiled ones
_keeping = False


def _keep_compiled_later() -> None:
    """Copy the modules compiled since the last copy (a screen opened for the first time
    imports its module) to IndexedDB, a little later and apart from the games' copies: the
    screen never waits for it."""
    global _keeping
    if (_keeping or _problem is not None or sys.pycache_prefix != BROWSER_PYC_DIR
            or len(sys.modules) == _kept_modules):
        return
    _keeping = True
    try:
        asyncio.get_event_loop().call_later(KEEP_COMPILED_AFTER, _keep_compiled)
    except RuntimeError:  # no event loop (the seam's own tests)
        _keeping = False


def _keep_compiled() -> None:
    n = len(sys.modules)

    def done(err: Optional[str]) -> None:
        global _keeping, _kept_modules
        _keeping = False
        if err:
            log.warning("compiled modules not kept: %s", err)  # they are compiled again next time
        else:
            _kept_modules = n
    try:
        _syncfs(False, done, BROWSER_PYC_DIR)
    except Exception as e:
        done(str(e))
