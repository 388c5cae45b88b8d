"""The Flet app shell of Киты: state, theme, routes, guards; ``main(page)`` and ``run()``.

``python -m companion`` (or the ``kity`` script) serves the app offline in web mode on
127.0.0.1; ``flet build apk`` uses ``main.py`` at the repository root, which calls ``main``.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from pathlib import Path

import flet as ft

from .base import i18n, platform
from .base.steps import run_idle
from .core.packs import LIST as GAME_LIST, follow_routes, game as pack
from .screens.home import Home
from .screens.rules import Rules
from .screens.settings import Settings
from .screens.stats import Stats
from .screens.league import HomeLeague, StatsLeague
from .serve.access import is_loopback
from .screens.invite import Invite
from .serve.server import WITHDRAWN_TOPIC, current as tablemode, release_when_gone, serve
from .ui.state import AppState
from .base.file_names import ARCHIVE_MAX_BYTES
from .base.paths import data_dir
from .store import repository
from .store.repository import SILENT, FolderInUse, Store
from .session.shared import shared
from .ui.session import Session, confirm_shown
from .ui import SessionCtx, StateCtx, hold_session, remember_event_types, routes_of, under_every_screen
from .widgets.awake import use_keep_awake
from .widgets.game import game_route
from .widgets.notices import STORAGE, StorageBar, refusal_text, storage_text
from .widgets.services import page_services

log = logging.getLogger("kity")

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
SEED = "#1E6A8D"  # calm sea blue
T0 = time.monotonic()


# A button whose look changes (a card entered, undo now possible) changes at once, not through
# Material's 200 ms transition: with it, every phone at the table drew ~13 frames per entry
# instead of 2 (tests/e2e/bench_table.py, issue 18) — battery and heat on a phone that stays
# awake all evening. The touch ripple of the button tapped is unchanged.
_AT_ONCE = ft.ButtonStyle(animation_duration=0)
# A screen opens at once too, not through a route animation (issue 53): in the phone edition
# the animation's frames took ~0.2 s of every opening before the new screen was drawn whole
# (the statistics with 1,700 games kept, the first opening after a start: 0.49 → 0.31 s),
# and a phone drew them at every screen change of the evening. Except on an iPhone: there the
# Cupertino slide carries the swipe from the left edge that goes back, which an installed app
# has no other way to do.
_SCREENS_AT_ONCE = ft.PageTransitionsTheme(android=ft.PageTransitionTheme.NONE, ios=ft.PageTransitionTheme.CUPERTINO,
                                           linux=ft.PageTransitionTheme.NONE, macos=ft.PageTransitionTheme.NONE,
                                           windows=ft.PageTransitionTheme.NONE)


def theme(dark: bool) -> ft.Theme:
    return ft.Theme(color_scheme_seed=SEED, use_material3=True,
                    visual_density=ft.VisualDensity.STANDARD,
                    button_theme=ft.ButtonTheme(style=_AT_ONCE),
                    filled_button_theme=ft.FilledButtonTheme(style=_AT_ONCE),
                    outlined_button_theme=ft.OutlinedButtonTheme(style=_AT_ONCE),
                    text_button_theme=ft.TextButtonTheme(style=_AT_ONCE),
                    icon_button_theme=ft.IconButtonTheme(style=_AT_ONCE),
                    page_transitions=_SCREENS_AT_ONCE)


THEME_MODES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}


@ft.component
def App(state: AppState, session_box: tuple):
    # The session comes in a box: an Observable argument would subscribe App itself, and every
    # entry at the table would re-render the router and every view in the stack. The screens
    # that show the session subscribe to it through SessionCtx instead.
    (session,) = session_box
    page = ft.context.page

    def apply_theme():
        page.theme_mode = THEME_MODES.get(state.theme, ft.ThemeMode.SYSTEM)
        page.update()

    def apply_lang():
        page.title = i18n.t("Kity")
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale("ru", "RU"), ft.Locale("en", "US")],
            current_locale=ft.Locale("ru", "RU") if state.lang == "ru" else ft.Locale("en", "US"))
        page.update()

    ft.use_effect(apply_theme, dependencies=[state.theme])
    use_keep_awake(state.keep_awake)  # the page's one wakelock (companion/widgets/awake.py)
    ft.use_effect(apply_lang, dependencies=[state.lang])

    def session_lang():
        session.lang = state.lang  # the engine's explanations follow this device's language

    ft.use_effect(session_lang, dependencies=[state.lang])

    return StateCtx(state, lambda: SessionCtx(session, lambda: ft.Router(route_tree(), manage_views=True)))


def route_tree() -> list[ft.Route]:
    """Every screen's route: a view's parent in this tree is where «Назад» leads (no «Позвать
    игроков» in the phone edition: no server in a browser)."""
    return [ft.Route(path="/", component=Home, children=[
        ft.Route(path="rules", component=Rules,
                 children=[r for g in GAME_LIST for r in routes_of(g.package, g.rules_screens)]),
        ft.Route(path="settings", component=Settings),
        ft.Route(path="stats", component=Stats, children=[ft.Route(path="league", component=StatsLeague)]),
        ft.Route(path="league", component=HomeLeague),
        *([ft.Route(path="invite", component=Invite)] if platform.HAS_TABLE else []),
        *(_phone_table_routes() if platform.PHONE_TABLE else []),
        *[r for g in GAME_LIST for r in routes_of(g.package, g.screens)],
    ])]


def _phone_table_routes() -> list[ft.Route]:
    """The phones' own table (issue 40): invite from this phone, or join another's."""
    from .screens.phone_table import Join, PhoneInvite  # the phone edition only (load cost)

    return [ft.Route(path="invite", component=PhoneInvite), ft.Route(path="join", component=Join)]


@ft.component
def Unavailable(folder: str, reason: str):
    """The first screen when the data folder cannot be used at all: what is wrong, what to do."""
    return [ft.View(route="/", padding=24, controls=[
        ft.Icon(ft.Icons.FOLDER_OFF_OUTLINED, size=48, color=ft.Colors.ERROR),
        ft.Text(i18n.t("The data folder cannot be used"), size=24, weight=ft.FontWeight.BOLD),
        ft.Text(i18n.t("Folder: {folder}").format(folder=folder), size=17, selectable=True),
        ft.Text(i18n.t("Reason: {reason}").format(reason=reason), size=17),
        ft.Text(i18n.t("Nothing was changed in it. Check that the folder exists and can be read and written, or "
                       "start Киты with another folder: KITY_DATA_DIR=/path bash scripts/run.sh"), size=17),
    ])]


@ft.component
def OtherTab():
    """The phone edition's first screen when another tab of this browser has the games open."""
    return [ft.View(route="/", padding=24, controls=[
        ft.Icon(ft.Icons.TAB_OUTLINED, size=48, color=ft.Colors.PRIMARY),
        ft.Text(i18n.t("Киты is open in another tab"), size=24, weight=ft.FontWeight.BOLD),
        ft.Text(i18n.t("Use that tab, or close it and reload this page: two tabs would overwrite each "
                       "other's games."), size=17),
    ])]


def _table_bar() -> list:
    """The phone edition's «no link to the table» bar (issue 40); nothing on the computer."""
    if not platform.PHONE_TABLE:
        return []
    from .screens.phone_table import TableBar  # the phone edition's table screens only (load cost)
    from .ui.table import TABLE  # (the same)

    return [TableBar(TABLE)]


# under every screen: the storage warning (phone edition, issue 43), the table's bar (issue 40)
under_every_screen(lambda: [StorageBar(STORAGE)])
under_every_screen(_table_bar)

STORE_TOPIC = "kity/store"  # "the store changed": every session catches up
GAME_ROUTES = follow_routes()


def follow_the_table(page: ft.Page, session: Session, store: Store) -> None:
    """Each session catches up when another device (or tab) changed the store.

    The store tells the app after every change; the app publishes on a topic (with the change
    as the session that wrote it folded it, adopted by the others as it is); each session's
    handler schedules its own refresh with ``page.run_task``, which runs with that session's
    page current and updates that session's own observable (one shared observable would
    re-render into the wrong connection: a defect of Flet 1.0.5). A device on a game screen
    follows the game to the screen it is now on (e.g. the round end)."""

    async def refresh(change=None):
        try:
            moved = session.sync(change)
            if moved and page.route in GAME_ROUTES:
                target = game_route(session)
                if target != page.route:
                    page.navigate(target)
            await confirm_shown(page, session)  # its entries are made on it once it is drawn (issue 43)
        except Exception:
            log.exception("catching up with the table")

    def on_change(_topic, change):
        try:
            page.run_task(refresh, change)
        except Exception:  # the session is closing
            log.debug("refresh not scheduled", exc_info=True)

    session.mark_shown(session.state_id)  # drawn first as it is now; then each change once confirmed
    page.pubsub.subscribe_topic(STORE_TOPIC, on_change)
    hub = page.pubsub
    # the message: the change the writing session folded and shared (each session checks that
    # it is the store's latest before it adopts it, see LogSession.sync)
    store.watch(lambda: hub.send_all_on_topic(STORE_TOPIC, shared(store)))

    async def on_connect(_e):
        await refresh()  # back from a lost connection: catch up with what was missed

    page.on_connect = on_connect


def leave_when_cut_off(page: ft.Page) -> None:
    """A phone cut off by a new code, or by the end of table mode, goes to the table's own
    page (``/``): it says why and, while the table is open, takes the new code. Without this
    the phone showed Flet's «Working…» spinner, retrying its refused connection for ever."""
    launcher = ft.UrlLauncher()

    async def leave():
        try:
            await launcher.launch_url("/", web_only_window_name="_self")
        except Exception:  # the connection is already gone: the spinner is all that is left
            log.debug("phone not sent to the code page", exc_info=True)

    def on_withdrawn(_topic, _message):
        try:
            page.run_task(leave)
        except Exception:  # the session is closing
            log.debug("leave not scheduled", exc_info=True)

    page.pubsub.subscribe_topic(WITHDRAWN_TOPIC, on_withdrawn)


# how long a session's start took, step by step (s from its start; scripts/bench_archive.py reads
# them in the phone edition: the games loaded from IndexedDB, the store opened, the app's state)
START_STEPS: dict[str, float] = {}


AHEAD_AFTER = 1.0  # s after the start: the league and the statistics made ahead


async def made_ahead(session: Session, state: AppState) -> None:
    """The page's services (:func:`.widgets.services.page_services`), the league and the
    statistics of the game at Home made while the phone is idle after the start, a step at a
    time (issue 53: with years of games kept, each took most of a second to compute when it was
    opened); a tap is answered between two steps, and a change of the games meanwhile leaves
    them to be made when opened, as before."""
    await asyncio.sleep(AHEAD_AFTER)
    try:  # the page's file picker, clipboard and share sheet, which the web client sets up once
        page_services(ft.context.page)
    except Exception:  # made when a panel first needs them instead
        log.debug("services not made ahead", exc_info=True)
    try:
        await run_idle(session.league.warm_steps())
        await run_idle(session.stats.warm_steps(pack(session.kind if session.active else state.game).id))
    except Exception:  # made when opened instead (a damaged stored game is told there)
        log.debug("league or statistics not made ahead", exc_info=True)


async def main(page: ft.Page) -> None:
    log.info("session start at +%.2fs", time.monotonic() - T0)
    began = time.monotonic()
    remember_event_types()  # a tap's event type worked out once, not at every tap (issue 52)
    # the phone edition: the IndexedDB folder is loaded before the first screen, and the
    # screen waits for each write to reach it (companion/base/platform.py); nothing on the computer
    try:
        await platform.open_data()
    except platform.OtherTab:
        page.render_views(OtherTab)
        platform.screen_ready()
        return
    if platform.loaded_in is not None:  # (in the phone edition, before the session: main.py)
        START_STEPS["games loaded from IndexedDB, before the session"] = platform.loaded_in
    platform.hold_screen_until_saved(page)
    if platform.IN_BROWSER:  # every file the store writes is copied to IndexedDB (the folder is loaded)
        repository.after_write = platform.flush
        repository.compact_archive = True  # IndexedDB keeps each file whole: an archived game once, compressed
    try:
        store = Store.open()
    except Exception as e:  # the data folder itself is out of reach: say so, start anyway
        log.exception("data folder")
        page.render_views(Unavailable, str(getattr(e, "filename", "") or data_dir()), getattr(e, "strerror", "") or str(e))
        platform.screen_ready()
        return
    START_STEPS["store opened"] = time.monotonic() - began
    state = AppState.from_store(store, width=page.width or 0)
    START_STEPS["state made"] = time.monotonic() - began
    mode = tablemode()
    if mode is not None:
        prefs = ft.SharedPreferences()  # this device's own settings (its browser's storage)
        host = is_loopback(page.client_ip or "")
        state.use_device_settings(prefs, host=host)
        if not host:
            leave_when_cut_off(page)
        page.run_task(state.load_device_settings)
    for incident in store.incidents:
        log.warning("storage incident: %s", incident)
    news = [i for i in store.incidents if i.code not in SILENT]  # only what was really set aside or restored
    if news:
        state.show(lambda: " ".join(storage_text(i.code, i.params) for i in news), "problem", route="/")
    if platform.IN_BROWSER:  # a bar under every screen while anything lives only in memory (issue 43)
        def storage_problem(problem: str | None) -> None:
            async def tell():
                was, STORAGE.problem = STORAGE.problem, problem
                if problem is None and was is not None:
                    state.show(lambda: storage_text("saved_again", {}))
            page.run_task(tell)

        STORAGE.problem = platform.storage_problem()
        platform.on_storage_problem(storage_problem)

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
    session.choose_game(state.game)  # the game chosen at home (a running game keeps its own)
    hold_session(page, session)
    START_STEPS["session made"] = time.monotonic() - began
    if not platform.IN_BROWSER:  # one tab, one session in the browser: nobody to follow
        follow_the_table(page, session, store)
        release_when_gone(page)  # a page that leaves gives back what its session held (issue 43)
    page.render_views(App, state, (session,))
    START_STEPS["home drawn"] = time.monotonic() - began
    page.run_task(made_ahead, session, state)
    if platform.PHONE_TABLE:  # the phones' own table: Python ↔ the page's table link (issue 40)
        from .network import link  # imported in the phone edition only (load cost)
        from .ui.table import TABLE  # (the same)

        link.start(page, session, state, TABLE, say=lambda r: state.show(refusal_text(r), "problem"),
                   route_of=game_route, confirm=confirm_shown)
    platform.screen_ready()


def run(argv: list[str] | None = None) -> None:
    """Serve the app offline in web mode: on 127.0.0.1 only, or with ``--table`` to the
    phones at the table (see :mod:`companion.serve.server`). Opens the browser when there is a
    screen."""
    import argparse  # the command line's own (load cost: the phone edition never runs it)


    parser = argparse.ArgumentParser(prog="python -m companion", description=(
        "Киты: the table companion. Without options only this computer can open it."))
    parser.add_argument("--table", action="store_true", help=(
        "table mode: the phones on this Wi-Fi join with the table's code (QR code on the "
        "«Invite players» screen); KITY_TABLE_CODE fixes the code"))
    args = parser.parse_args(argv)
    # Library chatter stays at WARNING: the addresses the user needs are printed plainly.
    logging.basicConfig(level=os.environ.get("KITY_LOG", "WARNING"),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    port = int(os.environ.get("KITY_PORT", "8550"))
    try:
        Store.open()  # this process owns the data folder from now on (one Киты per folder)
    except FolderInUse as e:
        print(e.message("ru"), file=sys.stderr)
        print(e.message("en"), file=sys.stderr)
        raise SystemExit(1)
    except OSError as e:  # the app still starts and says what is wrong on its first screen
        log.warning("data folder: %s", e)
    # A chosen file travels to the app by an HTTP upload (signed URL, size capped at what a
    # record may be), never inside one websocket message: a huge file is refused before it is
    # sent (FilePicker tells its size), and a file of any size can never drop the connection.
    import secrets
    import tempfile  # (the same)


    upload_dir = tempfile.mkdtemp(prefix="kity-upload-")
    os.environ["FLET_UPLOAD_DIR"] = upload_dir
    os.environ.setdefault("FLET_SECRET_KEY", secrets.token_urlsafe(32))
    os.environ["FLET_MAX_UPLOAD_SIZE"] = str(ARCHIVE_MAX_BYTES)  # an archive of every kept game: the largest file
    asgi = ft.run(main, export_asgi_app=True, no_cdn=True, assets_dir=str(ASSETS_DIR), upload_dir=upload_dir)
    print(f"Данные / data folder: {data_dir()}", flush=True)
    try:
        status = serve(asgi, port=port, table=args.table, fixed_code=os.environ.get("KITY_TABLE_CODE") or None)
    finally:
        import shutil  # (the same)

        shutil.rmtree(upload_dir, ignore_errors=True)
    raise SystemExit(status)
