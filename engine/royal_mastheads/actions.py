"""One action as JSON: the form the app's action log keeps (companion/royal_mastheads/view.py).

Each action is a JSON object with a ``"type"``; players are named and cards are card ids, as in
the record ``royal-mastheads/1``:

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

from engine.core.errors import RecordError
from engine.core.reading import get, join, player, show, typed

from .cards import BY_ID, RANK_IDS, SUITS_IDS, Card
from .game import (
    BANK_SIZE, PLAYERS, UNSET, AcceptSharedWin, _flat_bank, Action, Bank, Play, PlayAnotherDeal, PlayTrick, StartDeal, TakenCards,
)

TYPES = ("deal", "play", "trick", "bank", "taken", "another-deal", "shared-win")
_SUITS_TEXT = ", ".join(SUITS_IDS)
_RANKS_TEXT = ", ".join(RANK_IDS)


def _id(c: Any) -> str:
    if isinstance(c, Card):
        return c.id
    if isinstance(c, int) and not isinstance(c, bool):
        return Card(c).id
    return str(c)


def _name(who: Any, players: Sequence[str]) -> str:
    return players[who] if isinstance(who, int) and not isinstance(who, bool) else str(who)


def _per_seat_json(value: Any, players: Sequence[str]) -> dict:
    if isinstance(value, dict):
        items = [(_name(k, players), v) for k, v in value.items()]
        by = dict(items)
        return {p: [_id(c) for c in by[p]] for p in players if p in by}
    return {p: [_id(c) for c in cs] for p, cs in zip(players, value)}


def action_to_json(a: Action, players: Sequence[str]) -> dict:
    """An action as a JSON object naming players and cards as the record does."""
    if isinstance(a, StartDeal):
        return {"type": "deal", "turned": _id(a.turned)}
    if isinstance(a, Play):
        out = {"type": "play", "card": _id(a.card)}
        if a.seat is not None:
            out["player"] = _name(a.seat, players)
        return out
    if isinstance(a, PlayTrick):
        return {"type": "trick", "cards": [_id(c) for c in a.cards]}
    if isinstance(a, Bank):
        if a.cards is None:
            return {"type": "bank"}
        if _flat_bank(a.cards):
            return {"type": "bank", "bank": [_id(c) for c in a.cards]}  # type: ignore[union-attr]
        return {"type": "bank", "bank": _per_seat_json(a.cards, players)}
    if isinstance(a, TakenCards):
        out = {"type": "taken", "taken": _per_seat_json(a.taken, players), "bank": [_id(c) for c in a.bank]}
        if a.holder is not UNSET:
            out["bank_holder"] = None if a.holder is None else _name(a.holder, players)
        return out
    if isinstance(a, PlayAnotherDeal):
        return {"type": "another-deal"}
    if isinstance(a, AcceptSharedWin):
        return {"type": "shared-win"}
    raise TypeError(f"not an action: {a!r}")


def _card(value: Any, path: str) -> Card:
    c = BY_ID.get(value) if isinstance(value, str) else None
    if c is None:
        typed(value, str, path)
        raise RecordError(path, "rm.r.card", {"value": show(value), "suits": _SUITS_TEXT, "ranks": _RANKS_TEXT})
    return c


def _cards(value: Any, path: str) -> tuple[Card, ...]:
    typed(value, list, path)
    return tuple(_card(v, join(path, i)) for i, v in enumerate(value))


def _per_player(d: dict, key: str, players: Sequence[str], path: str) -> tuple[tuple[Card, ...], ...]:
    raw = get(d, key, dict, path)
    kpath = join(path, key)
    by: dict[str, tuple[Card, ...]] = {}
    for name, cards in raw.items():
        player(name, players, join(kpath, name))
        by[name] = _cards(cards, join(kpath, name))
    for name in players:
        if name not in by:
            raise RecordError(kpath, "rm.r.per-player", {"player": show(name)})
    return tuple(by[name] for name in players)


def action_from_json(d: Any, players: Sequence[str], path: str = "action") -> Action:
    """Inverse of :func:`action_to_json`; malformed input raises :class:`RecordError` with a path."""
    typed(d, dict, path)
    kind = get(d, "type", str, path)
    if kind == "deal":
        return StartDeal(_card(get(d, "turned", str, path), join(path, "turned")))
    if kind == "play":
        card = _card(get(d, "card", str, path), join(path, "card"))
        if "player" in d:
            return Play(card, player(d["player"], players, join(path, "player")))
        return Play(card)
    if kind == "trick":
        cards = _cards(get(d, "cards", list, path), join(path, "cards"))
        if not 1 <= len(cards) <= PLAYERS:
            raise RecordError(join(path, "cards"), "rm.r.trick-size", {"count": len(cards)})
        return PlayTrick(cards)
    if kind == "bank":
        if "bank" not in d:
            return Bank()  # RM-BANK: the cards nobody played
        if isinstance(d["bank"], list):
            cards = _cards(d["bank"], join(path, "bank"))
            if len(cards) != BANK_SIZE:  # RM-BANK: 2 cards × 4 players
                raise RecordError(join(path, "bank"), "rm.x.bank-shape", {"detail": f"{len(cards)}/{BANK_SIZE}"})
            return Bank(cards)
        return Bank(_per_player(d, "bank", players, path))
    if kind == "taken":
        taken = _per_player(d, "taken", players, path)
        bank = _cards(get(d, "bank", list, path), join(path, "bank"))
        if "bank_holder" in d:
            h = d["bank_holder"]
            holder = None if h is None else player(h, players, join(path, "bank_holder"))
            return TakenCards(taken, bank, holder)
        return TakenCards(taken, bank)
    if kind == "another-deal":
        return PlayAnotherDeal()
    if kind == "shared-win":
        return AcceptSharedWin()
    raise RecordError(join(path, "type"), "r.value", {"value": show(kind), "detail": " | ".join(TYPES)})


__all__ = ["TYPES", "action_from_json", "action_to_json"]
