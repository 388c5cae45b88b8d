"""A phone's own copy of a game put aside in its history (issue 50), a service beside the live
game: when a phone that went on alone (a host restarted after its table moved on, a phone that
continued a game by itself) joins a table playing the same game, the table's copy becomes its
game, and what this phone entered alone is not dropped: its copy is filed in the history as
stopped, under a new id (the table goes on with the game's own id), where it can be found,
exported and continued; its meta names the game it is a copy of (``COPY_OF``). Flet-free."""
from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Sequence

from ..store.repository import COPY_OF, CurrentGame
from .log_session import LogSession


def holds(table: Sequence[dict], mine: Sequence[dict]) -> bool:
    """The table's log ``table`` holds every entry of ``mine``, in order (``mine`` is where
    the table was, or the table went on from it): nothing of this phone would be lost."""
    return len(mine) <= len(table) and list(table[:len(mine)]) == list(mine)


def keep_apart(session: LogSession) -> str | None:
    """File the current game, as this phone holds it, in the history as stopped under a new id;
    the phone then has no game in progress (the caller makes the table's copy its game).
    Returns the id it was filed under, or None (no game; the store changed meanwhile)."""
    store = session.store
    cur = store.current()
    if cur is None:
        return None
    # marked as this phone's copy of the table's game: while it stays stopped, the parties it
    # shares with the table's game are not counted twice in the players' statistics
    aside: CurrentGame = replace(cur, game_id=uuid.uuid4().hex, meta={**cur.meta, COPY_OF: cur.game_id})
    if not store.mirror_current(aside, replacing=cur.game_id):
        return None
    session.sync()  # (another game now: the session reads it)
    out = session.abandon() if session.active else None
    if out is None or not out.ok:
        session.archive.put_aside(store.current() or aside)  # filed with an empty summary rather than lost
        session.sync()
    return aside.game_id


__all__ = ["holds", "keep_apart"]
