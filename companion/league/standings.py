"""The table's league as a service beside the live game (issue 42, issue 49): the league of the
kept games and the people (:func:`companion.league.ratings.of_store`), computed again only after
the games or the people changed (the store's generation) — never stored, so a corrected or
deleted game is counted as it is now. The log session holds one (``session.league``). Flet-free."""
from __future__ import annotations

from ..store.repository import Store
from .ratings import League, of_store


class Standings:
    """The league of ``store``'s kept games and people."""

    def __init__(self, store: Store):
        self._store = store
        self._cache: tuple[int, League] | None = None

    def current(self) -> League:
        """The league as the kept games and the people make it now."""
        if self._cache is None or self._cache[0] != self._store.generation:
            self._cache = (self._store.generation, of_store(self._store))
        return self._cache[1]


__all__ = ["Standings"]
