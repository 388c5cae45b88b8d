"""Semantics identifiers: what tests and screen readers use to find controls and values.

Imported by the app and by the browser tests, so a renamed identifier breaks loudly.
Read a value with ``[flt-semantics-identifier="<id>"]``.
"""

# screens (a probe with the screen's title; present exactly when the screen is on top)
SCREEN_HOME = "screen-home"
SCREEN_SETTINGS = "screen-settings"
SCREEN_RULES = "screen-rules"
SCREEN_CALC = "screen-calc"
SCREEN_DECK = "screen-deck"

# home buttons
HOME_RULES = "home-rules"
HOME_CALC = "home-calc"
HOME_DECK = "home-deck"
HOME_SETTINGS = "home-settings"

# calm messages
NOTICE = "notice"
NOTICE_CLOSE = "notice-close"

# settings
SET_LANG = "settings-language"
SET_THEME = "settings-theme"
SET_AWAKE = "settings-awake"

# rules
RULES_SEARCH = "rules-search"
RULES_COUNT = "rules-count"
RULES_LIST = "rules-list"
RULES_CALC = "rules-open-calc"


def rule_item(rule_id: str) -> str:
    return f"rule-{rule_id}"


# who wins? calculator
CALC_TRUMP = "calc-trump"
CALC_TOKEN = "calc-token"
CALC_PLAYS = "calc-plays"
CALC_UNDO = "calc-undo"
CALC_CLEAR = "calc-clear"
CALC_DECIDE = "calc-decide"
CALC_WINNER = "calc-winner"
CALC_EXPLAIN = "calc-explain"
CALC_NEW = "calc-new-trick"
CALC_CLOSE = "calc-close"


def calc_card(card_id: str) -> str:
    return f"calc-card-{card_id}"


def calc_trump_family(family: str) -> str:
    return f"calc-trump-{family}"


def calc_token_side(side: int) -> str:
    return f"calc-token-{side}"


# check my deck
DECK_PROGRESS = "deck-progress"
DECK_CARD = "deck-card"
DECK_PREV = "deck-prev"
DECK_NEXT = "deck-next"
DECK_SAVE = "deck-save"


def deck_pearls(n: int) -> str:
    return f"deck-pearls-{n}"


def deck_bonus(kind: str) -> str:
    return f"deck-bonus-{kind}"


def deck_family(family: str) -> str:
    return f"deck-family-{family}"
