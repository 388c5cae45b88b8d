"""What the view of «Кальмар» hands its screens: frozen values of names, card ids, numbers and
rule IDs (taken from the engine's registries). The screens read attributes; they compute
nothing of the game. Flet-free."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional


@dataclass(frozen=True)
class Skipped:
    """Who the last entry made miss a turn, and by which rule (KL-FX-SKIP, KL-FX-DRAW2,
    KL-FX-DRAW4, KL-SETUP-2)."""

    player: str
    rule: str


@dataclass(frozen=True)
class Table:
    """Everything the live table shows."""

    game: int                      # the game's number in the sitting, from 1
    dealer: str
    turn: str                      # the player to move
    next: str
    after_next: str
    clockwise: bool
    top: str                       # card id of the top card
    colour: Optional[str]          # the colour in force
    pending: int                   # cards the player to move must take (0: none)
    pending_rule: Optional[str]    # KL-FX-DRAW2 or KL-FX-DRAW4 while cards are pending
    order: Optional[str]           # card id of the card ordered (KL-FX-ORDER)
    ordered_by: Optional[str]
    silence_by: Optional[str]      # silence until this player moves again (KL-FX-SILENCE)
    call_due: Optional[str]        # «Кальмар!» is due from this player (KL-CALL)
    one_card: tuple[str, ...]      # players with one card left
    drew: bool                     # the player to move has drawn this turn
    counts: Mapping[str, int]      # cards in hand by player, from the known draws and plays
    turns: int
    winner: Optional[str]          # the winner of this game (None: it goes on)
    by_swap: bool                  # won by swapping hands with the last card (KL-END-SWAP)
    same_symbol: bool              # the house rule RUL-KL-SAME-SYMBOL is on
    skipped: Optional[Skipped]


@dataclass(frozen=True)
class GameResult:
    """A game of the sitting that is over."""

    number: int
    dealer: str
    first_card: str
    winner: Optional[str]          # None: left unfinished
    by_swap: bool
    turns: int
