"""Typed errors and violations, shared by every game.

An :class:`IllegalAction` is what the table tried and the rules refuse; a :class:`RecordError`
is a game record that cannot be read. Each carries a message key and parameters, so the text
exists in every language (:meth:`text`), and ``str()`` gives the rule ID, the input and the
state for logs and tracebacks. Both are usually made from a game's rule registry
(:mod:`engine.core.rules`), which binds code, rule ID and message once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .i18n import DEFAULT_LANG, render


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule found in a game (record replay or live play).

    ``round`` is the 1-based round (party, deal) and ``trick`` the 1-based trick within it,
    None for a round-level finding or a game without tricks.
    """

    code: str
    rule: str
    round: int
    trick: int | None
    player: str | None
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return render(self.key, self.params, lang)

    def to_json(self, lang: str = DEFAULT_LANG) -> dict:
        return {
            "code": self.code,
            "rule": self.rule,
            "round": self.round,
            "trick": self.trick,
            "player": self.player,
            "message": self.text(lang),
        }


class GameError(Exception):
    """Base of every error an engine raises on purpose."""

    key: str
    params: Mapping[str, Any]

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return render(self.key, self.params, lang)


class IllegalAction(GameError):
    """The table tried something the rules refuse. The state is unchanged.

    ``code`` is a violation code (see the record format) or a live-only refusal code;
    ``rule`` the rule ID; ``action`` the input; ``where`` a one-line summary of the state.
    """

    violation: Violation | None = None

    def __init__(self, code: str, rule: str, key: str, params: Mapping[str, Any], action: Any = None, where: str = ""):
        self.code, self.rule, self.key, self.params = code, rule, key, dict(params)
        self.action, self.where = action, where
        super().__init__(f"{rule} [{code}] {render(key, params, 'en')} | input: {action!r} | state: {where}")

    @classmethod
    def of(cls, v: Violation, action: Any, where: str) -> "IllegalAction":
        err = cls(v.code, v.rule, v.key, v.params, action, where)
        err.violation = v
        return err


class MissingInput(GameError):
    """The engine needs something only the table knows (e.g. a printed fact of a card) to
    apply an action. The app asks and applies the action again; a replay reports the record
    as unreadable."""


class RecordError(GameError):
    """A game record that cannot be read (exit status 2 of the replay command).

    ``path`` locates the problem in the document, e.g. ``rounds[2].tricks[3].plays[0].card``.
    """

    def __init__(self, path: str, key: str, params: Mapping[str, Any] | None = None):
        self.path, self.detail_key, self.detail_params = path, key, dict(params or {})
        if path:
            self.key, self.params = "r.where", {"path": path, "detail": _Deferred(key, self.detail_params)}
        else:
            self.key, self.params = "r.where-top", {"detail": _Deferred(key, self.detail_params)}
        super().__init__(self.text("en"))

    def text(self, lang: str = DEFAULT_LANG) -> str:
        params = {k: (v.text(lang) if isinstance(v, _Deferred) else v) for k, v in self.params.items()}
        return render(self.key, params, lang)


@dataclass(frozen=True, slots=True)
class _Deferred:
    key: str
    params: Mapping[str, Any]

    def text(self, lang: str) -> str:
        return render(self.key, {k: (v.text(lang) if isinstance(v, _Deferred) else v) for k, v in self.params.items()}, lang)
