"""Pieces of the «Королевское наказание» screens: the header with the variant, the live strip of
a deal, the breakdown of a closed deal, the score table. Presentation only: every number comes
from the game's view."""
from __future__ import annotations

import flet as ft

from engine.royal_mastheads.rules import C

from ...base.i18n import N_, lang, t, tn
from ...ui import probe, use_latest
from ...widgets.game import GameMenu, UndoRedo, bar_button, game_bar
from ...widgets.look import PLAYER_COLORS
from ...widgets.score import ScoreGrid
from .. import ids
from ..models import Live
from ..view import DEALS, card_text, plain, suit_text
from .picker import SIGNS, glyphs, txt

MUTED = ft.Colors.ON_SURFACE_VARIANT


def use_keyed(key, initial):
    """(get, set) of a draft that starts afresh when ``key`` changes (a new deal, here or on
    another phone)."""
    get_box, set_box = use_latest((key, initial))

    def get():
        k, v = get_box()
        return v if k == key else initial

    return get, lambda v: set_box((key, v))


def color(i: int):
    return PLAYER_COLORS[i % len(PLAYER_COLORS)]


def header(view, kept=None) -> ft.Control:
    """«Игра 3 из 10 · сдаёт Боря» and the rules in force (RUL-RM-VARIANT). ``kept``: the drawing
    part's :func:`~companion.ui.use_kept` (handed back as it was while its words are the same)."""
    n = view.deal_number()
    title = (t("Deal {n} of {total}").format(n=n, total=DEALS) if n <= DEALS
             else t("Extra deal {n}").format(n=n))
    if view.phase() not in ("tie", "over"):
        title += " · " + t("{player} deals").format(player=view.dealer())
    else:
        title = t("The set after {n} deals").format(n=view.deals_closed())
    variant = t("Rules: {variant}").format(variant=view.variant_text())
    return kept(_header, title, variant, key="header") if kept is not None else _header(title, variant)


def _header(title: str, variant: str, *, key: str | None = None) -> ft.Control:
    # the kept parts of the table carry keys: a line that comes or goes never takes their place
    return ft.Column([
        probe(ids.DEAL_TITLE, title, size=22, weight=ft.FontWeight.BOLD),
        probe(ids.VARIANT, variant, size=14, color=MUTED),
    ], spacing=0, tight=True, key="rm-header")


def turned_line(view, lv: Live, kept=None) -> ft.Control:
    """The turned card and what it names (RM-DEAL-2; the mastheads in the original rules).
    ``kept``: as :func:`header`'s."""
    lg = lang()
    text = t("Turned: {card} · trump {suit}").format(card=card_text(lv.turned, lg), suit=suit_text(lv.trump, lg))
    if lv.masthead is not None:
        text += " · " + t("mastheads: the {rank}s").format(rank=card_text(lv.turned, lg)[:-1])
    return kept(_turned, glyphs(text), key="turned") if kept is not None else _turned(glyphs(text))


def _turned(text: str, *, key: str | None = None) -> ft.Control:
    return probe(ids.TURNED, text, style=SIGNS, size=16, weight=ft.FontWeight.W_600)


def live_strip(view, lv: Live, *, narrow: bool, kept=None) -> ft.Control:
    """Per player: tricks, running card points (RUL-RM-ORDER), the bank so far (RM-BANK).
    ``kept``: the screen's :func:`~companion.ui.use_kept`: a player's box that did not change
    is handed back as it was (issue 52: a card changes two boxes, the turn's)."""
    boxes = []
    lg = lang()
    for i, p in enumerate(view.players):
        inner = (i, p, lv.bank_holder == p, lv.tricks[p], lv.points[p], lg)
        if kept is not None:  # a turn that moves on changes the box's frame, not what it says
            boxes.append(kept(_live_box, i, lv.to_play == p, kept(_live_inside, *inner, key=f"live-inside-{i}"),
                              key=f"live-{i}"))
        else:
            boxes.append(_live_box(i, lv.to_play == p, _live_inside(*inner)))
    note = (t("The bank goes to the most tricks ({rule})").format(rule=C.BANK.rule)
            if lv.bank_holder is None and not lv.bank_tie
            else t("Most tricks shared: nobody takes the bank so far ({rule})").format(rule=C.BANK_TIE.rule)
            if lv.bank_tie else t("Bank so far: {player} ({rule})").format(player=lv.bank_holder, rule=C.BANK.rule))
    return ft.Column([ft.Row(boxes, spacing=4), kept(_note, note, key="live-note") if kept is not None else _note(note)],
                     spacing=2, tight=True, key="rm-live")


def _note(text: str, *, key: str | None = None) -> ft.Control:
    return ft.Text(text, size=13, color=MUTED)


def _live_box(i: int, turn: bool, inside: ft.Control, key: str | None = None) -> ft.Control:
    """A player's box of :func:`live_strip`: ``inside`` (:func:`_live_inside`) in a frame that
    marks the player to play (``turn``)."""
    return ft.Container(
        expand=True, border_radius=12, padding=ft.Padding.symmetric(horizontal=4, vertical=4),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if turn else ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(3 if turn else 1, color(i) if turn else ft.Colors.OUTLINE_VARIANT),
        content=inside)


def _live_inside(i: int, p: str, bank: bool, tricks: int, pts: int, lg: str, key: str | None = None) -> ft.Control:
    """What a player's box says: the name, the tricks, the bank held, the card points."""
    label = f"{p}: " + tn("{n} trick", "{n} tricks", tricks).format(n=tricks) + ", " + tn(
        "{n} point", "{n} points", pts).format(n=pts) + (" · " + t("holds the bank") if bank else "")
    return ft.Semantics(identifier=ids.live(i), label=label, container=True, content=ft.Column([
        ft.Text(p, size=15, weight=ft.FontWeight.W_600, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Row([ft.Text(f"{tricks}", size=20, weight=ft.FontWeight.BOLD),
                ft.Text(t("tr."), size=12, color=MUTED),
                *([ft.Icon(ft.Icons.SAVINGS, size=18, color=ft.Colors.TERTIARY)] if bank else [])],
               spacing=3, tight=True, alignment=ft.MainAxisAlignment.CENTER),
        ft.Text(tn("{n} point", "{n} points", pts).format(n=pts), size=14),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))


# The bonus rows by their names, as the rulebook words them (RM-BONUS); in the original rules
# RM-BONUS-3T / 4T are for mastheads (RUL-RM-VARIANT, N-RM-BONUS-MAST).
BONUS_NAMES = {
    C.BONUS_3T.rule: N_("Three trumps"),
    C.BONUS_4T.rule: N_("Four trumps"),
    C.BONUS_9.rule: N_("9 tricks"),
    C.BONUS_10.rule: N_("10 tricks"),
    C.BONUS_11.rule: N_("All 11 tricks"),
    C.BONUS_FACE.rule: N_("7–11 face cards"),
    C.BONUS_FACE_ALL.rule: N_("All the face cards"),
    C.BONUS_TRUMP_ALL.rule: N_("All the trumps"),
}
MASTHEAD_BONUS_NAMES = {C.BONUS_3T.rule: N_("Three mastheads"), C.BONUS_4T.rule: N_("Four mastheads")}


def bonus_text(rule: str, points: int, mastheads: bool = False) -> str:
    """«Три козыря: +25 (RM-BONUS-3T)»: a bonus row by its name, its rule ID after it."""
    name = (MASTHEAD_BONUS_NAMES.get(rule) if mastheads else None) or BONUS_NAMES.get(rule)
    return t("{name}: +{n} ({rule})").format(name=t(name) if name else rule, n=points, rule=rule)


def breakdown(view, number: int | None = None) -> ft.Control:
    """A closed deal: per player the tricks, the card points by rule (RM-POINTS-…), each bonus
    row that applies (RM-BONUS-…) and the deal total; who took the bank (RM-BANK)."""
    r = view.deal_result(number)
    if r is None:
        return ft.Container()
    lg = lang()
    cards = []
    for i, row in enumerate(r.rows):
        lines = [
            t("Tricks: {tricks} · cards: {cards}").format(tricks=row.tricks, cards=row.cards),
            t("2–10: {n} ({rule})").format(n=row.num, rule=C.POINTS_NUM.rule),
            t("J, Q, K: {n} ({rule})").format(n=row.face, rule=C.POINTS_FACE.rule),
            t("Aces: {n} ({rule})").format(n=row.ace, rule=C.POINTS_ACE.rule),
        ]
        if row.doubled:
            lines.append((t("Mastheads doubled: +{n} ({rule})") if r.masthead is not None
                          else t("Trumps doubled: +{n} ({rule})")).format(n=row.doubled, rule=C.POINTS_TRUMP.rule))
        lines.append(t("Card points: {n}").format(n=row.card_points))
        cards.append(ft.Container(
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12, padding=10,
            col={"xs": 6, "md": 3},
            content=ft.Column([
                ft.Row([ft.Container(width=10, height=22, bgcolor=color(i), border_radius=5),
                        ft.Text(row.player, size=17, weight=ft.FontWeight.W_600, expand=True, max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS)], spacing=6),
                *[ft.Text(x, size=13) for x in lines],
                *[probe(ids.bonus(i, b.rule), bonus_text(b.rule, b.points, r.masthead is not None), size=14,
                        weight=ft.FontWeight.W_600) for b in row.bonuses],
                probe(ids.deal_total(i), t("Deal: {n}").format(n=row.total), size=19, weight=ft.FontWeight.BOLD),
            ], spacing=1, tight=True)))
    holder = (t("The bank's 8 cards went to {player} ({rule}, {rule2}).").format(
        player=r.holder, rule=C.BANK.rule, rule2=C.BANK_CARDS.rule) if r.holder
        else t("Most tricks were shared: nobody took the bank ({rule}).").format(rule=C.BANK_TIE.rule))
    title = t("Deal {n}: turned {card}").format(n=r.number, card=card_text(r.turned, lg))
    return ft.Semantics(identifier=ids.BREAKDOWN, container=True, content=ft.Column([
        txt(title, size=18, weight=ft.FontWeight.W_600),
        ft.ResponsiveRow(cards, spacing=6, run_spacing=6),
        ft.Text(holder, size=14, color=MUTED),
    ], spacing=6, tight=True))


def score_table(view, narrow: bool) -> ft.Control:
    """Deals as rows, players as columns, the totals; the highest total is marked (RM-SET)."""
    players = view.players
    rows_pts = view.points_by_deal()
    totals = view.totals()
    top = max(totals.values()) if rows_pts and totals else None
    g = ScoreGrid(40 if narrow else 80, pad_v=4)
    body = [g.row(ft.Text(str(n), size=16, color=MUTED), [g.cell(ft.Text(str(pts[p]), size=17)) for p in players])
            for n, pts in enumerate(rows_pts, 1)]
    rows = g.rows(g.head(ft.Text("#", size=13, color=MUTED), players, 14 if narrow else 17, name_lines=1), body,
                  [(probe(ids.total(i), str(totals.get(p, 0)), size=21, weight=ft.FontWeight.BOLD),
                    top is not None and totals[p] == top) for i, p in enumerate(players)])
    return ft.Container(border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, padding=8,
                        content=ft.Column(rows, spacing=2))


def app_bar_actions(s, st) -> list[ft.Control]:
    return game_bar(s, st, ids.UNDO, ids.REDO, ids.HISTORY, "/royal-mastheads/history", shown=shown)


def shown(text: str) -> str:
    """A text of the game as the message bar shows it (suit signs as words)."""
    return plain(text, lang())


def frame_actions() -> list[ft.Control]:
    """:func:`app_bar_actions` for a frame that does not follow every entry: undo and redo are a
    part of their own (redrawn only when whether each can be used changes; issue 52)."""
    return [UndoRedo(ids.UNDO, ids.REDO, menu=False, shown=shown, key="rm-undo-redo"),
            bar_button(ids.HISTORY, ft.Icons.HISTORY, t("History"), "/royal-mastheads/history"),
            GameMenu(key="game-menu")]
