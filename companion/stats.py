"""Per-player statistics over the game history.

The input is the history as :meth:`Session.archived` (or :meth:`Store.archived`) returns it:
rows ``{game_id, seq, status, players, summary}`` whose ``summary`` was made by
a game view's ``summarize`` (e.g. :func:`companion.kozyrnye_kity.view.summarize`) (``players``, ``rounds`` = points per round in seat order,
``winner``, ``revokes`` = {player: count}). A bare summary (a dict with ``players`` and no
``summary`` key) is taken as a finished game.

Every game a player sat in counts in ``games``, rounds and points (an abandoned game was still
played); only finished and imported games count for ``wins``. Rows that are damaged or empty
(e.g. an unreadable game kept aside with an empty summary) are skipped, never raised on.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

WIN_STATUSES = ("finished", "imported")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _entry() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "rounds": 0, "points": 0, "avg_round_points": None, "best_round": None,
            "revokes": 0}


def player_stats(archived: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """``{name: {games, wins, rounds, points, avg_round_points, best_round, revokes}}``.

    ``avg_round_points`` is points per round played (a float, None before any round);
    ``best_round`` the most points in one round — the fewest in a game where the lowest
    total wins (``low_wins`` in its summary) — None before any round.
    """
    out: dict[str, dict[str, Any]] = {}
    for row in archived or ():
        if not isinstance(row, Mapping):
            continue
        if "summary" in row:
            summary, status = row.get("summary"), row.get("status")
        else:
            summary, status = row, "finished"
        if not isinstance(summary, Mapping):
            continue
        players = summary.get("players")
        if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
            continue
        if len(set(players)) != len(players):
            continue
        for p in players:
            out.setdefault(p, _entry())["games"] += 1
        rounds = summary.get("rounds")
        better = min if summary.get("low_wins") is True else max  # «Вжух!»: the lowest penalty is best
        for pts in rounds if isinstance(rounds, list) else ():
            if not isinstance(pts, list) or len(pts) != len(players) or not all(_is_int(x) for x in pts):
                continue
            for p, x in zip(players, pts):
                e = out[p]
                e["rounds"] += 1
                e["points"] += x
                e["best_round"] = x if e["best_round"] is None else better(e["best_round"], x)
        winner = summary.get("winner")
        if status in WIN_STATUSES and winner in players:
            out[winner]["wins"] += 1
        revokes = summary.get("revokes")
        if isinstance(revokes, Mapping):
            for p, n in revokes.items():
                if p in out and p in players and _is_int(n) and n > 0:
                    out[p]["revokes"] += n
    for e in out.values():
        if e["rounds"]:
            e["avg_round_points"] = e["points"] / e["rounds"]
    return out
