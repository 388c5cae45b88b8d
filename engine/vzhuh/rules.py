"""The one rule registry of «Вжух!»: every violation, refusal and checker verdict, each bound
once to its code, rule ID (shared/rules/vzhuh.md) and message key (:mod:`.messages`).

Members named ``OK_…`` are the legal answers of the move checker (``Verdict.ok``). Each
message's text names the member's own rule ID in both languages (a test checks this), so a
message can never cite another rule than the one it belongs to.
"""
from __future__ import annotations

from engine.core.rules import Citation, RuleRegistry


class V(RuleRegistry):
    # --- a new game (refusals) ---
    PLAYERS_COUNT = ("players-count", "RUL-VZ-PLAYERS", "vz.x.players-count")
    PLAYERS_NAMES = ("players-names", "RUL-VZ-PLAYERS", "vz.x.players-names")
    FIRST_PLAYER = ("first-player", "VZ-SETUP-4", "vz.x.first-player")
    # --- a party that cannot be scored (refused in both modes) ---
    PARTY_PLAYERS = ("party-players", "VZ-CHECK", "vz.x.party-players")
    BAD_PENALTY = ("bad-penalty", "VZ-SCORE", "vz.x.bad-penalty")
    # --- a party that breaks a rule but can be scored (violations; refused in strict mode) ---
    CARDS_OVER_DECK = ("too-many-cards", "VZ-COMP", "vz.v.too-many-cards")
    JOKERS_OVER_DECK = ("too-many-jokers", "RUL-VZ-JOKERS", "vz.v.too-many-jokers")
    UNREACHABLE = ("unreachable-points", "VZ-CHECK", "vz.v.unreachable-points")
    UNREACHABLE_LEFT = ("unreachable-left", "VZ-CHECK", "vz.v.unreachable-left")
    PARTY_SUM = ("party-sum", "VZ-CHECK", "vz.v.party-sum")
    AFTER_END = ("play-after-end", "VZ-GAME", "vz.v.play-after-end")
    # --- the move checker: legal answers ---
    OK_TRANSFER = ("transfer", "VZ-TRANSFER", "vz.check.transfer-ok")
    OK_BEAT = ("beat", "VZ-BEAT", "vz.check.beat-ok")
    OK_VOILA = ("voila", "VZ-J-VOILA", "vz.check.voila-ok")
    OK_VZHUH = ("vzhuh", "VZ-J-VZHUH", "vz.check.vzhuh-ok")
    OK_KRABLI = ("krabli", "VZ-J-KRABLI", "vz.check.krabli-ok")
    # --- the move checker: refusals ---
    NOT_IN_DECK = ("not-in-deck", "VZ-COMP", "vz.check.not-in-deck")
    ATTACK_COUNT = ("attack-count", "RUL-VZ-STACK", "vz.check.attack-count")
    OVER_DECK = ("over-deck", "VZ-COMP", "vz.check.over-deck")
    NO_CARDS = ("no-cards", "VZ-RESP", "vz.check.no-cards")
    HAND_SIZE = ("hand-size", "VZ-DRAW", "vz.check.hand-size")
    BEAT_SAME_NUMBER = ("beat-same-number", "VZ-BEAT", "vz.check.beat-same-number")
    BEAT_NOT_GREATER = ("beat-not-greater", "VZ-BEAT", "vz.check.beat-not-greater")
    JOKER_KIND = ("joker-kind", "VZ-JOKER", "vz.check.joker-kind")
    JOKER_LAST = ("joker-last", "VZ-J-LAST", "vz.check.joker-last")
    VZHUH_NO_CARD = ("vzhuh-no-card", "VZ-J-VZHUH", "vz.check.vzhuh-no-card")
    VZHUH_UNKNOWN = ("vzhuh-unknown", "VZ-J-VZHUH", "vz.check.vzhuh-unknown")
    VZHUH_NONE_LEFT = ("vzhuh-none-left", "VZ-J-VZHUH", "vz.check.vzhuh-none-left")


class C(Citation):
    """The rules the app's screens name beside a label or a banner (not findings: those are
    :class:`V`'s). Each member is named after its rule ID; screens cite ``C.MEMBER.rule``,
    never a literal."""

    SETUP_4 = "VZ-SETUP-4"
    NEXT = "VZ-NEXT"
    NEXT_TIE = "RUL-VZ-NEXT-TIE"
    GAME = "VZ-GAME"
    TIE = "VZ-TIE"
    RUL_TIE = "RUL-VZ-TIE"
    J_PENALTY = "VZ-J-PENALTY"
    CHECK = "VZ-CHECK"
