"""«Козырные киты» in the app shell (declared in :mod:`companion.kozyrnye_kity`): its screens' routes
and the words of its log entries; a screen is imported when first shown."""
from __future__ import annotations

import flet as ft

from ..ui import later

_S = __package__ + ".screens."
Calculator = later(_S + "calculator", "Calculator")
DeckCheck = later(_S + "deck", "DeckCheck")
History = later(_S + "history", "History")
NewGame = later(_S + "new_game", "NewGame")
Pad = later(_S + "pad", "Pad")
RoundEnd = later(_S + "round_end", "RoundEnd")
RoundSetup = later(_S + "round_setup", "RoundSetup")
Table = later(_S + "table", "Table")


def routes() -> list[ft.Route]:
    """This game's routes under "/" (rules children: under "/rules")."""
    return [
        ft.Route(path="deck", component=DeckCheck),
        ft.Route(path="who-wins", component=Calculator),
        ft.Route(path="new", component=NewGame),
        ft.Route(path="setup", component=RoundSetup),
        ft.Route(path="game", component=Table, children=[  # back from the history: to the table
            ft.Route(path="history", component=History)]),
        ft.Route(path="round-end", component=RoundEnd),
        ft.Route(path="pad", component=Pad),
        ft.Route(path="history", component=History),
    ]


def rules_routes() -> list[ft.Route]:
    return [ft.Route(path="who-wins", component=Calculator)]


def action_text(a) -> str:
    """A log entry in words (the history, «entries that no longer fit»)."""
    from .widgets.words import action_text
    return action_text(a)
