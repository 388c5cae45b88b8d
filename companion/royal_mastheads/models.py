"""What the view of «Королевское наказание» hands its screens: frozen values of names, card ids,
numbers and rule IDs. The screens read attributes; they compute nothing of the game. Flet-free."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional


@dataclass(frozen=True)
class Live:
    """The running deal (RM-BANK, RUL-RM-BANK-TIE for the bank so far)."""

    deal: int                              # its number in the set, 1…10
    dealer: str
    turned: str                            # card id of the turned card (RM-DEAL-2)
    trump: str                             # suit
    masthead: Optional[int]                # rank of the mastheads (original variant), else None
    trick: int                             # the trick being played, 1…11
    to_play: Optional[str]
    current: tuple[tuple[str, str], ...]   # the trick on the table: (player, card id) in play order
    tricks: Mapping[str, int]              # tricks taken so far, by player
    points: Mapping[str, int]              # running card points, by player
    bank_holder: Optional[str]             # who would take the bank now
    bank_tie: bool                         # most tricks shared: nobody takes it so far


@dataclass(frozen=True)
class LastTrick:
    """The last finished trick and why it went where it went (RM-LEAD, RM-FOLLOW, RM-WIN)."""

    number: int
    cards: tuple[tuple[str, str], ...]     # (player, card id) in play order
    winner: str
    why: tuple[str, ...]                   # the engine's lines, with rule IDs, in the session's language


@dataclass(frozen=True)
class Bonus:
    """A bonus row that applies (RM-BONUS-…)."""

    rule: str
    points: int


@dataclass(frozen=True)
class SeatResult:
    """One player's breakdown of a closed deal: card points by rule (RM-POINTS-NUM, -FACE, -ACE,
    -TRUMP), bonuses and the deal total."""

    player: str
    tricks: int
    cards: int
    num: int
    face: int
    ace: int
    doubled: int
    card_points: int
    bonuses: tuple[Bonus, ...]
    total: int


@dataclass(frozen=True)
class DealResult:
    """A closed deal."""

    number: int
    dealer: str
    turned: str
    trump: str
    masthead: Optional[int]
    entry: str                             # "tricks" or "taken" (RUL-RM-ORDER)
    holder: Optional[str]                  # who took the bank (None: most tricks shared)
    rows: tuple[SeatResult, ...]           # in seating order
