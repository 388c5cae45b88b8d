"""Semantics identifiers of the «Кальмар» screens (what tests and screen readers find)."""
from __future__ import annotations

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


def kind(prefix: str, k: str) -> str:
    return f"kl-{prefix}-kind-{k}"


def colour(prefix: str, c: str) -> str:
    return f"kl-{prefix}-colour-{c}"


def digit(prefix: str, d: int) -> str:
    return f"kl-{prefix}-digit-{d}"


def player(prefix: str, i: int) -> str:
    return f"kl-{prefix}-player-{i}"


def count(i: int) -> str:
    return f"kl-count-{i}"


def silence_by(i: int) -> str:
    return f"kl-silence-by-{i}"


def out(i: int) -> str:
    return f"kl-out-{i}"


def dealer(prefix: str, i: int) -> str:
    return f"kl-{prefix}-dealer-{i}"


def tally(i: int) -> str:
    return f"kl-tally-{i}"


def entry(i: int) -> str:
    return f"kl-hist-entry-{i}"
