"""Round setup helpers: the first trump from a drawn card (R-SETUP-2) and seeded deals.

Randomness always comes from a ``random.Random`` the caller passes in: the engine has no
global randomness, so a seed reproduces a draw or a whole simulated game.
"""
from __future__ import annotations

import random
from typing import Sequence

from .cards import Card, Family, Token, deck_for
from .rules import X

HAND_SIZE = 9  # R-SETUP-3


def trump_from_draw(card: Card) -> tuple[Family, Token]:
    """R-SETUP-2: the drawn card's family is trump; 1–4 → token "1", 6–9 → token "9"; a 5 →
    draw another card (raised as :class:`IllegalAction`)."""
    if card.is_five:
        raise X.DRAW_FIVE.refusal({}, card)
    return card.family, (Token.ONE if card.value <= 4 else Token.NINE)


def draw_trump(rng: random.Random, n_players: int) -> tuple[Card, tuple[Card, ...]]:
    """Shuffle the deck for ``n_players`` and draw until a card that is not a 5 (R-SETUP-2).
    Returns (the card that sets trump and token, the 5s drawn before it)."""
    deck = list(deck_for(n_players))
    rng.shuffle(deck)
    fives = []
    for card in deck:
        if not card.is_five:
            return card, tuple(fives)
        fives.append(card)
    raise AssertionError("a deck always holds family cards")  # pragma: no cover


def deal(rng: random.Random, n_players: int) -> tuple[tuple[Card, ...], ...]:
    """Shuffle and deal 9 cards to each player (R-SETUP-3); the rest is set aside."""
    deck = list(deck_for(n_players))
    rng.shuffle(deck)
    return tuple(tuple(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(n_players))


def left_of(seat: int, n_players: int) -> int:
    """The next seat clockwise (the player to the left)."""
    return (seat + 1) % n_players


__all__: Sequence[str] = ("trump_from_draw", "draw_trump", "deal", "HAND_SIZE", "left_of")
