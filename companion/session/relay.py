"""A log session whose changes may go to the table's host instead of its own store (issue 40).

On a phone that follows another phone's table (a guest, :class:`~companion.network.guest.Guest`),
its screens still call the session's ``do``/``undo``/``redo``/``edit``/``insert``/``delete``/
``new_game``/``finish``/``abandon`` as on any phone; while :attr:`RelayedSession.relay` is set,
those calls become proposals to the host (``relay(op)`` returns the outcome to show now), and
only the host's entries write this phone's copy. Flet-free; with no relay (the computer, a phone
alone, the host) every call is the log session's own. The screens know nothing of it.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

from ..core.outcome import Outcome
from .log_session import LogSession

Relay = Callable[[Mapping[str, Any]], Outcome]


class RelayedSession(LogSession):
    """:class:`LogSession` with an optional :attr:`relay` for the changes a screen asks."""

    relay: Optional[Relay] = None

    def _relayed(self, op: dict) -> Optional[Outcome]:
        relay = self.relay
        return relay(op) if relay is not None else None

    def do(self, action: Any, **kw: Any) -> Outcome:
        if self.relay is None:
            return super().do(action, **kw)
        action = self._saved(action)
        if self.active and isinstance(action, Mapping):
            # checked here first, by the same engine with the same deck facts as the host's: a
            # rule broken is said at once, and a card's question (a printed fact the table has
            # not told yet) is asked on the phone that entered the card; its answer goes to the
            # host ahead of the entry (Guest.propose). The host checks the entry again.
            _, no = self.check(action)
            if no is not None:
                return no
        return self.relay({"op": "do", "action": action})

    def undo(self, **kw: Any) -> Outcome:
        return self._relayed({"op": "undo"}) or super().undo(**kw)

    def redo(self, **kw: Any) -> Outcome:
        return self._relayed({"op": "redo"}) or super().redo(**kw)

    def edit(self, index: int, action: Any, **kw: Any) -> Outcome:
        if self.relay is not None:
            return self.relay({"op": "edit", "at": index, "action": dict(self._saved(action))})
        return super().edit(index, action, **kw)

    def insert(self, index: int, action: Any, **kw: Any) -> Outcome:
        if self.relay is not None:
            return self.relay({"op": "insert", "at": index, "action": dict(self._saved(action))})
        return super().insert(index, action, **kw)

    def delete(self, index: int, **kw: Any) -> Outcome:
        return self._relayed({"op": "delete", "at": index}) or super().delete(index, **kw)

    def new_game(self, players: Sequence[str], *, game: str | None = None, **options: Any) -> Outcome:
        if self.relay is not None:
            return self.relay({"op": "new-game", "players": list(players), "game": game or self.kind,
                               "options": dict(options)})
        return super().new_game(players, game=game, **options)

    def finish(self) -> Outcome:
        return self._relayed({"op": "finish"}) or super().finish()

    def abandon(self) -> Outcome:
        return self._relayed({"op": "abandon"}) or super().abandon()
