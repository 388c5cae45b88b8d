"""New game: 2–4 players in clockwise seating order, the mode, the target."""
from __future__ import annotations

import flet as ft

from engine.kozyrnye_kity.rules import C

from ...base import ids
from ...base.i18n import t
from ...ui import choice_row, safe_screen, section_title, use_latest
from ...widgets.new_game import new_game_screen, note, use_new_game

ROUTE = "/new"
MAX_SLOTS, MIN_SLOTS = 4, 2  # the fields offered; the session decides what is valid
DEFAULT_TARGET = "30"


@ft.component
@safe_screen(ROUTE)
def NewGame():
    form = use_new_game(3, MIN_SLOTS, MAX_SLOTS)
    get_mode, set_mode = use_latest("full")
    get_target, set_target = use_latest(DEFAULT_TARGET)
    mode, target = get_mode(), get_target()

    def start():
        tg = get_target().strip()
        form.start("kozyrnye-kity", {"target": int(tg) if tg.isdigit() else tg, "mode": get_mode()})

    options = [
        section_title(t("What the app keeps")),
        choice_row([("full", t("Every card (full tracking)"), ids.new_mode("full")),
                    ("pad", t("Scores only (score pad)"), ids.new_mode("pad"))], mode, set_mode),
        note(t("Full tracking: enter each card; the app finds trick winners and counts points.")
             if mode == "full" else t("Score pad: after each round, enter each player's pearls and unused bonuses.")),
        ft.Divider(), section_title(t("Play to")),
        ft.Row([ft.Container(width=160, content=ft.Semantics(identifier=ids.NEW_TARGET, content=ft.TextField(
            label=t("Points"), value=target, text_size=19, keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: set_target(e.control.value)))),
            ft.Text(t("the first player with this many points or more, alone at the top, wins ({rule}).").format(
                rule=C.END.rule),
                    size=15, expand=True, color=ft.Colors.ON_SURFACE_VARIANT)],
            vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=12),
    ]
    return new_game_screen(form, ROUTE, ids.SCREEN_NEW, t("New game"), options, ids.NEW_START,
                           t("Start the game"), start)
