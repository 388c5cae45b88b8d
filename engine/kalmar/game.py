"""The live table of «Кальмар»: whose turn, direction, top card and colour, pending effects, an
order or the silence in force, each player's card count, and a sitting's games and tally.

A :class:`GameState` is immutable; :func:`apply` takes a state and an action (what the table
entered) and returns the new state, through :class:`engine.core.driver.Driver`:

* ``strict=True`` (live entry): a move that breaks a rule raises
  :class:`~engine.core.errors.IllegalAction` and the state is unchanged.
* ``strict=False`` (record replay): the broken rule is recorded in ``state.violations`` and the
  game goes on as entered (RUL-KL-TURN: a move out of turn is taken as made, and play goes on
  from the player who made it).

Input that cannot be applied at all (an unknown player, a card that is not a card of the game,
a «Выбери цвет» without the named colour, a swap without the other player, an order without the
ordered card, a first card that goes back into the pile) is refused in both modes.

Where each rule lives here: KL-SETUP-1, KL-SETUP-2, RUL-KL-FIRST-BLUE, KL-START in
:func:`_setup`; KL-PLAY, RUL-KL-SAME-SYMBOL, KL-FX-ORDER in :mod:`.checker` (called by
:func:`_play`); KL-FX-SKIP, KL-FX-REVERSE, KL-FX-DRAW2, KL-FX-DRAW4, KL-FX-COLOUR, KL-FX-SWAP,
KL-FX-ORDER, RUL-KL-ORDER, KL-FX-SILENCE in :func:`_play`; KL-DRAW and RUL-KL-PENDING in
:func:`_draw` and :func:`_pass`; KL-CALL and RUL-KL-CALL-WINDOW in :func:`_missed_call`;
KL-END, KL-END-SWAP, RUL-KL-OUT in :func:`_end_check` and :func:`_out`; RUL-KL-TALLY and
RUL-KL-NEXT-DEALER in :func:`_next_game`. KL-RESHUFFLE is the table's: the app does not track
the draw pile (it never assumes what the deck holds, KL-COMP).

Card counts start at 8 each (KL-SETUP-1) and follow the entered plays and draws only.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Sequence, Union

from engine.core.actions import PLAYER, action, count, scalar
from engine.core.driver import Ctx, Driver, replace
from engine.core.errors import RecordError, Violation
from engine.core.i18n import Count
from engine.core.reading import quote, show, show_any
from engine.core.seating import Direction, next_seat, seat_of

from .cards import CARD_IDS, COLOUR_IDS, Card, Colour, Kind, PUT_BACK_FIRST, card_id, card_problem, show_value
from .checker import can_play
from .rules import V

HAND = 8                          # KL-SETUP-1: 8 cards to each player
MIN_PLAYERS, MAX_PLAYERS = 2, 10  # RUL-KL-PLAYERS: 10 × 8 = 80 of the 120 cards are dealt
DRAWS = {Kind.DRAW2: 2, Kind.DRAW4: 4}   # KL-FX-DRAW2, KL-FX-DRAW4
CALL_PENALTY = 2                  # KL-CALL
MAX_DRAW = 120                    # KL-COMP: the game has 120 cards; no draw takes more (issue 43)
SILENCE_PENALTY = 4               # KL-FX-SILENCE
MAX_GAMES = 200                   # N-KL-RECORD-LIMIT: the most games one record holds (record.Limits) …
MAX_TURNS = 2000                  # … and the most entries of one game's turns …
MAX_ENTRIES = 10_000              # … and of the whole sitting: the record's 4 MiB hold that many
#                                   entries with the longest names (a real game has 30–100)


# ---------------------------------------------------------------------------------------------
# Options and actions
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Options:
    """The table's options, kept in the record. ``same_symbol``: the house rule
    RUL-KL-SAME-SYMBOL (an organizer on the same organizer picture of another colour)."""

    same_symbol: bool = False


Who = Union[int, str]  # a seat or a player's name


def read_card(v: str, path: str) -> Card:
    """A card id of the record or the log (KL-COMP); anything else raises :class:`RecordError`."""
    if v not in CARD_IDS:
        raise RecordError(path, "kl.r.card", {"value": show(v)})
    return CARD_IDS[v]


def read_colour(v: str, path: str) -> Colour:
    if v not in COLOUR_IDS:
        raise RecordError(path, "kl.r.colour", {"value": show(v)})
    return COLOUR_IDS[v]


# How an action is written in the log and the record (engine.core.actions): cards by id,
# colours by name, players by name (an action may hold a seat).
CARD = scalar(str, Card, card_id, read_card)
COLOUR = scalar(str, Colour, lambda c: c.value, read_colour)


@dataclass(frozen=True, slots=True)
class NewGame:
    """The first game of a sitting: the players (2–10, RUL-KL-PLAYERS) in clockwise seating
    order, the dealer (a seat or a name), the first turned-up card (KL-SETUP-1, KL-SETUP-2) and,
    for «Выбери цвет» / «Возьми 4…», the colour the dealer names (RUL-KL-FIRST-BLUE)."""

    players: tuple[str, ...]
    dealer: Who
    first_card: Card
    colour: Colour | None = None
    options: Options = Options()


@action("next-game", first_card=CARD, colour=COLOUR, dealer=PLAYER)
@dataclass(frozen=True, slots=True)
class NextGame:
    """The next game of the sitting, with the same players (RUL-KL-TALLY). ``dealer`` None: the
    next player clockwise from the last dealer (RUL-KL-NEXT-DEALER)."""

    first_card: Card
    colour: Colour | None = None
    dealer: Who | None = None


@action("play", player=PLAYER, card=CARD, colour=COLOUR, swap_with=PLAYER.at("with"), order=CARD)
@dataclass(frozen=True, slots=True)
class Play:
    """``player`` put ``card`` on the discard pile. ``colour``: the colour named with «Выбери
    цвет» / «Возьми 4…» (KL-FX-COLOUR, KL-FX-DRAW4); ``swap_with``: the other player of «Обмен
    картами» (KL-FX-SWAP); ``order``: the card named with «Отдать приказ» (RUL-KL-ORDER)."""

    player: Who
    card: Card
    colour: Colour | None = None
    swap_with: Who | None = None
    order: Card | None = None


@action("draw", player=PLAYER, count=count(1, MAX_DRAW, "KL-COMP"))
@dataclass(frozen=True, slots=True)
class Draw:
    """``player`` took ``count`` cards from the draw pile: one with no fitting card (KL-DRAW),
    the pending 2 or 4 (KL-FX-DRAW2, KL-FX-DRAW4; taking them ends the turn, RUL-KL-PENDING),
    or any number while looking for an ordered card (KL-FX-ORDER). ``count`` None: what is due
    (the pending 2 or 4, else 1)."""

    player: Who
    count: int | None = None


@action("pass", player=PLAYER)
@dataclass(frozen=True, slots=True)
class Pass:
    """«Пас»: after drawing, ``player`` keeps the card and the turn passes (KL-DRAW)."""

    player: Who


@action("draw-pass", player=PLAYER)
@dataclass(frozen=True, slots=True)
class DrawAndPass:
    """One tap for «drew one card, it does not fit, «Пас»» (KL-DRAW)."""

    player: Who


@action("missed-call", player=PLAYER)
@dataclass(frozen=True, slots=True)
class MissedCall:
    """``player`` did not call «Кальмар!» and the table noticed in time: +2 cards (KL-CALL)."""

    player: Who


@action("broke-silence", player=PLAYER)
@dataclass(frozen=True, slots=True)
class BrokeSilence:
    """``player`` spoke while the silence was in force: +4 cards (KL-FX-SILENCE)."""

    player: Who


@action("out", player=PLAYER)
@dataclass(frozen=True, slots=True)
class PlayerOut:
    """The table says ``player`` has no cards left: they win the game (KL-END, RUL-KL-OUT),
    whatever the app's count says (not every draw may have been entered)."""

    player: Who


Action = Union[NewGame, NextGame, Play, Draw, Pass, DrawAndPass, MissedCall, BrokeSilence, PlayerOut]
MOVES = (Play, Draw, Pass, DrawAndPass)  # a player's own moves at their turn


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class GameResult(NamedTuple):
    """A game of the sitting that is over (RUL-KL-TALLY); ``winner`` None for a game left
    without a winner (only in a replay, with a violation)."""

    number: int
    dealer: int
    first_card: Card
    winner: int | None
    turns: int
    swap: bool = False   # won by another player's «Обмен картами» as their last card (KL-END-SWAP)


@dataclass(frozen=True)
class GameState:
    players: tuple[str, ...]
    options: Options
    game: int                            # 1-based number of the current game in the sitting
    dealer: int
    first_card: Card
    turn: int                            # the seat to move
    direction: Direction
    top: Card                            # the card on the discard pile
    colour: Colour | None                # the colour in force (KL-FX-COLOUR, RUL-KL-BLUE-COLOUR)
    counts: tuple[int, ...]              # cards per seat, from the known plays and draws
    pending: Kind | None = None          # DRAW2 / DRAW4: the player to move takes the cards first
    order: Card | None = None            # the card the player to move must play (KL-FX-ORDER)
    ordered_by: int | None = None
    silence_by: int | None = None        # silence until this seat's next move (KL-FX-SILENCE)
    call_due: int | None = None          # this seat just played its second-to-last card and may be caught (KL-CALL)
    drew: int = 0                        # cards drawn in the current turn (KL-DRAW)
    turns: int = 0                       # turns played in this game
    moves: int = 0                       # actions entered in this game (a violation's "trick")
    entries: int = 0                     # turn entries of the whole sitting (N-KL-RECORD-LIMIT)
    winner: int | None = None            # seat, once this game is over (KL-END)
    results: tuple[GameResult, ...] = ()  # the sitting's games that are over, this one included once over
    tally: tuple[int, ...] = ()          # wins per seat over the sitting (RUL-KL-TALLY)
    violations: tuple[Violation, ...] = field(default=())

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def pending_draw(self) -> int:
        """Cards the player to move must take before anything else (0: none)."""
        return DRAWS.get(self.pending, 0) if self.pending is not None else 0

    @property
    def next_player(self) -> int:
        """Who moves after the player to move, if nothing changes the order."""
        return next_seat(self.turn, self.n, self.direction)

    @property
    def one_card(self) -> tuple[int, ...]:
        """The seats holding one card by the app's count (KL-CALL: «Кальмар!»)."""
        return tuple(s for s, c in enumerate(self.counts) if c == 1)

    def seat(self, who: Who) -> int:
        seat = seat_of(who, self.players)
        if seat is None:
            raise KeyError(who)
        return seat


def new_game(players: Sequence[str], dealer: Who, first_card: Card, colour: Colour | str | None = None,
             options: Options = Options()) -> GameState:
    """The first game of a sitting (see :class:`NewGame`); bad input raises IllegalAction."""
    return apply(None, NewGame(tuple(players) if not isinstance(players, str) else (players,), dealer, first_card,
                               Colour(colour) if isinstance(colour, str) else colour, options))


def _who(ctx: Ctx, state: GameState, who: Any) -> int:
    return ctx.seat(who, state.players, V.UNKNOWN_PLAYER, "player")


def _step(state: GameState, seat: int, steps: int = 1, direction: Direction | None = None) -> int:
    return next_seat(seat, state.n, state.direction if direction is None else direction, steps)


# ---------------------------------------------------------------------------------------------
# A new game: KL-SETUP-1, KL-SETUP-2, RUL-KL-FIRST-BLUE, KL-START
# ---------------------------------------------------------------------------------------------
def _check_colour_choice(ctx: Ctx, card: Card, colour: Any, *, first: bool) -> Colour | None:
    rule = V.FIRST_COLOUR if first else V.NAMED_COLOUR
    if card.kind.names_colour:
        if not isinstance(colour, Colour):
            raise ctx.refuse(rule, {"card": card, "value": show_any(colour) if colour is not None else "—"})
        return colour
    if colour is not None:
        raise ctx.refuse(rule, {"card": card, "value": show_any(colour.value if isinstance(colour, Colour) else colour)})
    return None


def _check_card(ctx: Ctx, card: Any) -> Card:
    if card_problem(card) is not None:
        raise ctx.refuse(V.BAD_CARD, {"value": show_value(card)})
    return card


def _setup(ctx: Ctx, players: tuple[str, ...], dealer: int, card: Any, colour: Any, **keep: Any) -> GameState:
    card = _check_card(ctx, card)
    if card.kind in PUT_BACK_FIRST:  # RUL-KL-FIRST-BLUE: back into the pile, the next card is turned up
        raise ctx.refuse(V.FIRST_PUT_BACK, {"card": card})
    named = _check_colour_choice(ctx, card, colour, first=True)
    n = len(players)
    cw = Direction.CLOCKWISE
    left = next_seat(dealer, n, cw)  # KL-START: the player to the dealer's left starts
    turn, direction, pending = left, cw, None
    # KL-SETUP-2 / RUL-KL-FIRST-BLUE: an organizer card turned up first counts as the dealer's play
    if card.kind is Kind.SKIP:
        turn = next_seat(dealer, n, cw, 2)
    elif card.kind is Kind.REVERSE:
        direction = cw.reversed()
        turn = next_seat(dealer, n, direction)
    elif card.kind in DRAWS:
        pending = card.kind
    return GameState(players=players, options=keep.pop("options"), game=keep.pop("game"), dealer=dealer,
                     first_card=card, turn=turn, direction=direction, top=card, colour=named or card.colour,
                     counts=(HAND,) * n, pending=pending, **keep)


def _new_game(ctx: Ctx, state: None, a: NewGame) -> GameState:
    players = ctx.players(a.players, MIN_PLAYERS, MAX_PLAYERS, V.PLAYERS_COUNT, V.PLAYERS_NAMES)  # KL-SETUP-1
    dealer = ctx.seat(a.dealer, players, V.DEALER, "dealer")
    options = a.options if isinstance(a.options, Options) else Options()
    return _setup(ctx, players, dealer, a.first_card, a.colour, options=options, game=1,
                  tally=(0,) * len(players))


def _next_game(ctx: Ctx, state: GameState, a: NextGame) -> GameState:
    if state.game >= MAX_GAMES:  # N-KL-RECORD-LIMIT: the record could not hold another game
        raise ctx.full("games", MAX_GAMES, "N-KL-RECORD-LIMIT")
    results, tally = state.results, state.tally
    if state.winner is None:  # KL-END: a game ends when a player has no cards left
        ctx.violate(V.GAME_UNFINISHED, {"game": state.game}, round=state.game, trick=state.moves + 1, player=None)
        results = results + (GameResult(state.game, state.dealer, state.first_card, None, state.turns),)
    if a.dealer is None:  # RUL-KL-NEXT-DEALER: the deal passes clockwise
        dealer = next_seat(state.dealer, state.n)
    else:
        dealer = ctx.seat(a.dealer, state.players, V.DEALER, "dealer")
    return _setup(ctx, state.players, dealer, a.first_card, a.colour, options=state.options, game=state.game + 1,
                  results=results, tally=tally, violations=state.violations, entries=state.entries)


# ---------------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------------
def _violate(ctx: Ctx, state: GameState, rule: V, params: dict, seat: int | None) -> None:
    ctx.violate(rule, params, round=state.game, trick=state.moves + 1, player=seat)


def _begin(ctx: Ctx, state: GameState, seat: int) -> GameState | None:
    """What every move does first: nothing after the end (KL-END); the player's own move ends
    the silence they started (KL-FX-SILENCE); the window to catch a missed call closes
    (RUL-KL-CALL-WINDOW); a move out of turn is a violation, and play goes on from the player
    who moved (KL-START, RUL-KL-TURN). None: the game is over (replay only)."""
    if state.winner is not None:
        _violate(ctx, state, V.AFTER_END, {"game": state.game, "winner": state.players[state.winner]}, seat)
        return None
    if seat != state.turn:
        _violate(ctx, state, V.OUT_OF_TURN, {"turn": state.players[state.turn], "player": state.players[seat]}, seat)
        state = replace(state, turn=seat, drew=0, pending=None, order=None, ordered_by=None)
    return replace(state, silence_by=None if state.silence_by == seat else state.silence_by, call_due=None)


def _bump(state: GameState, seat: int, by: int) -> tuple[int, ...]:
    c = list(state.counts)
    c[seat] = max(0, c[seat] + by)
    return tuple(c)


def _end_check(state: GameState, swapped: int | None = None) -> GameState:
    """KL-END: the first player with no cards left wins (KL-END-SWAP: after «Обмен картами» as the
    last card, the other player of the swap has none); RUL-KL-TALLY counts the win."""
    if state.winner is not None or 0 not in state.counts:
        return state
    w = state.counts.index(0)
    tally = list(state.tally)
    tally[w] += 1
    result = GameResult(state.game, state.dealer, state.first_card, w, state.turns, swap=w == swapped)
    return replace(state, winner=w, tally=tuple(tally), results=state.results + (result,), call_due=None,
                   pending=None, order=None, ordered_by=None, silence_by=None)


def _play(ctx: Ctx, state: GameState, a: Play) -> GameState:
    seat = _who(ctx, state, a.player)
    card = _check_card(ctx, a.card)
    named = _check_colour_choice(ctx, card, a.colour, first=False)
    other = None
    if card.kind is Kind.SWAP:  # KL-FX-SWAP: any other player
        if a.swap_with is None:
            raise ctx.refuse(V.SWAP_WITH, {"value": "—"})
        other = _who(ctx, state, a.swap_with)
        if other == seat:
            raise ctx.refuse(V.SWAP_WITH, {"value": quote(state.players[seat])})
    elif a.swap_with is not None:
        raise ctx.refuse(V.SWAP_WITH, {"value": show_any(a.swap_with)})
    if card.kind is Kind.ORDER:  # RUL-KL-ORDER: any card of the game
        if card_problem(a.order) is not None:
            raise ctx.refuse(V.ORDER_CARD, {"value": show_value(a.order) if a.order is not None else "—"})
    elif a.order is not None:
        raise ctx.refuse(V.ORDER_CARD, {"value": show_value(a.order)})

    s = _begin(ctx, state, seat)
    if s is None:
        return state
    verdict = can_play(s, card)  # KL-PLAY, RUL-KL-SAME-SYMBOL, KL-FX-ORDER, KL-FX-DRAW2/4
    if not verdict.ok:
        _violate(ctx, s, verdict.entry, dict(verdict.params), seat)
    counts = _bump(s, seat, -1)
    # KL-CALL, RUL-KL-CALL-WINDOW: the call is due from whoever plays their second-to-last card —
    # a «Обмен картами» too (the rulebook names the card played, not the hand after the swap)
    call_due = seat if counts[seat] == 1 else None
    direction = s.direction
    turn = _step(s, seat)
    pending, order, ordered_by, silence_by = None, None, None, s.silence_by
    colour = card.colour if card.colour is not None else (named or s.colour)  # RUL-KL-BLUE-COLOUR
    k = card.kind
    if k is Kind.SKIP:  # KL-FX-SKIP
        turn = _step(s, seat, 2)
    elif k is Kind.REVERSE:  # KL-FX-REVERSE
        direction = direction.reversed()
        turn = _step(s, seat, 1, direction)
    elif k in DRAWS:  # KL-FX-DRAW2, KL-FX-DRAW4: the next player takes the cards, then misses the turn
        pending = k
    elif k is Kind.SWAP:  # KL-FX-SWAP: the hands change places
        c = list(counts)
        c[seat], c[other] = c[other], c[seat]
        counts = tuple(c)
    elif k is Kind.ORDER:  # KL-FX-ORDER
        order, ordered_by = a.order, seat
    elif k is Kind.SILENCE:  # KL-FX-SILENCE: until this player's next move
        silence_by = seat
    s = replace(s, counts=counts, call_due=call_due, direction=direction, turn=turn, pending=pending, order=order,
                ordered_by=ordered_by, silence_by=silence_by, top=card, colour=colour, drew=0, turns=s.turns + 1)
    return _end_check(s, other)


def _due_rule(kind: Kind) -> V:
    return V.DRAW2_DUE if kind is Kind.DRAW2 else V.DRAW4_DUE


def _count(ctx: Ctx, count: Any) -> int | None:
    if count is None:
        return None
    if count.__class__ is not int or count < 1:
        raise ctx.refuse(V.DRAW_COUNT, {"value": show_any(count)})
    if count > MAX_DRAW:  # KL-COMP: more cards than the game has
        raise ctx.refuse(V.DRAW_MANY, {"value": show_any(count), "limit": MAX_DRAW})
    return count


def _draw(ctx: Ctx, state: GameState, a: Draw) -> GameState:
    seat = _who(ctx, state, a.player)
    count = _count(ctx, a.count)
    s = _begin(ctx, state, seat)
    if s is None:
        return state
    if s.pending is not None:  # KL-FX-DRAW2/4, RUL-KL-PENDING: taking the cards ends the turn
        due = DRAWS[s.pending]
        got = due if count is None else count
        if got != due:
            _violate(ctx, s, _due_rule(s.pending), {"player": s.players[seat], "cards": Count(due, "kl.card"),
                                                     "entered": Count(got, "kl.card")}, seat)
        return replace(s, counts=_bump(s, seat, got), pending=None, turn=_step(s, seat), drew=0, turns=s.turns + 1)
    got = 1 if count is None else count
    if s.order is None and s.drew + got > 1:  # KL-DRAW: one card; under an order, until the card comes
        _violate(ctx, s, V.DRAW_AGAIN, {"player": s.players[seat], "cards": Count(s.drew + got, "kl.card")}, seat)
    return replace(s, counts=_bump(s, seat, got), drew=s.drew + got)


def _end_turn_without_play(ctx: Ctx, s: GameState, seat: int, drawn: int) -> GameState:
    """A turn that ends without a play: the pending cards not taken (RUL-KL-PENDING), the order
    not followed (KL-FX-ORDER), or «Пас» without drawing (KL-DRAW) are violations."""
    player = s.players[seat]
    if s.pending is not None:
        due = DRAWS[s.pending]
        _violate(ctx, s, _due_rule(s.pending), {"player": player, "cards": Count(due, "kl.card"),
                                                 "entered": Count(drawn, "kl.card")}, seat)
    elif s.order is not None:
        _violate(ctx, s, V.ORDER_NOT_FOLLOWED, {"player": player, "order": s.order}, seat)
    elif s.drew + drawn == 0:
        _violate(ctx, s, V.PASS_WITHOUT_DRAW, {"player": player}, seat)
    elif drawn and s.drew + drawn > 1:  # a Draw reported its own extra cards already
        _violate(ctx, s, V.DRAW_AGAIN, {"player": player, "cards": Count(s.drew + drawn, "kl.card")}, seat)
    return replace(s, counts=_bump(s, seat, drawn), pending=None, order=None, ordered_by=None, turn=_step(s, seat),
                   drew=0, turns=s.turns + 1)


def _pass(ctx: Ctx, state: GameState, a: Pass) -> GameState:
    seat = _who(ctx, state, a.player)
    s = _begin(ctx, state, seat)
    return state if s is None else _end_turn_without_play(ctx, s, seat, 0)


def _draw_and_pass(ctx: Ctx, state: GameState, a: DrawAndPass) -> GameState:
    seat = _who(ctx, state, a.player)
    s = _begin(ctx, state, seat)
    return state if s is None else _end_turn_without_play(ctx, s, seat, 1)


# ---------------------------------------------------------------------------------------------
# What the table notices: a missed call, a broken silence, a player out
# ---------------------------------------------------------------------------------------------
def _after_end(ctx: Ctx, state: GameState, seat: int) -> bool:
    if state.winner is not None:
        _violate(ctx, state, V.AFTER_END, {"game": state.game, "winner": state.players[state.winner]}, seat)
        return True
    return False


def _missed_call(ctx: Ctx, state: GameState, a: MissedCall) -> GameState:
    """KL-CALL: +2 for the player who played their second-to-last card (a swap too) without
    calling, caught before the next move is entered (RUL-KL-CALL-WINDOW)."""
    seat = _who(ctx, state, a.player)
    if _after_end(ctx, state, seat):
        return state
    if state.call_due != seat:
        _violate(ctx, state, V.NO_CALL_DUE, {"player": state.players[seat]}, seat)
    return replace(state, counts=_bump(state, seat, CALL_PENALTY), call_due=None)


def _broke_silence(ctx: Ctx, state: GameState, a: BrokeSilence) -> GameState:
    """KL-FX-SILENCE: +4 for anyone who speaks while the silence is in force. Speaking is not a
    move: a «Кальмар!» still due (from this player too) stays catchable until the next move entry
    — KL-CALL: «…заметили ошибку до начала хода следующего участника» (RUL-KL-CALL-WINDOW)."""
    seat = _who(ctx, state, a.player)
    if _after_end(ctx, state, seat):
        return state
    if state.silence_by is None:
        _violate(ctx, state, V.NO_SILENCE, {"player": state.players[seat]}, seat)
    return replace(state, counts=_bump(state, seat, SILENCE_PENALTY))


def _out(ctx: Ctx, state: GameState, a: PlayerOut) -> GameState:
    """RUL-KL-OUT: the table's word wins over the app's count; the player wins (KL-END)."""
    seat = _who(ctx, state, a.player)
    if _after_end(ctx, state, seat):
        return state
    c = list(state.counts)
    c[seat] = 0
    return _end_check(replace(state, counts=tuple(c)))


# ---------------------------------------------------------------------------------------------
# Queries and the driver
# ---------------------------------------------------------------------------------------------
def tally(state: GameState) -> dict[str, int]:
    """Wins per player over the sitting (RUL-KL-TALLY)."""
    return dict(zip(state.players, state.tally))


def where(state: GameState | None) -> str:
    """One line about a state, for error messages and logs."""
    if state is None:
        return "no game yet"
    p = state.players
    head = f"game {state.game}, turn {state.turns + 1}"
    if state.winner is not None:
        return f"{head}: over, winner {p[state.winner]}"
    bits = [f"{p[state.turn]} to move", f"top {card_id(state.top)}",
            f"colour {state.colour.value if state.colour else '-'}",
            "clockwise" if state.direction is Direction.CLOCKWISE else "counterclockwise"]
    if state.pending is not None:
        bits.append(f"must draw {state.pending_draw}")
    if state.order is not None:
        bits.append(f"ordered {card_id(state.order)}")
    if state.silence_by is not None:
        bits.append(f"silence until {p[state.silence_by]} moves")
    bits.append("counts " + ", ".join(f"{name} {c}" for name, c in zip(p, state.counts)))
    return f"{head}: " + "; ".join(bits)


def _counted(fn: Callable[[Ctx, GameState, Any], GameState]) -> Callable[[Ctx, GameState, Any], GameState]:
    def handler(ctx: Ctx, state: GameState, a: Any) -> GameState:
        if state.moves >= MAX_TURNS:  # N-KL-RECORD-LIMIT: the record could not hold another entry
            raise ctx.full("turns", MAX_TURNS, "N-KL-RECORD-LIMIT")
        if state.entries >= MAX_ENTRIES:  # … nor another entry of the sitting (its size in bytes)
            raise ctx.full("entries", MAX_ENTRIES, "N-KL-RECORD-LIMIT")
        out = fn(ctx, state, a)
        return replace(out, moves=state.moves + 1, entries=state.entries + 1)
    return handler


DRIVER = Driver({
    NewGame: _new_game,
    NextGame: _next_game,
    Play: _counted(_play),
    Draw: _counted(_draw),
    Pass: _counted(_pass),
    DrawAndPass: _counted(_draw_and_pass),
    MissedCall: _counted(_missed_call),
    BrokeSilence: _counted(_broke_silence),
    PlayerOut: _counted(_out),
}, where)


def apply(state: GameState | None, action: Action, *, strict: bool = True) -> GameState:
    """The state after ``action`` (see the module docstring for ``strict``). ``NewGame`` takes
    ``state=None``; every other action needs a game."""
    if state is None and not isinstance(action, NewGame):
        raise V.NO_GAME.refusal({}, action, "no game yet")
    if state is not None and isinstance(action, NewGame):
        raise V.NO_GAME.refusal({}, action, where(state))
    return DRIVER.apply(state, action, strict=strict)


def replay(state: GameState | None, actions: Sequence[Action], *, strict: bool = True) -> GameState:
    """The fold of :func:`apply` over ``actions``."""
    for a in actions:
        state = apply(state, a, strict=strict)
    return state
