"""The table: the main game screen while a round is played.

Renders the session and sends the table's entries to it; every rule decision (whose turn,
which bonuses may be used, which cards can still turn up, reward options, who names the next
leader) comes from the session's queries. A refusal shows the engine's text with its rule ID.
"""
from __future__ import annotations

import logging
from typing import Optional

import flet as ft

from engine.kozyrnye_kity import parse_card
from engine.kozyrnye_kity.game import Phase
from engine.kozyrnye_kity.rules import C

from ...base import ids
from ...base.i18n import lang, t, tn
from ...ui import (
    GAP, MAIN, PAD, PHONE_PAD, SAME, SIDE, TOUCH, WIDE, frame, probe, safe_render, safe_screen, tagged,
    this_session, two_columns, use_app, use_kept, use_latest, use_select, use_session,
)
from ..widgets.card_picker import CardPicker
from ..widgets.fact_dialog import FactQuestionHost
from ...widgets.awake import use_keep_awake
from ...widgets.game import UndoRedo, bar_button, game_route, go, use_haptics, use_stable
from ..widgets.words import bonus_text, token_meaning
from ..widgets.look import PLAYER_COLORS, card_chip, card_color, card_label, fam_label, family_color
from ...widgets.notices import show_refusal

log = logging.getLogger("kity")
ROUTE = "/game"


HISTORY_LINK = "table-history"  # the app bar's link to the game history
TRUMP_PAD = 12  # the trump tile's side padding
TRUMP_TILE = "table-trump-tile"
# The widest word of a family name, in ems of bold Roboto (the app's font): «кашалот» 4.33,
# "narwhal" 3.78, «косатка» 3.98 (measured from the font's advance widths, +7 % for bold).
WIDEST_WORD_EM = 4.4

# What lies above the picker keeps its height from one entry to the next, so a card or a tab
# is where the thumb left it (a tap aimed at «7» must not land on the row that slid under it):
CHIP_H = 44  # a card of the trick; an empty trick keeps its line(s)
COMPACT_H = 52  # a card of the trick on a phone: the family's name over the value and the player
CHIP_W = 170  # the room a trick's card takes at most, «синий кит 9» and a name: how many share a line
BONUS_SLOT = (60, 84)  # the usable bonuses of the player to act, tablet / phone: 6 + a 48 px button + 6, and on a
# phone its words' line and 4 px above the buttons


def trump_name_size(width: float, wide: bool) -> int:
    """The trump family name's size on the table: 60 on a tablet; on a phone the largest size
    (at most 48) at which the widest word of any family name fits the trump tile — the tile is
    3/5 of the row (page padding 2×12, gap 10) less its padding. 412 px wide: 46."""
    if wide:
        return 60
    tile = (width - 2 * 12 - 10) * 3 / 5 - 2 * TRUMP_PAD
    return max(24, min(48, int(tile / WIDEST_WORD_EM)))


def game_actions(buzz, undo_id: str = ids.TABLE_UNDO, redo_id: str = ids.TABLE_REDO,
                 history_id: Optional[str] = None) -> list[ft.Control]:
    """Undo / redo in the app bar: always visible on the game screens (and, when
    ``history_id`` is given, a link to the game history, where past entries are corrected).
    They are a part of their own (:func:`UndoRedo`): an entry redraws them only when it
    changes whether each can be used."""

    history = [bar_button(history_id, ft.Icons.HISTORY, t("Game history"), f"{ROUTE}/history", 28)] if history_id else []
    def back_to_the_game():
        buzz()
        go(game_route(this_session()))

    return history + [UndoRedo(undo_id, redo_id, back_to_the_game, 28, key=f"{undo_id}-bar")]


KIND = "kozyrnye-kity"


def per_change(fn):
    """``fn(s)`` computed once for each change of the session (its ``version``) and language:
    the parts of the table that select the same values share them (each part's selection runs
    at every change, issue 52)."""
    last: list = [None, None]

    def once(s):
        if s is None:
            return fn(s)
        k = (id(s), s.version, lang())
        if last[0] != k:
            last[0], last[1] = k, fn(s)
        return last[1]
    return once


@per_change
def _playing(s) -> bool:
    """A round of the whale game is on the table: what the table's parts select from."""
    return s is not None and s.active and s.kind == KIND and s.game.in_round()


@per_change
def _to_play(s) -> bool:
    """A card is asked for (the picker, its label and the bonuses of the player to act show)."""
    return _playing(s) and s.game.phase() is Phase.PLAY


@per_change
def _standings(s) -> tuple:
    """What every player's panel reads: (bonuses in front, totals with this round, this round's
    points, pearls, the player to act)."""
    g = s.game
    return g.bonuses_in_front(), g.running_totals(), g.round_points(), g.piles(), g.to_act()


# The parts of the table are memoized components whose props are plain values (strings,
# numbers, tuples; handlers of stable identity) and which follow the session themselves: each
# selects what it shows (``use_select``) and is drawn again only when that changed. So on a tap
# only the parts whose values changed are rebuilt, diffed and sent (the turn, the trick, the
# picker's label, the bonuses of the player to act, one key of the picker), not the whole body
# (issue 52). A part of the round answers SAME once no round is on the table: the body takes it
# away. ``lg`` (the language) is a prop wherever a part renders texts itself.
@ft.memo
@ft.component
@safe_render
def Trump(wide: bool, lg: str, name_size: int = 60):
    """The trump and the token of the round (:func:`TrumpPanel`), as the round has them."""
    fam, tok = use_select(lambda s: s.game.trump() if _playing(s) else SAME)
    return TrumpPanel(fam, tok, wide, lg, name_size)


def TrumpPanel(fam: str, tok: int, wide: bool, lg: str, name_size: int = 60):
    """Trump family and token side, large enough to read across the table (about 1 m).
    ``name_size``: the family name's size, from :func:`trump_name_size` — every word of every
    family name fits the tile on one line; a two-word name («синий кит», "sperm whale") takes
    two lines on a phone, and the tile is tall enough for both. On a tablet the token's meaning
    stands beside its side, and the tiles are lower: the whole picker, «5» too, fits the screen."""
    big = 60 if wide else 48
    box_h = 116 if wide else 152
    color = family_color(fam)
    trump = ft.Container(
        expand=True, height=box_h, bgcolor=color, border_radius=20, padding=ft.Padding.symmetric(horizontal=TRUMP_PAD, vertical=10),
        content=ft.Column([
            ft.Text(t("Trump"), size=16, color=ft.Colors.WHITE),
            # lines 1.05 em apart (the font's own spacing is ~1.4 em): two lines fit the tile
            probe(ids.TABLE_TRUMP, fam_label(fam), color=ft.Colors.WHITE, max_lines=1 if wide else 2,
                  overflow=ft.TextOverflow.ELLIPSIS,
                  style=ft.TextStyle(size=name_size, weight=ft.FontWeight.BOLD, height=1.05)),
        ], spacing=0, tight=True),
    )
    meaning = ft.Text(token_meaning(tok), size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY)
    token = ft.Container(
        expand=2, height=box_h, border_radius=20, padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        bgcolor=ft.Colors.TERTIARY,
        content=ft.Column([
            ft.Text(t("Token"), size=16, color=ft.Colors.ON_TERTIARY),
            ft.Row([
                probe(ids.TABLE_TOKEN, str(tok), size=big, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY),
                ft.Icon(ft.Icons.ARROW_UPWARD if tok == 9 else ft.Icons.ARROW_DOWNWARD, size=36 if wide else 30,
                        color=ft.Colors.ON_TERTIARY),
                *([ft.Container(width=8), meaning] if wide else []),
            ], spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            *([] if wide else [meaning]),
        ], spacing=0, tight=True),
    )
    # the tile has an identifier of its own: a browser test measures that the name stays inside it
    trump = ft.Semantics(identifier=TRUMP_TILE, container=True, expand=3, content=trump)
    return ft.Row([trump, token], spacing=10, vertical_alignment=ft.CrossAxisAlignment.START)


def whereabouts_text(w: tuple) -> str:
    """Why a card cannot be entered, for the picker: a first bonus was never played."""
    kind, player, trick = w
    if kind == "first-bonus":
        return t("first bonus of {player}").format(player=player)
    return t("played by {player} in trick {trick}").format(player=player, trick=trick)


def turn_text(s, ph) -> tuple[str, str]:
    """(text, icon) of the turn banner."""
    if ph is Phase.PLAY:
        return t("Turn: {player}").format(player=s.game.to_act()), ft.Icons.PAN_TOOL_ALT_OUTLINED
    if ph is Phase.REWARD:
        return t("{player} takes the trick").format(player=s.game.trick_winner()), ft.Icons.EMOJI_EVENTS_OUTLINED
    if ph is Phase.NEXT_LEADER:
        return (t("{player} names the next leader").format(player=s.game.leader_chooser()),
                ft.Icons.RECORD_VOICE_OVER_OUTLINED)
    return t("The round is over"), ft.Icons.FLAG_OUTLINED


def turn_now(s, me: Optional[str], lg: str) -> tuple:
    """What the turn banner and the trick show, selected together (one drawing, one message: the
    turn and the trick never show apart, issue 52): (text, icon, mine, title, plays, lines)."""
    text, icon = turn_text(s, s.game.phase())
    return (text, icon, me is not None and me == s.game.to_act(), *trick_now(s, lg))


@ft.memo
@ft.component
@safe_render
def TurnAndTrick(wide: bool, lg: str, me: Optional[str], rows: int, compact: int, gap: int):
    """The turn banner (:func:`TurnBanner`) and the trick (:func:`TrickView`), one under the
    other (``gap``: the body's spacing), following the session together."""
    text, icon, mine, title, plays, lines = use_select(lambda s: turn_now(s, me, lg) if _playing(s) else SAME)
    kept = use_kept()
    return ft.Column([kept(TurnBanner, text, icon, wide, mine, me is not None, key="banner"),
                      TrickView(kept, title, plays, lines, lg, rows, compact)],
                     spacing=gap, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def TurnBanner(text: str, icon, wide: bool, mine: bool = False, seated: bool = False, *, key: str = "") -> ft.Control:
    """Whose turn it is; on the phone of the player to act (table mode, «это я») also «Ваш ход».
    A device with a seat (``seated``) keeps that line's room on the others' turns."""
    bg, fg = ((ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER) if mine
              else (ft.Colors.PRIMARY_CONTAINER, ft.Colors.ON_PRIMARY_CONTAINER))
    lines = [probe(ids.TABLE_TURN, text, size=30 if wide else 24, weight=ft.FontWeight.BOLD, color=fg)]
    if mine:
        lines.insert(0, probe(ids.TURN_MINE, t("Your turn"), size=20, weight=ft.FontWeight.W_600, color=fg))
    elif seated:
        lines.insert(0, ft.Text("", size=20, weight=ft.FontWeight.W_600))
    return ft.Container(
        bgcolor=bg, border_radius=16, padding=ft.Padding.symmetric(horizontal=16, vertical=10),
        content=ft.Row([
            ft.Icon(icon, size=34 if wide else 28, color=fg),
            ft.Column(lines, spacing=0, expand=True),
        ], spacing=12),
    )


def trick_now(s, lg: str) -> tuple:
    """(title, plays, lines) of the trick being played: «Раунд 1 · взятка 2», its (card id,
    player) in order, the bonus uses."""
    return (t("Round {round} · trick {trick}").format(round=s.game.round_number(), trick=s.game.trick_number()),
            s.game.current_plays(), s.game.trick_events(lg))


def TrickView(kept, title: str, plays: tuple, lines: tuple, lg: str, rows: int = 1, compact: int = 0) -> ft.Control:
    """The current trick: ``plays`` are (card id, player) in order, ``lines`` the bonus uses;
    the cards keep the room of ``rows`` lines of them, however many are down. What did not
    change is handed back as it was (``kept``: the drawing part's :func:`~companion.ui.use_kept`):
    a card entered makes one chip, not all. ``compact`` (a phone): the number of players; one
    line of that many equal chips, the family's name over the value and the player, so the
    line above the picker holds a whole trick (issue 43)."""
    chip = _compact_chip if compact else _trick_chip
    chips = [kept(chip, cid, who, lg, key=f"chip-{cid}") for cid, who in plays]
    if compact and chips:
        chips += [kept(_room, key=f"room-{k}") for k in range(len(chips), compact)]
    summary = ", ".join(f"{who}: {card_label(cid)}" for cid, who in plays) or t("no cards yet")
    return ft.Column([
        kept(_round_title, title, key="title"),
        ft.Row([kept(_height, COMPACT_H if compact else rows * CHIP_H + (rows - 1) * 8, key="height"), ft.Semantics(
            identifier=ids.TABLE_TRICK, label=summary, container=True, exclude_semantics=True, expand=True,
            content=ft.Row(chips or [kept(_no_card, lg, key="no-card")],
                           wrap=not compact, spacing=6 if compact else 8, run_spacing=8))],
               spacing=0, vertical_alignment=ft.CrossAxisAlignment.START),  # at_least(): the trick keeps its room
        *[kept(_event_line, txt, key=f"line-{k}") for k, txt in enumerate(lines)],
    ], spacing=6)


def _round_title(title: str, *, key: str) -> ft.Control:
    return probe(ids.TABLE_ROUND, title, size=16, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SURFACE_VARIANT)


def _height(height: float, *, key: str) -> ft.Control:
    return ft.Container(width=0, height=height)


def _room(*, key: str) -> ft.Control:
    """An empty share of the trick's line (a card still to come)."""
    return ft.Container(expand=1)


def _no_card(lg: str, *, key: str) -> ft.Control:
    return ft.Text(t("No card in this trick yet."), size=17, color=ft.Colors.ON_SURFACE_VARIANT)


def _event_line(text: str, *, key: str) -> ft.Control:
    return ft.Text(text, size=15, color=ft.Colors.ON_SURFACE_VARIANT)


def _trick_chip(cid: str, who: str, lg: str, *, key: str) -> ft.Control:
    """A card of the trick and who played it, in the language ``lg`` (``key``: where
    :func:`TrickView` keeps it; the chip itself has none, as before)."""
    return card_chip(cid, size=17, caption=who, height=CHIP_H)


def _compact_chip(cid: str, who: str, lg: str, *, key: str) -> ft.Control:
    """A card of the trick on a phone: an equal share of the line, the family's name small above its
    value and who played it (a 5: «5» alone); screen readers hear «нарвал 1 (Аня)»."""
    c = parse_card(cid)
    white = ft.Colors.WHITE
    return ft.Container(
        expand=1, height=COMPACT_H, bgcolor=card_color(cid), border_radius=10,
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
        content=ft.Semantics(label=f"{card_label(cid)} ({who})", exclude_semantics=True, container=True,
                             content=ft.Column([
            ft.Text(fam_label(c.family) if c.family is not None else "", size=12, color=white, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Row([ft.Text(str(c.value), size=22, weight=ft.FontWeight.BOLD, color=white),
                    ft.Text(who, size=12, italic=True, color=white, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                            expand=True)], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ], spacing=0, tight=True)))


def player_now(s, seat: int, wide: bool) -> tuple:
    """What a player's panel shows: (name, to act (a tablet marks them), bonuses in front as
    (card id, label, usable now), total with this round's points, this round's points,
    pearls, the target)."""
    p = s.players[seat]
    front, totals, rnd, piles, to_act = _standings(s)
    # On a phone the panels are the standings, below the picker: whose turn it is and the
    # bonuses that may be used now are said once, above it (the turn banner, TurnBonuses),
    # so a card entered does not redraw them (in table mode, on every phone; issue 18).
    usable = s.game.usable_bonuses(p) if wide else ()
    bonuses = tuple((cid, f"{card_label(cid)} · {bonus_text(s, cid)}", cid in usable) for cid in front.get(p, ()))
    return p, wide and p == to_act, bonuses, totals.get(p, 0), rnd.get(p, 0), piles.get(p, 0), s.game.target


@ft.memo
@ft.component
@safe_render
def Player(seat: int, wide: bool, on_bonus, lg: str, mine: bool = False):
    """A player's panel (:func:`PlayerPanel`) as the round has it (:func:`player_now`)."""
    name, to_act, bonuses, total, rnd, pile, target = use_select(
        lambda s: player_now(s, seat, wide) if _playing(s) and seat < len(s.players) else SAME)
    return PlayerPanel(seat, name, to_act, bonuses, total, rnd, pile, target, on_bonus, lg, mine)


@ft.memo
@ft.component
@safe_render
def PlayerPanel(seat: int, name: str, to_act: bool, bonuses: tuple, total: int, rnd: int, pile: int, target: int,
                on_bonus, lg: str, mine: bool = False):
    """One player: name, total (with this round's points counted in), pearls and points of
    this round, progress to the target, the
    bonuses in front (``bonuses``: (card id, label, usable now)). On a tablet the frame marks
    the player to act (``to_act``) and their usable bonuses stand out; on a phone the table says
    both above the picker, and every bonus chip looks alike (a tap still uses it, or says why
    not). ``mine``: this device's seat («это я», table mode), tinted and marked «вы». Its parts
    are memoized on their own (a change of turn redraws only the frame)."""
    color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
    return ft.Container(
        border=ft.Border.all(3 if to_act else 1, color if to_act else ft.Colors.OUTLINE_VARIANT),
        border_radius=16, padding=12,
        bgcolor=ft.Colors.TERTIARY_CONTAINER if mine else ft.Colors.SURFACE_CONTAINER_LOW,
        content=ft.Column([
            *([probe(ids.player_mine(seat), t("you"), size=15, weight=ft.FontWeight.W_600,
                     color=ft.Colors.ON_TERTIARY_CONTAINER)] if mine else []),
            _PlayerHead(seat, name, total, lg, key="head"),
            _PlayerRound(seat, pile, rnd, lg, key="round"),
            _PlayerProgress(seat, total, target, lg, key="progress"),
            _PlayerBonuses(seat, bonuses, on_bonus, lg, key="bonuses"),
        ], spacing=8),
    )


@ft.memo
@ft.component
@safe_render
def _PlayerHead(seat: int, name: str, total: int, lg: str):
    return ft.Row([
        ft.Container(width=14, height=14, bgcolor=PLAYER_COLORS[seat % len(PLAYER_COLORS)], border_radius=7),
        ft.Text(name, size=22, weight=ft.FontWeight.BOLD, expand=True, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS),
        # «Итого» with this round counted in, as the history's «Итого у игрока …» says it
        probe(ids.player_total(seat), t("Total: {points}").format(points=tn("{n} point", "{n} points", total)), size=20,
              weight=ft.FontWeight.W_600),
    ], spacing=8)


@ft.memo
@ft.component
@safe_render
def _PlayerRound(seat: int, pile: int, rnd: int, lg: str):
    return ft.Row([
        ft.Icon(ft.Icons.CIRCLE, size=14, color=ft.Colors.TERTIARY),
        probe(ids.player_pile(seat), tn("{n} pearl", "{n} pearls", pile), size=16),
        ft.Text("·", size=16),
        probe(ids.player_round(seat), t("this round: {points}").format(
            points=tn("{n} point", "{n} points", rnd)), size=20, weight=ft.FontWeight.W_600),
    ], spacing=6, wrap=True)


@ft.memo
@ft.component
@safe_render
def _PlayerProgress(seat: int, now: int, target: int, lg: str):
    return ft.ProgressBar(value=min(1.0, now / target) if target else 0, bar_height=8, border_radius=4,
                          color=PLAYER_COLORS[seat % len(PLAYER_COLORS)],
                          semantics_label=t("{now} of {target}").format(now=now, target=target))


@ft.memo
@ft.component
@safe_render
def _PlayerBonuses(seat: int, bonuses: tuple, on_bonus, lg: str):
    chips: list[ft.Control] = []
    for cid, label, usable in bonuses:
        if usable:
            chips.append(tagged(ids.player_bonus(seat, cid), ft.FilledTonalButton(
                label, icon=ft.Icons.BOLT, height=TOUCH,
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=16), shape=ft.RoundedRectangleBorder(radius=12)),
                on_click=lambda e, c=cid: on_bonus(seat, c))))
        else:  # not usable now: a tap says why (the rules engine's refusal, with the rule ID)
            chips.append(tagged(ids.player_bonus(seat, cid), ft.OutlinedButton(
                label, height=TOUCH,
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=15), color=ft.Colors.ON_SURFACE_VARIANT,
                                     shape=ft.RoundedRectangleBorder(radius=12),
                                     side=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
                on_click=lambda e, c=cid: on_bonus(seat, c))))
    return ft.Semantics(identifier=ids.player_bonuses(seat), container=True, content=ft.Row(
        chips or [ft.Text(t("no bonuses in front"), size=15, color=ft.Colors.ON_SURFACE_VARIANT)],
        wrap=True, spacing=6, run_spacing=6))


@ft.memo
@ft.component
@safe_render
def RevokeNote(lg: str):
    """A revoke just proved (RUL-REVOKE), with both tricks; the app does not penalise: the
    table decides."""
    texts = use_select(lambda s: tuple(v.text for v in s.game.new_revoke_notes(lg)) if _playing(s) else SAME)
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=14, padding=12,
        content=ft.Column([
            ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER),
                    ft.Text(t("A revoke, just proved"), size=18, weight=ft.FontWeight.W_600,
                            color=ft.Colors.ON_TERTIARY_CONTAINER)], spacing=8),
            *[probe(ids.TABLE_REVOKE, text, size=16, color=ft.Colors.ON_TERTIARY_CONTAINER) for text in texts],
            ft.Text(t("The table decides what follows; the game goes on."), size=15,
                    color=ft.Colors.ON_TERTIARY_CONTAINER),
        ], spacing=6, tight=True))


def turn_bonuses(s) -> tuple:
    """(seat, name, usable bonuses as (card id, label)) of the player to act."""
    who = s.game.to_act()
    return s.players.index(who), who, tuple((cid, card_label(cid)) for cid in s.game.usable_bonuses(who))


@ft.memo
@ft.component
@safe_render
def TurnEntry(on_bonus, wide: bool, lg: str, gap: int):
    """Over the picker, following the session together: «Карта игрока …:» (whose card it takes)
    and the usable bonuses of the player to act (:func:`TurnBonuses`); ``gap``: the body's spacing."""
    seat, player, bonuses = use_select(lambda s: turn_bonuses(s) if _to_play(s) else SAME)
    kept = use_kept()
    return ft.Column([
        kept(_pick_label, player, lg, key="label"),
        kept(TurnBonuses, seat, player, bonuses, on_bonus, wide, lg, key="bonuses"),
    ], spacing=gap, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _pick_label(player: str, lg: str, *, key: str) -> ft.Control:
    return ft.Text(t("Card played by {player}:").format(player=player), size=18, weight=ft.FontWeight.W_600)


@per_change
def table_cards(s):
    """What the table's picker shows (its blocks follow the session, :func:`CardPicker`): the
    cards that may still turn up, and why each other one may not (a tap on it says so)."""
    if not _to_play(s):
        return SAME
    return s.game.unseen_cards(), tuple((cid, whereabouts_text(w)) for cid, w in s.game.card_whereabouts().items())


def TurnBonuses(seat: int, player: str, bonuses: tuple, on_bonus, wide: bool, lg: str, *, key: str = "") -> ft.Control:
    """The usable bonuses of the player to act, by the picker: use one before the card
    (R-TRICK-3: on their own turn, before playing their card). Its words and its buttons
    share a line on a tablet and take two on a phone, so the box has one height whoever is to
    act (its words on one line; on a phone the buttons go under them); a player with none gets
    a quiet line of that height (the picker below stays put)."""
    pad, slot = ft.Padding.symmetric(horizontal=10, vertical=6), BONUS_SLOT[0 if wide else 1]
    if not bonuses:
        return ft.Container(height=slot, padding=pad, content=ft.Text(
            t("{player}: no bonus to use now.").format(player=player), size=15, color=ft.Colors.ON_SURFACE_VARIANT))
    words = ft.Text(t("{player} may use a bonus first:").format(player=player), size=15,
                    color=ft.Colors.ON_SECONDARY_CONTAINER, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
    buttons = [tagged(ids.turn_bonus(cid), ft.FilledButton(
        label, icon=ft.Icons.BOLT, height=TOUCH,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=16), shape=ft.RoundedRectangleBorder(radius=12),
                             padding=ft.Padding.symmetric(horizontal=10)),
        on_click=lambda e, c=cid: on_bonus(seat, c))) for cid, label in bonuses]
    one_line = len(bonuses) <= (3 if wide else 2)  # buttons of ~150 px: they share one line
    return ft.Container(bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=14, padding=pad,
                        height=slot if one_line else None,
                        content=ft.Row([words, *buttons], wrap=True, spacing=6, run_spacing=4,
                                       vertical_alignment=ft.CrossAxisAlignment.CENTER))


@ft.component
@safe_render
def FamilyAsk(card_id: str, families: tuple, on_family, on_cancel, lg: str):
    """A change-trump bonus showing several families: which one becomes trump (R-BONUS-TRUMP)."""
    return ft.Container(
        border=ft.Border.all(2, ft.Colors.PRIMARY), border_radius=16, padding=12,
        content=ft.Column([
            ft.Text(t("{card}: which family becomes trump?").format(card=card_label(card_id)), size=18,
                    weight=ft.FontWeight.W_600),
            ft.Row([tagged(ids.bonus_family(f), ft.FilledButton(
                fam_label(f), height=TOUCH + 4,
                style=ft.ButtonStyle(bgcolor=family_color(f), color=ft.Colors.WHITE,
                                     text_style=ft.TextStyle(size=18)),
                on_click=lambda e, f=f: on_family(f))) for f in families]
                   + [ft.TextButton(t("Cancel"), height=TOUCH, on_click=lambda: on_cancel())],
                   wrap=True, spacing=8, run_spacing=8),
        ], spacing=8))


@ft.memo
@ft.component
@safe_render
def ResultPanel(on_done):
    """The trick result: winner and why; the reward choice; then the next-leader choice."""
    s = use_session()
    _ = s.version
    ph = s.game.phase()
    lg = lang()
    if ph is Phase.REWARD:
        winner = s.game.trick_winner()
        why = s.game.explanation(lg)
        options = []
        offered: set[str] = set()
        for cid, who, pearls in s.game.reward_options():  # each 5 too, with whose it is (R-REWARD-1)
            worth = tn("{n} pearl", "{n} pearls", pearls) if pearls is not None else t("pearls: ask")
            ident = ids.reward_option(cid) if cid not in offered else f"{ids.reward_option(cid)}-{s.players.index(who)}"
            offered.add(cid)
            options.append(tagged(ident, ft.OutlinedButton(
                content=ft.Row([card_chip(cid, size=16), ft.Text(f"{who} · {worth}", size=16, expand=True)],
                               spacing=10),
                height=TOUCH + 16, style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14),
                                                        padding=ft.Padding.symmetric(horizontal=10)),
                on_click=lambda e, c=cid: on_done(s.game.choose_reward, c))))
        return ft.Container(
            border=ft.Border.all(2, ft.Colors.PRIMARY), border_radius=16, padding=14,
            content=ft.Column([
                probe(ids.RESULT_WINNER, t("{player}, choose your reward:").format(player=winner), size=20,
                      weight=ft.FontWeight.BOLD),
                *options,
                ft.Divider(),
                ft.Text(t("Why:"), size=16, weight=ft.FontWeight.W_600),
                ft.Semantics(identifier=ids.RESULT_EXPLAIN, container=True, content=ft.Column(
                    [ft.Text(f"{i}. {line}", size=15) for i, line in enumerate(why, start=1)], spacing=4)),
            ], spacing=8),
        )
    if ph is Phase.NEXT_LEADER:
        chooser = s.game.leader_chooser()
        buttons = [tagged(ids.next_leader(i), ft.FilledTonalButton(
            name, height=TOUCH + 4, style=ft.ButtonStyle(text_style=ft.TextStyle(size=18)),
            on_click=lambda e, p=name: on_done(s.game.choose_leader, p))) for i, name in enumerate(s.players)]
        return ft.Container(
            border=ft.Border.all(2, ft.Colors.PRIMARY), border_radius=16, padding=14,
            content=ft.Column([
                probe(ids.LEADER_CHOOSER, t("{player} played the first 5 and names who leads the next trick ({rule}).")
                      .format(player=chooser, rule=C.FIVE_LEAD.rule), size=18, weight=ft.FontWeight.W_600),
                ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            ], spacing=10),
        )
    return ft.Container(height=0)


_FactQuestionHost = ft.memo(FactQuestionHost)  # it watches the session itself


@ft.component
@safe_screen(ROUTE)
def Table():
    """The screen's frame: the app bar and the message bar, drawn again only when the app's
    state changes (the width, the language). What an entry changes is drawn by the parts that
    follow the session (:func:`TableBody`, the undo and redo buttons), so an entry made on one
    phone does not rebuild the frame of every screen at the table (issue 18)."""
    st = use_app()
    use_keep_awake(st.keep_awake)  # the app's one wakelock, asked again while the table shows
    wide = st.width >= WIDE
    actions = game_actions(use_haptics(), history_id=HISTORY_LINK)
    return frame(ROUTE, probe(ids.SCREEN_TABLE, t("The table")), TableBody(wide, key="table-body"), actions)


def table_shape(s) -> tuple:
    """What the body of the table is made of: (a round on the table, a card asked for, a revoke
    just proved, the players, the game)."""
    playing = _playing(s)
    return (playing, playing and s.game.phase() is Phase.PLAY, playing and bool(s.game.new_revoke_notes()),
            tuple(s.players) if playing else (), s.game_id if playing else None)


@ft.component
@safe_render
def TableBody(wide: bool):
    """The game on the table. It is drawn again only when what it is made of changes
    (:func:`table_shape`: a trick's result instead of the picker, a revoke, another game); an
    entry redraws only the parts whose values it changed, each of which follows the session
    itself (issue 52). Its parts are kept (:func:`~companion.ui.use_kept`)."""
    st, buzz = use_app(), use_haptics()
    s = this_session()
    playing, to_play, revoked, players, game_id = use_select(table_shape)
    get_family_ask, set_family_ask = use_latest(None)  # (seat, card, families) for a many-family bonus
    kept = use_kept()

    def after(out, strong=False):
        if out.ok:
            st.dismiss()
            buzz(strong)
            route = game_route(s)
            if route != ROUTE:
                go(route)
        elif out.notice is not None and out.notice.kind == "question":
            st.dismiss()  # the question dialog opens
        else:
            show_refusal(st, out)

    def say_gain(action) -> None:
        """A calm confirmation after a reward: «Лена +3» (also when the pearls were asked first)."""
        gain = s.game.reward_note(action)
        if gain is not None:
            st.show(lambda g=gain: t("{player} +{n}").format(player=g[0], n=g[1]), route=ROUTE)

    def do(fn, *args):
        out = fn(*args)
        after(out)
        if out.ok and fn == s.game.choose_reward:
            say_gain({"type": "reward"})

    def play(card_id: str):
        who = s.game.to_act()
        if who is None:
            return
        after(s.game.play(who, card_id))
        revokes = s.game.new_revoke_notes()
        if revokes:  # one short line; the whole explanation is under the picker
            short = tuple((v.player, v.trick) for v in revokes)
            st.show(lambda: " ".join(t("Revoke: {player} in trick {trick} ({rule}), see below.").format(
                player=p, trick=k, rule=C.REVOKE.rule) for p, k in short), route=ROUTE)

    def bonus_outcome(out, seat: int, card_id: str):
        """A change-trump bonus showing several families: the session asks which (R-BONUS-TRUMP)."""
        err = getattr(out.notice, "error", None) if out.notice else None
        if not out.ok and err is not None and getattr(err, "key", "") == "x.bonus-family-needed":
            fams = tuple(f.value for f in err.params.get("families", ()))
            set_family_ask((seat, card_id, fams))
            st.dismiss()
            return
        after(out, strong=True)

    def use_bonus(seat: int, card_id: str, family=None):
        set_family_ask(None)
        bonus_outcome(s.game.use_bonus(s.players[seat], card_id, family), seat, card_id)

    def answered(out, retry):
        if isinstance(retry, dict) and retry.get("type") == "use" and retry.get("player") in s.players:
            bonus_outcome(out, s.players.index(retry["player"]), retry.get("card"))
        else:
            after(out)
            if out.ok:
                say_gain(retry)  # the reward retried once its pearls were told

    # handlers of stable identity for the memoized parts (hooks: before any early return)
    on_do, on_play, on_bonus, on_answered = use_stable(do), use_stable(play), use_stable(use_bonus), use_stable(answered)

    if not playing:
        body = [ft.Container(padding=PAD, content=ft.Column([
            ft.Text(t("No round is being played."), size=20),
            tagged("table-continue", ft.FilledButton(t("Continue"), height=TOUCH, on_click=lambda: go(game_route(s)))),
        ], spacing=12))]
        return two_columns(body, [], wide)

    lg = lang()
    # the entry area: a card for the player to act, or the trick result
    entry: list[ft.Control] = [kept(_FactQuestionHost, on_answered=on_answered, key="table-fact")]
    ask = get_family_ask()
    if ask is not None and to_play:
        seat, cid, fams = ask
        entry.append(FamilyAsk(cid, fams, lambda f: use_bonus(seat, cid, f), lambda: set_family_ask(None), lg,
                               key="table-family-ask"))
    gap = 10 if wide else 12  # the body's spacing (two_columns), kept inside the parts that group two
    if to_play:
        # the player to act sees their usable bonuses right by the picker; the slot stays when
        # they have none, so the picker does not move from one turn to the next
        entry += [kept(TurnEntry, on_bonus, wide, lg, gap, key="table-turn-entry"),
                  kept(CardPicker, available=(), on_pick=on_play, prefix=ids.TABLE_PICK, explain=True,
                       follow=table_cards, key="table-picker")]
    else:
        entry.append(kept(ResultPanel, on_done=on_do, key="table-result"))
    if revoked:  # said calmly at the moment the proof card is entered (below the picker, which
        # stays in reach; the device that entered it also gets the line in the message bar)
        entry.append(kept(RevokeNote, lg, key="table-revoke"))
    me = st.seat(game_id) if st.table else None  # «Это я» of this device in this game
    side = [kept(Player, i, wide, on_bonus, lg, me == p, key=f"table-player-{i}") for i, p in enumerate(players)]
    top = [
        kept(Trump, wide, lg, trump_name_size(st.width, wide), key="table-trump-panel"),
        kept(TurnAndTrick, wide, lg, me, trick_rows(len(players), st.width, wide), 0 if wide else len(players), gap,
             key="table-turn-and-trick"),
    ]
    return two_columns(top + entry, side, wide)


def trick_rows(players: int, width: float, wide: bool) -> int:
    """How many lines of cards a whole trick takes: on a phone one (compact chips, at most four
    players); on a tablet the main column of :func:`~companion.ui.two_columns` fits this many of
    :data:`CHIP_W`."""
    if not wide:
        return 1
    room = (width - 2 * PAD - GAP) * MAIN / (MAIN + SIDE) if wide else width - 2 * PHONE_PAD
    per_line = max(1, int((room + 8) // (CHIP_W + 8)))
    return -(-players // per_line)
