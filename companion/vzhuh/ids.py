"""Semantics identifiers of the «Вжух!» screens (what tests and screen readers find)."""
from __future__ import annotations

from ..base.ids import family

SCREEN_NEW = "vz-screen-new"
SCREEN_SCORE = "vz-screen-score"
SCREEN_HISTORY = "vz-screen-history"
SCREEN_CHECK = "vz-screen-check"
HOME_NEW = "home-vz-new"
HOME_CHECK = "home-vz-check"
RULES_CHECK = "rules-vz-check"

NEW_START = "vz-new-start"
PARTY_TITLE = "vz-party-title"        # «Партия 2 из 3»
STARTER = "vz-starter"                # who starts the party (VZ-NEXT)
STARTER_WHY = "vz-starter-why"        # why: the most points in the last party, a tie (issue 19)
ENTRY_SUM = "vz-entry-sum"            # the selected player's penalty so far, as a sum
ENTRY_UNDO = "vz-entry-undo"
ENTRY_CLEAR = "vz-entry-clear"
ENTRY_TYPED = "vz-entry-typed"
ENTRY_TYPED_OK = "vz-entry-typed-ok"
ENTRY_JOKER = "vz-entry-joker"
ENTRY_PROBLEM = "vz-entry-problem"
RECORD = "vz-record-party"
RECORD_EMPTY = "vz-record-empty"          # the question before a party with no penalty is recorded
RECORD_EMPTY_YES = "vz-record-empty-yes"
RECORD_EMPTY_NO = "vz-record-empty-no"
TIE = "vz-tie"
WINNER = "vz-winner"
FINISH = "vz-finish"
UNDO = "vz-undo"
REDO = "vz-redo"
HISTORY = "vz-history"
CHECK = "vz-check"
EDIT_SAVE = "vz-edit-save"
EDIT_CANCEL = "vz-edit-cancel"
CHECK_VERDICT = "vz-check-verdict"
CHECK_RULE = "vz-check-rule"


new_first = family("vz-new-first-{i}")
entry_player = family("vz-entry-player-{i}")
entry_number = family("vz-entry-number-{n}")
total = family("vz-total-{i}")
cell = family("vz-cell-{party}-{i}")
place = family("vz-place-{i}")
hist_party = family("vz-hist-party-{number}")
check_attack_number = family("vz-check-attack-{n}")
check_answer_number = family("vz-check-answer-{n}")


def check_step(what: str, delta: int) -> str:
    return f"vz-check-{what}-{'plus' if delta > 0 else 'minus'}"


check_kind = family("vz-check-kind-{kind}")
check_joker = family("vz-check-joker-{kind}")
check_discard = family("vz-check-discard-{answer}")
