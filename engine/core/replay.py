"""What replaying a record shares in every game: one fold of the game's ``apply`` in replay
mode (``strict=False``: each broken rule becomes a violation and the game goes on as entered)
over the record's actions, and the common part of the result. An entry that cannot be applied
at all becomes a :class:`~engine.core.errors.RecordError` at its path (exit status 2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .errors import IllegalAction, MissingInput, RecordError, Violation
from .i18n import render


def fold_record(state: Any, actions: Iterable[tuple[str, Any]], apply: Callable[..., Any], *,
                missing: Callable[[MissingInput], tuple[str, dict]] | None = None) -> Any:
    """``apply`` folded over ``(path, action)`` pairs from ``state`` in replay mode. ``missing``
    words an input the record lacks (e.g. a card's printed fact) as a record error's (key,
    params); without it such an input is an error of the engine's."""
    for path, action in actions:
        try:
            state = apply(state, action, strict=False)
        except MissingInput as e:
            if missing is None:
                raise
            key, params = missing(e)
            raise RecordError(path, key, params) from None
        except IllegalAction as e:
            raise RecordError(path, e.key, e.params) from None
    return state


@dataclass(frozen=True)
class Replayed:
    """A replayed record and the state it ends in (``state.violations``, ``state.winner``,
    ``state.players``); each game's result adds its own figures and texts."""

    record: Any
    state: Any

    @property
    def violations(self) -> tuple[Violation, ...]:
        """In the order of the game: a broken rule on the trick where it happened."""
        return tuple(sorted(self.state.violations, key=lambda v: (v.round, v.trick or 0)))

    @property
    def valid(self) -> bool:
        return not self.state.violations

    @property
    def finished(self) -> bool:
        return self.state.winner is not None

    @property
    def winner(self) -> str | None:
        return self.state.players[self.state.winner] if self.state.winner is not None else None

    def to_json(self, lang: str = "ru") -> dict:
        """The common part of every game's result as JSON (a game adds its own figures)."""
        return {"valid": self.valid, "finished": self.finished, "winner": self.winner,
                "violations": [v.to_json(lang) for v in self.violations]}

    def violation_lines(self, lang: str, none_key: str, count_key: str, where: Callable[[Violation], str],
                        who: bool = True) -> list[str]:
        """The report's broken rules: ``none_key``'s sentence, or ``count_key``'s and one line
        each — «- [rule] code, where(, player): text» — in the game's own message keys."""
        vs = self.violations
        if not vs:
            return [render(none_key, {}, lang)]
        lines = [render(count_key, {"n": len(vs)}, lang)]
        for v in vs:
            by = f", {v.player}" if who and v.player is not None else ""
            lines.append(f"- [{v.rule}] {v.code}, {where(v)}{by}: {v.text(lang)}")
        return lines


__all__ = ["Replayed", "fold_record"]
