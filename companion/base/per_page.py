"""A value per Flet page (per browser tab or phone), found by the page itself and dropped with it.

A page is a dataclass of some 64 fields whose ``==`` compares them all, so a
``weakref.WeakKeyDictionary`` keyed by pages compares every field on every lookup — and the
language is looked up for each text a screen draws (measured: a tenth of a phone table's
redraw in table mode). Here a page is found by its identity."""
from __future__ import annotations

import weakref
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class PerPage(Generic[V]):
    def __init__(self) -> None:
        self._values: dict[int, tuple[weakref.ref, V]] = {}

    def __setitem__(self, page: Any, value: V) -> None:
        key = id(page)
        if key not in self._values:
            weakref.finalize(page, self._values.pop, key, None)
        self._values[key] = (weakref.ref(page), value)

    def get(self, page: Any, default: Any = None) -> Any:
        entry = self._values.get(id(page))
        return entry[1] if entry is not None and entry[0]() is page else default
