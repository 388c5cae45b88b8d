"""Home: which game the table is playing, continue the game in progress, and the entries of the
chosen game (new game, rules, its own helpers), history and statistics, invite, settings."""
from __future__ import annotations

from typing import Callable

import flet as ft

from ..base import ids
from ..core.packs import LIST as GAME_LIST, game as pack
from ..base.i18n import lang, t
from ..base.platform import HAS_TABLE, IN_BROWSER, PHONE_TABLE
from ..ui import (
    BIG, PAD, TOUCH, big_button, tile_button, choice_row, probe, safe_screen, screen, section_title, tagged,
    this_session, use_app, use_select,
)
from ..widgets.game import game_route, leave
from ..widgets.notices import report
from ..network.link import TableState
from ..ui.table import TABLE


def game_ident(game: str) -> str:
    return f"home-game-{game}"


@ft.component
def ContinueEntry(wide: bool):
    """«Continue game» while a game is running. Home lies under the game's screens in the view
    stack: this part follows only the game, its players and its screen (use_select), so an
    entry at the table does not redraw it."""
    title, who, route = use_select(lambda s: (pack(s.kind).title, ", ".join(s.players), game_route(s))
                                   if s is not None and s.active else ("", "", "/"))
    return _ContinueButton(title, who, route, lang())


@ft.memo
@ft.component
def _ContinueButton(title: str, who: str, route: str, lg: str):
    """Two lines (issue 19, point 4: one line was cut off at phone size): what the button does,
    and which game with whom; nothing while no game runs (``title`` empty)."""
    if not title:
        return ft.Container(height=0)
    go = ft.context.page.navigate
    label = ft.Row([
        ft.Icon(ft.Icons.PLAY_ARROW, size=30, color=ft.Colors.ON_PRIMARY),
        ft.Column([
            ft.Text(t("Continue game"), size=20, weight=ft.FontWeight.W_500, color=ft.Colors.ON_PRIMARY,
                    max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text(f"{title} · {who}" if who else title, size=15, color=ft.Colors.ON_PRIMARY,
                    max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ], spacing=0, tight=True, expand=True, alignment=ft.MainAxisAlignment.CENTER),
    ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    button = ft.FilledButton(
        content=label, height=BIG + 12, expand=True,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=16),
                             padding=ft.Padding.symmetric(horizontal=20, vertical=8)),
        on_click=lambda e: go(route))
    return ft.Container(ft.Semantics(identifier=ids.HOME_CONTINUE, key=ids.HOME_CONTINUE,
                                     label=t("Continue game: {game}").format(game=title), content=button),
                        padding=ft.Padding.only(bottom=12))


def switch_dialog(s, running: str, wanted: str, on_stop, on_close) -> ft.AlertDialog:
    """Another game was chosen while one runs (issue 19, point 4): what happens, and the two ways
    on — continue the running game, or stop it (to the history, to be continued later) and
    choose the other."""
    old, new = pack(running).title, pack(wanted).title
    go = ft.context.page.navigate
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("{game} is running").format(game=old), size=22, weight=ft.FontWeight.BOLD),
        content=tagged(ids.HOME_SWITCH, ft.Text(t(
            "{old} is being played ({players}). To play {new}, stop it first: it goes to the history as "
            "stopped, and you can continue it from there later.").format(
                old=old, new=new, players=", ".join(s.players)), size=17)),
        actions=[
            tagged(f"{ids.HOME_SWITCH}-continue", ft.FilledButton(
                t("Continue {game}").format(game=old), icon=ft.Icons.PLAY_ARROW, height=TOUCH,
                on_click=lambda e: (on_close(), go(game_route(s))))),
            tagged(f"{ids.HOME_SWITCH}-stop", ft.OutlinedButton(
                t("Stop it and choose {game}").format(game=new), icon=ft.Icons.STOP_CIRCLE_OUTLINED, height=TOUCH,
                on_click=lambda e: on_stop())),
            tagged(f"{ids.HOME_SWITCH}-cancel", ft.TextButton(t("Cancel"), height=TOUCH,
                                                              on_click=lambda e: on_close())),
        ],
        actions_alignment=ft.MainAxisAlignment.END,
    )


@ft.component
def GameChoice():
    """«Во что играем?»: the game whose entries the home screen offers. While a game runs, it is
    that game's; choosing another asks first (continue the running game, or stop it)."""
    st, s = use_app(), this_session()
    running, kind = use_select(lambda s: (s.active, s.kind) if s is not None else (False, None))
    chosen = kind if running else (st.game if st is not None else s.kind)  # (st: see GameEntries)
    wanted, set_wanted = ft.use_state(None)

    def choose(game: str):
        st.set_game(game)
        if s is not None:
            s.choose_game(game)

    def tap(game: str):
        if s is not None and s.active and game != s.kind:
            set_wanted(game)
        elif not (s is not None and s.active):
            choose(game)

    def stop_and_choose():
        game = wanted
        set_wanted(None)
        if leave(st, s.abandon(), lambda: t("The game was stopped; it stays in the history."), None):
            choose(game)

    ft.use_dialog(switch_dialog(s, s.kind, wanted, stop_and_choose, lambda: set_wanted(None))
                  if running and wanted is not None and wanted != s.kind else None)
    return ft.Column([
        section_title(t("Which game is the table playing?")),
        tagged("home-games", choice_row([(g.id, g.title, game_ident(g.id)) for g in GAME_LIST], chosen, tap)),
        *([ft.Text(t("A game is running: the home screen follows it. Choose another game to stop this one."), size=14,
                   color=ft.Colors.ON_SURFACE_VARIANT)] if running else []),
    ], spacing=8)


@ft.component
def GameEntries(wide: bool):
    """The chosen game's entries (the running game's while one runs): the session only chooses
    the game, so a memoized part draws them when the game or the language changes."""
    st = use_app()
    kind = use_select(lambda s: s.kind if s is not None and s.active else None)
    if st is None:  # redrawn by itself (a game that came from another phone, issue 40): no context in Flet 1.0.5
        return _GameEntries(kind or this_session().kind, lang())
    return _GameEntries(kind or st.game, st.lang)


@ft.memo
@ft.component
def _GameEntries(kind: str, lg: str):
    game = pack(kind)
    go = ft.context.page.navigate
    entries = [(t("New game"), ft.Icons.ADD_CIRCLE_OUTLINE, game.new_route, ids.HOME_NEW),
               (t("Rules"), ft.Icons.MENU_BOOK_OUTLINED, "/rules", ids.HOME_RULES)]
    entries += [(t(e.label), getattr(ft.Icons, e.icon), e.route, e.ident) for e in game.home_entries]
    entries += [
        (t("History and statistics"), ft.Icons.INSIGHTS, "/stats", ids.HOME_STATS),
        (t("League"), ft.Icons.LEADERBOARD_OUTLINED, "/league", ids.HOME_LEAGUE),
        (t("Invite players"), ft.Icons.QR_CODE_2, "/invite", ids.HOME_INVITE),
        (t("Settings"), ft.Icons.SETTINGS_OUTLINED, "/settings", ids.HOME_SETTINGS),
    ]
    cells = [ft.Container(big_button(text, icon, lambda e, r=route: _open(go, r), ident), col={"xs": 12, "md": 6})
             for text, icon, route, ident in entries if PHONE_TABLE or HAS_TABLE or route != "/invite"]
    if PHONE_TABLE:
        # the phone edition: phones link to each other (issue 40). Inviting and joining share one
        # row of two keys, right under the game's first two, so both are on screen without
        # scrolling at the start of an evening (Home has more entries than a phone's height)
        cells = [c for c in cells if c.content.key != ids.HOME_INVITE]
        pair = [(t("Invite players"), ft.Icons.QR_CODE_2, "/invite", ids.HOME_INVITE),
                (t("Join a table"), ft.Icons.QR_CODE_SCANNER, "/join", ids.HOME_JOIN)]  # (a half-wide key: its short word)
        cells[2:2] = [ft.Container(tile_button(text, icon, lambda e, r=route: _open(go, r), ident),
                                   col={"xs": 6, "md": 3}) for text, icon, route, ident in pair]
    return ft.ResponsiveRow(cells, spacing=12, run_spacing=12)


def _open(go, route: str) -> None:
    if route == "/join":  # «Присоединиться к столу» opens the scanner at once (issue 40)
        from .phone_table import open_scanner  # the phone edition only (load cost)

        open_scanner()
    go(route)


@ft.component
def PeopleOffer():
    """The first start after the league came (issue 42): the names of the kept games become the
    people of the table (same spelling → same person), once, if the table wants it."""
    st, s = use_app(), this_session()
    names, set_names = ft.use_state(lambda: s.people.people_offer() if s is not None else [])
    if not names:
        return ft.Container(height=0)

    def answer(accept: bool):
        out = s.people.answer_people_offer(accept)
        if report(st, out):
            set_names([])
            if accept:
                st.show(lambda: t("The people of the table are made: the league counts each of them across "
                                  "every game."))

    shown = ", ".join(names[:8]) + (" …" if len(names) > 8 else "")
    # the identifier is the whole box's (its words and keys): on the words alone, Flutter web gave
    # the words' node one line's height for all five, which the cut-text sweep took for cut words
    return ft.Semantics(identifier=ids.HOME_PEOPLE_OFFER, container=True, key=ids.HOME_PEOPLE_OFFER, content=ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=16, padding=14, margin=ft.Margin.only(bottom=12),
        content=ft.Column([
            ft.Text(t("Make the people of the table from the names in the kept games? The same "
                      "spelling is the same person; people can be merged later. Names: {names}")
                    .format(names=shown), size=16, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.Row([
                tagged(ids.HOME_PEOPLE_OFFER + "-yes", ft.FilledButton(t("Make people"), height=TOUCH,
                                                                       on_click=lambda e: answer(True))),
                tagged(ids.HOME_PEOPLE_OFFER + "-no", ft.TextButton(t("Not now"), height=TOUCH,
                                                                    on_click=lambda e: answer(False))),
            ], wrap=True, spacing=8, run_spacing=8),
        ], spacing=8, tight=True)))


def where_due(st) -> bool:
    """Whether Home tells this browser, once, where its games live (issue 53): the phone edition
    only (on the computer they are in its data folder), until the note was answered. A private
    window cannot be told from a normal one in Chromium (the same quota, the same folder), so
    every new user hears it."""
    return IN_BROWSER and st is not None and not st.where_told and not st.table


def where_card(on_ok: Callable, on_settings: Callable) -> ft.Control:
    """Where the games live (this browser on this phone; a private window's only while it is
    open) and how to keep them (the archive file from Settings): big, calm words, two keys."""
    words = ft.Colors.ON_SECONDARY_CONTAINER
    return ft.Semantics(identifier=ids.HOME_WHERE, container=True, key=ids.HOME_WHERE, content=ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=16, padding=14, margin=ft.Margin.only(bottom=12),
        content=ft.Column([
            ft.Text(t("Where your games are kept"), size=19, weight=ft.FontWeight.W_600, color=words),
            ft.Text(t("Only in this browser on this phone (in a private window, only until it is closed). To keep "
                      "them, save the archive now and then: «{settings}» → «{save}».").format(
                          settings=t("Settings"), save=t("Save the archive")), size=17, color=words),
            ft.Row([
                tagged(ids.HOME_WHERE + "-ok", ft.FilledButton(t("Got it"), height=TOUCH, on_click=lambda e: on_ok())),
                tagged(ids.HOME_WHERE + "-settings", ft.TextButton(t("Open the settings"), height=TOUCH,
                                                                  on_click=lambda e: on_settings())),
            ], wrap=True, spacing=8, run_spacing=8),
        ], spacing=6, tight=True)))


@ft.component
def WhereGamesLive():
    """The note of :func:`where_card` while :func:`where_due`; either key answers it for good."""
    st = use_app()
    if not where_due(st):
        return ft.Container(height=0)
    go = ft.context.page.navigate

    def to_settings():
        st.set_where_told()
        go("/settings")

    return where_card(st.set_where_told, to_settings)


@ft.component
@safe_screen("/")
def Home():
    st = use_app()
    wide = st.width >= 700
    # while the note on where the games live is shown, the header gives it room on a phone (the
    # whale and the line under the name), so Home's main keys stay on the screen (issue 53)
    roomy = wide or not where_due(st)
    header = ft.Column(
        [
            *([ft.Icon(ft.Icons.WATER, size=56 if wide else 44, color=ft.Colors.PRIMARY)] if roomy else []),
            probe(ids.SCREEN_HOME, t("Kity"), size=36 if wide else 32, weight=ft.FontWeight.BOLD),
            *([ft.Text(t("A table companion for card games"), size=18,
                       text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT)] if roomy else []),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
    return screen(st, "/", ids.SCREEN_HOME, t("Kity"),
                  [ft.Container(header, padding=ft.Padding.only(top=2 * PAD if roomy else 0, bottom=0 if roomy else 8)),
                   HomeEntries(TABLE, wide, key="home-body")],
                  appbar=False)


@ft.component
def HomeEntries(table: TableState, wide: bool):
    """Home's offers (where the games live, the league's people) and its entries. On a phone at a
    table, or cut off from one, the game and the table's keys come first and the offers after
    them: above them, with the bar of a phone cut off, they pushed «Позвать игроков» and
    «Присоединиться» off a phone's screen (issue 50)."""
    offers = [WhereGamesLive(key="home-where"), PeopleOffer(key="home-people-offer")]
    main = [ContinueEntry(wide, key="home-continue-entry"), GameChoice(key="home-game-choice"),
            ft.Container(height=8, key="home-gap"), GameEntries(wide, key="home-entries")]
    at_table = table.role is not None
    return ft.Column(main + [ft.Container(height=16, key="home-gap-offers")] + offers if at_table else offers + main,
                     spacing=0)
