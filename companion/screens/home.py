"""Home: which game the table is playing, continue the game in progress, and the entries of the
chosen game (new game, rules, its own helpers), history and statistics, invite, settings."""
from __future__ import annotations

import flet as ft

from .. import ids
from ..games_ui import PACKS, pack
from ..i18n import t
from ..platform import HAS_TABLE
from ..ui import PAD, big_button, choice_row, probe, safe_screen, screen, section_title, tagged, use_app, use_session
from ..widgets.game import game_route


def game_ident(game: str) -> str:
    return f"home-game-{game}"


@ft.component
def ContinueEntry(wide: bool):
    """«Continue game» while a game is running. The one part of Home that follows the session:
    Home lies under the table in the view stack, and an entry at the table re-renders only this."""
    s = use_session()
    _ = s.version if s is not None else 0
    if s is None or not s.active:
        return ft.Container(height=0)
    return ft.Container(big_button(t("Continue game: {game}").format(game=pack(s.kind).TITLE), ft.Icons.PLAY_ARROW,
                                   lambda e: ft.context.page.navigate(game_route(s)), ids.HOME_CONTINUE, primary=True),
                        padding=ft.Padding.only(bottom=12))


@ft.component
def GameChoice():
    """«Во что играем?»: the game whose entries the home screen offers. While a game runs, it is
    that game's."""
    st = use_app()
    s = use_session()
    running = s is not None and s.active
    _ = s.version if s is not None else 0
    chosen = s.kind if running else st.game

    def choose(game: str):
        st.set_game(game)
        if s is not None:
            s.choose_game(game)

    return ft.Column([
        section_title(t("Which game is the table playing?")),
        tagged("home-games", choice_row([(g, p.TITLE, game_ident(g)) for g, p in PACKS.items()], chosen,
                                        (lambda g: None) if running else choose)),
        *([ft.Text(t("A game is running: the home screen follows it."), size=14,
                   color=ft.Colors.ON_SURFACE_VARIANT)] if running else []),
    ], spacing=8)


@ft.component
def GameEntries(wide: bool):
    st = use_app()
    s = use_session()
    _ = s.version if s is not None else 0
    game = pack(s.kind if s is not None and s.active else st.game)
    go = ft.context.page.navigate
    entries = [(t("New game"), ft.Icons.ADD_CIRCLE_OUTLINE, game.NEW_ROUTE, ids.HOME_NEW),
               (t("Rules"), ft.Icons.MENU_BOOK_OUTLINED, "/rules", ids.HOME_RULES)]
    entries += [(t(label), icon, route, ident) for label, icon, route, ident in game.HOME_ENTRIES]
    entries += [
        (t("History and statistics"), ft.Icons.INSIGHTS, "/stats", ids.HOME_STATS),
        (t("Invite players"), ft.Icons.QR_CODE_2, "/invite", ids.HOME_INVITE),
        (t("Settings"), ft.Icons.SETTINGS_OUTLINED, "/settings", ids.HOME_SETTINGS),
    ]
    if not HAS_TABLE:  # the phone edition has no table mode (companion/platform.py)
        entries = [e for e in entries if e[2] != "/invite"]
    return ft.ResponsiveRow(
        [ft.Container(big_button(text, icon, lambda e, r=route: go(r), ident), col={"xs": 12, "md": 6})
         for text, icon, route, ident in entries],
        spacing=12, run_spacing=12,
    )


@ft.component
@safe_screen("/")
def Home():
    st = use_app()
    wide = st.width >= 700
    header = ft.Column(
        [
            ft.Icon(ft.Icons.WATER, size=56 if wide else 44, color=ft.Colors.PRIMARY),
            probe(ids.SCREEN_HOME, t("Kity"), size=36 if wide else 32, weight=ft.FontWeight.BOLD),
            ft.Text(t("A table companion for card games"), size=18,
                    text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
    return screen(st, "/", ids.SCREEN_HOME, t("Kity"),
                  [ft.Container(header, padding=ft.Padding.only(top=2 * PAD, bottom=0)),
                   ft.Column([ContinueEntry(wide, key="home-continue-entry"), GameChoice(key="home-game-choice"),
                              ft.Container(height=8), GameEntries(wide, key="home-entries")], spacing=0)],
                  appbar=False)
