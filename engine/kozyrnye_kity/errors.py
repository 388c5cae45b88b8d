"""This game's own error: a printed card fact the engine needs (the shared errors live in
:mod:`engine.core.errors`)."""
from __future__ import annotations

from ..core.errors import GameError, IllegalAction, MissingInput, RecordError, Violation  # noqa: F401 — one import for this game
from ..core.i18n import render
from .cards import Card



class MissingFact(MissingInput):
    """The engine needs a printed fact (``"pearls"`` or ``"bonus"``) of ``card`` that is unknown.

    The app asks the table and retries; a replay reports it as an unreadable record.
    """

    def __init__(self, card: Card, fact: str, action=None, where: str = ""):
        self.card, self.fact, self.action, self.where = card, fact, action, where
        self.rule = "R-REWARD-1" if fact == "pearls" else "R-BONUS"
        self.key = f"fact.{fact}"
        self.params = {"card": card}
        super().__init__(f"{self.rule} [missing-fact] {render(self.key, self.params, 'en')} | input: {action!r} | state: {where}")
