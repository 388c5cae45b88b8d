"""The games in the Flet app: each game's ``companion/<game>/app.py`` (its routes, home entries,
title and rules file), in the order of :data:`companion.packs.GAMES`."""
from __future__ import annotations

import importlib
from types import ModuleType

from .packs import GAMES

PACKS: dict[str, ModuleType] = {g: importlib.import_module(f"companion.{g.replace('-', '_')}.app") for g in GAMES}


def pack(game: str) -> ModuleType:
    return PACKS[game]


def follow_routes() -> tuple[str, ...]:
    """The screens of a game in progress, every game's: a device on one follows the game."""
    return tuple(r for p in PACKS.values() for r in p.FOLLOW_ROUTES)
