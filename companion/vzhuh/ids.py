"""Semantics identifiers of the «Вжух!» screens (what tests and screen readers find)."""
from __future__ import annotations

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


def new_first(i: int) -> str:
    return f"vz-new-first-{i}"


def entry_player(i: int) -> str:
    return f"vz-entry-player-{i}"


def entry_number(n: int) -> str:
    return f"vz-entry-number-{n}"


def total(i: int) -> str:
    return f"vz-total-{i}"


def cell(party: int, i: int) -> str:
    return f"vz-cell-{party}-{i}"


def place(i: int) -> str:
    return f"vz-place-{i}"


def hist_party(number: int) -> str:
    return f"vz-hist-party-{number}"


def check_attack_number(n: int) -> str:
    return f"vz-check-attack-{n}"


def check_answer_number(n: int) -> str:
    return f"vz-check-answer-{n}"


def check_step(what: str, delta: int) -> str:
    return f"vz-check-{what}-{'plus' if delta > 0 else 'minus'}"


def check_kind(kind: str) -> str:
    return f"vz-check-kind-{kind}"


def check_joker(kind: str) -> str:
    return f"vz-check-joker-{kind}"


def check_discard(answer: str) -> str:
    return f"vz-check-discard-{answer}"
