"""Seating and direction of play, shared by every game: seats are 0-based indexes in the
clockwise seating order the table entered."""
from __future__ import annotations

import enum
from typing import Iterable


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
