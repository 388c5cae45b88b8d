""""Check my deck": the printed pearls and bonus of each family card, as the table reports them.

Facts are stored with ``Store.set_fact(card_id, json)`` in the game record's deck form, e.g.
``{"pearls": 2, "bonus": {"kind": "trump", "families": ["orca"]}}``, on top of the engine's
``KNOWN_FACTS``. The 5s print no pearls and no bonus, so the walk covers ``FAMILY_CARDS``.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Mapping, Optional

from engine.kozyrnye_kity import FAMILY_CARDS, Bonus, BonusKind, Card, CardFacts, DeckProfile, Family
from engine.kozyrnye_kity.record import profile_from_json

log = logging.getLogger("kity")

CARDS: tuple[Card, ...] = FAMILY_CARDS
PEARL_CHOICES = (1, 2, 3)  # CardFacts accepts exactly these (R-COMP)


def profile(stored: Mapping[str, object]) -> DeckProfile:
    """The engine's known facts with the table's answers on top (bad entries ignored)."""
    return profile_from_json(stored)


def complete(f: CardFacts) -> bool:
    return f.pearls is not None and f.bonus is not None


def checked(p: DeckProfile) -> int:
    return sum(1 for c in CARDS if complete(p.facts(c)))


def resume_index(p: DeckProfile) -> int:
    """Where to continue: the first card not fully known (0 when all are)."""
    return next((i for i, c in enumerate(CARDS) if not complete(p.facts(c))), 0)


@dataclass(frozen=True)
class Draft:
    """What the form shows for one card while the user corrects it."""

    pearls: Optional[int] = None
    kind: Optional[str] = None
    families: tuple[str, ...] = ()

    @classmethod
    def of(cls, f: CardFacts) -> "Draft":
        b = f.bonus
        return cls(f.pearls, b.kind.value if b else None, tuple(x.value for x in b.families) if b else ())

    def facts(self) -> CardFacts:
        """Raises ValueError (from the engine's types) when incomplete or inconsistent."""
        if self.pearls is None or self.kind is None:
            raise ValueError("pearls and bonus are both needed")
        kind = BonusKind(self.kind)
        fams = tuple(Family(x) for x in self.families) if kind is BonusKind.TRUMP else ()
        return CardFacts(self.pearls, Bonus(kind, fams))
