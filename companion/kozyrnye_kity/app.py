"""«Козырные киты» in the app shell (declared in :mod:`companion.kozyrnye_kity`, its screens too):
the words of its log entries."""
from __future__ import annotations


def action_text(a) -> str:
    """A log entry in words (the history, «entries that no longer fit»)."""
    from .widgets.words import action_text
    return action_text(a)
