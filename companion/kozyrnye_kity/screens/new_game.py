"""New game: 2–4 players in clockwise seating order, the mode, the target."""
from __future__ import annotations

import logging

import flet as ft

from engine.kozyrnye_kity.record import LIMITS

from .. import ids
from ..i18n import t
from ..ui import TOUCH, choice_row, probe, safe_screen, screen, section_title, tagged, use_app, use_latest, use_session
from ..widgets.game import game_route, go, use_haptics
from ..widgets.look import PLAYER_COLORS
from ..widgets.notices import outcome_text

log = logging.getLogger("kity")
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
    get_names, set_names = use_latest(["", "", ""])
    get_mode, set_mode = use_latest("full")
    get_target, set_target = use_latest(DEFAULT_TARGET)
    names, mode, target = get_names(), get_mode(), get_target()
    try:
        known = [n for n in st.store.player_names() if isinstance(n, str)]
    except Exception:
        log.exception("player names")
        known = []

    def set_name(i: int, v: str):
        cur = list(get_names())
        cur[i] = v
        set_names(cur)

    def add_slot():
        cur = list(get_names())
        if len(cur) < MAX_SLOTS:
            set_names(cur + [""])

    def remove(i: int):
        cur = list(get_names())
        if len(cur) > MIN_SLOTS:
            set_names(cur[:i] + cur[i + 1:])

    def up(i: int):
        cur = list(get_names())
        j = (i - 1) % len(cur)
        cur[i], cur[j] = cur[j], cur[i]
        set_names(cur)

    def quick(name: str):
        cur = list(get_names())
        if name in (n.strip() for n in cur):
            return
        for i, n in enumerate(cur):
            if not n.strip():
                cur[i] = name
                set_names(cur)
                return
        if len(cur) < MAX_SLOTS:
            set_names(cur + [name])

    def start():
        cur = [n.strip() for n in get_names()]
        tg = get_target().strip()
        target_value = int(tg) if tg.isdigit() else tg
        out = s.new_game([n for n in cur if n], game="kozyrnye-kity", target=target_value, mode=get_mode())
        if out.ok:
            st.dismiss()
            buzz(True)
            set_names(["", "", ""])
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
        body.append(ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=16, padding=14,
            content=ft.Column([
                ft.Text(t("A game is running: {players}.").format(players=", ".join(s.players)), size=17,
                        color=ft.Colors.ON_SECONDARY_CONTAINER),
                ft.Row([
                    tagged("new-continue", ft.FilledButton(t("Continue it"), height=TOUCH,
                                                           on_click=lambda: go(game_route(s)))),
                    tagged("new-abandon", ft.OutlinedButton(t("Stop it"), height=TOUCH, on_click=abandon)),
                ], wrap=True, spacing=8, run_spacing=8),
            ], spacing=8)))
    body += [section_title(t("Players, clockwise")),
             ft.Text(t("Enter the names in seating order, going clockwise round the table."), size=16,
                     color=ft.Colors.ON_SURFACE_VARIANT)]
    for i, n in enumerate(names):
        body.append(ft.Row([
            ft.Container(width=12, height=40, bgcolor=PLAYER_COLORS[i % len(PLAYER_COLORS)], border_radius=6),
            ft.Container(expand=True, content=ft.Semantics(identifier=ids.new_name(i), key=f"name-{i}", content=ft.TextField(
                label=t("Player {n}").format(n=i + 1), value=n, text_size=19, dense=False,
                max_length=LIMITS.max_name,  # what a game record may hold (engine.kozyrnye_kity.record.Limits)
                on_change=lambda e, i=i: set_name(i, e.control.value)))),
            tagged(ids.new_up(i), ft.IconButton(ft.Icons.ARROW_UPWARD, tooltip=t("Move up"), icon_size=26,
                                                on_click=lambda e, i=i: up(i))),
            tagged(ids.new_remove(i), ft.IconButton(ft.Icons.CLOSE, tooltip=t("Remove"), icon_size=26,
                                                    disabled=len(names) <= MIN_SLOTS,
                                                    on_click=lambda e, i=i: remove(i))),
        ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if len(names) < MAX_SLOTS:
        body.append(tagged(ids.NEW_ADD, ft.TextButton(t("Add a player"), icon=ft.Icons.PERSON_ADD_ALT, height=TOUCH,
                                                      style=ft.ButtonStyle(text_style=ft.TextStyle(size=17)),
                                                      on_click=add_slot)))
    free = [n for n in known if n not in (x.strip() for x in names)][:12]
    if free:
        body.append(ft.Text(t("Players from earlier games:"), size=16))
        body.append(ft.Row([tagged(ids.new_chip(n), ft.FilledTonalButton(
            n, icon=ft.Icons.PERSON_OUTLINE, height=TOUCH, on_click=lambda e, n=n: quick(n))) for n in free],
            wrap=True, spacing=8, run_spacing=8))
    order = [n.strip() for n in names if n.strip()]
    body.append(probe(ids.NEW_ORDER, t("Order: {names}").format(names=" · ".join(order))
                      if order else t("Order: —"), size=16, color=ft.Colors.ON_SURFACE_VARIANT))
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
