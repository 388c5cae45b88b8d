"""The archive as a service beside the live game (issue 49): the kept games of every kind, a
game record filed from a file, and the whole archive moved between devices (issue 42). The log
session holds one (``session.archive``); screens ask it, the store keeps. Flet-free.

Every change returns an :class:`~companion.core.outcome.Outcome` and tells its owner
(``changed``: the session's version grows, so the screens that show the history redraw)."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any, Callable, Generator

from engine.core.errors import RecordError
from engine.core.games import read_any
from engine.core.reading import dumps

from ..base.steps import run_through
from ..core.game_view import GameView
from ..core.outcome import Change, Notice, Outcome, not_saved, refused
from ..core.packs import BY_ID
from ..core.summary import DEFAULT_GAME, Summary, game_of, parse_time
from ..store.repository import RevisionConflict, Store


def _compact_bytes(value: Any) -> bytes:
    """``value`` as the archive file has it: compact JSON, Russian letters as they are, UTF-8."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


_ARCHIVE_HEAD = re.compile(r'\ufeff?\s*\{\s*"format"\s*:\s*"kity-archive/')


class Archive:
    """The history of kept games on ``store``. ``view``: the view of a game by its id (a record
    is read by its game's view); ``changed``: called after each change it made."""

    def __init__(self, store: Store, view: Callable[[str], GameView], changed: Callable[[], None]):
        self._store, self._view, self._changed = store, view, changed
        self._cache: dict[str, tuple] = {}  # game → one version of its history: (first row, length, rows)

    def archived(self, game: str | None = None) -> list[dict]:
        """The history, most recent first; with ``game``, that game's entries only. Sorted out
        once per version of the history (the store keeps the rows until it changes)."""
        rows = self._store.archived()
        if game is None:
            return rows
        return list(self.version(game)[2])

    def version(self, game: str) -> tuple:
        """(first row, length, the game's rows): one version of ``game``'s history. The store
        hands out the same row objects until the history changes (then new ones): its first row
        and its length tell this version from any other."""
        rows = self._store.archived()
        first = rows[0] if rows else None
        cached = self._cache.get(game)
        if cached is None or cached[0] is not first or cached[1] != len(rows):
            mine = [r for r in rows if game_of(r.get("summary")) == game]  # the summary's game (core.summary)
            cached = self._cache[game] = (first, len(rows), mine)
        return cached

    def export_archived(self, game_id: str) -> str | None:
        """A kept game's record (JSON text), if it has one."""
        g = self._store.archived_game(game_id)
        return dumps(g["record"]) if g and g.get("record") else None

    def import_record(self, data: str | bytes) -> Outcome:
        """Validate a record of any known game (chosen by its ``format``) and file it in the
        history. A malformed file changes nothing and is rejected with the reason; a readable
        one is kept with its violations reported. An archive of every kept game (issue 42:
        :meth:`export_archive`) is filed by :meth:`import_archive`."""
        if self.is_archive(data):
            return self.import_archive(data)
        try:
            pkg, rec = read_any(data)
            view = self._view(pkg.FORMAT.split("/", 1)[0])
            got = view.read_import(rec)
        except RecordError as e:
            return Outcome(False, Notice("refused", error=e))
        times = {k: got.record[k] for k in ("started", "ended")
                 if isinstance(got.record.get(k), str) and parse_time(got.record[k])}
        meta = {**got.meta, **times, "imported": True}
        if view.game != DEFAULT_GAME:  # the history files it under its game (the summary names it)
            meta["game"] = view.game
        try:
            self._store.import_game(meta, got.actions, got.record, replace(got.summary, **times).to_json())
        except OSError as e:
            return not_saved(e)
        self._changed()
        return Outcome(True, Notice("import", "session.imported",
                                    {"violations": len(got.violations), "finished": got.finished},
                                    changes=tuple(Change("violation-new", {"violation": v}) for v in got.violations)))

    def export_archive(self) -> str:
        """Every kept game and the people, as one JSON text (to move to another device). All of
        :meth:`export_archive_steps` at once."""
        return run_through(self.export_archive_steps()).decode("utf-8")

    def export_archive_steps(self, step_seconds: float = 0.1) -> Generator[tuple[int, int], None, bytes]:
        """:meth:`export_archive` a step at a time (issue 53, as :meth:`import_archive_steps`):
        yields ``(games read, games kept)`` about every ``step_seconds``, so that a screen can
        show the progress and stay live; returns the file's bytes (UTF-8): the text of
        ``json.dumps`` of the store's archive in one piece (compact), each game written out as
        soon as it is read."""
        archive = yield from self._store.export_archive_steps(step_seconds, encode=_compact_bytes)
        return (b'{"format":' + _compact_bytes(archive["format"]) + b',"games":[' + b",".join(archive["games"])
                + b'],"people":' + _compact_bytes(archive["people"]) + b"}")

    def import_archive(self, data: str | bytes) -> Outcome:
        """File the games of an exported archive that are not kept here yet, and its people."""
        return run_through(self.import_archive_steps(data))

    def import_archive_steps(self, data: str | bytes) -> Generator[tuple[int, int], None, Outcome]:
        """:meth:`import_archive` a step at a time (issue 53): yields ``(games looked at, games
        in the archive)``, returns its :class:`Outcome`. Closed between two steps (the person
        cancelled), every game filed so far is kept whole, and the history shows it."""
        filed = False
        try:
            parsed = json.loads(data)
            steps = self._store.import_archive_steps(parsed)
            filed = True
            while True:
                try:
                    yield next(steps)
                except StopIteration as done:
                    added, skipped = done.value
                    break
        except (ValueError, TypeError, RecursionError, UnicodeDecodeError):
            return refused("session.not-an-archive")
        except OSError as e:
            return not_saved(e)
        finally:
            if filed:
                steps.close()
                self._changed()
        return Outcome(True, Notice("import", "session.archive-imported", {"added": added, "skipped": skipped}))

    @staticmethod
    def is_archive(data: str | bytes) -> bool:
        """``data`` begins as an archive of every kept game does (not a single game's record),
        however it is spaced (a file laid out again by another program is still an archive)."""
        if isinstance(data, bytes):
            return bool(_ARCHIVE_HEAD.match(data[:200].decode("utf-8", "ignore")))
        return isinstance(data, str) and bool(_ARCHIVE_HEAD.match(data[:200]))

    def put_aside(self, cur: Any) -> None:
        """File a stored game that cannot be played (no valid players, an unknown game) in the
        history as abandoned, under its game when the app knows it; left as it is when the
        archive cannot take it."""
        players = cur.meta.get("players")
        if players is None or isinstance(players, list):  # what the archive index can list
            kind = game_of(cur.meta)
            empty = Summary(kind if kind in BY_ID else DEFAULT_GAME)
            try:
                self._store.finish_current(cur.game_id, cur.revision, None, empty.to_json(), "abandoned")
            except (RevisionConflict, OSError, ValueError, TypeError):
                pass


__all__ = ["Archive"]
