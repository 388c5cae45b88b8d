"""The table's league as a service beside the live game (issue 42, issue 49): the league of the
kept games and the people (:func:`companion.league.ratings.of_store`), computed again only after
the games or the people changed (the store's generation) — never stored, so a corrected or
deleted game is counted as it is now. The log session holds one (``session.league``). Flet-free."""
from __future__ import annotations

from typing import Generator

from ..base.steps import unless
from ..store.repository import Store
from .ratings import League, of_store, of_store_steps


class Standings:
    """The league of ``store``'s kept games and people."""

    def __init__(self, store: Store):
        self._store = store
        self._cache: tuple[int, League] | None = None

    def current(self) -> League:
        """The league as the kept games and the people make it now."""
        if not self._fresh():
            self._cache = (self._store.generation, of_store(self._store))
        return self._cache[1]

    def warm_steps(self) -> Generator[None, None, None]:
        """The league made ahead, a step at a time (issue 53: while the phone is idle after the
        start, so that the league opens without computing it; a tap is answered between two
        steps). Given up as soon as the games or the people change meanwhile (the league
        would be another), or once :meth:`current` made it."""
        if self._fresh():
            return
        generation = self._store.generation
        made = yield from unless(lambda: self._fresh() or self._store.generation != generation,
                                 of_store_steps(self._store))
        if made is not None:
            self._cache = (generation, made)

    def _fresh(self) -> bool:
        return self._cache is not None and self._cache[0] == self._store.generation


__all__ = ["Standings"]
