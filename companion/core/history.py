"""One state of a game, and the one walk of its history of changes (undo and redo), used by the
log session (``companion/session/log_session.py``) and by the table's protocol between phones
(``companion/network/content.py``) alike. Pure functions of plain data; Flet-free.

**The state id** (:class:`StateId`) is the store's compare-and-swap key of the current game: its
id and its stored revision (+1 per saved change; a new game starts at 0); ``(None, 0)`` when no
game is running. An entry is made on one state and refused on any other.

**The history.** One change is a small dict; what it needs besides is read from the log at the
time it is undone or redone (undo and redo are last-in, first-out, so the log is then exactly
as the change left it)::

    undo stack: {"change": "add"|"insert", "at": i}             the entry at i was added
                {"change": "edit"|"delete", "at": i, "old": a}  entry i was a before
    redo stack: {"change": "add"|"insert"|"edit", "at": i, "new": a}
                {"change": "delete", "at": i}

A new change is written in the redo form (what it does). A redo entry of a game saved before this
history existed is the action itself: it is added at the end of the log (:func:`histories`).
"""
from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence


class StateId(NamedTuple):
    """One state of the game as the store holds it: the game and its stored revision."""

    game: str | None
    rev: int

    def to_json(self) -> list:
        return [self.game, self.rev]


NO_GAME = StateId(None, 0)
CHANGES = ("add", "insert", "edit", "delete")


class Walked(NamedTuple):
    """A log and its two stacks after one step (:func:`walk`); ``at`` and ``entry``: where the
    step was and the entry it was about (what a notice says)."""

    log: list[dict]
    undo: list[dict]
    redo: list[dict]
    at: int
    entry: dict
    kind: str  # the change that was undone, redone or made: "add", "insert", "edit", "delete"


def histories(cur: Any) -> tuple[list[dict], list[dict]]:
    """The undo and redo stacks of a stored game (a game without an undo history had every
    entry added in turn; an old redo entry is an action to add at the end)."""
    undo = cur.undo if cur.undo is not None else [{"change": "add", "at": i} for i in range(len(cur.actions))]
    redo, n = [], len(cur.actions)
    for k, r in enumerate(cur.redo):
        redo.append(r if r.get("change") in CHANGES else
                    {"change": "add", "at": n + len(cur.redo) - 1 - k, "new": r})
    return list(undo), redo


def _at(change: Mapping[str, Any], size: int) -> int | None:
    at = change.get("at")
    return at if isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= size else None


def undo_step(change: Mapping[str, Any], log: list[dict]) -> tuple[list[dict], dict, int, dict] | None:
    """Undo ``change``: (the log after it, the redo entry, where, the entry it was about), or
    None when it does not fit the log (damaged data: nothing is changed)."""
    kind, at = change.get("change"), _at(change, len(log))
    if kind not in CHANGES or at is None or (kind != "delete" and at >= len(log)):
        return None
    old = change.get("old")
    if kind in ("add", "insert"):
        return log[:at] + log[at + 1:], {"change": kind, "at": at, "new": log[at]}, at, log[at]
    if not isinstance(old, dict):
        return None
    if kind == "edit":
        return log[:at] + [old] + log[at + 1:], {"change": "edit", "at": at, "new": log[at]}, at, log[at]
    return log[:at] + [old] + log[at:], {"change": "delete", "at": at}, at, old


def redo_step(change: Mapping[str, Any], log: list[dict]) -> tuple[list[dict], dict, int, dict] | None:
    """Redo ``change``: (the log after it, the undo entry, where, the entry it is about)."""
    kind, at = change.get("change"), _at(change, len(log))
    if kind not in CHANGES or at is None or (kind in ("edit", "delete") and at >= len(log)):
        return None
    new = change.get("new")
    if kind == "delete":
        return log[:at] + log[at + 1:], {"change": "delete", "at": at, "old": log[at]}, at, log[at]
    if not isinstance(new, dict):
        return None
    if kind == "edit":
        return log[:at] + [new] + log[at + 1:], {"change": "edit", "at": at, "old": log[at]}, at, new
    return log[:at] + [new] + log[at:], {"change": kind, "at": at}, at, new


def walk(log: Sequence[dict], undo: Sequence[dict], redo: Sequence[dict], step: Mapping[str, Any]) -> Walked | None:
    """The log and its stacks after one ``step``: ``{"change": "undo"}`` takes back the last
    change (it moves to the redo stack), ``{"change": "redo"}`` does the last undone one again,
    and a new change (``{"change": "add"|"insert"|"edit"|"delete", "at", "new"}``) is made and
    empties the redo stack. None when the step does not fit (nothing to undo, damaged data)."""
    log, undo, redo = list(log), list(undo), list(redo)
    kind = step.get("change")
    if kind == "undo":
        got = undo_step(undo[-1], log) if undo else None
        if got is None:
            return None
        return Walked(got[0], undo[:-1], redo + [got[1]], got[2], got[3], undo[-1]["change"])
    if kind == "redo":
        got = redo_step(redo[-1], log) if redo else None
        if got is None:
            return None
        return Walked(got[0], undo + [got[1]], redo[:-1], got[2], got[3], got[1]["change"])
    got = redo_step(step, log)
    if got is None:
        return None
    return Walked(got[0], undo + [got[1]], [], got[2], got[3], kind)


__all__ = ["CHANGES", "NO_GAME", "StateId", "Walked", "histories", "redo_step", "undo_step", "walk"]
