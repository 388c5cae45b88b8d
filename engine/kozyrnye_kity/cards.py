"""Cards, families, the value token and the deck facts (R-COMP, R-BONUS, R-TOKEN).

Typed constants only: no rule decisions live here except the facts of the components.
The printed pearls and bonuses of most cards are unknown to us; a :class:`DeckProfile`
holds only what is known (``KNOWN_FACTS``) plus what a table told the app.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping


class Family(str, enum.Enum):
    """The four whale families (R-COMP). The value is the record id."""

    ORCA = "orca"
    NARWHAL = "narwhal"
    BLUE = "blue"
    SPERM = "sperm"


FAMILIES: tuple[Family, ...] = tuple(Family)
FAMILY_VALUES: tuple[int, ...] = (1, 2, 3, 4, 6, 7, 8, 9)  # R-COMP: no family has a 5
FIVE_VALUE = 5
FIVES_IN_DECK = 4  # R-COMP


class Token(int, enum.Enum):
    """The two-sided value token (R-TOKEN): ``ONE`` = lowest wins, ``NINE`` = highest wins."""

    ONE = 1
    NINE = 9

    def flipped(self) -> "Token":
        return Token.NINE if self is Token.ONE else Token.ONE


_FAMILY_ORDER = {f: i for i, f in enumerate(Family, start=1)}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A whale card. ``family`` is None for a 5 (R-FIVE-1); the four 5s are interchangeable.

    ``code`` is a small integer identity (equality, hashing, bit sets of seen cards)."""

    family: Family | None
    value: int
    code: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", 10 * _FAMILY_ORDER[self.family] + self.value if self.family else self.value)

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Card and other.code == self.code

    def __hash__(self) -> int:
        return self.code

    @property
    def is_five(self) -> bool:
        return self.family is None

    @property
    def id(self) -> str:
        return "5" if self.family is None else f"{self.family.value}-{self.value}"

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"Card({self.id})"


FIVE = Card(None, FIVE_VALUE)
FAMILY_CARDS: tuple[Card, ...] = tuple(Card(f, v) for f in FAMILIES for v in FAMILY_VALUES)
_BY_ID: dict[str, Card] = {c.id: c for c in FAMILY_CARDS} | {"5": FIVE}


def parse_card(text: str) -> Card:
    """``"narwhal-2"`` → Card; ``"5"`` → the five. Raises ValueError on an unknown id."""
    try:
        return _BY_ID[text]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card id {text!r}") from None


def parse_family(text: str) -> Family:
    try:
        return Family(text)
    except ValueError:
        raise ValueError(f"unknown family {text!r}") from None


def deck_for(n_players: int) -> tuple[Card, ...]:
    """The cards in play for ``n_players`` (R-SETUP-1): 36 cards, or 32 without the 5s for two."""
    if n_players == 2:
        return FAMILY_CARDS
    return FAMILY_CARDS + (FIVE,) * FIVES_IN_DECK


class BonusKind(str, enum.Enum):
    """The three bonus symbols (R-BONUS)."""

    TRUMP = "trump"  # R-BONUS-TRUMP
    FLIP = "flip"    # R-BONUS-FLIP
    PEARL = "pearl"  # R-BONUS-PEARL


@dataclass(frozen=True, slots=True)
class Bonus:
    kind: BonusKind
    families: tuple[Family, ...] = ()  # only for TRUMP: the family or families on the symbol

    def __post_init__(self) -> None:
        if self.kind is BonusKind.TRUMP and not self.families:
            raise ValueError("a change-trump bonus shows at least one family")
        if self.kind is not BonusKind.TRUMP and self.families:
            raise ValueError(f"a {self.kind.value} bonus shows no family")

    def to_json(self) -> dict:
        if self.kind is BonusKind.TRUMP:
            return {"kind": "trump", "families": [f.value for f in self.families]}
        return {"kind": self.kind.value}


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What is printed on one card: pearls (1–3) and bonus; None where unknown."""

    pearls: int | None = None
    bonus: Bonus | None = None

    def __post_init__(self) -> None:
        if self.pearls is not None and (
            isinstance(self.pearls, bool) or not isinstance(self.pearls, int) or not 1 <= self.pearls <= 3
        ):
            raise ValueError(f"pearls must be 1, 2 or 3, not {self.pearls!r}")

    def merged(self, other: "CardFacts") -> "CardFacts":
        """These facts with ``other``'s known ones taking precedence."""
        return CardFacts(
            other.pearls if other.pearls is not None else self.pearls,
            other.bonus if other.bonus is not None else self.bonus,
        )


# R-COMP "Known facts": the only printed facts the rulebook gives. The narwhal 2 shows three
# pearls (worked trick example). A chosen 5 is worth exactly 1 point, but that is a rule
# (R-FIVE-REWARD), not a printed fact, so it lives in the game rules, not here.
KNOWN_FACTS: Mapping[Card, CardFacts] = MappingProxyType({Card(Family.NARWHAL, 2): CardFacts(pearls=3)})

UNKNOWN = CardFacts()


class DeckProfile:
    """An immutable map card → :class:`CardFacts`; starts from ``KNOWN_FACTS``.

    The app learns the rest from the user; a game record carries the facts it needed.
    """

    __slots__ = ("_facts",)

    def __init__(self, facts: Mapping[Card, CardFacts] | None = None, *, base: Mapping[Card, CardFacts] = KNOWN_FACTS):
        merged: dict[Card, CardFacts] = dict(base)
        for card, f in (facts or {}).items():
            if card.is_five:
                raise ValueError("a 5 has no printed pearls or bonus (R-FIVE-REWARD, RUL-FIVE-BONUS)")
            merged[card] = merged.get(card, UNKNOWN).merged(f)
        self._facts = MappingProxyType(merged)

    @classmethod
    def empty(cls) -> "DeckProfile":
        return cls(base={})

    def facts(self, card: Card) -> CardFacts:
        return self._facts.get(card, UNKNOWN)

    def pearls(self, card: Card) -> int | None:
        return self.facts(card).pearls

    def bonus(self, card: Card) -> Bonus | None:
        return self.facts(card).bonus

    def with_facts(self, card: Card, facts: CardFacts) -> "DeckProfile":
        """A profile where ``card``'s known facts are replaced by the known fields of ``facts``."""
        return DeckProfile({card: facts}, base=self._facts)

    def items(self) -> Iterable[tuple[Card, CardFacts]]:
        return self._facts.items()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeckProfile) and dict(self._facts) == dict(other._facts)

    def __hash__(self) -> int:
        return hash(frozenset(self._facts.items()))

    def __repr__(self) -> str:
        return f"DeckProfile({ {c.id: f for c, f in self._facts.items()} })"
