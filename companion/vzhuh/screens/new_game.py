"""New game of «Вжух!»: 2–8 players in clockwise seating order (RUL-VZ-PLAYERS) and who starts
the first party (VZ-SETUP-4)."""
from __future__ import annotations

import flet as ft

from engine.vzhuh.rules import C

from ...base.i18n import t
from ...ui import safe_screen, section_title, use_latest
from ...widgets.new_game import new_game_screen, note, seat_choice, use_new_game
from .. import ids

ROUTE = "/vzhuh/new"
MIN_SLOTS, MAX_SLOTS = 2, 8  # RUL-VZ-PLAYERS: the fields offered; the engine decides what is valid


@ft.component
@safe_screen(ROUTE)
def NewGame():
    form = use_new_game(3, MIN_SLOTS, MAX_SLOTS)
    get_first, set_first = use_latest(0)
    names = form.slots.filled()
    first = min(get_first(), max(len(names) - 1, 0))

    def start():
        cur = form.slots.filled()
        form.start("vzhuh", {"first": cur[min(get_first(), len(cur) - 1)] if cur else 0}, then=lambda: set_first(0))

    options = [
        section_title(t("Who starts the first party?")),
        note(t("The player whose age is closest to 60, or anyone the table likes ({rule}).").format(rule=C.SETUP_4.rule)),
        seat_choice(names, first, set_first, ids.new_first, "vz-new-first-none"),
        note(t("Three parties; the lowest total penalty wins. A shared lowest total plays one more party "
               "({rule}, {rule2}).").format(rule=C.GAME.rule, rule2=C.TIE.rule)),
    ]
    return new_game_screen(form, ROUTE, ids.SCREEN_NEW, t("New game of «Вжух!»"), options, ids.NEW_START,
                           t("Start the game"), start)
