"""The portable record ``kalmar/1`` of a sitting of «Кальмар» (docs/records/kalmar.md).

:func:`parse_record` turns a JSON value into a :class:`GameRecord` or raises
:class:`~engine.core.errors.RecordError` with the path of the problem; :func:`record_to_json`
writes it back so that writing what was read gives the same JSON value (optional keys stay
absent, unknown keys are kept at every level, ``started``/``ended`` strings are kept as they
are). :func:`record_actions` and :func:`actions_to_record` convert between a record and the
engine's actions.

``tally`` at the top and ``winner`` in a game are informational: they are not read (the replay
computes both) and are kept, like every unknown key, when the record is written.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from engine.core.actions import Codec, tag
from engine.core.errors import RecordError
from engine.core.reading import (
    NO_EXTRA, Limits as RecordLimits, at_most, extra, get, head, join, listed, player, reader, show, times,
    typed, writer,
)

from .cards import Card, Colour, card_id
from .game import (
    MAX_ENTRIES, MAX_GAMES, MAX_PLAYERS, MAX_TURNS, MIN_PLAYERS, Action, BrokeSilence, Draw, DrawAndPass, GameState, MissedCall, NewGame, NextGame,
    Options, Pass, Play, PlayerOut, apply, read_card, read_colour,
)

FORMAT = "kalmar/1"


def _unknown_act(obj: Mapping, path: str, codec: Codec) -> RecordError:
    kind = get(obj, codec.tag_key, str, path)
    return RecordError(join(path, codec.tag_key), "kl.r.act", {"value": show(kind), "acts": ", ".join(codec.tags)})


def _not_here(key: str, act: str, path: str) -> RecordError:
    return RecordError(path, "kl.r.field-not-here", {"field": key, "act": act})


# A game's entry is one action (engine.core.actions): the record writes its tag as "act", the
# app's log as "type"; a key of another kind of entry is refused, not kept.
_EXCLUSIVE = ("player", "card", "colour", "with", "order", "count")
TURNS = Codec(Play, Draw, Pass, DrawAndPass, MissedCall, BrokeSilence, PlayerOut, tag_key="act",
              unknown=_unknown_act, exclusive=_EXCLUSIVE, exclusive_error=_not_here)
LOG = Codec(*TURNS.classes, NextGame, unknown=_unknown_act, exclusive=_EXCLUSIVE, exclusive_error=_not_here)
ACTS = TURNS.tags
LOG_TYPES = LOG.tags
NEXT_GAME = tag(NextGame)  # "next-game"


@dataclass(frozen=True)
class Limits(RecordLimits):
    """A record's size and names (:class:`engine.core.reading.Limits`), and its games' entries."""

    max_games: int = MAX_GAMES  # N-KL-RECORD-LIMIT: the engine refuses entries past these at entry
    max_turns: int = MAX_TURNS  # entries of one game's "turns"
    max_entries: int = MAX_ENTRIES  # entries of all the games' "turns" together


LIMITS = Limits()


@dataclass(frozen=True, slots=True)
class RecordedTurn:
    """One entry of a game's ``turns``: what the table entered (players by name), and the keys
    of the entry that the format does not know (kept)."""

    action: Action
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)


@dataclass(frozen=True, slots=True)
class RecordedGame:
    dealer: str
    first_card: Card
    turns: tuple[RecordedTurn, ...]
    colour: Colour | None = None
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)


@dataclass(frozen=True, slots=True)
class RecordOptions:
    same_symbol: bool | None = None   # None: the key is absent (off)
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)

    def options(self) -> Options:
        return Options(same_symbol=bool(self.same_symbol))


@dataclass(frozen=True, slots=True)
class GameRecord:
    players: tuple[str, ...]
    games: tuple[RecordedGame, ...]
    options: RecordOptions | None = None   # None: the key is absent
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------
def parse_record(value: Any, limits: Limits | None = LIMITS) -> GameRecord:
    """A JSON value (already decoded) → :class:`GameRecord`, or :class:`RecordError`."""
    top, names = head(value, FORMAT, MIN_PLAYERS, MAX_PLAYERS, limits)
    times(top)
    options = None
    if "options" in top:
        obj = get(top, "options", dict, "")
        same = get(obj, "same_symbol", bool, "options", required=False)
        options = RecordOptions(same, extra(obj, {"same_symbol"}))
    raw = listed(top, "games", "", limits.max_games if limits is not None else None)
    if not raw:
        raise RecordError("games", "kl.r.no-games")
    games = tuple(_parse_game(g, names, join("games", i), limits) for i, g in enumerate(raw))
    at_most("games", sum(len(g.turns) for g in games), limits.max_entries if limits is not None else None)
    return GameRecord(names, games, options, extra(top, {"format", "players", "options", "games"}))


read_record = reader(parse_record, LIMITS)


def _card(obj: Mapping, key: str, path: str) -> Card:
    return read_card(get(obj, key, str, path), join(path, key))


def _colour(obj: Mapping, key: str, path: str) -> Colour | None:
    v = get(obj, key, str, path, required=False)
    return None if v is None else read_colour(v, join(path, key))


def _parse_game(value: Any, names: Sequence[str], path: str, limits: Limits | None) -> RecordedGame:
    obj = typed(value, dict, path)
    dealer = player(get(obj, "dealer", str, path), names, join(path, "dealer"))
    first = _card(obj, "first_card", path)
    colour = _colour(obj, "colour", path)
    raw = listed(obj, "turns", path, limits.max_turns if limits is not None else None)
    tpath = join(path, "turns")
    turns = tuple(_parse_turn(t, names, join(tpath, i)) for i, t in enumerate(raw))
    return RecordedGame(dealer, first, turns, colour, extra(obj, {"dealer", "first_card", "colour", "turns"}))


def _parse_turn(value: Any, names: Sequence[str], path: str) -> RecordedTurn:
    return RecordedTurn(*TURNS.read(value, names, path))


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------
def _turn_json(t: RecordedTurn, players: Sequence[str]) -> dict:
    out = TURNS.to_json(t.action, players)
    out.update(t.extra)
    return out


def record_to_json(rec: GameRecord) -> dict:
    """The record's JSON value (inverse of :func:`parse_record`)."""
    out: dict[str, Any] = {"format": FORMAT, "players": list(rec.players)}
    if rec.options is not None:
        o: dict[str, Any] = {}
        if rec.options.same_symbol is not None:
            o["same_symbol"] = rec.options.same_symbol
        o.update(rec.options.extra)
        out["options"] = o
    out["games"] = []
    for g in rec.games:
        d: dict[str, Any] = {"dealer": g.dealer, "first_card": card_id(g.first_card)}
        if g.colour is not None:
            d["colour"] = g.colour.value
        d["turns"] = [_turn_json(t, rec.players) for t in g.turns]
        d.update(g.extra)
        out["games"].append(d)
    out.update(rec.extra)
    return out


write_record = writer(record_to_json)


# ---------------------------------------------------------------------------------------------
# Record ↔ actions
# ---------------------------------------------------------------------------------------------
def turn_action(t: RecordedTurn) -> Action:
    """The engine's action of one record entry."""
    return t.action


def record_actions(rec: GameRecord) -> list[tuple[str, Action]]:
    """The actions of a record, each with its path in the record: a :class:`NewGame` for the
    first game, a :class:`NextGame` for each later one, and the entries of ``turns``."""
    options = rec.options.options() if rec.options is not None else Options()
    out: list[tuple[str, Action]] = []
    for i, g in enumerate(rec.games):
        path = f"games[{i}]"
        if i == 0:
            out.append((path, NewGame(rec.players, g.dealer, g.first_card, g.colour, options)))
        else:
            out.append((path, NextGame(g.first_card, g.colour, g.dealer)))
        out.extend((f"{path}.turns[{j}]", turn_action(t)) for j, t in enumerate(g.turns))
    return out


def action_to_turn(state: GameState, a: Action) -> RecordedTurn:
    """The record entry of a move or a table action (players written by name)."""
    return RecordedTurn(TURNS.from_json(TURNS.to_json(a, state.players), state.players, "turn"))


def actions_to_record(actions: Sequence[Action], extra: Mapping[str, Any] | None = None) -> GameRecord:
    """The record of a sitting entered as ``actions`` (a :class:`NewGame` first). Actions that
    cannot be applied raise :class:`~engine.core.errors.IllegalAction`; rule violations are kept
    (replay mode). The options are written only when a house rule is on."""
    if not actions or not isinstance(actions[0], NewGame):
        raise TypeError("a record starts with NewGame")
    first = actions[0]
    state: GameState | None = None
    heads: list[tuple[str, Card, Colour | None]] = []
    turns: list[list[RecordedTurn]] = []
    for a in actions:
        if isinstance(a, (NewGame, NextGame)):
            state = apply(state, a, strict=False)
            heads.append((state.players[state.dealer], state.first_card, a.colour))
            turns.append([])
        else:
            after = apply(state, a, strict=False)  # an action that cannot be applied raises here first
            turns[-1].append(action_to_turn(state, a))
            state = after
    games = [RecordedGame(d, c, tuple(t), col) for (d, c, col), t in zip(heads, turns)]
    opts = first.options if isinstance(first.options, Options) else Options()
    options = RecordOptions(True) if opts.same_symbol else None
    return GameRecord(tuple(first.players), tuple(games), options, dict(extra or {}) or NO_EXTRA)


# ---------------------------------------------------------------------------------------------
# The app's action log: one JSON dict per action, the record's entry form with a "type"
# ---------------------------------------------------------------------------------------------
def action_to_json(a: Action, players: Sequence[str]) -> dict:
    """One action as the app's log keeps it: a move or a table action is the record's entry
    (``act`` → ``"type"``, players by name); :class:`NextGame` is ``{"type": "next-game",
    "first_card", "colour"?, "dealer"?}``. :class:`NewGame` is the log's meta, not an entry."""
    return LOG.to_json(a, players)


def action_from_json(d: Any, players: Sequence[str], path: str = "action") -> Action:
    """The action of one log entry (see :func:`action_to_json`); what cannot be read raises
    :class:`RecordError` with its path, like a record's entry."""
    return LOG.from_json(d, players, path)
