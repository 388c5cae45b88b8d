"""The live table of «Кальмар»: the top card and the colour in force, the big direction arrow,
whose turn and who is next, what is pending (draw 2/4 and skip), an order or the silence in
force, the «Кальмар!» moment, each player's card count, and one or two taps per turn to enter
what happened. At the end of a game: the winner, the sitting's tally and the next game.
Everything shown comes from the game's view; the screen computes nothing of the game."""
from __future__ import annotations

from typing import Any

import flet as ft

from engine.kalmar.rules import C

from ...base.i18n import lang, t, tn
from ...ui import (
    TOUCH, WIDE, column, frame, probe, safe_render, safe_screen, section_title, tagged, two_columns, use_app,
    use_kept, use_latest, use_select,
)
from ...widgets.game import GameMenu, UndoRedo, bar_button, go, leave, play_button, use_play, use_stable
from ...widgets.look import PLAYER_COLORS
from ...widgets.notices import show_refusal
from .. import ids, models
from ..view import BLUE, NAMES_COLOUR, make_card
from .cards import (
    running, wide, short_words, card_face, card_words, colour_row, colour_words, digit_rows, kind_rows, player_row,
)
from .new_game import first_card_of, first_card_picker

ROUTE = "/kalmar"


def use_draft(key: Any):
    """A draft that belongs to one state of the log (``key``): a new entry, an undo or a redo
    starts an empty one. Handlers read it through ``get()`` (taps can outrun re-renders)."""
    get, set_ = use_latest((None, {}))

    def cur() -> dict:
        k, d = get()
        return d if k == key else {}

    def put(d: dict) -> None:
        set_((key, d))

    return cur, put


def banner(ident: str, text: str, *, tone: str = "info", controls: list | None = None, size: int = 19) -> ft.Control:
    bg, fg = {"info": (ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER),
              "strong": (ft.Colors.PRIMARY_CONTAINER, ft.Colors.ON_PRIMARY_CONTAINER),
              "alert": (ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER)}[tone]
    return ft.Container(
        bgcolor=bg, border_radius=16, padding=12,
        content=ft.Column([probe(ident, text, size=size, weight=ft.FontWeight.W_600, color=fg), *(controls or [])],
                          spacing=8, tight=True))


def app_bar_actions() -> list[ft.Control]:
    """Undo and redo (a part of their own, redrawn only when whether each can be used changes),
    the history, the checker."""
    return [UndoRedo(ids.UNDO, ids.REDO, menu=False, key="kalmar-undo-redo"),
            bar_button(ids.HISTORY, ft.Icons.HISTORY, t("History"), "/kalmar/history"),
            bar_button(ids.CHECK, ft.Icons.HELP_OUTLINE, t("Can I play this?"), "/kalmar/table-check"),
            GameMenu(key="game-menu")]  # the game's record out, the statistics (issue 43)


SKIP_LINE = 20  # px: one line of the skipped notice (size 16)


def status_card(tb: models.Table, lines: int, kept=None) -> ft.Control:
    """Top card and colour · whose turn and who is next · the direction arrow. A skipped player
    is said in a slot of ``lines`` lines that is there on every turn, so the card stays one
    height and the entry below it does not move (:func:`skip_lines`). ``kept``: the drawing
    part's :func:`~companion.ui.use_kept` (each of its three columns is handed back as it was
    while it looks the same; issue 52)."""
    lg = lang()
    skipped = (tb.skipped.player, tb.skipped.rule) if tb.skipped else None
    parts = ((_top_column, (tb.top, tb.colour, lg), "status-top"),
             (_turn_column, (tb.turn, tb.next, tb.colour, skipped, lines, lg), "status-turn"),
             (_direction_column, (tb.clockwise, lg), "status-direction"))
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=18, padding=10, key="kl-status",
        content=ft.Row([kept(fn, *args, key=key) if kept is not None else fn(*args, key=key) for fn, args, key in parts],
                       spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER))


def _top_column(top, colour, lg: str, *, key: str) -> ft.Control:
    """The top card's face and its words."""
    return ft.Column([card_face(top, colour, width=70, height=96),
                      probe(ids.TOP, short_words(top), size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                            max_lines=1, width=84, text_align=ft.TextAlign.CENTER)],
                     spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _turn_column(turn: str, nxt: str, colour, skipped, lines: int, lg: str, *, key: str) -> ft.Control:
    """Whose turn, who is next, the colour in force, and the skipped player's slot (``skipped``:
    (player, rule) or None)."""
    return ft.Column([
        ft.Text(t("Turn"), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        probe(ids.TURN, turn, size=30, weight=ft.FontWeight.BOLD, max_lines=1,
              overflow=ft.TextOverflow.ELLIPSIS),
        probe(ids.NEXT, t("then {player}").format(player=nxt), size=18),
        probe(ids.COLOUR, t("Colour: {colour}").format(colour=colour_words(colour)), size=17,
              weight=ft.FontWeight.W_600),
        ft.Container(height=lines * SKIP_LINE, content=probe(
            ids.SKIPPED, t("Skipped: {player} ({rule})").format(player=skipped[0], rule=skipped[1]),
            weight=ft.FontWeight.W_600, color=ft.Colors.ERROR, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS,
            style=ft.TextStyle(size=16, height=SKIP_LINE / 16)) if skipped else None),
    ], spacing=0, tight=True, expand=True)


def _direction_column(cw: bool, lg: str, *, key: str) -> ft.Control:
    """The big direction arrow and its words."""
    return ft.Column([
        ft.Icon(ft.Icons.ROTATE_RIGHT if cw else ft.Icons.ROTATE_LEFT, size=64, color=ft.Colors.PRIMARY),
        probe(ids.DIRECTION, t("clockwise") if cw else t("counter-clockwise"), size=13,
              text_align=ft.TextAlign.CENTER, width=84),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def skip_lines(wide: bool) -> int:
    """Lines the skipped notice («Пропуск: Вика (KL-FX-SKIP)») may take between the card face
    and the direction arrow: two on a phone, one in a tablet's main column."""
    return 1 if wide else 2


def counts_row(tb: models.Table, players: tuple[str, ...], kept=None) -> ft.Control:
    """Each player's card count (from the known draws and plays), in seating order. ``kept``: as
    :func:`status_card`'s (a count that did not change is handed back as it was)."""
    def part(fn, *args, key: str):
        return kept(fn, *args, key=key) if kept is not None else fn(*args, key=key)

    chips = [part(_count_chip, i, p, tb.counts[p], p == tb.turn, p == tb.next, key=f"count-{i}")
             for i, p in enumerate(players)]
    return ft.Column([part(_counts_label, lang(), key="counts-label"),
                      ft.Row(chips, wrap=True, spacing=6, run_spacing=6)], spacing=4, tight=True, key="kl-counts")


def _counts_label(lg: str, *, key: str) -> ft.Control:
    return ft.Text(t("Cards in hand (known draws and plays):"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)


def _count_chip(i: int, p: str, n: int, turn: bool, nxt: bool, *, key: str) -> ft.Control:
    """A player's card count; ``turn``: to play (filled), ``nxt``: next (ringed)."""
    return ft.Container(
        border_radius=12, padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if turn else ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if nxt else None,
        content=ft.Row([
            ft.Container(width=6, height=22, border_radius=3, bgcolor=PLAYER_COLORS[i % len(PLAYER_COLORS)]),
            probe(ids.count(i), f"{p} {n}", size=17, weight=ft.FontWeight.BOLD if turn or n == 1 else None,
                  color=ft.Colors.ERROR if n == 1 else None),
        ], spacing=6, tight=True))


def action_button(ident: str, text: str, icon, on_click, *, primary: bool = False) -> ft.Control:
    return wide(ident, play_button(text, icon, lambda e: on_click(), filled=primary, height=54, size=16, expand=True))


@ft.component
@safe_screen(ROUTE)
def Table():
    """The screen's frame: the app bar and the message bar, drawn again only when the app's
    state changes (the width, the language). What an entry changes is drawn by the parts that
    follow the session (the title, :func:`TableBody`, the undo and redo buttons), so an entry
    made on one phone does not rebuild the frame of every screen at the table (issue 18)."""
    st = use_app()
    return frame(ROUTE, GameTitle(key="kalmar-title"), TableBody(st.width >= WIDE, key="kalmar-body"),
                 app_bar_actions())


@ft.component
@safe_render
def GameTitle():
    """«Игра N»: it follows only the number of the game."""
    n = use_select(lambda s: s.state.game if running(s) else None)
    return probe(ids.SCREEN_TABLE, t("Game {n}").format(n=n) if n is not None else "«Кальмар»")


@ft.component
@safe_render
def TableBody(wide: bool):
    """The game on the table: it follows the session and draws again on every change. On a
    tablet (``wide``) what the table watches beside the next card stands in a column of its
    own, beside the entry, under the cards in hand; on a phone it is below the entry keys."""
    st, s, buzz = use_play()
    cur, put = use_draft((s.game_id, len(s.log), s.revision))
    show_out, set_show_out = use_latest(False)
    get_next, set_next = use_latest({})
    get_dealer, set_dealer = use_latest(None)
    # the entry keys are kept as they were while they look the same (issue 52: a move made
    # draws the line it changed, not every key): their handlers are of stable identity. A part
    # is kept within one layout (a phone's one column, a tablet's two): a screen that turns
    # makes its parts again rather than move them into other columns
    # ... and a kept part carries its key as the control's own: wherever the body's lines go (a
    # draw to take, an order, another kind of card), it is matched by that key, never taken for
    # the line that happens to stand at its place
    kept_here = use_kept()

    def kept(part, *args, key: str, **kwargs):
        made = kept_here(part, *args, key=f"{key}@{'wide' if wide else 'phone'}", **kwargs)
        if made.key is None:
            made.key = f"kl-{key}"
        return made
    latest = ft.use_ref(None)  # this render's pick()
    on_kind = use_stable(lambda v: latest.current(kind=v))
    on_colour = use_stable(lambda v: latest.current(colour=v))
    on_digit = use_stable(lambda v: latest.current(digit=v))
    # the buttons under the keys, and «A player has no cards left…», of stable identity too
    on_pass = use_stable(lambda: done(view.pass_()))
    on_draw_pass = use_stable(lambda: done(view.draw_and_pass()))
    on_draw_one = use_stable(lambda: done(view.draw(1)))
    on_out_open = use_stable(lambda *_: set_show_out(not show_out()))  # (the button passes its event)
    if not running(s):
        return column(st, [
            ft.Text(t("No game of «Кальмар» is running."), size=18),
            ft.FilledButton(t("New game"), icon=ft.Icons.ADD, height=TOUCH + 8, on_click=lambda: go("/kalmar/new"))])
    view = s.game
    tb = view.table()
    players = s.players

    def done(out) -> bool:
        if out.ok:
            buzz()
            if st.notice is not None and st.notice.kind == "problem":
                st.dismiss()
            return True
        buzz(True)
        show_refusal(st, out)
        return False

    # ---------------------------------------------------------------- the end of a game
    if tb.winner is not None:
        return column(st, end_of_game(st, s, view, tb, done, get_next, set_next, get_dealer, set_dealer))

    # ---------------------------------------------------------------- entering a play
    def ready(d: dict) -> dict | None:
        k = d.get("kind", "digit")
        if k == "silence":
            return {"card": "silence"}
        if k == "swap":
            return {"card": "swap", "swap_with": d["with"]} if d.get("with") else None
        if k == "order":
            o = make_card(d.get("okind", "digit"), d.get("ocolour"), d.get("odigit"))
            return {"card": "order", "order": o} if o else None
        if k in NAMES_COLOUR:
            return {"card": k, "colour": d["colour"]} if d.get("colour") else None
        c = make_card(k, d.get("colour"), d.get("digit"))
        return {"card": c} if c else None

    def pick(**kw):
        d = cur()
        if "kind" in kw:
            keep = {"colour": d["colour"]} if kw["kind"] not in BLUE and d.get("colour") and \
                d.get("kind", "digit") not in BLUE else {}
            d = {**keep, "kind": kw["kind"]}
        elif "okind" in kw:
            d = {**d, "okind": kw["okind"], "odigit": None}
        else:
            d = {**d, **kw}
        play = ready(d)
        if play is None:
            put(d)
            return
        put({})
        done(view.play(**play))

    latest.current = pick
    lg = lang()
    body: list[ft.Control] = [status_card(tb, skip_lines(wide), kept)]
    # what the table watches beside the next card (a «Кальмар!» to catch, one card left, the
    # silence) is said beside the entry on a tablet, below it on a phone, so its keys stay where
    # the thumb knows them; a draw or an order, which change the entry itself, take its place
    in_force: list[ft.Control] = []
    if tb.call_due:
        in_force.append(banner(ids.CALL, t("«Кальмар!» — {player} has one card left ({rule})").format(
            player=tb.call_due, rule=C.CALL.rule), tone="alert", size=24, controls=[
            action_button(ids.MISSED_CALL, t("Not called: +2 cards"), ft.Icons.RECORD_VOICE_OVER,
                          lambda: done(view.missed_call(tb.call_due)))]))
    others = [p for p in tb.one_card if p != tb.call_due]
    if others:
        in_force.append(banner(ids.ONE_CARD, t("One card left: {players}").format(players=", ".join(others)),
                               tone="alert"))
    if tb.silence_by:
        in_force.append(banner(ids.SILENCE, t("Silence until {player} moves again ({rule}). Who spoke? "
                                              "+4 cards").format(player=tb.silence_by, rule=C.SILENCE.rule), controls=[ft.Row([
            tagged(ids.silence_by(i), ft.OutlinedButton(p, height=TOUCH, on_click=lambda e, p=p: done(
                view.broke_silence(p)))) for i, p in enumerate(players)], wrap=True, spacing=6, run_spacing=6)]))

    if tb.pending:
        body.append(banner(ids.PENDING, tn("{player} takes {n} card and misses the turn ({rule})",
                                           "{player} takes {n} cards and misses the turn ({rule})",
                                           tb.pending).format(player=tb.turn, n=tb.pending, rule=tb.pending_rule),
                           tone="strong", size=21, controls=[
            action_button(ids.TAKE, tn("Take {n} card", "Take {n} cards", tb.pending).format(n=tb.pending),
                          ft.Icons.DOWNLOAD, lambda: done(view.draw()), primary=True)]))
    elif tb.order:
        body.append(banner(ids.ORDER, t("Order by {by}: {player} must play {card}; without it, draw until it "
                                        "comes ({rule})").format(by=tb.ordered_by, player=tb.turn,
                                                                 card=card_words(tb.order), rule=C.ORDER.rule),
                           tone="strong", controls=[ft.Row([card_face(tb.order, width=56, height=76)]), ft.Row([
            action_button(ids.PLAY_ORDERED, t("Played it"), ft.Icons.CHECK,
                          lambda: done(view.play(tb.order)), primary=True),
            action_button(ids.DRAW_ONE, t("Drew a card"), ft.Icons.DOWNLOAD, lambda: done(view.draw(1))),
        ], spacing=8)]))
    else:
        d = cur()
        k = d.get("kind", "digit")
        body.append(kept(_title, (t("{player}: which colour is named? ({rule})") if k in NAMES_COLOUR
                                  else t("{player} played:")).format(player=tb.turn, rule=C.NAMED_COLOUR.rule),
                         key="play-title"))
        body.append(kept(_keys, kind_rows, "play", k, on_kind, lg=lg, key="play-kinds"))
        if k == "swap":
            body.append(ft.Text(t("Swap hands with ({rule}):").format(rule=C.SWAP.rule), size=16))
            body.append(player_row("swap", players, d.get("with"), lambda v: pick(**{"with": v}), skip=tb.turn))
        elif k == "order":
            ok_ = d.get("okind", "digit")
            body.append(ft.Text(t("The card ordered ({rule}):").format(rule=C.ORDERED_CARD.rule), size=16))
            body.append(kind_rows("order", ok_, lambda v: pick(okind=v)))
            if ok_ not in BLUE:
                body.append(colour_row("order", d.get("ocolour"), lambda v: pick(ocolour=v)))
            if ok_ == "digit":
                body.append(digit_rows("order", d.get("odigit"), lambda v: pick(odigit=v)))
        elif k != "silence":
            body.append(colour_row("play", d.get("colour"), on_colour, kept=kept))
            if k == "digit":
                body.append(kept(_keys, digit_rows, "play", d.get("digit"), on_digit, lg=lg, key="play-digits"))
        body.append(kept(_draw_buttons, tb.drew, lg, on_pass, on_draw_pass, on_draw_one, key="draw-buttons"))
    # on a tablet the counts head their column, so an alert that comes and goes below them
    # never moves them; on a phone the alerts come first, right under the keys
    counts = [counts_row(tb, players, kept)]
    side = (counts + in_force if wide else in_force + counts) + [kept(_out_open, lg, on_out_open, key="out-open")]
    if show_out():
        side.append(ft.Row([tagged(ids.out(i), ft.OutlinedButton(p, height=TOUCH, on_click=lambda e, p=p: (
            set_show_out(False), done(view.player_out(p))))) for i, p in enumerate(players)],
            wrap=True, spacing=6, run_spacing=6))
    return two_columns(body, side, True) if wide else column(st, body + side)


def _title(text: str, *, key: str) -> ft.Control:
    return section_title(text)


def _draw_buttons(drew: bool, lg: str, on_pass, on_draw_pass, on_draw_one, *, key: str) -> ft.Control:
    """Under the keys: «Пас» after a card drawn (``drew``), else a card drawn and «Пас», or drawn and played."""
    if drew:
        return ft.Row([action_button(ids.PASS, t("«Пас»: keeps the card"), ft.Icons.SKIP_NEXT, on_pass,
                                     primary=True)], spacing=8)
    return ft.Row([
        action_button(ids.DRAW_PASS, t("Drew, «Пас»"), ft.Icons.SKIP_NEXT, on_draw_pass, primary=True),
        action_button(ids.DRAW_ONE, t("Drew 1, plays it"), ft.Icons.DOWNLOAD, on_draw_one),
    ], spacing=8)


def _out_open(lg: str, on_out_open, *, key: str) -> ft.Control:
    return tagged(ids.OUT_OPEN, ft.TextButton(t("A player has no cards left…"), icon=ft.Icons.EMOJI_EVENTS_OUTLINED,
                                              height=TOUCH, on_click=on_out_open))


def _keys(make, prefix: str, selected, on_pick, *, lg: str, key: str) -> ft.Control:
    """A row of entry keys (``make``: :func:`kind_rows`, :func:`colour_row`, :func:`digit_rows`) as
    the body keeps it (``lg``: made again in another language)."""
    return make(prefix, selected, on_pick)


def end_of_game(st, s, view, tb: models.Table, done, get_next, set_next, get_dealer, set_dealer) -> list[ft.Control]:
    """The winner (KL-END, KL-END-SWAP), the sitting's tally (RUL-KL-TALLY), the next game with the
    next dealer proposed (RUL-KL-NEXT-DEALER), or the end of the sitting."""
    players = s.players
    winner = tb.winner
    text = (t("{player} wins: the hands were swapped with the last card ({rule})").format(
        player=winner, rule=C.END_SWAP.rule) if tb.by_swap
        else t("{player} wins: no cards left ({rule})").format(player=winner, rule=C.END.rule))
    tally = view.tally()
    body: list[ft.Control] = [
        ft.Container(bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=18, padding=16, content=ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS, size=48, color=ft.Colors.ON_PRIMARY_CONTAINER),
            ft.Container(probe(ids.WINNER, text, size=24, weight=ft.FontWeight.BOLD,
                               color=ft.Colors.ON_PRIMARY_CONTAINER), expand=True)], spacing=12)),
        section_title(t("Wins in this sitting ({rule})").format(rule=C.TALLY.rule)),
        ft.Semantics(identifier=ids.TALLY, container=True, content=ft.Row([
            ft.Container(border_radius=12, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                         bgcolor=ft.Colors.SECONDARY_CONTAINER if tally[p] == max(tally.values()) and tally[p]
                         else ft.Colors.SURFACE_CONTAINER_HIGH,
                         content=probe(ids.tally(i), f"{p}: {tally[p]}", size=19, weight=ft.FontWeight.W_600))
            for i, p in enumerate(players)], wrap=True, spacing=6, run_spacing=6)),
        ft.Text(tn("{n} game played", "{n} games played", len(view.games())).format(n=len(view.games())), size=15,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    body.append(tagged(ids.FINISH, ft.OutlinedButton(t("End the sitting: put it in the history"),
                                                     icon=ft.Icons.DONE_ALL, height=52,
                                                     style=ft.ButtonStyle(text_style=ft.TextStyle(size=17)),
                                                     on_click=lambda: finish())))
    body += [ft.Divider(), section_title(t("Next game"))]
    proposed = view.next_dealer()
    dealer = get_dealer() if get_dealer() in players else proposed
    body.append(ft.Text(t("Dealer (the deal passes clockwise, {rule}):").format(rule=C.NEXT_DEALER.rule), size=16))
    body.append(ft.Row([tagged(ids.dealer("next", i), selected=p == dealer, control=(
        ft.FilledButton if p == dealer else ft.OutlinedButton)(p, height=TOUCH, on_click=lambda e, p=p: set_dealer(p)))
        for i, p in enumerate(players)], wrap=True, spacing=6, run_spacing=6))
    body.append(ft.Text(t("The first card turned up:"), size=16))
    body += first_card_picker("next", get_next, set_next)

    def next_game():
        card, colour = first_card_of(get_next())
        if card is None:
            st.show(lambda: t("Pick the first card turned up ({rule}).").format(rule=C.DEAL.rule), "problem")
            return
        dl = get_dealer() if get_dealer() in players else view.next_dealer()
        if done(view.next_game(card, colour, dl)):
            set_next({})
            set_dealer(None)

    def finish():
        leave(st, s.finish(), lambda: t("The sitting is in the history."), "/stats")

    body += [
        tagged(ids.NEXT_GAME, ft.FilledButton(t("Start the next game"), icon=ft.Icons.PLAY_ARROW, height=60,
                                              style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                              on_click=next_game)),
    ]
    return body
