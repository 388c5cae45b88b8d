"""The games the app knows: one :class:`~companion.core.game_view.Game` declaration each (``GAME`` in
``companion/<game>/__init__.py``), in one list. The log session, the shell and the shared
screens (home, rules, history and statistics, records) read this list; nothing else registers
a game — but :func:`add`, the one explicit call that adds a game living outside the app's
packages (a test's, a table's own variant: ``python -m tests.fifth_game``). A game's view and screens are imported when first asked for, so the session stays free
of Flet and a phone starts without any game's code.

A game's id is its record format without the version (``kozyrnye-kity`` for
``kozyrnye-kity/1``; the engine's own list of formats is :data:`engine.core.games.GAMES`).
"""
from __future__ import annotations

import importlib

from .game_view import Game
from .summary import DEFAULT_GAME

# The games' packages, found by name as the engine finds its own (engine/core/games.py): each
# stands above this layer and imports it, so none is imported here by an import statement.
# Their ``__init__`` is the declaration only (its view and screens come when first asked for).
PACKAGES = ("companion.kozyrnye_kity", "companion.vzhuh", "companion.kalmar", "companion.royal_mastheads")
LIST: list[Game] = [importlib.import_module(p).GAME for p in PACKAGES]  # home's order
BY_ID: dict[str, Game] = {g.id: g for g in LIST}


def add(game: Game) -> None:
    """Add a game that lives outside the app's packages, after the others on home. Call it before
    the app starts (the shell builds its routes once); its record format goes to the engine's
    list with :func:`engine.core.games.add`. Adding the same again does nothing; another game
    with a known id is an error."""
    if BY_ID.setdefault(game.id, game) is not game:
        raise ValueError(f"a game {game.id!r} is already known")
    if game not in LIST:
        LIST.append(game)


def game(game_id: str) -> Game:
    """The declaration of ``game_id``; KeyError for a game the app does not know."""
    return BY_ID[game_id]


def view_class(game_id: str):
    """The view class of ``game_id``; KeyError for a game the app does not know."""
    return BY_ID[game_id].view


def follow_routes() -> tuple[str, ...]:
    """The screens of a game in progress, every game's: a device on one follows the game."""
    return tuple(r for g in LIST for r in g.follow_routes)


__all__ = ["BY_ID", "DEFAULT_GAME", "LIST", "PACKAGES", "add", "follow_routes", "game", "view_class"]
