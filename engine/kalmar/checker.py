"""«Можно ли сыграть эту карту?» — the checker of «Кальмар», used for every entered card too.

:func:`check_card` answers for any top card and colour in force (KL-PLAY, and the house rule
RUL-KL-SAME-SYMBOL when a table switches it on); :func:`can_play` answers for the live table:
nothing after the end (KL-END), a pending «Возьми 2…»/«Возьми 4…» is taken first (KL-FX-DRAW2,
KL-FX-DRAW4, RUL-KL-PENDING), an order in force allows only the ordered card (KL-FX-ORDER,
RUL-KL-ORDER), else KL-PLAY. Both return a :class:`~engine.core.rules.Verdict` of the registry
:class:`~engine.kalmar.rules.V` (``ok``, ``rule``, ``text(lang)``); bad input gets a refusing
verdict, never an exception.

After «Обмен картами», «Отдать приказ» or «Соблюдай тишину» (blue, no colour of their own) the
colour in force stays the one before them (RUL-KL-BLUE-COLOUR); a blue card has no digit.
"""
from __future__ import annotations

from typing import Any

from engine.core.rules import Verdict

from .cards import Card, Colour, Kind, card_problem, show_value
from .rules import V


def check_card(top: Card, colour: Colour | None, card: Card, *, same_symbol: bool = False) -> Verdict:
    """Whether ``card`` may go on ``top`` with ``colour`` in force (KL-PLAY): the same colour,
    the same digit, an organizer of the same colour, or a blue organizer. ``same_symbol``: the
    house rule RUL-KL-SAME-SYMBOL (the same organizer picture in any colour)."""
    bad = _bad(card)
    if bad is not None:
        return bad
    if card.blue:
        return V.OK_BLUE.verdict({"card": card})
    if colour is not None and card.colour is colour:
        return V.OK_COLOUR.verdict({"card": card, "colour": colour})
    top_ok = card_problem(top) is None
    if top_ok and card.kind is Kind.DIGIT and top.kind is Kind.DIGIT and card.digit == top.digit:
        return V.OK_DIGIT.verdict({"card": card, "top": top, "digit": card.digit})
    if top_ok and card.kind is not Kind.DIGIT and card.kind is top.kind:
        if same_symbol:
            return V.OK_SAME_SYMBOL.verdict({"card": card, "top": top})
        return V.SAME_SYMBOL_OFF.verdict({"card": card, "top": top})
    return V.NO_MATCH.verdict({"card": card, "top": top if top_ok else "—", "colour": colour if colour else "—"})


def can_play(state: Any, card: Card) -> Verdict:
    """Whether the player to move may play ``card`` now (see the module docstring). ``state`` is
    a :class:`engine.kalmar.game.GameState`; whose turn it is is not checked here (KL-START is
    checked when a play is entered)."""
    if state.winner is not None:
        return V.GAME_OVER.verdict({"winner": state.players[state.winner]})
    bad = _bad(card)
    if bad is not None:
        return bad
    player = state.players[state.turn]
    if state.pending is Kind.DRAW2:
        return V.MUST_DRAW2.verdict({"player": player})
    if state.pending is Kind.DRAW4:
        return V.MUST_DRAW4.verdict({"player": player})
    if state.order is not None:
        if card == state.order:
            return V.OK_ORDERED.verdict({"card": card})
        return V.NOT_ORDERED.verdict({"card": card, "order": state.order})
    return check_card(state.top, state.colour, card, same_symbol=state.options.same_symbol)


def _bad(card: Any) -> Verdict | None:
    why = card_problem(card)
    if why is None:
        return None
    return V.BAD_CARD.verdict({"value": show_value(card)})
