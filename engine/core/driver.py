"""The fold/apply driver shared by every game: strict and replay modes.

* ``strict=True`` (live play): an illegal action raises
  :class:`~engine.core.errors.IllegalAction` and the state is unchanged.
* ``strict=False`` (record replay): a broken rule that can still be scored is recorded as a
  :class:`~engine.core.errors.Violation` in ``state.violations`` and the game goes on as
  entered; only what cannot be scored at all raises.

A game provides its handlers (action type → function(ctx, state, action) → state) and a
``where`` function (a one-line summary of a state for error messages). Its state is a frozen
dataclass with ``players`` and ``violations``.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .errors import IllegalAction, Violation
from .reading import show_input
from .rules import RuleRegistry
from .seating import names_ok, seat_of

S = TypeVar("S")


def replace(obj: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for the engines' frozen states. A state with an instance dict
    is copied without re-running ``__init__`` (a fold runs this a few hundred times per
    replayed record, and the copy keeps a 5-round whale replay within its time budget); a
    slotted one goes through ``dataclasses.replace``. The result is as immutable as the input."""
    if hasattr(obj, "__dict__"):
        new = object.__new__(type(obj))
        d = new.__dict__
        d.update(obj.__dict__)
        d.update(changes)
        return new
    return dataclasses.replace(obj, **changes)


class Ctx:
    """Collects violations for one action; in strict mode a refusable one raises at once."""

    __slots__ = ("state", "action", "strict", "found", "_where")

    def __init__(self, state: Any, action: Any, strict: bool, where: Callable[[Any], str]):
        self.state, self.action, self.strict, self._where = state, action, strict, where
        self.found: list[Violation] = []

    def violate(self, rule: RuleRegistry, params: Mapping[str, Any], *, round: int, trick: int | None,
                player: int | None, refusable: bool = True) -> None:
        name = self.state.players[player] if player is not None else None
        v = Violation(rule.code, rule.rule, round, trick, name, rule.key, params)
        if self.strict and refusable:
            raise IllegalAction.of(v, self.action, self._where(self.state))
        self.found.append(v)

    def refuse(self, rule: RuleRegistry, params: Mapping[str, Any] | None = None) -> IllegalAction:
        return rule.refusal(params, self.action, self._where(self.state))

    def players(self, players: Sequence[Any], low: int, high: int, count: RuleRegistry,
                names: RuleRegistry) -> tuple[str, ...]:
        """The players of a new game: ``low``–``high`` of them (else refused by ``count``, with
        ``n``, ``low``, ``high``), distinct non-blank names (else refused by ``names``)."""
        if not low <= len(players) <= high:
            raise self.refuse(count, {"n": len(players), "low": low, "high": high})
        if not names_ok(players):
            raise self.refuse(names)
        return tuple(players)

    def seat(self, who: Any, players: Sequence[str], rule: RuleRegistry, param: str) -> int:
        """The seat ``who`` names (its index or its player's name), else refused by ``rule``
        with the value entered as ``param``."""
        seat = seat_of(who, players)
        if seat is None:
            raise self.refuse(rule, {param: show_input(who)})
        return seat

    def full(self, what: str, limit: int, rule: str) -> IllegalAction:
        """The refusal of an entry the game's record could not hold: its reader refuses more
        than ``limit`` ``what`` (``rounds``, ``parties``, ``deals``, ``turns``, ``games``), so
        the entry is refused at the same limit — the app never keeps a game its own export
        would refuse. ``rule``: the game's note on it (``N-…-RECORD-LIMIT``)."""
        return IllegalAction("record-full", rule, f"x.record-full.{what}", {"limit": limit, "rule": rule},
                             self.action, self._where(self.state))

    def done(self, state: Any) -> Any:
        if self.found:
            state = replace(state, violations=state.violations + tuple(self.found))
        return state


class Driver:
    """``apply`` and ``replay`` of one game."""

    def __init__(self, handlers: Mapping[type, Callable[[Ctx, Any, Any], Any]], where: Callable[[Any], str]):
        self.handlers, self.where = dict(handlers), where

    def apply(self, state: S, action: Any, *, strict: bool = True) -> S:
        handler = self.handlers.get(type(action))
        if handler is None:
            raise TypeError(f"not an action: {action!r}")
        ctx = Ctx(state, action, strict, self.where)
        return ctx.done(handler(ctx, state, action))

    def replay(self, state: S, actions: Sequence[Any], *, strict: bool = True) -> S:
        for a in actions:
            state = self.apply(state, a, strict=strict)
        return state
