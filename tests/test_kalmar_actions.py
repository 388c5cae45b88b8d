"""The app's action log of «Кальмар»: action_to_json / action_from_json (the record's entry form
with a "type"), round trips, and malformed entries refused with the path of the problem."""
from __future__ import annotations

import pytest

import engine.kalmar as kl
from engine.kalmar import (
    BrokeSilence, Colour, Draw, DrawAndPass, MissedCall, NextGame, Pass, Play, PlayerOut, RecordError,
    action_from_json, action_to_json, digit, organizer, simulate_sitting,
)

P = ("Аня", "Боря", "Вика")

CASES = [
    (Play("Аня", digit("green", 7)), {"type": "play", "player": "Аня", "card": "green-7"}),
    (Play("Боря", organizer("draw4"), Colour.YELLOW), {"type": "play", "player": "Боря", "card": "draw4",
                                                       "colour": "yellow"}),
    (Play("Вика", organizer("swap"), swap_with="Аня"), {"type": "play", "player": "Вика", "card": "swap",
                                                        "with": "Аня"}),
    (Play("Аня", organizer("order"), order=organizer("skip", "crimson")),
     {"type": "play", "player": "Аня", "card": "order", "order": "crimson-skip"}),
    (Draw("Боря"), {"type": "draw", "player": "Боря"}),
    (Draw("Боря", 4), {"type": "draw", "player": "Боря", "count": 4}),
    (Pass("Вика"), {"type": "pass", "player": "Вика"}),
    (DrawAndPass("Аня"), {"type": "draw-pass", "player": "Аня"}),
    (MissedCall("Боря"), {"type": "missed-call", "player": "Боря"}),
    (BrokeSilence("Вика"), {"type": "broke-silence", "player": "Вика"}),
    (PlayerOut("Аня"), {"type": "out", "player": "Аня"}),
    (NextGame(digit("light-blue", 0)), {"type": "next-game", "first_card": "light-blue-0"}),
    (NextGame(organizer("choose"), Colour.GREEN, "Вика"),
     {"type": "next-game", "first_card": "choose", "colour": "green", "dealer": "Вика"}),
]


@pytest.mark.parametrize("action, expected", CASES)
def test_round_trip(action, expected):
    assert action_to_json(action, P) == expected
    assert action_from_json(expected, P) == action


def test_seats_are_written_as_names():
    assert action_to_json(Play(2, organizer("swap"), swap_with=0), P) == {
        "type": "play", "player": "Вика", "card": "swap", "with": "Аня"}
    assert action_to_json(NextGame(digit("green", 1), dealer=1), P)["dealer"] == "Боря"


def test_new_game_is_the_meta_not_an_entry():
    with pytest.raises(TypeError):
        action_to_json(kl.NewGame(P, 0, digit("green", 1)), P)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_simulated_sittings_survive_the_log_form(seed):
    import random

    sim = simulate_sitting(random.Random(seed), list(P), games=2, same_symbol=seed == 2)
    entries = [a for a in sim.actions if not isinstance(a, kl.NewGame)]
    assert entries
    for a in entries:
        j = action_to_json(a, P)
        assert action_to_json(action_from_json(j, P), P) == j


@pytest.mark.parametrize("bad, path", [
    (1, "action"),
    ([], "action"),
    ({}, "action"),
    ({"type": 3}, "action.type"),
    ({"type": "jump", "player": "Аня"}, "action.type"),
    ({"type": "play", "player": "Гоша", "card": "green-1"}, "action.player"),
    ({"type": "play", "player": "Аня"}, "action"),
    ({"type": "play", "player": "Аня", "card": "blue-1"}, "action.card"),
    ({"type": "play", "player": "Аня", "card": "draw4", "colour": "blue"}, "action.colour"),
    ({"type": "play", "player": "Аня", "card": "swap", "with": "Гоша"}, "action.with"),
    ({"type": "play", "player": "Аня", "card": "order", "order": "green-11"}, "action.order"),
    ({"type": "draw", "player": "Аня", "count": 0}, "action.count"),
    ({"type": "draw", "player": "Аня", "count": "2"}, "action.count"),
    ({"type": "pass", "player": "Аня", "card": "green-1"}, "action.card"),
    ({"type": "out"}, "action"),
    ({"type": "next-game"}, "action"),
    ({"type": "next-game", "first_card": "green-1", "player": "Аня"}, "action.player"),
    ({"type": "next-game", "first_card": "green-1", "dealer": "Гоша"}, "action.dealer"),
])
def test_malformed_entries_raise_record_error_with_the_path(bad, path):
    with pytest.raises(RecordError) as e:
        action_from_json(bad, P)
    assert e.value.path == path
    assert e.value.text("ru") and e.value.text("en")


def test_custom_path():
    with pytest.raises(RecordError) as e:
        action_from_json({"type": "play", "player": "Аня", "card": "x"}, P, path="log[3]")
    assert e.value.path == "log[3].card"
