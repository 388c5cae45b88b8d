"""History and statistics: per-player numbers over all kept games, the list of past games, and
for one game its race chart (running totals by round) and its record."""
from __future__ import annotations

import logging

import flet as ft

from ..base import ids
from ..core.packs import game as pack
from ..base.i18n import lang, t, tn
from ..ui import TOUCH, probe, safe_render, safe_screen, screen, section_title, tagged, use_app, use_session, use_watch
from ..widgets.look import PLAYER_COLORS
from ..widgets.game import game_route
from ..widgets.notices import damaged_note, report
from ..league.stats import a_stopped_copy, kind_numbers, player_seats
from ..core.summary import Summary, damaged as summary_damaged
from ..widgets.when import game_when
from ..widgets.records import ExportPanel, ImportPanel


log = logging.getLogger("kity")
# The screen opens at once however long the history: the most recent FIRST games are listed at
# first (on a phone they are below the players' cards: issue 53, each row drawn is time of the
# opening), and each «show more» adds PAGE more.
FIRST = 10
PAGE = 30


def visible_rows(archived: list[dict], shown: int = FIRST) -> list[dict]:
    """The games the list shows now: the ``shown`` most recent (the rest wait for «show more»)."""
    return archived[:max(FIRST, shown)]


def _status(s: str) -> str:
    return {"finished": t("finished"), "abandoned": t("stopped"), "imported": t("imported")}.get(s, s or "")


def _avg(x) -> str:
    return "—" if x is None else f"{x:.1f}".replace(".", "," if lang() == "ru" else ".")


def seat_color(seat: int) -> str:
    """A player's colour: the one of their seat at the table (issue 43: not their rank)."""
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def _player_card(name: str, s: dict, seat_color: str, game) -> ft.Control:
    items = [
        (t("Games"), str(s["games"]), "games"),
        (t("Wins"), str(s["wins"]), "wins"),
        (t(game.stats.avg), _avg(s["avg_round_points"]), "avg"),
        (t(game.stats.best), "—" if s["best_round"] is None else str(s["best_round"]), "best"),
    ]
    if game.stats.revokes:
        items.append((t("Revokes"), str(s["revokes"]), "revokes"))
    boxes = [ft.Container(
        width=108, padding=ft.Padding.symmetric(vertical=4),
        content=ft.Column([
            # a long label wraps, never cut (issue 43); the row's boxes stand on one line (below)
            probe(ids.stats_label(name, key), label, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            probe(ids.stats_value(name, key), value, size=24, weight=ft.FontWeight.BOLD),
        ], spacing=0, tight=True)) for label, value, key in items]
    return ft.Container(
        col={"xs": 12, "md": 6},
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, padding=12,
        content=ft.Column([
            ft.Row([ft.Container(width=12, height=12, border_radius=6, bgcolor=seat_color),
                    ft.Text(name, size=20, weight=ft.FontWeight.W_600, expand=True)], spacing=8),
            ft.Row(boxes, wrap=True, spacing=4, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.END),
        ], spacing=6, tight=True))


def race_chart(players, rounds: list[dict], round_word: str | None = None) -> ft.Control:
    """Running totals after each round, one line per player (x = round, 0 = start)."""
    import flet_charts as fch  # on first use: its import is seconds of the phone edition's start
    running = {p: [0] for p in players}
    for pts in rounds:
        for p in players:
            running[p].append(running[p][-1] + int(pts.get(p, 0)))
    top = max([max(v) for v in running.values()] + [1])
    step = 5 if top <= 60 else 10
    max_y = ((top // step) + 1) * step
    series = [fch.LineChartData(points=[fch.LineChartDataPoint(x, y) for x, y in enumerate(running[p])],
                                color=PLAYER_COLORS[i % len(PLAYER_COLORS)], stroke_width=3, point=True)
              for i, p in enumerate(players)]
    chart = fch.LineChart(
        data_series=series, min_x=0, max_x=max(1, len(rounds)), min_y=0, max_y=max_y,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=step),
        bottom_axis=fch.ChartAxis(label_size=28, label_spacing=1,
                                  title=ft.Text(round_word or t("Round"), size=13), title_size=22),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.5, color=ft.Colors.OUTLINE_VARIANT),
        vertical_grid_lines=fch.ChartGridLines(interval=1, width=0.5, color=ft.Colors.OUTLINE_VARIANT),
        expand=True)
    legend = ft.Row([ft.Row([ft.Container(width=22, height=6, border_radius=3, bgcolor=PLAYER_COLORS[i % len(PLAYER_COLORS)]),
                             ft.Text(f"{p}: {running[p][-1]}", size=16)], spacing=6, tight=True)
                     for i, p in enumerate(players)], wrap=True, spacing=16, run_spacing=6)
    return ft.Semantics(identifier=ids.STATS_CHART, label=t("Race chart: running totals by round") if not round_word
                        else t("Race chart: running totals by {word}").format(word=round_word.lower()), container=True,
                        content=ft.Column([ft.Container(chart, height=280, padding=ft.Padding.only(right=12, top=8)),
                                           legend], spacing=8, tight=True))


@ft.component
@safe_render
def GameDetail(row: dict, number: int, on_back):
    session = use_session()
    summary = Summary.from_json(row.get("summary"))
    body: list[ft.Control] = [
        ft.Row([tagged(ids.STATS_BACK, ft.OutlinedButton(t("All games"), icon=ft.Icons.ARROW_BACK, height=TOUCH,
                                                         on_click=on_back,
                                                         style=ft.ButtonStyle(text_style=ft.TextStyle(size=17))))]),
        probe(ids.STATS_DETAIL, t("Game {n}").format(n=number) + " · " + _status(row.get("status")),
              size=22, weight=ft.FontWeight.BOLD),
    ]
    when = game_when(summary.times())
    if when:
        body.append(probe(ids.STATS_WHEN, when, size=17, color=ft.Colors.ON_SURFACE_VARIANT))
    found, set_found = ft.use_state(False)  # its file found damaged by «export» (issue 43)
    damaged = dict(row, damaged=True) if found else row

    def record():
        text = session.archive.export_archived(row["game_id"])
        if text is None and any(r.get("damaged") for r in session.archive.archived() if r.get("game_id") == row["game_id"]):
            set_found(True)
        return text

    if row.get("status") == "abandoned" and not damaged.get("damaged"):
        body.append(ResumeEntry(row["game_id"], key=f"stats-resume-{row['game_id']}"))
    if summary.winner:
        body.append(ft.Text(t("{player} wins the game!").format(player=summary.winner), size=18))
    game = pack(summary.game)
    if summary.players and summary.scores:  # the history's row has the summary: no file is read
        body.append(race_chart(summary.players, summary.round_points(), t(game.round_word)))
    else:
        # in the game's own word: «0 партий» in «Вжух!», «0 раундов» in the whale game (issue 19, point 4)
        body.append(ft.Text(t("Nothing was scored in this game: {rounds}.").format(rounds=tn(*game.rounds, 0)), size=16,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    body += [
        section_title(t("Game record")),
        *(damaged_note(damaged) or [ExportPanel(record, ids.STATS_EXPORT)]),
    ]
    return ft.Column(body, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
@safe_render
def ResumeEntry(game_id: str):
    """«Продолжить игру» for a stopped game (issue 19, point 4): it becomes the running game
    again; while another game runs, the screen says so and offers that one instead."""
    st = use_app()
    session = use_session()
    page = ft.context.page

    def resume():
        out = session.resume(game_id)
        if report(st, out):
            page.navigate(game_route(session))

    if session.active:
        return ft.Column([
            probe(ids.STATS_RESUME_BUSY, t("Another game is running ({game}: {players}). Finish or stop it first; then "
                                           "this game can be continued.").format(
                game=pack(session.kind).title, players=", ".join(session.players)), size=16),
            tagged(ids.STATS_RESUME_RUNNING, ft.FilledTonalButton(
                t("Go to the running game"), icon=ft.Icons.PLAY_ARROW, height=TOUCH,
                on_click=lambda e: page.navigate(game_route(session)))),
        ], spacing=8, tight=True)
    return ft.Column([
        ft.Text(t("This game was stopped. Continue it: it becomes the running game again, where it was stopped."),
                size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        tagged(ids.STATS_RESUME, ft.FilledButton(t("Continue the game"), icon=ft.Icons.PLAY_ARROW, height=TOUCH + 8,
                                                 style=ft.ButtonStyle(text_style=ft.TextStyle(size=18)),
                                                 on_click=lambda e: resume())),
    ], spacing=8, tight=True)


def _game_row(row: dict, number: int, on_open) -> ft.Control:
    summary = Summary.from_json(row.get("summary"))
    players = row.get("players") or summary.players
    winner = summary.winner
    line2 = ", ".join(str(p) for p in players)
    when = game_when(summary.times())
    line3 = (t("Winner: {player}").format(player=winner) if winner else t("No winner")) + " · " + _status(row.get("status"))
    line3 += " · " + tn(*pack(summary.game).rounds, len(summary.scores))
    if a_stopped_copy(row):  # what a phone entered alone, kept (issue 50): not counted twice
        line3 += " · " + t("this phone's own copy, not in the statistics: the table's game is")
    if summary_damaged(row.get("summary")):  # e.g. a 4,000-digit penalty filed before it was refused (issue 43)
        line3 += " · " + t("damaged numbers left out of the statistics")
    return tagged(ids.stats_game(row.get("seq", 0)), ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, ink=True,
        padding=ft.Padding.symmetric(horizontal=16, vertical=10),
        on_click=lambda e: on_open(row["game_id"]),
        content=ft.Row([
            ft.Column([
                ft.Text(t("Game {n}").format(n=number) + (f" · {when}" if when else ""), size=18,
                        weight=ft.FontWeight.W_600),
                ft.Text(line2, size=16),
                ft.Text(line3, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                *damaged_note(row, short=True),
            ], spacing=2, tight=True, expand=True),
            ft.Icon(ft.Icons.SHOW_CHART, color=ft.Colors.PRIMARY),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)))


def _safe_row(row: dict, number: int, on_open) -> ft.Control:
    """A game of the list; one whose stored summary cannot be shown is listed as such, and the
    history stays open (issue 43: one bad stored game broke it on every visit)."""
    try:
        return _game_row(row, number, on_open)
    except Exception:
        log.exception("history row")
        return ft.Text(t("Game {n}").format(n=number) + " · " + t("this game's summary is damaged and cannot be shown"),
                       size=16, color=ft.Colors.ON_SURFACE_VARIANT)


@ft.component
@safe_screen("/stats")
def Stats():
    st, session = use_watch()  # re-rendered after an import
    chosen, set_chosen = ft.use_state(None)
    shown, set_shown = ft.use_state(FIRST)
    game = pack(session.kind if session.active else st.game)
    archived = session.archive.archived(game.id)
    row = next((r for r in archived if r.get("game_id") == chosen), None)
    numbers = kind_numbers(archived)  # «Игра 1» is the first game of this kind (issue 43)
    # the app bar holds the short title; the game's name is the first heading, wrapped, never cut
    title = t("History and statistics")
    heading = probe(ids.STATS_GAME_TITLE, game.title, size=24, weight=ft.FontWeight.BOLD)
    if row is not None:
        return screen(st, "/stats", ids.SCREEN_STATS, title,
                      [heading, GameDetail(row, numbers.get(row["game_id"], 0), lambda: set_chosen(None))])

    try:
        stats = session.stats.archived_stats(game.id)  # computed once per version of the history
    except Exception:  # a damaged stored summary must not close the history (issue 43)
        log.exception("statistics")
        stats = None
    rows = visible_rows(archived, shown)
    more = len(archived) - len(rows)
    body: list[ft.Control] = [heading, ft.Row([tagged(ids.STATS_LEAGUE, ft.OutlinedButton(
        t("League"), icon=ft.Icons.LEADERBOARD_OUTLINED, height=TOUCH,
        on_click=lambda e: ft.context.page.navigate("/stats/league"),
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=17))))])]
    if not archived:
        body.append(probe(ids.STATS_EMPTY, t("No games are kept yet. Finished games appear here."), size=18))
    else:
        order = sorted((stats or {}).items(), key=lambda kv: (-kv[1]["wins"], -kv[1]["games"], kv[0]))
        # each player in the colour of their seat at the table, not of their rank here (issue 43)
        seats = player_seats(archived, session.players if session.active and session.kind == game.id else (),
                             wanted=stats or ())
        body += [
            section_title(t("Players")),
            ft.Semantics(identifier=ids.STATS_PLAYERS, container=True, content=ft.ResponsiveRow(
                [_player_card(name, s, seat_color(seats.get(name, i)), game)
                 for i, (name, s) in enumerate(order)], spacing=12, run_spacing=12)),
            ft.Text(t(game.stats.note) if stats is not None else t("The statistics could not be computed from the kept "
                    "games; the games are listed below."), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Divider(),
            section_title(tn("{n} game", "{n} games", len(archived))),
            ft.Semantics(identifier=ids.STATS_GAMES, container=True, content=ft.Column(
                [_safe_row(r, numbers.get(r.get("game_id"), 0), set_chosen) for r in rows], spacing=10)),
        ]
        if more > 0:
            body.append(tagged(ids.STATS_MORE, ft.OutlinedButton(
                tn("Show {n} more game", "Show {n} more games", min(PAGE, more)), icon=ft.Icons.EXPAND_MORE,
                height=TOUCH, on_click=lambda: set_shown(len(rows) + PAGE),
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=17)))))
    # keyed: the panel keeps its answer when the first import fills the list above it (issue 43)
    body += [ft.Divider(), ImportPanel(key="stats-import")]
    return screen(st, "/stats", ids.SCREEN_STATS, title, body)
