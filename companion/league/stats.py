"""Per-player statistics over the game history.

The input is the history as :meth:`Session.archived` (or :meth:`Store.archived`) returns it:
rows ``{game_id, seq, status, players, summary}`` whose ``summary`` is the stored form of a
:class:`~companion.core.summary.Summary` (read here with its codec, by today's app or any before it).
A bare summary (a dict with ``players`` and no ``summary`` key) is taken as a finished game.

Every game a player sat in counts in ``games``, rounds and points (an abandoned game was still
played); only finished and imported games count for ``wins``. Rows that are damaged or empty
(e.g. an unreadable game kept aside with an empty summary) are skipped, never raised on, and so
is a phone's own stopped copy of a table's game (:func:`a_stopped_copy`: its parties are the
table's game's too).
"""
from __future__ import annotations

from typing import Any, Generator, Iterable, Mapping

from ..base.steps import run_through, unless
from ..core.summary import Summary
from ..store.repository import COPY_OF

WIN_STATUSES = ("finished", "imported")


def a_stopped_copy(row: Mapping[str, Any]) -> bool:
    """A phone's own copy of a table's game, kept stopped in its history (companion/session/aside.py):
    the parties it shares with the table's game are counted there. Continued and ended, it is a
    game of its own."""
    return isinstance(row.get(COPY_OF), str) and row.get("status") == "abandoned"


def _entry() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "rounds": 0, "points": 0, "avg_round_points": None, "best_round": None,
            "revokes": 0}


def player_stats(archived: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """``{name: {games, wins, rounds, points, avg_round_points, best_round, revokes}}``.

    ``avg_round_points`` is points per round played (a float, None before any round);
    ``best_round`` the most points in one round — the fewest in a game where the lowest
    total wins (``low_wins`` in its summary) — None before any round.
    """
    return run_through(player_stats_steps(archived))


STEP = 200  # rows read a step (player_stats_steps)


def player_stats_steps(archived: Iterable[Mapping[str, Any]]) -> Generator[None, None, dict[str, dict[str, Any]]]:
    """:func:`player_stats` a step at a time (:data:`STEP` rows a step): made while the phone is
    idle (:meth:`Statistics.warm_steps`), a tap is answered in between."""
    out: dict[str, dict[str, Any]] = {}
    for n, row in enumerate(archived or (), start=1):
        if n % STEP == 0:
            yield
        if not isinstance(row, Mapping):
            continue
        if a_stopped_copy(row):
            continue
        if "summary" in row:
            stored, status = row.get("summary"), row.get("status")
        else:
            stored, status = row, "finished"
        s = Summary.from_json(stored)  # damaged rounds and revoke counts are dropped
        players = s.players
        if not players or len(set(players)) != len(players):
            continue
        for p in players:
            out.setdefault(p, _entry())["games"] += 1
        better = min if s.low_wins else max  # «Вжух!»: the lowest penalty is best
        for pts in s.scores:
            for p, x in zip(players, pts):
                e = out[p]
                e["rounds"] += 1
                e["points"] += x
                e["best_round"] = x if e["best_round"] is None else better(e["best_round"], x)
        if status in WIN_STATUSES and s.winner in players:
            out[s.winner]["wins"] += 1
        for p, n in (s.revokes or {}).items():
            out[p]["revokes"] += n
    for e in out.values():
        if e["rounds"]:
            e["avg_round_points"] = e["points"] / e["rounds"]
    return out


def kind_numbers(archived: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """``{game_id: n}``: each game's number among the games of its kind, the oldest 1 (by the
    store's ``seq``, which counts the games of every kind: «Игра 2» for the only «Вжух!» game
    was that count, issue 43). ``archived`` is one kind's history, as
    :meth:`Session.archived(game) <companion.session.log_session.LogSession.archived>` returns it."""
    rows = [r for r in archived or () if isinstance(r, Mapping) and isinstance(r.get("game_id"), str)]
    rows.sort(key=lambda r: r.get("seq") if isinstance(r.get("seq"), int) else 0)
    return {r["game_id"]: n for n, r in enumerate(rows, start=1)}


def player_seats(archived: Iterable[Mapping[str, Any]], running: Iterable[str] = (),
                 wanted: Iterable[str] = ()) -> dict[str, int]:
    """``{name: seat}``: where each player sat, the seat their colour comes from at the table
    (issue 43: a player keeps one colour everywhere, the statistics too). The running game's
    seats (``running``, its players in seat order) come first; then each player's seat in the
    most recent kept game they played (``archived``: most recent first, as the history is).
    ``wanted``: the players asked about; the history is read back only until each has a seat
    (issue 53: with years of games kept, the latest games seat a table's players)."""
    seats: dict[str, int] = {}
    for i, p in enumerate(running or ()):
        seats.setdefault(p, i)
    wanted = set(wanted or ())
    seated = lambda: bool(wanted) and wanted <= seats.keys()  # noqa: E731
    for row in () if seated() else archived or ():
        if isinstance(row, Mapping):
            for i, p in enumerate(Summary.players_of(row.get("summary") if "summary" in row else row)):
                seats.setdefault(p, i)
        if seated():
            break
    return seats


class Statistics:
    """Per-player statistics over each game's history as a service beside the live game (issue
    49; ``session.stats``): :func:`player_stats` of a game's kept games, computed once per
    version of its history (the summaries are read once). ``archive``: what keeps the history
    (:class:`companion.session.archive.Archive`, passed in): its ``version(game)`` is (first
    row, length, the game's rows), the same objects until the history changes."""

    def __init__(self, archive: Any):
        self._archive = archive
        self._cache: dict[str, tuple[Any, dict[str, dict[str, Any]]]] = {}

    def archived_stats(self, game: str) -> dict[str, dict[str, Any]]:
        version = self._archive.version(game)
        cached = self._cache.get(game)
        if cached is None or cached[0] is not version:
            cached = self._cache[game] = (version, player_stats(version[2]))
        return cached[1]

    def warm_steps(self, game: str) -> Generator[None, None, None]:
        """``game``'s statistics made ahead, a step at a time (issue 53: while the phone is idle
        after the start, so that the history opens without computing them); given up when its
        history changes meanwhile, or once :meth:`archived_stats` made them."""
        version = self._archive.version(game)
        cached = self._cache.get(game)
        if cached is not None and cached[0] is version:
            return

        def stale() -> bool:  # the history changed, or archived_stats made them meanwhile
            now = self._cache.get(game)
            return self._archive.version(game) is not version or (now is not None and now[0] is version)

        made = yield from unless(stale, player_stats_steps(version[2]))
        if made is not None:
            self._cache[game] = (version, made)
