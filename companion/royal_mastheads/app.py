"""«Королевское наказание» in the app shell (declared in :mod:`companion.royal_mastheads`): its
screens' routes and the words of its log entries; a screen is imported when first shown."""
from __future__ import annotations

import flet as ft

from ..ui import later

_S = __package__ + ".screens."
Deal = later(_S + "deal", "Deal")
History = later(_S + "history", "History")
NewSet = later(_S + "new_set", "NewSet")


def routes() -> list[ft.Route]:
    return [
        ft.Route(path="royal-mastheads/new", component=NewSet),
        ft.Route(path="royal-mastheads", component=Deal, children=[  # back from the history: to the deal
            ft.Route(path="history", component=History)]),
    ]


def rules_routes() -> list[ft.Route]:
    return []


def action_text(a) -> str:
    """A log entry in words (the history, «entries that no longer fit»)."""
    from .screens.history import entry_text
    return entry_text(a)
