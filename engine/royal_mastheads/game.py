"""A set of «Королевское наказание»: 10 deals (RM-SET), each entered trick by trick or by the cards
each player took (RUL-RM-ORDER: both give the same points).

A :class:`GameState` is immutable; :func:`apply` takes a state and an action and returns the new
state (:class:`engine.core.driver.Driver`). Two modes share every check:

* ``strict=True`` (live entry): a refusable violation raises
  :class:`~engine.core.errors.IllegalAction` and the state is unchanged. A revoke
  (RUL-RM-REVOKE) is never refused: it is found when a later card proves it, and that card
  really was in the hand; it is recorded in ``state.violations`` on the trick where it happened.
* ``strict=False`` (record replay): each broken rule is recorded and the deal is scored as
  entered, so one wrong entry does not hide the rest of the set.

Input that cannot be applied at all (not a card, a play out of turn, a 12th trick, a bank that
is not two cards per player…) is refused in both modes.

Where each rule lives: RM-SET, RM-DEAL-1 (dealers) in :func:`new_set` and :func:`dealer_of`;
RM-DEAL-2 (the turned card) in :func:`_start_deal`; RM-LEAD, RM-FOLLOW, RM-WIN, RM-TRICKS and
RUL-RM-REVOKE in :func:`_play_cards`; RM-BANK, RUL-RM-BANK-TIE, RUL-RM-BANK-CARDS in
:func:`_bank` and :func:`_taken`; RM-POINTS-… and RM-BONUS-… in :mod:`.scoring`; RUL-RM-SET-TIE
in :func:`_close_deal`, :func:`_another_deal`, :func:`_accept_shared_win`.

The running data of a deal (cards seen, each player's taken cards and tricks, the suits each
player showed out of) is kept in :class:`DealState`, so a play costs O(1) and a deal is scored
once when it closes.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence, Union

from engine.core.actions import PLAYER, Kind, action, listof, nullable, per_player
from engine.core.driver import Ctx, Driver, replace
from engine.core.errors import IllegalAction, RecordError, Violation
from engine.core.i18n import Count
from engine.core.reading import quote, show, show_input
from engine.core.seating import seat_of

from .cards import BY_ID, FULL_MASK, RANK_IDS, SUIT_MASK, SUITS, SUITS_IDS, Card, Suit, as_card, cards_of, mask_of
from .rules import V
from .scoring import (
    TRICKS_PER_DEAL, CardPoints, DealScore, Variant, bank_holder, card_points, deal_score, masthead_of,
)

PLAYERS = 4          # RM-COMP
DEALS = 10           # RM-SET
MAX_DEALS = 30       # N-RM-RECORD-LIMIT: the most deals one record holds (record.Limits), ties included
HAND = 13            # RM-DEAL-2
BANK_PER_PLAYER = 2  # RM-BANK
BANK_SIZE = PLAYERS * BANK_PER_PLAYER


class _Unset(enum.Enum):
    UNSET = "unset"


UNSET = _Unset.UNSET  # TakenCards.holder not entered: the engine computes it (RM-BANK)


# ---------------------------------------------------------------------------------------------
# How an action is written (engine.core.actions): players by name, cards by id, as in the record
# ---------------------------------------------------------------------------------------------
_SUITS_TEXT = ", ".join(SUITS_IDS)
_RANKS_TEXT = ", ".join(RANK_IDS)


def card_json(c: Any) -> str:
    """A card's id (a card, its index); an id as a screen sent it is written as it is (checked
    when it is read)."""
    if isinstance(c, Card):
        return c.id
    if isinstance(c, int) and not isinstance(c, bool):
        return Card(c).id
    return c


def read_card(value: Any, path: str) -> Card:
    """A card id of the record or the log; anything else raises :class:`RecordError`."""
    c = BY_ID.get(value) if isinstance(value, str) else None
    if c is None:
        raise RecordError(path, "rm.r.card", {"value": show(value), "suits": _SUITS_TEXT, "ranks": _RANKS_TEXT})
    return c


CARD = Kind(str, lambda c, players: card_json(c), lambda v, players, path: read_card(v, path))
CARDS = listof(CARD)


def per_player_error(name: str, path: str) -> RecordError:
    """Cards per player must name every player once (the log's and the record's)."""
    return RecordError(path, "rm.r.per-player", {"player": quote(name)})


PER_PLAYER = per_player(CARDS, per_player_error)


def _trick_cards(value: list, players: Sequence[str], path: str) -> tuple[Card, ...]:
    cards = CARDS.load(value, players, path)
    if not 1 <= len(cards) <= PLAYERS:
        raise RecordError(path, "rm.r.trick-size", {"count": len(cards)})
    return cards


def _bank_json(value: Any, players: Sequence[str]) -> Any:
    return CARDS.dump(value, players) if _flat_bank(value) else PER_PLAYER.dump(value, players)


def _bank_cards(value: Any, players: Sequence[str], path: str) -> Any:
    if isinstance(value, list):
        cards = CARDS.load(value, players, path)
        if len(cards) != BANK_SIZE:  # RM-BANK: 2 cards × 4 players
            raise RecordError(path, "rm.x.bank-shape", {"detail": f"{len(cards)}/{BANK_SIZE}"})
        return cards
    return PER_PLAYER.read(value, players, path)


TRICK = Kind(list, CARDS.dump, _trick_cards)
BANK = Kind(None, _bank_json, _bank_cards)


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NewSet:
    """A new set: 4 players in clockwise seating order, the first dealer (a seat or a name,
    RM-DEAL-1) and the variant (RUL-RM-VARIANT). ``apply(None, NewSet(...))`` is :func:`new_set`."""

    players: tuple[str, ...]
    first_dealer: int | str = 0
    variant: Variant | str = Variant.RUSSIAN


@action("deal", turned=CARD)
@dataclass(frozen=True, slots=True)
class StartDeal:
    """The dealer turns the top card (RM-DEAL-2): its suit is trump (in the original variant its
    rank names the mastheads). The dealer is computed (RM-DEAL-1), never entered."""

    turned: Card | str | int


@action("play", card=CARD, seat=PLAYER.at("player"))
@dataclass(frozen=True, slots=True)
class Play:
    """One card (RM-LEAD, RM-FOLLOW). ``seat`` (a seat or a name) is optional; when given it
    must be the player whose turn it is."""

    card: Card | str | int
    seat: int | str | None = None


@action("trick", cards=TRICK)
@dataclass(frozen=True, slots=True)
class PlayTrick:
    """Cards in play order from whoever's turn it is — a whole trick of 4, usually (a record's
    trick); the last trick of a deal in progress may hold fewer."""

    cards: tuple[Card | str | int, ...]


@action("bank", cards=BANK.at("bank"))
@dataclass(frozen=True, slots=True)
class Bank:
    """After the 11th trick: the bank's cards (RM-BANK). Closes the deal. ``cards`` is one of

    * ``None`` (the default): the bank is the cards not played in the 11 tricks — what the table
      sees; nobody needs to say who put which card in (no score depends on it: the bank goes whole
      to the player with the most tricks, RM-BANK). A corrected trick card changes it too.
    * a flat sequence of the 8 cards (a record's ``bank`` array);
    * two per player: a sequence in seat order of pairs, or a mapping seat-or-name → pair (the
      older, longer entry; records that hold it stay readable)."""

    cards: (Sequence[Sequence[Card | str | int]] | Mapping[int | str, Sequence[Card | str | int]]
            | Sequence[Card | str | int] | None) = None


@action("taken", taken=PER_PLAYER, bank=CARDS, holder=nullable(PLAYER).at("bank_holder"))
@dataclass(frozen=True, slots=True)
class TakenCards:
    """A deal entered after it was played (instead of trick by trick): the cards each player took
    in tricks (a sequence in seat order or a mapping seat-or-name → cards), the bank's 8 cards,
    and optionally whose the bank is (a seat, a name or None for nobody; not given: computed by
    RM-BANK and RUL-RM-BANK-TIE). Closes the deal."""

    taken: Sequence[Sequence[Card | str | int]] | Mapping[int | str, Sequence[Card | str | int]]
    bank: Sequence[Card | str | int]
    holder: int | str | None | _Unset = UNSET


@action("another-deal")
@dataclass(frozen=True, slots=True)
class PlayAnotherDeal:
    """RUL-RM-SET-TIE: the table breaks a shared win with one more deal."""


@action("shared-win")
@dataclass(frozen=True, slots=True)
class AcceptSharedWin:
    """RUL-RM-SET-TIE: the table accepts the shared win; the set is over."""


Action = Union[NewSet, StartDeal, Play, PlayTrick, Bank, TakenCards, PlayAnotherDeal, AcceptSharedWin]


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class Trick(NamedTuple):
    number: int                 # 1-based within the deal
    leader: int                 # seat that led (RM-LEAD, RM-WIN)
    cards: tuple[Card, ...]     # in play order, the first is the leader's
    winner: int                 # seat (RM-WIN)

    def seat_of(self, i: int) -> int:
        return (self.leader + i) % PLAYERS


class Entry(str, enum.Enum):
    TRICKS = "tricks"   # trick by trick
    TAKEN = "taken"     # by taken cards


@dataclass(frozen=True)
class DealState:
    number: int                              # 1-based
    dealer: int                              # RM-DEAL-1
    turned: Card                             # RM-DEAL-2
    trump: int                               # suit index of the turned card
    masthead: int | None                     # its rank in the original variant (RUL-RM-VARIANT)
    entry: Entry = Entry.TRICKS
    tricks: tuple[Trick, ...] = ()
    current: tuple[Card, ...] = ()           # the trick being played
    leader: int = 0                          # who leads the current trick
    best: int = 0                            # index in ``current`` of the best card so far
    seen: int = 0                            # mask of the cards played this deal
    taken: tuple[int, ...] = (0, 0, 0, 0)    # per seat, mask of the cards taken in tricks
    trick_counts: tuple[int, ...] = (0, 0, 0, 0)
    voids: tuple[int, ...] = (0,) * 16       # [seat*4+suit]: bit t set = the seat did not follow in trick t
    #                                          (every unproven revoke is kept, RUL-RM-REVOKE); 0 none
    bank: tuple[tuple[Card, ...], ...] | None = None  # trick entry: each seat's two cards
    bank_cards: tuple[Card, ...] = ()        # every bank card as entered
    bank_mask: int = 0
    taken_entry: tuple[tuple[Card, ...], ...] | None = None  # taken-cards entry: per seat, as entered
    holder_entered: int | None | _Unset = UNSET
    holder: int | None = None                # RM-BANK, once the deal is closed
    score: DealScore | None = None           # once the deal is closed

    @property
    def trump_suit(self) -> Suit:
        return SUITS[self.trump]

    @property
    def trick_number(self) -> int:
        """The trick being played (1-based)."""
        return len(self.tricks) + 1

    @property
    def closed(self) -> bool:
        return self.score is not None

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is, None once 11 tricks are played."""
        if len(self.tricks) >= TRICKS_PER_DEAL or self.entry is Entry.TAKEN:
            return None
        return (self.leader + len(self.current)) % PLAYERS

    @property
    def led(self) -> Suit | None:
        return SUITS[self.current[0] // 13] if self.current else None


class Phase(str, enum.Enum):
    DEAL = "deal"        # no deal running: StartDeal
    PLAY = "play"        # a deal running: Play / PlayTrick (or TakenCards before any play)
    BANK = "bank"        # 11 tricks played: Bank
    TIE = "tie"          # RUL-RM-SET-TIE: PlayAnotherDeal or AcceptSharedWin (StartDeal = another deal)
    OVER = "over"


@dataclass(frozen=True)
class GameState:
    players: tuple[str, ...]
    first_dealer: int
    variant: Variant = Variant.RUSSIAN
    deals: tuple[DealState, ...] = ()        # closed deals
    deal: DealState | None = None            # the deal being played
    totals: tuple[int, ...] = (0, 0, 0, 0)   # over ``deals``
    winner: int | None = None                # RM-SET
    shared_win: tuple[int, ...] = ()         # RUL-RM-SET-TIE: the seats sharing an accepted win
    ended_after: int | None = None           # number of deals when the set ended
    violations: tuple[Violation, ...] = ()

    @property
    def n(self) -> int:
        return PLAYERS

    @property
    def over(self) -> bool:
        return self.winner is not None or bool(self.shared_win)

    @property
    def phase(self) -> Phase:
        if self.deal is not None:
            return Phase.BANK if len(self.deal.tricks) >= TRICKS_PER_DEAL else Phase.PLAY
        if self.over:
            return Phase.OVER
        return Phase.TIE if tied(self) else Phase.DEAL

    def seat(self, who: int | str) -> int:
        if who.__class__ is int and 0 <= who < PLAYERS:
            return who  # type: ignore[return-value]
        if isinstance(who, str) and who in self.players:
            return self.players.index(who)
        raise KeyError(who)


def new_set(players: Sequence[str], first_dealer: int | str = 0, variant: Variant | str = Variant.RUSSIAN) -> GameState:
    """A set for 4 players (RM-COMP) in clockwise seating order; ``first_dealer`` (a seat or a
    name) deals first (RM-DEAL-1: by lot or at will); ``variant`` (RUL-RM-VARIANT). Bad input
    raises :class:`IllegalAction`."""
    return apply(None, NewSet(tuple(players) if not isinstance(players, str) else (players,), first_dealer, variant))


def _new_set(ctx: Ctx, state: None, a: NewSet) -> GameState:
    players = ctx.players(a.players, PLAYERS, PLAYERS, V.PLAYERS_COUNT, V.PLAYERS_NAMES)  # RM-COMP
    seat = ctx.seat(a.first_dealer, players, V.FIRST_DEALER, "value")  # RM-DEAL-1
    try:
        variant = Variant(a.variant)
    except ValueError:
        raise ctx.refuse(V.VARIANT, {"value": show_input(a.variant), "known": ", ".join(v.value for v in Variant)}) from None
    return GameState(tuple(players), seat, variant)


# ---------------------------------------------------------------------------------------------
# Queries
# ---------------------------------------------------------------------------------------------
def dealer_of(state: GameState, number: int) -> int:
    """RM-DEAL-1: the first dealer deals deal 1; the deal passes clockwise."""
    return (state.first_dealer + number - 1) % PLAYERS


def next_dealer(state: GameState) -> int | None:
    """Who deals the next deal (None while a deal runs or once the set is over)."""
    if state.deal is not None or state.over:
        return None
    return dealer_of(state, len(state.deals) + 1)


def tied(state: GameState) -> tuple[int, ...]:
    """RUL-RM-SET-TIE: the seats sharing the highest total after 10 deals or more, while the
    table has not chosen (no deal running); empty otherwise."""
    if state.winner is not None or state.shared_win or state.deal is not None or len(state.deals) < DEALS:
        return ()
    top = max(state.totals)
    seats = tuple(s for s, t in enumerate(state.totals) if t == top)
    return seats if len(seats) > 1 else ()


class Live(NamedTuple):
    """What the table sees during a deal."""

    deal: int
    dealer: int
    turned: Card
    trump: Suit
    masthead: int | None           # rank of the mastheads (original variant)
    trick: int                     # the trick being played, 1-based (12 once all are played)
    to_play: int | None            # seat whose turn it is
    current: tuple[Card, ...]      # cards of the trick being played
    tricks: tuple[int, ...]        # per seat
    points: tuple[int, ...]        # running card points per seat (RUL-RM-ORDER on the cards taken so far)
    bank_holder: int | None        # who holds the bank so far (most tricks; RUL-RM-BANK-TIE nobody)


def live(state: GameState) -> Live | None:
    """The running view of the deal in progress (None between deals)."""
    d = state.deal
    if d is None:
        return None
    pts = tuple(card_points(m, d.trump, d.masthead, state.variant).total for m in d.taken)
    holder = bank_holder(d.trick_counts) if any(d.trick_counts) else None
    return Live(d.number, d.dealer, d.turned, d.trump_suit, d.masthead, d.trick_number, d.to_play, d.current,
                d.trick_counts, pts, holder)


def running_points(state: GameState, seat: int) -> CardPoints:
    """The card points of ``seat`` on the cards taken so far in the deal in progress."""
    d = state.deal
    if d is None:
        return CardPoints()
    return card_points(d.taken[seat], d.trump, d.masthead, state.variant)


def seen_cards(state: GameState) -> frozenset[Card]:
    """The cards already played in the deal in progress (and the bank once entered) — for
    greying out in a card picker. The turned card is not among them until it is played: it
    was dealt to a player (RM-DEAL-2)."""
    d = state.deal
    if d is None:
        return frozenset()
    return frozenset(cards_of(d.seen | d.bank_mask))


class Playable(NamedTuple):
    """The cards a player may play as far as the entries tell (RM-FOLLOW): ``follow`` — unseen
    cards of the led suit they may hold (they must play one if they hold one); ``others`` —
    the unseen cards they may hold of the other suits (any of them when they have no card of
    the led suit, or when leading). Suits the player showed out of are left out (a card of
    such a suit would prove a revoke, RUL-RM-REVOKE)."""

    seat: int
    led: Suit | None
    follow: tuple[Card, ...]
    others: tuple[Card, ...]

    @property
    def all(self) -> tuple[Card, ...]:
        return tuple(sorted(self.follow + self.others))


def playable(state: GameState, seat: int | None = None) -> Playable | None:
    """What follow-suit allows ``seat`` (default: whose turn it is), given what is known."""
    d = state.deal
    if d is None:
        return None
    if seat is None:
        seat = d.to_play if d.to_play is not None else 0
    unseen = FULL_MASK & ~(d.seen | d.bank_mask | mask_of(d.current))
    for s in range(4):
        if d.voids[seat * 4 + s]:
            unseen &= ~SUIT_MASK[s]
    led = d.current[0] // 13 if d.current and (d.leader != seat) else None
    if led is None:
        return Playable(seat, None, (), cards_of(unseen))
    return Playable(seat, SUITS[led], cards_of(unseen & SUIT_MASK[led]), cards_of(unseen & ~SUIT_MASK[led]))


def deal_result(state: GameState, number: int) -> DealScore:
    """The breakdown of closed deal ``number`` (1-based): per seat card points by rule, bonus
    rows, total."""
    return state.deals[number - 1].score  # type: ignore[return-value]


class SetResult(NamedTuple):
    deals: int                     # deals closed
    totals: tuple[int, ...]
    finished: bool
    winner: int | None             # RM-SET
    shared: tuple[int, ...]        # RUL-RM-SET-TIE: an accepted shared win
    tied: tuple[int, ...]          # a tie waiting for the table's choice


def set_result(state: GameState) -> SetResult:
    return SetResult(len(state.deals), state.totals, state.over, state.winner, state.shared_win, tied(state))


def where(state: GameState | None) -> str:
    """One line about a state, for error messages."""
    if state is None:
        return "no set yet"
    d = state.deal
    head = f"{len(state.deals)} deals closed, totals {dict(zip(state.players, state.totals))}"
    if d is None:
        return head + (", over" if state.over else "")
    cur = " ".join(c.id for c in d.current)
    return (f"{head}; deal {d.number} (trump {d.trump_suit.value}), trick {d.trick_number}"
            f" [{cur}], to play: {state.players[d.to_play] if d.to_play is not None else '-'}")


# ---------------------------------------------------------------------------------------------
# Applying actions
# ---------------------------------------------------------------------------------------------
def _card(ctx: Ctx, value: Any) -> Card:
    c = as_card(value)
    if c is None:
        raise ctx.refuse(V.NOT_A_CARD, {"value": show_input(value)})
    return c


def _running(ctx: Ctx, state: GameState) -> DealState:
    if state.deal is None:
        if state.over:
            raise ctx.refuse(V.SET_OVER, {})
        raise ctx.refuse(V.NO_DEAL, {})
    return state.deal


def _start_deal(ctx: Ctx, state: GameState, a: StartDeal) -> GameState:
    if state.deal is not None:
        raise ctx.refuse(V.DEAL_RUNNING, {"deal": state.deal.number})
    turned = _card(ctx, a.turned)
    number = len(state.deals) + 1
    if number > MAX_DEALS:  # N-RM-RECORD-LIMIT: the record could not hold another deal
        raise ctx.full("deals", MAX_DEALS, "N-RM-RECORD-LIMIT")
    if state.over:  # RM-SET: nothing after the end (replay: shown, the result stays)
        ctx.violate(V.AFTER_END, {"deal": number, "ended": state.ended_after}, round=number, trick=None, player=None)
    dealer = dealer_of(state, number)
    deal = DealState(number, dealer, turned, turned // 13, masthead_of(state.variant, turned),
                     leader=(dealer + 1) % PLAYERS)  # RM-LEAD: the player to the dealer's left
    return replace(state, deal=deal)


def _play(ctx: Ctx, state: GameState, a: Play) -> GameState:
    return _play_cards(ctx, state, (a.card,), a.seat)


def _play_trick(ctx: Ctx, state: GameState, a: PlayTrick) -> GameState:
    cards = a.cards
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence) or not 1 <= len(cards) <= PLAYERS:
        raise ctx.refuse(V.NOT_A_CARD, {"value": show_input(repr(cards))})
    return _play_cards(ctx, state, cards, None)


def _play_cards(ctx: Ctx, state: GameState, cards: Sequence[Any], seat_given: Any) -> GameState:
    d = _running(ctx, state)
    if d.entry is Entry.TAKEN:
        raise ctx.refuse(V.TRICKS_DONE, {"deal": d.number})
    tricks, current, leader, best = d.tricks, d.current, d.leader, d.best
    seen, trump, number = d.seen, d.trump, d.number
    taken, counts, voids = d.taken, d.trick_counts, None
    for value in cards:
        if len(tricks) >= TRICKS_PER_DEAL:  # RM-TRICKS
            raise ctx.refuse(V.TRICKS_DONE, {"deal": number})
        card = _card(ctx, value)
        seat = (leader + len(current)) % PLAYERS
        t = len(tricks) + 1
        if seat_given is not None:
            who = seat_of(seat_given, state.players)
            if who != seat:
                member = V.TURN_NEXT if current else (V.TURN_LEAD if t == 1 else V.TURN_WINNER_LEADS)
                raise ctx.refuse(member, {"player": show_input(seat_given), "expected": state.players[seat]})
        bit = 1 << card
        if seen & bit or card in current:  # RM-COMP: each card once
            ctx.violate(V.DUPLICATE_CARD, {"card": card}, round=number, trick=t, player=seat)
        suit = card // 13
        if voids is None:
            voids = list(d.voids)
        k = voids[seat * 4 + suit]
        if k:  # RUL-RM-REVOKE: a card of a suit this player did not follow proves every such revoke
            for rt in range(1, TRICKS_PER_DEAL + 1):  # as in the whale game (RUL-REVOKE): each one reported
                if k >> rt & 1:
                    ctx.violate(V.REVOKE, {"player": state.players[seat], "suit": SUITS[suit], "trick": rt,
                                           "proof_trick": t, "card": card},
                                round=number, trick=rt, player=seat, refusable=False)
            voids[seat * 4 + suit] = 0
        if current:
            led = current[0] // 13
            if suit != led:
                voids[seat * 4 + led] |= 1 << t  # RM-FOLLOW: not followed; proven later, if ever
            b = current[best]
            bs = b // 13
            if (suit == bs and card % 13 > b % 13) or (suit == trump and bs != trump):  # RM-WIN
                best = len(current)
        else:
            best = 0
        seen |= bit
        current = current + (card,)
        if len(current) == PLAYERS:
            winner = (leader + best) % PLAYERS
            tricks = tricks + (Trick(t, leader, current, winner),)
            tm = 0
            for c in current:
                tm |= 1 << c
            taken = taken[:winner] + (taken[winner] | tm,) + taken[winner + 1:]
            counts = counts[:winner] + (counts[winner] + 1,) + counts[winner + 1:]
            current, leader, best = (), winner, 0  # RM-WIN: the winner leads the next trick
    deal = replace(d, tricks=tricks, current=current, leader=leader, best=best, seen=seen, taken=taken,
                   trick_counts=counts, voids=tuple(voids) if voids is not None else d.voids)
    return replace(state, deal=deal)


def _per_seat(ctx: Ctx, state: GameState, value: Any, member: V) -> tuple[Any, ...]:
    """A per-player entry in seat order: a sequence of 4 or a mapping with each player once."""
    if isinstance(value, Mapping):
        out: list[Any] = [None] * PLAYERS
        for key, v in value.items():
            seat = seat_of(key, state.players)
            if seat is None or out[seat] is not None:
                raise ctx.refuse(member, {"detail": show_input(key)})
            out[seat] = v
        missing = [quote(state.players[s]) for s in range(PLAYERS) if out[s] is None]
        if missing:
            raise ctx.refuse(member, {"detail": ", ".join(missing)})
        return tuple(out)
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != PLAYERS:
        raise ctx.refuse(member, {"detail": show_input(repr(value))})
    return tuple(value)


def _cards(ctx: Ctx, value: Any, member: V) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ctx.refuse(member, {"detail": show_input(repr(value))})
    return tuple(_card(ctx, v) for v in value)


def _flat_bank(value: Any) -> bool:
    """Whether a bank entry is a flat sequence of cards (not pairs per player, not a mapping)."""
    if isinstance(value, (Mapping, str, bytes)) or not isinstance(value, Sequence):
        return False
    return all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value)


def _bank(ctx: Ctx, state: GameState, a: Bank) -> GameState:
    d = _running(ctx, state)
    if d.entry is Entry.TAKEN or d.bank is not None:
        raise ctx.refuse(V.BANK_SHAPE, {"detail": "×2"})
    if len(d.tricks) < TRICKS_PER_DEAL:
        raise ctx.refuse(V.BANK_EARLY, {"tricks": len(d.tricks)})
    seen = d.seen
    if a.cards is None:  # RM-BANK: the cards nobody played are the bank
        mask = FULL_MASK & ~seen
        d = replace(d, bank_cards=cards_of(mask), bank_mask=mask)
        return _close_deal(ctx, state, d, bank_holder(d.trick_counts))
    if _flat_bank(a.cards):
        flat = _cards(ctx, a.cards, V.BANK_SHAPE)
        if len(flat) != BANK_SIZE:  # RM-BANK: 2 cards × 4 players
            raise ctx.refuse(V.BANK_SHAPE, {"detail": f"{len(flat)}/{BANK_SIZE}"})
        mask = 0
        for c in flat:
            bit = 1 << c
            if (seen | mask) & bit:  # RM-COMP: a bank card already played or banked twice
                ctx.violate(V.DUPLICATE_CARD, {"card": c}, round=d.number, trick=None, player=None)
            mask |= bit
        d = replace(d, bank_cards=flat, bank_mask=mask)
        _check_all_cards(ctx, d, seen | mask)
        return _close_deal(ctx, state, d, bank_holder(d.trick_counts))
    pairs = _per_seat(ctx, state, a.cards, V.BANK_SHAPE)
    bank = []
    for seat, pair in enumerate(pairs):
        cs = _cards(ctx, pair, V.BANK_SHAPE)
        if len(cs) != BANK_PER_PLAYER:  # RM-BANK: two cards each
            raise ctx.refuse(V.BANK_SHAPE, {"detail": f"{quote(state.players[seat])}: {len(cs)}"})
        bank.append(cs)
    mask, dup = 0, []
    for seat, cs in enumerate(bank):
        for c in cs:
            bit = 1 << c
            if (seen | mask) & bit:
                dup.append((seat, c))
            mask |= bit
    for seat, c in dup:  # RM-COMP: a bank card already played or banked twice
        ctx.violate(V.DUPLICATE_CARD, {"card": c}, round=d.number, trick=None, player=seat)
    flat = tuple(c for cs in bank for c in cs)
    d = replace(d, bank=tuple(bank), bank_cards=flat, bank_mask=mask)
    _check_all_cards(ctx, d, seen | mask)
    return _close_deal(ctx, state, d, bank_holder(d.trick_counts))


def _check_all_cards(ctx: Ctx, d: DealState, mask: int) -> None:
    missing = cards_of(FULL_MASK & ~mask)
    if missing:  # RM-COMP: all 52 cards are dealt, each taken or banked exactly once
        ctx.violate(V.MISSING_CARDS, {"cards": missing, "count": Count(len(missing), "rm.card")},
                    round=d.number, trick=None, player=None)


def _taken(ctx: Ctx, state: GameState, a: TakenCards) -> GameState:
    d = _running(ctx, state)
    if d.tricks or d.current or d.entry is Entry.TAKEN:
        raise ctx.refuse(V.TAKEN_AFTER_TRICKS, {"tricks": len(d.tricks)})
    per = _per_seat(ctx, state, a.taken, V.TAKEN_SHAPE)
    taken_cards = tuple(_cards(ctx, cs, V.TAKEN_SHAPE) for cs in per)
    bank = _cards(ctx, a.bank, V.TAKEN_SHAPE)
    holder_entered: int | None | _Unset = UNSET
    if a.holder is not UNSET:
        if a.holder is None:
            holder_entered = None
        else:
            holder_entered = ctx.seat(a.holder, state.players, V.TAKEN_SHAPE, "detail")
    number = d.number
    all_mask, dups = 0, []

    def mask(cs: tuple[Card, ...]) -> int:
        """The mask of ``cs``; a card met before (in any hand or the bank) is a duplicate."""
        nonlocal all_mask
        m = 0
        for c in cs:
            bit = 1 << c
            if all_mask & bit and c not in dups:
                dups.append(c)
            all_mask |= bit
            m |= bit
        return m

    masks = [mask(cs) for cs in taken_cards]
    bank_mask = mask(bank)
    for c in dups:  # RM-COMP: each card once
        ctx.violate(V.DUPLICATE_CARD, {"card": c}, round=number, trick=None, player=None)
    counts = []
    for seat, cs in enumerate(taken_cards):
        if len(cs) % PLAYERS:  # RM-TRICKS: a trick is 4 cards
            ctx.violate(V.TRICK_CARDS, {"player": state.players[seat], "cards": Count(len(cs), "rm.card")},
                        round=number, trick=None, player=seat)
        counts.append(len(cs) // PLAYERS)
    if sum(counts) != TRICKS_PER_DEAL:
        ctx.violate(V.TRICK_COUNT, {"tricks": Count(sum(counts), "rm.trick")}, round=number, trick=None, player=None)
    if len(bank) != BANK_SIZE:
        ctx.violate(V.BANK_SIZE, {"cards": Count(len(bank), "rm.card")}, round=number, trick=None, player=None)
    _check_all_cards(ctx, d, all_mask)
    rule_holder = bank_holder(counts)
    holder = rule_holder
    if holder_entered is not UNSET and holder_entered != rule_holder:
        if rule_holder is None:  # RUL-RM-BANK-TIE
            ctx.violate(V.BANK_HOLDER_TIE, {"player": state.players[holder_entered]}, round=number, trick=None,
                        player=holder_entered)
        else:  # RM-BANK
            entered = state.players[holder_entered] if holder_entered is not None else "—"
            ctx.violate(V.BANK_HOLDER, {"entered": entered, "player": state.players[rule_holder],
                                        "tricks": Count(counts[rule_holder], "rm.trick")},
                        round=number, trick=None, player=None)
        holder = holder_entered  # scored as entered
    d = replace(d, entry=Entry.TAKEN, taken=tuple(masks), trick_counts=tuple(counts), bank_cards=bank,
                bank_mask=bank_mask, taken_entry=taken_cards, holder_entered=holder_entered,
                seen=all_mask & ~bank_mask)
    return _close_deal(ctx, state, d, holder)


def _close_deal(ctx: Ctx, state: GameState, d: DealState, holder: int | None) -> GameState:
    """Score the deal (RM-POINTS, RM-BONUS; the bank's cards count for its holder,
    RUL-RM-BANK-CARDS) and decide the set (RM-SET, RUL-RM-SET-TIE)."""
    score = deal_score(d.taken, d.trick_counts, d.bank_mask, holder, d.trump, d.masthead, state.variant)
    d = replace(d, holder=holder, score=score)
    deals = state.deals + (d,)
    totals = tuple(a + b for a, b in zip(state.totals, score.totals))
    winner, ended = state.winner, state.ended_after
    if not state.over and len(deals) >= DEALS:
        top = max(totals)
        best = [s for s, t in enumerate(totals) if t == top]
        if len(best) == 1:
            winner, ended = best[0], len(deals)
    return replace(state, deals=deals, deal=None, totals=totals, winner=winner, ended_after=ended)


def _another_deal(ctx: Ctx, state: GameState, a: PlayAnotherDeal) -> GameState:
    if not tied(state):
        raise ctx.refuse(V.NO_TIE, {})
    if len(state.deals) >= MAX_DEALS:  # N-RM-RECORD-LIMIT: no room for the extra deal (a shared win is)
        raise ctx.full("deals", MAX_DEALS, "N-RM-RECORD-LIMIT")
    return state  # RUL-RM-SET-TIE: the next StartDeal is the extra deal


def _accept_shared_win(ctx: Ctx, state: GameState, a: AcceptSharedWin) -> GameState:
    seats = tied(state)
    if not seats:
        raise ctx.refuse(V.NO_TIE, {})
    return replace(state, shared_win=seats, ended_after=len(state.deals))


DRIVER = Driver({NewSet: _new_set, StartDeal: _start_deal, Play: _play, PlayTrick: _play_trick, Bank: _bank,
                 TakenCards: _taken, PlayAnotherDeal: _another_deal, AcceptSharedWin: _accept_shared_win}, where)


def apply(state: GameState | None, action: Action, *, strict: bool = True) -> GameState:
    """The state after ``action`` (see the module docstring for ``strict``). ``NewSet`` takes
    ``state=None``; every other action needs a set."""
    if state is None and not isinstance(action, NewSet):
        raise TypeError(f"{type(action).__name__} needs a set: apply(new_set(...), ...)")
    return DRIVER.apply(state, action, strict=strict)


def replay(state: GameState, actions: Sequence[Action], *, strict: bool = True) -> GameState:
    """The fold of :func:`apply` over ``actions``."""
    for a in actions:
        state = apply(state, a, strict=strict)
    return state


def new_violations(before: GameState, after: GameState) -> tuple[Violation, ...]:
    """The violations an action added (e.g. a revoke found by this card: show it now)."""
    return after.violations[len(before.violations):]


__all__ = [n for n in dir() if not n.startswith("_")] + ["IllegalAction"]
