"""The one rule registry of «Кальмар»: every violation, refusal and checker verdict, each bound
once to its code, rule ID (shared/rules/kalmar.md) and message key (:mod:`.messages`).

Members named ``OK_…`` are the legal answers of the checker :func:`engine.kalmar.checker.can_play`
(``Verdict.ok``). Each message's text names the member's own rule ID in both languages, so a
message can never cite another rule than the one it belongs to. The project's own rulings that
the digest does not list yet (RUL-KL-TURN, RUL-KL-PENDING, …, see assets/rules/kalmar.json) are
named in the texts next to the digest rule they apply.
"""
from __future__ import annotations

from engine.core.rules import Citation, RuleRegistry


class V(RuleRegistry):
    # --- input that cannot be applied at all (refused in both modes; a RecordError in a replay) ---
    PLAYERS_COUNT = ("players-count", "KL-SETUP-1", "kl.x.players-count")
    PLAYERS_NAMES = ("players-names", "KL-SETUP-1", "kl.x.players-names")
    DEALER = ("dealer", "KL-START", "kl.x.dealer")
    UNKNOWN_PLAYER = ("unknown-player", "KL-START", "kl.x.unknown-player")
    BAD_CARD = ("bad-card", "KL-COMP", "kl.x.bad-card")
    FIRST_PUT_BACK = ("first-put-back", "RUL-KL-FIRST-BLUE", "kl.x.first-put-back")
    FIRST_COLOUR = ("first-colour", "RUL-KL-FIRST-BLUE", "kl.x.first-colour")
    NAMED_COLOUR = ("named-colour", "KL-FX-COLOUR", "kl.x.named-colour")
    SWAP_WITH = ("swap-with", "KL-FX-SWAP", "kl.x.swap-with")
    ORDER_CARD = ("order-card", "RUL-KL-ORDER", "kl.x.order-card")
    DRAW_COUNT = ("draw-count", "KL-DRAW", "kl.x.draw-count")
    DRAW_MANY = ("draw-many", "KL-COMP", "kl.x.draw-many")
    NO_GAME = ("no-game", "KL-SETUP-1", "kl.x.no-game")
    # --- a move that breaks a rule (a violation in a replay; refused in strict mode) ---
    OUT_OF_TURN = ("out-of-turn", "KL-START", "kl.v.out-of-turn")
    DRAW_AGAIN = ("draw-again", "KL-DRAW", "kl.v.draw-again")
    PASS_WITHOUT_DRAW = ("pass-without-draw", "KL-DRAW", "kl.v.pass-without-draw")
    DRAW2_DUE = ("draw2-due", "KL-FX-DRAW2", "kl.v.draw2-due")
    DRAW4_DUE = ("draw4-due", "KL-FX-DRAW4", "kl.v.draw4-due")
    ORDER_NOT_FOLLOWED = ("order-not-followed", "KL-FX-ORDER", "kl.v.order-not-followed")
    NO_CALL_DUE = ("no-call-due", "KL-CALL", "kl.v.no-call-due")
    NO_SILENCE = ("no-silence", "KL-FX-SILENCE", "kl.v.no-silence")
    AFTER_END = ("after-end", "KL-END", "kl.v.after-end")
    GAME_UNFINISHED = ("game-unfinished", "KL-END", "kl.v.game-unfinished")
    # --- the checker «Можно ли сыграть эту карту?»: legal answers ---
    OK_COLOUR = ("same-colour", "KL-PLAY", "kl.check.same-colour")
    OK_DIGIT = ("same-digit", "KL-PLAY", "kl.check.same-digit")
    OK_BLUE = ("blue", "KL-PLAY", "kl.check.blue")
    OK_SAME_SYMBOL = ("same-symbol", "RUL-KL-SAME-SYMBOL", "kl.check.same-symbol")
    OK_ORDERED = ("ordered", "KL-FX-ORDER", "kl.check.ordered")
    # --- the checker: refusals (also the codes of a violation when such a card was played) ---
    NO_MATCH = ("no-match", "KL-PLAY", "kl.check.no-match")
    SAME_SYMBOL_OFF = ("same-symbol-off", "RUL-KL-SAME-SYMBOL", "kl.check.same-symbol-off")
    NOT_ORDERED = ("not-ordered", "KL-FX-ORDER", "kl.check.not-ordered")
    MUST_DRAW2 = ("must-draw2", "KL-FX-DRAW2", "kl.check.must-draw2")
    MUST_DRAW4 = ("must-draw4", "KL-FX-DRAW4", "kl.check.must-draw4")
    GAME_OVER = ("game-over", "KL-END", "kl.check.game-over")


class C(Citation):
    """The rules the app's screens name beside a label or a banner (not findings: those are
    :class:`V`'s). Screens cite ``C.MEMBER.rule``, never a literal."""

    DEAL = "KL-SETUP-1"                  # 8 cards each, the first card turned up
    FIRST_CARD_PLAYED = "KL-SETUP-2"     # an organizer turned up first counts as the dealer's
    SKIP = "KL-FX-SKIP"
    NAMED_COLOUR = "KL-FX-COLOUR"
    SWAP = "KL-FX-SWAP"
    SILENCE = "KL-FX-SILENCE"
    ORDER = "KL-FX-ORDER"
    ORDERED_CARD = "RUL-KL-ORDER"        # which card an order names
    CALL = "KL-CALL"
    END = "KL-END"
    END_SWAP = "KL-END-SWAP"
    TALLY = "RUL-KL-TALLY"
    NEXT_DEALER = "RUL-KL-NEXT-DEALER"
    SAME_SYMBOL = "RUL-KL-SAME-SYMBOL"
    START = "KL-START"                   # the player to the dealer's left starts, clockwise
    FIRST_BLUE = "RUL-KL-FIRST-BLUE"     # the colour the dealer names; cards that go back into the pile
