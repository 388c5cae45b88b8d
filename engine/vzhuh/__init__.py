"""The rules of «Вжух!» (Cosmodrome Games, 2018), pure Python: record format ``vzhuh/1``.

No I/O, no UI, no clock, no global randomness. Rule IDs (VZ-…, RUL-VZ-…) refer to
shared/rules/vzhuh.md and appear where each rule lives:

* :mod:`.deck` — the components: numbers and counts (VZ-COMP), jokers (RUL-VZ-JOKERS,
  VZ-J-PENALTY), player count (RUL-VZ-PLAYERS), hand size (VZ-SETUP-1, VZ-DRAW), which typed
  penalties the deck can make and the largest party sum (VZ-CHECK).
* :mod:`.game` — the score pad: new game and first player (VZ-SETUP-4), a party's checks
  (VZ-CHECK, VZ-COMP, RUL-VZ-JOKERS), scoring (VZ-SCORE), the next starter (VZ-NEXT,
  RUL-VZ-NEXT-TIE), the end and ties (VZ-GAME, VZ-TIE, RUL-VZ-TIE); the penalty object that
  the log and the record both write.
* :mod:`.checker` — the move checker for disputes (VZ-RESP, VZ-TRANSFER, VZ-BEAT, VZ-JOKER,
  VZ-J-VOILA, VZ-J-VZHUH, VZ-J-KRABLI, VZ-J-LAST, RUL-VZ-STACK).
* :mod:`.rules` — the one registry :class:`V` of every violation, refusal and verdict;
  :mod:`.messages` — their Russian and English texts.
* :mod:`.record` / :mod:`.replay` — the record ``vzhuh/1`` (docs/records/vzhuh.md) and its
  replay report; :mod:`.simulate` — seeded random legal games.
"""
from . import messages as _messages

_messages.register()

from engine.core.errors import GameError, IllegalAction, RecordError, Violation  # noqa: E402
from engine.core.rules import Verdict  # noqa: E402

from .checker import Attack, Beat, Joker, Response, Transfer, check, check_attack, krabli_split  # noqa: E402
from .deck import (  # noqa: E402
    DECK_COUNTS, DECK_SIZE, HAND_SIZE, JOKER_PENALTY, JOKERS, JOKERS_PER_KIND, MAX_PARTY_SUM, MAX_PLAYERS, MIN_PLAYERS,
    NUMBER_CARDS, NUMBER_POINTS, NUMBERS, REACHABLE, JokerKind, card_points, full_deck, reachable, reachable_with,
)
from .game import (  # noqa: E402
    END_RULE, PARTIES, Action, Cards, GameState, NewGame, Party, Penalty, Points, RecordParty, Standing, apply,
    is_over, new_game, next_starter, party_points, penalty_points, replay, standings, starter_after, tied, totals,
    where, winner,
)
from .record import (  # noqa: E402
    FORMAT, LIMITS, LOG, GameRecord, Limits, RecordedParty, RecordPenalty, action_from_json, action_to_json, actions_to_record,
    parse_record, penalty_to_record, read_record, record_actions, record_to_json, write_record,
)
from .replay import ReplayResult, replay_record  # noqa: E402
from .rules import V  # noqa: E402
from .simulate import Simulated, deal_penalties, simulate_game  # noqa: E402
from .game import replay  # noqa: E402,F811  (importing the submodule .replay rebinds the name)

__all__ = [name for name in dir() if not name.startswith("_")]
