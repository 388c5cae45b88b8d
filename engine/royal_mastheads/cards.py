"""The cards of «Королевское наказание» (RM-COMP): one 52-card deck, 4 suits × 13 ranks, aces low.

A :class:`Card` is an ``int`` 0…51 (``suit * 13 + rank``), so a set of cards is a bit mask
(``1 << card``) and a whole deal's bookkeeping is a few integers. Rank 0 is the ace (Т), the
lowest card (RM-COMP); ranks 1…9 are 2…10 (RM-POINTS-NUM); 10, 11, 12 are В, Д, К, the face
cards (RM-POINTS-FACE). A card's id in a record is ``<suit>-<rank>``, e.g. ``hearts-Q``,
``spades-10``, ``clubs-A``.
"""
from __future__ import annotations

import enum
from typing import Iterable

from engine.core.i18n import render

SUITS_IDS = ("spades", "hearts", "diamonds", "clubs")
RANK_IDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_RU = ("Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
SUIT_SIGNS = ("♠", "♥", "♦", "♣")
ACE = 0                      # RM-COMP: the ace is the lowest rank
FACE_RANKS = (10, 11, 12)    # В, Д, К (RM-POINTS-FACE)
NUMBER_RANKS = tuple(range(1, 10))  # 2…10 (RM-POINTS-NUM)
DECK_SIZE = 52
FULL_MASK = (1 << DECK_SIZE) - 1


class Suit(str, enum.Enum):
    SPADES = "spades"      # пики
    HEARTS = "hearts"      # червы
    DIAMONDS = "diamonds"  # бубны
    CLUBS = "clubs"        # трефы

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]

    @property
    def sign(self) -> str:
        return SUIT_SIGNS[self.index]

    def localize(self, lang: str) -> str:
        """«пики ♠» / "spades ♠" (the catalogs' ``rm.suit.<id>``)."""
        return f"{render(f'rm.suit.{self.value}', {}, lang)} {self.sign}"


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


class Card(int):
    """One of the 52 cards (an int 0…51); use :data:`CARDS`, :func:`card` or :func:`parse_card`."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return SUITS[self // 13]

    @property
    def suit_index(self) -> int:
        return self // 13

    @property
    def rank(self) -> int:
        """0 = ace (lowest), 1…9 = 2…10, 10 = В (jack), 11 = Д (queen), 12 = К (king)."""
        return self % 13

    @property
    def id(self) -> str:
        return f"{SUITS_IDS[self // 13]}-{RANK_IDS[self % 13]}"

    @property
    def is_face(self) -> bool:
        return self % 13 >= 10

    @property
    def is_ace(self) -> bool:
        return self % 13 == ACE

    def localize(self, lang: str) -> str:
        ranks = RANK_RU if lang == "ru" else RANK_IDS
        return f"{ranks[self % 13]}{SUIT_SIGNS[self // 13]}"

    def __repr__(self) -> str:
        return f"Card({self.id!r})"

    def __str__(self) -> str:
        return self.id

    def __reduce__(self):
        return (card_by_index, (int(self),))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(DECK_SIZE))
BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
RANK_MASK = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))
FACE_MASK = RANK_MASK[10] | RANK_MASK[11] | RANK_MASK[12]


def card_by_index(i: int) -> Card:
    return CARDS[i]


def card(suit: Suit | str, rank: int | str) -> Card:
    """A card by suit and rank (an index 0…12 or a rank id ``"A"``, ``"10"``, ``"Q"``; Russian
    letters Т, В, Д, К work too)."""
    s = Suit(suit).index
    if isinstance(rank, str):
        r = RANK_IDS.index(rank) if rank in RANK_IDS else RANK_RU.index(rank)
    else:
        r = int(rank)
        if not 0 <= r < 13:
            raise ValueError(f"rank {rank!r}")
    return CARDS[s * 13 + r]


def parse_card(text: str) -> Card:
    """``"hearts-Q"`` → the queen of hearts; ``KeyError`` for anything else."""
    return BY_ID[text]


def as_card(value: object) -> Card | None:
    """A :class:`Card`, an int 0…51 or a card id as a card; None when it is none of them."""
    if value.__class__ is Card:
        return value  # type: ignore[return-value]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < DECK_SIZE:
        return CARDS[value]
    if isinstance(value, str):
        return BY_ID.get(value)
    return None


def full_deck() -> tuple[Card, ...]:
    """The 52 cards (RM-COMP) in a fixed order: spades A…K, hearts, diamonds, clubs."""
    return CARDS


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def beats(a: int, b: int, led: int, trump: int) -> bool:
    """Whether card ``a`` beats card ``b`` in a trick of led suit index ``led`` (RM-WIN)."""
    sa, sb = a // 13, b // 13
    if sa == sb:
        return a % 13 > b % 13 if sa in (led, trump) else False
    if sa == trump:
        return True
    if sb == trump:
        return False
    return sa == led
