"""Semantics identifiers of the «Королевское наказание» screens (what tests and screen readers find)."""
from __future__ import annotations

SCREEN_NEW = "rm-screen-new"
SCREEN_DEAL = "rm-screen-deal"
SCREEN_HISTORY = "rm-screen-history"
HOME_NEW = "home-rm-new"

NEW_START = "rm-new-start"
DEAL_TITLE = "rm-deal-title"        # «Игра 2 из 10 · сдаёт Боря»
VARIANT = "rm-variant"              # the rules variant, on every score screen (RUL-RM-VARIANT)
TURNED = "rm-turned"                # the turned card and trump (RM-DEAL-2)
START_TRICKS = "rm-start-tricks"
START_TAKEN = "rm-start-taken"
TO_PLAY = "rm-to-play"              # whose card is next (RM-LEAD, RM-FOLLOW)
TRICK = "rm-trick"                  # the cards of the trick being played
LAST_TRICK = "rm-last-trick"        # the winner of the last trick
WHY = "rm-why"                      # the why, with rule IDs
DEAL_PROBLEMS = "rm-deal-problems"  # broken rules found in this deal (a revoke, RUL-RM-REVOKE)
SWITCH_TAKEN = "rm-switch-taken"
SWITCH_TRICKS = "rm-switch-tricks"
BANK_RECORD = "rm-bank-record"
BANK_CLEAR = "rm-bank-clear"
BANK_FILL = "rm-bank-fill"          # the bank = the 8 cards not played (RM-BANK)
BANK_FIX = "rm-bank-fix"            # «Исправить банк»: reopen the filled bank
TAKEN_COUNT = "rm-taken-count"      # «52 из 52 карт»
TAKEN_RECORD = "rm-taken-record"
TAKEN_CLEAR = "rm-taken-clear"
BREAKDOWN = "rm-breakdown"
NEXT_DEAL = "rm-next-deal"
WINNER = "rm-winner"
TIE = "rm-tie"
ANOTHER_DEAL = "rm-another-deal"
SHARED_WIN = "rm-shared-win"
FINISH = "rm-finish"
UNDO = "rm-undo"
REDO = "rm-redo"
HISTORY = "rm-history"
EDIT_SAVE = "rm-edit-save"
EDIT_CANCEL = "rm-edit-cancel"
HIST_BACK = "rm-hist-back"
HIST_VIOLATIONS = "rm-hist-violations"
STOP = "rm-stop"
EXPORT = "rm-export"


def new_dealer(i: int) -> str:
    return f"rm-new-dealer-{i}"


def new_variant(v: str) -> str:
    return f"rm-new-variant-{v}"


def card(cid: str) -> str:
    return f"rm-card-{cid}"


def live(i: int) -> str:
    """Player i's live box: tricks, running points, the bank."""
    return f"rm-live-{i}"


def owner(key: str) -> str:
    """An owner chip in the taken-cards / bank entry: a seat number or "bank"."""
    return f"rm-owner-{key}"


def holder(key: str) -> str:
    return f"rm-holder-{key}"


def total(i: int) -> str:
    return f"rm-total-{i}"


def deal_total(i: int) -> str:
    return f"rm-deal-total-{i}"


def hist_deal(n: int) -> str:
    return f"rm-hist-deal-{n}"


def hist_entry(i: int) -> str:
    return f"rm-hist-entry-{i}"


def bonus(i: int, rule: str) -> str:
    """Player i's bonus row ``rule`` (RM-BONUS-…) in a deal's breakdown."""
    return f"rm-bonus-{i}-{rule}"
