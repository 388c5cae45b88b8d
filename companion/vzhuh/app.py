"""«Вжух!» in the app shell (declared in :mod:`companion.vzhuh`, its screens too): the words of its
log entries."""
from __future__ import annotations


def action_text(a) -> str:
    """A party in words (the history, «entries that no longer fit»)."""
    from .screens.history import penalty_text  # load cost: imported when a log entry of this game is first put in words
    pens = a.get("penalties") or {}
    return " · ".join(f"{p} {penalty_text(v)}" for p, v in pens.items())
