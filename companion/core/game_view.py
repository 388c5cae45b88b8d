"""What a game pack tells the generic log session (:mod:`companion.session.log_session`), and the
per-game view the screens ask.

One subclass of :class:`GameView` per game (``companion/<game>/view.py``). The log session
knows nothing of any rule: it folds the game's ``apply`` over the saved action log, and asks
the view to build a game's first state, its record, its summary and what an edit changed. The
screens read the game through the view (names, numbers, texts — never engine objects they
would have to interpret) and send actions through it. Flet-free.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, ClassVar, Hashable, Iterable, Mapping, Optional, Protocol, Sequence

from engine.core.actions import Codec, to_json
from engine.core.errors import GameError, MissingInput

from .outcome import Change, Notice
from .summary import Summary


class LiveGame(Protocol):
    """What a game's view reads of the log session it belongs to
    (:class:`companion.session.log_session.LogSession`; declared here, so that the games' core
    needs nothing above it)."""

    lang: str
    meta: dict
    question: Any
    skipped: tuple[int, ...]

    @property
    def state(self) -> Any: ...
    @property
    def states(self) -> tuple[Any, ...]: ...
    @property
    def log(self) -> tuple[dict, ...]: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def mode(self) -> str: ...
    @property
    def store(self) -> Any: ...
    @property
    def game(self) -> "GameView": ...
    def do(self, action: Any) -> Any: ...
    def undo(self) -> Any: ...
    def context_changed(self, question_answered: Any = None) -> Any: ...


@dataclass(frozen=True)
class Entry:
    """A button a game adds to the home screen or the rules screen."""

    label: str  # English msgid
    icon: str   # the name of a Flet icon: ``ft.Icons.<icon>``
    route: str
    ident: str  # semantics identifier


@dataclass(frozen=True)
class Screen:
    """A route to one of a game's screens. ``component``: "module.Name" in the game's ``screens``
    package, imported when first shown; ``children`` open above it (their «Назад» returns to it)."""

    path: str
    component: str
    children: tuple["Screen", ...] = ()


@dataclass(frozen=True)
class StatsWords:
    """How the statistics screen words a game's numbers (English msgids)."""

    avg: str
    best: str
    note: str
    revokes: bool  # the game counts revokes (a column of its own)


@dataclass(frozen=True)
class Game:
    """One game in the app, declared once: ``GAME`` in its package (``companion/<game>/``) and
    listed in :data:`companion.core.packs.LIST`. The log session, the shell and the shared screens
    read everything they ask of a game here; the view and the screens are imported when first
    asked for (a phone starts without any game's code). Texts are English msgids."""

    id: str           # the record format without its version: "vzhuh" for "vzhuh/1"
    title: str        # the printed name, the same in every language
    package: str      # "companion.vzhuh": ``.view`` (VIEW), ``.screens`` and ``.app`` (entry words)
    rules_file: str   # in assets/rules/
    new_route: str
    follow_routes: tuple[str, ...]  # the screens of a game in progress: a device on one follows the game
    round_word: str   # "Party": one unit of play, in charts and the history
    rounds: tuple[str, str]  # "{n} party", "{n} parties"
    place: str        # "of party {round}": where an undone entry stands
    stats: StatsWords
    place_trick: Optional[str] = None  # "of round {round}, trick {trick}", for games with tricks
    # the game's own kinds of :class:`Change` (its view's ``diff``), each with the words a notice
    # says it in: (key, msgid with the change's params); "total", "winner" and "violation-…" are
    # every game's and worded by the shared notices
    change_words: tuple[tuple[str, str], ...] = ()
    # the same kinds in the history's list of what a correction changed: (key, a whole sentence)
    change_lines: tuple[tuple[str, str], ...] = ()
    home_entries: tuple[Entry, ...] = ()
    rules_buttons: tuple[Entry, ...] = ()
    screens: tuple[Screen, ...] = ()        # its routes under "/"
    rules_screens: tuple[Screen, ...] = ()  # its routes under "/rules"

    @property
    def view(self) -> type["GameView"]:
        return importlib.import_module(self.package + ".view").VIEW

    @property
    def shell(self) -> ModuleType:
        """The game in the app shell: ``action_text(a)``, the words of a log entry."""
        return importlib.import_module(self.package + ".app")


def entry_words(a: Mapping[str, Any], log: Codec, words: Mapping[type, Callable[..., str]], *args: Any) -> str:
    """A log entry in words (the history, «entries that no longer fit»): the words of its action
    class (``words``, one table per game keyed by the classes of its ``log`` codec), found by the
    entry's tag; an entry of no known class is its tag."""
    tag = a.get(log.tag_key)
    fn = words.get(log.by_tag.get(tag)) if isinstance(tag, str) else None
    return fn(a, *args) if fn is not None else str(tag)


@dataclass(frozen=True)
class Imported:
    """A record read for import: what the store files, and what the table is told."""

    meta: dict
    actions: list[dict]
    record: Any
    summary: Summary
    violations: tuple = ()
    finished: bool = False


@dataclass(frozen=True)
class Question:
    """The engine needs something only the table knows (e.g. a printed fact of a card); the
    action ``retry`` is applied again once it is answered. ``detail`` is the game's own."""

    retry: dict | None
    error: MissingInput | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)


class GameView:
    """The view of one game for one session. Subclasses set the class attributes and
    implement the methods below; queries read ``self.state``."""

    game: ClassVar[str]        # the game's id, e.g. "kozyrnye-kity" (its record format without the version)
    format: ClassVar[str]      # its record format, e.g. "kozyrnye-kity/1"
    modes: ClassVar[tuple[str, ...]] = ("full",)
    end_rule: ClassVar[str] = ""  # the rule ID that says when a game is over (cited when it is not)
    # the game's engine module, for the defaults below: ``apply(state, action, strict=)``, ``LOG`` (its
    # Codec); ``RECORD`` (a LogFormat) and ``replay_record`` where its record is its header plus the log
    engine: ClassVar[Any] = None

    def __init__(self, session: LiveGame):
        self.session = session

    # ---- reading the session ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def players(self) -> tuple[str, ...]:
        return self.session.players

    @property
    def lang(self) -> str:
        return self.session.lang

    def do(self, action: Any):
        """Send one action to the log: an engine action object (the log session writes it with
        its class's codec, :mod:`engine.core.actions`) or its saved JSON form."""
        return self.session.do(action)

    def entry(self, action: Any) -> dict:
        """The saved JSON form of an engine action (players by name, cards by id)."""
        return to_json(action, self.players)

    # ---- what the log session asks -------------------------------------------------------------
    def load_context(self) -> Any:
        """Load what the game needs besides the log (e.g. the user's deck facts) and return
        a value that changes when it changes (compared by ``sync``)."""
        return None

    def new_meta(self, players: Sequence[str], options: Mapping[str, Any]) -> "dict | Notice":
        """The stored meta of a new game, or a refusal. By default the players and the options,
        checked by making the first state (:meth:`start_state` raising a :class:`GameError`: refused)."""
        meta = {"players": list(players), **options}
        try:
            self.start_state(meta)
        except GameError as e:
            return Notice("refused", error=e)
        return meta

    def start_state(self, meta: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def apply(self, state: Any, action: dict, *, strict: bool = True) -> Any:
        """The state after one saved action; raises a :class:`GameError` (an
        :class:`IllegalAction`, a :class:`RecordError` for a malformed action, or a
        :class:`MissingInput`). By default the action is read with the :attr:`engine`'s ``LOG``
        codec and applied with its ``apply``."""
        return self.engine.apply(state, self.engine.LOG.from_json(action, state.players), strict=strict)

    def accepts(self, action: Any) -> "Notice | None":
        """A refusal for an action this game (in this mode) never takes, else None."""
        return None

    def same_entry(self, a: Any, b: Any) -> bool:
        """Two saved entries that say the same at the table (two phones that entered it at the
        same instant: the second is told it is on the table, issue 50). By default: equal."""
        return a == b

    def check_edit(self, index: int, action: dict) -> "Notice | None":
        """A refusal for a correction of entry ``index`` that the table would refuse as a
        live entry (e.g. a card that is already in the round), else None."""
        return None

    def check_insert(self, index: int, action: dict) -> "Notice | None":
        """:meth:`check_edit` for an entry inserted before entry ``index``."""
        return None

    def question(self, err: MissingInput, retry: dict | None) -> Question:
        return Question(retry, err)

    def record(self, log: Sequence[dict], extra: Mapping[str, Any]) -> Any:
        """The game's record (its JSON value) for the log's actions. By default, for an engine
        whose record is its header plus the log (``engine.RECORD``, :class:`engine.core.records.LogFormat`):
        the players, the header's fields from the meta, the log."""
        fmt = self.engine.RECORD
        return fmt.to_json(self.players, {k: self.session.meta[k] for k in fmt.header}, log, extra)

    def read_import(self, record: Any) -> Imported:
        """What to file for a record of this game (read by its engine); raises
        :class:`RecordError` when it cannot be scored. By default for ``engine.RECORD`` (see
        :meth:`record`): the meta is the players and the header, the log the record's list."""
        fmt, result = self.engine.RECORD, self.engine.replay_record(record)
        log = fmt.log(record)
        return self.imported({"players": list(record.players), **record.header}, log,
                             fmt.to_json(record.players, record.header, log, record.times), result)

    def imported(self, meta: dict, log: Sequence[Any], record: Any, result: Any,
                 summary: Summary | None = None) -> Imported:
        """What to file for a record read for import: its ``meta``, its ``log`` (action objects are
        written with their codec, as the log keeps them), the record as JSON, and what the
        engine's replay ``result`` says: the summary (:meth:`summarize` of its state unless given),
        the broken rules, whether the game is finished."""
        players = meta["players"]
        return Imported(meta, [a if isinstance(a, dict) else to_json(a, players) for a in log], record,
                        self.summarize(result.state) if summary is None else summary,
                        tuple(result.violations), result.finished)

    def summarize(self, state: Any) -> Summary:
        """What the history and statistics need of a game (kept in the archive as its
        :meth:`~companion.core.summary.Summary.to_json`); for no state, a summary without players."""
        raise NotImplementedError

    def diff(self, old: Any, new: Any) -> list[Change]:
        """What an edit changed, in game order."""
        return []

    def position(self, before: Any, action: Mapping[str, Any]) -> tuple[int, int]:
        """(round, trick) of an entry for the history, from the state before it."""
        return 0, 0

    def winner(self) -> str | None:
        """The winner's name, or None: by default the state's ``winner`` seat (:func:`winner_name`)."""
        return winner_name(self.state)

    def violations(self) -> tuple:
        """The broken rules of the game so far (the history shows them): by default the state's."""
        return self.state.violations if self.state is not None else ()

    def over(self) -> bool:
        """Whether the game can be finished (archived as finished): by default, once it has a
        winner."""
        return self.winner() is not None

    def route(self) -> str:
        """The app's screen on which a game in progress continues (a route, e.g. "/vzhuh"): by
        default the game's own, ``/<id>``."""
        return "/" + self.game

    def route_fits(self, route: str) -> bool:
        """Whether a screen on ``route`` shows where the game is (a phone that follows the
        table stays on it): by default only :meth:`route`'s."""
        return route == self.route()


# ---- what the views' ``summarize`` and ``diff`` share ------------------------------------------
def winner_name(state: Any) -> str | None:
    """The name of the winner of a game state (``players``, ``winner`` a seat or None)."""
    if state is None or state.winner is None:
        return None
    return state.players[state.winner]


def revokes_by_player(violations: Iterable[Any]) -> dict[str, int]:
    """How many revokes (violations of code "revoke") each player made, for the archive summary."""
    revokes: dict[str, int] = {}
    for v in violations:
        if v.code == "revoke" and v.player:
            revokes[v.player] = revokes.get(v.player, 0) + 1
    return revokes


def changed_numbers(kind: str, players: Sequence[str], old: Iterable[Any], new: Iterable[Any],
                    **where: Any) -> list[Change]:
    """A change ``kind`` for each player whose number differs (in seat order), e.g. "total";
    ``where`` (e.g. ``round=3``) comes first in its params."""
    return [Change(kind, {**where, "player": p, "old": x, "new": y}) for p, x, y in zip(players, old, new) if x != y]


def violation_key(v: Any) -> Hashable:
    """The same finding before and after a change (its message may differ)."""
    return v.code, v.round, v.trick, v.player


def changed_violations(old: Iterable[Any], new: Iterable[Any],
                       key: Callable[[Any], Hashable] = violation_key) -> list[Change]:
    """The broken rules an edit found ("violation-new", in the new order), then those it cleared
    ("violation-gone", in the old order)."""
    old, new = tuple(old), tuple(new)
    ov, nv = {key(v) for v in old}, {key(v) for v in new}
    return ([Change("violation-new", {"violation": v}) for v in new if key(v) not in ov]
            + [Change("violation-gone", {"violation": v}) for v in old if key(v) not in nv])


def changed_winner(old: str | None, new: str | None) -> list[Change]:
    """A "winner" change when the winner's name differs."""
    return [Change("winner", {"old": old, "new": new})] if old != new else []


def changed_end(old: Any, new: Any, old_totals: Iterable[Any], new_totals: Iterable[Any],
                key: Callable[[Any], Hashable] = violation_key) -> list[Change]:
    """What every game's ``diff`` ends with: the players' totals that changed, the broken rules
    found or cleared (``key``: see :func:`changed_violations`), and the winner."""
    return (changed_numbers("total", new.players, old_totals, new_totals)
            + changed_violations(old.violations, new.violations, key)
            + changed_winner(winner_name(old), winner_name(new)))


__all__ = ["Change", "GameError", "GameView", "Imported", "LiveGame", "MissingInput", "Question", "Screen", "changed_end", "changed_numbers",
           "changed_violations", "changed_winner", "revokes_by_player", "violation_key", "winner_name"]
