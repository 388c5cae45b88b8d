"""One change, folded once, for every session on the store (table mode): the session that made
a change shares what it folded (a :class:`Shared`, stamped with the store's generation its write
made) before the others hear of it, and they adopt it instead of re-reading the store and
re-folding the log (as boardgame.io's master computes a move once and broadcasts the state with
its id); a stale or missed one is never adopted (the session reads the store then). Flet-free."""
from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import Any

from ..core.game_view import Question
from ..store.repository import Store


@dataclass(frozen=True, eq=False)
class Shared:
    """The game as the session that changed it folded it: everything another session on the
    same store needs to show it without reading the store or folding anything. ``generation``
    is the store's generation its write made: a session adopts it only while the store is still
    at that generation (nothing written since) and it has not seen it yet."""

    generation: int
    game_id: str
    kind: str
    revision: int
    log: tuple[dict, ...]
    undo: tuple[dict, ...]
    redo: tuple[dict, ...]
    states: tuple[Any, ...]
    skipped: tuple[int, ...]
    question: Question | None
    context: Any


_SHARED: "weakref.WeakKeyDictionary[Store, Shared]" = weakref.WeakKeyDictionary()
_SHARED_LOCK = threading.Lock()


def shared(store: Store) -> Shared | None:
    """The last change shared on ``store`` (None: none yet)."""
    return _SHARED.get(store)


def share(store: Store, change: Shared) -> None:
    """Offer ``change`` to the other sessions on ``store`` (a change shared later by another
    thread but written earlier never replaces a newer one)."""
    with _SHARED_LOCK:
        last = _SHARED.get(store)
        if last is None or last.generation < change.generation:
            _SHARED[store] = change


__all__ = ["Shared", "share", "shared"]
