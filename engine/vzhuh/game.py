"""The score pad of «Вжух!»: a game of parties, each closed with every player's penalty.

A :class:`GameState` is immutable; :func:`apply` takes a state and an action and returns the
new state (:class:`engine.core.driver.Driver`). Two modes share every check:

* ``strict=True`` (live entry): a party that breaks a rule raises
  :class:`~engine.core.errors.IllegalAction` and the state is unchanged.
* ``strict=False`` (record replay): each broken rule is recorded in ``state.violations`` and
  the party is scored as entered, so one wrong entry does not hide the rest of the game.

Input that cannot be scored at all (a player missing or twice, a count that is not a
non-negative whole number, a number not on any card) is refused in both modes.

Where each rule lives here: VZ-SETUP-4 (first player) in :func:`new_game`; VZ-SCORE and
VZ-J-PENALTY in :func:`penalty_points`; VZ-CHECK, VZ-COMP and RUL-VZ-JOKERS in
:func:`_record_party`; VZ-NEXT and RUL-VZ-NEXT-TIE in :func:`next_starter`; VZ-GAME, VZ-TIE and
RUL-VZ-TIE in :data:`END_RULE`, :func:`winner` and :func:`tied`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple, Sequence, Union

from engine.core import scorepad
from engine.core.actions import Kind, action, per_player
from engine.core.driver import Ctx, Driver, replace
from engine.core.errors import RecordError, Violation
from engine.core.i18n import Count
from engine.core.reading import NO_EXTRA, at_most_number, extra, get, join, quote, show, show_any, typed
from engine.core.seating import first_from, seat_of

from .deck import (
    DECK_COUNTS, JOKER_PENALTY, JOKERS, MAX_PARTY_SUM, MAX_PLAYERS, MIN_PLAYERS, NUMBERS, REACHABLE, card_points,
    reachable, reachable_with,
)
from .rules import V

# VZ-GAME: three parties, the lowest total wins; VZ-TIE / RUL-VZ-TIE: a shared lowest total
# plays extra parties (all players, adding to the totals) until one player alone is lowest.
PARTIES = 3
END_RULE = scorepad.EndRule(rounds=PARTIES, low_wins=True)


# ---------------------------------------------------------------------------------------------
# Penalties and actions
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cards:
    """A penalty entered card by card: ``counts`` number → how many cards, and jokers."""

    counts: Mapping[int, int]
    jokers: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.counts, Mapping) and not isinstance(self.counts, MappingProxyType):
            object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))

    def __hash__(self) -> int:
        return hash((frozenset(self.counts.items()), self.jokers))

    @property
    def points(self) -> int:
        return penalty_points(self)


@dataclass(frozen=True, slots=True)
class Points:
    """A penalty entered as a plain number of points."""

    n: int

    @property
    def points(self) -> int:
        return self.n


Penalty = Union[Cards, Points]


@dataclass(frozen=True, slots=True)
class NewGame:
    """A new game: the players in clockwise seating order and the first player of party 1
    (a seat or a name; VZ-SETUP-4). ``apply(None, NewGame(...))`` is :func:`new_game`."""

    players: tuple[str, ...]
    first: int | str


# ---------------------------------------------------------------------------------------------
# How a penalty is written (engine.core.actions): the record's penalty object, in the log as in
# the record (docs/records/vzhuh.md)
# ---------------------------------------------------------------------------------------------
_NUMBER_KEYS = {str(n): n for n in NUMBERS}
_NUMBERS_TEXT = ", ".join(map(str, NUMBERS))


@dataclass(frozen=True, slots=True)
class RecordPenalty:
    """One player's penalty as written: ``points``, or ``cards`` (number → count, in the file's
    order) and/or ``jokers``. None: the key is absent."""

    points: int | None = None
    cards: tuple[tuple[int, int], ...] | None = None
    jokers: int | None = None
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)

    def penalty(self) -> Penalty:
        if self.points is not None:
            return Points(self.points)
        return Cards(dict(self.cards or ()), self.jokers or 0)


def _count(obj: Mapping, key: str, path: str) -> int:
    v = typed(obj[key], int, join(path, key))
    if v < 0:
        raise RecordError(join(path, key), "r.value", {"value": v, "detail": "≥ 0"})
    return at_most_number(v, MAX_NUMBER, join(path, key), "VZ-CHECK, N-VZ-RECORD-LIMIT")


def parse_penalty(value: Any, path: str) -> RecordPenalty:
    """One penalty object → :class:`RecordPenalty` (unknown keys kept), or :class:`RecordError`."""
    obj = typed(value, dict, path)
    has_cards = "cards" in obj or "jokers" in obj
    if "points" in obj:
        if has_cards:
            raise RecordError(path, "vz.r.penalty-both")
        return RecordPenalty(points=_count(obj, "points", path), extra=extra(obj, {"points"}))
    if not has_cards:
        raise RecordError(path, "vz.r.penalty-none")
    cards = None
    if "cards" in obj:
        cpath = join(path, "cards")
        raw = get(obj, "cards", dict, path)
        items = []
        for key in raw:
            if key not in _NUMBER_KEYS:
                raise RecordError(join(cpath, key), "vz.r.number", {"value": show(key), "numbers": _NUMBERS_TEXT})
            items.append((_NUMBER_KEYS[key], _count(raw, key, cpath)))
        cards = tuple(items)
    jokers = _count(obj, "jokers", path) if "jokers" in obj else None
    return RecordPenalty(cards=cards, jokers=jokers, extra=extra(obj, {"cards", "jokers"}))


def record_penalty_json(p: RecordPenalty) -> dict:
    """A :class:`RecordPenalty` as written (inverse of :func:`parse_penalty`)."""
    out: dict[str, Any] = {}
    if p.points is not None:
        out["points"] = p.points
    if p.cards is not None:
        out["cards"] = {str(n): c for n, c in p.cards}
    if p.jokers is not None:
        out["jokers"] = p.jokers
    out.update(p.extra)
    return out


def penalty_to_record(p: Penalty) -> RecordPenalty:
    if isinstance(p, Points):
        return RecordPenalty(points=p.n)
    return RecordPenalty(cards=tuple(sorted(p.counts.items())), jokers=p.jokers)


def per_player_error(name: str, path: str) -> RecordError:
    """A party's penalties must name every player once (the log's and the record's)."""
    return RecordError(path, "vz.r.per-player", {"player": quote(name)})


def _penalty_json(p: Any, players: Sequence[str]) -> Any:
    """A penalty as the record writes it (card by card: both ``cards`` and ``jokers``); a value
    as a screen sent it is written as it is (checked when it is read)."""
    return record_penalty_json(penalty_to_record(p)) if isinstance(p, (Cards, Points)) else p


def _penalty_of(value: Any, players: Sequence[str], path: str) -> Penalty:
    """One penalty object → :class:`Penalty` (unknown keys are not kept)."""
    return parse_penalty(value, path).penalty()


# A party in the log is the record's party with a "type" (engine.core.actions): penalties by name.
PENALTIES = per_player(Kind(dict, _penalty_json, _penalty_of), per_player_error)


@action("party", penalties=PENALTIES)
@dataclass(frozen=True, slots=True)
class RecordParty:
    """A closed party: every player's penalty. ``penalties`` is a sequence in seat order, or
    a mapping seat-or-name → penalty with every player exactly once (VZ-CHECK). The party's
    starter is computed (VZ-SETUP-4, VZ-NEXT), never entered."""

    penalties: Sequence[Penalty] | Mapping[int | str, Penalty]


Action = Union[NewGame, RecordParty]


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class Party(NamedTuple):
    number: int                        # 1-based
    starter: int                       # seat that started it (VZ-SETUP-4 / VZ-NEXT)
    penalties: tuple[Penalty, ...]     # by seat, as entered
    points: tuple[int, ...]            # by seat (VZ-SCORE)

    @property
    def extra(self) -> bool:
        """An extra party after a tie (VZ-TIE)."""
        return self.number > PARTIES


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[str, ...]
    first: int                                  # seat of the first player of party 1 (VZ-SETUP-4)
    parties: tuple[Party, ...] = ()
    violations: tuple[Violation, ...] = ()
    winner: int | None = None                   # seat, once the game is over (VZ-GAME)
    ended_after: int | None = None              # number of parties when the game ended
    totals: tuple[int, ...] = ()                # over ``parties`` (kept, so a party is O(players))

    @property
    def n(self) -> int:
        return len(self.players)


def new_game(players: Sequence[str], first: int | str = 0) -> GameState:
    """A game for 2–8 players (RUL-VZ-PLAYERS) in clockwise seating order; ``first`` (a seat or
    a name) starts party 1 (VZ-SETUP-4: the player whose age is closest to 60, or the table's
    choice). Bad input raises :class:`IllegalAction`."""
    return apply(None, NewGame(tuple(players) if not isinstance(players, str) else (players,), first))


def _new_game(ctx: Ctx, state: None, a: NewGame) -> GameState:
    players = ctx.players(a.players, MIN_PLAYERS, MAX_PLAYERS, V.PLAYERS_COUNT, V.PLAYERS_NAMES)  # RUL-VZ-PLAYERS
    seat = ctx.seat(a.first, players, V.FIRST_PLAYER, "first")  # VZ-SETUP-4
    return GameState(players, seat, totals=(0,) * len(players))


# ---------------------------------------------------------------------------------------------
# Queries
# ---------------------------------------------------------------------------------------------
def penalty_points(p: Penalty) -> int:
    """VZ-SCORE: the sum of the numbers on the penalty cards + 60 per joker (VZ-J-PENALTY);
    a penalty entered as a number counts as entered."""
    if isinstance(p, Points):
        return p.n
    return card_points(p.counts, p.jokers)


def party_points(state: GameState, number: int) -> tuple[int, ...]:
    """Each seat's penalty in party ``number`` (1-based), VZ-SCORE."""
    return state.parties[number - 1].points


def totals(state: GameState) -> tuple[int, ...]:
    """Each seat's total penalty over the parties closed so far."""
    return state.totals or (0,) * state.n


class Standing(NamedTuple):
    place: int   # 1 = lowest total; equal totals share a place (1, 1, 3…)
    seat: int
    total: int


def standings(state: GameState) -> tuple[Standing, ...]:
    """The players in rank order, lowest total first (VZ-GAME); equal totals in seat order."""
    t = totals(state)
    order = sorted(range(state.n), key=lambda s: (t[s], s))
    out: list[Standing] = []
    for i, s in enumerate(order):
        place = out[-1].place if out and out[-1].total == t[s] else i + 1
        out.append(Standing(place, s, t[s]))
    return tuple(out)


def starter_after(points: Sequence[int], previous_starter: int) -> int:
    """VZ-NEXT: the player with the most penalty points in the party just played starts the
    next; RUL-VZ-NEXT-TIE: of several, the first clockwise from that party's starter."""
    top = max(points)
    return first_from([s for s, p in enumerate(points) if p == top], previous_starter, len(points))


def next_starter(state: GameState) -> int | None:
    """Who starts the next party: party 1 the chosen first player (VZ-SETUP-4), later ones by
    VZ-NEXT / RUL-VZ-NEXT-TIE; None once the game is over."""
    if state.winner is not None:
        return None
    if not state.parties:
        return state.first
    last = state.parties[-1]
    return starter_after(last.points, last.starter)


def is_over(state: GameState) -> bool:
    return state.winner is not None


def winner(state: GameState) -> int | None:
    """The seat with the lowest total once at least 3 parties are played and nobody shares it
    (VZ-GAME, VZ-TIE, RUL-VZ-TIE); None before."""
    return state.winner


def tied(state: GameState) -> tuple[int, ...]:
    """The seats sharing the lowest total after 3 parties or more: an extra party is played
    (VZ-TIE; RUL-VZ-TIE: by all players). Empty before the 3rd party and after the end."""
    if state.winner is not None:
        return ()
    return scorepad.tied_best(totals(state), len(state.parties), END_RULE)


def where(state: GameState | None) -> str:
    """One line about a state, for error messages."""
    if state is None:
        return "no game yet"
    t = dict(zip(state.players, totals(state)))
    nxt = next_starter(state)
    end = (f"over, winner {state.players[state.winner]}" if state.winner is not None
           else f"next starter {state.players[nxt]}")
    return f"{len(state.parties)} parties closed, totals {t}, {end}"


# ---------------------------------------------------------------------------------------------
# Applying actions
# ---------------------------------------------------------------------------------------------
def _by_seat(ctx: Ctx, state: GameState, penalties: Any) -> tuple[Any, ...]:
    """The party's penalties in seat order; every player exactly once (VZ-CHECK)."""
    n = state.n
    if isinstance(penalties, Mapping):
        out: list[Any] = [None] * n
        seen = [False] * n
        for key, p in penalties.items():
            seat = seat_of(key, state.players)
            if seat is None:
                raise ctx.refuse(V.PARTY_PLAYERS, {"detail": show_any(key)})
            if seen[seat]:
                raise ctx.refuse(V.PARTY_PLAYERS, {"detail": quote(state.players[seat])})
            seen[seat], out[seat] = True, p
        missing = [quote(state.players[s]) for s in range(n) if not seen[s]]
        if missing:
            raise ctx.refuse(V.PARTY_PLAYERS, {"detail": ", ".join(missing)})
        return tuple(out)
    if isinstance(penalties, (str, bytes)) or not isinstance(penalties, Sequence) or len(penalties) != n:
        got = len(penalties) if isinstance(penalties, Sequence) else show_any(penalties)
        raise ctx.refuse(V.PARTY_PLAYERS, {"detail": f"{n} ≠ {got}"})
    return tuple(penalties)


def _whole(x: Any) -> bool:
    return x.__class__ is int and x >= 0


def _check_penalty(ctx: Ctx, state: GameState, seat: int, p: Any) -> None:
    """A penalty that can be scored at all: counts and points are non-negative whole numbers,
    numbers are the deck's (VZ-SCORE)."""
    if isinstance(p, Points):
        ok = _whole(p.n)
    elif isinstance(p, Cards):
        ok = (isinstance(p.counts, Mapping) and _whole(p.jokers)
              and all(k.__class__ is int and k in DECK_COUNTS and _whole(c) for k, c in p.counts.items()))
    else:
        ok = False
    if not ok:
        raise ctx.refuse(V.BAD_PENALTY, {"player": quote(state.players[seat]), "value": show_any(repr(p))})


def _left_after(penalties: Sequence[Any], seat: int) -> tuple[dict[int, int], int]:
    """The deck's cards (VZ-COMP) less those entered card by card for the players other than
    ``seat`` (never below none)."""
    left = dict(DECK_COUNTS)
    jokers = JOKERS
    for other, p in enumerate(penalties):
        if other != seat and isinstance(p, Cards):
            for n, c in p.counts.items():
                left[n] = max(0, left[n] - c)
            jokers = max(0, jokers - p.jokers)
    return left, jokers


def _left_text(left: Mapping[int, int], jokers: int) -> str:
    """«20×3, 15×4, …, 6×60»: the cards left, count × number; jokers as ×60 (VZ-J-PENALTY)."""
    parts = [f"{left[n]}×{n}" for n in NUMBERS if left[n]]
    if jokers:
        parts.append(f"{jokers}×{JOKER_PENALTY}")
    return ", ".join(parts) or "0"


_GAPS = ", ".join(str(s) for s in range(MAX_PARTY_SUM + 1) if s not in REACHABLE)


def _record_party(ctx: Ctx, state: GameState, a: RecordParty) -> GameState:
    penalties = _by_seat(ctx, state, a.penalties)
    for seat, p in enumerate(penalties):
        _check_penalty(ctx, state, seat, p)
    number = len(state.parties) + 1
    if number > MAX_PARTIES:  # N-VZ-RECORD-LIMIT: the record could not hold another party
        raise ctx.full("parties", MAX_PARTIES, "N-VZ-RECORD-LIMIT")
    if state.winner is not None:  # VZ-GAME: nothing after the end
        ctx.violate(V.AFTER_END, {"party": number, "ended": state.ended_after,
                                  "winner": state.players[state.winner]}, round=number, trick=None, player=None)
    for seat, p in enumerate(penalties):  # VZ-CHECK: a typed number must be makeable
        if not isinstance(p, Points):
            continue
        if not reachable(p.n):
            ctx.violate(V.UNREACHABLE, {"points": Count(p.n, "vz.point"), "player": state.players[seat],
                                        "gaps": _GAPS, "max": MAX_PARTY_SUM}, round=number, trick=None, player=seat)
            continue
        # VZ-CHECK: … and makeable with what the deck still has after the cards entered for the others
        left, jokers_left = _left_after(penalties, seat)
        if not reachable_with(p.n, left, jokers_left):
            ctx.violate(V.UNREACHABLE_LEFT, {"points": Count(p.n, "vz.point"), "player": state.players[seat],
                                             "left": _left_text(left, jokers_left),
                                             "sum": Count(card_points(left, jokers_left), "vz.point")},
                        round=number, trick=None, player=seat)
    cards = [p for p in penalties if isinstance(p, Cards)]
    for n in NUMBERS:  # VZ-COMP: never more cards of a number than the deck holds
        used = sum(p.counts.get(n, 0) for p in cards)
        if used > DECK_COUNTS[n]:
            ctx.violate(V.CARDS_OVER_DECK, {"number": n, "cards": Count(used, "vz.card"),
                                            "deck": Count(DECK_COUNTS[n], "vz.card")},
                        round=number, trick=None, player=None)
    jokers = sum(p.jokers for p in cards)
    if jokers > JOKERS:  # RUL-VZ-JOKERS: only the total of 6 is checked
        ctx.violate(V.JOKERS_OVER_DECK, {"jokers": Count(jokers, "vz.joker"), "deck": Count(JOKERS, "vz.joker")},
                    round=number, trick=None, player=None)
    points = tuple(penalty_points(p) for p in penalties)  # VZ-SCORE
    if sum(points) > MAX_PARTY_SUM:  # VZ-CHECK: 540 + 6×60
        ctx.violate(V.PARTY_SUM, {"points": Count(sum(points), "vz.point"), "max": MAX_PARTY_SUM},
                    round=number, trick=None, player=None)
    starter = next_starter(state)
    if starter is None:  # after the end (replay only): the starter still follows VZ-NEXT
        last = state.parties[-1]
        starter = starter_after(last.points, last.starter)
    party = Party(number, starter, penalties, points)
    total = tuple(a + b for a, b in zip(totals(state), points))
    win, ended = state.winner, state.ended_after
    if win is None:
        win = scorepad.winner_after(total, number, END_RULE)
        ended = number if win is not None else None
    return replace(state, parties=state.parties + (party,), totals=total, winner=win, ended_after=ended)


DRIVER = Driver({NewGame: _new_game, RecordParty: _record_party}, where)
MAX_PARTIES = 100  # N-VZ-RECORD-LIMIT: the most parties one record holds (record.Limits)
# No number of a penalty (points, a count of cards, jokers) reaches this in any game: a party
# makes at most 900 points (VZ-CHECK: 540 + 6×60), a record holds at most 100 parties
# (N-VZ-RECORD-LIMIT). More is refused unread (issue 43: a 4,000-digit penalty broke the statistics).
MAX_NUMBER = MAX_PARTY_SUM * MAX_PARTIES  # 90,000


def apply(state: GameState | None, action: Action, *, strict: bool = True) -> GameState:
    """The state after ``action`` (see the module docstring for ``strict``). ``NewGame`` takes
    ``state=None``; ``RecordParty`` needs a game."""
    if isinstance(action, RecordParty) and state is None:
        raise TypeError("RecordParty needs a game: apply(new_game(...), RecordParty(...))")
    return DRIVER.apply(state, action, strict=strict)


def replay(state: GameState, actions: Sequence[Action], *, strict: bool = True) -> GameState:
    """The fold of :func:`apply` over ``actions``."""
    for a in actions:
        state = apply(state, a, strict=strict)
    return state
