"""The portable game record ``vzhuh/1`` (docs/records/vzhuh.md).

:func:`parse_record` turns a JSON value into a :class:`GameRecord` or raises
:class:`~engine.core.errors.RecordError` with the path of the problem; :func:`record_to_json`
writes it back so that writing what was read gives the same JSON value (optional keys stay
absent, unknown keys are kept at every level). :func:`record_actions` and
:func:`actions_to_record` convert between a record and the engine's actions.

``totals`` and ``winner`` in a file are informational: they are not read (the replay computes
both from the parties) and are kept, like every unknown key, when the record is written.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from engine.core.actions import Codec, Kind, player_pairs
from engine.core.errors import RecordError
from engine.core.reading import (
    NO_EXTRA, Limits as RecordLimits, extra, get, head, join, listed, player, reader, show, times, typed, writer,
)

from .deck import MAX_PLAYERS, MIN_PLAYERS
from .game import (  # the penalty object is read and written by the game (its log entry is the record's party)
    MAX_PARTIES, Action, GameState, RecordParty, RecordPenalty, new_game, parse_penalty, penalty_to_record, per_player_error,
    record_penalty_json, replay,
)

FORMAT = "vzhuh/1"


@dataclass(frozen=True)
class Limits(RecordLimits):
    """A record's size and names (:class:`engine.core.reading.Limits`), and its parties."""

    max_parties: int = MAX_PARTIES  # N-VZ-RECORD-LIMIT: the engine refuses a party past it at entry


LIMITS = Limits()


@dataclass(frozen=True, slots=True)
class RecordedParty:
    penalties: tuple[tuple[str, RecordPenalty], ...]  # (player, penalty) in the file's order
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)


@dataclass(frozen=True, slots=True)
class GameRecord:
    players: tuple[str, ...]
    first: str
    parties: tuple[RecordedParty, ...]
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------
def parse_record(value: Any, limits: Limits | None = LIMITS) -> GameRecord:
    """A JSON value (already decoded) → :class:`GameRecord`, or :class:`RecordError`."""
    top, names = head(value, FORMAT, MIN_PLAYERS, MAX_PLAYERS, limits)
    first = player(get(top, "first", str, ""), names, "first")
    times(top)
    raw = listed(top, "parties", "", limits.max_parties if limits is not None else None)
    parties = tuple(_parse_party(p, names, join("parties", i)) for i, p in enumerate(raw))
    return GameRecord(names, first, parties, extra(top, {"format", "players", "first", "parties"}))


read_record = reader(parse_record, LIMITS)


def _parse_party(value: Any, names: Sequence[str], path: str) -> RecordedParty:
    obj = typed(value, dict, path)
    pen = _PENALTIES.read(get(obj, "penalties", dict, path), names, join(path, "penalties"))
    return RecordedParty(pen, extra(obj, {"penalties"}))


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------
# A party's penalties as written: (player, penalty) in the file's order, unknown keys kept
_PENALTIES = player_pairs(Kind(dict, lambda p, players: record_penalty_json(p), lambda v, players, path: parse_penalty(v, path)),
                          per_player_error)


def record_to_json(rec: GameRecord) -> dict:
    """The record's JSON value (inverse of :func:`parse_record`)."""
    out: dict[str, Any] = {"format": FORMAT, "players": list(rec.players), "first": rec.first, "parties": []}
    for party in rec.parties:
        d: dict[str, Any] = {"penalties": _PENALTIES.dump(party.penalties, rec.players)}
        d.update(party.extra)
        out["parties"].append(d)
    out.update(rec.extra)
    return out


write_record = writer(record_to_json)


# ---------------------------------------------------------------------------------------------
# Record ↔ actions
# ---------------------------------------------------------------------------------------------
def record_actions(rec: GameRecord) -> tuple[GameState, list[tuple[str, Action]]]:
    """The starting state and the actions of a record, each with its path in the record."""
    state = new_game(rec.players, rec.first)
    actions: list[tuple[str, Action]] = []
    for i, party in enumerate(rec.parties):
        by = dict(party.penalties)
        actions.append((f"parties[{i}]", RecordParty(tuple(by[name].penalty() for name in rec.players))))
    return state, actions


def actions_to_record(state: GameState, actions: Sequence[Action], extra: Mapping[str, Any] | None = None) -> GameRecord:
    """The record of the parties ``actions`` entered from the new game ``state``; a card-by-card
    penalty is written with both ``cards`` and ``jokers``. Actions that cannot be scored raise
    :class:`~engine.core.errors.IllegalAction`; rule violations are kept (replay mode)."""
    final = replay(state, actions, strict=False)
    parties = tuple(RecordedParty(tuple((state.players[s], penalty_to_record(p)) for s, p in enumerate(party.penalties)))
                    for party in final.parties)
    return GameRecord(state.players, state.players[state.first], parties, dict(extra or {}) or NO_EXTRA)


def _unknown(obj: Mapping, path: str, codec: Codec) -> RecordError:
    return RecordError(join(path, "type"), "r.value", {"value": show(obj.get("type")), "detail": '"party"'})


LOG = Codec(RecordParty, unknown=_unknown)


def action_to_json(a: RecordParty, players: Sequence[str]) -> dict:
    """A party as the app's action log keeps it: the record's party object with ``"type":
    "party"`` (penalties by name, in seat order)."""
    return LOG.to_json(a, players)


def action_from_json(d: Any, players: Sequence[str], path: str = "action") -> RecordParty:
    """The action of one log entry (see :func:`action_to_json`); what cannot be read raises
    :class:`RecordError` with its path, like a record's party."""
    return LOG.from_json(d, players, path)
