"""One action as JSON: the form the app's action log keeps (companion/royal_mastheads/view.py).

Each action is a JSON object with a ``"type"``; players are named and cards are card ids, as in
the record ``royal-mastheads/1``. Each action class declares its form once (engine.core.actions,
the kinds in :mod:`.game`); :data:`LOG` lists them:

* ``{"type": "deal", "turned": "hearts-Q"}`` — :class:`StartDeal` (RM-DEAL-2)
* ``{"type": "play", "card": "spades-10"}`` (optionally ``"player": name``) — :class:`Play`
* ``{"type": "trick", "cards": ["spades-10", …]}`` — :class:`PlayTrick` (a record's trick)
* ``{"type": "bank"}`` — :class:`Bank` of the cards nobody played (RM-BANK: what the app enters
  by itself after the 11th trick); ``{"type": "bank", "bank": [8 cards]}`` — the bank's cards;
  ``{"type": "bank", "bank": {name: [card, card], …}}`` — two cards per player (the older entry)
* ``{"type": "taken", "taken": {name: [cards…], …}, "bank": [8 cards]}`` (optionally
  ``"bank_holder": name | null``) — :class:`TakenCards` (RUL-RM-ORDER)
* ``{"type": "another-deal"}`` / ``{"type": "shared-win"}`` — RUL-RM-SET-TIE

Malformed input raises :class:`~engine.core.errors.RecordError` with the path of the problem.
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.core.actions import Codec

from .game import AcceptSharedWin, Action, Bank, Play, PlayAnotherDeal, PlayTrick, StartDeal, TakenCards

LOG = Codec(StartDeal, Play, PlayTrick, Bank, TakenCards, PlayAnotherDeal, AcceptSharedWin)
TYPES = LOG.tags


def action_to_json(a: Action, players: Sequence[str]) -> dict:
    """An action as a JSON object naming players and cards as the record does."""
    return LOG.to_json(a, players)


def action_from_json(d: Any, players: Sequence[str], path: str = "action") -> Action:
    """Inverse of :func:`action_to_json`; malformed input raises :class:`RecordError` with a path."""
    return LOG.from_json(d, players, path)


__all__ = ["LOG", "TYPES", "action_from_json", "action_to_json"]
