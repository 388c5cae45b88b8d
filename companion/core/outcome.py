"""What a change tells the table: an :class:`Outcome` (done, or refused), with a :class:`Notice`
(a message key and its parameters, or an engine error that brings its own text). Flet-free and
wordless: the UI renders a notice in the user's language (``companion/widgets/notices.py``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine.core.errors import GameError


@dataclass(frozen=True)
class Change:
    """One difference after an edit, undo of a past entry, or a corrected fact. ``kind`` is
    one of the game's change kinds (the UI words them): e.g. "total", "winner",
    "violation-new", "violation-gone", "entry-dropped", and game-specific ones."""

    key: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Notice:
    """Something to tell the table. ``error`` (an engine error) brings its own text in every
    language; otherwise ``key`` + ``params`` are rendered by the UI's catalog."""

    kind: str  # "refused" | "question" | "changed" | "conflict" | "stale" | "storage" | "import" | "info"
    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    error: GameError | None = None
    changes: tuple[Change, ...] = ()

    def text(self, lang: str, catalog: Callable[[str, Mapping[str, Any], str], str] | None = None) -> str:
        if self.error is not None:
            return self.error.text(lang)
        if catalog is None:
            return self.key
        return catalog(self.key, self.params, lang)


@dataclass(frozen=True)
class Outcome:
    ok: bool
    notice: Notice | None = None

    def text(self, lang: str = "ru") -> str:
        return self.notice.text(lang) if self.notice else ""

    @property
    def stale(self) -> bool:
        """Refused because the entry was made on a state the game is no longer in."""
        return self.notice is not None and self.notice.kind == "stale"


DONE = Outcome(True)


def refused(key: str, params: Mapping[str, Any] | None = None, error: GameError | None = None) -> Outcome:
    return Outcome(False, Notice("refused", key, dict(params or {}), error))


def not_saved(e: OSError) -> Outcome:
    """A write that failed (disk full, a read-only folder): refused, and it says why."""
    return refused("session.not-saved", {"reason": e.strerror or type(e).__name__})


__all__ = ["DONE", "Change", "Notice", "Outcome", "not_saved", "refused"]
