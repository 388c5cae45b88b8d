"""The archive summary: what the history and the statistics keep of a game, as one typed value.

A game's view makes it (``GameView.summarize``); the log session files it with the game
(:meth:`Summary.to_json`); the history, the statistics and the race chart read it back
(:meth:`Summary.from_json`) — no one else reads or writes the stored keys. Flet-free.

The stored JSON is the one the app has always written (issue 18: stored archives load
unchanged, and an older app reads a newer archive): the same keys with the same values, so
there is no version. What differs from key to key is only its order. The keys:

``game``      the game's id; absent for «Козырные киты» (games filed before there was more than
              one game carry none, and a whale game's summary stays as it always was)
``players``   names in seat order
``rounds``    per unit of play (a game's ``round_word``: a round, a party, a deal, one game of a
              «Кальмар» sitting) each player's score in seat order — :attr:`Summary.scores`
``totals``    each player's total in seat order
``winner``    the winner's name, or null
``low_wins``  «Вжух!» true (the lowest total wins), «Кальмар» false; absent elsewhere
``revokes``   {player: revokes found}: «Козырные киты», «Королевское наказание»
``shared``    «Королевское наказание»: the players of a shared win
``target``, ``mode``  «Козырные киты»: the target and the mode ("full" or "pad")
``variant``   «Королевское наказание»: the variant
``started``, ``ended``  ISO 8601 times, where the app knows them

A summary without players (no game state: an unreadable game kept aside) is stored as its game
and times only. Reading never fails: what is damaged is dropped (a round of the wrong length or
with a number beyond :data:`MAX_SCORE`, a revoke count that is not a positive number), a summary
that is not an object reads as an empty one of «Козырные киты»; :func:`damaged` tells whether
anything was dropped.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any, Mapping, Optional


DEFAULT_GAME = "kozyrnye-kity"  # the first game; stored games and summaries without a ``game`` key are of it
# No game's score comes near this; a stored number beyond it (a 4,000-digit penalty filed
# before such records were refused, issue 43) is damage: it is dropped like any other.
MAX_SCORE = 10 ** 9


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and -MAX_SCORE <= x <= MAX_SCORE


def _name(x: Any) -> bool:
    return isinstance(x, str) and bool(x)


def game_of(stored: Any) -> str:
    """The game of a stored meta or summary (its ``game`` key): games from before there was
    more than one game carry none and are «Козырные киты»."""
    g = stored.get("game") if isinstance(stored, Mapping) else None
    return g if isinstance(g, str) else DEFAULT_GAME


@dataclass(frozen=True)
class Summary:
    """What the history and statistics keep of one game. Fields left None are ones the game
    does not keep (they are not stored)."""

    game: str
    players: tuple[str, ...] = ()
    # per unit of play, each player's score in seat order: points («Козырные киты», «Королевское
    # наказание»), penalty points («Вжух!»), or for «Кальмар», whose unit is one game of the
    # sitting, 1 for that game's winner and 0 for the others (RUL-KL-TALLY). Stored as "rounds".
    scores: tuple[tuple[int, ...], ...] = ()
    totals: tuple[int, ...] = ()
    winner: Optional[str] = None
    low_wins: Optional[bool] = None  # True: the lowest total wins («Вжух!»)
    revokes: Optional[Mapping[str, int]] = field(default=None, hash=False)
    shared: Optional[tuple[str, ...]] = None
    target: Optional[int] = None
    mode: Optional[str] = None
    variant: Optional[str] = None
    started: Optional[str] = None
    ended: Optional[str] = None

    def __post_init__(self) -> None:
        if self.revokes is not None:  # frozen all the way down
            object.__setattr__(self, "revokes", MappingProxyType(dict(self.revokes)))

    def round_points(self) -> list[dict[str, int]]:
        """Each unit of play's scores by player name, for the race chart."""
        return [dict(zip(self.players, pts)) for pts in self.scores]

    def to_json(self) -> dict:
        """The stored form (see the module's docstring)."""
        out: dict[str, Any] = {} if self.game == DEFAULT_GAME else {"game": self.game}
        if self.players:
            out.update(players=list(self.players), rounds=[list(r) for r in self.scores],
                       totals=list(self.totals), winner=self.winner)
            for key in ("low_wins", "target", "mode", "variant"):
                if getattr(self, key) is not None:
                    out[key] = getattr(self, key)
            if self.shared is not None:
                out["shared"] = list(self.shared)
            if self.revokes is not None:
                out["revokes"] = dict(self.revokes)
        out.update(self.times())
        return out

    @staticmethod
    def players_of(data: Any) -> tuple[str, ...]:
        """``from_json(data).players`` without reading the rest (the statistics' seat colours
        of every kept game, issue 53)."""
        players = data.get("players") if isinstance(data, Mapping) else None
        return tuple(players) if isinstance(players, list) and all(_name(p) for p in players) else ()

    @classmethod
    def from_json(cls, data: Any) -> "Summary":
        """The summary a stored one says, by today's app or any before it; never raises."""
        if not isinstance(data, Mapping):
            return cls(DEFAULT_GAME)
        d = data
        players = cls.players_of(d)
        n = len(players)
        rounds = d.get("rounds")
        scores = tuple(tuple(r) for r in (rounds if isinstance(rounds, list) else ())
                       if isinstance(r, list) and n and len(r) == n and all(_is_int(x) for x in r))
        totals = d.get("totals")
        totals = tuple(totals) if isinstance(totals, list) and all(_is_int(x) for x in totals) else ()
        revokes, shared = d.get("revokes"), d.get("shared")
        if isinstance(revokes, Mapping):
            revokes = {p: k for p, k in revokes.items() if p in players and _is_int(k) and k > 0}
        else:
            revokes = None
        shared = tuple(p for p in shared if p in players) if isinstance(shared, list) else None

        def opt(key: str, kind: type) -> Any:
            v = d.get(key)
            return v if isinstance(v, kind) and (kind is not int or _is_int(v)) else None

        return cls(game_of(d), players, scores, totals, opt("winner", str), opt("low_wins", bool), revokes, shared,
                   opt("target", int), opt("mode", str), opt("variant", str), opt("started", str), opt("ended", str))

    def times(self) -> dict[str, str]:
        """``started`` / ``ended`` where known (what :func:`companion.widgets.when.game_when` reads)."""
        return {k: v for k, v in (("started", self.started), ("ended", self.ended)) if v is not None}


def parse_time(value: Any) -> datetime | None:
    """An ISO 8601 time from a record or the archive (``started``, ``ended``), else None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def damaged(stored: Any) -> bool:
    """Whether reading the stored summary ``stored`` drops rounds or totals it holds (the
    history marks such a game: its numbers are not counted)."""
    if not isinstance(stored, Mapping):
        return False
    s = Summary.from_json(stored)
    rounds, totals = stored.get("rounds"), stored.get("totals")
    return ((isinstance(rounds, list) and len(rounds) != len(s.scores))
            or (isinstance(totals, list) and len(totals) != len(s.totals)))


__all__ = ["DEFAULT_GAME", "MAX_SCORE", "Summary", "damaged", "game_of", "parse_time"]
