"""«Королевское наказание» in the app shell: its screens' routes, the title, the rules file, the
words of its log entries. Read by :mod:`companion.app`; a screen is imported when first shown."""
from __future__ import annotations

import flet as ft

from ..i18n import N_, tn
from ..ui import later

_S = __package__ + ".screens."
Deal = later(_S + "deal", "Deal")
History = later(_S + "history", "History")
NewSet = later(_S + "new_set", "NewSet")

GAME = "royal-mastheads"
TITLE = "«Королевское наказание»"  # the printed name, the same in every language
RULES_FILE = "royal-mastheads.json"
ROUND_WORD = N_("Deal")
PLACE = N_("of deal {round}")  # where an undone entry stands («исправление партии 1»)
PLACE_TRICK = N_("of deal {round}, trick {trick}")
STATS = {"avg": N_("Average deal"), "best": N_("Best deal"), "revokes": True,
         "note": N_("Average and best: points in one deal, card points and bonuses (RM-POINTS, RM-BONUS). The "
                    "highest total wins (RM-SET). A revoke: not following suit while holding it (RM-FOLLOW, "
                    "RUL-RM-REVOKE).")}
NEW_ROUTE = "/royal-mastheads/new"
HOME_ENTRIES: list = []
RULES_BUTTONS: list = []
FOLLOW_ROUTES = ("/royal-mastheads",)


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


def rounds_text(n: int) -> str:
    """«10 игр»: how many deals a set had."""
    return tn("{n} deal", "{n} deals", n)
