"""New set of «Королевское наказание»: 4 players in clockwise seating order (RM-COMP), the first
dealer (RM-DEAL-1) and the rules variant (RUL-RM-VARIANT), saved in the record."""
from __future__ import annotations

import flet as ft

from engine.royal_mastheads.rules import C

from ...base.i18n import t
from ...ui import choice_row, safe_screen, section_title, use_latest
from ...widgets.new_game import new_game_screen, note, seat_choice, use_new_game
from .. import ids

ROUTE = "/royal-mastheads/new"
GAME = "royal-mastheads"


@ft.component
@safe_screen(ROUTE)
def NewSet():
    form = use_new_game(4, 4, 4)
    get_first, set_first = use_latest(0)
    get_variant, set_variant = use_latest("russian")
    names = form.slots.filled()
    first = min(get_first(), max(len(names) - 1, 0))

    def start():
        cur = form.slots.filled()
        form.start(GAME, {"first_dealer": cur[min(get_first(), len(cur) - 1)] if cur else 0,
                          "variant": get_variant()}, then=lambda: set_first(0))

    options = [
        section_title(t("Who deals first?")),
        note(t("By lot or as the table likes; then the deal passes clockwise ({rule}).").format(rule=C.DEAL_1.rule)),
        seat_choice(names, first, set_first, ids.new_dealer, "rm-new-dealer-none"),
        ft.Divider(), section_title(t("Rules")),
        choice_row([("russian", t("Russian rules"), ids.new_variant("russian")),
                    ("original", t("Original rules"), ids.new_variant("original"))], get_variant(), set_variant),
        note(t("Russian rules: trumps score double, aces +10. Original rules: the turned card's rank names the "
               "mastheads, which score double; aces count −10; the 3/4 rows are for mastheads ({rule}).")
             .format(rule=C.VARIANT.rule)),
        note(t("A set is 10 deals; the highest total wins ({rule}).").format(rule=C.SET.rule)),
    ]
    return new_game_screen(form, ROUTE, ids.SCREEN_NEW, t("New set"), options,
                           ids.NEW_START, t("Start the set"), start)
