"""The components of «Вжух!» (VZ-COMP, VZ-J-PENALTY, RUL-VZ-JOKERS, RUL-VZ-PLAYERS).

Pure data and arithmetic: the numbers, how many cards of each the deck holds, the jokers, the
player count, which plain penalty numbers the deck can make, and the largest party sum.
"""
from __future__ import annotations

import enum
from types import MappingProxyType
from typing import Mapping

from engine.core.i18n import render

# VZ-COMP: the numbers on the cards; the cards of each number add up to 60
NUMBERS: tuple[int, ...] = (3, 4, 5, 6, 10, 12, 15, 20, 30)
POINTS_PER_NUMBER = 60
DECK_COUNTS: Mapping[int, int] = MappingProxyType({n: POINTS_PER_NUMBER // n for n in NUMBERS})
NUMBER_CARDS = sum(DECK_COUNTS.values())          # 77 (VZ-COMP)
NUMBER_POINTS = sum(n * c for n, c in DECK_COUNTS.items())  # 540 (VZ-COMP)


class JokerKind(str, enum.Enum):
    """VZ-J: the three kinds of joker."""

    VOILA = "voila"     # VZ-J-VOILA «Вуаля!»
    VZHUH = "vzhuh"     # VZ-J-VZHUH «Вжух!»
    KRABLI = "krabli"   # VZ-J-KRABLI «Крабли-бумс!»

    def localize(self, lang: str) -> str:
        """«Вжух!» / "«Вжух!» (Whoosh!)" (the catalogs' ``vz.joker-kind.<id>``)."""
        return render(f"vz.joker-kind.{self.value}", {}, lang)


JOKERS = 6               # VZ-COMP: 6 jokers in all — the only joker count the app checks (RUL-VZ-JOKERS)
JOKERS_PER_KIND = 2      # RUL-VZ-JOKERS: assumed, used only to build a physical deck for simulations
JOKER_PENALTY = 60       # VZ-J-PENALTY
DECK_SIZE = NUMBER_CARDS + JOKERS  # 83
HAND_SIZE = 5            # VZ-SETUP-1, VZ-DRAW: a hand never holds more than 5 cards
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # RUL-VZ-PLAYERS
MAX_PARTY_SUM = NUMBER_POINTS + JOKERS * JOKER_PENALTY  # 540 + 6×60 = 900 (VZ-CHECK)

Card = int | JokerKind  # a physical card: a number of NUMBERS or a joker


def full_deck() -> tuple[Card, ...]:
    """The 83 cards (VZ-COMP; jokers split 2/2/2 as RUL-VZ-JOKERS assumes), in a fixed order."""
    out: list[Card] = []
    for n in NUMBERS:
        out.extend([n] * DECK_COUNTS[n])
    for kind in JokerKind:
        out.extend([kind] * JOKERS_PER_KIND)
    return tuple(out)


def _reachable_sums() -> frozenset[int]:
    """Every penalty one player can hold: a bounded subset sum over the deck's counts (VZ-COMP)
    and its jokers at 60 each (VZ-J-PENALTY), by dynamic programming over the sums 0…900."""
    items = [(n, DECK_COUNTS[n]) for n in NUMBERS] + [(JOKER_PENALTY, JOKERS)]
    can = bytearray(MAX_PARTY_SUM + 1)
    can[0] = 1
    for value, count in items:
        new = bytearray(can)
        for s in range(MAX_PARTY_SUM + 1):
            if can[s]:
                for k in range(1, count + 1):
                    t = s + value * k
                    if t > MAX_PARTY_SUM:
                        break
                    new[t] = 1
        can = new
    return frozenset(s for s in range(MAX_PARTY_SUM + 1) if can[s])


REACHABLE: frozenset[int] = _reachable_sums()


def reachable(points: int) -> bool:
    """Whether a penalty entered as a plain number can be made with the deck (VZ-CHECK): 0, or a
    sum of cards of the deck — so not 1 or 2, nor anything above 900 (nor 898 and 899: the whole
    deck less 1 or 2 points)."""
    return points in REACHABLE


def reachable_with(points: int, counts: Mapping[int, int], jokers: int) -> bool:
    """Whether ``points`` can be made with only these cards: ``counts`` number → how many cards
    of it are left, and ``jokers`` at 60 each (VZ-CHECK: a typed penalty against what the deck
    still has after the cards entered for the other players of the party). A bounded subset sum
    kept as the bits of one integer (bit s set: s can be made)."""
    if points < 0:
        return False
    mask = (1 << (points + 1)) - 1
    can = 1
    for value, count in [(n, counts.get(n, 0)) for n in NUMBERS] + [(JOKER_PENALTY, jokers)]:
        acc, step = can, can
        for _ in range(max(0, count)):
            step = (step << value) & mask  # one more card of this value
            if not step:
                break
            acc |= step
        can = acc
    return bool(can >> points & 1)


def card_points(counts: Mapping[int, int], jokers: int) -> int:
    """VZ-SCORE: the sum of the numbers on the penalty cards + 60 per joker (VZ-J-PENALTY)."""
    return sum(n * c for n, c in counts.items()) + JOKER_PENALTY * jokers
