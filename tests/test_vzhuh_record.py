"""The record ``vzhuh/1`` (docs/records/vzhuh.md): reading, writing, refusals with a path, and
the replay report. Expected values are computed by hand in this file."""
import copy
import json

import pytest

from engine import vzhuh as vz
from engine.core import games
from engine.core.errors import RecordError

EXAMPLE = {
    "format": "vzhuh/1",
    "players": ["Аня", "Боря", "Вика"],
    "first": "Боря",
    "started": "2024-05-01T19:00:00+03:00",
    "parties": [
        {"penalties": {"Аня": {"cards": {"3": 2, "10": 1}, "jokers": 1},   # 6 + 10 + 60 = 76
                       "Боря": {"points": 36},
                       "Вика": {"cards": {"30": 1}}}},                     # 30
        {"penalties": {"Аня": {"points": 0},
                       "Боря": {"jokers": 2},                              # 120
                       "Вика": {"cards": {"5": 3, "20": 1}, "jokers": 0}}},  # 15 + 20 = 35
        {"penalties": {"Аня": {"points": 12}, "Боря": {"points": 3}, "Вика": {"points": 40}},
         "comment": "kept"},
    ],
    "totals": {"Аня": 1, "Боря": 2, "Вика": 3},  # informational, ignored (and wrong on purpose)
}


def text_of(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_read_replay_example_hand_computed():
    r = vz.replay_record(vz.read_record(text_of(EXAMPLE)))
    assert r.valid and r.finished
    # party 1: 76/36/30 → Аня starts party 2 (VZ-NEXT); party 2: 0/120/35 → Боря starts party 3
    assert [p.points for p in r.state.parties] == [(76, 36, 30), (0, 120, 35), (12, 3, 40)]
    assert [r.state.players[p.starter] for p in r.state.parties] == ["Боря", "Аня", "Боря"]
    assert r.totals == {"Аня": 88, "Боря": 159, "Вика": 105}
    assert r.winner == "Аня"
    j = r.to_json("en")
    assert j["winner"] == "Аня" and j["totals"] == {"Аня": 88, "Боря": 159, "Вика": 105}
    assert [s["player"] for s in j["standings"]] == ["Аня", "Вика", "Боря"]
    assert j["parties"][1] == {"number": 2, "extra": False, "starter": "Аня", "points": {"Аня": 0, "Боря": 120, "Вика": 35}}
    assert j["violations"] == [] and j["next_starter"] is None


def test_report_text_ru_en():
    r = vz.replay_record(vz.parse_record(EXAMPLE))
    ru, en = r.text("ru"), r.text("en")
    assert "Победитель: Аня — меньше всех штрафных очков (88 очков) после 3 партий (VZ-GAME)." in ru
    assert "Winner: Аня — the lowest penalty (88 points) after 3 parties (VZ-GAME)." in en
    assert "Нарушений нет." in ru and "No violations." in en
    lines = ru.splitlines()
    assert lines[2].split() == ["Партия", "Аня", "Боря", "Вика", "Начинает"]
    assert lines[4].split() == ["1", "76", "36*", "30", "Боря"]  # a typed penalty is marked *
    assert lines[8].split() == ["Итого", "88", "159", "105"]
    assert lines[9].split() == ["Место", "1", "3", "2"]
    assert en.splitlines()[8].split() == ["Total", "88", "159", "105"]


def test_round_trip_identity_keeps_unknown_keys():
    rec = vz.parse_record(copy.deepcopy(EXAMPLE))
    assert vz.record_to_json(rec) == EXAMPLE
    assert json.loads(vz.write_record(rec)) == EXAMPLE
    assert vz.write_record(rec).endswith("}\n")
    assert rec.extra["totals"] == {"Аня": 1, "Боря": 2, "Вика": 3}  # kept, not checked


def test_unknown_keys_at_every_level_round_trip():
    v = copy.deepcopy(EXAMPLE)
    v["app"] = {"x": [1, 2]}
    v["parties"][0]["duration"] = 300
    v["parties"][0]["penalties"]["Боря"]["note"] = "с руки"
    v["parties"][1]["penalties"]["Вика"]["photo"] = None
    assert vz.record_to_json(vz.parse_record(copy.deepcopy(v))) == v


def test_games_registry_dispatch():
    pkg, rec = games.read_any(text_of(EXAMPLE).encode("utf-8"))
    assert pkg is vz and rec.first == "Боря" and pkg.FORMAT == "vzhuh/1"
    assert games.record_format(text_of(EXAMPLE)) == "vzhuh/1"


def test_record_actions_and_back():
    rec = vz.parse_record(EXAMPLE)
    start, actions = vz.record_actions(rec)
    assert start.first == 1 and [p for p, _ in actions] == ["parties[0]", "parties[1]", "parties[2]"]
    assert actions[0][1].penalties == (vz.Cards({3: 2, 10: 1}, 1), vz.Points(36), vz.Cards({30: 1}, 0))
    back = vz.actions_to_record(start, [a for _, a in actions], {"note": "n"})
    j = vz.record_to_json(back)
    assert j["first"] == "Боря" and j["note"] == "n"
    assert j["parties"][0]["penalties"]["Вика"] == {"cards": {"30": 1}, "jokers": 0}
    assert j["parties"][1]["penalties"]["Боря"] == {"cards": {}, "jokers": 2}
    assert vz.replay_record(vz.parse_record(j)).totals == {"Аня": 88, "Боря": 159, "Вика": 105}


def mutate(fn):
    v = copy.deepcopy(EXAMPLE)
    fn(v)
    return v


def _set(path, value):
    def fn(v):
        obj = v
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    return fn


def _del(path):
    def fn(v):
        obj = v
        for k in path[:-1]:
            obj = obj[k]
        del obj[path[-1]]
    return fn


P0 = ["parties", 0, "penalties"]
REFUSED = [
    # (mutation, path, detail key)
    (_set(["format"], "kozyrnye-kity/1"), "format", "r.format"),
    (_del(["format"]), "", "r.missing"),
    (_set(["players"], ["Аня"]), "players", "r.players"),
    (_set(["players"], [f"P{i}" for i in range(9)]), "players", "r.players"),
    (_set(["players"], ["Аня", "Аня", "Вика"]), "players", "r.players"),
    (_set(["players", 2], "В" * 41), "players[2]", "r.name-long"),
    (_set(["players", 2], "Ви\x1bка"), "players[2]", "r.name-chars"),
    (_set(["players", 2], 5), "players[2]", "r.type"),
    (_del(["first"]), "", "r.missing"),
    (_set(["first"], "Гоша"), "first", "r.player"),
    (_set(["first"], 0), "first", "r.type"),
    (_set(["started"], 20240501), "started", "r.type"),
    (_set(["parties"], {}), "parties", "r.type"),
    (_set(["parties", 1], []), "parties[1]", "r.type"),
    (_del(["parties", 1, "penalties"]), "parties[1]", "r.missing"),
    (_del(P0 + ["Вика"]), "parties[0].penalties", "vz.r.per-player"),
    (_set(P0 + ["Гоша"], {"points": 0}), 'parties[0].penalties."Гоша"', "r.player"),
    (_set(P0 + ["Боря"], 36), 'parties[0].penalties."Боря"', "r.type"),
    (_set(P0 + ["Боря"], {}), 'parties[0].penalties."Боря"', "vz.r.penalty-none"),
    (_set(P0 + ["Боря"], {"points": 36, "jokers": 0}), 'parties[0].penalties."Боря"', "vz.r.penalty-both"),
    (_set(P0 + ["Боря", "points"], -1), 'parties[0].penalties."Боря".points', "r.value"),
    (_set(P0 + ["Боря", "points"], 36.0), 'parties[0].penalties."Боря".points', "r.type"),
    (_set(P0 + ["Боря", "points"], True), 'parties[0].penalties."Боря".points', "r.type"),
    (_set(P0 + ["Боря", "points"], "36"), 'parties[0].penalties."Боря".points', "r.type"),
    (_set(P0 + ["Аня", "cards", "7"], 1), 'parties[0].penalties."Аня".cards.7', "vz.r.number"),
    (_set(P0 + ["Аня", "cards", "03"], 1), 'parties[0].penalties."Аня".cards.03', "vz.r.number"),
    (_set(P0 + ["Аня", "cards", "3"], -2), 'parties[0].penalties."Аня".cards.3', "r.value"),
    (_set(P0 + ["Аня", "cards", "3"], None), 'parties[0].penalties."Аня".cards.3', "r.type"),
    (_set(P0 + ["Аня", "cards"], [3, 3]), 'parties[0].penalties."Аня".cards', "r.type"),
    (_set(P0 + ["Аня", "jokers"], "1"), 'parties[0].penalties."Аня".jokers', "r.type"),
    (_set(P0 + ["Аня", "jokers"], -1), 'parties[0].penalties."Аня".jokers', "r.value"),
    (_set(["parties"], [{"penalties": {"Аня": {"points": 0}, "Боря": {"points": 0}, "Вика": {"points": 0}}}] * 101),
     "parties", "r.too-many"),
]


@pytest.mark.parametrize("fn, path, key", REFUSED)
def test_refused_unread_with_path(fn, path, key):
    with pytest.raises(RecordError) as e:
        vz.read_record(text_of(mutate(fn)))
    assert (e.value.path, e.value.detail_key) == (path, key)
    assert e.value.text("ru") and e.value.text("en")


def test_refused_not_json_too_big_not_object():
    for text, key in [("{", "r.json"), ("[]", "r.type"), ('{"format": NaN}', "r.json"), (b"\xff\xfe{", "r.read")]:
        with pytest.raises(RecordError) as e:
            vz.read_record(text)
        assert e.value.detail_key == key
    big = mutate(_set(["pad"], "x" * (4 * 1024 * 1024)))
    with pytest.raises(RecordError) as e:
        vz.read_record(text_of(big))
    assert e.value.detail_key == "r.too-big"
    assert vz.read_record(text_of(big), limits=None).extra["pad"][:3] == "xxx"


def test_hundred_parties_accepted():
    party = {"penalties": {"Аня": {"points": 0}, "Боря": {"points": 0}, "Вика": {"points": 0}}}
    rec = vz.read_record(text_of(mutate(_set(["parties"], [party] * 100))))
    r = vz.replay_record(rec)
    assert len(rec.parties) == 100 and not r.finished and r.tied == ("Аня", "Боря", "Вика")


def test_message_of_unknown_number_names_the_deck():
    with pytest.raises(RecordError) as e:
        vz.read_record(text_of(mutate(_set(P0 + ["Аня", "cards", "7"], 1))))
    assert e.value.text("ru") == ("запись игры, parties[0].penalties.\"Аня\".cards.7: \"7\" — такого числа в колоде нет, "
                                  "есть 3, 4, 5, 6, 10, 12, 15, 20, 30")


# --- replay with violations (VZ-CHECK, VZ-COMP, RUL-VZ-JOKERS, VZ-GAME) -------------------------------
def test_replay_violations_VZ_COMP_VZ_CHECK():
    v = mutate(_set(P0 + ["Вика"], {"cards": {"30": 3}}))       # 3 cards of 30 in party 1: the deck has 2
    v["parties"][2]["penalties"]["Боря"] = {"points": 2}         # unreachable
    r = vz.replay_record(vz.parse_record(v))
    assert not r.valid and r.finished
    assert [(x.code, x.rule, x.round, x.player) for x in r.violations] == [
        ("too-many-cards", "VZ-COMP", 1, None), ("unreachable-points", "VZ-CHECK", 3, "Боря")]
    assert r.totals == {"Аня": 88, "Боря": 158, "Вика": 165}  # scored as entered: 36+120+2, 90+35+40
    text = r.text("ru")
    assert "Найдено нарушений: 2." in text and "- [VZ-COMP] too-many-cards, партия 1:" in text
    assert "- [VZ-CHECK] unreachable-points, партия 3, Боря:" in text
    j = r.to_json("en")
    assert j["valid"] is False and j["violations"][1] == {
        "code": "unreachable-points", "rule": "VZ-CHECK", "round": 3, "trick": None, "player": "Боря",
        "message": j["violations"][1]["message"]}
    assert "(VZ-CHECK)" in j["violations"][1]["message"]


def test_replay_play_after_end_VZ_GAME():
    v = mutate(lambda x: x["parties"].append(copy.deepcopy(x["parties"][2])))
    r = vz.replay_record(vz.parse_record(v))
    assert [(x.code, x.rule, x.round) for x in r.violations] == [("play-after-end", "VZ-GAME", 4)]
    assert r.winner == "Аня" and r.state.ended_after == 3


def test_replay_unfinished_and_tie_reports():
    two = mutate(lambda x: x["parties"].pop())
    r = vz.replay_record(vz.parse_record(two))
    assert not r.finished and r.winner is None and r.next_starter == "Боря"
    assert "Игра не окончена: сыграно партий — 2 из 3 (VZ-GAME)." in r.text("ru")
    assert "The next party is started by Боря (VZ-NEXT)." in r.text("en")
    tie = mutate(_set(["parties", 2, "penalties", "Вика", "points"], 23))  # Аня 76+0+12 = 88, Вика 30+35+23 = 88
    r = vz.replay_record(vz.parse_record(tie))
    assert r.tied == ("Аня", "Вика") and not r.finished and r.totals["Вика"] == 88
    assert "(VZ-TIE, RUL-VZ-TIE)" in r.text("ru") and "Ничья за наименьший итог (88 очков): Аня, Вика." in r.text("ru")
    assert r.to_json()["tied"] == ["Аня", "Вика"]


# --- the documentation and the example files ---------------------------------------------------
ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_doc_examples_are_what_the_engine_says():
    import re
    doc = (ROOT / "docs" / "records" / "vzhuh.md").read_text("utf-8")
    blocks = re.findall(r"```json\n(.*?)```", doc, re.S)
    record, result = json.loads(blocks[0]), json.loads(blocks[1])
    rec = vz.parse_record(record)
    assert vz.record_to_json(rec) == record
    assert vz.replay_record(rec).to_json() == result
    for m in vz.V:
        if not m.name.startswith("OK_") and m.key.startswith("vz.v."):
            assert f"| `{m.code}` | {m.rule} |" in doc  # every violation code documented with its rule


@pytest.mark.parametrize("name, valid, parties, winner", [
    ("finished-three-parties.json", True, 3, "Тёма"),
    ("tie-extra-party.json", True, 4, "Оля"),
    ("violation.json", False, 3, "Оля"),
])
def test_example_files(name, valid, parties, winner):
    text = (ROOT / "assets" / "examples" / "vzhuh" / name).read_bytes()
    rec = vz.read_record(text)
    r = vz.replay_record(rec)
    assert (r.valid, len(r.state.parties), r.winner) == (valid, parties, winner)
    assert "simulated" in rec.extra["note"]
    assert vz.write_record(rec).encode("utf-8") == text
    if name == "tie-extra-party.json":
        t3 = [sum(p.points[s] for p in r.state.parties[:3]) for s in range(r.state.n)]
        assert t3.count(min(t3)) == 2 and r.state.parties[3].extra
    if not valid:
        assert [(v.code, v.rule, v.round) for v in r.violations] == [("too-many-cards", "VZ-COMP", 2)]
