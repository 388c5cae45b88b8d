"""Card points and bonuses of a deal (RM-POINTS, RM-BONUS), for both variants (RUL-RM-VARIANT).

Every function takes the cards a player took as a bit mask (:mod:`.cards`), so a score never
depends on the order in which the cards were taken (RUL-RM-ORDER): a player's k cards of one
rank take the steps 1…k (faces 2…2k), and the one doubled card among them (the trump) takes
the highest step. In the original variant the doubled cards are the mastheads (the four cards
of the turned card's rank) and aces count −10 each (RUL-RM-VARIANT); when the turned card is
an ace the four aces are mastheads and count −20 each (RUL-RM-ACE-MAST).
"""
from __future__ import annotations

import enum
from typing import NamedTuple

from engine.core.i18n import render

from .cards import ACE, FACE_MASK, RANK_MASK, SUIT_MASK


class Variant(str, enum.Enum):
    """RUL-RM-VARIANT: the Russian translation (default) or the original rules."""

    RUSSIAN = "russian"
    ORIGINAL = "original"

    def localize(self, lang: str) -> str:
        """The variant's name in a message (the catalogs' ``rm.variant.<id>``)."""
        return render(f"rm.variant.{self.value}", {}, lang)


ACE_POINTS = 10        # RM-POINTS-ACE
ACE_POINTS_ORIGINAL = -10  # RUL-RM-VARIANT: aces count 10 points against
TRICKS_PER_DEAL = 11   # RM-TRICKS

# RM-BONUS-…: (rule ID, points); the conditions are exact counts (RUL-RM-EXACT)
BONUS_POINTS = {
    "RM-BONUS-3T": 25, "RM-BONUS-4T": 50, "RM-BONUS-9": 100, "RM-BONUS-10": 200, "RM-BONUS-11": 400,
    "RM-BONUS-FACE": 500, "RM-BONUS-FACE-ALL": 1000, "RM-BONUS-TRUMP-ALL": 2000,
}
_TRICK_BONUS = {9: "RM-BONUS-9", 10: "RM-BONUS-10", 11: "RM-BONUS-11"}


class CardPoints(NamedTuple):
    """A player's card points, by rule: ``num`` (RM-POINTS-NUM: 2–10, steps 1, 2, 3, 4), ``face``
    (RM-POINTS-FACE: В, Д, К, steps 2, 4, 6, 8), ``ace`` (RM-POINTS-ACE: 10 each; −10 in the
    original variant) and ``doubled`` (RM-POINTS-TRUMP: the extra of the doubled cards — the
    trumps, or the mastheads in the original variant — each doubled card taking the highest
    step of its rank, RUL-RM-ORDER)."""

    num: int = 0
    face: int = 0
    ace: int = 0
    doubled: int = 0

    @property
    def total(self) -> int:
        return self.num + self.face + self.ace + self.doubled


class BonusRow(NamedTuple):
    rule: str    # RM-BONUS-…
    points: int


class SeatScore(NamedTuple):
    """One player's deal: tricks won, cards taken (bank included for its holder), card points,
    the bonus rows that apply and the deal total."""

    tricks: int
    cards: int
    card_points: CardPoints
    bonuses: tuple[BonusRow, ...]

    @property
    def bonus_points(self) -> int:
        return sum(b.points for b in self.bonuses)

    @property
    def total(self) -> int:
        return self.card_points.total + self.bonus_points


class DealScore(NamedTuple):
    holder: int | None          # who took the bank (RM-BANK; None: nobody, RUL-RM-BANK-TIE)
    seats: tuple[SeatScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.seats)


def masthead_of(variant: Variant, turned: int) -> int | None:
    """RUL-RM-VARIANT: in the original rules the turned card's rank names the mastheads."""
    return turned % 13 if variant is Variant.ORIGINAL else None


def card_points(mask: int, trump: int, masthead: int | None, variant: Variant) -> CardPoints:
    """The card points of the cards in ``mask`` (RM-POINTS-NUM, -FACE, -ACE, -TRUMP, RUL-RM-ORDER).
    ``trump`` is a suit index; ``masthead`` a rank in the original variant, else None."""
    num = face = ace = doubled = 0
    original = variant is Variant.ORIGINAL
    tmask = SUIT_MASK[trump]
    for r in range(13):
        m = mask & RANK_MASK[r]
        if not m:
            continue
        k = m.bit_count()
        if r == ACE:
            each = ACE_POINTS_ORIGINAL if original else ACE_POINTS
            base, top = each * k, each
            ace += base
        elif r >= 10:
            base, top = k * (k + 1), 2 * k
            face += base
        else:
            base, top = k * (k + 1) // 2, k
            num += base
        if original:
            if r == masthead:
                doubled += base  # every masthead doubled (RUL-RM-VARIANT, RUL-RM-ACE-MAST)
        elif m & tmask:
            doubled += top  # the one trump of the rank takes the highest step (RUL-RM-ORDER)
    return CardPoints(num, face, ace, doubled)


def bonuses(mask: int, tricks: int, trump: int, masthead: int | None, variant: Variant) -> tuple[BonusRow, ...]:
    """The bonus rows that apply (RM-BONUS; exact counts, every row that applies, RUL-RM-EXACT)."""
    out = []
    trumps = (mask & SUIT_MASK[trump]).bit_count()
    # RM-BONUS-3T / 4T: trump cards; mastheads in the original variant (RUL-RM-VARIANT)
    counted = (mask & RANK_MASK[masthead]).bit_count() if variant is Variant.ORIGINAL and masthead is not None else trumps
    if counted == 3:
        out.append(BonusRow("RM-BONUS-3T", BONUS_POINTS["RM-BONUS-3T"]))
    elif counted == 4:
        out.append(BonusRow("RM-BONUS-4T", BONUS_POINTS["RM-BONUS-4T"]))
    rule = _TRICK_BONUS.get(tricks)
    if rule is not None:
        out.append(BonusRow(rule, BONUS_POINTS[rule]))
    faces = (mask & FACE_MASK).bit_count()
    if 7 <= faces <= 11:
        out.append(BonusRow("RM-BONUS-FACE", BONUS_POINTS["RM-BONUS-FACE"]))
    elif faces == 12:
        out.append(BonusRow("RM-BONUS-FACE-ALL", BONUS_POINTS["RM-BONUS-FACE-ALL"]))
    if trumps == 13:  # trumps in both variants (RUL-RM-VARIANT-TRUMP-ALL)
        out.append(BonusRow("RM-BONUS-TRUMP-ALL", BONUS_POINTS["RM-BONUS-TRUMP-ALL"]))
    return tuple(out)


def seat_score(mask: int, tricks: int, trump: int, masthead: int | None, variant: Variant) -> SeatScore:
    return SeatScore(tricks, mask.bit_count(), card_points(mask, trump, masthead, variant),
                     bonuses(mask, tricks, trump, masthead, variant))


def bank_holder(tricks: tuple[int, ...] | list[int]) -> int | None:
    """RM-BANK: the player with the most tricks takes the bank; RUL-RM-BANK-TIE: a shared most
    — nobody."""
    top = max(tricks)
    seats = [s for s, t in enumerate(tricks) if t == top]
    return seats[0] if len(seats) == 1 else None


def deal_score(taken: tuple[int, ...], tricks: tuple[int, ...], bank: int, holder: int | None, trump: int,
               masthead: int | None, variant: Variant) -> DealScore:
    """The deal's scores: the bank's cards count for its holder (RUL-RM-BANK-CARDS)."""
    seats = tuple(seat_score(m | (bank if s == holder else 0), tricks[s], trump, masthead, variant)
                  for s, m in enumerate(taken))
    return DealScore(holder, seats)
