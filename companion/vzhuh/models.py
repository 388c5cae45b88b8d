"""What the view of «Вжух!» hands its screens: frozen values of names, numbers and rule IDs.
The screens read attributes; they compute nothing of the game. Flet-free."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional


@dataclass(frozen=True)
class StarterWhy:
    """Why a player starts the next party (issue 19, point 4). Party 1: the player chosen at the
    start (VZ-SETUP-4; ``party`` is None). Later: the most penalty points in party ``party``
    (VZ-NEXT), ``points``, ``players`` — all who had that many — and, on a tie, ``previous``, who
    started that party, from whom the engine goes clockwise (RUL-VZ-NEXT-TIE)."""

    rule: str                          # the rule ID(s) to cite, e.g. "VZ-NEXT, RUL-VZ-NEXT-TIE"
    starter: str
    party: Optional[int] = None
    points: Optional[int] = None
    players: tuple[str, ...] = ()
    previous: Optional[str] = None


@dataclass(frozen=True)
class Party:
    """A closed party."""

    number: int
    starter: str
    extra: bool                        # an extra party after a tie (VZ-TIE)
    points: Mapping[str, int]          # penalty points by player
