"""The «Вжух!» table screen: which party, who starts it, each player's penalty entered after the
party, the standings, every party so far, the winner at the end. Everything shown comes from the
game's view; the screen computes nothing of the game."""
from __future__ import annotations

import flet as ft

from engine.vzhuh.rules import C

from ...base.i18n import t
from ...ui import TOUCH, probe, safe_screen, screen, section_title, tagged, use_kept
from ...widgets.game import bar_button, game_bar, go, leave, use_play, use_stable
from ...widgets.score import ScoreGrid
from ...widgets.notices import show_refusal
from .. import ids
from ..models import StarterWhy
from ..view import PARTIES, penalty_points
from .entry import as_penalties, entry_form, entry_hint, use_drafts

ROUTE = "/vzhuh"


def banner(ident: str, text: str, *, strong: bool = False) -> ft.Control:
    return ft.Container(
        bgcolor=ft.Colors.PRIMARY_CONTAINER if strong else ft.Colors.TERTIARY_CONTAINER, border_radius=16, padding=14,
        content=probe(ident, text, size=20 if strong else 18, weight=ft.FontWeight.BOLD if strong else None,
                      color=ft.Colors.ON_PRIMARY_CONTAINER if strong else ft.Colors.ON_TERTIARY_CONTAINER))


def score_table(view, narrow: bool) -> ft.Control:
    """Parties as rows, players as columns, the totals; the lowest total is marked (VZ-GAME)."""
    players = view.players
    parties = view.parties()
    totals = view.totals()
    low = min(totals.values()) if parties and totals else None
    g = ScoreGrid(44 if narrow else 90)
    body = []
    for party in parties:
        label = str(party.number) + ("*" if party.extra else "")
        body.append(g.row(ft.Text(label, size=17, color=ft.Colors.ON_SURFACE_VARIANT), [g.cell(ft.Row([
            *([ft.Icon(ft.Icons.PLAY_ARROW, size=14, color=ft.Colors.ON_SURFACE_VARIANT,
                       tooltip=t("started this party"))] if party.starter == p else []),
            probe(ids.cell(party.number, i), str(party.points[p]), size=20),
        ], spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER)) for i, p in enumerate(players)]))
    rows = g.rows(g.head(ft.Text("#", size=13, color=ft.Colors.ON_SURFACE_VARIANT), players, 14 if narrow else 17),
                  body, [(probe(ids.total(i), str(totals[p]), size=24, weight=ft.FontWeight.BOLD),
                          low is not None and totals[p] == low) for i, p in enumerate(players)])
    if any(party.extra for party in parties):
        rows.append(ft.Text(t("* an extra party after a tie ({rule})").format(rule=C.TIE.rule), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, padding=8,
                        content=ft.Column(rows, spacing=2))


def standings_row(view) -> ft.Control:
    """Places, lowest total first: the order of the race (VZ-GAME: the lowest total wins)."""
    items = []
    for place, name, total in view.standings():
        i = view.players.index(name)
        items.append(ft.Container(
            border_radius=12, padding=ft.Padding.symmetric(horizontal=10, vertical=4),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if place == 1 else ft.Colors.SURFACE_CONTAINER_HIGH,
            content=probe(ids.place(i), f"{place}. {name} — {total}", size=16,
                          weight=ft.FontWeight.W_600 if place == 1 else None)))
    return ft.Row(items, wrap=True, spacing=6, run_spacing=6)


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


@ft.component
@safe_screen(ROUTE)
def Score():
    st, s, buzz = use_play()
    view = s.game
    players = s.players
    drafts, selected = use_drafts((s.game_id, len(s.log)))  # hooks first, always in the same order
    kept = use_kept()  # the pad's keys that look as they did are handed back as they were
    pad = ft.use_ref(None)
    on_pad = use_stable(lambda x: pad.current(x))
    if not s.active or s.kind != "vzhuh":
        return screen(st, ROUTE, ids.SCREEN_SCORE, "«Вжух!»", [
            ft.Text(t("No game of «Вжух!» is running."), size=18),
            ft.FilledButton(t("New game"), icon=ft.Icons.ADD, height=TOUCH + 8, on_click=lambda: go("/vzhuh/new"))])
    narrow = st.width < 600
    number = view.party_number()

    def problem(text: str):
        buzz(True)
        st.show(lambda: text, "problem")

    def record():
        out = view.record_party(as_penalties(drafts[0](), players))
        if show_refusal(st, out):
            return
        buzz(True)
        st.show(lambda: t("Party {n} recorded.").format(n=number))

    def finish():
        leave(st, s.finish(), lambda: t("The game is in the history."), "/stats")

    body: list[ft.Control] = []
    winner = view.winner()
    if winner is not None:
        body += [
            banner(ids.WINNER, t("{player} wins with the lowest penalty, {points} ({rule}).").format(
                player=winner, points=view.totals()[winner], rule=C.GAME.rule), strong=True),
            standings_row(view),
            tagged(ids.FINISH, ft.FilledButton(t("Finish: put the game in the history"), icon=ft.Icons.DONE_ALL,
                                               height=60, style=ft.ButtonStyle(text_style=ft.TextStyle(size=19)),
                                               on_click=finish)),
            score_table(view, narrow),
        ]
        return screen(st, ROUTE, ids.SCREEN_SCORE, "«Вжух!»", body, actions=app_bar_actions(s, st))
    title = (t("Party {n} of {total}").format(n=number, total=PARTIES) if number <= PARTIES
             else t("Extra party {n}").format(n=number))
    tied = view.tied()
    body.append(ft.Container(
        padding=ft.Padding.symmetric(horizontal=4), content=ft.Column([
            probe(ids.PARTY_TITLE, title, size=26, weight=ft.FontWeight.BOLD),
            probe(ids.STARTER, t("{player} starts ({rule})").format(
                player=view.next_starter(), rule=(C.NEXT if number > 1 else C.SETUP_4).rule), size=18,
                  color=ft.Colors.ON_SURFACE_VARIANT),
            *([probe(ids.STARTER_WHY, why_text(why), size=15, color=ft.Colors.ON_SURFACE_VARIANT)]
              if (why := view.starter_why()) and why.party else []),
            # the standings near the top: in sight above the entry, even with a notice shown
            *([standings_row(view)] if s.log else []),
            ft.Text(t("After the party, tap each player's penalty cards:"), size=16),
        ], spacing=4, tight=True)))
    if tied:
        body.append(banner(ids.TIE, t("{players} share the lowest total: one more party for everybody "
                                      "({rule}, {rule2}).").format(
            players=", ".join(tied), rule=C.TIE.rule, rule2=C.RUL_TIE.rule)))
    body += entry_form(view, players, drafts, selected, narrow=narrow, on_problem=problem,
                       totals=view.totals() if s.log else None, kept=kept, pad=(pad, on_pad))
    entered = as_penalties(drafts[0](), players)
    summary = " · ".join(f"{p} {penalty_points(entered[p])}" for p in players)
    body.append(tagged(ids.RECORD, ft.FilledButton(
        t("Record party {n}: {summary}").format(n=number, summary=summary), icon=ft.Icons.CHECK, height=64,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=18), shape=ft.RoundedRectangleBorder(radius=16)),
        on_click=record)))
    body.append(entry_hint())
    if s.log:
        body += [section_title(t("Standings (the lowest total wins)")), score_table(view, narrow)]
    return screen(st, ROUTE, ids.SCREEN_SCORE, "«Вжух!»", body, actions=app_bar_actions(s, st))
