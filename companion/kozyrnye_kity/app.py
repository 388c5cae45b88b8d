"""«Козырные киты» in the app shell: its screens' routes, its entries on the home screen, the
title and the rules file. Read by :mod:`companion.app`; a screen is imported when first shown."""
from __future__ import annotations

import flet as ft

from ..i18n import N_, tn

from .. import ids
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

GAME = "kozyrnye-kity"
TITLE = "«Козырные киты»"  # the printed name, the same in every language
RULES_FILE = "kozyrnye-kity.json"
ROUND_WORD = N_("Round")
PLACE = N_("of round {round}")  # where an undone entry stands («исправление партии 1»)
PLACE_TRICK = N_("of round {round}, trick {trick}")
STATS = {"avg": N_("Average round"), "best": N_("Best round"), "revokes": True,
         "note": N_("Average and best: points in one round. A revoke: a card of another family although the "
                    "player still had the led family (R-TRICK-2, RUL-REVOKE).")}
NEW_ROUTE = "/new"
# (English msgid, icon, route, semantics id): this game's own entries on the home screen
HOME_ENTRIES = [
    # opened from home, the calculator returns home (issue 19, point 4); from the rules, to the rules
    (N_("Who wins the trick?"), ft.Icons.HELP_OUTLINE, "/who-wins", ids.HOME_CALC),
    (N_("Check my deck"), ft.Icons.STYLE_OUTLINED, "/deck", ids.HOME_DECK),
]
RULES_BUTTONS = [(N_("Who wins the trick?"), ft.Icons.HELP_OUTLINE, "/rules/who-wins", ids.RULES_CALC)]
# the screens of a game in progress: a device on one of them follows the game where it goes
FOLLOW_ROUTES = ("/game", "/setup", "/round-end", "/pad")


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


def rounds_text(n: int) -> str:
    """«3 раунда»: how many rounds a game had."""
    return tn("{n} round", "{n} rounds", n)
