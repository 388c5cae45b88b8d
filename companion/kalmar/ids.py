"""Semantics identifiers of the «Кальмар» screens (what tests and screen readers find)."""
from __future__ import annotations

from ..base.ids import family

SCREEN_NEW = "kl-screen-new"
SCREEN_TABLE = "kl-screen-table"
SCREEN_HISTORY = "kl-screen-history"
SCREEN_CHECK = "kl-screen-check"
HOME_CHECK = "home-kl-check"
RULES_CHECK = "rules-kl-check"

NEW_START = "kl-new-start"
NEW_SAME_SYMBOL = "kl-new-same-symbol"
NEW_FIRST = "kl-new-first"            # the first card picked so far, as text

TURN = "kl-turn"                      # whose turn
NEXT = "kl-next"                      # who is next
SKIPPED = "kl-skipped"                # who the last entry made miss a turn (issue 19, point 4)
DIRECTION = "kl-direction"            # the direction, in words
TOP = "kl-top"                        # the top card, in words
COLOUR = "kl-colour"                  # the colour in force
PENDING = "kl-pending"
ORDER = "kl-order"
SILENCE = "kl-silence"
CALL = "kl-call"                      # the «Кальмар!» moment
ONE_CARD = "kl-one-card"
ENTRY = "kl-entry"                    # the card picked so far
DRAW_PASS = "kl-draw-pass"
DRAW_ONE = "kl-draw-one"
PASS = "kl-pass"
TAKE = "kl-take"                      # take the pending 2 or 4
PLAY_ORDERED = "kl-play-ordered"
MISSED_CALL = "kl-missed-call"
OUT_OPEN = "kl-out-open"
WINNER = "kl-winner"
TALLY = "kl-tally"
NEXT_GAME = "kl-next-game"
NEXT_CARD = "kl-next-card"
FINISH = "kl-finish"
UNDO = "kl-undo"
REDO = "kl-redo"
HISTORY = "kl-history"
CHECK = "kl-check"
HIST_BACK = "kl-hist-back"
HIST_ENTRIES = "kl-hist-entries"
STOP = "kl-stop"
CHECK_VERDICT = "kl-check-verdict"
CHECK_RULE = "kl-check-rule"
CHECK_SAME_SYMBOL = "kl-check-same-symbol"
CHECK_TABLE = "kl-check-table"


kind = family("kl-{prefix}-kind-{k}")
colour = family("kl-{prefix}-colour-{c}")
digit = family("kl-{prefix}-digit-{d}")
player = family("kl-{prefix}-player-{i}")
count = family("kl-count-{i}")
silence_by = family("kl-silence-by-{i}")
out = family("kl-out-{i}")
dealer = family("kl-{prefix}-dealer-{i}")
tally = family("kl-tally-{i}")
entry = family("kl-hist-entry-{i}")
