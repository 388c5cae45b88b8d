"""The rules of «Кальмар» (a shedding game of the Uno family), pure Python: record format
``kalmar/1``.

No I/O, no UI, no clock, no global randomness. Rule IDs (KL-…, RUL-KL-…) refer to
shared/rules/kalmar.md and to the rulings of assets/rules/kalmar.json, and appear where each
rule lives:

* :mod:`.cards` — the cards (KL-COMP): colours, pictures, record ids; no card counts (the deck's
  composition is unknown and never assumed).
* :mod:`.checker` — «Можно ли сыграть эту карту?»: :func:`can_play` / :func:`check_card`
  (KL-PLAY, RUL-KL-SAME-SYMBOL, KL-FX-ORDER, RUL-KL-ORDER, KL-FX-DRAW2, KL-FX-DRAW4,
  RUL-KL-BLUE-COLOUR).
* :mod:`.game` — the live table: new game and first card (KL-SETUP-1, KL-SETUP-2,
  RUL-KL-FIRST-BLUE, KL-START), moves and effects (KL-DRAW, KL-FX-…, RUL-KL-PENDING,
  RUL-KL-TURN), «Кальмар!» (KL-CALL, RUL-KL-CALL-WINDOW), the end (KL-END, KL-END-SWAP,
  RUL-KL-OUT) and the sitting (RUL-KL-TALLY, RUL-KL-NEXT-DEALER).
* :mod:`.rules` — the one registry :class:`V`; :mod:`.messages` — Russian and English texts.
* :mod:`.record` / :mod:`.replay` — the record ``kalmar/1`` (docs/records/kalmar.md) and its
  replay report; :mod:`.simulate` — seeded random legal sittings from a MADE-UP deck.
"""
from . import messages as _messages

_messages.register()

from engine.core.errors import GameError, IllegalAction, RecordError, Violation  # noqa: E402
from engine.core.rules import Verdict  # noqa: E402
from engine.core.seating import Direction  # noqa: E402

from .cards import (  # noqa: E402
    BLUE_KINDS, CARD_IDS, COLOURED_ORGANIZERS, DIGITS, PUT_BACK_FIRST, Card, Colour, Kind, card_id, card_problem,
    card_text, digit, organizer, parse_card,
)
from .checker import can_play, check_card  # noqa: E402
from .game import (  # noqa: E402
    CALL_PENALTY, DRAWS, HAND, MAX_PLAYERS, MIN_PLAYERS, SILENCE_PENALTY, Action, BrokeSilence, Draw, DrawAndPass,
    GameResult, GameState, MissedCall, NewGame, NextGame, Options, Pass, Play, PlayerOut, apply, new_game, replay,
    tally, where,
)
from .record import (  # noqa: E402
    ACTS, FORMAT, LIMITS, GameRecord, Limits, RecordedGame, RecordedTurn, RecordOptions, action_to_turn,
    actions_to_record, parse_record, read_record, record_actions, record_to_json, turn_action, write_record,
)
from .replay import ReplayResult, replay_record  # noqa: E402
from .rules import V  # noqa: E402
from .simulate import MADE_UP_COPIES, Simulated, made_up_deck, simulate_game, simulate_sitting  # noqa: E402
from .game import replay  # noqa: E402,F811  (importing the submodule .replay rebinds the name)

__all__ = [name for name in dir() if not name.startswith("_")]

from .record import LOG, LOG_TYPES, NEXT_GAME, action_from_json, action_to_json  # noqa: E402

__all__ = [name for name in dir() if not name.startswith("_")]
