"""The move checker for disputes at the table: is this response to an attack legal?

An attack is k cards of one number n (RUL-VZ-STACK: a transfer only adds cards of the same
number, so the cards played on a player are always k×n). The attacked player answers (VZ-RESP)
with a :class:`Transfer` (VZ-TRANSFER), a :class:`Beat` (VZ-BEAT) or a :class:`Joker`
(VZ-JOKER: VZ-J-VOILA, VZ-J-VZHUH, VZ-J-KRABLI; never by the last player holding cards,
VZ-J-LAST). :func:`check` returns a :class:`~engine.core.rules.Verdict` of the registry
:class:`~engine.vzhuh.rules.V`: ``ok`` and a message with the arithmetic and the rule ID.

Input that cannot happen with the deck (VZ-COMP: a number not on any card, more cards of a
number than the deck holds) and more cards at once than a hand holds (VZ-DRAW: a hand is
refilled to 5 and never holds more) get a refusing verdict too, never an exception.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from engine.core.i18n import Count
from engine.core.reading import show
from engine.core.rules import Verdict

from .deck import DECK_COUNTS, HAND_SIZE, NUMBERS, JokerKind
from .rules import V

_NUMBERS_TEXT = ", ".join(map(str, NUMBERS))


@dataclass(frozen=True, slots=True)
class Attack:
    """k = ``count`` cards of the number n = ``number`` played on a player (RUL-VZ-STACK)."""

    number: int
    count: int


@dataclass(frozen=True, slots=True)
class Transfer:
    """``count`` more cards of the attacking number (VZ-TRANSFER)."""

    count: int


@dataclass(frozen=True, slots=True)
class Beat:
    """``count`` cards of one ``number`` (VZ-BEAT)."""

    number: int
    count: int


@dataclass(frozen=True, slots=True)
class Joker:
    """A joker (VZ-JOKER). ``discard_has_needed``: for «Вжух!», whether a card of the attacking
    number lies in the discard (None: not known — the verdict asks to check). ``last_player``:
    the responder is the last player still holding cards (VZ-J-LAST)."""

    kind: JokerKind
    discard_has_needed: bool | None = None
    last_player: bool = False


Response = Union[Transfer, Beat, Joker]


def krabli_split(k: int) -> tuple[int, int]:
    """VZ-J-KRABLI: (cards to the responder's penalty, cards that go on) = (floor(k/2),
    ceil(k/2)); with k = 1 the single card goes on."""
    return k // 2, k - k // 2


def _is_int(x: Any) -> bool:
    return x.__class__ is int


def check_attack(attack: Attack | tuple[int, int]) -> Verdict | None:
    """A refusing verdict when k×n cannot lie on a player (VZ-COMP, RUL-VZ-STACK), else None."""
    n, k = (attack.number, attack.count) if isinstance(attack, Attack) else attack
    if not _is_int(n) or n not in DECK_COUNTS:
        return V.NOT_IN_DECK.verdict({"number": _show(n), "numbers": _NUMBERS_TEXT})
    if not _is_int(k) or not 1 <= k <= DECK_COUNTS[n]:
        return V.ATTACK_COUNT.verdict({"k": _show(k), "n": n, "max": Count(DECK_COUNTS[n], "vz.card")})
    return None


def _count_problem(count: Any) -> Verdict | None:
    if not _is_int(count) or count < 1:
        return V.NO_CARDS.verdict({"count": _show(count)})
    if count > HAND_SIZE:  # VZ-SETUP-1, VZ-DRAW: a hand never holds more than 5 cards
        return V.HAND_SIZE.verdict({"cards": Count(count, "vz.card"), "hand": Count(HAND_SIZE, "vz.card")})
    return None


def check(attack: Attack | tuple[int, int], response: Response) -> Verdict:
    """Whether ``response`` answers the attack k×n legally (VZ-RESP), with the arithmetic."""
    bad = check_attack(attack)
    if bad is not None:
        return bad
    n, k = (attack.number, attack.count) if isinstance(attack, Attack) else attack
    s = n * k
    if isinstance(response, Transfer):  # VZ-TRANSFER
        bad = _count_problem(response.count)
        if bad is not None:
            return bad
        t = response.count
        if k + t > DECK_COUNTS[n]:  # VZ-COMP
            return V.OVER_DECK.verdict({"cards": Count(k + t, "vz.card"), "n": n, "deck": Count(DECK_COUNTS[n], "vz.card")})
        return V.OK_TRANSFER.verdict({"t": t, "n": n, "k": k, "total_k": k + t, "total": n * (k + t)})
    if isinstance(response, Beat):  # VZ-BEAT
        m, c = response.number, response.count
        if not _is_int(m) or m not in DECK_COUNTS:
            return V.NOT_IN_DECK.verdict({"number": _show(m), "numbers": _NUMBERS_TEXT})
        bad = _count_problem(c)
        if bad is not None:
            return bad
        if c > DECK_COUNTS[m]:  # VZ-COMP
            return V.OVER_DECK.verdict({"cards": Count(c, "vz.card"), "n": m, "deck": Count(DECK_COUNTS[m], "vz.card")})
        if m == n:
            return V.BEAT_SAME_NUMBER.verdict({"c": c, "n": n, "k": k})
        bs = m * c
        params = {"c": c, "m": m, "bs": bs, "k": k, "n": n, "s": s}
        if bs <= s:
            return V.BEAT_NOT_GREATER.verdict({**params, "op": "=" if bs == s else "<"})
        return V.OK_BEAT.verdict(params)
    if isinstance(response, Joker):  # VZ-JOKER
        try:
            kind = JokerKind(response.kind)
        except ValueError:
            return V.JOKER_KIND.verdict({"value": _show(response.kind), "kinds": tuple(JokerKind)})
        if response.last_player:  # VZ-J-LAST, before any joker's own condition
            return V.JOKER_LAST.verdict({"joker": kind})
        if kind is JokerKind.VOILA:
            return V.OK_VOILA.verdict({"k": k, "n": n})
        if kind is JokerKind.KRABLI:
            pen, on = krabli_split(k)
            return V.OK_KRABLI.verdict({"k": k, "n": n, "penalty": Count(pen, "vz.card"), "on": Count(on, "vz.card"),
                                        "to_penalty": pen, "goes_on": on})
        # VZ-J-VZHUH: one card of n taken from the discard (never a joker) makes the transfer
        if k >= DECK_COUNTS[n]:
            return V.VZHUH_NONE_LEFT.verdict({"k": k, "n": n, "deck": Count(DECK_COUNTS[n], "vz.card")})
        if response.discard_has_needed is None:
            return V.VZHUH_UNKNOWN.verdict({"n": n})
        if not response.discard_has_needed:
            return V.VZHUH_NO_CARD.verdict({"n": n})
        return V.OK_VZHUH.verdict({"n": n, "k": k, "total_k": k + 1, "total": n * (k + 1)})
    raise TypeError(f"not a response: {response!r}")


def _show(x: Any) -> str:
    try:
        return show(x)
    except (TypeError, ValueError):
        return repr(x)[:40]
