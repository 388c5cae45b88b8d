"""The rule registry of «Козырные киты»: every violation and refusal, bound once to its code,
rule ID (shared/rules/kozyrnye-kity.md) and message key (:mod:`.i18n`).

``V`` are the violations a game can hold (their codes are the record format's violation codes);
``X`` are refusals of live input that a record never holds.
"""
from __future__ import annotations

from ..core.rules import Citation, RuleRegistry


class V(RuleRegistry):
    """Violations (game-record-format.md, «violations»)."""

    DUPLICATE_CARD = ("duplicate-card", "R-COMP", "v.duplicate-card")
    DUPLICATE_FIVE = ("duplicate-card", "R-COMP", "v.duplicate-five")
    FIVE_IN_TWO_PLAYER = ("five-in-two-player", "R-SETUP-1", "v.five-in-two-player")
    FIVE_AS_BONUS = ("five-as-bonus", "RUL-FIVE-BONUS", "v.five-as-bonus")
    WRONG_LEADER_SETUP = ("wrong-leader", "R-SETUP-5", "v.wrong-leader")
    WRONG_LEADER_REWARD = ("wrong-leader", "R-REWARD-4", "v.wrong-leader")
    WRONG_LEADER_FIVE = ("wrong-leader", "R-FIVE-LEAD", "v.wrong-leader")
    WRONG_NEXT_LEADER = ("wrong-leader", "R-REWARD-4", "v.wrong-next-leader")
    MISSING_NEXT_LEADER = ("missing-next-leader", "R-FIVE-LEAD", "v.missing-next-leader")
    TURN_ORDER = ("turn-order", "R-TRICK-1", "v.turn-order")
    TURN_ORDER_TWICE = ("turn-order", "R-TRICK-1", "v.turn-order-twice")
    TURN_ORDER_MISSING = ("turn-order", "R-TRICK-1", "v.turn-order-missing")
    REVOKE = ("revoke", "R-TRICK-2", "v.revoke")
    BONUS_NOT_AVAILABLE = ("bonus-not-available", "R-TRICK-3", "v.bonus-not-available")
    REWARD_OWN_CARD = ("reward-own-card", "R-REWARD-1", "v.reward-own-card")
    REWARD_NOT_IN_TRICK = ("reward-not-in-trick", "R-REWARD-1", "v.reward-not-in-trick")
    ROUND_LENGTH_MORE = ("round-length", "R-SCORE-1", "v.round-length-more")
    ROUND_LENGTH_FEWER = ("round-length", "R-SCORE-1", "v.round-length-fewer")
    PLAY_AFTER_END = ("play-after-end", "R-END", "v.play-after-end")


class X(RuleRegistry):
    """Refusals of live input."""

    PLAYERS_COUNT = ("players-count", "R-SETUP-1", "x.players-count")
    PLAYERS_NAMES = ("players-names", "R-SETUP-1", "x.players-names")
    UNKNOWN_PLAYER = ("unknown-player", "R-SETUP-1", "x.unknown-player")
    TARGET = ("target", "R-END", "x.target")
    NO_ROUND = ("no-round", "R-SETUP", "x.no-round")
    SETUP_TRUMP = ("setup", "R-SETUP-2", "x.setup-trump")
    DRAW_FIVE = ("draw-five", "R-SETUP-2", "x.draw-five")
    BONUSES_PER_PLAYER = ("setup", "R-SETUP-4", "x.bonuses-per-player")
    ROUND_RUNNING = ("round-running", "R-SCORE-1", "x.round-running")
    TALLY = ("tally", "R-SCORE-2", "x.tally")
    GAME_OVER = ("play-after-end", "R-END", "x.game-over")
    TRICK_NOT_COMPLETE = ("trick-not-complete", "R-TRICK-1", "x.trick-not-complete")
    BONUS_NOT_YOUR_TURN = ("turn-order", "R-TRICK-3", "x.bonus-not-your-turn")
    FIVE_HAS_NO_BONUS = ("five-has-no-bonus", "RUL-FIVE-BONUS", "x.five-has-no-bonus")
    FIVE_HAS_NO_FACTS = ("five-has-no-facts", "RUL-FIVE-BONUS", "x.five-has-no-facts")  # the deck profile
    BONUS_FAMILY_NEEDED = ("bonus-family", "R-BONUS-TRUMP", "x.bonus-family-needed")
    BONUS_FAMILY_WRONG = ("bonus-family", "R-BONUS-TRUMP", "x.bonus-family-wrong")
    AWAIT_REWARD = ("await-reward", "R-REWARD-1", "x.await-reward")
    AWAIT_LEADER = ("await-leader", "R-FIVE-LEAD", "x.await-leader")
    NO_LEADER_CHOICE = ("no-leader-choice", "R-FIVE-LEAD", "x.no-leader-choice")


# who leads a trick, by the rule that named the leader (RoundState.leader_rule)
WRONG_LEADER = {v.rule: v for v in (V.WRONG_LEADER_SETUP, V.WRONG_LEADER_REWARD, V.WRONG_LEADER_FIVE)}
REGISTRIES = (V, X)


class C(Citation):
    """The rules the app's screens name beside a label or a banner (not findings: those are
    :class:`V`'s and :class:`X`'s). Each member is named after its rule ID; screens cite
    ``C.MEMBER.rule``, never a literal."""

    SETUP_4 = "R-SETUP-4"
    FIVE_LEAD = "R-FIVE-LEAD"
    SCORE_2 = "R-SCORE-2"
    END = "R-END"
    WINNER_MANY = "RUL-WINNER-MANY"
    NEXT_ROUND_LEADER = "RUL-NEXT-ROUND-LEADER"
    REVOKE = "RUL-REVOKE"
