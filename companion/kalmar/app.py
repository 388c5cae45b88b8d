"""«Кальмар» in the app shell (declared in :mod:`companion.kalmar`, its screens too): the words of
its log entries."""
from __future__ import annotations

from typing import Any, Mapping

from ..i18n import t, tn


def _play_text(a: Mapping[str, Any]) -> str:
    from .screens.cards import card_words, colour_words
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
    from .screens.cards import card_words, colour_words
    text = t("Next game: first card {card}").format(card=card_words(a.get("first_card")))
    if a.get("colour"):
        text += " · " + t("colour {colour}").format(colour=colour_words(a.get("colour")))
    if a.get("dealer"):
        text += " · " + t("dealer {player}").format(player=a.get("dealer"))
    return text


_KALMAR_TEXTS = {
    "play": _play_text,
    "draw": _draw_text,
    "pass": lambda a: t("{player}: «Пас»").format(player=a.get("player")),
    "draw-pass": lambda a: t("{player} drew a card, «Пас»").format(player=a.get("player")),
    "missed-call": lambda a: t("{player} did not call «Кальмар!»: +2").format(player=a.get("player")),
    "broke-silence": lambda a: t("{player} broke the silence: +4").format(player=a.get("player")),
    "out": lambda a: t("{player} has no cards left").format(player=a.get("player")),
    "next-game": _next_text,
}


def action_text(a: Mapping[str, Any]) -> str:
    """A log entry in words (the history, «entries that no longer fit»)."""
    fn = _KALMAR_TEXTS.get(a.get("type"))
    return fn(a) if fn is not None else str(a.get("type"))
