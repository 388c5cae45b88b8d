"""Who wins a trick, and why (R-TRICK, R-FIVE-1…3, R-WIN-9, R-WIN-1, RUL-TIE-CARDS, RUL-FIVE-TRUMP).

:func:`decide` is the fast path used by every replay; :func:`explain` builds the
step-by-step explanation with rule IDs from the same facts, for the table and for disputes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..core.explain import Step, Steps
from .cards import Card, Family, Token
from .i18n import render


def led_family(cards: Sequence[Card]) -> Family | None:
    """The led family: the family of the first card that has one (R-TRICK-2, R-FIVE-2,
    RUL-FIVE-LED-FOLLOW). None while only 5s have been played."""
    for c in cards:
        if c.family is not None:
            return c.family
    return None


def effective_family(card: Card, led: Family | None) -> Family | None:
    """A 5 takes the led family (R-FIVE-2); a 5 of the trump family is a trump (RUL-FIVE-TRUMP)."""
    return led if card.family is None else card.family


def decide(cards: Sequence[Card], trump: Family, token: Token) -> int:
    """Index (in play order) of the winning card. ``cards`` must not be empty."""
    led = led_family(cards)
    if led is None:
        return 0  # R-FIVE-3: only 5s — the first card wins
    families = [led if c.family is None else c.family for c in cards]  # R-FIVE-2, RUL-FIVE-TRUMP
    contest = trump if trump in families else led  # R-WIN-9 / R-WIN-1: trumps first, else the led family
    best = -1
    high = token is Token.NINE
    for i, c in enumerate(cards):
        if families[i] is not contest:
            continue  # a third family never wins (R-WIN-9 / R-WIN-1)
        # strict comparison: among equal cards the earlier one stays best (RUL-TIE-CARDS)
        if best < 0 or (c.value > cards[best].value if high else c.value < cards[best].value):
            best = i
    return best


@dataclass(frozen=True, slots=True)
class BonusEvent:
    """A bonus used during the trick, with its effect as applied (for the explanation)."""

    player: str
    card: Card
    kind: str  # "trump" | "same_trump" | "flip" | "pearl"
    family: Family | None = None
    token: Token | None = None


@dataclass(frozen=True, slots=True)
class Explanation(Steps):
    """Who wins (the index in play order) and the steps that say why."""

    winner_index: int
    steps: tuple[Step, ...]


def explain(
    players: Sequence[str],
    cards: Sequence[Card],
    trump: Family,
    token: Token,
    *,
    start_trump: Family | None = None,
    start_token: Token | None = None,
    events: Sequence[BonusEvent] = (),
) -> Explanation:
    """Explain :func:`decide` step by step. ``players[i]`` played ``cards[i]``; ``trump`` and
    ``token`` are in force when the trick is decided; ``start_*`` and ``events`` narrate the
    bonuses used during the trick (R-BONUS-…)."""
    winner = decide(cards, trump, token)
    steps: list[Step] = []
    if events or (start_trump, start_token) != (None, None):
        steps.append(Step("explain.start", {"trump": start_trump or trump, "token": start_token or token}))
        for e in events:
            key = f"explain.bonus_{e.kind}"
            steps.append(Step(key, {"player": e.player, "card": e.card, "family": e.family, "token": e.token}))
    steps.append(Step("explain.in_force", {"trump": trump, "token": token, "which": _Which(token)}))
    led = led_family(cards)
    if led is None:
        steps.append(Step("explain.all_fives", {"player": players[0]}))
        for i in range(1, len(cards)):
            steps.append(Step("explain.lose_all_fives", {"player": players[i]}))
        steps.append(Step("explain.winner", {"player": players[0], "card": cards[0]}))
        return Explanation(0, tuple(steps))
    first_family = next(i for i, c in enumerate(cards) if c.family is not None)
    if first_family == 0:
        steps.append(Step("explain.led", {"card": cards[0], "player": players[0], "family": led}))
    else:
        steps.append(Step("explain.led_after_five", {
            "player": players[0], "card": cards[first_family], "player2": players[first_family], "family": led}))
    for i, c in enumerate(cards):
        if c.is_five:
            key = "explain.five_is_trump" if led is trump else "explain.five_takes"
            steps.append(Step(key, {"player": players[i], "family": led}))
    trumps_played = any(effective_family(c, led) is trump for c in cards)
    tok = int(token)
    if trumps_played:
        steps.append(Step("explain.trumps_played", {"family": trump, "token": tok}))
    else:
        steps.append(Step("explain.no_trumps", {"trump": trump, "family": led, "token": tok}))
    contest = trump if trumps_played else led
    best = cards[winner]
    for i, c in enumerate(cards):
        if i == winner:
            continue
        fam = effective_family(c, led)
        p = {"player": players[i], "card": c, "best": best, "token": tok}
        if fam is not contest:
            steps.append(Step("explain.lose_not_trump" if fam is led else "explain.lose_third", p))
        elif c.value == best.value:
            steps.append(Step("explain.lose_tie", p))
        else:
            steps.append(Step("explain.lose_lower" if token is Token.NINE else "explain.lose_higher", p))
    steps.append(Step("explain.winner", {"player": players[winner], "card": best}))
    return Explanation(winner, tuple(steps))


@dataclass(frozen=True, slots=True)
class _Which:
    """'highest' / 'lowest' in the reader's language (R-TOKEN)."""

    token: Token

    def localize(self, lang: str) -> str:
        return render(f"explain.which.{int(self.token)}", {}, lang)
