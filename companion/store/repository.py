"""Crash-safe storage for Киты, built on TinyDB.

The app runs on a phone whose OS may kill it at any moment, so:

* **Every write is atomic** (``AtomicJSONStorage``). TinyDB's own ``JSONStorage`` rewrites the
  file in place (seek, write, truncate): a kill mid-write leaves a torn file that no longer parses
  (measured: 2 corrupt files in 60 SIGKILLs). We instead write ``<file>.tmp`` in the same folder,
  flush + fsync it, rename the current ``<file>`` to ``<file>.bak``, ``os.replace`` the temp file
  onto ``<file>`` and fsync the folder so the renames survive a power cut. ``<file>`` is therefore
  always a complete version, and ``<file>.bak`` is always the previous complete version.
* **Loading never crashes and never deletes.** A missing, empty, unreadable, non-JSON or
  wrong-shaped file is moved aside to ``<file>.corrupt-<n>`` (a counter, no clock needed), the
  last good state is restored from ``<file>.bak`` and a ``StorageIncident`` (a code plus params,
  no UI text) is recorded in ``Store.incidents``. A stale ``.tmp`` is an unacknowledged write and
  is discarded, unless the main file is missing: then the kill came between the two renames,
  after the temp file was fsynced, and the write is completed silently.
* **Saving one action costs the same however many games are stored.** TinyDB re-serialises the
  whole file on every write, so the data folder holds several small files and an action only
  rewrites the one holding the game in progress::

    current.json           table "game", one document {game_id, meta, actions, redo, undo,
                           revision}: the game in progress only. Rewritten on every action.
                           ``undo``/``redo`` are the table's changes to undo and redo (kept
                           opaque here, see the session); no ``undo`` (or null) means "every
                           entry was added in turn", as in games saved before it existed.
    archive/<game_id>.json table "game", one document {game_id, seq, status, meta, actions,
                           redo, record, summary}: one file per finished/abandoned game,
                           written when the game ends (twice, so its .bak is a good copy too;
                           in the phone edition once, compressed: ``compact_archive``).
    archive.json           table "games": {game_id, seq, status, players, summary} for the
                           history list. Derived data: entries missing from it are rebuilt from
                           archive/ on open. A listed game whose file and backup are both
                           damaged is listed with ``damaged: True`` (issue 43): found on open
                           by a look at each file's ends, or when a read (or an export) finds
                           it unreadable; kept in its row from then on (issue 53).
    profile.json           table "facts" {card_id, facts}; table "settings" {key, value};
                           table "people": one document, the people of the table and the
                           player names that mean each (issue 42, ``store/people.py``).
    *.bak, *.corrupt-<n>   previous good versions; damaged files kept for inspection.

* **One writer per folder.** ``Store.open(path)`` returns one shared instance per resolved path
  (two browser tabs in web mode are two sessions in one process); every method runs under the
  instance's lock, and every change to the current game is a compare-and-swap on its
  ``revision``: a stale caller gets ``RevisionConflict`` and nothing is overwritten. Each file is
  read from disk once per ``Store`` (then served from the last written JSON text), so two
  *processes* must not share a folder.
* **Every device hears of every change.** In table mode several browser sessions share one
  ``Store``; after each change of the games or the deck facts, ``generation`` grows and the
  function given to ``watch`` is called (outside the lock), so each session can catch up. A
  session that folded the change itself holds the call (``held_notices``) until it has shared
  what it folded, and reads the generation its own write made (``written_generation``).
* **Finishing a game is crash-safe:** (1) write ``archive/<id>.json`` — the commit point,
  idempotent by game id; (2) upsert its index entry; (3) clear ``current.json``. On open, a
  current game that already has a readable archive file had its finish interrupted: steps 2–3
  are completed, so the game is neither lost nor duplicated.

Actions, records, summaries, meta, facts and setting values are opaque JSON-able values
(``json.dumps`` with ``ensure_ascii=False`` keeps Russian names readable in the files). A
method that returns has made its change durable; if a write fails (disk full), the error is
raised and the stored state is unchanged.

This module is the repository (:class:`Store`); the file layer and the checks it uses live in
``companion/store/``: ``atomic.py`` (atomic writes, ``.bak``, repair on load), ``validate.py``
(document shapes), ``incidents.py`` (what a repair reports) and ``lock.py`` (one process per
folder). Their names are re-exported here.

Usage::

    store = Store.open()                      # shared per folder; store.incidents to show
    game = store.current() or store.start_game({"players": ["Лена", "Миша"], "target": 5})
    rev = store.append_action(game.game_id, game.revision, {"type": "play", ...})
    rev = store.replace_log(game.game_id, rev, actions[:-1], [actions[-1]])   # undo
    store.finish_current(game.game_id, rev, record, summary, "finished")
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import threading
import time
import uuid
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterator, Literal, Optional

from tinydb import Query, TinyDB
from tinydb.table import Document

from engine.core.reading import bad_name

from ..base.paths import data_dir
from ..base.steps import run_through
from .atomic import AtomicJSONStorage, looks_compressed, remove_quietly, set_aside, text_of
from .incidents import (
    ARCHIVE_INDEX_REBUILT, BACKUP_SET_ASIDE, MOVED_ASIDE, NOT_SAVED, RESET_TO_EMPTY, RESTORED_FROM_BACKUP, SILENT,
    UNREADABLE, StorageIncident,
)
from . import people as _people
from .lock import FolderInUse, own_folder, release_folder
from .validate import (
    GAME_ID, is_list_of_dicts, is_tinydb_shape, valid_archived, valid_current, valid_index, valid_profile,
)

log = logging.getLogger("kity")

__all__ = [
    "AtomicJSONStorage", "CurrentGame", "RevisionConflict", "Store", "StorageIncident",
    "RESTORED_FROM_BACKUP", "RESET_TO_EMPTY", "BACKUP_SET_ASIDE", "UNREADABLE", "MOVED_ASIDE", "NOT_SAVED",
    "ARCHIVE_INDEX_REBUILT", "SILENT", "FolderInUse",
]

Status = Literal["finished", "abandoned", "imported"]
_CURRENT_DOC = 1  # doc_id of the single document in the one-document tables
# a game's meta (and its history row): the id of the game this one is a phone's own copy of
# (companion/session/aside.py); a stopped copy is not counted in the players' statistics
COPY_OF = "copy_of"
INDEX_SECONDS = 1.0  # an archive taken in writes its index rows about this often (issue 53)


# Called after every file the store wrote or removed, with the paths that changed (a file and its
# .bak, or the files removed: the phone edition copies them to IndexedDB then, or deletes them
# there: companion/base/platform.py); with None after a rename it cannot name file by file (a
# damaged file set aside: the whole folder is copied). None on the computer.
after_write: Optional[Callable[[Optional[tuple[str, ...]]], None]] = None


# How an archived game is kept. On the computer (False): as JSON, written twice, so that its .bak
# is a good copy from the start (a disk can damage one file and not the other). In the phone
# edition (True, set by app.py): once, compressed with zlib (atomic.text_of). Its files live in
# IndexedDB, which stores each one whole, in one transaction with the files written beside it, so
# a second copy guards against nothing there; and every start loads every file kept (issue 53:
# 3,400 files and 60 MB for 1,700 games; now 1,700 files and 5 MB). A twin .bak an earlier version
# left is removed at the start (:meth:`Store._drop_twin_backups`); games kept as JSON before stay
# as they are, and read as before.
compact_archive: bool = False


def _after_write(paths: Optional[tuple[str, ...]]) -> None:
    """The hook as it is set now (the phone edition sets it once the folder is loaded)."""
    if after_write is not None:
        after_write(paths)


class RevisionConflict(Exception):
    """Someone else changed (or replaced) the current game first. Reload and retry."""

    def __init__(self, current_revision: Optional[int], current_game_id: Optional[str]):
        super().__init__(f"current game {current_game_id!r} is at revision {current_revision}")
        self.current_revision = current_revision
        self.current_game_id = current_game_id


@dataclass(frozen=True)
class CurrentGame:
    game_id: str
    meta: dict
    actions: list[dict]
    redo: list[dict]
    revision: int
    undo: Optional[list[dict]] = None  # None: every entry of the log was added in turn



# --------------------------------------------------------------------------- documents

def _player_names(meta: dict) -> list[str]:
    """Names from ``meta["players"]``: a list of names or of dicts with a ``name``. A name a
    new game could not take (too long, control or direction characters — an old import) is
    left out, so it never reaches the name suggestions."""
    names = []
    players = meta.get("players") if isinstance(meta, dict) else None
    for p in players if isinstance(players, list) else []:
        name = p.get("name") if isinstance(p, dict) else p
        if isinstance(name, str) and name and bad_name(name) is None:
            names.append(name)
    return names


def _looks_whole(path: str) -> bool:
    """A file the store wrote is one JSON object: it begins with ``{`` and ends with ``}``; or
    it is compressed (:data:`compact_archive`) and begins with a zlib header (its end, a
    checksum, is checked when it is read). A look at its ends, not a parse (the start-up check
    of every archived game; read without a file object, whose buffer and checks cost a fifth
    more with 1,700 games kept)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    try:
        size = os.fstat(fd).st_size
        head = os.read(fd, 2)
        if looks_compressed(head):
            return size > 6  # a header, some data and a checksum
        os.lseek(fd, max(0, size - 16), os.SEEK_SET)
        tail = os.read(fd, 16)
    except OSError:
        return False
    finally:
        os.close(fd)
    return head[:1] == b"{" and tail.rstrip().endswith(b"}")


def _put_single(table, doc: dict) -> None:
    """Store ``doc`` as the table's only document, in one write (``upsert`` may take two)."""
    if table.contains(doc_id=_CURRENT_DOC):
        table.update(doc, doc_ids=[_CURRENT_DOC])  # same keys: replaces every field
    else:
        table.insert(Document(doc, doc_id=_CURRENT_DOC))


# --------------------------------------------------------------------------- store

def _notifies(method):
    """A ``Store`` method that changes games or facts: tell the watcher once it returned."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        self._written()
        if self._mine.held:
            self._mine.pending = True  # told when the holder's block ends
            return result
        self._tell()
        return result

    return wrapper


_DRAFT = "table-draft"  # the settings row of :meth:`Store.draft`


class _Mine(threading.local):
    """Per thread: the generation its last write made; notices held; one held back."""

    written = 0
    held = 0
    pending = False


class Store:
    """The app's data folder. Get it with ``Store.open(path)``; see the module docstring."""

    _registry: dict[str, "Store"] = {}
    _registry_lock = threading.Lock()

    @classmethod
    def open(cls, path: Optional[os.PathLike | str] = None) -> "Store":
        """The shared ``Store`` for ``path`` (default ``data_dir()``), opening it if needed."""
        root = os.path.realpath(path if path is not None else data_dir())
        with cls._registry_lock:
            store = cls._registry.get(root)
            if store is None:
                store = cls._registry[root] = cls(root)
            return store

    def __init__(self, root: str):
        """Use ``Store.open``: two instances on one folder would overwrite each other.

        Opening never fails for what is in the folder: what cannot be read is set aside or
        left alone and reported in ``incidents``; a repair that cannot be written is tried
        again at the next start. Only another process owning the folder stops it
        (:class:`FolderInUse`)."""
        self.root = root
        self.incidents: list[StorageIncident] = []
        self._damaged: set[str] = set()  # archived games whose file and backup cannot be read
        self._lock = threading.RLock()
        self.generation = 0  # grows with every change of games or facts
        self._watcher: Optional[Callable[[], None]] = None
        self._mine = _Mine()
        os.makedirs(root, exist_ok=True)
        own_folder(root)
        self._archive_dir_ok()
        self._game = self._db("current.json", valid_current).table("game")
        self._index = self._db("archive.json", valid_index).table("games")
        profile = self._db("profile.json", valid_profile)
        self._facts, self._settings = profile.table("facts"), profile.table("settings")
        self._people = profile.table("people")  # issue 42: one registry document (store/people.py)
        for table in (self._game, self._index, self._facts):
            len(table)  # load now, so incidents are known right after open
        for repair in (self._complete_interrupted_finish, self._rebuild_index, self._find_damaged):
            try:
                repair()
            except OSError as e:  # disk full, read-only folder…: the data stays as it was
                log.warning("start-up repair %s not saved", repair.__name__, exc_info=True)
                self.incidents.append(StorageIncident(NOT_SAVED, "archive.json", e.strerror or type(e).__name__))

    def _archive_dir_ok(self) -> None:
        """``archive/`` must be a folder: a file in its place is kept aside."""
        path = os.path.join(self.root, "archive")
        if os.path.lexists(path) and not os.path.isdir(path):
            aside = set_aside(path)
            if aside is None:
                self.incidents.append(StorageIncident(UNREADABLE, "archive", "unreadable"))
                return
            self.incidents.append(StorageIncident(MOVED_ASIDE, "archive", "wrong_shape",
                                                  (os.path.relpath(aside, self.root),)))
        try:
            os.makedirs(path, exist_ok=True)
        except OSError as e:
            self.incidents.append(StorageIncident(UNREADABLE, "archive", e.strerror or "unreadable"))

    def close(self) -> None:
        """Forget this instance and give the folder up (another process may take it); the
        next ``Store.open`` re-reads the folder from disk."""
        with self._registry_lock:
            if Store._registry.get(self.root) is self:
                del Store._registry[self.root]
                release_folder(self.root)

    def watch(self, fn: Optional[Callable[[], None]]) -> None:
        """Call ``fn()`` after every change of the games or the deck facts (one watcher: the
        app's broadcast to its sessions; None removes it)."""
        self._watcher = fn

    @contextlib.contextmanager
    def held_notices(self):
        """Within the block, this thread's changes tell the watcher once, when the block ends
        (other threads' changes are told at once): a session shares the state it folded
        before the other sessions hear of the change."""
        self._mine.held += 1
        try:
            yield
        finally:
            self._mine.held -= 1
            if not self._mine.held and self._mine.pending:
                self._mine.pending = False
                self._tell()

    def _tell(self) -> None:
        watcher = self._watcher
        if watcher is not None:
            try:
                watcher()
            except Exception:  # a listener's trouble must never undo a durable write
                log.exception("store watcher failed")

    def _written(self) -> None:
        """A change was written: the store's generation grows (this thread's last change)."""
        with self._lock:
            self.generation += 1
            self._mine.written = self.generation

    def written_generation(self) -> int:
        """The ``generation`` this thread's last change made (0: none yet)."""
        return self._mine.written

    def _db(self, relpath: str, validate: Callable[[Any], bool], compress: bool = False) -> TinyDB:
        return TinyDB(os.path.join(self.root, relpath), storage=AtomicJSONStorage,
                      validate=validate, on_incident=self.incidents.append, root=self.root,
                      after_write=_after_write, compress=compress)

    # ---- current game
    def current(self) -> Optional[CurrentGame]:
        with self._lock:
            d = self._game.get(doc_id=_CURRENT_DOC)
            if not d:
                return None
            return CurrentGame(d["game_id"], d["meta"], d["actions"], d["redo"], d["revision"], d.get("undo"))

    @_notifies
    def start_game(self, meta: dict, *, unless_other_than: Optional[str] = "") -> Optional[CurrentGame]:
        """Start a new game at revision 0 and return it.

        By default it replaces any current game (finish that first). With
        ``unless_other_than=None`` it starts only when there is no current game, and with a
        game id only when there is none or that one (compare-and-swap for two tabs): else
        it returns None and changes nothing."""
        game = CurrentGame(uuid.uuid4().hex, dict(meta), [], [], 0)
        with self._lock:
            if unless_other_than != "":
                cur = self._game.get(doc_id=_CURRENT_DOC)
                if cur and cur["game_id"] != unless_other_than:
                    return None
            _put_single(self._game, asdict(game))
        return game

    @_notifies
    def mirror_current(self, game: CurrentGame, *, replacing: Optional[str] = None) -> bool:
        """Make ``game`` the current game exactly as another device holds it (its id, meta,
        log, histories and revision): a phone's own copy of the table's game
        (``companion/network``). Only when there is no current game, or it is ``replacing``;
        else False and nothing changed (the caller archives its own game first)."""
        if not (isinstance(game.game_id, str) and GAME_ID.match(game.game_id) and isinstance(game.meta, dict)
                and is_list_of_dicts(game.actions) and is_list_of_dicts(game.redo)
                and (game.undo is None or is_list_of_dicts(game.undo))
                and isinstance(game.revision, int) and not isinstance(game.revision, bool) and game.revision >= 0):
            raise TypeError("not a game document")
        with self._lock:
            cur = self._game.get(doc_id=_CURRENT_DOC)
            if cur and cur["game_id"] != replacing:
                return False
            _put_single(self._game, asdict(game))
        return True

    def _expect(self, game_id: str, expected_revision: int) -> dict:
        doc = self._game.get(doc_id=_CURRENT_DOC)
        if not doc or doc["game_id"] != game_id or doc["revision"] != expected_revision:
            raise RevisionConflict(doc and doc["revision"], doc and doc["game_id"])
        return doc

    @_notifies
    def append_action(self, game_id: str, expected_revision: int, action: dict) -> int:
        """Append ``action`` and clear the redo stack; return the new revision. An explicit
        undo history records the addition (``{"change": "add", "at": n}``).

        Raises ``RevisionConflict`` if the current game is not ``game_id`` at
        ``expected_revision``. Durable when it returns.
        """
        if not isinstance(action, dict):
            raise TypeError("action must be a dict")
        with self._lock:
            doc = self._expect(game_id, expected_revision)
            change = {"actions": doc["actions"] + [action], "redo": [], "revision": expected_revision + 1}
            if doc.get("undo") is not None:
                change["undo"] = doc["undo"] + [{"change": "add", "at": len(doc["actions"])}]
            self._game.update(change, doc_ids=[_CURRENT_DOC])
            return expected_revision + 1

    @_notifies
    def replace_log(self, game_id: str, expected_revision: int,
                    actions: list[dict], redo: list[dict], undo: Optional[list[dict]] = None) -> int:
        """Replace the action log and the undo and redo histories (undo, redo, edit); return
        the new revision. ``undo=None``: every entry of the log was added in turn."""
        if not (is_list_of_dicts(actions) and is_list_of_dicts(redo)
                and (undo is None or is_list_of_dicts(undo))):
            raise TypeError("actions, redo and undo must be lists of dicts")
        with self._lock:
            self._expect(game_id, expected_revision)
            self._game.update({"actions": list(actions), "redo": list(redo),
                               "undo": None if undo is None else list(undo),
                               "revision": expected_revision + 1}, doc_ids=[_CURRENT_DOC])
            return expected_revision + 1

    @_notifies
    def finish_current(self, game_id: str, expected_revision: int, record: Any, summary: dict,
                       status: Status = "finished") -> str:
        """Archive the current game (with its log, ``record`` and ``summary``), clear it and
        return its id (the archive id). Compare-and-swap like ``append_action``."""
        if status not in ("finished", "abandoned"):
            raise ValueError(f"bad status {status!r}")
        with self._lock:
            doc = self._expect(game_id, expected_revision)
            entry = {k: v for k, v in doc.items() if k != "revision"}
            had_file = os.path.exists(self._archive_path(game_id))
            try:
                self._archive_entry(entry, status, record, summary)  # 1. + 2.
                self._game.truncate()                                # 3.
            except Exception:  # (a kill is not an exception here: start-up completes that)
                # all or nothing: the game stays the current one, as before the call (if this
                # undo fails too, the start-up check below sees a stale copy and keeps the game)
                if not had_file:
                    self._forget_archived(game_id)
                raise
            return game_id

    @_notifies
    def import_game(self, meta: dict, actions: list[dict], record: Any, summary: dict) -> str:
        """File an imported game record in the archive (status ``imported``); return its id.
        The current game is not touched. All or nothing: if a write fails, nothing is filed."""
        entry = {"game_id": uuid.uuid4().hex, "meta": dict(meta), "actions": list(actions), "redo": []}
        with self._lock:
            try:
                self._archive_entry(entry, "imported", record, summary)
            except Exception:
                self._forget_archived(entry["game_id"])
                raise
            return entry["game_id"]

    def _archive_path(self, game_id: str) -> str:
        return os.path.join(self.root, "archive", game_id + ".json")

    def _forget_archived(self, game_id: str) -> None:
        """Undo a filing that failed half-way: its archive file (removing a file works on a
        full disk) and, if it got that far, its index row."""
        path = self._archive_path(game_id)
        for p in (path, path + ".bak", path + ".tmp"):
            remove_quietly(p)
        _after_write((path, path + ".bak", path + ".tmp"))  # removed: the phone edition's copy deletes them
        try:
            self._index.remove(Query().game_id == game_id)
        except (OSError, KeyError):
            pass  # left for the start-up check: a row whose file is gone is dropped there

    def _archive_entry(self, entry: dict, status: str, record: Any, summary: dict) -> None:
        existing = self._read_archived(entry["game_id"])
        seq = existing["seq"] if existing else 1 + max((d["seq"] for d in self._index.all()), default=0)
        entry = {**entry, "seq": seq, "status": status, "record": record, "summary": dict(summary)}
        self._file_archived(entry)  # 1. commit point, idempotent by game_id
        self._index_upsert(entry)   # 2.

    def _file_archived(self, entry: dict) -> None:
        """Write a game's archive file: twice, so that its .bak is a good copy from the start;
        once, compressed, where :data:`compact_archive` (the phone edition)."""
        with self._archive_db(entry["game_id"]) as db:
            for _ in range(1 if compact_archive else 2):
                _put_single(db.table("game"), entry)

    # ---- archive
    def _archive_db(self, game_id: str) -> TinyDB:
        if not GAME_ID.match(game_id):
            raise ValueError(f"bad game id {game_id!r}")
        return self._db(os.path.join("archive", game_id + ".json"), valid_archived, compress=compact_archive)

    def _read_archived(self, game_id: str) -> Optional[dict]:
        with self._archive_db(game_id) as db:
            doc = db.table("game").get(doc_id=_CURRENT_DOC)
        return dict(doc) if doc else None

    @staticmethod
    def _index_row(entry: dict) -> dict:
        row = {"game_id": entry["game_id"], "seq": entry["seq"], "status": entry["status"],
               "players": _player_names(entry["meta"]), "summary": entry["summary"]}
        copy_of = entry["meta"].get(COPY_OF) if isinstance(entry["meta"], dict) else None
        if isinstance(copy_of, str):  # a phone's own copy of a table's game (session/aside.py)
            row[COPY_OF] = copy_of
        return row

    def _index_upsert(self, entry: dict) -> None:
        is_entry = Query().game_id == entry["game_id"]
        row = self._index_row(entry)
        if self._index.contains(is_entry):
            def whole(doc: dict) -> None:  # the game was just written whole: no longer damaged
                doc.pop("damaged", None)
                doc.update(row)
            self._index.update(whole, is_entry)
        else:
            self._index.insert(row)
        if entry["game_id"] in self._damaged:
            self._damaged.discard(entry["game_id"])
            self._archived_cache = None

    def _complete_interrupted_finish(self) -> None:
        """A current game that also has an archive file: its finish was interrupted. Complete
        it only if the archived copy holds exactly the current log; a copy that differs is
        stale (the finish failed and the table played on), so it is removed and the game
        stays current — no confirmed action is ever dropped."""
        doc = self._game.get(doc_id=_CURRENT_DOC)
        if not doc or not os.path.exists(self._archive_path(doc["game_id"])):
            return
        archived = self._read_archived(doc["game_id"])
        if archived and archived["actions"] == doc["actions"] and archived["redo"] == doc["redo"]:
            self._index_upsert(archived)
            self._game.truncate()
        elif archived is not None:
            log.warning("stale archive copy of the current game %s removed", doc["game_id"])
            self._forget_archived(doc["game_id"])

    def _rebuild_index(self) -> None:
        try:
            names = os.listdir(os.path.join(self.root, "archive"))
        except OSError as e:
            self.incidents.append(StorageIncident(UNREADABLE, "archive", e.strerror or "unreadable"))
            return
        current = self._game.get(doc_id=_CURRENT_DOC)
        is_current = Query().game_id == (current or {}).get("game_id")
        if current and not os.path.exists(self._archive_path(current["game_id"])) and self._index.contains(is_current):
            # a row of the game in progress whose filing was undone: it is not archived
            self._index.remove(is_current)
        known = {d["game_id"] for d in self.archived()}  # the rows the history reads next (issue 53: one parse)
        found = []
        for name in names:
            game_id = name[:-5] if name.endswith(".json") else None
            if game_id and game_id not in known and GAME_ID.match(game_id):
                archived = self._read_archived(game_id)
                if archived:
                    found.append(archived)
        if found:
            self._index.insert_multiple(self._index_row(e) for e in found)
            self.incidents.append(StorageIncident(ARCHIVE_INDEX_REBUILT, "archive.json",
                                                  count=len(found)))

    def _find_damaged(self) -> None:
        """Archived games whose file and backup copy are both damaged or gone: listed as such
        (not parsed here, a look at each file's first and last bytes: a file the store wrote
        is one JSON object; a damage that keeps both ends is found when the game is read)."""
        folder = os.path.join(self.root, "archive")
        try:
            names = set(os.listdir(folder))
        except OSError:
            return
        current = (self._game.get(doc_id=_CURRENT_DOC) or {}).get("game_id")
        twins = []
        for row in self.archived():  # the rows the history reads next (issue 53: one parse of the index)
            game_id = row.get("game_id")
            if not isinstance(game_id, str) or game_id == current:
                continue
            if row.get("damaged") is True:  # found before (by a read, an export): remembered (issue 53)
                self._damaged.add(game_id)
            elif not any(name in names and _looks_whole(os.path.join(folder, name))
                         for name in (game_id + ".json", game_id + ".json.bak")):
                log.warning("archived game %s: its file and backup are damaged or gone", game_id)
                self._mark_damaged(game_id)
            elif compact_archive and game_id + ".json.bak" in names:
                twins.append(os.path.join(folder, game_id + ".json"))
        self._drop_twin_backups(twins)

    @staticmethod
    def _drop_twin_backups(paths: list[str]) -> None:
        """Where an archived game is kept once (:data:`compact_archive`, the phone edition): a
        game's ``.bak`` that is its file byte for byte (as every archived game's was, written
        twice) is removed; nothing is lost, the file holds each byte of it. A ``.bak`` that
        differs, or cannot be read, stays (a damaged file is restored from it when read)."""
        removed = []
        for path in paths:
            try:
                with open(path, "rb") as f, open(path + ".bak", "rb") as bak:
                    if f.read() != bak.read():
                        continue
            except OSError:
                continue
            remove_quietly(path + ".bak")
            removed.append(path + ".bak")
        if removed:
            log.info("%d archived games kept once: their twin backups removed", len(removed))
            _after_write(tuple(removed))  # (the phone edition's copy deletes them from IndexedDB)

    def _mark_damaged(self, game_id: str) -> None:
        """A listed game's file and backup cannot be read: said from now on, and remembered in
        its row of the index (issue 53: the damaged files set aside may come back after a
        restart where the renames were not kept — the phone edition copies the folder after a
        write, not after a repair — and their ends look whole there). A row that cannot be
        written keeps it said in memory until the next start."""
        if game_id in self._damaged:
            return
        self._damaged.add(game_id)
        self._archived_cache = None  # new rows: the history's readers see the change
        try:
            self._index.update({"damaged": True}, Query().game_id == game_id)
        except OSError:
            log.warning("archived game %s: its damage could not be remembered", game_id, exc_info=True)

    def archived(self) -> list[dict]:
        """History, most recent first: ``{game_id, seq, status, players, summary}`` dicts
        (shared: read them, never change them). The index is parsed and sorted once per
        version of the file, not at every call: with thousands of games kept, the History and
        statistics screen opens at once."""
        with self._lock:
            text = getattr(self._index.storage, "_text", None)  # a new object at every write
            cached = getattr(self, "_archived_cache", None)
            if cached is None or cached[0] is not text or text is None:
                rows = sorted((dict(d, damaged=True) if d.get("game_id") in self._damaged else dict(d)
                               for d in self._index.all()), key=lambda d: -d["seq"])
                cached = self._archived_cache = (text, rows)
            return list(cached[1])

    def archived_game(self, game_id: str) -> Optional[dict]:
        """The full archived game ``{game_id, seq, status, meta, actions, redo, record,
        summary}``, or None if unknown or unrecoverable (see ``incidents``)."""
        with self._lock:
            if not GAME_ID.match(game_id):
                return None
            game = self._read_archived(game_id)
            if game is None and self._index.contains(Query().game_id == game_id):
                self._mark_damaged(game_id)  # listed, and unreadable: said so from now on
            return game

    def archived_damaged(self, game_id: str) -> bool:
        """Whether a listed game's file and backup copy are both damaged (its record is lost;
        the damaged files are kept aside as ``archive/<id>.json.corrupt-<n>``)."""
        with self._lock:
            return game_id in self._damaged

    # ---- profile
    def deck_facts(self) -> dict[str, dict]:
        with self._lock:
            return {d["card_id"]: d["facts"] for d in self._facts.all()}

    @_notifies
    def set_fact(self, card_id: str, facts: dict) -> None:
        with self._lock:
            self._facts.upsert({"card_id": card_id, "facts": dict(facts)},
                               Query().card_id == card_id)

    def settings(self) -> dict[str, Any]:
        with self._lock:
            return {d["key"]: d["value"] for d in self._settings.all()}

    def set_setting(self, key: str, value: Any) -> None:
        with self._lock:
            self._settings.upsert({"key": key, "value": value}, Query().key == key)

    def draft(self) -> dict[str, Any]:
        """What the table is entering that is not an entry yet (``session/draft.py``: a whale
        round's setup), as the last phone to change it left it; {} when none."""
        value = self.settings().get(_DRAFT)
        return value if isinstance(value, dict) else {}

    @_notifies
    def set_draft(self, value: dict[str, Any]) -> None:
        """Keep the table's draft; the watcher is told (other screens, the table's phones)."""
        self.set_setting(_DRAFT, dict(value))

    def player_names(self) -> list[str]:
        """Known player names, most recent first: the current game's, then the archive's."""
        with self._lock:
            current = self._game.get(doc_id=_CURRENT_DOC)
            names = _player_names(current["meta"]) if current else []
            for entry in self.archived():
                names += entry["players"]
            return list(dict.fromkeys(names))

    # ---- people (issue 42; the registry's rules are companion/store/people.py)
    def people_registry(self) -> dict:
        """The people document ``{"people": [{id, name, names}]}`` (a copy; empty before any)."""
        with self._lock:
            doc = self._people.get(doc_id=_CURRENT_DOC)
            return {"people": _people.people(doc)} if doc else {"people": []}

    def people(self) -> list[dict]:
        """``[{id, name, names}]``: the people of the table, in the order they were made."""
        return self.people_registry()["people"]

    def name_map(self) -> dict[str, str]:
        """``{player name: person id}``: every spelling that means a person."""
        return _people.name_map(self.people_registry())

    def unmapped_names(self) -> list[str]:
        """Player names of the kept games (and the running one) that are no one's yet, most
        recent first: what the first start after the change offers to make people of, and
        what an imported record's names ask."""
        known = self.name_map()
        return [n for n in self.player_names() if n not in known]

    def _change_people(self, change: Callable[[dict], Any]) -> Any:
        """Apply ``change`` to the registry and write it in one atomic write (all or nothing:
        a ``PeopleError`` or a failed write leaves it as it was). ``change`` returns the new
        document, or ``(document, result)``; the result is returned."""
        with self._lock:
            out = change(self.people_registry())
            doc, result = out if isinstance(out, tuple) else (out, None)
            if not _people.valid_people(doc):
                raise _people.PeopleError("people.unknown")
            _put_single(self._people, doc)
            return result

    @staticmethod
    def _new_person_id() -> str:
        return uuid.uuid4().hex

    @_notifies
    def add_person(self, name: str) -> str:
        """The person called ``name``: the one whose spellings hold it, else a new one."""
        return self._change_people(lambda doc: _people.add(doc, name, self._new_person_id))

    @_notifies
    def people_from_names(self, names: Optional[list[str]] = None) -> int:
        """Make a person of each name that is no one's yet (same spelling → same person);
        ``names`` None: every such name in the kept games. Returns how many were made."""
        with self._lock:
            names = self.unmapped_names() if names is None else list(names)
            return self._change_people(lambda doc: _people.add_names(doc, names, self._new_person_id))

    @_notifies
    def map_name(self, name: str, person_id: str) -> None:
        """``name`` (e.g. an imported record's) means the person ``person_id`` from now on
        (PeopleError if it is someone else's, or sat at a game with them)."""
        with self._lock:
            self._change_people(lambda doc: _people.map_name(doc, name, person_id, self._played_together))

    @_notifies
    def rename_person(self, person_id: str, name: str) -> None:
        """Show the person as ``name``; every game of theirs follows (PeopleError if taken, or
        if the name sat at a game with them)."""
        with self._lock:
            self._change_people(lambda doc: _people.rename(doc, person_id, name, self._played_together))

    def _played_together(self, a: set, b: set) -> bool:
        """Whether spellings ``a`` and ``b`` sat at one kept game, or sit at the running one."""
        current = self._game.get(doc_id=_CURRENT_DOC)
        games = [r["players"] for r in self.archived()] + ([_player_names(current["meta"])] if current else [])
        return any(a.intersection(g) and b.intersection(g) for g in games)

    @_notifies
    def merge_people(self, keep: str, gone: str) -> None:
        """``gone`` is ``keep`` under another spelling: one person from now on, every game of
        both theirs. Refused (PeopleError) for two people who sat at one game."""
        with self._lock:
            self._change_people(lambda doc: _people.merge(doc, keep, gone, self._played_together))

    PEOPLE_OFFERED = "people-offered"  # setting: the first start's offer was answered

    def people_offer(self) -> list[str]:
        """The names of the kept games the first start after the change offers to make
        people of (same spelling → same person); empty once the offer was answered."""
        with self._lock:
            if self.settings().get(self.PEOPLE_OFFERED):
                return []
            current = self._game.get(doc_id=_CURRENT_DOC)
            asked = _people.only_imported(self.archived(), _player_names(current["meta"]) if current else ())
            return [n for n in self.unmapped_names() if n not in asked]  # imported names are asked (issue 51)

    def answer_people_offer(self, accept: bool) -> int:
        """Answer the offer once: ``accept`` makes the people; either way it is not asked
        again. Returns how many people were made."""
        with self._lock:
            made = self.people_from_names(self.people_offer()) if accept else 0
            self.set_setting(self.PEOPLE_OFFERED, True)
            return made

    # ---- the whole archive, to move to another device (issue 42)
    ARCHIVE_FORMAT = "kity-archive/1"

    def export_archive(self) -> dict:
        """Every kept game (its full stored document) and the people: what a new phone
        imports with :meth:`import_archive`. Unreadable games are left out. All of
        :meth:`export_archive_steps` at once."""
        return run_through(self.export_archive_steps())

    def export_archive_steps(self, step_seconds: float = 0.1,
                             encode: Optional[Callable[[dict], Any]] = None) -> Iterator[tuple[int, int]]:
        """:meth:`export_archive` a step at a time (issue 53, as :meth:`import_archive_steps`):
        yields ``(games read, games kept)`` after about ``step_seconds`` of reading; returns
        the archive, each game as ``encode(game)`` (``encode`` None: the game itself; the
        session's text of it: the games read are not all held at once). The games are the
        history as it was at the first step (a game filed meanwhile goes out with the next
        export; one resumed meanwhile is left out, not said damaged). Each game's file is read
        and parsed once (:meth:`_read_archived_once`); a file that does not read whole gets the
        repairing read (its backup…)."""
        rows = sorted(self.archived(), key=lambda r: r["seq"])
        games: list[Any] = []
        done = 0
        while done < len(rows):
            with self._lock:
                until, looked = time.monotonic() + step_seconds, 0
                while done < len(rows) and (not looked or time.monotonic() < until):
                    game_id = rows[done]["game_id"]
                    done += 1
                    looked += 1
                    if not GAME_ID.match(game_id):
                        continue
                    g = self._read_archived_once(game_id)
                    if g is None:
                        g = self._read_archived(game_id)
                    if g is not None:
                        games.append(g if encode is None else encode(g))
                    elif self._index.contains(Query().game_id == game_id):  # still listed: unreadable
                        self._mark_damaged(game_id)  # found here: said and remembered (issue 53)
            yield done, len(rows)
        with self._lock:
            return {"format": self.ARCHIVE_FORMAT, "games": games, "people": self.people_registry()["people"]}

    def _read_archived_once(self, game_id: str) -> Optional[dict]:
        """A kept game's document read from its file and parsed once, as it is on disk now;
        None when the file is not there whole and of the right shape (the caller then reads it
        the repairing way, :meth:`_read_archived`). The repairing read parses a file three
        times (the file, its backup, the table): 1,700 games took seconds to go out."""
        try:
            with open(self._archive_path(game_id), "rb") as f:
                data = json.loads(text_of(f.read()))
        except (OSError, ValueError, RecursionError):
            return None
        if not (is_tinydb_shape(data) and valid_archived(data)):
            return None
        doc = data["game"].get(str(_CURRENT_DOC))
        return doc if isinstance(doc, dict) else None

    def import_archive(self, data: Any) -> tuple[int, int]:
        """File the games of an exported archive that are not kept here yet (by game id: an
        archive imported twice adds nothing the second time) and take in its people (an
        archive from before there were people has none: its names stay names). Returns
        ``(added, skipped)``: a game of the wrong shape is skipped, never raised on. Each game
        is filed all or nothing. All of :meth:`import_archive_steps` at once."""
        return run_through(self.import_archive_steps(data))

    def import_archive_steps(self, data: Any, step_seconds: float = 0.1) -> Iterator[tuple[int, int]]:
        """:meth:`import_archive` a step at a time (issue 53): yields ``(games looked at, games
        in the archive)`` after about ``step_seconds`` of filing, so that a screen can show the
        progress and stay live between steps; returns ``(added, skipped)``. Stopped between two
        steps (``close()``: the person cancelled), everything filed so far stays, whole.

        The archive's people come first, in one write (the games taken in, even part of them,
        name their people). Each game's own file is its commit point, written as
        :meth:`finish_current` writes one; the index gets the rows of a step in one write at
        the step's end (one write per game made a 1,700-game archive take minutes: each
        rewrote the whole index). A kill inside a step leaves files with no row yet, which the
        next start files in the index (``_rebuild_index``): nothing is lost, nothing doubled."""
        if not isinstance(data, dict) or data.get("format") != self.ARCHIVE_FORMAT \
                or not isinstance(data.get("games"), list):
            raise ValueError("not an archive")
        games = data["games"]
        added = skipped = done = 0
        changed = False
        rows: list[dict] = []  # index rows of games filed, not in the index yet
        read_at: Optional[int] = None  # the store's generation when ``known`` was read
        indexed_at = time.monotonic()

        def index_rows() -> None:
            nonlocal rows, changed, read_at, indexed_at
            if rows:
                self._index.insert_multiple(rows)
                rows, changed = [], True
                self._written()
                if read_at is not None:
                    read_at = self.generation  # our own write: what we know is still the index
            indexed_at = time.monotonic()

        try:
            theirs = data.get("people")
            if isinstance(theirs, list) and theirs:
                self._change_people(lambda doc: _people.combine(doc, {"people": theirs}, self._new_person_id))
                changed = True
                self._written()
            while done < len(games):
                with self._lock:
                    if read_at != self.generation:  # the first step, or another session wrote since
                        index_rows()
                        known = {r["game_id"]: r["seq"] for r in self._index.all()}
                        cur = self._game.get(doc_id=_CURRENT_DOC)
                        if cur:
                            known.setdefault(cur["game_id"], 0)
                        seq = max(known.values(), default=0)
                        read_at = self.generation
                    until, looked = time.monotonic() + step_seconds, 0
                    while done < len(games) and (not looked or time.monotonic() < until):
                        g = games[done]
                        done += 1
                        looked += 1
                        if not (isinstance(g, dict) and valid_archived({"game": {"1": g}})) or g["game_id"] in known:
                            skipped += 1
                            continue
                        entry = {k: g[k] for k in ("game_id", "meta", "actions", "redo") if k in g}
                        if g.get("undo") is not None:
                            entry["undo"] = g["undo"]
                        entry = {**entry, "seq": seq + 1, "status": g["status"], "record": g["record"],
                                 "summary": dict(g["summary"])}
                        try:
                            self._file_archived(entry)  # the game's commit point
                        except Exception:
                            self._forget_archived(entry["game_id"])
                            raise
                        seq += 1
                        known[entry["game_id"]] = seq
                        rows.append(self._index_row(entry))
                        added += 1
                    if time.monotonic() - indexed_at >= INDEX_SECONDS:
                        index_rows()
                yield done, len(games)
        finally:
            with self._lock:  # the end, a stop between steps or a failed write: every game filed gets its row
                index_rows()
            if changed:  # told once
                if self._mine.held:
                    self._mine.pending = True
                else:
                    self._tell()
        return added, skipped

    # ---- resuming a stopped game (issue 19, point 4)
    @_notifies
    def resume_archived(self, game_id: str) -> Optional[CurrentGame]:
        """Bring a stopped (``abandoned``) game back from the archive as the current game, with
        its log and redo stack; return it. None, and nothing changed, when a game is running or
        ``game_id`` is not a stopped game of the archive.

        All or nothing: 1. the current game is written (the commit point), 2. the archive file
        and the index row are removed. A kill between 1. and 2. leaves a current game whose
        archived copy holds the same log: the start-up check (``_complete_interrupted_finish``)
        files it back, so the game is either resumed or still stopped in the history, never
        both and never lost. An archive file that cannot be removed puts the current game back
        as it was (None); an index row that cannot be removed is dropped at the next start
        (``_rebuild_index``: a row of the game in progress)."""
        with self._lock:
            if self._game.get(doc_id=_CURRENT_DOC) or not isinstance(game_id, str) or not GAME_ID.match(game_id):
                return None
            entry = self._read_archived(game_id)
            if entry is None or entry.get("status") != "abandoned":
                return None
            undo = entry.get("undo")  # its history of changes comes back with it (undo, redo)
            game = CurrentGame(game_id, dict(entry["meta"]), list(entry["actions"]), list(entry["redo"]), 0,
                               None if undo is None else list(undo))
            _put_single(self._game, asdict(game))          # 1.
            path = self._archive_path(game_id)
            for p in (path, path + ".bak", path + ".tmp"):  # 2. (removing works on a full disk)
                remove_quietly(p)
            _after_write((path, path + ".bak", path + ".tmp"))  # (the phone edition's copy deletes them)
            if os.path.exists(path):  # could not be removed: the game stays stopped, as it was
                self._game.truncate()
                return None
            try:
                self._index.remove(Query().game_id == game_id)
            except OSError:  # the row of a game in progress is dropped at the next start
                log.warning("index row of the resumed game %s not removed", game_id, exc_info=True)
            return game
