"""A generic score pad: points per round and player, totals, and who wins — after a target
is reached or a fixed number of rounds, highest or lowest wins, a shared best score plays on.

Games keep their own scoring; this decides the end the same way for all of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True, slots=True)
class EndRule:
    """``target``: the game can end once a total reaches it (highest wins) — or, with
    ``low_wins``, once a total reaches it the lowest wins; ``rounds``: the game can end after
    that many rounds. A tie for the best total never ends the game: another round is played."""

    target: int | None = None
    rounds: int | None = None
    low_wins: bool = False

    def better(self, a: int, b: int) -> bool:
        return a < b if self.low_wins else a > b


def totals(points_by_round: Sequence[Sequence[int]], n: int) -> tuple[int, ...]:
    t = [0] * n
    for pts in points_by_round:
        for i, p in enumerate(pts):
            t[i] += p
    return tuple(t)


def best(total: Sequence[int], rule: EndRule) -> tuple[int, ...]:
    """The seats sharing the best total."""
    top = min(total) if rule.low_wins else max(total)
    return tuple(i for i, v in enumerate(total) if v == top)


def can_end(total: Sequence[int], rounds_played: int, rule: EndRule) -> bool:
    """Whether this round end is one where the game may end (before the tie check)."""
    if rule.rounds is not None and rounds_played >= rule.rounds:
        return True
    return rule.target is not None and any(v >= rule.target for v in total)


def winner_after(total: Sequence[int], rounds_played: int, rule: EndRule) -> int | None:
    """The winner at this round end, or None (not at the end yet, or a tie for the best)."""
    if not can_end(total, rounds_played, rule):
        return None
    b = best(total, rule)
    return b[0] if len(b) == 1 else None


def tied_best(total: Sequence[int], rounds_played: int, rule: EndRule) -> tuple[int, ...]:
    """The seats tied for the best total at a round end where the game could end: they play
    on. Empty when the game goes on for another reason or has a winner."""
    if not can_end(total, rounds_played, rule):
        return ()
    b = best(total, rule)
    return b if len(b) > 1 else ()


def decide(points_by_round: Sequence[Sequence[int]], n: int, rule: EndRule) -> tuple[int | None, int | None]:
    """(winner seat, number of rounds after which the game ended), or (None, None)."""
    t = [0] * n
    for k, pts in enumerate(points_by_round, start=1):
        for i, p in enumerate(pts):
            t[i] += p
        w = winner_after(t, k, rule)
        if w is not None:
            return w, k
    return None, None
