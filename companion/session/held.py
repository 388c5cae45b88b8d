"""The game as a log session holds it (:class:`HeldGame`): the current game's log, its history
of changes, the states folded from the log (state = the game's engine folded over the log,
:meth:`HeldGame._fold`), the state this device's screen shows, and what the screens and the
game's view read of it; a fold is shared with the other sessions on the store and adopted from
them (:mod:`.shared`). The log session (``companion/session/log_session.py``) is made on it and
makes every change; nothing here writes the store. Flet-free."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Mapping

from engine.core.errors import GameError, IllegalAction, MissingInput, RecordError

from ..core.game_view import GameView, Question
from ..core.history import StateId, histories
from ..core.outcome import Notice, Outcome
from ..core.packs import DEFAULT_GAME, view_class
from ..core.summary import game_of
from ..store.repository import Store
from .shared import Shared, share


class HeldGame:
    """The game in progress as one session holds it. ``version`` grows on every change: the one
    field the UI needs to watch (the app makes the session observable)."""

    def __init__(self, store: Store, lang: str, clock: Callable[[], datetime] | None):
        self._store = store
        self._clock = clock or (lambda: datetime.now().astimezone())  # the app's clock; the engines have none
        self._seen_generation = store.generation
        self._log: list[dict] = []
        self._undo: list[dict] = []   # the table's changes, last on top (see :mod:`companion.core.history`)
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
        self._kind = DEFAULT_GAME  # the current game's id; its view is made when first asked for
        self._view: GameView | None = None
        self._shown: StateId | None = None  # see shown (private: a change of it redraws nothing)

    @property
    def store(self) -> Store:
        """The store, for the game views (screens never write it)."""
        return self._store

    @property
    def active(self) -> bool:
        return self.game_id is not None

    @property
    def state_id(self) -> StateId:
        """Which state of the game this session holds: the game and its stored revision (grows
        with every saved change). An entry made on one state is refused on any other
        (``seen=``)."""
        return StateId(self.game_id, self.revision)

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

    @property
    def started(self) -> str | None:
        """When the game in progress started (ISO 8601), if the app knows it."""
        v = self.meta.get("started")
        return v if isinstance(v, str) else None

    def _touch(self) -> None:
        self._seen_generation = self._store.generation  # what this session shows is current
        self.version += 1

    def _load_context(self) -> None:
        if self._view is not None:  # else it is loaded with the view
            self._context = self._view.load_context()

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

    def _record(self, ended: str | None = None) -> Any:
        log = [a for i, a in enumerate(self._log) if i not in self.skipped]
        return self.game.record(log, self._times(ended))

    def _times(self, ended: str | None) -> dict:
        """``started`` / ``ended`` of this game (ISO 8601 with the UTC offset), where known:
        optional fields of the record and of the archive's summary."""
        out = {"started": self.started, "ended": ended}
        return {k: v for k, v in out.items() if v is not None}

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    # ---- which state the device shows, and what an entry is ----------------------------------
    @property
    def shown(self) -> StateId | None:
        """The state this device's screen is known to show: what its entries are made on when
        they say nothing else. None: not followed — what the session holds is what its one
        screen shows (the phone edition, the tests). Table mode follows it
        (:func:`companion.ui.session.confirm_shown`)."""
        return self._shown

    def mark_shown(self, state: StateId | None) -> None:
        """The device's screen now shows ``state`` (None: stop following)."""
        self._shown = state

    def _outdated(self, seen: StateId | None) -> bool:
        """The entry was made on a state the game is no longer in (``seen``, else what this
        device's screen is known to show)."""
        seen = self.shown if seen is None else StateId(*seen)
        return seen is not None and seen != self.state_id

    def _saved(self, action: Any) -> Any:
        """The saved JSON form of an action: an engine action object is written by its class's
        codec (:mod:`engine.core.actions`), a dict is kept as it is."""
        if isinstance(action, Mapping) or not self.active or getattr(type(action), "__action__", None) is None:
            return action
        return self.game.entry(action)

    def _refused(self, err: GameError, action: dict) -> Outcome:
        """An entry the engine did not take: a card's question is asked, a broken rule said."""
        if isinstance(err, MissingInput):
            self.question = self.game.question(err, action)
            self._touch()
            return Outcome(False, Notice("question", error=err))
        self.notice = Notice("refused", error=err)
        self._touch()
        return Outcome(False, self.notice)

    # ---- one fold, shared between the sessions on the store (table mode) ------------------------
    def _share(self, question: Question | None) -> None:
        """Offer the change this session just saved and folded to the other sessions (a change
        shared later by another thread but written earlier never replaces a newer one)."""
        share(self._store, Shared(
            self._store.written_generation(), self.game_id, self.kind, self.revision, tuple(self._log),
            tuple(self._undo), tuple(self._redo), tuple(self._states), self.skipped, question, self._context))

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


__all__ = ["HeldGame"]
