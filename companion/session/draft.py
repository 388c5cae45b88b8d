"""The table's draft (issue 50), a service beside the live game: what the table is entering that
is not an entry yet — a whale round's setup (the trump from the drawn card, each player's first
bonus, the first player) — entered on any phone, each player's own bonus on their own phone,
shown live on every phone, and made one entry («Start the round») by whichever phone taps it.

The draft belongs to the game's state it was made on (its id and revision): once the game
moves on (the round started, an undo), it is empty again. It lives in the store
(:meth:`Store.draft`), so every screen of this store reads it; a guest of a phone table asks
its host (the session's relay: ``{"op": "draft", …}``), whose store the table's phones mirror
(``network/host.py``, ``guest.py``).

The race rule is the one of entries, field by field: a change names what the phone showed
(``was``); if another phone changed that field since, it is refused and said (the same value:
"it is there once"), and the field shows what the table has. Different fields never race.
What a field may hold is the game's to say (its view's ``draft_refusal``). Flet-free."""
from __future__ import annotations

from typing import Any, Optional

from ..core.outcome import DONE, Notice, Outcome, refused
from .log_session import LogSession

MAX_FIELD = 40


class Draft:
    """The draft of ``session``'s game, as this phone's store holds it."""

    def __init__(self, session: LogSession):
        self.session = session

    def _at(self) -> Optional[list]:
        s = self.session
        return [s.game_id, s.revision] if s.active and s.game_id is not None else None

    def values(self) -> dict[str, Any]:
        """The fields entered so far on the game as it stands ({}: none, or another state)."""
        at = self._at()
        d = self.session.store.draft()
        values = d.get("values")
        return dict(values) if at is not None and d.get("at") == at and isinstance(values, dict) else {}

    def put(self, field: str, value: Any, was: Any) -> Outcome:
        """Set ``field`` to ``value`` (None: clear it) on the draft this phone shows, where it
        showed ``was``. A guest asks its host; otherwise it is taken here (:meth:`take`)."""
        relay = getattr(self.session, "relay", None)
        if relay is not None:
            return relay({"op": "draft", "field": field, "value": value, "was": was})
        return self.take(field, value, was)

    def take(self, field: Any, value: Any, was: Any) -> Outcome:
        """The change checked (the race, the game's rules) and kept; refused with why."""
        s = self.session
        at = self._at()
        if at is None:
            return refused("session.no-game")
        if not isinstance(field, str) or not 0 < len(field) <= MAX_FIELD:
            return refused("session.bad-entry")
        values = self.values()
        now = values.get(field)
        if now != was:  # another phone changed this field since this one showed it
            return Outcome(False, Notice("refused", "session.draft-same" if now == value else "session.draft-stale"))
        if value == now:
            return DONE
        if value is not None:
            check = getattr(s.game, "draft_refusal", None)
            no = check(values, field, value) if check is not None else refused("session.bad-entry")
            if no is not None:
                return no
        new = {k: v for k, v in values.items() if k != field}
        if value is not None:
            new[field] = value
        s.store.set_draft({"at": at, "values": new})
        s.sync()  # (the screens of this session draw it: the store's generation moved)
        return DONE


__all__ = ["Draft"]
