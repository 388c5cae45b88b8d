"""One process per data folder: a second Киты on the same folder would overwrite the first
one's games (each ``Store`` reads a file from disk once, then trusts what it wrote).

The lock is an OS lock on ``<folder>/.lock`` taken through ``filelock`` (``flock`` on POSIX,
``msvcrt.locking`` on Windows): the OS releases it when the process ends, even when it is
killed, so a stale lock never blocks. The browser edition does not take it (no other process
can reach its folder; its counterpart is the browser's Web Lock, ``companion/base/platform.py``):
``filelock`` is imported only when a lock is taken, so the browser never needs it.
"""
from __future__ import annotations

import errno
import logging
import os
from typing import Any

from ..base import platform

log = logging.getLogger("kity")

_OWNED: dict[str, Any] = {}  # data folders this process owns → their held lock


class FolderInUse(Exception):
    """Another process (another Киты) owns this data folder: two writers would overwrite each
    other's games. ``message(lang)`` says so plainly."""

    def __init__(self, root: str):
        super().__init__(f"the data folder {root} is used by another running Киты")
        self.root = root

    def message(self, lang: str = "ru") -> str:
        from ..base.i18n import N_, translate  # here: the browser edition never shows it

        return translate(lang, N_("Киты is already running with this data folder ({folder}). Use that window, "
                                  "or stop it first; another data folder: KITY_DATA_DIR=…")).format(folder=self.root)


def own_folder(root: str) -> None:
    """Take the data folder ``root`` for this process (once; again after :func:`release_folder`).
    Another process holding it: :class:`FolderInUse`. Nothing in the browser edition."""
    if root in _OWNED or platform.IN_BROWSER:
        return
    from filelock import FileLock, Timeout  # here, not at import: the browser never needs it

    # One try, no waiting (timeout=0). thread_local=False: any thread of the app may close the
    # Store. fallback_to_soft=False: where the file system has no OS locks, filelock would fall
    # back to a marker file that a killed process leaves behind, blocking the folder for good.
    lock = FileLock(os.path.join(root, ".lock"), timeout=0, thread_local=False, fallback_to_soft=False)
    try:
        lock.acquire()
    except Timeout:
        raise FolderInUse(root) from None
    except OSError as e:
        if e.errno != errno.ENOSYS:
            raise  # a read-only folder…: the app says what is wrong (companion/app.py)
        log.warning("the data folder %s cannot be locked here (%s): one Киты per folder, please", root, e)
        return
    _OWNED[root] = lock


def release_folder(root: str) -> None:
    """Give the folder up: another process may take it now."""
    lock = _OWNED.pop(root, None)
    if lock is not None:
        lock.release()
