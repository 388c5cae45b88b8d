"""Seeded random legal sittings of «Кальмар», for tests, benchmarks and example records.

THE DECK HERE IS MADE UP. The rulebook does not say how many copies of each card its 120 cards
hold (KL-COMP), so the engine never assumes a deck; this module needs a physical deck to deal
from, and :func:`made_up_deck` invents one: in each colour one 0, two of each digit 1–9 and two
of each coloured organizer picture, and four of each of the five blue organizer pictures
(4 × 19 + 4 × 6 + 5 × 4 = 120). It is a test/simulation assumption only, never used by the
engine.

Each game shuffles that deck with the given :class:`random.Random`, deals 8 cards each
(KL-SETUP-1), turns up the first card (putting «Обмен картами», «Отдать приказ» and «Соблюдай
тишину» back into the middle of the pile, RUL-KL-FIRST-BLUE), and plays: the player to move
(the engine's ``state.turn``) takes a pending draw, follows an order (drawing until the ordered
card comes), plays a fitting card, or draws one and plays or passes (KL-DRAW); the draw pile is
rebuilt from the discard pile when it runs out (KL-RESHUFFLE). Sometimes the table catches a
missed «Кальмар!» (KL-CALL) or a broken silence (KL-FX-SILENCE). Every action is applied in
strict mode, so a simulated sitting is legal by construction. A game stops early (unfinished,
and the sitting with it) only when a card cannot be drawn at all: every card is in a hand.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from engine.core.seating import next_seat

from .cards import BLUE_KINDS, COLOURED_ORGANIZERS, Card, Colour, Kind, PUT_BACK_FIRST
from .checker import can_play
from .game import (
    HAND, Action, BrokeSilence, Draw, DrawAndPass, GameState, MissedCall, NewGame, NextGame, Options, Pass, Play,
    apply,
)

# MADE UP (see the module docstring): copies of each card in the simulation's deck
MADE_UP_COPIES = {"zero": 1, "digit": 2, "coloured-organizer": 2, "blue-organizer": 4}


def made_up_deck() -> list[Card]:
    """A made-up deck of 120 cards for simulations (not the real composition, which is unknown)."""
    out: list[Card] = []
    for c in Colour:
        out.append(Card(Kind.DIGIT, c, 0))
        for d in range(1, 10):
            out.extend([Card(Kind.DIGIT, c, d)] * MADE_UP_COPIES["digit"])
        for k in COLOURED_ORGANIZERS:
            out.extend([Card(k, c)] * MADE_UP_COPIES["coloured-organizer"])
    for k in Kind:
        if k in BLUE_KINDS:
            out.extend([Card(k)] * MADE_UP_COPIES["blue-organizer"])
    return out


class _Stuck(Exception):
    """No card left to draw: every card is in a hand."""


@dataclass
class _Table:
    rng: random.Random
    hands: list[list[Card]]
    pile: list[Card]
    discard: list[Card]

    def draw(self, seat: int, k: int) -> None:
        for _ in range(k):
            if not self.pile:  # KL-RESHUFFLE: keep the top card, shuffle the rest
                rest, self.discard = self.discard[:-1], self.discard[-1:]
                self.rng.shuffle(rest)
                self.pile = rest
                if not self.pile:
                    raise _Stuck
            self.hands[seat].append(self.pile.pop())

    def can_draw(self, k: int) -> bool:
        return len(self.pile) + max(0, len(self.discard) - 1) >= k


@dataclass
class Simulated:
    actions: list[Action]
    final: GameState
    counts: list[tuple[int, ...]] = field(default_factory=list)   # the real hand sizes after each action
    stuck: bool = False


def _deal(rng: random.Random, n: int) -> tuple[_Table, Card, Colour | None]:
    deck = made_up_deck()
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(HAND)] for _ in range(n)]
    first = deck.pop()
    while first.kind in PUT_BACK_FIRST:  # RUL-KL-FIRST-BLUE
        deck.insert(len(deck) // 2, first)
        first = deck.pop()
    colour = rng.choice(list(Colour)) if first.kind.names_colour else None
    return _Table(rng, hands, deck, [first]), first, colour


def _choices(rng: random.Random, table: _Table, state: GameState, seat: int, card: Card) -> dict:
    out: dict = {}
    if card.kind.names_colour:
        colours = [c.colour for c in table.hands[seat] if c.colour is not None and c != card]
        out["colour"] = rng.choice(colours) if colours and rng.random() < 0.8 else rng.choice(list(Colour))
    if card.kind is Kind.SWAP:
        out["swap_with"] = rng.choice([s for s in range(state.n) if s != seat])
    if card.kind is Kind.ORDER:
        nxt = next_seat(seat, state.n, state.direction)
        hand = [c for c in table.hands[nxt]]
        if table.pile and (not hand or rng.random() < 0.4):
            out["order"] = rng.choice(table.pile)
        else:
            out["order"] = rng.choice(hand)
    return out


def _name(state: GameState, seat: int, rng: random.Random):
    return state.players[seat] if rng.random() < 0.5 else seat


def simulate_sitting(rng: random.Random, players: Sequence[str], *, games: int = 1, same_symbol: bool = False,
                     dealer: int | None = None, miss_rate: float = 0.3, break_rate: float = 0.05,
                     max_actions: int = 1500) -> Simulated:
    """A sitting of ``games`` whole legal games (fewer when one gets stuck or runs over
    ``max_actions`` actions)."""
    n = len(players)
    actions: list[Action] = []
    counts: list[tuple[int, ...]] = []
    state: GameState | None = None
    stuck = False

    def do(a: Action) -> GameState:
        nonlocal state
        state = apply(state, a)
        actions.append(a)
        counts.append(tuple(len(h) for h in table.hands))
        return state

    for g in range(games):
        table, first, colour = _deal(rng, n)
        if g == 0:
            do(NewGame(tuple(players), rng.randrange(n) if dealer is None else dealer, first, colour,
                       Options(same_symbol=same_symbol)))
        else:
            do(NextGame(first, colour))
        try:
            steps = 0
            while state.winner is None and steps < max_actions:
                steps += 1
                _turn(rng, table, state, do, miss_rate)
                if state.winner is None and state.silence_by is not None and rng.random() < break_rate:
                    who = rng.randrange(n)
                    if table.can_draw(4):
                        table.draw(who, 4)
                        do(BrokeSilence(_name(state, who, rng)))
        except _Stuck:
            stuck = True
        if state.winner is None:
            break
    return Simulated(actions, state, counts, stuck)


def simulate_game(rng: random.Random, players: Sequence[str], **kw) -> Simulated:
    return simulate_sitting(rng, players, games=1, **kw)


def _turn(rng: random.Random, table: _Table, state: GameState, do, miss_rate: float) -> None:
    seat = state.turn
    hand = table.hands[seat]
    who = _name(state, seat, rng)
    if state.pending is not None:  # KL-FX-DRAW2/4, RUL-KL-PENDING
        k = state.pending_draw
        if not table.can_draw(k):
            raise _Stuck
        table.draw(seat, k)
        do(Draw(who, None if rng.random() < 0.5 else k))
        return
    if state.order is not None:  # KL-FX-ORDER: draw until the ordered card comes
        x = state.order
        drawn = 0
        while x not in hand:
            table.draw(seat, 1)
            drawn += 1
        if drawn:
            do(Draw(who, drawn))
        _play(rng, table, state, seat, x, do, miss_rate)
        return
    fitting = [c for c in hand if can_play(state, c).ok]
    if fitting:
        _play(rng, table, state, seat, rng.choice(fitting), do, miss_rate)
        return
    if not table.can_draw(1):
        raise _Stuck
    table.draw(seat, 1)  # KL-DRAW
    card = hand[-1]
    if can_play(state, card).ok and rng.random() < 0.8:
        do(Draw(who, 1) if rng.random() < 0.5 else Draw(who))
        _play(rng, table, state, seat, card, do, miss_rate)
    elif rng.random() < 0.5:
        do(DrawAndPass(who))
    else:
        do(Draw(who))
        do(Pass(_name(state, seat, rng)))


def _play(rng: random.Random, table: _Table, state_before: GameState, seat: int, card: Card, do,
          miss_rate: float) -> None:
    choices = _choices(rng, table, state_before, seat, card)
    table.hands[seat].remove(card)
    table.discard.append(card)
    if card.kind is Kind.SWAP:
        other = choices["swap_with"]
        table.hands[seat], table.hands[other] = table.hands[other], table.hands[seat]
        if rng.random() < 0.5:
            choices["swap_with"] = state_before.players[other]
    after = do(Play(_name(state_before, seat, rng), card, **choices))
    if after.call_due == seat and rng.random() < miss_rate and table.can_draw(2):  # KL-CALL
        table.draw(seat, 2)
        do(MissedCall(_name(state_before, seat, rng)))
