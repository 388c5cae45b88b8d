"""The rules of «Королевское наказание» (Royal Mastheads, R. Kieva), pure Python: record format
``royal-mastheads/1``.

No I/O, no UI, no clock, no global randomness. Rule IDs (RM-…, RUL-RM-…) refer to
shared/rules/royal-mastheads.md and appear where each rule lives:

* :mod:`.cards` — the deck (RM-COMP: 52 cards, aces low), card ids, bit masks.
* :mod:`.scoring` — the variants (RUL-RM-VARIANT), card points (RM-POINTS-NUM, RM-POINTS-FACE,
  RM-POINTS-ACE, RM-POINTS-TRUMP, RUL-RM-ORDER, RUL-RM-ACE-MAST), bonuses (RM-BONUS-…,
  RUL-RM-EXACT), the bank holder (RM-BANK, RUL-RM-BANK-TIE, RUL-RM-BANK-CARDS).
* :mod:`.game` — the set: dealers (RM-DEAL-1), the turned card (RM-DEAL-2), tricks (RM-LEAD,
  RM-FOLLOW, RM-WIN, RM-TRICKS), revokes found when the proof arrives (RUL-RM-REVOKE), the bank,
  entry by taken cards, the end and a shared win (RM-SET, RUL-RM-SET-TIE); live queries.
* :mod:`.trick` — who wins a trick, step by step with rule IDs.
* :mod:`.rules` — the one registry :class:`V`; :mod:`.messages` — the Russian and English texts.
* :mod:`.actions` — one action as JSON for the app's log (``action_to_json`` / ``action_from_json``).
* :mod:`.record` / :mod:`.replay` — the record ``royal-mastheads/1``
  (docs/records/royal-mastheads.md) and its replay report; :mod:`.simulate` — seeded random
  legal sets.
"""
from . import messages as _messages

_messages.register()

from engine.core.errors import GameError, IllegalAction, RecordError, Violation  # noqa: E402

from .cards import (  # noqa: E402
    ACE, BY_ID, CARDS, DECK_SIZE, FACE_RANKS, RANK_IDS, RANK_RU, SUITS, Card, Suit, as_card, card, cards_of,
    full_deck, mask_of, parse_card,
)
from .game import (  # noqa: E402
    BANK_PER_PLAYER, BANK_SIZE, DEALS, HAND, PLAYERS, UNSET, AcceptSharedWin, Action, Bank, DealState, Entry,
    GameState, Live, NewSet, Phase, Play, PlayAnotherDeal, Playable, PlayTrick, SetResult, StartDeal, TakenCards,
    Trick, apply, deal_result, dealer_of, live, new_set, new_violations, next_dealer, playable, running_points,
    seen_cards, set_result, tied, where,
)
from .record import (  # noqa: E402
    FORMAT, LIMITS, GameRecord, Limits, RecordedDeal, actions_to_record, parse_record, read_record, record_actions,
    record_to_json, write_record,
)
from .replay import ReplayResult, replay_record  # noqa: E402
from .actions import LOG, action_from_json, action_to_json  # noqa: E402
from .rules import V  # noqa: E402
from .scoring import (  # noqa: E402
    BONUS_POINTS, TRICKS_PER_DEAL, BonusRow, CardPoints, DealScore, SeatScore, Variant, bank_holder, bonuses,
    card_points, deal_score, masthead_of, seat_score,
)
from .simulate import SimDeal, Simulated, deal_hands, play_deal, simulate_set  # noqa: E402
from .trick import Explanation, Step, explain, trick_winner  # noqa: E402
from .game import replay  # noqa: E402,F811  (importing the submodule .replay rebinds the name)


def explain_trick(state: GameState, deal: int | None = None, trick: int | None = None) -> Explanation:
    """The step-by-step why of a trick's winner (RM-LEAD, RM-FOLLOW, RM-WIN): trick ``trick``
    (1-based; default the last one played) of deal ``deal`` (1-based; default the deal in
    progress, or the last closed one)."""
    if deal is None:
        d = state.deal if state.deal is not None and state.deal.tricks else state.deals[-1]
    else:
        d = state.deal if state.deal is not None and state.deal.number == deal else state.deals[deal - 1]
    t = d.tricks[(trick or len(d.tricks)) - 1]
    return explain(state.players, t.leader, t.cards, d.trump, first_trick=t.number == 1)


__all__ = [name for name in dir() if not name.startswith("_")]
