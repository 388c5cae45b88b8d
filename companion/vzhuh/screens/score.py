"""The «Вжух!» table screen: which party, who starts it, each player's penalty entered after the
party, the standings, every party so far, the winner at the end. Everything shown comes from the
game's view; the screen computes nothing of the game."""
from __future__ import annotations

import flet as ft

from engine.vzhuh.rules import C

from ...base.i18n import lang, t
from ...ui import (
    SAME, TOUCH, probe, safe_render, safe_screen, screen, section_title, tagged, this_session, use_app, use_kept,
    use_select,
)
from ...widgets.game import GameMenu, UndoRedo, bar_button, game_bar, go, leave, use_haptics
from ...widgets.score import ScoreGrid
from ...widgets.notices import show_refusal
from .. import ids
from ..models import StarterWhy
from ..view import PARTIES, penalty_points
from .entry import DraftsBox, PadHandlers, as_penalties, entry_form, entry_hint, use_drafts

ROUTE = "/vzhuh"


def banner(ident: str, text: str, *, strong: bool = False) -> ft.Control:
    return ft.Container(
        bgcolor=ft.Colors.PRIMARY_CONTAINER if strong else ft.Colors.TERTIARY_CONTAINER, border_radius=16, padding=14,
        content=probe(ident, text, size=20 if strong else 18, weight=ft.FontWeight.BOLD if strong else None,
                      color=ft.Colors.ON_PRIMARY_CONTAINER if strong else ft.Colors.ON_TERTIARY_CONTAINER))


def score_table(view, narrow: bool) -> ft.Control:
    """Parties as rows, players as columns, the totals; the lowest total is marked (VZ-GAME)."""
    return score_table_of(*table_now(view), narrow, lang())


def table_now(view) -> tuple:
    """What the score table shows: (players, each party as (number, extra, its starter's seat or
    None, the points in seating order), the totals in seating order)."""
    players = tuple(view.players)
    parties = tuple((party.number, party.extra, players.index(party.starter) if party.starter in players else None,
                     tuple(party.points[p] for p in players)) for party in view.parties())
    totals = view.totals()
    return players, parties, tuple(totals[p] for p in players)


def score_table_of(players: tuple, parties: tuple, totals: tuple, narrow: bool, lg: str, kept=None) -> ft.Control:
    """:func:`score_table` from its values (:func:`table_now`). ``kept``: the drawing part's
    :func:`~companion.ui.use_kept`: a row that did not change is handed back as it was (a party
    recorded makes its row and the totals, not the whole table; issue 52)."""
    def part(fn, *args, key: str):
        return kept(fn, *args, key=key) if kept is not None else fn(*args, key=key)

    low = min(totals) if parties and totals else None
    rows = [part(_head_row, players, narrow, key="head"), part(_divider, key="divider-head")]
    rows += [part(_party_row, number, extra, starter, points, narrow, lg, key=f"party-{number}")
             for number, extra, starter, points in parties]
    rows += [part(_divider, key="divider-totals"),
             _totals_row(totals, tuple(low is not None and x == low for x in totals), narrow, lg, kept, key="totals")]
    if any(extra for _, extra, _, _ in parties):
        rows.append(part(_extra_note, lg, key="extra-note"))
    return ft.Container(border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, padding=8,
                        content=ft.Column(rows, spacing=2))


# The score table's rows, each as :func:`score_table_of` keeps it (``key``: its place in the table,
# also the control's own key, so that a row recorded or taken back is a row inserted or removed).
def _grid(narrow: bool) -> ScoreGrid:
    return ScoreGrid(44 if narrow else 90)


def _head_row(players: tuple, narrow: bool, *, key: str) -> ft.Control:
    row = _grid(narrow).head(ft.Text("#", size=13, color=ft.Colors.ON_SURFACE_VARIANT), players,
                             14 if narrow else 17)
    row.key = key
    return row


def _divider(*, key: str) -> ft.Control:
    return ft.Divider(height=1, key=key)


def _party_row(number: int, extra: bool, starter, points: tuple, narrow: bool, lg: str, *, key: str) -> ft.Control:
    """A party's row: its number (``*``: an extra one), each player's points, a mark at its starter."""
    g = _grid(narrow)
    label = str(number) + ("*" if extra else "")
    row = g.row(ft.Text(label, size=17, color=ft.Colors.ON_SURFACE_VARIANT), [g.cell(ft.Row([
        *([ft.Icon(ft.Icons.PLAY_ARROW, size=14, color=ft.Colors.ON_SURFACE_VARIANT,
                   tooltip=t("started this party"))] if starter == i else []),
        probe(ids.cell(number, i), str(pts), size=20),
    ], spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER)) for i, pts in enumerate(points)])
    row.key = key
    return row


def _totals_row(totals: tuple, low: tuple, narrow: bool, lg: str, kept=None, *, key: str) -> ft.Control:
    """«Итого» and each total; ``low``: whether each is the lowest (marked). ``kept``: as in
    :func:`score_table_of` (a total that did not change is handed back as it was)."""
    def part(fn, *args, key: str):
        return kept(fn, *args, key=key) if kept is not None else fn(*args, key=key)

    cells = [part(_total_cell, i, x, low[i], narrow, key=f"total-{i}") for i, x in enumerate(totals)]
    return ft.Row([part(_total_label, narrow, lg, key="total-label"), *cells], spacing=_grid(narrow).spacing, key=key)


def _total_label(narrow: bool, lg: str, *, key: str) -> ft.Control:
    return _grid(narrow).cell(ft.Text(t("Total"), size=13, weight=ft.FontWeight.W_600), expand=False)


def _total_cell(i: int, total: int, low: bool, narrow: bool, *, key: str) -> ft.Control:
    return _grid(narrow).cell(probe(ids.total(i), str(total), size=24, weight=ft.FontWeight.BOLD), hi=low)


def _extra_note(lg: str, *, key: str) -> ft.Control:
    return ft.Text(t("* an extra party after a tie ({rule})").format(rule=C.TIE.rule), size=13,
                   color=ft.Colors.ON_SURFACE_VARIANT, key=key)


def standings_row(view) -> ft.Control:
    """Places, lowest total first: the order of the race (VZ-GAME: the lowest total wins)."""
    return standings_row_of(tuple(view.players), tuple(view.standings()))


def standings_row_of(players: tuple, places: tuple) -> ft.Control:
    """:func:`standings_row` from its values: the players, and (place, name, total) in order."""
    return ft.Row([_place(players.index(name), place, name, total) for place, name, total in places],
                  wrap=True, spacing=6, run_spacing=6)


def _place(i: int, place: int, name: str, total: int, *, key: str = "") -> ft.Control:
    """A place of the standings (``i``: the player's seat)."""
    return ft.Container(
        border_radius=12, padding=ft.Padding.symmetric(horizontal=10, vertical=4),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if place == 1 else ft.Colors.SURFACE_CONTAINER_HIGH,
        content=probe(ids.place(i), f"{place}. {name} — {total}", size=16,
                      weight=ft.FontWeight.W_600 if place == 1 else None))


def why_text(why: StarterWhy) -> str:
    """The reason of the view's :meth:`starter_why`, in words (issue 19, point 4)."""
    if len(why.players) == 1:
        return t("Most penalty points in party {n}: {player}, {points} ({rule}).").format(
            n=why.party, player=why.starter, points=why.points, rule=why.rule)
    if why.starter == why.previous:  # the first met clockwise from the starter is the starter
        return t("Most penalty points in party {n}: {players} with {points} each; of them, {player} started "
                 "party {n} ({rule}).").format(n=why.party, players=", ".join(why.players),
                                               points=why.points, player=why.starter, rule=why.rule)
    return t("Most penalty points in party {n}: {players} with {points} each; of them, the first clockwise "
             "from {previous}, who started party {n}, is {player} ({rule}).").format(
        n=why.party, players=", ".join(why.players), points=why.points, player=why.starter,
        previous=why.previous, rule=why.rule)


def app_bar_actions(s, st) -> list[ft.Control]:
    return game_bar(s, st, ids.UNDO, ids.REDO, ids.HISTORY, "/vzhuh/history",
                    bar_button(ids.CHECK, ft.Icons.GAVEL, t("Move checker"), "/vzhuh/table-check"))


def score_actions() -> list[ft.Control]:
    """The score screen's app bar: as :func:`app_bar_actions`, with undo and redo a part of their
    own (redrawn only when whether each can be used changes), so the frame does not follow
    every entry (issue 52)."""
    return [UndoRedo(ids.UNDO, ids.REDO, menu=False, key="vz-undo-redo"),
            bar_button(ids.HISTORY, ft.Icons.HISTORY, t("History"), "/vzhuh/history"),
            bar_button(ids.CHECK, ft.Icons.GAVEL, t("Move checker"), "/vzhuh/table-check"),
            GameMenu(key="game-menu")]


def _running(s) -> bool:
    return s is not None and s.active and s.kind == "vzhuh"


def _entering(s) -> bool:
    """A party is entered next (a game of «Вжух!» runs and has no winner yet): what the parts
    of the score screen select from."""
    return _running(s) and s.game.winner() is None


def score_shape(s) -> tuple:
    """What the score screen's frame is made of: (a game runs, its winner, the game, its players,
    a party recorded, the players tied after the parties, the session's version once there is a
    winner — the end of the game is drawn whole at every change, as it was)."""
    if not _running(s):
        return (False,)
    view = s.game
    winner = view.winner()
    return (True, winner, s.game_id, tuple(s.players), bool(s.log), view.tied(),
            s.version if winner is not None else None)


# The score screen is a frame drawn again only when what it is made of changes (score_shape),
# and parts that follow the session themselves, each drawn again only when its own values
# change (as the whale table's, issue 52): the party's title and standings (Head), the entry
# (Entry: its pad keeps its keys) and the score table (ScoreTable: its rows are kept).
@ft.component
@safe_screen(ROUTE)
def Score():
    st = use_app()
    keep = ft.use_ref(None)  # the entry's drafts outlive the entry part: an undo of the last party brings them back
    if keep.current is None:
        keep.current = DraftsBox()
    shape = use_select(score_shape)
    s = this_session()
    if not shape[0]:
        return screen(st, ROUTE, ids.SCREEN_SCORE, "«Вжух!»", [
            ft.Text(t("No game of «Вжух!» is running."), size=18),
            ft.FilledButton(t("New game"), icon=ft.Icons.ADD, height=TOUCH + 8, on_click=lambda: go("/vzhuh/new"))])
    _running_, winner, _game, _players, recorded, tied, _version = shape
    narrow = st.width < 600
    lg = lang()
    view = s.game

    def finish():
        leave(st, s.finish(), lambda: t("The game is in the history."), "/stats")

    if winner is not None:
        body: list[ft.Control] = [
            banner(ids.WINNER, t("{player} wins with the lowest penalty, {points} ({rule}).").format(
                player=winner, points=view.totals()[winner], rule=C.GAME.rule), strong=True),
            standings_row(view),
            tagged(ids.FINISH, ft.FilledButton(t("Finish: put the game in the history"), icon=ft.Icons.DONE_ALL,
                                               height=60, style=ft.ButtonStyle(text_style=ft.TextStyle(size=19)),
                                               on_click=finish)),
            score_table(view, narrow),
        ]
        return screen(st, ROUTE, ids.SCREEN_SCORE, "«Вжух!»", body, actions=score_actions())
    body = [Head(lg, key="vz-head")]
    if tied:
        body.append(banner(ids.TIE, t("{players} share the lowest total: one more party for everybody "
                                      "({rule}, {rule2}).").format(
            players=", ".join(tied), rule=C.TIE.rule, rule2=C.RUL_TIE.rule)))
    body.append(Entry(narrow, lg, keep.current, key="vz-entry"))
    body.append(entry_hint())
    if recorded:
        body += [section_title(t("Standings (the lowest total wins)")), ScoreTable(narrow, lg, key="vz-table")]
    return screen(st, ROUTE, ids.SCREEN_SCORE, "«Вжух!»", body, actions=score_actions())


def head_now(s) -> tuple:
    """What :func:`Head` shows: (the party's title, who starts it, why (None: the first party),
    the players, the standings (None before any party))."""
    view = s.game
    number = view.party_number()
    title = (t("Party {n} of {total}").format(n=number, total=PARTIES) if number <= PARTIES
             else t("Extra party {n}").format(n=number))
    starter = t("{player} starts ({rule})").format(player=view.next_starter(),
                                                   rule=(C.NEXT if number > 1 else C.SETUP_4).rule)
    why = why_text(w) if (w := view.starter_why()) and w.party else None
    return title, starter, why, tuple(s.players), tuple(view.standings()) if s.log else None


@ft.memo
@ft.component
@safe_render
def Head(lg: str):
    """The party to enter: its title, who starts it and why, the standings near the top (in sight
    above the entry, even with a notice shown). What did not change is handed back as it was."""
    title, starter, why, players, places = use_select(lambda s: head_now(s) if _entering(s) else SAME)
    kept = use_kept()
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=4), content=ft.Column([
            kept(_line, ids.PARTY_TITLE, title, 26, True, key="title"),
            kept(_line, ids.STARTER, starter, 18, False, key="starter"),
            *([kept(_line, ids.STARTER_WHY, why, 15, False, key="why")] if why else []),
            *([ft.Row([kept(_place, players.index(name), place, name, total, key=f"place-{k}")
                       for k, (place, name, total) in enumerate(places)], wrap=True, spacing=6, run_spacing=6,
                      key="vz-standings")]
              if places is not None else []),
            kept(_instruction, lg, key="instruction"),
        ], spacing=4, tight=True))


def _line(ident: str, text: str, size: int, bold: bool, *, key: str) -> ft.Control:
    """A line of :func:`Head`: the title (``bold``), or a quieter one."""
    if bold:
        return probe(ident, text, size=size, weight=ft.FontWeight.BOLD)
    return probe(ident, text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def _instruction(lg: str, *, key: str) -> ft.Control:
    # (its key: a line that comes before it — the standings, why the starter starts — is a line
    # inserted, and this one is matched as itself)
    return ft.Text(t("After the party, tap each player's penalty cards:"), size=16, key="vz-instruction")


@ft.memo
@ft.component
@safe_render
def Entry(narrow: bool, lg: str, keep: DraftsBox):
    """The entry of the next party: the player chips, the pad and the button that records the
    party. It follows the session at every change (a party recorded or taken back starts or
    brings back its form); its keys that look as they did are handed back as they were.
    ``keep``: where its drafts live (the frame's, see :func:`Score`)."""
    st, buzz = use_app(), use_haptics()
    use_select(lambda s: (s.game_id, s.version) if _entering(s) else SAME)
    s = this_session()
    drafts, selected = use_drafts((s.game_id, len(s.log)), keep=keep)  # hooks first, always in the same order
    kept = use_kept()  # the chips and the pad's keys that look as they did are handed back as they were
    pad = ft.use_ref(None)
    if pad.current is None:
        pad.current = PadHandlers()
    asking, set_asking = ft.use_state(None)  # the game's state on which an empty party asks first
    view = s.game
    players = s.players
    number = view.party_number()

    def problem(text: str):
        buzz(True)
        st.show(lambda: text, "problem")

    def record():
        # a party with no penalty at all is said first and recorded only when confirmed: a
        # second tap of the one that recorded the party before (a double tap, or one the page
        # gave twice) fell on the next party's empty form and recorded it, which could end
        # the game (clean runs 12, 21, 30: an empty party 3 after a race)
        if not any(penalty_points(v) for v in as_penalties(drafts[0](), players).values()):
            set_asking(s.state_id)
            return
        record_now()

    def record_confirmed():
        if asking != s.state_id:  # the game moved on meanwhile: nothing recorded on a state not asked about
            set_asking(None)
            return
        record_now()

    def record_now():
        set_asking(None)
        out = view.record_party(as_penalties(drafts[0](), players))
        if show_refusal(st, out):
            return
        buzz(True)
        st.show(lambda: t("Party {n} recorded.").format(n=number))

    ft.use_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Record party {n} with no penalty?").format(n=number), size=22, weight=ft.FontWeight.BOLD),
        content=tagged(ids.RECORD_EMPTY, ft.Text(t("Nobody has a penalty card entered: every player gets 0 in "
                                                   "this party."), size=17)),
        actions=[tagged(ids.RECORD_EMPTY_NO, ft.FilledButton(t("Back to the entry"), height=TOUCH,
                                                             on_click=lambda: set_asking(None))),
                 tagged(ids.RECORD_EMPTY_YES, ft.OutlinedButton(t("Record it with 0"), height=TOUCH,
                                                                on_click=record_confirmed))],
        actions_alignment=ft.MainAxisAlignment.END,
    ) if asking is not None and asking == s.state_id else None)  # (any change meanwhile, here or on
    # another phone, ends the question: it never comes back on a later state)

    controls = entry_form(view, players, drafts, selected, narrow=narrow, on_problem=problem,
                          totals=view.totals() if s.log else None, kept=kept, pad=pad.current)
    entered = as_penalties(drafts[0](), players)
    summary = " · ".join(f"{p} {penalty_points(entered[p])}" for p in players)
    controls.append(tagged(ids.RECORD, ft.FilledButton(
        t("Record party {n}: {summary}").format(n=number, summary=summary), icon=ft.Icons.CHECK, height=64,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=18), shape=ft.RoundedRectangleBorder(radius=16)),
        on_click=record)))
    # the screen's column spacing between them, as when they stood in it one by one
    return ft.Column(controls, spacing=16, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.memo
@ft.component
@safe_render
def ScoreTable(narrow: bool, lg: str):
    """The score table (:func:`score_table`), drawn again only when the parties change; a row that
    did not change is handed back as it was."""
    players, parties, totals = use_select(lambda s: table_now(s.game) if _entering(s) and s.log else SAME)
    return score_table_of(players, parties, totals, narrow, lg, kept=use_kept())
