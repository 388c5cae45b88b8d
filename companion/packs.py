"""The games the app knows: one :class:`~companion.game_view.Game` declaration each (``GAME`` in
``companion/<game>/__init__.py``), in one list. The log session, the shell and the shared
screens (home, rules, history and statistics, records) read this list; nothing else registers
a game. A game's view and screens are imported when first asked for, so the session stays free
of Flet and a phone starts without any game's code.

A game's id is its record format without the version (``kozyrnye-kity`` for
``kozyrnye-kity/1``; the engine's own list of formats is :data:`engine.core.games.GAMES`).
"""
from __future__ import annotations

from . import kalmar, kozyrnye_kity, royal_mastheads, vzhuh
from .game_view import Game

DEFAULT_GAME = "kozyrnye-kity"  # the first game; stored games without a ``game`` key are of it
LIST: tuple[Game, ...] = (kozyrnye_kity.GAME, vzhuh.GAME, kalmar.GAME, royal_mastheads.GAME)  # home's order
BY_ID: dict[str, Game] = {g.id: g for g in LIST}
GAMES: tuple[str, ...] = tuple(BY_ID)


def game(game_id: str) -> Game:
    """The declaration of ``game_id``; KeyError for a game the app does not know."""
    return BY_ID[game_id]


def view_class(game_id: str):
    """The view class of ``game_id``; KeyError for a game the app does not know."""
    return BY_ID[game_id].view


def follow_routes() -> tuple[str, ...]:
    """The screens of a game in progress, every game's: a device on one follows the game."""
    return tuple(r for g in LIST for r in g.follow_routes)
