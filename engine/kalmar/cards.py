"""The cards of «Кальмар» (KL-COMP): colours, pictures, a card, and their ids in the record.

Only what the rulebook says: four colours; participant cards with the digits 0–9 in each colour;
three coloured organizer pictures in each colour; five blue organizer pictures with no colour of
their own («синие» are not the light-blue colour). The rulebook does not say how many copies of
each card the 120 hold, so nothing here counts cards: the engine never assumes what the deck
holds (the made-up deck of :mod:`.simulate` is for simulations only).

Record ids: a colour is ``crimson``, ``green``, ``light-blue`` or ``yellow``; a card is
``<colour>-<digit>`` (``green-7``), ``<colour>-<picture>`` for a coloured organizer
(``yellow-skip``, ``crimson-draw2``, ``green-reverse``) or the bare picture of a blue organizer
(``choose``, ``draw4``, ``swap``, ``order``, ``silence``).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from engine.core.i18n import render


class Colour(str, enum.Enum):
    """KL-COMP: the four colours."""

    CRIMSON = "crimson"        # малиновый
    GREEN = "green"            # зелёный
    LIGHT_BLUE = "light-blue"  # голубой
    YELLOW = "yellow"          # жёлтый

    def localize(self, lang: str) -> str:
        """The colour as in «цвет зелёный» / "green" (the catalogs' ``kl.colour.<id>``)."""
        return render(f"kl.colour.{self.value}", {}, lang)


class Kind(str, enum.Enum):
    """KL-COMP: what a card shows — a digit, a coloured organizer picture or a blue one."""

    DIGIT = "digit"       # «Карты участников»: 0–9
    SKIP = "skip"         # «Пропуск хода» (KL-FX-SKIP)
    DRAW2 = "draw2"       # «Возьми 2 карты и пропусти ход» (KL-FX-DRAW2)
    REVERSE = "reverse"   # «Смена направления» (KL-FX-REVERSE)
    CHOOSE = "choose"     # «Выбери цвет» (KL-FX-COLOUR), blue
    DRAW4 = "draw4"       # «Возьми 4 карты, пропусти ход и выбери цвет» (KL-FX-DRAW4), blue
    SWAP = "swap"         # «Обмен картами» (KL-FX-SWAP), blue
    ORDER = "order"       # «Отдать приказ» (KL-FX-ORDER), blue
    SILENCE = "silence"   # «Соблюдай тишину» (KL-FX-SILENCE), blue

    @property
    def blue(self) -> bool:
        return self in BLUE_KINDS

    @property
    def organizer(self) -> bool:
        return self is not Kind.DIGIT

    @property
    def names_colour(self) -> bool:
        """The player names a colour with this card (KL-FX-COLOUR, KL-FX-DRAW4)."""
        return self in (Kind.CHOOSE, Kind.DRAW4)

    def localize(self, lang: str) -> str:
        """«Выбери цвет» / "«Выбери цвет» (choose colour)" (the catalogs' ``kl.kind.<id>``)."""
        return render(f"kl.kind.{self.value}", {}, lang)


COLOURED_ORGANIZERS = (Kind.SKIP, Kind.DRAW2, Kind.REVERSE)
BLUE_KINDS = frozenset({Kind.CHOOSE, Kind.DRAW4, Kind.SWAP, Kind.ORDER, Kind.SILENCE})
DIGITS = tuple(range(10))
# RUL-KL-FIRST-BLUE: turned up first, these go back into the middle of the draw pile
PUT_BACK_FIRST = frozenset({Kind.SWAP, Kind.ORDER, Kind.SILENCE})


@dataclass(frozen=True, slots=True)
class Card:
    """One card as the table names it: ``kind``; ``colour`` for a digit or a coloured organizer
    (None for a blue organizer); ``digit`` 0–9 for a digit card only. Use :func:`card_problem`
    to know whether it is a card of the game at all."""

    kind: Kind
    colour: Colour | None = None
    digit: int | None = None

    @property
    def blue(self) -> bool:
        return self.kind in BLUE_KINDS

    def localize(self, lang: str) -> str:
        return card_text(self, lang)

    def __str__(self) -> str:
        return card_id(self)


def digit(colour: Colour | str, d: int) -> Card:
    return Card(Kind.DIGIT, Colour(colour), d)


def organizer(kind: Kind | str, colour: Colour | str | None = None) -> Card:
    return Card(Kind(kind), Colour(colour) if colour is not None else None)


def card_problem(card: Any) -> str | None:
    """Why ``card`` is not a card of the game (KL-COMP), in English for logs, or None."""
    if not isinstance(card, Card):
        return "not a card"
    if not isinstance(card.kind, Kind):
        return "unknown picture"
    if card.kind is Kind.DIGIT:
        if not isinstance(card.colour, Colour):
            return "a digit card has one of the four colours"
        if card.digit.__class__ is not int or card.digit not in DIGITS:
            return "a digit card shows 0–9"
        return None
    if card.digit is not None:
        return "only a digit card shows a digit"
    if card.kind in BLUE_KINDS:
        return None if card.colour is None else "a blue organizer card has no colour"
    return None if isinstance(card.colour, Colour) else "a coloured organizer card has one of the four colours"


def card_id(card: Card) -> str:
    """The record id of a card (``green-7``, ``yellow-skip``, ``draw4``)."""
    if card.kind is Kind.DIGIT:
        return f"{card.colour.value}-{card.digit}"
    if card.kind in BLUE_KINDS:
        return card.kind.value
    return f"{card.colour.value}-{card.kind.value}"


def _all_ids() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for c in Colour:
        for d in DIGITS:
            out[f"{c.value}-{d}"] = Card(Kind.DIGIT, c, d)
        for k in COLOURED_ORGANIZERS:
            out[f"{c.value}-{k.value}"] = Card(k, c)
    for k in Kind:
        if k in BLUE_KINDS:
            out[k.value] = Card(k)
    return out


CARD_IDS: dict[str, Card] = _all_ids()  # the 4×10 + 4×3 + 5 = 57 different cards (not copies)
COLOUR_IDS: dict[str, Colour] = {c.value: c for c in Colour}


def parse_card(text: str) -> Card:
    """A card from its record id; ``ValueError`` when it names no card of the game."""
    try:
        return CARD_IDS[text]
    except (KeyError, TypeError):
        raise ValueError(f"not a card id: {text!r}") from None


def card_text(card: Card, lang: str) -> str:
    """How a message names a card: «зелёная 7», «жёлтая «Пропуск хода»», «Выбери цвет»."""
    if card_problem(card) is not None:
        return repr(card)[:40]
    if card.kind in BLUE_KINDS:
        return card.kind.localize(lang)
    colour = render(f"kl.card-colour.{card.colour.value}", {}, lang)  # «зелёная» for a card
    return f"{colour} {card.digit if card.kind is Kind.DIGIT else card.kind.localize(lang)}"


def show_value(value: Any) -> str:
    """A value that is not a card of the game, for a message (quoted, short, no control characters)."""
    from engine.core.reading import quote

    if isinstance(value, Card):
        k = value.kind.value if isinstance(value.kind, Kind) else value.kind
        c = value.colour.value if isinstance(value.colour, Colour) else value.colour
        text = "-".join(str(x) for x in (c, k, value.digit) if x is not None)
    else:
        text = str(value)
    return quote(text)
