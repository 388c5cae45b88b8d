"""A game as a store holds it, the way the table's protocol carries it (:class:`Content`): its
id, revision, meta, log and the histories of changes in their explicit form; what a store holds
now (:func:`content_of`); one change made on it (:func:`apply_step`, the same walk as the log
session's: :func:`companion.core.history.walk`) and the one change between two
(:func:`step_between`, what a host sends). Flet-free and I/O-free."""
from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..core.history import NO_GAME, StateId, histories, walk


@dataclass(frozen=True)
class Content:
    """A game as a store holds it (histories in the log session's explicit form)."""

    game_id: str | None = None
    revision: int = 0
    meta: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple = ()
    undo: tuple = ()
    redo: tuple = ()

    @property
    def state(self) -> StateId:
        return StateId(self.game_id, self.revision) if self.game_id is not None else NO_GAME

    def digest(self) -> str:
        """A short hash of everything in it: two copies at one state id hold the same game."""
        text = json.dumps([self.game_id, self.revision, self.meta, list(self.actions), list(self.undo),
                           list(self.redo)], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def doc(self) -> dict:
        return {"game_id": self.game_id, "revision": self.revision, "meta": dict(self.meta),
                "actions": list(self.actions), "undo": list(self.undo), "redo": list(self.redo)}


EMPTY = Content()


def content_of(store) -> Content:
    """What ``store`` holds now."""
    cur = store.current()
    if cur is None:
        return EMPTY
    undo, redo = histories(cur)
    return Content(cur.game_id, cur.revision, dict(cur.meta), tuple(cur.actions), tuple(undo), tuple(redo))


def apply_step(c: Content, step: Mapping[str, Any]) -> Content | None:
    """The content after one incremental change (add/insert/edit/delete, undo, redo), walked
    as the log session walks its histories (:func:`companion.core.history.walk`); None when it
    does not fit ``c``."""
    if c.game_id is None or step.get("change") not in ("undo", "redo", "add", "insert", "edit", "delete"):
        return None
    if step.get("change") == "add" and step.get("at") != len(c.actions):
        return None
    walked = walk(c.actions, c.undo, c.redo, step)
    if walked is None:
        return None
    return dataclasses.replace(c, revision=c.revision + 1, actions=tuple(walked.log), undo=tuple(walked.undo),
                               redo=tuple(walked.redo))


def step_between(old: Content, new: Content) -> dict | None:
    """The one incremental change that turns ``old`` into ``new`` (checked by applying it), or
    None (then the whole game travels)."""
    if old.game_id is None or old.game_id != new.game_id or new.revision != old.revision + 1:
        return None
    n = len(old.actions)
    if (len(new.actions) == n + 1 and not new.redo and len(new.undo) == len(old.undo) + 1
            and new.undo[-1] == {"change": "add", "at": n} and new.actions[:n] == old.actions
            and new.undo[:-1] == old.undo):
        return {"change": "add", "at": n, "new": new.actions[n]}  # (the same objects: compared by identity)
    candidates: list[dict] = []
    if len(new.undo) == len(old.undo) - 1:
        candidates.append({"change": "undo"})
    if len(new.redo) == len(old.redo) - 1:
        candidates.append({"change": "redo"})
    if new.undo and not new.redo:
        top = new.undo[-1]
        kind, at = top.get("change"), top.get("at")
        if kind in ("add", "insert", "edit") and isinstance(at, int) and 0 <= at < len(new.actions):
            candidates.append({"change": kind, "at": at, "new": new.actions[at]})
        elif kind == "delete" and isinstance(at, int):
            candidates.append({"change": "delete", "at": at})
    for step in candidates:
        got = apply_step(old, step)
        if got is not None and (got.actions, got.undo, got.redo) == (new.actions, new.undo, new.redo):
            return step
    return None


class Copy:
    """A phone's copy of the table's game, a host's or a guest's: the content it holds and its
    state id."""

    _content: Content

    @property
    def state(self) -> StateId:
        return self._content.state

    @property
    def content(self) -> Content:
        return self._content


__all__ = ["EMPTY", "Content", "Copy", "apply_step", "content_of", "step_between"]
