"""One change at a time per session (:func:`serialized`): the log session's changes, and a game
view's own (the whale game's answer to a card's question), lock their session. Flet-free."""
from __future__ import annotations

import functools

from ..core.outcome import Notice, Outcome


def serialized(saves: bool):
    """One change at a time per session: a tap's handler (a worker thread) and :meth:`sync`
    (the event loop, when another device wrote) never interleave. ``saves``: the method
    returns an Outcome, and a write that fails (disk full, a read-only folder) becomes a
    refusal that says so — the store is unchanged then, and so is the session (every change
    is saved before it is shown)."""

    def decorate(method):
        @functools.wraps(method)
        def wrapper(self, *args, **kwargs):
            session = getattr(self, "session", self)  # a game view's method locks its session
            with session._mutex:
                if not saves:
                    return method(self, *args, **kwargs)
                try:
                    out = method(self, *args, **kwargs)
                except OSError as e:
                    reason = e.strerror or type(e).__name__
                    session.notice = Notice("storage", "session.not-saved", {"reason": reason})
                    session._touch()
                    return Outcome(False, session.notice)
                if getattr(out, "ok", False) and session.shown is not None:
                    session.mark_shown(session.state_id)  # its own change: its next entry is made on it
                return out

        return wrapper

    return decorate


__all__ = ["serialized"]
