"""Semantics identifiers: what tests and screen readers use to find controls and values.

Imported by the app and by the browser tests, so a renamed identifier breaks loudly.
Read a value with ``[flt-semantics-identifier="<id>"]``.
A family of identifiers (one per seat, card, number…) is made by :func:`family` from its template;
the game packages' ``ids.py`` use it too.
"""
from __future__ import annotations

from string import Formatter
from typing import Callable


def family(template: str) -> Callable[..., str]:
    """The identifiers of one family: ``family("new-name-{i}")(2) == "new-name-2"``. The template's
    fields take the arguments in order (positional only, exactly as many as the fields)."""
    fields = [name for _, name, _, _ in Formatter().parse(template) if name is not None]

    def ident(*parts) -> str:
        if len(parts) != len(fields):
            raise TypeError(f"{template!r} takes {len(fields)} argument(s), got {len(parts)}")
        return template.format(**dict(zip(fields, parts)))

    ident.__name__ = ident.__qualname__ = template
    return ident


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

# invite players (table mode)
SCREEN_INVITE = "screen-invite"
HOME_INVITE = "home-invite"
HOME_JOIN = "home-join"  # the phone edition: join another phone's table (issue 40)
INVITE_OFF = "invite-off"
INVITE_ENDED = "invite-ended"
INVITE_CODE = "invite-code"
INVITE_URL = "invite-url"
INVITE_DEVICES = "invite-devices"
INVITE_PAUSED = "invite-paused"
INVITE_NEW = "invite-new-code"
INVITE_NEW_YES = "invite-new-code-yes"
INVITE_END = "invite-end"
INVITE_END_YES = "invite-end-yes"
SET_ME = "settings-me"  # «это я»: this device's seat (table mode)
STATS_WHEN = "stats-when"  # date and length of a past game
HIST_STARTED = "history-started"  # when the game in progress started
TABLE_REVOKE = "table-revoke"  # a revoke proved by the last entry (RUL-REVOKE)
TURN_MINE = "turn-mine"  # «ваш ход» on the device of the player to act


turn_bonus = family("turn-bonus-{card_id}")  # A usable bonus of the player to act, shown by the card picker.
player_mine = family("player-{seat}-mine")  # «вы» on this device's own seat (table mode)

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


rule_item = family("rule-{rule_id}")


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


calc_card = family("calc-card-{card_id}")
calc_trump_family = family("calc-trump-{family}")
calc_token_side = family("calc-token-{side}")


# check my deck
DECK_PROGRESS = "deck-progress"
DECK_CARD = "deck-card"
DECK_PREV = "deck-prev"
DECK_NEXT = "deck-next"
DECK_SAVE = "deck-save"


deck_pearls = family("deck-pearls-{n}")
deck_bonus = family("deck-bonus-{kind}")
deck_family = family("deck-family-{family}")


# ---- game screens: new game, round setup, the table, trick result, round end ----------------
SCREEN_NEW = "screen-new-game"
SCREEN_SETUP = "screen-round-setup"
SCREEN_TABLE = "screen-table"
SCREEN_ROUND_END = "screen-round-end"
HOME_CONTINUE = "home-continue"
HOME_NEW = "home-new-game"

# new game (players by position 0..3 in the clockwise list)
NEW_ADD = "new-add-player"
NEW_TARGET = "new-target"
NEW_START = "new-start"
NEW_ORDER = "new-order"  # the seating order as text


new_name = family("new-name-{i}")
new_up = family("new-up-{i}")
new_remove = family("new-remove-{i}")
new_chip = family("new-chip-{name}")
new_mode = family("new-mode-{mode}")


# round setup
SETUP_TRUMP = "setup-trump"          # probe: trump and token chosen so far
SETUP_DRAW = "setup-draw"            # "Draw for us"
SETUP_TRUMP_PICK = "setup-trump-pick"  # card picker prefix for the drawn card
SETUP_BONUS_PICK = "setup-bonus-pick"  # card picker prefix for a first bonus
SETUP_START = "setup-start"


setup_bonus = family("setup-bonus-{seat}")
setup_leader = family("setup-leader-{seat}")


# the table
TABLE_TRUMP = "table-trump"
TABLE_TOKEN = "table-token"
TABLE_TURN = "table-turn"
TABLE_TRICK = "table-trick"
TABLE_ROUND = "table-round"
TABLE_PICK = "table"                 # card picker prefix
TABLE_UNDO = "table-undo"
TABLE_REDO = "table-redo"
TABLE_QUESTION = "table-question"    # reopen a pending question
TABLE_RESULT = "table-open-result"   # reopen the trick result panel


player_total = family("player-total-{seat}")
player_round = family("player-round-{seat}")
player_pile = family("player-pile-{seat}")
player_bonuses = family("player-bonuses-{seat}")
player_bonus = family("bonus-{seat}-{card_id}")
bonus_family = family("bonus-family-{family}")


# trick result: winner, why, reward, next leader
RESULT_WINNER = "result-winner"
RESULT_EXPLAIN = "result-explain"
LEADER_CHOOSER = "leader-chooser"


reward_option = family("reward-{card_id}")
next_leader = family("next-leader-{seat}")


# deck fact question (pearls / bonus of a card)
FACT_QUESTION = "fact-question"
FACT_SAVE = "fact-save"
FACT_LATER = "fact-later"
FACT_SEVERAL = "fact-several"  # the bonus question: «the symbol shows several families…»


fact_pearls = family("fact-pearls-{n}")
fact_bonus = family("fact-bonus-{kind}")
fact_family = family("fact-family-{family}")


# round end
END_TITLE = "end-title"
END_CHART = "end-chart"
END_REVOKES = "end-revokes"
END_WINNER = "end-winner"
END_TIE = "end-tie"
END_FINISH = "end-finish"
END_NEXT = "end-next-round"
END_UNDO = "end-undo"
END_HISTORY = "end-history"  # the round end's way to the game's history (issue 43)
END_EXPORT = "end-export"    # … and its record out, with the round not yet begun

# issue 43: the menu of every running game's screens (its record out, the statistics)
GAME_MENU = "game-menu"
GAME_MENU_SAVE = "game-menu-save"
GAME_MENU_COPY = "game-menu-copy"
GAME_MENU_SHARE = "game-menu-share"
GAME_MENU_STATS = "game-menu-stats"


end_points = family("end-points-{seat}")
end_total = family("end-total-{seat}")


# ---- score pad, history, statistics ----
SCREEN_PAD = "screen-pad"
SCREEN_HISTORY = "screen-history"
SCREEN_STATS = "screen-stats"
HOME_STATS = "home-stats"

PAD_EMPTY = "pad-empty"
PAD_TARGET = "pad-target"
PAD_ROUND = "pad-round"          # "Round N" heading of the entry
PAD_TALLY = "pad-tally"          # write the round
PAD_ENTERED = "pad-entered"      # the numbers about to be written
PAD_UNDO = "pad-undo"
PAD_REDO = "pad-redo"
PAD_HISTORY = "pad-history"
PAD_WINNER = "pad-winner"
PAD_TIE = "pad-tie"
PAD_FINISH = "pad-finish"
PAD_ABANDON = "pad-abandon"
PAD_ABANDON_YES = "pad-abandon-yes"
PAD_TABLE = "pad-table"


pad_field = family("pad-{kind}-{seat}")  # kind: "pearls" | "unused"; the number field of one player.


def pad_step(kind: str, seat: int, delta: int) -> str:
    return f"pad-{kind}-{seat}-{'plus' if delta > 0 else 'minus'}"


pad_cell = family("pad-cell-{round_no}-{seat}")
pad_total = family("pad-total-{seat}")


HIST_EMPTY = "history-empty"
HIST_UNDO = "history-undo"
HIST_REDO = "history-redo"
HIST_CHANGES = "history-changes"
HIST_VIOLATIONS = "history-violations"
HIST_EXPORT = "history-export"
HIST_EDIT_SAVE = "history-edit-save"
HIST_EDIT_CANCEL = "history-edit-cancel"


hist_entry = family("history-entry-{index}")
hist_round = family("history-round-{n}")  # a round's heading: opens and closes it (issue 43)
HIST_EARLIER = "history-earlier"          # «show earlier rounds» of a long history
HIST_BACK = "history-back"                # «Back to the game»
STORAGE_WARNING = "storage-warning"       # the phone edition: something lives only in memory (issue 43)
STATS_DAMAGED = "stats-damaged"           # a past game whose file and backup cannot be read (issue 43)
stats_damaged = family("stats-damaged-{seq}")
hist_option = family("history-option-{card_id}")


IMPORT_PICK = "import-pick"
IMPORT_TEXT = "import-text"
IMPORT_GO = "import-go"
IMPORT_RESULT = "import-result"
IMPORT_VIOLATIONS = "import-violations"
IMPORT_PROGRESS = "import-progress"  # an archive being taken in: games done of games (issue 53)
IMPORT_STOP = "import-stop"
EXPORT_PROGRESS = "export-progress"  # the archive being written out: games done of games (issue 53)

STATS_EMPTY = "stats-empty"
STATS_PLAYERS = "stats-players"
STATS_GAMES = "stats-games"
STATS_MORE = "stats-more"
STATS_CHART = "stats-chart"
STATS_DETAIL = "stats-detail"
STATS_BACK = "stats-back"
STATS_EXPORT = "stats-export"
STATS_GAME_TITLE = "stats-title"  # the game's name heading the statistics (issue 43)


stats_value = family("stats-{player}-{what}")  # what: games | wins | avg | best | revokes
stats_label = family("stats-{player}-{what}-label")  # … and the words over the number (issue 43)
stats_game = family("stats-game-{seq}")

# issue 19, point 4: stopping asks first, a stopped game is continued from the history, another
# game chosen at home while one runs
STATS_RESUME = "stats-resume"                  # «Продолжить игру» of a stopped game
STATS_RESUME_BUSY = "stats-resume-busy"        # another game runs: what to do first
STATS_RESUME_RUNNING = "stats-resume-running"  # … and the way to it
HOME_SWITCH = "home-switch"                    # the question when another game is chosen while one runs

# the table's league (issue 42)
SCREEN_LEAGUE = "screen-league"
HOME_LEAGUE = "home-league"
STATS_LEAGUE = "stats-league"            # «Лига» from a game's statistics
LEAGUE_NOTE = "league-note"              # what the number means
LEAGUE_EMPTY = "league-empty"
LEAGUE_SCOPES = "league-scopes"          # all games / each game
LEAGUE_PEOPLE = "league-people"
LEAGUE_EVENINGS = "league-evenings"
LEAGUE_BACK = "league-back"              # from a person's or an evening's page to the league
LEAGUE_PERSON = "league-person"          # a person's page: their name
LEAGUE_CHART = "league-chart"
LEAGUE_RIVAL = "league-rival"
LEAGUE_NEMESIS = "league-nemesis"
LEAGUE_VERSUS = "league-versus"          # head to head: the result line
LEAGUE_EVENING = "league-evening"        # an evening's page: its date
LEAGUE_SHARE = "league-share"            # … its text: -copy, -share
HOME_PEOPLE_OFFER = "home-people-offer"  # the first start's offer: -yes, -no
HOME_WHERE = "home-where"                # the phone edition, once: where the games live (-ok, -settings; issue 53)
league_scope = family("league-scope-{scope}")
league_person = family("league-person-{n}")          # the n-th line of the list (1 = top)
league_value = family("league-{n}-{what}")           # what: rating | games | wins | rate | streak | best
league_evening = family("league-evening-{date}")
league_versus = family("league-versus-{n}")          # the other person to compare with (n-th)
league_move = family("league-move-{n}")
LEAGUE_RENAME = "league-rename"          # a person's page: rename (-field: the new name)
LEAGUE_MERGE = "league-merge"            # … merge the chosen other spelling into them
LEAGUE_ASK = "league-ask"                # an imported name no one's yet: who is it?
league_merge = family("league-merge-{n}")
league_ask = family("league-ask-{n}")    # 0: a new person; n: the n-th person
SET_ARCHIVE = "set-archive"              # settings: save every kept game and the people in one file
