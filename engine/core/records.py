"""A record that is its header plus the log — the shape for a new game's record format (the four
games keep their own, older formats): ``{"format", "players", <the game's header fields>, <key>:
[the log's entries, as the game's codec writes them], "started"?, "ended"?}``.

A game declares it once, ``RECORD = LogFormat("sotnya/1", LOG, 2, 6, {"target": count(1)},
"rounds")``, and has its reader (``parse_record = RECORD.parse``, ``read_record = RECORD.read``);
every problem is a :class:`~engine.core.errors.RecordError` with its path. The app's log is the
record's list as it is, so the app's default ``record`` and ``read_import``
(:class:`companion.core.game_view.GameView`) need nothing more of the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .actions import Codec, Kind
from .errors import RecordError
from .reading import TIMES, Limits, get, head, join, load_json, times


@dataclass(frozen=True)
class LogRecord:
    """A record read: the players, the header's fields (read by their kinds), the actions with
    their paths (``rounds[2]``), and ``started`` / ``ended`` where given."""

    players: tuple[str, ...]
    header: Mapping[str, Any]
    actions: tuple[tuple[str, Any], ...]
    times: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class LogFormat:
    format: str
    codec: Codec
    low: int                      # players: at least
    high: int                     # … and at most
    header: Mapping[str, Kind]    # the game's own header fields, e.g. {"target": count(1)}
    key: str = "log"              # the list of entries
    limits: Limits = Limits(max_bytes=1 << 20)  # the file's size; names as every record's

    def read(self, text: str | bytes) -> LogRecord:
        return self.parse(load_json(text, self.limits.max_bytes))

    def parse(self, value: Any) -> LogRecord:
        top, names = head(value, self.format, self.low, self.high, self.limits)
        fields = {}
        for k, kind in self.header.items():
            if k not in top:
                raise RecordError("", "r.missing", {"field": k})
            fields[k] = kind.read(top[k], names, k)
        actions = tuple((join(self.key, i), self.codec.from_json(e, names, join(self.key, i)))
                        for i, e in enumerate(get(top, self.key, list, "")))
        times(top)
        return LogRecord(names, fields, actions, {k: top[k] for k in TIMES if k in top})

    def to_json(self, names: Sequence[str], header: Mapping[str, Any], log: Sequence[dict],
                extra: Mapping[str, Any]) -> dict:
        """The record of ``log`` (entries as the codec writes them); ``extra``: ``started``/``ended``."""
        fields = {k: kind.dump(header[k], names) for k, kind in self.header.items()}
        return {"format": self.format, "players": list(names), **fields, self.key: list(log), **extra}

    def log(self, rec: LogRecord) -> list[dict]:
        """The record's actions as the app's log keeps them."""
        return [self.codec.to_json(a, rec.players) for _, a in rec.actions]


__all__ = ["LogFormat", "LogRecord", "TIMES"]
