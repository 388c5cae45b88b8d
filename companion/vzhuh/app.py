"""«Вжух!» in the app shell (declared in :mod:`companion.vzhuh`): its screens' routes and the words
of its log entries; a screen is imported when first shown."""
from __future__ import annotations

import flet as ft

from ..ui import later

_S = __package__ + ".screens."
Checker = later(_S + "checker", "Checker")
History = later(_S + "history", "History")
NewGame = later(_S + "new_game", "NewGame")
Score = later(_S + "score", "Score")


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
