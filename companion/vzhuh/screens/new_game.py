"""New game of «Вжух!»: 2–8 players in clockwise seating order (RUL-VZ-PLAYERS) and who starts
the first party (VZ-SETUP-4)."""
from __future__ import annotations

import flet as ft

from ...i18n import t
from ...ui import choice_row, probe, safe_screen, screen, section_title, tagged, use_app, use_latest, use_session
from ...widgets.game import game_route, go, use_haptics
from ...widgets.notices import outcome_text
from ...widgets.players import known_names, player_fields, running_game_box, use_slots
from .. import ids

ROUTE = "/vzhuh/new"
MIN_SLOTS, MAX_SLOTS = 2, 8  # RUL-VZ-PLAYERS: the fields offered; the engine decides what is valid


@ft.component
@safe_screen(ROUTE)
def NewGame():
    st = use_app()
    s = use_session()
    _ = s.version
    buzz = use_haptics()
    slots = use_slots(3, MIN_SLOTS, MAX_SLOTS)
    get_first, set_first = use_latest(0)
    names = slots.filled()
    first = min(get_first(), max(len(names) - 1, 0))

    def start():
        cur = slots.filled()
        out = s.new_game(cur, game="vzhuh", first=cur[min(get_first(), len(cur) - 1)] if cur else 0)
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
    body += [ft.Divider(), section_title(t("Who starts the first party?")),
             ft.Text(t("The player whose age is closest to 60, or anyone the table likes (VZ-SETUP-4)."), size=15,
                     color=ft.Colors.ON_SURFACE_VARIANT)]
    if names:
        body.append(choice_row([(i, n, ids.new_first(i)) for i, n in enumerate(names)], first, set_first))
    else:
        body.append(probe("vz-new-first-none", t("Enter the players first."), size=16))
    body += [
        ft.Text(t("Three parties; the lowest total penalty wins. A shared lowest total plays one more party "
                  "(VZ-GAME, VZ-TIE)."), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
        tagged(ids.NEW_START, ft.FilledButton(t("Start the game"), icon=ft.Icons.PLAY_ARROW, height=60,
                                              style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                              on_click=start)),
    ]
    return screen(st, ROUTE, ids.SCREEN_NEW, t("New game of «Вжух!»"), body)
