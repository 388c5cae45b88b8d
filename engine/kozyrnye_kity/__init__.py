"""The rules of «Козырные киты» (Stichwahl), pure Python.

No I/O (except the command line in ``__main__``), no UI, no clock, no global randomness.
Rule IDs (R-…, RUL-…) refer to shared/rules/kozyrnye-kity.md and appear where each rule lives:
components in :mod:`.cards`, the trick winner in :mod:`.trick`, everything that happens at the
table in :mod:`.game`, the registry of violations and refusals in :mod:`.rules`, the game
record ``kozyrnye-kity/1`` in :mod:`.record`, its replay report in :mod:`.replay`.
"""
from . import i18n  # noqa: F401 — registers this game's words
from .cards import (
    FAMILIES, FAMILY_CARDS, FIVE, KNOWN_FACTS, Bonus, BonusKind, Card, CardFacts, DeckProfile, Family, Token,
    deck_for, parse_card,
)
from .errors import IllegalAction, GameError, MissingFact, RecordError, Violation
from .game import (
    Action, ChooseLeader, ChooseReward, GameState, Phase, PlayCard, RewardOption, RoundState, RoundSummary,
    StartRound, TallyRound, TrickResult, UseBonus, apply, current_explanation, end_of_game, explain_trick,
    leader_chooser, new_game, phase, replay, reward_options, round_points, suggested_leader, to_act, totals,
    trick_winner, unseen_cards, usable_bonuses,
)
from .record import FORMAT, LOG, GameRecord, actions_to_record, parse_record, read_record, record_actions, record_to_json, write_record
from .replay import ReplayResult, replay_record
from .setup import deal, draw_trump, trump_from_draw
from .trick import Explanation, decide, explain

from .game import replay  # noqa: E402,F811 — the function, not the submodule of the same name

__all__ = [name for name in dir() if not name.startswith("_")]
