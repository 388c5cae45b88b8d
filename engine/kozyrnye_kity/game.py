"""The state of a game of «Козырные киты» and the actions of the table.

A :class:`GameState` is immutable; :func:`apply` takes a state and an action and returns the
new state. Two modes share every rule check:

* ``strict=True`` (live play): an action that breaks a rule raises :class:`IllegalAction` and
  the state is untouched. A revoke (RUL-REVOKE) is not refused — the later card really was in
  the hand — it is recorded in ``state.violations`` for the table to decide.
* ``strict=False`` (replaying a record): every broken rule is recorded as a
  :class:`Violation` and the action is still scored as entered, so one wrong entry does not
  hide the rest of the game. Only input that cannot be scored at all still raises.

Players are seats ``0..n-1`` in clockwise order; names appear only at the edges.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Sequence, Union

from .cards import FIVES_IN_DECK, Bonus, BonusKind, Card, DeckProfile, Family, Token, parse_card
from ..core import scorepad
from ..core.actions import SEAT, Kind, action, per_player, scalar
from ..core.errors import RecordError
from ..core.reading import at_most_number, get, join, show, typed
from ..core.driver import Ctx, Driver, replace
from ..core.seating import names_ok
from ..core.scorepad import EndRule
from .errors import MissingFact, Violation
from .i18n import Count
from .rules import WRONG_LEADER, V, X
from .trick import BonusEvent, Explanation, decide, explain

TRICKS_PER_ROUND = 8  # R-SCORE-1
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # R-SETUP-1
DEFAULT_TARGET = 30  # R-END
FIVE_REWARD_POINTS = 1  # R-FIVE-REWARD
MAX_ROUNDS = 200  # N-RECORD-LIMIT: the most rounds one record holds (record.Limits), refused at entry too
MAX_TALLY = 36  # R-COMP: a tally's pearls or unused bonuses count cards, and the game has 36 (issue 43)


# ---------------------------------------------------------------------------------------------
# How an action is written (engine.core.actions): players by name, cards by id, as in the record
# ---------------------------------------------------------------------------------------------
def read_card(value: str, path: str) -> Card:
    try:
        return parse_card(value)
    except ValueError:
        raise RecordError(path, "r.card", {"value": show(value)}) from None


def read_family(value: str, path: str) -> Family:
    try:
        return Family(value)
    except ValueError:
        raise RecordError(path, "r.family", {"value": show(value)}) from None


def read_token(value: int, path: str) -> Token:
    if value not in (1, 9):
        raise RecordError(path, "r.value", {"value": value, "detail": "1 | 9"})
    return Token(value)


def read_tally(t: Any, path: str) -> tuple[int, int]:
    """One player's counted round (R-SCORE-2): (pearl cards, unused bonuses)."""
    typed(t, dict, path)
    pearls = get(t, "pearls", int, path)
    unused = get(t, "unused_bonuses", int, path)
    if pearls < 0 or unused < 0:
        raise RecordError(path, "r.value", {"value": show(t), "detail": "≥ 0"})
    at_most_number(pearls, MAX_TALLY, join(path, "pearls"), "R-COMP")
    return pearls, at_most_number(unused, MAX_TALLY, join(path, "unused_bonuses"), "R-COMP")


def per_player_error(name: str, path: str) -> RecordError:
    """A value per player must name every player once (the log's and the record's)."""
    return RecordError(path, "r.per-player")


def _per_player(kind: Kind) -> Kind:
    return per_player(kind, per_player_error)


CARD = scalar(str, Card, lambda c: c.id, read_card)
FAMILY = scalar(str, Family, lambda f: f.value, read_family)
TOKEN = scalar(int, Token, int, read_token)
TALLY = Kind(dict, lambda v, players: {"pearls": v[0], "unused_bonuses": v[1]},
             lambda v, players, path: read_tally(v, path))


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------
@action("start_round", trump=FAMILY, token=TOKEN, bonuses=_per_player(CARD), leader=SEAT)
@dataclass(frozen=True, slots=True)
class StartRound:
    """Round setup: first trump and token (R-SETUP-2), each seat's first bonus (R-SETUP-4,
    one card per seat in seat order) and the first player (R-SETUP-5)."""

    trump: Family
    token: Token
    bonuses: tuple[Card, ...]
    leader: int


@action("use", seat=SEAT.at("player"), card=CARD, family=FAMILY)
@dataclass(frozen=True, slots=True)
class UseBonus:
    """A bonus lying in front of ``seat``, used on their turn before their card (R-TRICK-3).
    ``family`` names the family of a change-trump bonus that shows several."""

    seat: int
    card: Card
    family: Family | None = None


@action("play", seat=SEAT.at("player"), card=CARD)
@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card


@action("reward", card=CARD, next_leader=SEAT)
@dataclass(frozen=True, slots=True)
class ChooseReward:
    """The trick winner's reward choice (R-REWARD-1). ``next_leader`` may name the next
    leader at once (R-FIVE-LEAD); otherwise a :class:`ChooseLeader` follows when needed."""

    card: Card
    next_leader: int | None = None


@action("leader", seat=SEAT.at("player"))
@dataclass(frozen=True, slots=True)
class ChooseLeader:
    """The player who played the first 5 names who leads the next trick (R-FIVE-LEAD)."""

    seat: int


@action("tally", tally=_per_player(TALLY))
@dataclass(frozen=True, slots=True)
class TallyRound:
    """A round counted on paper (score-pad mode): per seat (pearl cards, unused bonuses)."""

    tally: tuple[tuple[int, int], ...]


Action = Union[StartRound, UseBonus, PlayCard, ChooseReward, ChooseLeader, TallyRound]


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class Phase(str, enum.Enum):
    SETUP = "setup"              # no round running: StartRound or TallyRound
    PLAY = "play"                # someone must play (possibly using bonuses first)
    REWARD = "reward"            # the trick is complete: the winner chooses a reward
    NEXT_LEADER = "next_leader"  # R-FIVE-LEAD: the first 5's player names the next leader
    OVER = "over"                # the game has a winner (R-END)


class BonusUse(NamedTuple):
    card: Card
    family: Family | None = None


class PlayEntry(NamedTuple):
    seat: int
    card: Card
    uses: tuple[BonusUse, ...] = ()


class TrickResult(NamedTuple):
    """A decided trick, as it stays in the round's history."""

    number: int
    plays: tuple[PlayEntry, ...]
    winner: int
    reward: Card
    gained: int
    next_leader: int | None  # None: not named although R-FIVE-LEAD required it (replay only)
    five_chooser: int | None  # seat of the first 5 when R-FIVE-LEAD gave the choice
    trump: Family  # in force when the trick was decided
    token: Token
    start_trump: Family
    start_token: Token
    events: tuple[BonusEvent, ...] = ()


@dataclass(frozen=True)
class RoundState:
    number: int
    trump: Family
    token: Token
    first_leader: int
    first_bonuses: tuple[Card, ...]
    bonuses: tuple[tuple[Card, ...], ...]  # lying in front of each seat, unused (R-REWARD-2)
    pile: tuple[int, ...]  # points in each seat's pearl pile (R-SCORE-2, RUL-SHORT-PILE)
    leader: int | None  # who must lead the current trick; None: anyone (after a missing choice)
    leader_rule: str = "R-SETUP-5"
    tricks: tuple[TrickResult, ...] = ()
    plays: tuple[PlayEntry, ...] = ()
    pending_uses: tuple[BonusUse, ...] = ()
    start_trump: Family | None = None
    start_token: Token | None = None
    events: tuple[BonusEvent, ...] = ()
    seen: int = 0  # bit set of the family cards seen this round (1 << card.code)
    fives: int = 0
    voids: tuple[tuple[tuple[Family, int], ...], ...] = ()  # per seat: (led family, trick) not followed
    played: int = 0  # bit set of the seats that played in the current trick
    awaiting: TrickResult | None = None  # decided trick waiting for the R-FIVE-LEAD choice
    led: Family | None = None  # the led family of the current trick, once a family card is in

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1


@dataclass(frozen=True, slots=True)
class RoundSummary:
    number: int
    tallied: bool
    pearls: tuple[int, ...]
    unused: tuple[int, ...]
    points: tuple[int, ...]
    detail: RoundState | None = None  # the final state of a played round


@dataclass(frozen=True)
class GameState:
    players: tuple[str, ...]
    target: int = DEFAULT_TARGET
    deck: DeckProfile = field(default_factory=DeckProfile)
    rounds: tuple[RoundSummary, ...] = ()  # closed rounds
    round: RoundState | None = None  # the round being played
    winner: int | None = None
    ended_after: int | None = None  # number of closed rounds when the game ended
    violations: tuple[Violation, ...] = ()
    closed_totals: tuple[int, ...] = ()  # totals over ``rounds`` (kept, so closing a round is O(1))

    @property
    def n(self) -> int:
        return len(self.players)

    def seat(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise X.UNKNOWN_PLAYER.refusal({"player": name}, name, _where(self)) from None


def new_game(players: Sequence[str], target: int = DEFAULT_TARGET, deck: DeckProfile | None = None) -> GameState:
    """A game for 2–4 players in clockwise seating order (R-SETUP-1)."""
    players = tuple(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise X.PLAYERS_COUNT.refusal({"n": len(players)}, players)
    if not names_ok(players):
        raise X.PLAYERS_NAMES.refusal({}, players)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise X.TARGET.refusal({"target": target}, target)
    return GameState(players, target, deck if deck is not None else DeckProfile())


# ---------------------------------------------------------------------------------------------
# Queries: what may happen next
# ---------------------------------------------------------------------------------------------
def phase(state: GameState) -> Phase:
    r = state.round
    if r is None:
        return Phase.OVER if state.winner is not None else Phase.SETUP
    if r.awaiting is not None:
        return Phase.NEXT_LEADER
    if len(r.plays) >= state.n and not r.pending_uses:
        return Phase.REWARD
    return Phase.PLAY


def to_act(state: GameState) -> int | None:
    """The seat whose turn it is to use bonuses and play (R-TRICK-1), or None."""
    r = state.round
    if r is None or phase(state) is not Phase.PLAY:
        return None
    if not r.plays:
        return r.leader
    return (r.plays[-1].seat + 1) % state.n


def usable_bonuses(state: GameState, seat: int) -> tuple[Card, ...]:
    """The bonuses ``seat`` may use now: those in front of them, on their turn (R-TRICK-3)."""
    if to_act(state) != seat:
        return ()
    return state.round.bonuses[seat]


@dataclass(frozen=True, slots=True)
class RewardOption:
    card: Card
    seat: int  # who played it
    pearls: int | None  # None: unknown, the app must ask (deck facts)


def trick_winner(state: GameState) -> int | None:
    """The winner of the complete current trick (REWARD phase), else None."""
    r = state.round
    if r is None or not r.plays or phase(state) is not Phase.REWARD:
        return None
    return r.plays[decide([p.card for p in r.plays], r.trump, r.token)].seat


def current_explanation(state: GameState) -> Explanation | None:
    """Why the current, complete trick goes to its winner (R-WIN-…), or None."""
    r = state.round
    if trick_winner(state) is None:
        return None
    return explain([state.players[p.seat] for p in r.plays], [p.card for p in r.plays], r.trump, r.token,
                   start_trump=r.start_trump or r.trump, start_token=r.start_token or r.token, events=r.events)


def explain_trick(state: GameState, t: TrickResult) -> Explanation:
    return explain([state.players[p.seat] for p in t.plays], [p.card for p in t.plays], t.trump, t.token,
                   start_trump=t.start_trump, start_token=t.start_token, events=t.events)


def reward_options(state: GameState) -> tuple[RewardOption, ...]:
    """The cards the winner may choose (R-REWARD-1): any card another player played, in play
    order — each 5 too, with whose it is; a 5 is worth 1 point (R-FIVE-REWARD), whichever of
    them is taken (no bonus lies in front of its player, so the choice is the same)."""
    w = trick_winner(state)
    if w is None:
        return ()
    return tuple(RewardOption(p.card, p.seat, FIVE_REWARD_POINTS if p.card.is_five else state.deck.pearls(p.card))
                 for p in state.round.plays if p.seat != w)


def leader_chooser(state: GameState) -> int | None:
    """Who must name the next leader now (R-FIVE-LEAD), or None."""
    r = state.round
    return r.awaiting.five_chooser if r is not None and r.awaiting is not None else None


def unseen_cards(state: GameState) -> tuple[Card, ...]:
    """Cards that may still turn up this round: not yet played nor placed as a first bonus
    (R-COMP), with the 5 while fewer than four were seen (none with two players, R-SETUP-1)."""
    from .cards import deck_for

    r = state.round
    seen = r.seen if r else 0
    fives = r.fives if r else 0
    out = [c for c in deck_for(state.n) if not c.is_five and not seen >> c.code & 1]
    if state.n > 2 and fives < FIVES_IN_DECK:
        out.append(Card(None, 5))
    return tuple(out)


def round_points(r: RoundState) -> tuple[int, ...]:
    """R-SCORE-2: 1 point per pearl card plus 1 per pair of unused bonuses."""
    return tuple(p + len(b) // 2 for p, b in zip(r.pile, r.bonuses))


def totals(state: GameState, include_current: bool = False) -> tuple[int, ...]:
    t = list(state.closed_totals) if state.closed_totals else [0] * state.n
    if include_current and state.round is not None:
        for i, p in enumerate(round_points(state.round)):
            t[i] += p
    return tuple(t)


def suggested_leader(state: GameState) -> int | None:
    """RUL-NEXT-ROUND-LEADER: the player to the left (next clockwise) of the previous round's
    first player; None for the first round or after a tallied round (R-SETUP-5: the table)."""
    if not state.rounds or state.rounds[-1].detail is None:
        return None
    return (state.rounds[-1].detail.first_leader + 1) % state.n


def end_of_game(points_by_round: Sequence[Sequence[int]], target: int) -> tuple[int | None, int | None]:
    """(winner seat, rounds played) at the first round end where one player alone has the
    highest total among totals ≥ target (R-END, RUL-WINNER-MANY); (None, None) if none yet."""
    if not points_by_round:
        return None, None
    return scorepad.decide(points_by_round, len(points_by_round[0]), EndRule(target=target))


def _where(state: GameState) -> str:
    r = state.round
    if r is None:
        return f"{len(state.rounds)} rounds closed, phase {phase(state).value}"
    seat = to_act(state)
    who = state.players[seat] if seat is not None else "-"
    return (f"round {r.number}, trick {r.trick_number}, phase {phase(state).value}, trump {r.trump.value}, "
            f"token {int(r.token)}, to act {who}, cards in trick {[p.card.id for p in r.plays]}")


# ---------------------------------------------------------------------------------------------
# Applying actions
# ---------------------------------------------------------------------------------------------
_DRIVER = Driver({}, _where)  # the handlers are bound at the end of the module


def apply(state: GameState, action: Action, *, strict: bool = True) -> GameState:
    """The state after ``action``; see the module docstring for ``strict``."""
    return _DRIVER.apply(state, action, strict=strict)


def replay(state: GameState, actions: Sequence[Action], *, strict: bool = True) -> GameState:
    """The fold of :func:`apply` over ``actions``."""
    return _DRIVER.replay(state, actions, strict=strict)


def _check_seat(ctx: Ctx, state: GameState, seat: Any) -> int:
    if seat.__class__ is not int or not 0 <= seat < len(state.players):
        raise ctx.refuse(X.UNKNOWN_PLAYER, {"player": seat})
    return seat


def _close_open_round(ctx: Ctx, state: GameState) -> GameState:
    """Before a new round: refuse while one is running (strict), or close it short (replay)."""
    r = state.round
    if r is None:
        return state
    if ctx.strict:
        raise ctx.refuse(X.ROUND_RUNNING, {"tricks": Count(len(r.tricks), "trick")})
    state = _resolve_missing_leader(ctx, state)
    r = state.round
    ctx.violate(V.ROUND_LENGTH_FEWER, {"round": r.number, "tricks": Count(len(r.tricks), "trick_gen")}, round=r.number, trick=None, player=None)
    return _close_round(state, r)


def _check_not_over(ctx: Ctx, state: GameState) -> None:
    if state.winner is not None:
        n = len(state.rounds) + 1
        if ctx.strict:
            raise ctx.refuse(X.GAME_OVER, {"player": state.players[state.winner]})
        ctx.violate(V.PLAY_AFTER_END, {"ended": state.ended_after, "round": n},
                    round=n, trick=None, player=None)


def first_bonus_problems(state: GameState, seat: int, card: Card, others: Sequence[Card]) -> list[tuple[V, dict]]:
    """Why ``card`` cannot lie in front of ``seat`` as its first bonus next to the ``others``
    (R-SETUP-4): (registry entry, params) for each broken rule — a 5 has no bonus
    (RUL-FIVE-BONUS; in a 2-player game there are no 5s at all, R-SETUP-1), and every card
    exists once (R-COMP)."""
    out = []
    if card.is_five:
        if state.n == 2:
            out.append((V.FIVE_IN_TWO_PLAYER, {}))
        out.append((V.FIVE_AS_BONUS, {"player": state.players[seat]}))
    elif any(c == card for c in others):
        out.append((V.DUPLICATE_CARD, {"card": card}))
    return out


def _check_room(ctx: Ctx, state: GameState) -> None:
    """N-RECORD-LIMIT: a new round the game's record could not hold is refused."""
    if len(state.rounds) >= MAX_ROUNDS:
        raise ctx.full("rounds", MAX_ROUNDS, "N-RECORD-LIMIT")


def _start_round(ctx: Ctx, state: GameState, a: StartRound) -> GameState:
    state = _close_open_round(ctx, state)
    _check_not_over(ctx, state)
    _check_room(ctx, state)
    if len(a.bonuses) != state.n or not all(isinstance(c, Card) for c in a.bonuses):
        raise ctx.refuse(X.BONUSES_PER_PLAYER, {})
    if not isinstance(a.trump, Family) or not isinstance(a.token, Token):
        raise ctx.refuse(X.SETUP_TRUMP, {})
    leader = _check_seat(ctx, state, a.leader)
    number = len(state.rounds) + 1
    seen = fives = 0
    for seat, card in enumerate(a.bonuses):
        for rule, params in first_bonus_problems(state, seat, card, a.bonuses[:seat]):
            ctx.violate(rule, params, round=number, trick=None, player=seat)
        if card.is_five:
            fives += 1
        else:
            seen |= 1 << card.code
    r = RoundState(
        number=number, trump=a.trump, token=a.token, first_leader=leader, first_bonuses=tuple(a.bonuses),
        bonuses=tuple((c,) for c in a.bonuses), pile=(0,) * state.n, leader=leader,
        start_trump=a.trump, start_token=a.token, seen=seen, fives=fives,
        voids=((),) * state.n,
    )
    return replace(state, round=r)


def _tally_round(ctx: Ctx, state: GameState, a: TallyRound) -> GameState:
    state = _close_open_round(ctx, state)
    _check_not_over(ctx, state)
    _check_room(ctx, state)
    ok = len(a.tally) == state.n and all(
        len(t) == 2 and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_TALLY for x in t)
        for t in a.tally)  # R-COMP: no pile or row of bonuses holds more than the game's 36 cards
    if not ok:
        raise ctx.refuse(X.TALLY, {})
    pearls = tuple(t[0] for t in a.tally)
    unused = tuple(t[1] for t in a.tally)
    points = tuple(p + u // 2 for p, u in a.tally)  # R-SCORE-2
    summary = RoundSummary(len(state.rounds) + 1, True, pearls, unused, points)
    return _with_closed(state, summary)


def _close_round(state: GameState, r: RoundState) -> GameState:
    unused = tuple(len(b) for b in r.bonuses)
    summary = RoundSummary(r.number, False, r.pile, unused, round_points(r), r)
    return _with_closed(replace(state, round=None), summary)


def _with_closed(state: GameState, summary: RoundSummary) -> GameState:
    """Close a round. Only the new round end can make a winner: at every earlier one nobody
    was alone at the top at or above the target (else ``winner`` would be set), so the check
    of R-END / RUL-WINNER-MANY costs the same however long the game (replay stays linear)."""
    rounds = state.rounds + (summary,)
    before = state.closed_totals or (0,) * state.n
    total = tuple(a + b for a, b in zip(before, summary.points))
    winner, ended = state.winner, state.ended_after
    if winner is None:
        winner = scorepad.winner_after(total, len(rounds), EndRule(target=state.target))
        ended = len(rounds) if winner is not None else None
    return replace(state, rounds=rounds, winner=winner, ended_after=ended, closed_totals=total)


def _reopen_round(ctx: Ctx, state: GameState) -> GameState:
    """Replay only: a trick after the 8th of a round (R-SCORE-1): report, keep scoring it."""
    last = state.rounds[-1] if state.rounds else None
    if ctx.strict or last is None or last.detail is None:
        if state.winner is not None:
            raise ctx.refuse(X.GAME_OVER, {"player": state.players[state.winner]})
        raise ctx.refuse(X.NO_ROUND, {})
    r = last.detail
    ctx.violate(V.ROUND_LENGTH_MORE, {}, round=r.number, trick=r.trick_number, player=None)
    rounds = state.rounds[:-1]
    winner, ended = end_of_game([s.points for s in rounds], state.target)
    total = tuple(a - b for a, b in zip(state.closed_totals or (0,) * state.n, last.points))
    return replace(state, rounds=rounds, round=r, winner=winner, ended_after=ended, closed_totals=total)


def _resolve_missing_leader(ctx: Ctx, state: GameState) -> GameState:
    """Replay only: the next entry came while R-FIVE-LEAD still waited for a choice."""
    r = state.round
    if r is None or r.awaiting is None:
        return state
    t = r.awaiting
    ctx.violate(V.MISSING_NEXT_LEADER, {"chooser": state.players[t.five_chooser]}, round=r.number, trick=t.number, player=t.five_chooser)
    return _finish_trick(state, replace(r, awaiting=None), t, None, "R-FIVE-LEAD")


def _ready_to_play(ctx: Ctx, state: GameState, seat: int) -> GameState:
    """The round state in which ``seat`` may act, or a refusal naming what comes first."""
    if state.round is None:
        if state.winner is not None and ctx.strict:
            raise ctx.refuse(X.GAME_OVER, {"player": state.players[state.winner]})
        state = _reopen_round(ctx, state)
    r = state.round
    if r.awaiting is not None:
        if ctx.strict:
            raise ctx.refuse(X.AWAIT_LEADER, {"player": state.players[r.awaiting.five_chooser]})
        state = _resolve_missing_leader(ctx, state)
        if state.round is None:
            state = _reopen_round(ctx, state)
    return state


def _turn_check(ctx: Ctx, state: GameState, seat: int) -> None:
    """R-TRICK-1 (clockwise from the leader) and R-REWARD-4 / R-FIVE-LEAD (who leads)."""
    r = state.round
    plays = r.plays
    if not plays:
        if r.leader is not None and seat != r.leader:
            ctx.violate(WRONG_LEADER[r.leader_rule],
                        {"expected": state.players[r.leader], "player": state.players[seat], "rule": r.leader_rule},
                        round=r.number, trick=r.trick_number, player=seat)
        return
    expected = (plays[-1].seat + 1) % len(state.players)  # clockwise from the previous card
    if r.played >> seat & 1:
        ctx.violate(V.TURN_ORDER_TWICE, {"player": state.players[seat]},
                    round=r.number, trick=r.trick_number, player=seat)
    elif seat != expected:
        ctx.violate(V.TURN_ORDER, {"expected": state.players[expected], "player": state.players[seat]},
                    round=r.number, trick=r.trick_number, player=seat)


def _use_bonus(ctx: Ctx, state: GameState, a: UseBonus) -> GameState:
    seat = _check_seat(ctx, state, a.seat)
    state = _ready_to_play(ctx, state, seat)
    r = state.round
    if ctx.strict:
        if phase(state) is not Phase.PLAY:
            raise ctx.refuse(X.AWAIT_REWARD, {"player": state.players[trick_winner(state)]})
        expected = to_act(state)
        if expected is not None and seat != expected:
            raise ctx.refuse(X.BONUS_NOT_YOUR_TURN, {"player": state.players[seat], "expected": state.players[expected]})
    if a.card.is_five:
        raise ctx.refuse(X.FIVE_HAS_NO_BONUS, {})
    mine = r.bonuses[seat]
    if a.card not in mine:
        ctx.violate(V.BONUS_NOT_AVAILABLE, {"card": a.card, "player": state.players[seat]}, round=r.number, trick=r.trick_number, player=seat)
    bonus: Bonus | None = state.deck.bonus(a.card)
    if bonus is None:
        raise MissingFact(a.card, "bonus", a, _where(state))
    trump, token, pile = r.trump, r.token, r.pile
    name = state.players[seat]
    family = None
    if bonus.kind is BonusKind.TRUMP:  # R-BONUS-TRUMP
        if a.family is not None and a.family not in bonus.families:
            raise ctx.refuse(X.BONUS_FAMILY_WRONG, {"card": a.card, "family": a.family})
        if a.family is None and len(bonus.families) > 1:
            raise ctx.refuse(X.BONUS_FAMILY_NEEDED, {"card": a.card, "families": bonus.families})
        family = a.family or bonus.families[0]
        event = BonusEvent(name, a.card, "same_trump" if family is trump else "trump", family=family)
        trump = family  # RUL-BONUS-SAME-TRUMP: same family allowed, changes nothing
    elif bonus.kind is BonusKind.FLIP:  # R-BONUS-FLIP
        token = token.flipped()
        event = BonusEvent(name, a.card, "flip", token=token)
    else:  # R-BONUS-PEARL
        pile = pile[:seat] + (pile[seat] + 1,) + pile[seat + 1:]
        event = BonusEvent(name, a.card, "pearl")
    if a.card in mine:
        i = mine.index(a.card)
        mine = mine[:i] + mine[i + 1:]
    bonuses = r.bonuses[:seat] + (mine,) + r.bonuses[seat + 1:]
    use = BonusUse(a.card, a.family if len(bonus.families) > 1 else None)
    r = replace(r, trump=trump, token=token, pile=pile, bonuses=bonuses,
                pending_uses=r.pending_uses + (use,), events=r.events + (event,))
    return replace(state, round=r)


def _play_card(ctx: Ctx, state: GameState, a: PlayCard) -> GameState:
    seat = _check_seat(ctx, state, a.seat)
    r = state.round
    if r is None or r.awaiting is not None:
        state = _ready_to_play(ctx, state, seat)
        r = state.round
    if ctx.strict and phase(state) is Phase.REWARD:
        raise ctx.refuse(X.AWAIT_REWARD, {"player": state.players[trick_winner(state)]})
    _turn_check(ctx, state, seat)
    card = a.card
    family = card.family
    seen, fives = r.seen, r.fives
    if family is None:
        if len(state.players) == 2:
            ctx.violate(V.FIVE_IN_TWO_PLAYER, {},
                        round=r.number, trick=r.trick_number, player=seat)
        elif fives >= FIVES_IN_DECK:
            ctx.violate(V.DUPLICATE_FIVE, {}, round=r.number, trick=r.trick_number, player=seat)
        fives += 1
    else:
        if seen >> card.code & 1:
            ctx.violate(V.DUPLICATE_CARD, {"card": card},
                        round=r.number, trick=r.trick_number, player=seat)
        seen |= 1 << card.code
    voids, led = r.voids, r.led
    if family is not None:
        mine = voids[seat]
        if mine:
            # RUL-REVOKE: a card of a family this player did not follow earlier proves the revoke
            proved = [k for fam, k in mine if fam is family]
            if proved:
                t = r.trick_number
                for k in proved:
                    ctx.violate(V.REVOKE, {"player": state.players[seat], "family": family, "trick": k, "proof_trick": t, "card": card},
                                round=r.number, trick=k, player=seat, refusable=False)
                mine = tuple(v for v in mine if v[0] is not family)
        if led is None:
            led = family  # the led family: the first family card of the trick (R-FIVE-2)
        elif family is not led:  # did not follow (R-TRICK-2), unless void: proved later
            mine = mine + ((led, r.trick_number),)
        if mine is not voids[seat]:
            voids = voids[:seat] + (mine,) + voids[seat + 1:]
    r = replace(r, plays=r.plays + (PlayEntry(seat, card, r.pending_uses),), pending_uses=(), seen=seen, fives=fives,
                voids=voids, led=led, played=r.played | 1 << seat)
    return replace(state, round=r)


def _choose_reward(ctx: Ctx, state: GameState, a: ChooseReward) -> GameState:
    r = state.round
    if r is None:
        if state.winner is not None:
            raise ctx.refuse(X.GAME_OVER, {"player": state.players[state.winner]})
        raise ctx.refuse(X.NO_ROUND, {})
    if r.awaiting is not None:
        raise ctx.refuse(X.AWAIT_LEADER, {"player": state.players[r.awaiting.five_chooser]})
    if not r.plays or r.pending_uses or (ctx.strict and len(r.plays) < state.n):
        seat = to_act(state)
        raise ctx.refuse(X.TRICK_NOT_COMPLETE, {"player": state.players[seat] if seat is not None else "-"})
    t = r.trick_number
    if len(r.plays) < state.n:
        played = {p.seat for p in r.plays}
        missing = [state.players[s] for s in range(state.n) if s not in played]
        ctx.violate(V.TURN_ORDER_MISSING, {"players": missing},
                    round=r.number, trick=t, player=None)
    cards = [p.card for p in r.plays]
    winner = r.plays[decide(cards, r.trump, r.token)].seat
    card = a.card
    owner: int | None = None
    own = False
    for p in r.plays:
        if p.card == card:
            if p.seat != winner:
                owner = p.seat
                break
            own = True
    if owner is None:
        if own:
            ctx.violate(V.REWARD_OWN_CARD, {"player": state.players[winner], "card": card}, round=r.number, trick=t, player=winner)
            owner = winner
        else:
            ctx.violate(V.REWARD_NOT_IN_TRICK, {"card": card},
                        round=r.number, trick=t, player=winner)
    if card.is_five:
        gained = FIVE_REWARD_POINTS  # R-FIVE-REWARD: 1 point, the 5 goes to the pile, no bonus
    else:
        gained = state.deck.pearls(card)
        if gained is None:
            raise MissingFact(card, "pearls", a, _where(state))
    pile = r.pile[:winner] + (r.pile[winner] + gained,) + r.pile[winner + 1:]
    bonuses = r.bonuses
    if owner is not None and not card.is_five:  # R-REWARD-2: the card lies in front of its player
        bonuses = bonuses[:owner] + (bonuses[owner] + (card,),) + bonuses[owner + 1:]
    first_five = next((p.seat for p in r.plays if p.card.is_five), None)
    chooser = first_five if (first_five is not None and not card.is_five) else None  # R-FIVE-LEAD
    result = TrickResult(t, r.plays, winner, card, gained, winner, chooser, r.trump, r.token,
                         r.start_trump or r.trump, r.start_token or r.token, r.events)
    r = replace(r, pile=pile, bonuses=bonuses)
    nl = a.next_leader
    if nl is not None:
        nl = _check_seat(ctx, state, nl)
    if chooser is not None:
        if nl is not None:
            return _finish_trick(state, r, result, nl, "R-FIVE-LEAD")
        if t >= TRICKS_PER_ROUND:  # no next trick in this round (R-SCORE-1): nothing to choose
            return _finish_trick(state, r, result, winner, "R-REWARD-4")
        return replace(state, round=replace(r, awaiting=result))
    if nl is not None and nl != winner:
        ctx.violate(V.WRONG_NEXT_LEADER, {"expected": state.players[winner], "player": state.players[nl]}, round=r.number, trick=t, player=nl)
    return _finish_trick(state, r, result, winner, "R-REWARD-4")


def _choose_leader(ctx: Ctx, state: GameState, a: ChooseLeader) -> GameState:
    r = state.round
    if r is None or r.awaiting is None:
        raise ctx.refuse(X.NO_LEADER_CHOICE, {})
    seat = _check_seat(ctx, state, a.seat)
    return _finish_trick(state, replace(r, awaiting=None), r.awaiting, seat, "R-FIVE-LEAD")


def _finish_trick(state: GameState, r: RoundState, result: TrickResult, next_leader: int | None, rule: str) -> GameState:
    if result.next_leader != next_leader:
        result = result._replace(next_leader=next_leader)
    r = replace(r, tricks=r.tricks + (result,), plays=(), pending_uses=(), events=(), awaiting=None, led=None, played=0,
                leader=next_leader, leader_rule=rule, start_trump=r.trump, start_token=r.token)
    if len(r.tricks) >= TRICKS_PER_ROUND:  # R-SCORE-1: the round ends after 8 tricks
        return _close_round(state, r)
    return replace(state, round=r)


_DRIVER.handlers.update({
    StartRound: _start_round,
    TallyRound: _tally_round,
    UseBonus: _use_bonus,
    PlayCard: _play_card,
    ChooseReward: _choose_reward,
    ChooseLeader: _choose_leader,
})
