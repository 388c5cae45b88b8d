"""«Королевское наказание» in the app shell (declared in :mod:`companion.royal_mastheads`, its
screens too): the words of its log entries."""
from __future__ import annotations


def action_text(a) -> str:
    """A log entry in words (the history, «entries that no longer fit»)."""
    from .screens.history import entry_text
    return entry_text(a)
