""""Check my deck": the printed pearls and bonus of each family card, as the table reports them.

Facts are kept in the user's deck profile in the game record's deck form, e.g.
``{"pearls": 2, "bonus": {"kind": "trump", "families": ["orca"]}}``, on top of the engine's
``KNOWN_FACTS``; every change goes through the game's view (``KityView.answer_fact``), which
also re-scores a game in progress. The 5s print no pearls and no bonus, so the walk covers
``FAMILY_CARDS``.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any, Mapping, Optional

from engine.kozyrnye_kity import FAMILIES, FAMILY_CARDS, Bonus, BonusKind, Card, CardFacts, DeckProfile, Family
from engine.kozyrnye_kity.record import facts_to_json, profile_from_json

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
    """What a form shows for one card while the table tells or corrects its printed facts:
    the deck check screen and the fact question dialog both edit one of these."""

    pearls: Optional[int] = None
    kind: Optional[str] = None
    families: tuple[str, ...] = ()

    @classmethod
    def of_json(cls, known: Any) -> "Draft":
        """From facts in the record's deck form (what the view gives: ``{}`` when unknown)."""
        known = known if isinstance(known, Mapping) else {}
        b = known.get("bonus")
        b = b if isinstance(b, Mapping) else {}
        return cls(known.get("pearls"), b.get("kind"), tuple(b.get("families", ())))

    @classmethod
    def of(cls, f: CardFacts) -> "Draft":
        return cls.of_json(facts_to_json(f))

    def edit(self, **changes: Any) -> "Draft":
        return replace(self, **changes)

    def toggle_family(self, family: str) -> "Draft":
        fams = set(self.families) ^ {family}
        return replace(self, families=tuple(f.value for f in FAMILIES if f.value in fams))  # the table's order

    def has(self, fact: str) -> bool:
        """Whether the draft says ``fact`` ("pearls" or "bonus"; a trump bonus: with a family)."""
        if fact == "pearls":
            return self.pearls is not None
        return self.kind is not None and (self.kind != "trump" or bool(self.families))

    def bonus(self) -> dict | None:
        """The bonus in the record's deck form, as ``KityView.answer_fact`` takes it."""
        if self.kind is None:
            return None
        return {"kind": "trump", "families": list(self.families)} if self.kind == "trump" else {"kind": self.kind}

    def facts(self) -> CardFacts:
        """Raises ValueError (from the engine's types) when incomplete or inconsistent."""
        if self.pearls is None or self.kind is None:
            raise ValueError("pearls and bonus are both needed")
        kind = BonusKind(self.kind)
        fams = tuple(Family(x) for x in self.families) if kind is BonusKind.TRUMP else ()
        return CardFacts(self.pearls, Bonus(kind, fams))
