"""The "Who wins?" calculator: the input the table builds, checked against the engine.

Pure functions; the component only renders this and sends taps. Every rule question (how many
copies a card has, how many players play, who wins and why) is asked of the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional, Sequence

from engine.kozyrnye_kity import Card, Family, Token, deck_for, explain
from engine.kozyrnye_kity.game import MAX_PLAYERS, MIN_PLAYERS
from engine.kozyrnye_kity.i18n import card_name
from engine.kozyrnye_kity.trick import Explanation

from ..base import i18n


class Problem(Exception):
    """Input the calculator cannot use; ``text()`` is a calm sentence in the current language."""

    def __init__(self, text: Callable[[], str]):
        super().__init__("calculator input problem")
        self.text = text


@dataclass(frozen=True)
class Calc:
    trump: Optional[Family] = None
    token: Optional[Token] = None
    plays: tuple[Card, ...] = ()


def copies_in_deck(card: Card) -> int:
    """How many copies of ``card`` the full deck has (the engine's deck, R-COMP)."""
    return deck_for(MAX_PLAYERS).count(card)


def add(c: Calc, card: Card) -> Calc:
    if len(c.plays) >= MAX_PLAYERS:
        raise Problem(lambda: i18n.tn("A trick has at most {n} card: one per player.",
                                      "A trick has at most {n} cards: one per player.", MAX_PLAYERS))
    if c.plays.count(card) >= copies_in_deck(card):
        if copies_in_deck(card) == 1:
            raise Problem(lambda: i18n.t("{card} is already in this trick: the deck has only one.").format(
                card=card_name(card, i18n.lang())))
        raise Problem(lambda: i18n.tn("The deck has only {n} card of this kind.",
                                      "The deck has only {n} cards of this kind.", copies_in_deck(card)))
    return replace(c, plays=c.plays + (card,))


def undo(c: Calc) -> Calc:
    return replace(c, plays=c.plays[:-1])


def player_labels(n: int, names: Sequence[str] = ()) -> list[str]:
    """``names`` where given, else «Игрок 1», «Игрок 2», …"""
    return [names[i] if i < len(names) and names[i] else i18n.t("Player {n}").format(n=i + 1)
            for i in range(n)]


def decide(c: Calc, names: Sequence[str] = ()) -> tuple[list[str], Explanation]:
    """The players and the engine's explanation; raises :class:`Problem` on incomplete input."""
    if c.trump is None:
        raise Problem(lambda: i18n.t("Choose the trump family first."))
    if c.token is None:
        raise Problem(lambda: i18n.t("Choose the side of the token first: 1 or 9."))
    if len(c.plays) < MIN_PLAYERS:
        raise Problem(lambda: i18n.tn("Add at least {n} card, in the order they were played.",
                                      "Add at least {n} cards, in the order they were played.", MIN_PLAYERS))
    players = player_labels(len(c.plays), names)
    return players, explain(players, list(c.plays), c.trump, c.token)
