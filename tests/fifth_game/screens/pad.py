"""«Сотня» screens from the shared widgets: a new game (players, target) and the pad (a round's points,
undo/redo, the totals, the winner). They render the view and send rounds through it; they compute nothing."""
import flet as ft

from companion.base.i18n import t, tn
from companion.base.ids import family
from companion.ui import choice_row, probe, safe_screen, screen, tagged, use_latest
from companion.widgets import game as w, new_game as ng
from companion.widgets.notices import report, undo_buttons
from companion.widgets.score import ScoreGrid

from .. import GAME
from ..game import C

target_id, points_id, total_id = family("s5-target-{n}"), family("s5-points-{i}"), family("s5-total-{i}")

@ft.component
@safe_screen("/sotnya/new")
def NewGame():
    form, (target, set_target) = ng.use_new_game(2, 2, 6), use_latest(100)  # S5-SETUP: 2–6 players, 100
    options = [choice_row([(n, tn("Target: {n} point", "Target: {n} points", n), target_id(n)) for n in (50, 100, 200)],
                          target(), set_target), ng.note(t("The game ends after a round in which one player alone has the "
                                                          "most points and at least the target; a tie at the top means one "
                                                          "more round ({rule}, {rule2}).").format(rule=C.END.rule, rule2=C.TIE.rule))]
    return ng.new_game_screen(form, "/sotnya/new", "s5-screen-new", f"{t('New game')} {GAME.title}", options,
                              "s5-new-start", t("Start the game"), lambda: form.start("sotnya", {"target": target()}))

@ft.component
@safe_screen("/sotnya")
def Pad():
    st, s, buzz = w.use_play()
    typed, set_typed = use_latest(({}, None))  # (player → text, the game and log length they are for)
    if not s.active or s.kind != "sotnya":
        return screen(st, "/sotnya", "s5-screen-pad", GAME.title, [w.play_button(t("New game"), ft.Icons.ADD,
                                                                                lambda: w.go("/sotnya/new"))])
    view, now, narrow, score = s.game, (s.game_id, len(s.log)), st.width < 600, s.game.state
    current = lambda: typed()[0] if typed()[1] == (s.game_id, len(s.log)) else {}  # a written round empties them
    texts = current()
    body = [probe("s5-status", view.status() or t("The race to {target}").format(target=score.target), size=18)]
    if view.winner() is None:
        body += [probe("s5-round", f"{t('Points of round {n}').format(n=len(score.rounds) + 1)} ({C.ROUND.rule})",
                       size=24, weight=ft.FontWeight.BOLD),
                 *[tagged(points_id(i), ft.TextField(label=p, value=texts.get(p, ""), text_size=20,
                                                     keyboard_type=ft.KeyboardType.NUMBER, on_change=lambda e, p=p:
                                                     set_typed(({**current(), p: e.control.value}, now))))
                   for i, p in enumerate(s.players)],
                 tagged("s5-record", w.play_button(t("Write down the round"), ft.Icons.CHECK, lambda: buzz(report(
                     st, view.record_round({p: current().get(p, "") for p in s.players})))))]
    else:
        body.append(tagged("s5-finish", w.play_button(t("Finish: put the game in the history"), ft.Icons.DONE_ALL, lambda:
                                                      w.leave(st, s.finish(), lambda: t("The game is in the history."), "/stats"))))
    g, leaders = ScoreGrid(44 if narrow else 90), score.leaders  # the rounds, then the totals: the highest marked
    body.append(ft.Column(g.rows(g.head(ft.Text("#"), s.players, 14 if narrow else 17), [
        g.row(ft.Text(str(r)), [g.cell(ft.Text(str(x), size=20)) for x in pts]) for r, pts in enumerate(score.rounds, 1)],
        [(probe(total_id(i), str(x), size=24, weight=ft.FontWeight.BOLD), i in leaders)
         for i, x in enumerate(score.totals)]), spacing=2))
    return screen(st, "/sotnya", "s5-screen-pad", GAME.title, body, actions=undo_buttons(s, st, "s5-undo", "s5-redo"))
