"""One process per data folder: a second Киты on the same folder would overwrite the first
one's games (each ``Store`` reads a file from disk once, then trusts what it wrote).

The lock is an OS lock on ``<folder>/.lock`` taken through ``filelock`` (``flock`` on POSIX,
``msvcrt.locking`` on Windows): the OS releases it when the process ends, even when it is
killed, so a stale lock never blocks. The browser edition does not take it (no other process
can reach its folder; its counterpart is the browser's Web Lock, ``companion/platform.py``):
``filelock`` is imported only when a lock is taken, so the browser never needs it.
"""
from __future__ import annotations

import logging
import os
from typing import Any

log = logging.getLogger("kity")

_OWNED: dict[str, Any] = {}  # data folders this process owns → their held lock


class FolderInUse(Exception):
    """Another process (another Киты) owns this data folder: two writers would overwrite each
    other's games. ``message(lang)`` says so plainly."""

    def __init__(self, root: str):
        super().__init__(f"the data folder {root} is used by another running Киты")
        self.root = root

    def message(self, lang: str = "ru") -> str:
        if lang == "en":
            return (f"Киты is already running with this data folder ({self.root}). Use that window, "
                    "or stop it first; another data folder: KITY_DATA_DIR=…")
        return (f"«Киты» уже открыты с этой папкой данных ({self.root}). Пользуйтесь тем окном "
                "или сначала закройте его; другая папка: KITY_DATA_DIR=…")


def own_folder(root: str) -> None:
    """Take the data folder ``root`` for this process (once; again after :func:`release_folder`).
    Another process holding it: :class:`FolderInUse`."""
    if root in _OWNED:
        return
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock (the phone builds run one process anyway)
        return
    fd = os.open(os.path.join(root, ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise FolderInUse(root) from None
    _OWNED[root] = fd


def release_folder(root: str) -> None:
    """Give the folder up: another process may take it now."""
    fd = _OWNED.pop(root, None)
    if fd is not None:
        os.close(fd)  # releases the OS lock
