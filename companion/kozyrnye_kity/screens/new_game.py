"""New game: 2–4 players in clockwise seating order, the mode, the target."""
from __future__ import annotations

import flet as ft

from ... import ids
from ...i18n import t
from ...ui import choice_row, safe_screen, screen, section_title, tagged, use_app, use_latest, use_session
from ...widgets.game import game_route, go, use_haptics
from ...widgets.notices import outcome_text
from ...widgets.players import known_names, player_fields, running_game_box, use_slots

ROUTE = "/new"
MAX_SLOTS, MIN_SLOTS = 4, 2  # the fields offered; the session decides what is valid
DEFAULT_TARGET = "30"


@ft.component
@safe_screen(ROUTE)
def NewGame():
    st = use_app()
    s = use_session()
    _ = s.version
    buzz = use_haptics()
    slots = use_slots(3, MIN_SLOTS, MAX_SLOTS)
    get_mode, set_mode = use_latest("full")
    get_target, set_target = use_latest(DEFAULT_TARGET)
    mode, target = get_mode(), get_target()
    known = known_names(st)

    def start():
        tg = get_target().strip()
        target_value = int(tg) if tg.isdigit() else tg
        out = s.new_game(slots.filled(), game="kozyrnye-kity", target=target_value, mode=get_mode())
        if out.ok:
            st.dismiss()
            buzz(True)
            slots.reset()
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
    body += player_fields(slots, known)
    body += [ft.Divider(), section_title(t("What the app keeps")),
             choice_row([("full", t("Every card (full tracking)"), ids.new_mode("full")),
                         ("pad", t("Scores only (score pad)"), ids.new_mode("pad"))], mode, set_mode),
             ft.Text(t("Full tracking: enter each card; the app finds trick winners and counts points.")
                     if mode == "full" else t("Score pad: after each round, enter each player's pearls and unused bonuses."),
                     size=15, color=ft.Colors.ON_SURFACE_VARIANT),
             ft.Divider(), section_title(t("Play to")),
             ft.Row([ft.Container(width=160, content=ft.Semantics(identifier=ids.NEW_TARGET, content=ft.TextField(
                 label=t("Points"), value=target, text_size=19, keyboard_type=ft.KeyboardType.NUMBER,
                 on_change=lambda e: set_target(e.control.value)))),
                 ft.Text(t("the first player with this many points or more, alone at the top, wins (R-END)."),
                         size=15, expand=True, color=ft.Colors.ON_SURFACE_VARIANT)],
                 vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=12),
             tagged(ids.NEW_START, ft.FilledButton(t("Start the game"), icon=ft.Icons.PLAY_ARROW, height=60,
                                                   style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                                   on_click=start))]
    return screen(st, ROUTE, ids.SCREEN_NEW, t("New game"), body)
