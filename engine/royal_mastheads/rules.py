"""The one rule registry of «Королевское наказание»: every violation and refusal, each bound once
to its code, rule ID (shared/rules/royal-mastheads.md) and message key (:mod:`.messages`).

A violation (:meth:`Ctx.violate`) is what a record may hold and the replay reports; live entry
(``strict=True``) refuses the refusable ones at once. A refusal (:meth:`Ctx.refuse`) is input
that cannot be scored at all and is refused in both modes. Each message's text names the
member's own rule ID in both languages (tests/test_rule_registries.py checks this).
"""
from __future__ import annotations

from engine.core.rules import Citation, RuleRegistry


class V(RuleRegistry):
    # --- a new set (refusals) ---
    PLAYERS_COUNT = ("players-count", "RM-COMP", "rm.x.players-count")
    PLAYERS_NAMES = ("players-names", "RM-COMP", "rm.x.players-names")
    FIRST_DEALER = ("first-dealer", "RM-DEAL-1", "rm.x.first-dealer")
    VARIANT = ("variant", "RUL-RM-VARIANT", "rm.x.variant")
    # --- input that cannot be applied at all (refusals in both modes) ---
    NOT_A_CARD = ("not-a-card", "RM-COMP", "rm.x.not-a-card")
    NO_DEAL = ("no-deal", "RM-DEAL-2", "rm.x.no-deal")
    DEAL_RUNNING = ("deal-running", "RM-TRICKS", "rm.x.deal-running")
    TRICKS_DONE = ("tricks-done", "RM-TRICKS", "rm.x.tricks-done")
    TURN_LEAD = ("turn-order", "RM-LEAD", "rm.x.turn-lead")
    TURN_WINNER_LEADS = ("turn-order", "RM-WIN", "rm.x.turn-winner-leads")
    TURN_NEXT = ("turn-order", "RM-FOLLOW", "rm.x.turn-next")
    BANK_EARLY = ("bank-early", "RM-BANK", "rm.x.bank-early")
    BANK_SHAPE = ("bank-shape", "RM-BANK", "rm.x.bank-shape")
    TAKEN_AFTER_TRICKS = ("taken-after-tricks", "RUL-RM-ORDER", "rm.x.taken-after-tricks")
    TAKEN_SHAPE = ("taken-shape", "RM-TRICKS", "rm.x.taken-shape")
    NO_TIE = ("no-tie", "RUL-RM-SET-TIE", "rm.x.no-tie")
    SET_OVER = ("set-over", "RM-SET", "rm.x.set-over")
    # --- broken rules that can still be scored (violations; refused live when refusable) ---
    DUPLICATE_CARD = ("duplicate-card", "RM-COMP", "rm.v.duplicate-card")
    REVOKE = ("revoke", "RM-FOLLOW", "rm.v.revoke")
    MISSING_CARDS = ("missing-cards", "RM-COMP", "rm.v.missing-cards")
    TRICK_CARDS = ("trick-cards", "RM-TRICKS", "rm.v.trick-cards")
    TRICK_COUNT = ("trick-count", "RM-TRICKS", "rm.v.trick-count")
    BANK_SIZE = ("bank-size", "RM-BANK", "rm.v.bank-size")
    BANK_HOLDER = ("bank-holder", "RM-BANK", "rm.v.bank-holder")
    BANK_HOLDER_TIE = ("bank-holder", "RUL-RM-BANK-TIE", "rm.v.bank-holder-tie")
    AFTER_END = ("play-after-end", "RM-SET", "rm.v.play-after-end")


REGISTRIES = (V,)


class C(Citation):
    """The rules the app's screens name beside a label, a banner or a score line (not findings:
    those are :class:`V`'s). Each member is named after its rule ID; screens cite
    ``C.MEMBER.rule``, never a literal."""

    COMP = "RM-COMP"
    DEAL_2 = "RM-DEAL-2"
    LEAD = "RM-LEAD"
    FOLLOW = "RM-FOLLOW"
    BANK = "RM-BANK"
    BANK_TIE = "RUL-RM-BANK-TIE"
    BANK_CARDS = "RUL-RM-BANK-CARDS"
    ORDER = "RUL-RM-ORDER"
    SET = "RM-SET"
    SET_TIE = "RUL-RM-SET-TIE"
    POINTS_NUM = "RM-POINTS-NUM"
    POINTS_FACE = "RM-POINTS-FACE"
    POINTS_ACE = "RM-POINTS-ACE"
    POINTS_TRUMP = "RM-POINTS-TRUMP"
    BONUS_3T = "RM-BONUS-3T"
    BONUS_4T = "RM-BONUS-4T"
    BONUS_9 = "RM-BONUS-9"
    BONUS_10 = "RM-BONUS-10"
    BONUS_11 = "RM-BONUS-11"
    BONUS_FACE = "RM-BONUS-FACE"
    BONUS_FACE_ALL = "RM-BONUS-FACE-ALL"
    BONUS_TRUMP_ALL = "RM-BONUS-TRUMP-ALL"
    DEAL_1 = "RM-DEAL-1"
    VARIANT = "RUL-RM-VARIANT"
