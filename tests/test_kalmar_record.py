"""The record ``kalmar/1`` (docs/records/kalmar.md): reading, writing, refusals with a path, and
the replay report. Expected values are computed by hand in this file."""
import copy
import json

import pytest

from engine import kalmar as kl
from engine.core import games
from engine.core.errors import RecordError

EXAMPLE = {
    "format": "kalmar/1",
    "players": ["Аня", "Боря", "Вика"],
    "options": {"same_symbol": True},
    "started": "2024-05-01T19:00:00+03:00",
    "games": [
        {
            "dealer": "Вика",
            "first_card": "green-5",
            "turns": [
                {"act": "play", "player": "Аня", "card": "green-reverse"},        # → Вика, counterclockwise
                {"act": "play", "player": "Вика", "card": "draw4", "colour": "yellow"},  # Боря takes 4
                {"act": "draw", "player": "Боря"},                                  # 12 cards, → Аня
                {"act": "play", "player": "Аня", "card": "yellow-skip"},           # Вика skipped → Боря
                {"act": "play", "player": "Боря", "card": "green-skip"},           # house rule; Аня skipped
                {"act": "play", "player": "Вика", "card": "order", "order": "green-1"},
                {"act": "draw", "player": "Боря", "count": 2},
                {"act": "play", "player": "Боря", "card": "green-1"},
                {"act": "play", "player": "Аня", "card": "silence", "comment": "kept"},
                {"act": "broke-silence", "player": "Боря"},
                {"act": "play", "player": "Вика", "card": "swap", "with": "Боря"},
                {"act": "draw-pass", "player": "Боря"},
                {"act": "out", "player": "Аня"},
            ],
            "winner": "informational",
        },
        {"dealer": "Аня", "first_card": "choose", "colour": "crimson", "turns": []},
    ],
    "tally": {"Аня": 99},
}


def text_of(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_read_replay_example_hand_computed():
    r = kl.replay_record(kl.read_record(text_of(EXAMPLE)))
    assert r.valid, r.text("en")
    st = r.state
    # game 1: counts — Аня 8-1-1-1 = 5 → out; Боря 8+4-1+2-1+4 = 16, swapped with Вика's 8-1-1-1 = 5 → Боря 5,
    # Вика 16; Боря draw-pass → 6
    g1 = r.games[0]
    assert (g1.number, st.players[g1.dealer], st.players[g1.winner], g1.turns) == (1, "Вика", "Аня", 10)
    assert r.tally == {"Аня": 1, "Боря": 0, "Вика": 0}
    # game 2 in progress: dealt by Аня, «Выбери цвет» with crimson, Боря to move
    assert not r.finished and r.winner is None
    live = r.to_json("en")["live"]
    assert live == {"game": 2, "turn": "Боря", "next": "Вика", "direction": "clockwise", "top": "choose",
                    "colour": "crimson", "pending_draw": 0, "order": None, "silence_until": None, "call_due": None,
                    "counts": {"Аня": 8, "Боря": 8, "Вика": 8}}


def test_counts_through_the_example_game():
    rec = kl.read_record(text_of(EXAMPLE))
    state = None
    for path, a in kl.record_actions(rec)[:14]:
        state = kl.apply(state, a)
    assert state.winner == 0 and state.counts == (0, 6, 16)


def test_write_what_was_read_gives_the_same_json():
    rec = kl.read_record(text_of(EXAMPLE))
    assert json.loads(kl.write_record(rec)) == EXAMPLE
    assert kl.read_record(kl.write_record(rec)) == rec
    assert kl.write_record(rec).endswith("}\n")


def test_actions_to_record_round_trip():
    rec = kl.read_record(text_of(EXAMPLE))
    actions = [a for _, a in kl.record_actions(rec)]
    again = kl.actions_to_record(actions, {"started": EXAMPLE["started"]})
    value = kl.record_to_json(again)
    expected = copy.deepcopy(EXAMPLE)
    del expected["tally"], expected["games"][0]["winner"], expected["games"][0]["turns"][8]["comment"]
    assert value == expected


def test_options_saved_only_when_on():
    a = [kl.NewGame(("Аня", "Боря"), "Аня", kl.parse_card("green-1"))]
    assert "options" not in kl.record_to_json(kl.actions_to_record(a))
    b = [kl.NewGame(("Аня", "Боря"), "Аня", kl.parse_card("green-1"), options=kl.Options(same_symbol=True))]
    assert kl.record_to_json(kl.actions_to_record(b))["options"] == {"same_symbol": True}


def test_same_symbol_off_makes_a_violation():
    value = copy.deepcopy(EXAMPLE)
    del value["options"]
    r = kl.replay_record(kl.read_record(text_of(value)))
    assert [(v.code, v.rule, v.round, v.trick, v.player) for v in r.violations] == [
        ("same-symbol-off", "RUL-KL-SAME-SYMBOL", 1, 5, "Боря")]
    assert not r.valid


def test_report_text_and_json():
    r = kl.replay_record(kl.read_record(text_of(EXAMPLE)))
    ru, en = r.text("ru"), r.text("en")
    assert "Игра 1: сдаёт Вика, первая карта — зелёная 5; 10 ходов; победитель — Аня." in ru
    assert "Счёт встречи (RUL-KL-TALLY): Аня — 1 победа, Боря — 0 побед, Вика — 0 побед." in ru
    assert "Ходит Боря" in ru and "Нарушений нет." in ru
    assert "Game 1: dealt by Вика, first card green 5; 10 turns; winner: Аня." in en
    j = r.to_json("ru")
    assert j["valid"] and not j["finished"] and j["winner"] is None and j["tally"] == {"Аня": 1, "Боря": 0, "Вика": 0}
    assert j["games"][0] == {"number": 1, "dealer": "Вика", "first_card": "green-5", "winner": "Аня",
                             "by_swap": False, "turns": 10}
    json.dumps(j)


def test_report_lists_violations_with_rule_ids():
    value = {"format": "kalmar/1", "players": ["Аня", "Боря"], "games": [
        {"dealer": "Боря", "first_card": "green-5", "turns": [
            {"act": "play", "player": "Боря", "card": "green-1"},    # out of turn
            {"act": "pass", "player": "Аня"},                        # pass without drawing
        ]}]}
    r = kl.replay_record(kl.read_record(text_of(value)))
    assert [(v.code, v.rule, v.trick) for v in r.violations] == [("out-of-turn", "KL-START", 1),
                                                                  ("pass-without-draw", "KL-DRAW", 2)]
    text = r.text("ru")
    assert "Найдено нарушений: 2." in text and "- [KL-START] out-of-turn, игра 1, запись 1, Боря:" in text
    assert r.to_json("en")["violations"][1]["message"].endswith("(KL-DRAW)")


def test_dispatch_by_format():
    pkg, rec = games.read_any(text_of(EXAMPLE).encode())
    assert pkg is kl and rec == kl.read_record(text_of(EXAMPLE))


def bad(path_value, mutate):
    value = copy.deepcopy(EXAMPLE)
    mutate(value)
    with pytest.raises(RecordError) as e:
        kl.replay_record(kl.read_record(text_of(value)))
    assert e.value.path == path_value, e.value.text("en")
    return e.value


@pytest.mark.parametrize("path, mutate", [
    ("format", lambda v: v.update(format="kalmar/2")),
    ("players", lambda v: v.update(players=["Аня"])),
    ("players", lambda v: v.update(players=[f"И{i}" for i in range(11)])),
    ("players[0]", lambda v: v.update(players=["А" * 41, "Боря", "Вика"])),
    ("players[1]", lambda v: v.update(players=["Аня", "Бо\nря", "Вика"])),
    ("started", lambda v: v.update(started=20240501)),
    ("options.same_symbol", lambda v: v["options"].update(same_symbol="yes")),
    ("games", lambda v: v.update(games=[])),
    ("games", lambda v: v.update(games=v["games"] * 101)),
    ("games[0].dealer", lambda v: v["games"][0].update(dealer="Женя")),
    ("games[0].first_card", lambda v: v["games"][0].update(first_card="green-10")),
    ("games[0]", lambda v: v["games"][0].update(first_card="swap")),          # RUL-KL-FIRST-BLUE
    ("games[1]", lambda v: v["games"][1].pop("colour")),                      # RUL-KL-FIRST-BLUE
    ("games[0].colour", lambda v: v["games"][0].update(colour="blue")),
    ("games[0].turns", lambda v: v["games"][0].update(turns={})),
    ("games[0].turns", lambda v: v["games"][0].update(turns=[{"act": "pass", "player": "Аня"}] * 2001)),
    ("games[0].turns[0].act", lambda v: v["games"][0]["turns"][0].update(act="jump")),
    ("games[0].turns[0].player", lambda v: v["games"][0]["turns"][0].update(player="Женя")),
    ("games[0].turns[0]", lambda v: v["games"][0]["turns"][0].pop("player")),
    ("games[0].turns[0].card", lambda v: v["games"][0]["turns"][0].update(card="green-skip2")),
    ("games[0].turns[1]", lambda v: v["games"][0]["turns"][1].pop("colour")),   # KL-FX-COLOUR
    ("games[0].turns[5]", lambda v: v["games"][0]["turns"][5].pop("order")),    # RUL-KL-ORDER
    ("games[0].turns[10]", lambda v: v["games"][0]["turns"][10].pop("with")),   # KL-FX-SWAP
    ("games[0].turns[10].with", lambda v: v["games"][0]["turns"][10].update(**{"with": "Женя"})),
    ("games[0].turns[6].count", lambda v: v["games"][0]["turns"][6].update(count=0)),
    ("games[0].turns[6].count", lambda v: v["games"][0]["turns"][6].update(count=2.0)),
    ("games[0].turns[6].card", lambda v: v["games"][0]["turns"][6].update(card="green-1")),
    ("games[0].turns[2].colour", lambda v: v["games"][0]["turns"][2].update(colour="green")),
])
def test_refused_unread_with_a_path(path, mutate):
    bad(path, mutate)


def test_refused_messages_in_both_languages():
    e = bad("games[0].turns[0].card", lambda v: v["games"][0]["turns"][0].update(card="green-skip2"))
    assert "games[0].turns[0].card" in e.text("ru") and "green-skip2" in e.text("en")
    e = bad("games[0]", lambda v: v["games"][0].update(first_card="swap"))
    assert "(RUL-KL-FIRST-BLUE)" in e.text("ru")


def test_not_json_too_big_and_surrogates():
    for text in ("{", "[1]", '{"format": "kalmar/1", "players": ["\\ud800", "Б"], "games": []}'):
        with pytest.raises(RecordError):
            kl.read_record(text)
    with pytest.raises(RecordError) as e:
        kl.read_record(b" " * (4 * 1024 * 1024 + 1))
    assert e.value.detail_key == "r.too-big"
