"""A step-by-step explanation (who wins a trick, and why) shared by the trick games: each step
is a message of the engine's catalogs with its parameters, rendered in the reader's language."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .i18n import DEFAULT_LANG, render


@dataclass(frozen=True, slots=True)
class Step:
    """One line of an explanation: a message key (its text cites the rule) and its parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return render(self.key, self.params, lang)


class Steps:
    """The lines of an explanation: for a game's frozen dataclass with a ``steps`` field."""

    __slots__ = ()
    steps: tuple[Step, ...]

    def lines(self, lang: str = DEFAULT_LANG) -> list[str]:
        return [s.text(lang) for s in self.steps]

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return "\n".join(self.lines(lang))


__all__ = ["Step", "Steps"]
