"""«Вжух!» in the app shell: its screens' routes, its entries on the home screen, the title and
the rules file. Read by :mod:`companion.app`; a screen is imported when first shown."""
from __future__ import annotations

import flet as ft

from ..i18n import N_, tn
from ..ui import later
from . import ids

_S = __package__ + ".screens."
Checker = later(_S + "checker", "Checker")
History = later(_S + "history", "History")
NewGame = later(_S + "new_game", "NewGame")
Score = later(_S + "score", "Score")

GAME = "vzhuh"
TITLE = "«Вжух!»"
RULES_FILE = "vzhuh.json"
ROUND_WORD = N_("Party")
PLACE = N_("of party {round}")  # where an undone entry stands («исправление партии 1»)
STATS = {"avg": N_("Average penalty per party"), "best": N_("Best party (fewest)"), "revokes": False,
         "note": N_("Average and best: penalty points in one party. The lowest total wins (VZ-GAME).")}
NEW_ROUTE = "/vzhuh/new"
HOME_ENTRIES = [(N_("Move checker"), ft.Icons.GAVEL, "/vzhuh/check", ids.HOME_CHECK)]
RULES_BUTTONS = [(N_("Move checker"), ft.Icons.GAVEL, "/vzhuh/check", ids.RULES_CHECK)]
FOLLOW_ROUTES = ("/vzhuh",)


def routes() -> list[ft.Route]:
    return [
        ft.Route(path="vzhuh/new", component=NewGame),
        ft.Route(path="vzhuh/check", component=Checker),
        ft.Route(path="vzhuh", component=Score, children=[  # back from the history: to the game
            ft.Route(path="history", component=History),
            # the checker opened from the game: «Назад» returns to the game (issue 19, point 4)
            ft.Route(path="table-check", component=Checker)]),
    ]


def rules_routes() -> list[ft.Route]:
    return []


def action_text(a) -> str:
    """A party in words (the history, «entries that no longer fit»)."""
    from .screens.history import penalty_text
    pens = a.get("penalties") or {}
    return " · ".join(f"{p} {penalty_text(v)}" for p, v in pens.items())


def rounds_text(n: int) -> str:
    """«3 партии»: how many parties a game had."""
    return tn("{n} party", "{n} parties", n)
