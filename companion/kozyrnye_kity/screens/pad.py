"""Score pad mode: the game is played with cards on the table, the app only keeps the score.

Rounds are rows, players are columns. Per round each player's pearl pile and unused bonuses
are entered; the session (the engine) scores the round, keeps the totals and says who won.
The screen computes nothing of the game: it shows what the session gives back.
"""
from __future__ import annotations

import flet as ft

from engine.kozyrnye_kity.rules import C

from ...base import ids
from ...base.i18n import t, tn
from ...ui import PAD, TOUCH, big_button, probe, safe_screen, screen, tagged, use_app, use_latest, use_session
from ..widgets.words import tie_banner
from ..widgets.look import PLAYER_COLORS
from ...widgets.game import GameMenu, go, leave
from ...widgets.score import ScoreGrid
from ...widgets.notices import report, show_refusal

KINDS = ("pearls", "unused")


def _num(text) -> int:
    text = (text or "").strip() if isinstance(text, str) else text
    if text in ("", None):
        return 0
    try:
        return int(text)
    except (TypeError, ValueError):
        return 0


def stepper(label: str, value: str, on_set, field_id: str, minus_id: str, plus_id: str) -> ft.Control:
    """[−] number [+] under a label; the number can also be typed."""
    n = _num(value)
    return ft.Column([
        ft.Text(label, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([
            tagged(minus_id, ft.IconButton(ft.Icons.REMOVE, icon_size=26, width=TOUCH, height=TOUCH,
                                           tooltip=t("Less"), disabled=n <= 0,
                                           on_click=lambda e: on_set(str(max(0, _num(value) - 1))))),
            tagged(field_id, ft.TextField(value=value, width=60, height=TOUCH + 8, text_size=22,
                                          text_align=ft.TextAlign.CENTER,
                                          keyboard_type=ft.KeyboardType.NUMBER,
                                          input_filter=ft.NumbersOnlyInputFilter(),
                                          content_padding=ft.Padding.symmetric(horizontal=4, vertical=8),
                                          on_change=lambda e: on_set(e.control.value))),
            tagged(plus_id, ft.IconButton(ft.Icons.ADD, icon_size=26, width=TOUCH, height=TOUCH,
                                          tooltip=t("More"), on_click=lambda e: on_set(str(_num(value) + 1)))),
        ], spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ], spacing=2, tight=True)


def tally_inputs(players, values: dict, on_set, id_of=ids.pad_field, step_of=ids.pad_step) -> ft.Control:
    """One card per player with pearl pile and unused bonuses (shared with the correction dialog)."""
    cards = []
    for seat, name in enumerate(players):
        def setter(kind, seat=seat):
            return lambda v: on_set(kind, seat, v)
        cards.append(ft.Container(
            col={"xs": 12, "md": 6},
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, padding=12,
            content=ft.Column([
                ft.Row([ft.Container(width=12, height=12, border_radius=6, bgcolor=PLAYER_COLORS[seat % 4]),
                        ft.Text(name, size=20, weight=ft.FontWeight.W_600, expand=True,
                                overflow=ft.TextOverflow.ELLIPSIS)], spacing=8),
                ft.Row([
                    stepper(t("Pearls in the pile"), values.get(("pearls", seat), ""), setter("pearls"),
                            id_of("pearls", seat), step_of("pearls", seat, -1), step_of("pearls", seat, 1)),
                    stepper(t("Unused bonuses"), values.get(("unused", seat), ""), setter("unused"),
                            id_of("unused", seat), step_of("unused", seat, -1), step_of("unused", seat, 1)),
                ], wrap=True, spacing=8, run_spacing=8),
            ], spacing=8, tight=True),
        ))
    return ft.ResponsiveRow(cards, spacing=12, run_spacing=12)


def score_table(session, narrow: bool) -> ft.Control:
    """Rounds as rows, players as columns, the totals row; the highest total is marked."""
    players = session.players
    rounds = session.game.round_rows()
    totals = session.game.totals()
    top = max(totals.values()) if rounds and totals else None
    g = ScoreGrid(52 if narrow else 90, spacing=4)
    body = []
    for d in rounds:
        r = d.number
        cells = []
        for seat, p in enumerate(players):
            c = d.cells[p]
            small = f"{c.pearls} + {c.unused}" if d.tallied else ""
            cells.append(g.cell(ft.Column([
                probe(ids.pad_cell(r, seat), str(c.points), size=22, weight=ft.FontWeight.W_500),
                *([ft.Text(small, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if small else []),
            ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)))
        body.append(g.row(ft.Text(str(r), size=18, color=ft.Colors.ON_SURFACE_VARIANT), cells))
    tot = []
    for seat, p in enumerate(players):
        hi = top is not None and totals[p] == top
        tot.append((ft.Row([
            *([ft.Icon(ft.Icons.STAR, size=18, color=ft.Colors.PRIMARY)] if hi else []),
            probe(ids.pad_total(seat), str(totals[p]), size=26, weight=ft.FontWeight.BOLD),
        ], spacing=2, tight=True, alignment=ft.MainAxisAlignment.CENTER), hi))
    rows = g.rows(g.head(ft.Text(t("Round"), size=13, color=ft.Colors.ON_SURFACE_VARIANT), players,
                         15 if narrow else 18), body, tot, total_size=14)
    legend = t("In a cell: the round's points; small: pearls + unused bonuses ({rule}).").format(
        rule=C.SCORE_2.rule)
    if top is not None:
        legend += " " + t("Highlighted: the highest total.")
    rows.append(ft.Text(legend, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Semantics(identifier=ids.PAD_TABLE, container=True, content=ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, padding=10,
        content=ft.Column(rows, spacing=6, tight=True)))


@ft.component
@safe_screen("/pad")
def Pad():
    st = use_app()
    session = use_session()
    get_vals, set_vals = use_latest({})
    confirm, set_confirm = ft.use_state(False)

    def abandon():
        set_confirm(False)
        leave(st, session.abandon(), lambda: t("The game was stopped and kept in the history."), "/stats", follow=True)

    ft.use_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Stop this game?")),
        content=ft.Text(t("It is kept in the history without a winner."), size=17),
        actions=[tagged(ids.PAD_ABANDON_YES, ft.FilledButton(t("Stop the game"), height=TOUCH, on_click=abandon)),
                 ft.TextButton(t("Keep playing"), height=TOUCH, on_click=lambda: set_confirm(False))],
    ) if confirm else None)

    if not session.active or session.mode != "pad":
        full = session.active
        body = [
            probe(ids.PAD_EMPTY, t("This game is played card by card, not on the score pad.") if full
                  else t("No game is kept on the score pad now."), size=18),
            big_button(t("To the table") if full else t("Home"),
                       ft.Icons.TABLE_RESTAURANT if full else ft.Icons.HOME_OUTLINED,
                       lambda: go("/game" if full else "/"), "pad-go"),
        ]
        return screen(st, "/pad", ids.SCREEN_PAD, t("Score pad"), body)

    players = session.players
    rounds = session.game.points_by_round()
    round_no = len(rounds) + 1
    winner = session.winner()
    target = session.game.target
    narrow = st.width < 700

    vals = get_vals()
    if vals.get("round") != round_no:
        vals = {"round": round_no}

    def set_value(kind, seat, v):
        cur = dict(get_vals())
        if cur.get("round") != round_no:
            cur = {"round": round_no}
        cur[(kind, seat)] = v
        set_vals(cur)

    def tally():
        cur = get_vals()
        cur = cur if cur.get("round") == round_no else {}
        out = session.game.tally_round({p: (_num(cur.get(("pearls", s))), _num(cur.get(("unused", s))))
                                   for s, p in enumerate(players)})
        if show_refusal(st, out):
            return
        set_vals({"round": round_no + 1})
        pts = (session.game.points_by_round() or [{}])[-1]
        st.show(lambda: t("Round {n}: {points}.").format(
            n=round_no, points=", ".join(f"{p} {pts.get(p, 0)}" for p in players)))

    def undo():
        report(st, session.undo())

    def redo():
        report(st, session.redo())

    def finish():
        leave(st, session.finish(), lambda: t("The game is saved in the history."), "/stats", follow=True)

    body: list[ft.Control] = [
        probe(ids.PAD_TARGET, tn("Target: {n} point", "Target: {n} points", int(target or 0)),
              size=18, weight=ft.FontWeight.W_600),
        ft.Text(t("The game ends after a round in which one player alone has the most points and at least the "
                  "target; a tie at the top means one more round ({rule}, {rule2}).").format(
                      rule=C.END.rule, rule2=C.WINNER_MANY.rule),
                size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        score_table(session, narrow),
    ]
    tied = session.game.tied_at_top()  # the session answers R-END, RUL-WINNER-MANY
    if tied:
        body.append(tie_banner(ids.PAD_TIE, tied))
    if winner:
        body += [
            ft.Container(
                bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=16, padding=PAD,
                content=ft.Row([
                    ft.Icon(ft.Icons.EMOJI_EVENTS, size=40, color=ft.Colors.ON_TERTIARY_CONTAINER),
                    ft.Container(probe(ids.PAD_WINNER, t("{player} wins the game!").format(player=winner), size=24,
                                       weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER),
                                 expand=True),
                ], spacing=12)),
            big_button(t("Finish and save the game"), ft.Icons.CHECK_CIRCLE_OUTLINE, finish, ids.PAD_FINISH,
                       primary=True),
        ]
    else:
        body += [
            ft.Divider(),
            probe(ids.PAD_ROUND, t("Round {n}").format(n=round_no), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(t("For each player: the pearls in their pile and the bonuses still lying unused in front of them."),
                    size=15, color=ft.Colors.ON_SURFACE_VARIANT),
            tally_inputs(players, vals, set_value),
            probe(ids.PAD_ENTERED, t("To write down: {entries}").format(entries="; ".join(
                f"{p} {_num(vals.get(('pearls', s)))} + {_num(vals.get(('unused', s)))}"
                for s, p in enumerate(players))), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
            big_button(t("Write down the round"), ft.Icons.EDIT_NOTE, tally, ids.PAD_TALLY, primary=True),
        ]
    small = ft.ButtonStyle(text_style=ft.TextStyle(size=17), shape=ft.RoundedRectangleBorder(radius=12))
    body += [
        ft.Row([
            tagged(ids.PAD_UNDO, ft.OutlinedButton(t("Undo"), icon=ft.Icons.UNDO, height=TOUCH, style=small,
                                                   disabled=not session.can_undo, on_click=undo)),
            tagged(ids.PAD_REDO, ft.OutlinedButton(t("Redo"), icon=ft.Icons.REDO, height=TOUCH, style=small,
                                                   disabled=not session.can_redo, on_click=redo)),
            tagged(ids.PAD_HISTORY, ft.OutlinedButton(t("History"), icon=ft.Icons.HISTORY, height=TOUCH, style=small,
                                                      on_click=lambda: go("/history"))),
        ], wrap=True, spacing=8, run_spacing=8),
    ]
    if not winner:
        body.append(ft.Row([tagged(ids.PAD_ABANDON, ft.TextButton(
            t("Stop the game without a winner"), icon=ft.Icons.STOP_CIRCLE_OUTLINED, height=TOUCH,
            on_click=lambda: set_confirm(True)))]))
    return screen(st, "/pad", ids.SCREEN_PAD, t("Score pad"), body,
                  actions=[GameMenu(key="game-menu")])  # the record as it stands, the statistics (issue 43)
