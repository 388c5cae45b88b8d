"""«Кальмар» in the app shell (declared in :mod:`companion.kalmar`, its screens too): the words of
its log entries."""
from __future__ import annotations

import functools
from typing import Any, Callable, Mapping

from ..core.game_view import entry_words
from ..base.i18n import t, tn


def _play_text(a: Mapping[str, Any]) -> str:
    from .screens.cards import card_words, colour_words  # load cost: imported when a log entry of this game is first put in words
    text = t("{player} played {card}").format(player=a.get("player"), card=card_words(a.get("card")))
    if a.get("colour"):
        text += " · " + t("colour {colour}").format(colour=colour_words(a.get("colour")))
    if a.get("with"):
        text += " · " + t("swap with {player}").format(player=a.get("with"))
    if a.get("order"):
        text += " · " + t("ordered: {card}").format(card=card_words(a.get("order")))
    return text


def _draw_text(a: Mapping[str, Any]) -> str:
    n = a.get("count")
    if n is None:
        return t("{player} took the cards due").format(player=a.get("player"))
    return tn("{player} drew {n} card", "{player} drew {n} cards", int(n)).format(player=a.get("player"), n=n)


def _next_text(a: Mapping[str, Any]) -> str:
    from .screens.cards import card_words, colour_words  # load cost: imported when a log entry of this game is first put in words
    text = t("Next game: first card {card}").format(card=card_words(a.get("first_card")))
    if a.get("colour"):
        text += " · " + t("colour {colour}").format(colour=colour_words(a.get("colour")))
    if a.get("dealer"):
        text += " · " + t("dealer {player}").format(player=a.get("dealer"))
    return text


@functools.cache
def words() -> dict[type, Callable[[Mapping[str, Any]], str]]:
    """The words of each action of the game's log (its classes, engine.kalmar.record.LOG)."""
    from engine import kalmar as kl  # load cost: imported when a log entry of this game is first put in words
    return {
        kl.Play: _play_text,
        kl.Draw: _draw_text,
        kl.Pass: lambda a: t("{player}: «Пас»").format(player=a.get("player")),
        kl.DrawAndPass: lambda a: t("{player} drew a card, «Пас»").format(player=a.get("player")),
        kl.MissedCall: lambda a: t("{player} did not call «Кальмар!»: +2").format(player=a.get("player")),
        kl.BrokeSilence: lambda a: t("{player} broke the silence: +4").format(player=a.get("player")),
        kl.PlayerOut: lambda a: t("{player} has no cards left").format(player=a.get("player")),
        kl.NextGame: _next_text,
    }


def action_text(a: Mapping[str, Any]) -> str:
    """A log entry in words: the words of its action class (:func:`words`), found by its tag."""
    from engine.kalmar.record import LOG  # load cost: imported when a log entry of this game is first put in words
    return entry_words(a, LOG, words())
