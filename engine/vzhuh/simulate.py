"""Seeded random legal games of «Вжух!», for tests, benchmarks and example records.

Not a play-by-play simulation: each party shuffles the real 83-card deck (VZ-COMP, jokers
2/2/2 as RUL-VZ-JOKERS assumes) with the given :class:`random.Random` and deals each player's
penalty cards from it, so the per-number counts of a party never exceed the deck and every
typed number is a real card sum (VZ-CHECK). Some penalties are entered as plain points.
Parties go on until the game is over (VZ-GAME, VZ-TIE, RUL-VZ-TIE).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from .deck import full_deck
from .game import Action, Cards, GameState, Penalty, Points, RecordParty, apply, new_game


@dataclass
class Simulated:
    start: GameState
    actions: list[Action]
    final: GameState
    hands: list[tuple[tuple, ...]]  # each party's penalty cards per seat, as dealt


def deal_penalties(rng: random.Random, n: int, *, max_cards: int = 8,
                   points_rate: float = 0.25) -> tuple[tuple[Penalty, ...], tuple[tuple, ...]]:
    """One party's penalties for ``n`` players from one shuffled deck: each player gets 0 to
    ``max_cards`` cards; (penalties, the cards dealt per seat)."""
    deck = list(full_deck())
    rng.shuffle(deck)
    if n * max_cards > len(deck):
        raise ValueError("more penalty cards than the deck holds")
    pens: list[Penalty] = []
    dealt: list[tuple] = []
    pos = 0
    for _ in range(n):
        k = rng.randint(0, max_cards)
        cards = tuple(deck[pos:pos + k])
        pos += k
        dealt.append(cards)
        counts = Counter(c for c in cards if isinstance(c, int))
        jokers = sum(1 for c in cards if not isinstance(c, int))
        p: Penalty = Cards(dict(sorted(counts.items())), jokers)
        if rng.random() < points_rate:
            p = Points(p.points)
        pens.append(p)
    return tuple(pens), tuple(dealt)


def simulate_game(rng: random.Random, players: Sequence[str], *, first: int | None = None, max_cards: int = 8,
                  points_rate: float = 0.25, max_parties: int = 100) -> Simulated:
    """A whole legal game (or ``max_parties`` parties), played in strict mode."""
    start = new_game(players, rng.randrange(len(players)) if first is None else first)
    state, actions, hands = start, [], []
    while state.winner is None and len(state.parties) < max_parties:
        pens, dealt = deal_penalties(rng, state.n, max_cards=max_cards, points_rate=points_rate)
        a = RecordParty(pens)
        state = apply(state, a)
        actions.append(a)
        hands.append(dealt)
    return Simulated(start, actions, state, hands)
