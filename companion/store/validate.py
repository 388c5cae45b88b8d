"""The shape of each kind of document in the data folder, checked when a file is loaded: a
file of the wrong shape is repaired like a torn one (``.atomic``), so the repository never
meets a document it cannot use. Pure functions of parsed JSON."""
from __future__ import annotations

from typing import Any, Callable

from ..base.tokens import TOKEN as GAME_ID
from .people import valid_people

STATUSES = ("finished", "abandoned", "imported")


def is_tinydb_shape(data: Any) -> bool:
    """{table: {doc_id: {..}}} — what TinyDB needs to work without raising."""
    return isinstance(data, dict) and all(
        isinstance(table, dict) and all(
            isinstance(k, str) and k.isdigit() and isinstance(d, dict) for k, d in table.items())
        for table in data.values())


def is_list_of_dicts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, dict) for x in value)


def _docs(data: dict, table: str, check: Callable[[dict], bool], max_docs: int = 0) -> bool:
    docs = data.get(table, {})
    return (not max_docs or len(docs) <= max_docs) and all(check(d) for d in docs.values())


def _is_revision(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _game_ok(d: dict) -> bool:
    return (isinstance(d.get("game_id"), str) and bool(GAME_ID.match(d["game_id"]))
            and isinstance(d.get("meta"), dict) and is_list_of_dicts(d.get("actions"))
            and is_list_of_dicts(d.get("redo"))
            and (d.get("undo") is None or is_list_of_dicts(d["undo"])))


def valid_current(data: dict) -> bool:
    """``current.json``: at most one game in progress, with its revision."""
    return _docs(data, "game", lambda d: _game_ok(d) and _is_revision(d.get("revision")), 1)


def valid_archived(data: dict) -> bool:
    """``archive/<game_id>.json``: one filed game with its status, record and summary."""
    return _docs(data, "game", lambda d: _game_ok(d) and _is_revision(d.get("seq"))
                 and d.get("status") in STATUSES
                 and isinstance(d.get("summary"), dict) and "record" in d, 1)


def valid_index(data: dict) -> bool:
    """``archive.json``: the history list's rows."""
    return _docs(data, "games", lambda d: isinstance(d.get("game_id"), str)
                 and _is_revision(d.get("seq")) and isinstance(d.get("summary"), dict)
                 and isinstance(d.get("players"), list))


def valid_profile(data: dict) -> bool:
    """``profile.json``: deck facts, settings and the people of the table (issue 42: one
    registry document, ``companion/store/people.py``; a file from before has none)."""
    return (_docs(data, "facts", lambda d: isinstance(d.get("card_id"), str)
                  and isinstance(d.get("facts"), dict))
            and _docs(data, "settings", lambda d: isinstance(d.get("key"), str) and "value" in d)
            and _docs(data, "people", valid_people, 1))
