"""Round end: each player's pearls and pairs of unused bonuses → points, the totals, the race
chart, revokes found in the round, and the winner (or another round)."""
from __future__ import annotations

import flet as ft

from ...base import ids
from ...base.i18n import lang, t, tn
from ...widgets.records import use_export
from ...ui import TOUCH, probe, safe_render, safe_screen, screen, section_title, tagged
from ...widgets.game import go, leave, use_play
from ..widgets.words import tie_banner
from ..widgets.look import PLAYER_COLORS, card_chip
from .table import game_actions

ROUTE = "/round-end"


def grid_step(top: int, lines: int = 8) -> int:
    """The chart's step (5, 10, 20, 50, 100, 200, 500, …): at most ``lines`` grid lines and
    labels up to ``top``. A step of 10 for any height drew 100,000 lines for a race to a million
    points (a target the new game form takes) and froze the round end."""
    step, k = 5, 0
    while top > step * lines:
        step, k = step * (2.5 if k % 3 == 2 else 2), k + 1
    return int(step)


def race_chart(players, points_by_round, target: int, wide: bool) -> ft.Control:
    """Totals after each round (round 0 = start), one line per player."""
    import flet_charts as fch  # on first use: its import is seconds of the phone edition's start
    series, top = [], target
    for i, p in enumerate(players):
        total, pts = 0, [(0, 0)]
        for k, rnd in enumerate(points_by_round, start=1):
            total += rnd.get(p, 0)
            pts.append((k, total))
        top = max(top, total)
        series.append(fch.LineChartData(points=[fch.LineChartDataPoint(x, y) for x, y in pts],
                                        color=PLAYER_COLORS[i % len(PLAYER_COLORS)], stroke_width=4))
    n = max(1, len(points_by_round))
    step = grid_step(top)
    legend = ft.Row([ft.Row([ft.Container(width=16, height=16, bgcolor=PLAYER_COLORS[i % len(PLAYER_COLORS)],
                                          border_radius=8), ft.Text(p, size=16)], spacing=6, tight=True)
                     for i, p in enumerate(players)], wrap=True, spacing=16)
    chart = fch.LineChart(
        data_series=series, min_x=0, max_x=n, min_y=0, max_y=top + (step - top % step if top % step else 0),
        left_axis=fch.ChartAxis(label_size=36, label_spacing=step),
        bottom_axis=fch.ChartAxis(label_size=28, label_spacing=1,
                                  title=ft.Text(t("round"), size=14), title_size=22),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.5),
        expand=True,
    )
    return ft.Semantics(identifier=ids.END_CHART, label=t("Totals after each round"), container=True,
                        content=ft.Column([ft.Container(chart, height=300 if wide else 240), legend], spacing=8))


def trick_row(s, round_no: int, trick_no: int | None) -> ft.Control:
    tr = s.game.trick_info(round_no, trick_no) if trick_no is not None else None
    if tr is None:
        return ft.Container(height=0)
    return ft.Column([
        ft.Text(t("Trick {n}:").format(n=trick_no), size=15, weight=ft.FontWeight.W_600),
        ft.Row([card_chip(cid, size=15, caption=who) for cid, who in tr.plays], wrap=True, spacing=6,
               run_spacing=6),
    ], spacing=4)


@ft.component
@safe_render
def Scores(s):
    _ = s.version
    last = s.game.round_rows()[-1].cells  # the round just closed
    totals = s.game.totals()
    wide_rows = []
    for i, p in enumerate(s.players):
        c = last[p]
        pts, pearls, unused = c.points, c.pearls, c.unused
        pairs = pts - pearls  # the rest of the round's points came from pairs of unused bonuses
        detail = t("{pearls} + {pairs} for {unused}").format(
            pearls=tn("{n} pearl", "{n} pearls", pearls),
            pairs=tn("{n} point", "{n} points", pairs),
            unused=tn("{n} unused bonus", "{n} unused bonuses", unused))
        wide_rows.append(ft.Container(
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=14, padding=12,
            content=ft.Column([
                ft.Row([
                    ft.Container(width=14, height=14, bgcolor=PLAYER_COLORS[i % len(PLAYER_COLORS)], border_radius=7),
                    ft.Text(p, size=21, weight=ft.FontWeight.BOLD, expand=True, max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS),
                    probe(ids.end_total(i), t("total {points}").format(points=totals.get(p, 0)), size=20,
                          weight=ft.FontWeight.W_600),
                ], spacing=8),
                probe(ids.end_points(i), t("This round: {points}").format(points=tn("{n} point", "{n} points", pts)),
                      size=18),
                ft.Text(detail, size=15, color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=4)))
    return ft.Column(wide_rows, spacing=8)


@ft.component
@safe_screen(ROUTE)
def RoundEnd():
    st, s, buzz = use_play()
    wide = st.width >= 900
    actions = game_actions(buzz, undo_id=ids.END_UNDO, redo_id="end-redo")
    export = use_export(lambda: s.export_record() if s.active else None)
    if not s.active or not s.game.round_over():
        return screen(st, ROUTE, ids.SCREEN_ROUND_END, t("Round over"), [
            ft.Text(t("No finished round to show."), size=18),
            tagged("end-home", ft.FilledButton(t("Home"), height=TOUCH, on_click=lambda: go("/")))], actions=actions)
    last = s.game.round_rows()[-1].number  # the round just closed
    target = s.game.target
    lg = lang()
    winner = s.winner()
    totals = s.game.totals()

    def finish():
        if leave(st, s.finish(), lambda: t("The game is saved in the history."), "/", follow=True):
            buzz(True)

    body: list[ft.Control] = []
    if winner is not None:
        body.append(ft.Container(
            bgcolor=ft.Colors.PRIMARY, border_radius=20, padding=20,
            content=ft.Column([
                ft.Icon(ft.Icons.EMOJI_EVENTS, size=64, color=ft.Colors.ON_PRIMARY),
                probe(ids.END_WINNER, t("{player} wins the game!").format(player=winner), size=30,
                      weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY, text_align=ft.TextAlign.CENTER),
                ft.Text(tn("{n} point", "{n} points", totals.get(winner, 0)), size=20, color=ft.Colors.ON_PRIMARY),
            ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=6)))
    else:
        tied = s.game.tied_at_top()  # the session answers R-END, RUL-WINNER-MANY
        if tied:
            body.append(tie_banner(ids.END_TIE, tied))
    body += [section_title(t("Points of round {n}").format(n=last)), Scores(s)]
    if winner is not None:
        body.append(tagged(ids.END_FINISH, ft.FilledButton(t("Finish the game"), icon=ft.Icons.CHECK, height=60,
                                                           style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                                           on_click=finish)))
    else:
        body.append(tagged(ids.END_NEXT, ft.FilledButton(t("Next round"), icon=ft.Icons.ARROW_FORWARD, height=60,
                                                         style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                                         on_click=lambda: go("/setup"))))
    # from here, before the next round begins: the game's history, and its record as it stands (issue 43)
    small = ft.ButtonStyle(text_style=ft.TextStyle(size=17), shape=ft.RoundedRectangleBorder(radius=12))
    body.append(ft.Row([
        tagged(ids.END_HISTORY, ft.OutlinedButton(t("Game history"), icon=ft.Icons.HISTORY, height=TOUCH,
                                                  style=small, on_click=lambda: go(f"{ROUTE}/history"))),
        tagged(ids.END_EXPORT, ft.OutlinedButton(t("Save the game record"), icon=ft.Icons.DOWNLOAD, height=TOUCH,
                                                 style=small, on_click=export.save)),
    ], wrap=True, spacing=8, run_spacing=8))
    revokes = s.game.revokes(last, lg)
    if revokes:
        items: list[ft.Control] = [section_title(t("Revokes in this round"))]
        for v in revokes:
            items.append(ft.Container(
                bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=14, padding=12,
                content=ft.Column([
                    ft.Text(v.text, size=16, color=ft.Colors.ON_ERROR_CONTAINER),
                    trick_row(s, v.round, v.trick),
                    trick_row(s, v.round, v.proof_trick),
                    ft.Text(t("The table decides what to do about it; the points stand as entered."), size=14,
                            color=ft.Colors.ON_ERROR_CONTAINER),
                ], spacing=8)))
        body.append(ft.Semantics(identifier=ids.END_REVOKES, container=True, content=ft.Column(items, spacing=8)))
    body += [section_title(t("The race to {target}").format(target=target)),
             race_chart(s.players, s.game.points_by_round(), target, wide)]
    return screen(st, ROUTE, ids.SCREEN_ROUND_END, t("Round {n} is over").format(n=last), body,
                  actions=actions)
