"""Semantics identifiers of the «Королевское наказание» screens (what tests and screen readers find)."""
from __future__ import annotations

from ..base.ids import family

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


new_dealer = family("rm-new-dealer-{i}")
new_variant = family("rm-new-variant-{v}")
card = family("rm-card-{cid}")
live = family("rm-live-{i}")  # Player i's live box: tricks, running points, the bank.
owner = family("rm-owner-{key}")  # An owner chip in the taken-cards / bank entry: a seat number or "bank".
holder = family("rm-holder-{key}")
total = family("rm-total-{i}")
deal_total = family("rm-deal-total-{i}")
hist_deal = family("rm-hist-deal-{n}")
hist_entry = family("rm-hist-entry-{i}")
bonus = family("rm-bonus-{i}-{rule}")  # Player i's bonus row ``rule`` (RM-BONUS-…) in a deal's breakdown.
