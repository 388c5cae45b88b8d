"""«Лига / League» (issue 42): the people of the table across every game — ratings, records, a
person's trend and head to head, and the evenings. Renders what :mod:`companion.league.ratings`
computed (through the session); knows no rule and writes nothing."""
from __future__ import annotations

import logging
from datetime import date as Date
from typing import Optional

import flet as ft
from babel.dates import format_date

from ..base import ids
from ..base.i18n import lang, t, tn
from ..league.ratings import ALL, Evening, League as LeagueData, Standing
from ..core.packs import LIST as GAME_LIST, game as pack
from engine.core.reading import MAX_NAME

from ..ui import (
    TOUCH, choice_row, probe, safe_render, safe_screen, screen, section_title, tagged, this_session, use_app,
    use_latest, use_session, use_watch,
)
from ..widgets.notices import report
from ..widgets.services import page_services
from ..widgets.look import PLAYER_COLORS

log = logging.getLogger("kity")


def _day(day: str) -> str:
    try:
        return format_date(Date.fromisoformat(day), "d MMMM y", locale=lang())
    except ValueError:
        return t("Date unknown")


def _evening_title(e: Evening) -> str:
    """«Вечер 20 ноября 2026 г.», or «Вечер, дата неизвестна» for a game with no time."""
    return t("Evening of {date}").format(date=_day(e.date)) if e.date else t("Evening, date unknown")


def _rating(ident: str, s: Standing, size: int) -> ft.Control:
    """The rating, with «новичок» under it while the model is still unsure of the person."""
    number = probe(ident, str(s.rating), size=size, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
    if not s.newcomer:
        return number
    return ft.Column([number, probe(ident + "-newcomer", t("newcomer"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
                     spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END)


def _pct(x: float) -> str:
    return f"{round(100 * x)} %"


def _title(kind: str) -> str:
    return pack(kind).title


def _number(ident: str, label: str, value: str) -> ft.Control:
    return ft.Container(width=78, content=ft.Column([
        ft.Text(label, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        probe(ident, value, size=20, weight=ft.FontWeight.BOLD),
    ], spacing=0, tight=True))


def _person_row(n: int, s: Standing, scope: str, on_open) -> ft.Control:
    items = [(t("Games"), str(s.games), "games"), (t("Wins"), str(s.wins), "wins"),
             (t("Win rate"), _pct(s.win_rate), "rate"), (t("Best streak"), str(s.streak), "streak")]
    if scope != ALL and s.best is not None:
        items.append((t("Best result"), str(s.best), "best"))
    return tagged(ids.league_person(n), ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, ink=True,
        padding=ft.Padding.symmetric(horizontal=14, vertical=10), on_click=lambda e: on_open(s.person),
        content=ft.Column([
            ft.Row([
                ft.Text(f"{n}.", size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Container(probe(ids.league_value(n, "name"), s.name, size=20, weight=ft.FontWeight.W_600),
                             expand=True),
                _rating(ids.league_value(n, "rating"), s, 24),
            ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row([_number(ids.league_value(n, key), label, value) for label, value, key in items],
                   wrap=True, spacing=4, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.END),
        ], spacing=4, tight=True)))


def _evening_line(e: Evening, names: dict[str, str]) -> str:
    won = []
    for g in e.games:
        who = ", ".join(names.get(s.person, s.person) for s in g.seats if s.won)
        won.append(f"{_title(g.kind)}: {who}")
    return "; ".join(won)


def _evening_row(e: Evening, names: dict[str, str], on_open) -> ft.Control:
    return tagged(ids.league_evening(e.key), ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, ink=True,
        padding=ft.Padding.symmetric(horizontal=14, vertical=10), on_click=lambda ev: on_open(e.key),
        content=ft.Row([
            ft.Column([
                ft.Text(_day(e.date), size=18, weight=ft.FontWeight.W_600),
                ft.Text(tn("{n} game", "{n} games", len(e.games)) + " · " + _evening_line(e, names), size=15,
                        color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=2, tight=True, expand=True),
            ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.PRIMARY),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)))


def trend_chart(s: Standing) -> ft.Control:
    """The person's rating after each of their games (x = their n-th game)."""
    import flet_charts as fch  # on first use, as the statistics' race chart

    values = [1000] + [r for _, r in s.trend]
    lo, hi = min(values), max(values)
    step = 20 if hi - lo <= 160 else 50 if hi - lo <= 400 else 100
    min_y, max_y = (lo // step) * step, (hi // step + 1) * step
    chart = fch.LineChart(
        data_series=[fch.LineChartData(points=[fch.LineChartDataPoint(x, y) for x, y in enumerate(values)],
                                       color=PLAYER_COLORS[0], stroke_width=3, point=len(values) <= 40)],
        min_x=0, max_x=max(1, len(values) - 1), min_y=min_y, max_y=max_y,
        # the numbers as they are (the chart would write 1.1K for 1069)
        left_axis=fch.ChartAxis(label_size=44, labels=[fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=12))
                                                       for v in range(min_y, max_y + 1, step)]),
        bottom_axis=fch.ChartAxis(label_size=28, label_spacing=max(1, len(values) // 6),
                                  title=ft.Text(t("Game"), size=13), title_size=22),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.5, color=ft.Colors.OUTLINE_VARIANT),
        expand=True)
    return ft.Semantics(identifier=ids.LEAGUE_CHART, container=True,
                        label=t("Rating after each game: from {a} to {b}").format(a=values[0], b=values[-1]),
                        content=ft.Container(chart, height=240, padding=ft.Padding.only(right=12, top=8)))


def _back(label: str, on_back) -> ft.Control:
    return ft.Row([tagged(ids.LEAGUE_BACK, ft.OutlinedButton(
        label, icon=ft.Icons.ARROW_BACK, height=TOUCH, on_click=lambda e: on_back(),
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=17))))])


@ft.component
@safe_render
def PersonPage(lg: LeagueData, person: str, scope: str, on_back):
    versus, set_versus = ft.use_state(None)
    s = lg.scope(scope).get(person)
    if s is None:
        return ft.Column([_back(t("League"), on_back)])
    names = lg.names
    body: list[ft.Control] = [
        _back(t("League"), on_back),
        probe(ids.LEAGUE_PERSON, s.name, size=26, weight=ft.FontWeight.BOLD),
        ft.Text(t("All games") if scope == ALL else _title(scope), size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([_number(ids.league_value(0, "rating"), t("Rating"), str(s.rating)),
                *([probe(ids.league_value(0, "rating") + "-newcomer", t("newcomer"), size=15,
                         color=ft.Colors.ON_SURFACE_VARIANT)] if s.newcomer else []),
                _number(ids.league_value(0, "games"), t("Games"), str(s.games)),
                _number(ids.league_value(0, "wins"), t("Wins"), str(s.wins)),
                _number(ids.league_value(0, "rate"), t("Win rate"), _pct(s.win_rate)),
                _number(ids.league_value(0, "streak"), t("Best streak"), str(s.streak)),
                *([_number(ids.league_value(0, "best"), t("Best result"), str(s.best))] if s.best is not None else [])],
               wrap=True, spacing=4, run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.END),
        section_title(t("Rating over time")),
        trend_chart(s),
    ]
    rival, nemesis = lg.rival(person, scope), lg.nemesis(person, scope)
    if rival:
        body.append(probe(ids.LEAGUE_RIVAL, t("Rival (met most often): {name}, {n}").format(
            name=names.get(rival[0], rival[0]), n=tn("{n} game", "{n} games", rival[1])), size=16))
    if nemesis:
        body.append(probe(ids.LEAGUE_NEMESIS, t("Nemesis (finished ahead most often): {name}, {n}").format(
            name=names.get(nemesis[0], nemesis[0]), n=tn("{n} time", "{n} times", nemesis[1])), size=16))
    others = [o for o in lg.table(scope) if o.person != person]
    if others:
        body += [section_title(t("Head to head")),
                 tagged(ids.LEAGUE_VERSUS + "-choice", choice_row(
                     [(o.person, o.name, ids.league_versus(i + 1)) for i, o in enumerate(others)], versus,
                     set_versus))]
        if versus is not None and versus in lg.names:
            h = lg.head_to_head(person, versus, scope)
            other = names.get(versus, versus)
            line = (t("No games together yet.") if not h.games else
                    t("{games} together: {a} ahead {x}, {b} ahead {y}, even {z}.").format(
                        games=tn("{n} game", "{n} games", h.games), a=s.name, b=other, x=h.a_ahead,
                        y=h.b_ahead, z=h.even))
            body.append(probe(ids.LEAGUE_VERSUS, line, size=17))
    if not person.startswith("~"):  # a person of the table (a name no one claimed is not)
        body.append(PersonEdit(lg, person, s.name, key=f"edit-{person}-{s.name}"))
    return ft.Column(body, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
@safe_render
def PersonEdit(lg: LeagueData, person: str, name: str):
    """Rename the person, or merge another spelling of them into them (every game follows)."""
    st, session = use_app(), use_session()
    new_name, set_new_name = use_latest(name)
    other, set_other = ft.use_state(None)
    others = [o for o in lg.table(ALL) if o.person != person and not o.person.startswith("~")]

    def rename():
        if report(st, session.people.rename_person(person, new_name().strip())):
            st.show(lambda: t("Renamed: every game of theirs follows."))

    def merge():
        if other is not None and report(st, session.people.merge_people(person, other)):
            set_other(None)
            st.show(lambda: t("Merged: one person now, with the games of both."))

    body: list[ft.Control] = [
        section_title(t("Name")),
        ft.Row([ft.Container(expand=True, content=tagged(ids.LEAGUE_RENAME + "-field", ft.TextField(
                    label=t("Shown name"), value=new_name(), text_size=18, max_length=MAX_NAME,
                    on_change=lambda e: set_new_name(e.control.value)))),
                tagged(ids.LEAGUE_RENAME, ft.OutlinedButton(t("Rename"), height=TOUCH, on_click=lambda e: rename()))],
               spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
    ]
    if others:
        body += [ft.Text(t("The same person under another name? Choose them and merge: their games become "
                           "{name}'s.").format(name=name), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
                 choice_row([(o.person, o.name, ids.league_merge(i + 1)) for i, o in enumerate(others)], other,
                            set_other),
                 tagged(ids.LEAGUE_MERGE, ft.OutlinedButton(t("Merge"), icon=ft.Icons.MERGE, height=TOUCH,
                                                            disabled=other is None, on_click=lambda e: merge()))]
    return ft.Column(body, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
@safe_render
def NamesToAsk(names: list[str], people: list[tuple[str, str]]):
    """A name from an imported game that is no one's yet: asked once, who it is."""
    st, session = use_app(), use_session()
    name = names[0]
    buttons = [tagged(ids.league_ask(i + 1), ft.OutlinedButton(
        shown, height=TOUCH, on_click=lambda e, pid=pid: report(st, session.people.map_name(name, pid))))
        for i, (pid, shown) in enumerate(people[:12])]
    buttons.append(tagged(ids.league_ask(0), ft.FilledTonalButton(
        t("A new person"), icon=ft.Icons.PERSON_ADD_ALT, height=TOUCH,
        on_click=lambda e: report(st, session.people.name_is_new_person(name)))))
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=16, padding=14,
        content=ft.Column([
            probe(ids.LEAGUE_ASK, t("Who is «{name}» from an imported game? Asked once, then remembered.").format(
                name=name), size=16, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
        ], spacing=8, tight=True))


def evening_text(e: Evening, names: dict[str, str]) -> str:
    """The evening as text to share: the date, who won what, how the ratings moved."""
    lines = [_evening_title(e)]
    for g in e.games:
        who = ", ".join(names.get(s.person, s.person) for s in g.seats if s.won)
        lines.append(t("{game}: {who} won").format(game=_title(g.kind), who=who))
    lines.append(t("Ratings:"))
    for m in e.moves:
        lines.append(f"{m.name}: {m.before} → {m.after} ({m.after - m.before:+d})")
    return "\n".join(lines)


@ft.component
@safe_render
def EveningPage(lg: LeagueData, day: str, on_back):
    st = use_app()
    page = ft.context.page
    e = lg.evening(day)
    if e is None:
        return ft.Column([_back(t("League"), on_back)])
    names = lg.names
    svc = page_services(page)  # the page's clipboard and share sheet
    text = evening_text(e, names)

    async def copy(_e=None):
        try:
            await svc["clip"].set(text)
            st.show(lambda: t("The evening was copied. Paste it into a message."))
        except Exception:
            log.exception("copy evening")
            st.show(lambda: t("The text could not be copied on this device."), "problem")

    async def share(_e=None):
        try:
            await svc["share"].share_text(text, title=_evening_title(e))
        except Exception:
            log.exception("share evening")
            st.show(lambda: t("Sharing is not available here. Use «Copy»."), "problem")

    games = []
    for g in e.games:
        who = ", ".join(names.get(s.person, s.person) for s in g.seats if s.won)
        rest = ", ".join(f"{names.get(s.person, s.person)} {s.total}" for s in g.seats)
        games.append(ft.Column([ft.Text(t("{game}: {who} won").format(game=_title(g.kind), who=who), size=17,
                                        weight=ft.FontWeight.W_600),
                                ft.Text(rest, size=15, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=0, tight=True))
    # (an arrow drawn as an icon: the app's font has no «→»)
    moves = [ft.Row([ft.Text(m.name, size=17, expand=True),
                     probe(ids.league_move(i + 1) + "-from", str(m.before), size=17),
                     ft.Icon(ft.Icons.ARROW_FORWARD, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                     probe(ids.league_move(i + 1), f"{m.after} ({m.after - m.before:+d})", size=17,
                           weight=ft.FontWeight.W_600,
                           color=ft.Colors.PRIMARY if m.after >= m.before else ft.Colors.ERROR)],
                    spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
             for i, m in enumerate(e.moves)]
    buttons = [tagged(ids.LEAGUE_SHARE + "-copy", ft.OutlinedButton(t("Copy"), icon=ft.Icons.COPY, height=TOUCH,
                                                                      on_click=copy))]
    if not page.web:
        buttons.append(tagged(ids.LEAGUE_SHARE + "-share", ft.OutlinedButton(t("Share"), icon=ft.Icons.SHARE,
                                                                              height=TOUCH, on_click=share)))
    return ft.Column([
        _back(t("League"), on_back),
        probe(ids.LEAGUE_EVENING, _evening_title(e), size=24, weight=ft.FontWeight.BOLD),
        section_title(t("Who won what")),
        *games,
        section_title(t("How the ratings moved")),
        *moves,
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
    ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def league_screen(route: str, first_scope: Optional[str] = None):
    """The league's screen at ``route`` (from home, and from a game's statistics, where it
    opens on that game)."""

    @ft.component
    @safe_screen(route)
    def League():
        st, session = use_watch()
        scope, set_scope = ft.use_state(first_scope() if first_scope else ALL)
        person, set_person = ft.use_state(None)
        day, set_day = ft.use_state(None)
        title = t("League")
        try:
            lg = session.league.current()
        except Exception:  # a damaged stored game must not close the league
            log.exception("league")
            return screen(st, route, ids.SCREEN_LEAGUE, title, [ft.Text(t(
                "The league could not be computed from the kept games."), size=17)])
        kinds = lg.kinds()
        if scope != ALL and scope not in kinds:
            scope = ALL
        if person is not None:
            return screen(st, route, ids.SCREEN_LEAGUE, title, [PersonPage(lg, person, scope, lambda: set_person(None),
                                                                           key=f"person-{person}-{scope}")])
        if day is not None:
            return screen(st, route, ids.SCREEN_LEAGUE, title, [EveningPage(lg, day, lambda: set_day(None),
                                                                            key=f"evening-{day}")])
        note = probe(ids.LEAGUE_NOTE, t("Rating: openskill's estimate of skill from the finished games, "
                                        "1000 + 20·(μ − 25): finishing ahead of the others raises it, behind "
                                        "them lowers it. «Newcomer»: the first games, while the estimate is "
                                        "still unsure."),
                     size=14, color=ft.Colors.ON_SURFACE_VARIANT)
        if not lg.games:
            return screen(st, route, ids.SCREEN_LEAGUE, title, [
                probe(ids.LEAGUE_EMPTY, t("No finished games yet. Finished games make the league."), size=18), note])
        order = [g.id for g in GAME_LIST if g.id in kinds]
        ask = session.people.names_to_ask()
        people = [(p["id"], p["name"]) for p in session.store.people()]
        body: list[ft.Control] = [
            *([NamesToAsk(ask, people, key=f"ask-{ask[0]}")] if ask else []),
            tagged(ids.LEAGUE_SCOPES, choice_row([(ALL, t("All games"), ids.league_scope("all"))]
                                                 + [(k, _title(k), ids.league_scope(k)) for k in order],
                                                 scope, set_scope)),
            note,
            section_title(t("People")),
            ft.Semantics(identifier=ids.LEAGUE_PEOPLE, container=True, content=ft.Column(
                [_person_row(i + 1, s, scope, set_person) for i, s in enumerate(lg.table(scope))], spacing=10)),
        ]
        evenings = [e for e in lg.evenings if scope == ALL or any(g.kind == scope for g in e.games)]
        if evenings:
            body += [section_title(t("Evenings")), ft.Semantics(identifier=ids.LEAGUE_EVENINGS, container=True,
                                                                content=ft.Column(
                [_evening_row(e, lg.names, set_day) for e in evenings[:60]], spacing=10))]
        return screen(st, route, ids.SCREEN_LEAGUE, title, body)

    return League


def _stats_game() -> str:
    """The game whose statistics the league was opened from."""
    s = this_session()
    st = use_app()
    return s.kind if s is not None and s.active else (st.game if st is not None else ALL)


HomeLeague = league_screen("/league")
StatsLeague = league_screen("/stats/league", _stats_game)
