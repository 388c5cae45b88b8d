"""«Королевское наказание» in the app shell (declared in :mod:`companion.royal_mastheads`, its
screens too): the words of its log entries, one table keyed by the action classes of its log
(engine.royal_mastheads.actions.LOG)."""
from __future__ import annotations

import functools
from typing import Any, Callable, Mapping

from engine.royal_mastheads.rules import C

from ..core.game_view import entry_words
from ..base.i18n import lang, t


def _cards(cards: Any, lg: str) -> str:
    from .view import card_text  # load cost: imported when a log entry of this game is first put in words
    return " ".join(card_text(c, lg) for c in cards)


def _play_text(a: Mapping[str, Any], lg: str) -> str:
    from .view import card_text  # load cost: imported when a log entry of this game is first put in words
    return (f"{a['player']}: " if a.get("player") else "") + card_text(a.get("card", "?"), lg)


def _bank_text(a: Mapping[str, Any], lg: str) -> str:
    bank = a.get("bank")
    if bank is None:  # filled by itself after the 11th trick (RM-BANK)
        return t("Bank: the 8 cards not played ({rule})").format(rule=C.BANK.rule)
    if isinstance(bank, list):
        return t("Bank: {cards}").format(cards=_cards(bank, lg))
    return t("Bank: {cards}").format(cards=" · ".join(f"{p} {_cards(cs, lg)}" for p, cs in bank.items()))


def _taken_text(a: Mapping[str, Any], lg: str) -> str:
    return t("Taken cards: {cards}").format(cards=" · ".join(
        f"{p} {len(cs)}" for p, cs in (a.get("taken") or {}).items()) + " · " + t("bank {n}").format(
        n=len(a.get("bank") or ())))


@functools.cache
def words() -> dict[type, Callable[[Mapping[str, Any], str], str]]:
    """The words of each action of the game's log (its classes, engine.royal_mastheads.actions.LOG),
    in the language ``lg``: «Открыта Д♥», «10♠», «Банк: …», «Взятые карты: …»."""
    from engine import royal_mastheads as rm  # load cost: imported when a log entry of this game is first put in words
    from .view import card_text  # load cost: imported when a log entry of this game is first put in words
    return {
        rm.StartDeal: lambda a, lg: t("Turned {card}").format(card=card_text(a.get("turned", "?"), lg)),
        rm.Play: _play_text,
        rm.PlayTrick: lambda a, lg: t("Trick: {cards}").format(cards=_cards(a.get("cards", ()), lg)),
        rm.Bank: _bank_text,
        rm.TakenCards: _taken_text,
        rm.PlayAnotherDeal: lambda a, lg: t("One more deal after a tie ({rule})").format(rule=C.SET_TIE.rule),
        rm.AcceptSharedWin: lambda a, lg: t("Shared win accepted ({rule})").format(rule=C.SET_TIE.rule),
    }


def action_text(a: Mapping[str, Any], lg: str | None = None) -> str:
    """A log entry in words: the words of its action class (:func:`words`), found by its tag."""
    from engine.royal_mastheads.actions import LOG  # load cost: imported when a log entry of this game is first put in words
    return entry_words(a, LOG, words(), lg or lang())
