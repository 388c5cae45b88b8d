"""«Королевское наказание»: one action as JSON for the app's log (engine/royal_mastheads/actions.py)
— every action type round-trips, a simulated set replays the same from its JSON log, and
malformed input raises RecordError with the path of the problem."""
from __future__ import annotations

import json
import random

import pytest

from engine import royal_mastheads as rm
from engine.core.errors import RecordError
from engine.royal_mastheads import action_from_json, action_to_json

P = ("Аня", "Боря", "Вика", "Гоша")
C = rm.parse_card


@pytest.mark.parametrize("action,expected", [
    (rm.StartDeal(C("hearts-Q")), {"type": "deal", "turned": "hearts-Q"}),
    (rm.Play(C("spades-10")), {"type": "play", "card": "spades-10"}),
    (rm.Play(C("spades-10"), 2), {"type": "play", "card": "spades-10", "player": "Вика"}),
    (rm.PlayTrick((C("clubs-A"), C("clubs-2"))), {"type": "trick", "cards": ["clubs-A", "clubs-2"]}),
    (rm.Bank(((C("hearts-8"), C("hearts-9")), (C("hearts-10"), C("hearts-J")), (C("hearts-Q"), C("hearts-K")),
              (C("diamonds-K"), C("clubs-K")))),
     {"type": "bank", "bank": {"Аня": ["hearts-8", "hearts-9"], "Боря": ["hearts-10", "hearts-J"],
                               "Вика": ["hearts-Q", "hearts-K"], "Гоша": ["diamonds-K", "clubs-K"]}}),
    # RM-BANK: the bank as the cards nobody played (what the app enters by itself), or its 8 cards
    (rm.Bank(), {"type": "bank"}),
    (rm.Bank(tuple(C(f"hearts-{r}") for r in ("8", "9", "10", "J", "Q", "K")) + (C("diamonds-K"), C("clubs-K"))),
     {"type": "bank", "bank": ["hearts-8", "hearts-9", "hearts-10", "hearts-J", "hearts-Q", "hearts-K",
                               "diamonds-K", "clubs-K"]}),
    (rm.TakenCards(((C("spades-A"),), (), (), ()), (C("clubs-K"),)),
     {"type": "taken", "taken": {"Аня": ["spades-A"], "Боря": [], "Вика": [], "Гоша": []}, "bank": ["clubs-K"]}),
    (rm.TakenCards(((), (), (), ()), (), None),
     {"type": "taken", "taken": {"Аня": [], "Боря": [], "Вика": [], "Гоша": []}, "bank": [], "bank_holder": None}),
    (rm.TakenCards(((), (), (), ()), (), 1),
     {"type": "taken", "taken": {"Аня": [], "Боря": [], "Вика": [], "Гоша": []}, "bank": [], "bank_holder": "Боря"}),
    (rm.PlayAnotherDeal(), {"type": "another-deal"}),
    (rm.AcceptSharedWin(), {"type": "shared-win"}),
])
def test_each_action_type_round_trips(action, expected):
    d = action_to_json(action, P)
    assert d == expected
    assert json.loads(json.dumps(d)) == d
    back = action_from_json(d, P)
    assert action_to_json(back, P) == expected


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_simulated_set_replays_the_same_from_its_json_log(seed):
    sm = rm.simulate_set(random.Random(seed), P, taken_rate=0.4)
    log = [json.loads(json.dumps(action_to_json(a, P))) for a in sm.actions]
    state = sm.start
    for d in log:
        state = rm.apply(state, action_from_json(d, P))
    assert state.totals == sm.final.totals and state.winner == sm.final.winner and len(state.deals) == len(sm.final.deals)


@pytest.mark.parametrize("value,path", [
    ("deal", "action"),
    ({}, "action"),
    ({"type": "shuffle"}, "action.type"),
    ({"type": 5}, "action.type"),
    ({"type": "deal"}, "action"),
    ({"type": "deal", "turned": "hearts-1"}, "action.turned"),
    ({"type": "play", "card": "spades-X"}, "action.card"),
    ({"type": "play", "card": "spades-2", "player": "Дима"}, "action.player"),
    ({"type": "trick", "cards": []}, "action.cards"),
    ({"type": "trick", "cards": ["spades-2", 7]}, "action.cards[1]"),
    ({"type": "bank", "bank": {"Аня": ["hearts-8", "hearts-9"]}}, "action.bank"),
    ({"type": "bank", "bank": []}, "action.bank"),
    ({"type": "bank", "bank": ["hearts-8", "hearts-9"]}, "action.bank"),  # RM-BANK: 8 cards
    ({"type": "bank", "bank": ["hearts-8"] * 7 + ["moon"]}, "action.bank[7]"),
    ({"type": "taken", "taken": {"Аня": [], "Боря": [], "Вика": [], "Гоша": []}}, "action"),
    ({"type": "taken", "taken": {"Аня": [], "Боря": [], "Вика": [], "Гоша": ["x"]}, "bank": []}, 'action.taken."Гоша"[0]'),
    ({"type": "taken", "taken": {"Аня": [], "Боря": [], "Вика": [], "Гоша": []}, "bank": [], "bank_holder": "Я"},
     "action.bank_holder"),
])
def test_malformed_input_raises_record_error_with_a_path(value, path):
    with pytest.raises(RecordError) as e:
        action_from_json(value, P)
    assert e.value.path == path
    assert e.value.text("ru") and e.value.text("en")
