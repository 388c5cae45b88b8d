"""Seating and direction of play, shared by every game: seats are 0-based indexes in the
clockwise seating order the table entered."""
from __future__ import annotations

import enum
from typing import Any, Iterable, Sequence


class Direction(int, enum.Enum):
    CLOCKWISE = 1
    COUNTERCLOCKWISE = -1

    def reversed(self) -> "Direction":
        return Direction(-self.value)


def next_seat(seat: int, n: int, direction: Direction | int = Direction.CLOCKWISE, steps: int = 1) -> int:
    """The seat ``steps`` places from ``seat`` in ``direction``."""
    return (seat + int(direction) * steps) % n


def left_of(seat: int, n: int) -> int:
    """The next player clockwise (to the left)."""
    return next_seat(seat, n)


def first_from(seats: Iterable[int], start: int, n: int, direction: Direction | int = Direction.CLOCKWISE) -> int:
    """Of ``seats``, the first one met going from ``start`` (itself included) in ``direction``."""
    wanted = set(seats)
    for k in range(n):
        s = next_seat(start, n, direction, k)
        if s in wanted:
            return s
    raise ValueError("no seat to choose from")


def names_ok(players: Sequence[Any]) -> bool:
    """Whether ``players`` are distinct, non-blank names (strings)."""
    return all(isinstance(p, str) and p.strip() for p in players) and len(set(players)) == len(players)


def seat_of(who: Any, players: Sequence[str]) -> int | None:
    """A seat given by its index or by its player's name; None when ``who`` is neither."""
    if who.__class__ is int and 0 <= who < len(players):
        return who
    if isinstance(who, str) and who in players:
        return players.index(who)
    return None
