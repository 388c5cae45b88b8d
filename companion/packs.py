"""The games the app knows: one folder each (``companion/<game>/``), found here by the game's id.

A game's id is its record format without the version (``kozyrnye-kity`` for
``kozyrnye-kity/1``). Its package provides ``VIEW`` (its :class:`~companion.game_view.GameView`)
and, for the Flet app, ``ROUTES``, ``TITLE`` and the like (see :mod:`companion.app`). Packages
are imported when first asked for, so the session stays free of Flet.
"""
from __future__ import annotations

import importlib

DEFAULT_GAME = "kozyrnye-kity"  # the first game; stored games without a ``game`` key are of it
GAMES = ("kozyrnye-kity", "vzhuh", "kalmar", "royal-mastheads")  # the order of the home screen
_PACKAGES = {"kozyrnye-kity": "companion.kozyrnye_kity.view", "vzhuh": "companion.vzhuh.view", "kalmar": "companion.kalmar.view", "royal-mastheads": "companion.royal_mastheads.view"}


def view_class(game: str):
    """The view class of ``game``; KeyError for a game the app does not know."""
    return importlib.import_module(_PACKAGES[game]).VIEW
