"""TinyDB storage with atomic writes, a ``.bak`` of the previous version and self-repair on
load (see ``companion/store/repository.py`` for why: the OS may kill the app at any moment).

A write goes to ``<file>.tmp`` (flushed and fsynced), the current ``<file>`` gets a second
name ``<file>.bak`` (a hard link, or a copy where there are none: the browser's Python), then
``os.replace`` puts the temp file on ``<file>`` and the folder is fsynced. Loading never
crashes and never deletes: a bad file is kept aside as ``<file>.corrupt-<n>`` and the last good
version comes back from ``.bak``, reported as a :class:`~.incidents.StorageIncident`.

Standard library and TinyDB only (the phone edition imports this).
"""
from __future__ import annotations

import json
import os
import shutil
import zlib
from typing import Any, Callable, Optional

from tinydb.storages import Storage

from .incidents import BACKUP_SET_ASIDE, MOVED_ASIDE, RESET_TO_EMPTY, RESTORED_FROM_BACKUP, UNREADABLE, StorageIncident
from .validate import is_tinydb_shape


def text_of(raw: bytes) -> str:
    """A stored file's text from its bytes: UTF-8 JSON as written, or that JSON compressed with
    zlib (``compress``: the phone edition's archived games). A JSON file the store wrote begins
    with ``{``, a zlib stream with ``x``: the two never meet. Raises ``ValueError`` for bytes
    that are neither (a damaged stream, text that is not UTF-8)."""
    if raw[:1] == b"x":
        try:
            raw = zlib.decompress(raw)
        except zlib.error as e:
            raise ValueError(str(e)) from e
    return raw.decode("utf-8")


def looks_compressed(head: bytes) -> bool:
    """Whether a file's first two bytes are a zlib header (:func:`text_of`)."""
    return len(head) == 2 and head[0] == 0x78 and (head[0] * 256 + head[1]) % 31 == 0


def remove_quietly(path: str) -> None:
    """Remove ``path`` if it is there (removing works on a full disk)."""
    try:
        os.remove(path)
    except OSError:
        pass


def fsync_dir(path: str) -> None:
    """Make renames in ``path`` durable (not possible, nor needed, on Windows)."""
    if os.name == "nt":
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def set_aside(path: str) -> Optional[str]:
    """Rename ``path`` to the first free ``<path>.corrupt-<n>`` (a counter, no clock needed);
    return the new path, or None when it could not be renamed."""
    n = 1
    while os.path.lexists(f"{path}.corrupt-{n}"):
        n += 1
    try:
        os.replace(path, f"{path}.corrupt-{n}")
    except OSError:
        return None
    return f"{path}.corrupt-{n}"


class AtomicJSONStorage(Storage):
    """TinyDB storage with atomic writes, a ``.bak`` of the previous version and self-repair.

    ``validate(data) -> bool`` checks the file's shape beyond TinyDB's ``{table: {id: doc}}``;
    ``on_incident`` receives a ``StorageIncident`` when a file had to be repaired; ``root`` is
    the folder incident paths are relative to; ``after_write(paths)`` is called after every file
    written, with the paths that write changed: the file and its ``.bak`` (the phone edition
    copies them to IndexedDB then), and with None after a file was set aside (a rename it
    cannot name file by file: the whole folder is copied). The file is read from disk once, on the first
    ``read()``; later reads parse the last JSON text written, so TinyDB's in-place mutations of
    read data can never leak into a failed write. ``compress``: the file is written compressed
    with zlib (:func:`text_of`; read either way).
    """

    def __init__(self, path: str, *, validate: Optional[Callable[[Any], bool]] = None,
                 on_incident: Optional[Callable[[StorageIncident], None]] = None,
                 root: Optional[str] = None, after_write: Optional[Callable[[Optional[tuple[str, ...]]], None]] = None,
                 compress: bool = False):
        super().__init__()
        self._compress = compress
        self.path = os.path.abspath(path)
        self.bak = self.path + ".bak"
        self._tmp = self.path + ".tmp"
        self._validate = validate
        self._on_incident = on_incident
        self._root = root or os.path.dirname(self.path)
        self._after_write = after_write
        self._loaded = False
        self._text: Optional[str] = None  # None: empty database
        self._fresh: Any = None  # the load's own parse of ``_text``, handed out once (issue 53)
        self._unreadable = False
        self._renamed = False  # a file was set aside since after_write was last called

    # TinyDB Storage API
    def read(self) -> Optional[dict[str, dict[str, Any]]]:
        if not self._loaded:
            self._text = self._load()
            self._loaded = True
            if self._renamed:  # a damaged file set aside and no write after it
                self._tell(())
        fresh, self._fresh = self._fresh, None
        if fresh is not None:  # the load parsed the file to check it: that parse serves the first read
            return fresh  # (handed out once: whatever TinyDB does to it never reaches a later read)
        return None if self._text is None else json.loads(self._text)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self._unreadable:  # never replace a file we could not read: it may be all the user has
            raise PermissionError(f"{self.path} could not be read; it is not overwritten")
        # Serialise first: a non-JSON value raises before anything on disk changes.
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        self._write_text(text, keep_backup=True)
        self._text, self._loaded = text, True

    # internals
    def _write_text(self, text: str, keep_backup: bool) -> None:
        raw = text.encode("utf-8")  # text that is not Unicode fails here, before the disk
        if self._compress:
            raw = zlib.compress(raw, 1)
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        try:
            with open(self._tmp, "wb") as f:
                f.write(raw)
                f.flush()
                os.fsync(f.fileno())  # the data is on disk before any name points at it
        except BaseException:
            remove_quietly(self._tmp)  # a disk that filled up mid-write leaves no orphan
            raise
        changed: tuple[str, ...] = (self.path,)  # (the temp files are renamed away before the copy)
        try:
            if keep_backup and os.path.exists(self.path):
                self._keep_backup()  # previous complete version stays available
                changed = (self.path, self.bak)
            os.replace(self._tmp, self.path)  # atomic: readers see the old or the new file
        except BaseException:
            remove_quietly(self._tmp)
            raise
        fsync_dir(os.path.dirname(self.path))
        self._tell(changed)

    def _keep_backup(self) -> None:
        """The previous version becomes the ``.bak`` while the live file stays in place at every
        instant: the backup is a second name for it (a hard link, or a copy where the file
        system has none), put in place with one atomic rename; then ``.tmp`` replaces the live
        file in one ``os.replace``."""
        staged = self.bak + ".new"
        remove_quietly(staged)
        try:
            os.link(self.path, staged)
        except (OSError, AttributeError):  # no hard links here (the browser's Python has no
            # os.link; or a leftover in the way): a copy, on disk first
            remove_quietly(staged)
            with open(self.path, "rb") as src, open(staged, "wb") as dst:
                shutil.copyfileobj(src, dst)
                dst.flush()
                os.fsync(dst.fileno())
        try:
            os.replace(staged, self.bak)
        except OSError:
            if not (os.path.isdir(self.bak) and not os.path.islink(self.bak)):
                remove_quietly(staged)
                raise
            # a folder where the backup belongs would fail every write for good: keep it aside
            aside = self._set_aside(self.bak)
            if aside is None:
                remove_quietly(staged)
                raise
            self._report(MOVED_ASIDE, "wrong_shape", [aside], None, file=self.bak)
            os.replace(staged, self.bak)

    def _set_aside(self, path: str) -> Optional[str]:
        """:func:`set_aside`, remembered for ``after_write``: told once the write or the load
        that set it aside is over (never in the middle of a write: a copy would find its
        temporary files)."""
        aside = set_aside(path)
        if aside is not None:
            self._renamed = True
        return aside

    def _tell(self, changed: tuple[str, ...]) -> None:
        """``after_write`` with the paths changed, or None when a file was set aside since."""
        renamed, self._renamed = self._renamed, False
        if self._after_write is not None:
            self._after_write(None if renamed else changed)

    def _check(self, path: str) -> tuple[Optional[str], Optional[str]]:
        """Return (text, None) for a good file, else (None, reason)."""
        text, reason, _data = self._check_parsed(path)
        return text, reason

    def _check_parsed(self, path: str) -> tuple[Optional[str], Optional[str], Any]:
        """Return (text, None, its parse) for a good file, else (None, reason, None)."""
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except FileNotFoundError:
            return None, "missing", None
        except IsADirectoryError:
            return None, "wrong_shape", None  # a folder where the file belongs: it goes aside
        except OSError:
            return None, "unreadable", None
        if not raw.strip():
            return None, "empty", None  # our writes never produce an empty file
        try:
            text = text_of(raw)
            data = json.loads(text)
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None, "not_json", None
        if not is_tinydb_shape(data) or (self._validate and not self._validate(data)):
            return None, "wrong_shape", None
        return text, None, data

    def _rel(self, path: str) -> str:
        return os.path.relpath(path, self._root)

    def _load(self) -> Optional[str]:
        text, reason, data = self._check_parsed(self.path)
        if reason == "missing":
            tmp_text, tmp_reason = self._check(self._tmp)
            if tmp_reason is None:
                # Killed between "file -> .bak" and ".tmp -> file": the temp file was complete
                # and fsynced before the first rename, so finish that write.
                try:
                    os.replace(self._tmp, self.path)
                    fsync_dir(os.path.dirname(self.path))
                except OSError:
                    pass
                return tmp_text
        if os.path.lexists(self._tmp):
            try:  # a torn write that was never acknowledged
                os.remove(self._tmp)
            except OSError:
                pass
        if reason == "unreadable":
            # not damaged, just out of reach (permissions, a folder in its place…): leave it as
            # it is and never write over it; the user is told what to check
            self._unreadable = True
            self._report(UNREADABLE, reason, [], None)
            return None
        if reason is None:
            self._check_backup()
            self._fresh = data
            return text
        aside = [] if reason == "missing" else [self._set_aside(self.path)]
        bak_text, bak_reason = self._check(self.bak)
        if bak_reason is None:
            try:
                self._write_text(bak_text, keep_backup=False)
            except OSError:
                pass  # the next successful write will recreate the file
            self._report(RESTORED_FROM_BACKUP, reason, aside, self._rel(self.bak))
            return bak_text
        if reason == "missing" and bak_reason == "missing":
            return None  # a fresh folder
        if bak_reason != "missing":
            aside.append(self._set_aside(self.bak))
        self._report(RESET_TO_EMPTY, reason, aside, None)
        return None

    def _check_backup(self) -> None:
        """The file is good; a damaged ``.bak`` is set aside (and said), so that it can never
        be "restored" over good data later."""
        if not os.path.lexists(self.bak):
            return
        _text, reason = self._check(self.bak)
        if reason is None or reason == "missing":
            return
        aside = self._set_aside(self.bak)
        if aside is not None:
            self._report(BACKUP_SET_ASIDE, reason, [aside], None, file=self.bak)

    def _report(self, code: str, reason: str, aside: list, restored_from: Optional[str],
                file: Optional[str] = None) -> None:
        if self._on_incident:
            kept = tuple(self._rel(p) for p in aside if p)
            self._on_incident(StorageIncident(code, self._rel(file or self.path), reason, kept,
                                              restored_from))

