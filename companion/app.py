"""The Flet app shell of Киты: state, theme, routes, guards; ``main(page)`` and ``run()``.

``python -m companion`` (or the ``kity`` script) serves the app offline in web mode on
127.0.0.1; ``flet build apk`` uses ``main.py`` at the repository root, which calls ``main``.
"""
from __future__ import annotations

import logging
import os
import time
from pathlib import Path

import flet as ft

from . import i18n
from .screens.calculator import Calculator
from .screens.deck import DeckCheck
from .screens.history import History
from .screens.home import Home
from .screens.new_game import NewGame
from .screens.round_end import RoundEnd
from .screens.round_setup import RoundSetup
from .screens.table import Table
from .screens.pad import Pad
from .screens.rules import Rules
from .screens.settings import Settings
from .screens.stats import Stats
from .state import AppState
from .storage import Store
from .session import Session
from .ui import SessionCtx, StateCtx

log = logging.getLogger("kity")

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
SEED = "#1E6A8D"  # calm sea blue
T0 = time.monotonic()


def theme(dark: bool) -> ft.Theme:
    return ft.Theme(color_scheme_seed=SEED, use_material3=True,
                    visual_density=ft.VisualDensity.STANDARD)


THEME_MODES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}


@ft.component
def App(state: AppState, session_box: tuple):
    # The session comes in a box: an Observable argument would subscribe App itself, and every
    # entry at the table would re-render the router and every view in the stack. The screens
    # that show the session subscribe to it through SessionCtx instead.
    (session,) = session_box
    page = ft.context.page
    wakelock = ft.use_ref(None)
    if wakelock.current is None:
        wakelock.current = ft.Wakelock()  # a service: keep a strong reference

    def apply_theme():
        page.theme_mode = THEME_MODES.get(state.theme, ft.ThemeMode.SYSTEM)
        page.update()

    async def apply_awake():
        try:
            if state.keep_awake:
                await wakelock.current.enable()
            else:
                await wakelock.current.disable()
        except Exception:  # not supported on this device/browser: the setting is harmless
            log.warning("wakelock not available", exc_info=True)

    def apply_lang():
        page.title = i18n.t("Kity")
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale("ru", "RU"), ft.Locale("en", "US")],
            current_locale=ft.Locale("ru", "RU") if state.lang == "ru" else ft.Locale("en", "US"))
        page.update()

    ft.use_effect(apply_theme, dependencies=[state.theme])
    ft.use_effect(apply_awake, dependencies=[state.keep_awake])
    ft.use_effect(apply_lang, dependencies=[state.lang])

    return StateCtx(state, lambda: SessionCtx(session, lambda: ft.Router(
        [ft.Route(path="/", component=Home, children=[
            ft.Route(path="rules", component=Rules, children=[
                ft.Route(path="who-wins", component=Calculator)]),
            ft.Route(path="deck", component=DeckCheck),
            ft.Route(path="settings", component=Settings),
            ft.Route(path="new", component=NewGame),
            ft.Route(path="setup", component=RoundSetup),
            ft.Route(path="game", component=Table),
            ft.Route(path="round-end", component=RoundEnd),
            ft.Route(path="pad", component=Pad),
            ft.Route(path="history", component=History),
            ft.Route(path="stats", component=Stats),
        ])],
        manage_views=True,
    )))


def main(page: ft.Page) -> None:
    log.info("session start at +%.2fs", time.monotonic() - T0)
    store = Store.open()
    state = AppState.from_store(store, width=page.width or 0)
    for incident in store.incidents:
        log.warning("storage incident: %s", incident)
    if store.incidents:
        state.show(lambda: i18n.t("Some saved data was damaged and has been restored from the last good copy."),
                   route="/")

    page.title = i18n.t("Kity")
    page.theme = theme(False)
    page.dark_theme = theme(True)
    page.theme_mode = THEME_MODES.get(state.theme, ft.ThemeMode.SYSTEM)
    page.padding = 0

    def on_resize(e: ft.PageResizeEvent):
        state.width = e.width

    page.on_resize = on_resize
    # An exception in an event handler would replace the app with "Error running app";
    # show a calm message instead and keep the session alive (flet 1.0.5 internal, tested).
    page.session.error = state.report_crash
    session = Session(store, lang=state.lang)  # one per tab; all tabs share the store
    page.render_views(App, state, (session,))


def run() -> None:
    """Serve the app offline on 127.0.0.1 and open the browser (unless headless)."""
    logging.basicConfig(level=os.environ.get("KITY_LOG", "INFO"),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)
    from .paths import data_dir
    log.info("data folder: %s", data_dir())
    ft.run(
        main,
        view=ft.AppView.WEB_BROWSER,
        host="127.0.0.1",
        port=int(os.environ.get("KITY_PORT", "8550")),
        no_cdn=True,
        assets_dir=str(ASSETS_DIR),
    )
