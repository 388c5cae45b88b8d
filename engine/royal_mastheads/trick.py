"""Who wins a trick, and why (RM-LEAD, RM-FOLLOW, RM-WIN, RM-COMP: aces low).

:func:`trick_winner` is the plain answer; :func:`explain` gives it step by step with the rule
IDs, for the table and for disputes. The engine decides tricks incrementally in
:func:`engine.royal_mastheads.game._play_cards` by the same rule; a test checks that the two
agree on every trick of random deals.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.core.explain import Step, Steps

from .cards import SUITS, Card, beats


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Index (in play order) of the winning card (RM-WIN): the highest trump, or with no trump
    the highest card of the led suit; aces are low (RM-COMP)."""
    led = cards[0] // 13
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led, trump):
            best = i
    return best


@dataclass(frozen=True, slots=True)
class Explanation(Steps):
    """Who wins (the index in play order, and the seat) and the steps that say why."""

    winner_index: int
    winner: int          # seat
    steps: tuple[Step, ...]


def explain(players: Sequence[str], leader: int, cards: Sequence[Card], trump: int, *, first_trick: bool) -> Explanation:
    """Explain the trick ``cards`` (play order) led by seat ``leader``; ``first_trick``: led by
    the player to the dealer's left (RM-LEAD), else by the previous trick's winner (RM-WIN)."""
    n = len(players)
    who = [players[(leader + i) % n] for i in range(len(cards))]
    led = cards[0] // 13
    steps = [Step("rm.explain.lead-first" if first_trick else "rm.explain.lead-winner",
                  {"player": who[0], "card": cards[0], "suit": SUITS[led]})]
    for i in range(1, len(cards)):
        c = cards[i]
        if c // 13 == led:
            steps.append(Step("rm.explain.follows", {"player": who[i], "card": c, "suit": SUITS[led]}))
        elif c // 13 == trump:
            steps.append(Step("rm.explain.trumps", {"player": who[i], "card": c, "suit": SUITS[led]}))
        else:
            steps.append(Step("rm.explain.discards", {"player": who[i], "card": c, "suit": SUITS[led]}))
    w = trick_winner(cards, trump)
    trumps = [i for i, c in enumerate(cards) if c // 13 == trump]
    if led == trump:
        steps.append(Step("rm.explain.led-trump", {"suit": SUITS[trump]}))
    elif trumps:
        steps.append(Step("rm.explain.trump-in", {"suit": SUITS[trump], "count": len(trumps)}))
    else:
        steps.append(Step("rm.explain.no-trump", {"trump": SUITS[trump], "suit": SUITS[led]}))
    contest = trump if trumps else led
    in_contest = [cards[i] for i in range(len(cards)) if cards[i] // 13 == contest]
    if len(in_contest) > 1:
        order = sorted(in_contest, key=lambda c: c % 13)
        steps.append(Step("rm.explain.order-ace" if order[0] % 13 == 0 else "rm.explain.order", {"cards": _Chain(tuple(order))}))
    steps.append(Step("rm.explain.winner", {"player": who[w], "card": cards[w]}))
    return Explanation(w, (leader + w) % n, tuple(steps))


@dataclass(frozen=True, slots=True)
class _Chain:
    cards: tuple[Card, ...] | list

    def localize(self, lang: str) -> str:
        return " < ".join(c.localize(lang) for c in self.cards)

