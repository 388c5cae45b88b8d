"""New set of «Королевское наказание»: 4 players in clockwise seating order (RM-COMP), the first
dealer (RM-DEAL-1) and the rules variant (RUL-RM-VARIANT), saved in the record."""
from __future__ import annotations

import flet as ft

from ...i18n import t
from ...ui import choice_row, probe, safe_screen, screen, section_title, tagged, use_app, use_latest, use_session
from ...widgets.game import game_route, go, use_haptics
from ...widgets.notices import outcome_text
from ...widgets.players import known_names, player_fields, running_game_box, use_slots
from .. import ids

ROUTE = "/royal-mastheads/new"
GAME = "royal-mastheads"


@ft.component
@safe_screen(ROUTE)
def NewSet():
    st = use_app()
    s = use_session()
    _ = s.version
    buzz = use_haptics()
    slots = use_slots(4, 4, 4)
    get_first, set_first = use_latest(0)
    get_variant, set_variant = use_latest("russian")
    names = slots.filled()
    first = min(get_first(), max(len(names) - 1, 0))

    def start():
        cur = slots.filled()
        out = s.new_game(cur, game=GAME, first_dealer=cur[min(get_first(), len(cur) - 1)] if cur else 0,
                         variant=get_variant())
        if out.ok:
            st.dismiss()
            buzz(True)
            slots.reset()
            set_first(0)
            go(game_route(s))
        else:
            st.show(outcome_text(out), "problem")

    def abandon():
        out = s.abandon()
        if out.ok:
            st.show(lambda: t("The game was stopped; it stays in the history."))
        else:
            st.show(outcome_text(out), "problem")

    body: list[ft.Control] = []
    if s.active:
        body.append(running_game_box(s, lambda: go(game_route(s)), abandon))
    body += player_fields(slots, known_names(st))
    body += [ft.Divider(), section_title(t("Who deals first?")),
             ft.Text(t("By lot or as the table likes; then the deal passes clockwise (RM-DEAL-1)."), size=15,
                     color=ft.Colors.ON_SURFACE_VARIANT)]
    if names:
        body.append(choice_row([(i, n, ids.new_dealer(i)) for i, n in enumerate(names)], first, set_first))
    else:
        body.append(probe("rm-new-dealer-none", t("Enter the players first."), size=16))
    body += [
        ft.Divider(), section_title(t("Rules")),
        choice_row([("russian", t("Russian rules"), ids.new_variant("russian")),
                    ("original", t("Original rules"), ids.new_variant("original"))], get_variant(), set_variant),
        ft.Text(t("Russian rules: trumps score double, aces +10. Original rules: the turned card's rank names the "
                  "mastheads, which score double; aces count −10; the 3/4 rows are for mastheads (RUL-RM-VARIANT)."), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(t("A set is 10 deals; the highest total wins (RM-SET)."), size=15,
                color=ft.Colors.ON_SURFACE_VARIANT),
        tagged(ids.NEW_START, ft.FilledButton(t("Start the set"), icon=ft.Icons.PLAY_ARROW, height=60,
                                              style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                              on_click=start)),
    ]
    return screen(st, ROUTE, ids.SCREEN_NEW, t("New set of «Королевское наказание»"), body)
