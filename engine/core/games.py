"""Which games the engine knows, chosen by a record's ``format`` (like a PGN's variant header).

Each game is a package of :mod:`engine` that provides ``FORMAT``, ``read_record(text)``,
``parse_record(json_value)`` and ``replay_record(record)`` (a result with ``valid``, ``text(lang)`` and ``to_json(lang)``).
Packages are imported when first asked for. A game that lives outside :mod:`engine` (a test's,
a table's own variant) is added by an explicit call, :func:`add` (``tests/fifth_game/``).
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .errors import RecordError
from .reading import MAX_NAME, load_json, show, typed

# format → package; the format's version is part of its name (a new version is a new entry)
GAMES: dict[str, str | ModuleType] = {
    "kozyrnye-kity/1": "engine.kozyrnye_kity",
    "vzhuh/1": "engine.vzhuh",
    "royal-mastheads/1": "engine.royal_mastheads",
    "kalmar/1": "engine.kalmar",
}
MAX_BYTES = 4 * 1024 * 1024  # no record of any game is larger (each game may set less)


def game(fmt: str) -> ModuleType:
    pkg = GAMES[fmt]
    return pkg if isinstance(pkg, ModuleType) else importlib.import_module(pkg)


def add(fmt: str, package: ModuleType) -> None:
    """Know the record format ``fmt`` of a game outside :mod:`engine`: ``package`` is its module
    (imported by the caller, never found by name), with what every game's package provides (see
    above). Adding the same again does nothing; another package for a known format is an error."""
    if GAMES.setdefault(fmt, package) is not package:
        raise ValueError(f"the record format {fmt!r} is already known")


def _format_of(value: Any) -> str:
    fmt = typed(value, dict, "").get("format")
    if "format" not in value:
        raise RecordError("", "r.missing", {"field": "format"})
    if not isinstance(fmt, str) or fmt not in GAMES:
        raise RecordError("format", "r.format-unknown", {"value": show(fmt), "known": ", ".join(GAMES)})
    return fmt


def record_format(text: str | bytes) -> str:
    """The ``format`` of a record's text, after the checks every record passes; an unknown
    format raises :class:`RecordError` naming the known ones."""
    return _format_of(load_json(text, MAX_BYTES))


def read_any(text: str | bytes) -> tuple[ModuleType, Any]:
    """(the game's package, its record) for a record of any known game; the text is decoded
    once."""
    value = load_json(text, MAX_BYTES)
    pkg = game(_format_of(value))
    return pkg, pkg.parse_record(value)


__all__ = ["GAMES", "MAX_BYTES", "MAX_NAME", "add", "game", "read_any", "record_format"]
