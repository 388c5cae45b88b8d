"""The live game session, for every game: the app's brain below the screens. Flet-free.

One :class:`LogSession` per browser tab (or phone app). Its single source of truth is the
action log of the current game, saved action by action in the :class:`Store`; the state is the
game's rules engine folded over that log (:class:`~.held.HeldGame`), and undo is the same fold
with one change less. Every method that changes something returns an :class:`Outcome`: either
done, or refused with the engine's explanation (rule ID included) and the state untouched.

What it adds to the engines, the same for every game: every entry saved before it counts (a
restart resumes exactly); undo / redo of every change the table made (an entry, a correction,
an inserted or deleted entry; :func:`companion.core.history.walk`, which the protocol between
phones walks too) and corrections with all after them re-validated and what changed said; a
card's question (a :class:`~engine.core.errors.MissingInput`) asked and the entry retried;
several tabs or phones on one game — every write is compare-and-swap on the stored revision,
an entry made on a state that is no longer the game's is refused (``stale``), :meth:`sync`
catches up, a fold is shared once (:mod:`.shared`); starting, finishing, abandoning and
resuming games. Beside it, one service each: the kept games (``session.archive``), the people
(``session.people``), the league (``session.league``), the statistics (``session.stats``).

Everything a game means lives in its view (``companion/<game>/view.py``, a
:class:`~companion.core.game_view.GameView`): ``session.game``. No text lives here: notices are
message keys with parameters, engine errors carry their own texts.
"""
from __future__ import annotations

import threading
from dataclasses import replace
from datetime import datetime
from typing import Any, Callable, Mapping, Sequence

from engine.core.errors import GameError
from engine.core.reading import dumps

from ..core.game_view import Question
from ..core.history import StateId, Walked, histories, walk
from ..core.outcome import DONE, Change, Notice, Outcome, refused
from ..core.packs import DEFAULT_GAME, view_class
from ..league.people import People
from ..league.standings import Standings
from ..league.stats import Statistics
from ..store.repository import SILENT, RevisionConflict, Store
from .archive import Archive
from .held import HeldGame
from .serial import serialized
from .shared import Shared, shared


class LogSession(HeldGame):
    """One table's game in progress (:class:`~.held.HeldGame`: what it holds and reads) and every
    change the table makes to it."""

    def __init__(self, store: Store, lang: str = "ru", clock: Callable[[], datetime] | None = None):
        super().__init__(store, lang, clock)
        self._mutex = threading.RLock()  # handlers (worker threads) and sync (the event loop)
        self._unplayable: str | None = None  # a stored game that cannot be played nor archived
        # the services beside the live game (issue 49): the screens ask them, the store keeps
        self.archive = Archive(store, lambda kind: view_class(kind)(self), self._touch)
        self.people = People(store, self._touch)
        self.league = Standings(store)
        self.stats = Statistics(self.archive)
        self._load_current()
        news = [i for i in store.incidents if i.code not in SILENT]
        if news:
            inc = news[-1]
            self.notice = Notice("storage", f"storage.{inc.code}", dict(inc.params))

    # ---- starting and ending games -----------------------------------------------------------
    @serialized(saves=False)
    def choose_game(self, game: str) -> None:
        """The game the table will play next (no game is running): its view answers."""
        if not self.active and game != self.kind:
            self._use_game(game)
            self._touch()

    @serialized(saves=True)
    def new_game(self, players: Sequence[str], *, game: str | None = None, **options: Any) -> Outcome:
        """Start a new game of ``game`` (default: the chosen one). A game in progress must
        be finished or abandoned first."""
        no = self._not_now(entry=False, game=False)
        if no is not None:
            return no
        view = view_class(game or self.kind)(self)
        players = [p.strip() if isinstance(p, str) else p for p in players]
        meta = view.new_meta(players, options)
        if isinstance(meta, Notice):
            return Outcome(False, meta)
        no = self.people.one_seat(players)  # a person is in one seat (issue 51)
        if no is not None:
            return no
        meta = {**meta, "started": self._now()}
        if view.game != DEFAULT_GAME:
            meta["game"] = view.game  # a whale game's meta stays as it always was
        # check and start as one step: another tab may start a game at the same moment
        cur = self._store.start_game(meta, unless_other_than=self._unplayable)
        if cur is None:
            return self._conflict()
        self._adopt(cur)
        return DONE

    @serialized(saves=True)
    def finish(self) -> Outcome:
        """Archive the game once it is over (it has a winner, or the table accepted a shared
        win where the game allows one)."""
        no = self._not_now(entry=False)
        if no is not None:
            return no
        if not self.game.over():
            return refused("session.not-over", {"rule": self.game.end_rule})
        return self._archive("finished")

    @serialized(saves=True)
    def abandon(self) -> Outcome:
        """Stop the game without a winner; it stays in the history as abandoned."""
        no = self._not_now(entry=False)
        if no is not None:
            return no
        return self._archive("abandoned")

    def _archive(self, status: str) -> Outcome:
        ended = self._now()
        record = self._record(ended)
        summary = replace(self.game.summarize(self.state), **self._times(ended))
        try:
            self._store.finish_current(self.game_id, self.revision, record, summary.to_json(), status)
        except RevisionConflict:
            return self._conflict()
        self.people.from_names(list(summary.players))  # the table's names are its people (issue 42)
        self._clear()
        self._touch()
        return DONE

    # ---- entries -----------------------------------------------------------------------------

    @serialized(saves=True)
    def do(self, action: Any, *, seen: StateId | None = None) -> Outcome:
        """Apply one action (an engine action object, or its saved JSON form) to the game in
        progress; the game's view builds them. ``seen``: the state the entry was made on
        (default :attr:`shown`); on another state it is refused as stale."""
        no = self._not_now(seen)
        if no is not None:
            if no.stale and self._entered_since(self._saved(action), seen):
                # another device entered the very same first: it is on the table, say so (issue 50)
                self.notice = Notice("stale", "session.same")
                return Outcome(False, self.notice)
            return no
        action = self._saved(action)
        state, no = self.check(action)
        if no is not None:
            return no
        return self._commit(walk(self._log, self._undo, self._redo, {"change": "add", "at": len(self._log), "new": action}),
                            state)

    def check(self, action: dict) -> tuple[Any, Outcome | None]:
        """``action`` (saved form) on the game as it is now: (the state after it, None), or
        (None, the refusal) — the game's own check, then the engine's; a card's question is
        asked (:attr:`question`), a broken rule is said (:attr:`notice`). Nothing is saved."""
        no = self.game.accepts(action)
        if no is not None:
            return None, Outcome(False, no)
        state, err = self._try(self.state, action)
        return (None, self._refused(err, action)) if err is not None else (state, None)

    # ---- undo, redo, edit ----------------------------------------------------------------------
    # Undo and redo walk the table's own history of changes: every entry added, corrected,
    # inserted or deleted is one change on the undo stack; undo takes back the last one exactly
    # (a correction gets its old entry back, a deletion its entry), and redo does it again. A
    # new change empties the redo stack. Nothing in the log is ever lost by undo or redo.
    @serialized(saves=True)
    def undo(self, *, seen: StateId | None = None) -> Outcome:
        return self._walk(True, seen)

    @serialized(saves=True)
    def redo(self, *, seen: StateId | None = None) -> Outcome:
        return self._walk(False, seen)

    def _walk(self, back: bool, seen: StateId | None) -> Outcome:
        """Undo (``back``) or redo the last change: it moves to the other stack."""
        no = self._not_now(seen, game=None)
        if no is not None:
            return no
        if not (self._undo if back else self._redo):
            return refused("session.nothing-to-undo" if back else "session.nothing-to-redo")
        walked = walk(self._log, self._undo, self._redo, {"change": "undo" if back else "redo"})
        if walked is None:
            return refused("session.bad-entry")
        return self._change(walked, "session.undone" if back else "session.redone")

    @serialized(saves=True)
    def edit(self, index: int, action: Any, *, seen: StateId | None = None) -> Outcome:
        """Replace log entry ``index``; all that follows is recomputed and re-validated."""
        return self._past("edit", index, action, seen)

    @serialized(saves=True)
    def insert(self, index: int, action: Any, *, seen: StateId | None = None) -> Outcome:
        """Insert a forgotten entry before entry ``index``."""
        return self._past("insert", index, action, seen)

    @serialized(saves=True)
    def delete(self, index: int, *, seen: StateId | None = None) -> Outcome:
        """Delete log entry ``index``; all that follows is recomputed and re-validated."""
        return self._past("delete", index, None, seen)

    def _past(self, kind: str, index: int, action: Any, seen: StateId | None) -> Outcome:
        """A correction, an inserted or a deleted entry: refused where the table would refuse it
        as a live entry, else saved, then all that follows it is folded again and what changed
        is said."""
        action = None if kind == "delete" else self._saved(action)
        no = self._check_entry(action, seen)
        if no is not None:
            return no
        if not 0 <= index < len(self._log) + (kind == "insert"):
            return refused("session.no-entry", {"index": index})
        if kind == "edit" and dict(action) == self._log[index]:
            return DONE  # nothing to correct: no change to save or undo
        if kind != "delete":
            no = (self.game.check_edit if kind == "edit" else self.game.check_insert)(index, dict(action))
            if no is not None:
                return Outcome(False, no)
        change = {"change": kind, "at": index, **({} if kind == "delete" else {"new": dict(action)})}
        walked = walk(self._log, self._undo, self._redo, change)
        return self._rewrite(walked.log, walked.redo, undo=walked.undo, report=True, edited=walked.at)

    def _change(self, walked: Walked, key: str) -> Outcome:
        """Save an undo or redo and say what it was (and, for a past entry, what changed)."""
        at, change, shown = walked.at, walked.kind, walked.entry
        before = self._states[at] if at < len(self._states) else self.state
        place = self.game.position(before, shown) if before is not None else (0, 0)
        tail = change == "add" and at >= len(self._log) - 1 and at >= len(walked.log) - 1
        out = self._rewrite(walked.log, walked.redo, undo=walked.undo, report=not tail, edited=at)
        if not out.ok:
            return out
        self.notice = Notice("undone" if key == "session.undone" else "redone", key,
                             {"change": change, "index": at, "round": place[0], "trick": place[1],
                              "action": shown, "game": self.kind},
                             changes=out.notice.changes if out.notice is not None else ())
        self._touch()
        return Outcome(True, self.notice)

    def _check_entry(self, action: dict | None, seen: StateId | None) -> Outcome | None:
        """The refusal for an edit, insert or delete that cannot be made now, else None."""
        no = self._not_now(seen)
        if no is not None:
            return no
        if action is not None:
            if not isinstance(action, Mapping):
                return refused("session.bad-entry")
            no = self.game.accepts(action)
            if no is not None:
                return Outcome(False, no)
        return None

    @serialized(saves=True)
    def context_changed(self, question_answered: Question | None = None) -> Outcome:
        """The game's context (e.g. a deck fact) changed: re-score the game with it, then
        retry the action that asked ``question_answered``, if any. Used by the game views."""
        before = self._states
        self._load_context()
        out = DONE
        if self._log:
            out = self._rewrite(list(self._log), list(self._redo), report=True, old_states=before, persist=False)
        if question_answered is not None and question_answered.retry is not None:
            out = self.do(question_answered.retry)
        self._touch()
        return out

    # ---- the current game's record ---------------------------------------------------------------
    def export_record(self) -> str:
        """The current game as its game's record (JSON text)."""
        return dumps(self._record())

    # ---- internals -------------------------------------------------------------------------------

    def _load_current(self) -> None:
        cur = self._store.current()
        if cur is None:
            self._clear()
            return
        try:
            self._adopt(cur)
        except (GameError, KeyError, TypeError, ValueError, AttributeError):
            # The file parsed but its game cannot be played (e.g. no valid players, an unknown
            # game): keep it aside in the history as abandoned, tell the table, carry on.
            self._clear()
            self.archive.put_aside(cur)
            if self._store.current() is not None:  # could not be archived: a new game replaces it
                self._unplayable = cur.game_id
            self.notice = Notice("storage", "session.unreadable-game", {"game_id": cur.game_id})
            self._touch()

    def _commit(self, walked: Walked, state: Any) -> Outcome:
        """Save first, then show: a new entry at the end of the log."""
        log = walked.log
        with self._store.held_notices():  # the others hear of it once it is shared
            try:
                rev = self._store.append_action(self.game_id, self.revision, log[-1])
            except RevisionConflict:
                return self._conflict(entry=True)
            self._log, self._redo, self._undo, self.revision = log, walked.redo, walked.undo, rev
            if self.question is not None and self.question.retry is not None and self.question.retry is not log[-1]:
                self.question = None  # another action went in instead: that question is moot
            self._states = self._states[: len(log)] + [state]
            self.notice = None
            self._share(None)  # as catching up by folding the new entry would leave it: no question
            self._touch()
        return DONE

    def _rewrite(self, log: list[dict], redo: list[dict], *, report: bool, edited: int | None = None,
                 old_states: list[Any] | None = None, persist: bool = True,
                 undo: list[dict] | None = None) -> Outcome:
        """Replace the log (and the redo and, when given, undo histories): save, then re-fold
        from the first entry that changed (``edited``; the states before it stay)."""
        old = (old_states or self._states)[-1] if (old_states or self._states) else None
        undo = self._undo if undo is None else undo
        start = None
        if (edited is not None and old_states is None and 0 <= edited < len(self._states)
                and not any(i < edited for i in self.skipped)):  # (a skipped entry may ask again)
            start = (self._states[: edited + 1], ())
        states, skipped, question = self._fold(log, start)
        with self._store.held_notices():  # the others hear of it once it is shared
            if persist:
                try:
                    rev = self._store.replace_log(self.game_id, self.revision, log, redo, undo)
                except RevisionConflict:
                    return self._conflict(entry=True)
                self.revision = rev
            self._log, self._redo, self._undo, self._states, self.skipped = log, redo, undo, states, skipped
            self.question = question  # a question left from a live action is about a log that is gone
            changes = tuple(self.game.diff(old, states[-1])) + tuple(
                Change("entry-dropped", {"index": i, "action": log[i], "game": self.kind}) for i in skipped) if report and old else ()
            self.notice = Notice("changed", "session.changed", {"count": len(changes), "game": self.kind},
                                 changes=changes) if changes else None
            if persist:
                self._share(question)
            self._touch()
        return Outcome(True, self.notice)

    def _stale(self) -> bool:
        """Another tab changed the stored game since this one last saw it."""
        cur = self._store.current()
        if cur is None or (cur.game_id == self._unplayable and self.game_id is None):
            return self.game_id is not None
        return cur.game_id != self.game_id or cur.revision != self.revision

    def _not_now(self, seen: StateId | None = None, *, entry: bool = True, game: bool | None = True) -> Outcome | None:
        """Why a change cannot be made now, else None: another tab changed the stored game (a
        conflict: this one shows it now), an entry (``entry``) was made on another state, or a
        game is not running (``game`` True) or is (``game`` False)."""
        if self._stale():
            return self._conflict(entry=entry)
        if entry and self._outdated(seen):
            return self._stale_entry()
        if game is not None and self.active != game:
            return refused("session.no-game" if game else "session.game-running")
        return None

    def _entered_since(self, action: Any, seen: StateId | None) -> bool:
        """``action`` is among the entries saved since ``seen`` (else what this device shows)."""
        seen = self.shown if seen is None else StateId(*seen)
        if seen is None or seen.game != self.game_id:
            return False
        k = self.revision - seen.rev
        return k > 0 and any(self.game.same_entry(action, entry) for entry in self._log[-k:])

    def _stale_entry(self) -> Outcome:
        """An entry made on an older state: nothing is written; the device is told why and
        shows the game as it is now (another device wrote first — perhaps another card, which
        would otherwise have gone in as the next player's)."""
        self.notice = Notice("stale", "session.stale")
        self._touch()
        return Outcome(False, self.notice)

    def _conflict(self, *, entry: bool = False) -> Outcome:
        """Another tab wrote first: load what it wrote, tell this table, lose nothing. An
        ``entry`` (a card, an undo, a correction…) was not saved, and the device is told so as
        when it had caught up before its tap (issue 53: the words depended on which came first,
        the catching up or the tap)."""
        self._load_current()
        if entry:
            return self._stale_entry()
        self.notice = Notice("conflict", "session.conflict")
        self._touch()
        return Outcome(False, self.notice)

    @serialized(saves=False)
    def sync(self, change: Shared | None = None) -> bool:
        """Catch up with the store after another device (or tab) changed it. The change that
        session shared (``change``, else the last one shared on the store) is adopted as it is
        when it is the store's latest: nothing is read or folded. Otherwise entries added
        there are folded on top of this session's states (no re-fold of the whole game), and
        entries taken back at the end (undo, a deletion of the last) leave the states before
        them; anything else (an edit, another game, a changed context) reloads. Returns
        whether the game changed; a change of the archive only re-renders."""
        generation = self._store.generation
        if generation == self._seen_generation:
            return False
        if self._adopt_shared(change if change is not None else shared(self._store), generation):
            return True
        if not self._stale():
            context = self.game.load_context()
            if self.active and context != self._context:
                # another device taught the game something (e.g. a deck fact): re-score with it
                self._context = context
                self._rewrite(list(self._log), list(self._redo), report=False, persist=False)
                return True
            self._touch()  # the archive changed: lists and statistics re-render
            return False
        cur = self._store.current()
        n = len(self._log)
        same = cur is not None and cur.game_id == self.game_id and self.game.load_context() == self._context
        m = len(cur.actions) if cur is not None else 0
        if same and m > n and cur.actions[:n] == self._log:
            # entries added (or redone) there: fold only those, on top of this session's states
            states, skipped, question = self._fold(list(cur.actions), start=(self._states, self.skipped))
        elif same and m < n and cur.actions == self._log[:m] and not any(i < m for i in self.skipped):
            # the last entries taken back there (undo, a deletion at the end): the states before them
            states, skipped, question = self._states[:m + 1], (), None
        else:
            self.reload()
            return True
        self._log, self.revision = list(cur.actions), cur.revision
        self._undo, self._redo = histories(cur)
        self._states, self.skipped = states, skipped
        self.question = question
        self._touch()
        return True

    @serialized(saves=False)
    def dismiss_notice(self) -> None:
        """The table has read the last notice."""
        if self.notice is not None:
            self.notice = None
            self._touch()

    @serialized(saves=False)
    def reload(self) -> None:
        """Re-read the stored game (e.g. when another tab may have changed it)."""
        self._load_context()
        self._load_current()

    # ---- resuming a stopped game (issue 19, point 4) --------------------------------------------
    @serialized(saves=True)
    def resume(self, game_id: str) -> Outcome:
        """Continue a stopped game from the history: it becomes the running game again, with its
        log and redo stack, as it was when it was stopped. Refused while a game is running (on
        this device or another), and for a game that was not stopped (finished, imported)."""
        no = self._not_now(entry=False, game=False)
        if no is not None:
            return no
        row = next((r for r in self._store.archived() if r.get("game_id") == game_id), None)
        if row is None or row.get("status") != "abandoned":
            return refused("session.not-resumable")
        cur = self._store.resume_archived(game_id)
        if cur is None:
            if self._store.current() is not None:  # another device started a game first
                return self._conflict()
            return refused("session.not-resumable")
        self.notice = None
        self._adopt(cur)
        return DONE


__all__ = ["DONE", "LogSession", "Notice", "Outcome", "StateId", "refused", "serialized"]
