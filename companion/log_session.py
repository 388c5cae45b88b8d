"""The live game session, for every game: the app's brain below the screens. Flet-free.

One :class:`LogSession` per browser tab (or phone app). Its single source of truth is the
action log of the current game, saved action by action in the :class:`Store`; the state is the
game's rules engine folded over that log, and undo is the same fold with one action less.
Every method that changes something returns an :class:`Outcome`: either done, or refused with
the engine's explanation (rule ID included) and the state untouched.

What the session adds to the engines, the same for every game:
* persistence (every action is saved before it counts; a restart resumes exactly),
* undo / redo of every change the table made (an entry, a correction, an inserted or deleted
  entry), exactly and in order, and editing a past entry, with everything after it
  re-validated and a list of what changed,
* questions: an action that needs something only the table knows (a
  :class:`~engine.core.errors.MissingInput`) becomes a pending ``question``; the game's view
  takes the answer and the action is retried,
* several tabs or phones on one game: every write is compare-and-swap on the stored revision;
  the loser is told, shown the new state, and loses nothing; and an entry carries the state it
  was made on (:attr:`LogSession.state_id`, the game and its stored revision): made on a state
  that is no longer the game's (another phone wrote first, even a different card), it is
  refused (a ``stale`` notice) and nothing is written — the phone sees why and the new state; :meth:`LogSession.sync` catches up
  with what another device wrote (the store tells the app after every change). An entry is
  folded once: the session that makes a change shares what it folded (a :class:`Shared`, stamped
  with the store's generation its write made) before the others hear of it, and they adopt it
  instead of re-reading the store and re-folding the log (as boardgame.io's master computes a
  move once and broadcasts the state with its id); a stale or missed one is never
  adopted (the session reads the store then),
* import and export of game records (each game's own format), finishing and abandoning games.

Everything a game means lives in its view (``companion/<game>/view.py``, a
:class:`~companion.game_view.GameView`): ``session.game`` is the view of the current game
(or, with no game running, of the game last chosen). No text lives here: notices are message
keys with parameters (the UI renders them in the user's language), engine errors carry their
own texts.
"""
from __future__ import annotations

import functools
import threading
import weakref
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Callable, Mapping, Sequence

from engine.core.errors import GameError, IllegalAction, MissingInput, RecordError
from engine.core.games import read_any
from engine.core.reading import dumps

from .game_view import Change, GameView, Question
from .packs import BY_ID, DEFAULT_GAME, view_class
from .storage import SILENT, RevisionConflict, Store
from .store.people import PeopleError, one_seat
from .summary import Summary, game_of


# ---------------------------------------------------------------------------------------------
# What the session tells the UI
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Notice:
    """Something to tell the table. ``error`` (an engine error) brings its own text in every
    language; otherwise ``key`` + ``params`` are rendered by the UI's catalog."""

    kind: str  # "refused" | "question" | "changed" | "conflict" | "stale" | "storage" | "import" | "info"
    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    error: GameError | None = None
    changes: tuple[Change, ...] = ()

    def text(self, lang: str, catalog: Callable[[str, Mapping[str, Any], str], str] | None = None) -> str:
        if self.error is not None:
            return self.error.text(lang)
        if catalog is None:
            return self.key
        return catalog(self.key, self.params, lang)


@dataclass(frozen=True)
class Outcome:
    ok: bool
    notice: Notice | None = None

    def text(self, lang: str = "ru") -> str:
        return self.notice.text(lang) if self.notice else ""

    @property
    def stale(self) -> bool:
        """Refused because the entry was made on a state the game is no longer in."""
        return self.notice is not None and self.notice.kind == "stale"


DONE = Outcome(True)

StateId = tuple  # (game_id or None, revision): one state of the game as the store holds it


def refused(key: str, params: Mapping[str, Any] | None = None, error: GameError | None = None) -> Outcome:
    return Outcome(False, Notice("refused", key, dict(params or {}), error))


# ---------------------------------------------------------------------------------------------
# One change, folded once, for every session on the store (table mode)
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Shared:
    """The game as the session that changed it folded it: everything another session on the
    same store needs to show it without reading the store or folding anything. ``generation``
    is the store's generation its write made: a session adopts it only while the store is still
    at that generation (nothing written since) and it has not seen it yet."""

    generation: int
    game_id: str
    kind: str
    revision: int
    log: tuple[dict, ...]
    undo: tuple[dict, ...]
    redo: tuple[dict, ...]
    states: tuple[Any, ...]
    skipped: tuple[int, ...]
    question: Question | None
    context: Any


_SHARED: "weakref.WeakKeyDictionary[Store, Shared]" = weakref.WeakKeyDictionary()
_SHARED_LOCK = threading.Lock()


def shared(store: Store) -> Shared | None:
    """The last change shared on ``store`` (None: none yet)."""
    return _SHARED.get(store)


# ---------------------------------------------------------------------------------------------
# The session
# ---------------------------------------------------------------------------------------------
class LogSession:
    """One table's view of the game in progress. ``version`` grows on every change: the one
    field the UI needs to watch (the app makes the class observable)."""

    def __init__(self, store: Store, lang: str = "ru", clock: Callable[[], datetime] | None = None):
        self._store = store
        self._clock = clock or (lambda: datetime.now().astimezone())  # the app's clock; the engines have none
        self._mutex = threading.RLock()  # handlers (worker threads) and sync (the event loop)
        self._seen_generation = store.generation
        self._unplayable: str | None = None  # a stored game that cannot be played nor archived
        self._history_cache: dict[str, tuple] = {}  # game → one version of its history and statistics
        self._log: list[dict] = []
        self._undo: list[dict] = []   # the table's changes, last on top (see :func:`undo_step`)
        self._redo: list[dict] = []   # the changes undone, last undone on top
        self._states: list[Any] = []  # _states[i]: the state after the first i actions
        self._context: Any = None     # what the game's view loaded besides the log (compared by sync)
        self.lang = lang
        self.game_id: str | None = None
        self.meta: dict = {}
        self.revision = 0
        self.version = 0  # bumped on every change
        self.notice: Notice | None = None
        self.question: Question | None = None
        self.skipped: tuple[int, ...] = ()  # log entries an edit made impossible to apply
        self._shown: StateId | None = None  # see shown (private: a change of it redraws nothing)
        self._kind = DEFAULT_GAME  # the current game's id; its view is made when first asked for
        self._view: GameView | None = None
        self._load_current()
        news = [i for i in store.incidents if i.code not in SILENT]
        if news:
            inc = news[-1]
            self.notice = Notice("storage", f"storage.{inc.code}", dict(inc.params))

    # ---- reading ------------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        """The store, for the game views (screens never write it)."""
        return self._store

    @property
    def active(self) -> bool:
        return self.game_id is not None

    @property
    def shown(self) -> StateId | None:
        """The state this device's screen is known to show: what its entries are made on when
        they say nothing else. None: not followed — what the session holds is what its one
        screen shows (the phone edition, the tests). Table mode follows it
        (:func:`companion.session.confirm_shown`)."""
        return self._shown

    def mark_shown(self, state: StateId | None) -> None:
        """The device's screen now shows ``state`` (None: stop following)."""
        self._shown = state

    @property
    def state_id(self) -> StateId:
        """Which state of the game this session holds: the game and its stored revision (grows
        with every saved change). An entry made on one state is refused on any other
        (``seen=``)."""
        return (self.game_id, self.revision)

    @property
    def state(self) -> Any:
        return self._states[-1] if self._states else None

    @property
    def states(self) -> tuple[Any, ...]:
        """The state after each entry (``states[i]`` after the first ``i``)."""
        return tuple(self._states)

    @property
    def log(self) -> tuple[dict, ...]:
        return tuple(self._log)

    @property
    def redo_log(self) -> tuple[dict, ...]:
        """The changes that «Повторить» brings back, the next one last."""
        return tuple(self._redo)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.meta.get("players", ()))

    @property
    def mode(self) -> str:
        return self.meta.get("mode", "full")

    @property
    def kind(self) -> str:
        """The current game's id (e.g. "kozyrnye-kity", "vzhuh")."""
        return self._kind

    @property
    def game(self) -> GameView:
        """The current game's view (with what it loads besides the log), made when first asked
        for: a session with no game running imports no game's engine (a phone's first start)."""
        if self._view is None:
            self._view = view_class(self._kind)(self)
            self._context = self._view.load_context()
        return self._view

    def _use_game(self, kind: str) -> None:
        """Switch to ``kind``: its view (and what it loads) is made when first asked for."""
        self._kind, self._view = kind, None

    def winner(self) -> str | None:
        return self.game.winner() if self.state is not None else None

    def entries(self) -> list[dict]:
        """The log for the History screen: index, round, trick, the action, and whether an
        edit made it impossible to apply (it is kept, not dropped)."""
        out = []
        for i, a in enumerate(self._log):
            before = self._states[i] if i < len(self._states) else None
            rnd, trick = self.game.position(before, a) if before is not None else (0, 0)
            out.append({"index": i, "round": rnd, "trick": trick, "action": a, "skipped": i in self.skipped})
        return out

    # ---- starting and ending games -----------------------------------------------------------
    def choose_game(self, game: str) -> None:
        """The game the table will play next (no game is running): its view answers."""
        if not self.active and game != self.kind:
            self._use_game(game)
            self._touch()

    def new_game(self, players: Sequence[str], *, game: str | None = None, **options: Any) -> Outcome:
        """Start a new game of ``game`` (default: the chosen one). A game in progress must
        be finished or abandoned first."""
        if self._stale():
            return self._conflict()
        if self.active:
            return refused("session.game-running")
        view = view_class(game or self.kind)(self)
        players = [p.strip() if isinstance(p, str) else p for p in players]
        meta = view.new_meta(players, options)
        if isinstance(meta, Notice):
            return Outcome(False, meta)
        try:  # a person is in one seat (issue 51): not two spellings of one person
            one_seat(self._store.people_registry(), players)
        except PeopleError as e:
            return refused(e.key, e.params)
        meta = {**meta, "started": self._now()}
        if view.game != DEFAULT_GAME:
            meta["game"] = view.game  # a whale game's meta stays as it always was
        # check and start as one step: another tab may start a game at the same moment
        cur = self._store.start_game(meta, unless_other_than=self._unplayable)
        if cur is None:
            return self._conflict()
        self._adopt(cur)
        return DONE

    def finish(self) -> Outcome:
        """Archive the game once it is over (it has a winner, or the table accepted a shared
        win where the game allows one)."""
        if self._stale():
            return self._conflict()
        if not self.active:
            return refused("session.no-game")
        if not self.game.over():
            return refused("session.not-over", {"rule": self.game.end_rule})
        return self._archive("finished")

    def abandon(self) -> Outcome:
        """Stop the game without a winner; it stays in the history as abandoned."""
        if self._stale():
            return self._conflict()
        if not self.active:
            return refused("session.no-game")
        return self._archive("abandoned")

    def _archive(self, status: str) -> Outcome:
        ended = self._now()
        record = self._record(ended)
        summary = replace(self.game.summarize(self.state), **self._times(ended))
        try:
            self._store.finish_current(self.game_id, self.revision, record, summary.to_json(), status)
        except RevisionConflict:
            return self._conflict()
        try:  # the table's names are its people (issue 42: same spelling, same person)
            self._store.people_from_names(list(summary.players))
        except (OSError, ValueError):  # the game is kept; its names become people later
            pass
        self._clear()
        self._touch()
        return DONE

    # ---- actions -----------------------------------------------------------------------------
    def _saved(self, action: Any) -> Any:
        """The saved JSON form of an action: an engine action object is written by its class's
        codec (:mod:`engine.core.actions`), a dict is kept as it is."""
        if isinstance(action, Mapping) or not self.active or getattr(type(action), "__action__", None) is None:
            return action
        return self.game.entry(action)

    def do(self, action: Any, *, seen: StateId | None = None) -> Outcome:
        """Apply one action (an engine action object, or its saved JSON form) to the game in
        progress; the game's view builds them. ``seen``: the state the entry was made on
        (default :attr:`shown`); on another state it is refused as stale."""
        if self._stale():
            return self._conflict()
        if self._outdated(seen):
            return self._stale_entry()
        if not self.active:
            return refused("session.no-game")
        action = self._saved(action)
        state, no = self.check(action)
        return no if no is not None else self._commit(self._log + [action], [], state)

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
    def undo(self, *, seen: StateId | None = None) -> Outcome:
        return self._walk(True, seen)

    def redo(self, *, seen: StateId | None = None) -> Outcome:
        return self._walk(False, seen)

    def _walk(self, back: bool, seen: StateId | None) -> Outcome:
        """Undo (``back``) or redo the last change: it moves to the other stack."""
        if self._stale():
            return self._conflict()
        if self._outdated(seen):
            return self._stale_entry()
        stack = self._undo if back else self._redo
        if not stack:
            return refused("session.nothing-to-undo" if back else "session.nothing-to-redo")
        step = (undo_step if back else redo_step)(stack[-1], self._log)
        if step is None:
            return refused("session.bad-entry")
        log, moved, at, shown = step
        if back:
            return self._change(log, self._undo[:-1], self._redo + [moved], at, "session.undone",
                                self._undo[-1]["change"], shown)
        return self._change(log, self._undo + [moved], self._redo[:-1], at, "session.redone", moved["change"], shown)

    def edit(self, index: int, action: Any, *, seen: StateId | None = None) -> Outcome:
        """Replace log entry ``index``; all that follows is recomputed and re-validated."""
        action = self._saved(action)
        no = self._check_entry(action, seen)
        if no is not None:
            return no
        if not 0 <= index < len(self._log):
            return refused("session.no-entry", {"index": index})
        if dict(action) == self._log[index]:
            return DONE  # nothing to correct: no change to save or undo
        no = self.game.check_edit(index, dict(action))
        if no is not None:
            return Outcome(False, no)
        undo = self._undo + [{"change": "edit", "at": index, "old": self._log[index]}]
        return self._rewrite(self._log[:index] + [dict(action)] + self._log[index + 1:], [], undo=undo,
                             report=True, edited=index)

    def insert(self, index: int, action: Any, *, seen: StateId | None = None) -> Outcome:
        """Insert a forgotten entry before entry ``index``."""
        action = self._saved(action)
        no = self._check_entry(action, seen)
        if no is not None:
            return no
        if not 0 <= index <= len(self._log):
            return refused("session.no-entry", {"index": index})
        no = self.game.check_insert(index, dict(action))
        if no is not None:
            return Outcome(False, no)
        undo = self._undo + [{"change": "insert", "at": index}]
        return self._rewrite(self._log[:index] + [dict(action)] + self._log[index:], [], undo=undo,
                             report=True, edited=index)

    def delete(self, index: int, *, seen: StateId | None = None) -> Outcome:
        no = self._check_entry(None, seen)
        if no is not None:
            return no
        if not 0 <= index < len(self._log):
            return refused("session.no-entry", {"index": index})
        undo = self._undo + [{"change": "delete", "at": index, "old": self._log[index]}]
        return self._rewrite(self._log[:index] + self._log[index + 1:], [], undo=undo, report=True, edited=index)

    def _change(self, log: list[dict], undo: list[dict], redo: list[dict], at: int, key: str,
                change: str, shown: dict) -> Outcome:
        """Save an undo or redo and say what it was (and, for a past entry, what changed)."""
        before = self._states[at] if at < len(self._states) else self.state
        place = self.game.position(before, shown) if before is not None else (0, 0)
        tail = change == "add" and at >= len(self._log) - 1 and at >= len(log) - 1
        out = self._rewrite(log, redo, undo=undo, report=not tail, edited=at)
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
        if self._stale():
            return self._conflict()
        if self._outdated(seen):
            return self._stale_entry()
        if not self.active:
            return refused("session.no-game")
        if action is not None:
            if not isinstance(action, Mapping):
                return refused("session.bad-entry")
            no = self.game.accepts(action)
            if no is not None:
                return Outcome(False, no)
        return None

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

    # ---- records ---------------------------------------------------------------------------------
    def export_record(self) -> str:
        """The current game as its game's record (JSON text)."""
        return dumps(self._record())

    def export_archived(self, game_id: str) -> str | None:
        g = self._store.archived_game(game_id)
        return dumps(g["record"]) if g and g.get("record") else None

    def import_record(self, data: str | bytes) -> Outcome:
        """Validate a record of any known game (chosen by its ``format``) and file it in the
        history. A malformed file changes nothing and is rejected with the reason; a readable
        one is kept with its violations reported. An archive of every kept game (issue 42:
        :meth:`export_archive`) is filed by :meth:`import_archive`."""
        head = data[:40].lstrip() if isinstance(data, (str, bytes)) else ""
        if head.startswith(b'{"format":"kity-archive/' if isinstance(head, bytes) else '{"format":"kity-archive/'):
            return self.import_archive(data)
        try:
            pkg, rec = read_any(data)
            view = view_class(_game_of_format(pkg.FORMAT))(self)
            got = view.read_import(rec)
        except RecordError as e:
            return Outcome(False, Notice("refused", error=e))
        times = {k: got.record[k] for k in ("started", "ended")
                 if isinstance(got.record.get(k), str) and parse_time(got.record[k])}
        meta = {**got.meta, **times, "imported": True}
        if view.game != DEFAULT_GAME:  # the history files it under its game (the summary names it)
            meta["game"] = view.game
        self._store.import_game(meta, got.actions, got.record, replace(got.summary, **times).to_json())
        self._touch()
        return Outcome(True, Notice("import", "session.imported",
                                    {"violations": len(got.violations), "finished": got.finished},
                                    changes=tuple(Change("violation-new", {"violation": v}) for v in got.violations)))

    # ---- history and statistics --------------------------------------------------------------
    def archived(self, game: str | None = None) -> list[dict]:
        """The history, most recent first; with ``game``, that game's entries only. Sorted out
        once per version of the history (the store keeps the rows until it changes)."""
        rows = self._store.archived()
        if game is None:
            return rows
        # The store hands out the same row objects until the history changes (then new ones):
        # its first row and its length tell this version from any other.
        first = rows[0] if rows else None
        cached = self._history_cache.get(game)
        if cached is None or cached[0] is not first or cached[1] != len(rows):
            mine = [r for r in rows if game_of(r.get("summary")) == game]  # the summary's game (companion.summary)
            cached = self._history_cache[game] = (first, len(rows), mine, [])
        return list(cached[2])

    def league(self):
        """The table's league (:mod:`companion.league`) of the kept games and the people,
        computed again only after the games or the people changed (the store's generation):
        never stored, so a corrected or deleted game is counted as it is now."""
        from .league import of_store

        cached = getattr(self, "_league_cache", None)
        if cached is None or cached[0] != self._store.generation:
            cached = self._league_cache = (self._store.generation, of_store(self._store))
        return cached[1]

    def people_offer(self) -> list[str]:
        """The kept games' names the first start after the change offers to make people of
        (issue 42); empty once answered."""
        try:
            return self._store.people_offer()
        except (OSError, ValueError, KeyError, TypeError):  # an offer never stands in the way of home
            return []

    def answer_people_offer(self, accept: bool) -> Outcome:
        """Make people of those names (same spelling → same person), or not; asked once."""
        try:
            self._store.answer_people_offer(accept)
        except (OSError, ValueError) as e:
            return refused("session.not-saved", {"reason": getattr(e, "strerror", None) or type(e).__name__})
        self._touch()
        return DONE

    # ---- people and the whole archive (issue 42): the screens ask, the store keeps
    def _people_change(self, method: str, *args: Any) -> Outcome:
        from .store.people import PeopleError

        try:
            getattr(self._store, method)(*args)
        except PeopleError as e:
            return refused(e.key, e.params)
        except OSError as e:
            return refused("session.not-saved", {"reason": e.strerror or type(e).__name__})
        self._touch()
        return DONE

    def rename_person(self, person_id: str, name: str) -> Outcome:
        return self._people_change("rename_person", person_id, name)

    def merge_people(self, keep: str, gone: str) -> Outcome:
        return self._people_change("merge_people", keep, gone)

    def map_name(self, name: str, person_id: str) -> Outcome:
        """An imported record's spelling means this person (asked once, remembered)."""
        return self._people_change("map_name", name, person_id)

    def name_is_new_person(self, name: str) -> Outcome:
        """An imported record's spelling is a person of their own."""
        return self._people_change("add_person", name)

    def names_to_ask(self) -> list[str]:
        """Names of the kept games that are no one's yet and not in the first start's offer
        (an imported record's names, wherever the offer stands): each is asked once."""
        try:
            offered = set(self._store.people_offer())
            return [n for n in self._store.unmapped_names() if n not in offered]
        except (OSError, ValueError, KeyError, TypeError):
            return []

    def export_archive(self) -> str:
        """Every kept game and the people, as one JSON text (to move to another device)."""
        import json

        return json.dumps(self._store.export_archive(), ensure_ascii=False, separators=(",", ":"))

    def import_archive(self, data: str | bytes) -> Outcome:
        """File the games of an exported archive that are not kept here yet, and its people."""
        import json

        try:
            parsed = json.loads(data)
            added, skipped = self._store.import_archive(parsed)
        except (ValueError, TypeError, RecursionError, UnicodeDecodeError):
            return refused("session.not-an-archive")
        except OSError as e:
            return refused("session.not-saved", {"reason": e.strerror or type(e).__name__})
        self._touch()
        return Outcome(True, Notice("import", "session.archive-imported", {"added": added, "skipped": skipped}))

    def archived_stats(self, game: str) -> dict[str, dict]:
        """Per-player statistics over ``game``'s history (:func:`companion.stats.player_stats`),
        computed once per version of the history: the summaries are read once."""
        from .stats import player_stats

        self.archived(game)
        cached = self._history_cache[game]
        if not cached[3]:
            cached[3].append(player_stats(cached[2]))
        return cached[3][0]

    # ---- internals -------------------------------------------------------------------------------
    def _touch(self) -> None:
        self._seen_generation = self._store.generation  # what this session shows is current
        self.version += 1

    def _load_context(self) -> None:
        if self._view is not None:  # else it is loaded with the view
            self._context = self._view.load_context()

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
            players = cur.meta.get("players")
            if players is None or isinstance(players, list):  # what the archive index can list
                kind = game_of(cur.meta)  # filed under its game when the app knows it
                empty = Summary(kind if kind in BY_ID else DEFAULT_GAME)
                try:
                    self._store.finish_current(cur.game_id, cur.revision, None, empty.to_json(), "abandoned")
                except (RevisionConflict, OSError, ValueError, TypeError):
                    pass
            if self._store.current() is not None:  # could not be archived: a new game replaces it
                self._unplayable = cur.game_id
            self.notice = Notice("storage", "session.unreadable-game", {"game_id": cur.game_id})
            self._touch()

    def _adopt(self, cur) -> None:
        """Take over a stored game: fold its log (re-validating every entry)."""
        kind = game_of(cur.meta)
        if kind != self.kind:
            self._use_game(kind)
        self.game_id, self.meta, self.revision = cur.game_id, dict(cur.meta), cur.revision
        self._load_context()
        self._undo, self._redo = histories(cur)
        states, skipped, question = self._fold(list(cur.actions))
        self._log = list(cur.actions)
        self._states, self.skipped = states, skipped
        self.question = question
        self._touch()

    def _clear(self) -> None:
        self.game_id, self.meta, self.revision = None, {}, 0
        self._log, self._undo, self._redo, self._states, self.skipped = [], [], [], [], ()
        self.question = None
        self._load_context()

    def _start_state(self) -> Any:
        return self.game.start_state(self.meta)

    def _try(self, state: Any, action: dict) -> tuple[Any, GameError | None]:
        try:
            return self.game.apply(state, action), None
        except GameError as e:
            return None, e

    def _fold(self, log: list[dict], start: tuple[list[Any], tuple[int, ...]] | None = None,
              ) -> tuple[list[Any], tuple[int, ...], Question | None]:
        """States after each entry. An entry that no longer fits (after an edit) is applied in
        replay mode — kept and reported as a violation — or, if it cannot apply at all, skipped
        and reported; nothing in the log is dropped. ``start``: the states and skipped entries
        of a prefix of ``log`` already folded (only the rest is applied)."""
        states = list(start[0]) if start else [self._start_state()]
        skipped: list[int] = list(start[1]) if start else []
        question = None
        for i in range(len(states) - 1, len(log)):
            action = log[i]
            state, err = self._try(states[-1], action)
            if err is not None and isinstance(err, IllegalAction):
                try:
                    state = self.game.apply(states[-1], action, strict=False)
                    err = None
                except (IllegalAction, RecordError):
                    pass
                except MissingInput as e:
                    err = e
            if err is not None:
                if isinstance(err, MissingInput) and question is None:
                    question = self.game.question(err, None)
                skipped.append(i)
                states.append(states[-1])
                continue
            states.append(state)
        return states, tuple(skipped), question

    def _refused(self, err: GameError, action: dict) -> Outcome:
        if isinstance(err, MissingInput):
            self.question = self.game.question(err, action)
            self._touch()
            return Outcome(False, Notice("question", error=err))
        self.notice = Notice("refused", error=err)
        self._touch()
        return Outcome(False, self.notice)

    def _commit(self, log: list[dict], redo: list[dict], state: Any) -> Outcome:
        """Save first, then show: a new entry at the end of the log."""
        with self._store.held_notices():  # the others hear of it once it is shared
            try:
                rev = self._store.append_action(self.game_id, self.revision, log[-1])
            except RevisionConflict:
                return self._conflict()
            self._log, self._redo, self.revision = log, redo, rev
            self._undo = self._undo + [{"change": "add", "at": len(log) - 1}]
            if self.question is not None and self.question.retry is not None and self.question.retry is not log[-1]:
                self.question = None  # another action went in instead: that question is moot
            self._states = self._states[: len(log)] + [state]
            self.notice = None
            self._share(None)  # as catching up by folding the new entry would leave it: no question
            self._touch()
        return DONE

    def _share(self, question: Question | None) -> None:
        """Offer the change this session just saved and folded to the other sessions (a change
        shared later by another thread but written earlier never replaces a newer one)."""
        change = Shared(
            self._store.written_generation(), self.game_id, self.kind, self.revision, tuple(self._log),
            tuple(self._undo), tuple(self._redo), tuple(self._states), self.skipped, question, self._context)
        with _SHARED_LOCK:
            last = _SHARED.get(self._store)
            if last is None or last.generation < change.generation:
                _SHARED[self._store] = change

    def _adopt_shared(self, change: Shared | None, generation: int) -> bool:
        """Take over a change another session folded, if it is the store's latest (nothing
        written since), newer than what this session shows, of the game it shows, with the
        same context. Returns whether it was adopted (if not, the caller reads the store)."""
        if (change is None or change.generation != generation or change.generation <= self._seen_generation
                or change.game_id != self.game_id or change.kind != self.kind or change.context != self._context):
            return False
        self._log, self._undo, self._redo = list(change.log), list(change.undo), list(change.redo)
        self._states, self.skipped, self.revision = list(change.states), change.skipped, change.revision
        self.question = change.question
        self.version += 1
        self._seen_generation = change.generation
        return True

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
                    return self._conflict()
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

    def _outdated(self, seen: StateId | None) -> bool:
        """The entry was made on a state the game is no longer in (``seen``, else what this
        device's screen is known to show)."""
        seen = self.shown if seen is None else tuple(seen)
        return seen is not None and seen != self.state_id

    def _stale_entry(self) -> Outcome:
        """An entry made on an older state: nothing is written; the device is told why and
        shows the game as it is now (another device wrote first — perhaps another card, which
        would otherwise have gone in as the next player's)."""
        self.notice = Notice("stale", "session.stale")
        self._touch()
        return Outcome(False, self.notice)

    def _conflict(self) -> Outcome:
        """Another tab wrote first: load what it wrote, tell this table, lose nothing."""
        self._load_current()
        self.notice = Notice("conflict", "session.conflict")
        self._touch()
        return Outcome(False, self.notice)

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

    def dismiss_notice(self) -> None:
        """The table has read the last notice."""
        if self.notice is not None:
            self.notice = None
            self._touch()

    def reload(self) -> None:
        """Re-read the stored game (e.g. when another tab may have changed it)."""
        self._load_context()
        self._load_current()

    def _record(self, ended: str | None = None) -> Any:
        log = [a for i, a in enumerate(self._log) if i not in self.skipped]
        return self.game.record(log, self._times(ended))

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    def _times(self, ended: str | None) -> dict:
        """``started`` / ``ended`` of this game (ISO 8601 with the UTC offset), where known:
        optional fields of the record and of the archive's summary."""
        out = {"started": self.started, "ended": ended}
        return {k: v for k, v in out.items() if v is not None}

    @property
    def started(self) -> str | None:
        """When the game in progress started (ISO 8601), if the app knows it."""
        v = self.meta.get("started")
        return v if isinstance(v, str) else None

    # ---- resuming a stopped game (issue 19, point 4) --------------------------------------------
    def resume(self, game_id: str) -> Outcome:
        """Continue a stopped game from the history: it becomes the running game again, with its
        log and redo stack, as it was when it was stopped. Refused while a game is running (on
        this device or another), and for a game that was not stopped (finished, imported)."""
        if self._stale():
            return self._conflict()
        if self.active:
            return refused("session.game-running")
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


def serialized(method, saves: bool):
    """One change at a time per session: a tap's handler (a worker thread) and :meth:`sync`
    (the event loop, when another device wrote) never interleave. ``saves``: the method
    returns an Outcome, and a write that fails (disk full, a read-only folder) becomes a
    refusal that says so — the store is unchanged then, and so is the session (every change
    is saved before it is shown)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        session = getattr(self, "session", self)  # a game view's method locks its session
        with session._mutex:
            if not saves:
                return method(self, *args, **kwargs)
            try:
                out = method(self, *args, **kwargs)
            except OSError as e:
                reason = e.strerror or type(e).__name__
                session.notice = Notice("storage", "session.not-saved", {"reason": reason})
                session._touch()
                return Outcome(False, session.notice)
            if getattr(out, "ok", False) and session.shown is not None:
                session.mark_shown(session.state_id)  # its own change: its next entry is made on it
            return out

    return wrapper


for _name in ("new_game", "finish", "abandon", "do", "undo", "redo", "edit", "insert", "delete",
              "context_changed", "import_record"):
    setattr(LogSession, _name, serialized(getattr(LogSession, _name), saves=True))
for _name in ("dismiss_notice", "reload", "sync", "choose_game"):
    setattr(LogSession, _name, serialized(getattr(LogSession, _name), saves=False))
LogSession.resume = serialized(LogSession.resume, saves=True)  # issue 19, point 4


# ---------------------------------------------------------------------------------------------
# Pure helpers
# ---------------------------------------------------------------------------------------------
def parse_time(value: Any) -> datetime | None:
    """An ISO 8601 time from a record or the archive (``started``, ``ended``), else None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _game_of_format(fmt: str) -> str:
    return fmt.split("/", 1)[0]


# ---------------------------------------------------------------------------------------------
# The history of changes (undo and redo)
# ---------------------------------------------------------------------------------------------
# One change is a small dict; what it needs besides is read from the log at the time it is
# undone or redone (undo and redo are last-in, first-out, so the log is then exactly as the
# change left it):
#   undo stack: {"change": "add"|"insert", "at": i}             the entry at i was added
#               {"change": "edit"|"delete", "at": i, "old": a}  entry i was a before
#   redo stack: {"change": "add"|"insert"|"edit", "at": i, "new": a}
#               {"change": "delete", "at": i}
# A redo entry of a game saved before this history existed is the action itself: it is added
# at the end of the log.
_CHANGES = ("add", "insert", "edit", "delete")


def histories(cur) -> tuple[list[dict], list[dict]]:
    """The undo and redo stacks of a stored game (a game without an undo history had every
    entry added in turn; an old redo entry is an action to add at the end)."""
    undo = cur.undo if cur.undo is not None else [{"change": "add", "at": i} for i in range(len(cur.actions))]
    redo, n = [], len(cur.actions)
    for k, r in enumerate(cur.redo):
        redo.append(r if r.get("change") in _CHANGES else
                    {"change": "add", "at": n + len(cur.redo) - 1 - k, "new": r})
    return list(undo), redo


def _at(change: Mapping[str, Any], size: int) -> int | None:
    at = change.get("at")
    return at if isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= size else None


def undo_step(change: Mapping[str, Any], log: list[dict]) -> tuple[list[dict], dict, int, dict] | None:
    """Undo ``change``: (the log after it, the redo entry, where, the entry it was about), or
    None when it does not fit the log (damaged data: nothing is changed)."""
    kind, at = change.get("change"), _at(change, len(log))
    if kind not in _CHANGES or at is None or (kind != "delete" and at >= len(log)):
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
    if kind not in _CHANGES or at is None or (kind in ("edit", "delete") and at >= len(log)):
        return None
    new = change.get("new")
    if kind == "delete":
        return log[:at] + log[at + 1:], {"change": "delete", "at": at, "old": log[at]}, at, log[at]
    if not isinstance(new, dict):
        return None
    if kind == "edit":
        return log[:at] + [new] + log[at + 1:], {"change": "edit", "at": at, "old": log[at]}, at, new
    return log[:at] + [new] + log[at:], {"change": kind, "at": at}, at, new


__all__ = ["DONE", "LogSession", "Notice", "Outcome", "Shared", "StateId", "game_of", "parse_time", "refused",
           "shared"]
