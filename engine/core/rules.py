"""The rule registry: each game's violations and refusals, each bound once to its code, rule ID
and message key.

A game declares one enum::

    class V(RuleRegistry):
        REVOKE = ("revoke", "R-TRICK-2", "v.revoke")

and raises or records by member (``ctx.violate(V.REVOKE, …)``), so a message can never cite
another rule than the one it belongs to. ``tests/test_rule_registries.py`` checks every member's
rule ID against the game's rules digest and every key against the messages.
"""
from __future__ import annotations

import enum
from typing import Any, Mapping


class RuleRegistry(enum.Enum):
    """Base of a game's registry; each member's value is ``(code, rule ID, message key)``."""

    def __init__(self, code: str, rule: str, key: str):
        self.code, self.rule, self.key = code, rule, key

    def refusal(self, params: Mapping[str, Any] | None = None, action: Any = None, where: str = ""):
        """This rule as an :class:`~engine.core.errors.IllegalAction`."""
        from .errors import IllegalAction

        return IllegalAction(self.code, self.rule, self.key, params or {}, action, where)

    def verdict(self, params: Mapping[str, Any] | None = None) -> "Verdict":
        return Verdict(self, dict(params or {}))


class Verdict:
    """A finding of a checker that is not an action (e.g. «is this move legal?»): the rule and
    the parameters of its message. ``ok`` comes from the registry member's name prefix
    (``OK_…`` members are the legal answers)."""

    __slots__ = ("entry", "params")

    def __init__(self, entry: RuleRegistry, params: Mapping[str, Any]):
        self.entry, self.params = entry, params

    @property
    def ok(self) -> bool:
        return self.entry.name.startswith("OK_")

    @property
    def rule(self) -> str:
        return self.entry.rule

    @property
    def code(self) -> str:
        return self.entry.code

    def text(self, lang: str = "ru") -> str:
        from .i18n import render

        return render(self.entry.key, self.params, lang)

    def __repr__(self) -> str:
        return f"Verdict({self.entry.name}, {dict(self.params)!r})"


class Citation(enum.Enum):
    """Base of a game's citations: the rules the app names beside a label or a banner that is
    not a finding (e.g. «Кто пропускает ход (KL-FX-SKIP)»). Each member's value is the rule ID
    (of the game's digest, or one of the project's rulings in ``assets/rules/<game>.json``);
    screens cite ``C.MEMBER.rule`` and never spell a rule ID themselves
    (``tests/test_view_models.py``)."""

    @property
    def rule(self) -> str:
        return self.value
