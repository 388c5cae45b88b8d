from __future__ import annotations

import flet as ft

from .. import ids
from ..i18n import t
from ..ui import PAD, big_button, probe, safe_screen, screen, use_app, use_session
from ..widgets.game import game_route


@ft.component
def ContinueEntry(wide: bool):
    """«Continue game» while a game is running. The one part of Home that follows the session:
    Home lies under the table in the view stack, and an entry at the table re-renders only this."""
    s = use_session()
    _ = s.version if s is not None else 0
    if s is None or not s.active:
        return ft.Container(height=0)
    return ft.Container(big_button(t("Continue game"), ft.Icons.PLAY_ARROW, lambda e: ft.context.page.navigate(game_route(s)),
                                   ids.HOME_CONTINUE), padding=ft.Padding.only(bottom=12))


@ft.component
@safe_screen("/")
def Home():
    st = use_app()
    go = ft.context.page.navigate
    game = [(t("New game"), ft.Icons.ADD_CIRCLE_OUTLINE, "/new", ids.HOME_NEW)]
    # Only screens that exist are offered; the game screens come with the game session.
    entries = game + [
        (t("Rules"), ft.Icons.MENU_BOOK_OUTLINED, "/rules", ids.HOME_RULES),
        (t("Who wins the trick?"), ft.Icons.HELP_OUTLINE, "/rules/who-wins", ids.HOME_CALC),
        (t("Check my deck"), ft.Icons.STYLE_OUTLINED, "/deck", ids.HOME_DECK),
        (t("History and statistics"), ft.Icons.INSIGHTS, "/stats", ids.HOME_STATS),
        (t("Invite players"), ft.Icons.QR_CODE_2, "/invite", ids.HOME_INVITE),
        (t("Settings"), ft.Icons.SETTINGS_OUTLINED, "/settings", ids.HOME_SETTINGS),
    ]
    wide = st.width >= 700
    buttons = ft.ResponsiveRow(
        [ft.Container(big_button(text, icon, lambda e, r=route: go(r), ident), col={"xs": 12, "md": 6})
         for text, icon, route, ident in entries],
        spacing=12, run_spacing=12,
    )
    header = ft.Column(
        [
            ft.Icon(ft.Icons.WATER, size=56 if wide else 44, color=ft.Colors.PRIMARY),
            probe(ids.SCREEN_HOME, t("Kity"), size=36 if wide else 32, weight=ft.FontWeight.BOLD),
            ft.Text(t("A table companion for the card game «Козырные киты»"), size=18,
                    text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
    return screen(st, "/", ids.SCREEN_HOME, t("Kity"),
                  [ft.Container(header, padding=ft.Padding.only(top=3 * PAD, bottom=PAD)),
                   ft.Column([ContinueEntry(wide, key="home-continue-entry"), buttons], spacing=0)], appbar=False)
