"""Hostile record files (issue 43): refused unread, with the reason in the user's language,
before they can stop the parser or reach the statistics.

* nested thousands deep: refused by a linear pre-scan of the brackets before ``json.loads``
  recurses (in the browser's Python a file nested 10,000 deep overflowed the stack and killed the
  app until a reload); brackets inside strings do not count;
* numbers no game can reach: a «Вжух!» penalty above 900 × 100 (VZ-CHECK, N-VZ-RECORD-LIMIT), a
  «Кальмар» draw of more than the game's 120 cards (KL-COMP), a whale tally of more than the 36
  cards (R-COMP) — a 4,000-digit penalty was filed and then broke the statistics for good.
"""
from __future__ import annotations

import json

import pytest

import engine.kalmar as kl
import engine.kozyrnye_kity as kk
from engine.core.errors import IllegalAction, RecordError
from engine.core.games import read_any
from engine.core.reading import MAX_DEPTH, load_json, nested_deeper


def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as e:
        read_any(text)
    return e.value


# --- depth ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [5_000, 10_000, 100_000])
def test_a_file_nested_thousands_deep_is_refused_before_parsing(depth):
    e = refused("[" * depth + "]" * depth)
    assert e.text("ru") == "запись игры: вложенность глубже 100 уровней — в записи игры такой не бывает"
    assert e.text("en") == "game record: nested deeper than 100 levels — no game record is"


def test_depth_counts_brackets_outside_strings_only():
    assert MAX_DEPTH == 100
    assert not nested_deeper("[" * 100 + "]" * 100, 100)
    assert nested_deeper("[" * 101 + "]" * 101, 100)
    assert nested_deeper("{\"a\": " * 101 + "1" + "}" * 101, 100)
    assert not nested_deeper('{"note": "' + "[" * 5000 + '"}', 100)          # a string is no nesting
    assert not nested_deeper('{"note": "\\"' + "{" * 5000 + '"}', 100)       # an escaped quote stays inside
    assert not nested_deeper("[" + "[[]]," * 3000 + "[]]", 100)              # wide, not deep
    assert nested_deeper("[" + "[]," * 3000 + "[" * 100 + "]" * 100 + "]", 100)
    assert load_json('{"note": "' + "[" * 5000 + '"}', None) == {"note": "[" * 5000}


def test_a_record_nested_within_the_limit_in_its_own_keys_is_read():
    rec = json.loads((__import__("pathlib").Path(__file__).parent.parent / "assets" / "examples" / "vzhuh"
                      / "finished-three-parties.json").read_text("utf-8"))
    rec["note"] = json.loads("[" * 90 + "]" * 90)
    pkg, got = read_any(json.dumps(rec))
    assert pkg.FORMAT == "vzhuh/1" and len(got.parties) == 3


# --- numbers no game can reach ------------------------------------------------------------------------
def _vzhuh(penalty: dict) -> str:
    return json.dumps({"format": "vzhuh/1", "players": ["Аня", "Боря"], "first": "Аня",
                       "parties": [{"penalties": {"Аня": penalty, "Боря": {"points": 0}}}]}, ensure_ascii=False)


@pytest.mark.parametrize("penalty, where", [
    ({"points": int("9" * 4000)}, "points"), ({"points": 90_001}, "points"),
    ({"cards": {"30": 90_001}}, "cards.30"), ({"jokers": 10 ** 20}, "jokers")])
def test_a_vzhuh_number_no_game_reaches_is_refused(penalty, where):
    e = refused(_vzhuh(penalty))
    assert e.path == f'parties[0].penalties."Аня".{where}'
    ru = e.text("ru")
    assert "больше, чем бывает в игре: не больше 90000 (VZ-CHECK, N-VZ-RECORD-LIMIT)" in ru and len(ru) < 200


def test_a_vzhuh_penalty_over_900_is_still_read_and_reported_not_refused():
    """Up to the bound a wrong number is a rule broken, reported by the replay (VZ-CHECK)."""
    pkg, rec = read_any(_vzhuh({"points": 950}))
    assert [v.code for v in pkg.replay_record(rec).violations][:1] == ["unreachable-points"]
    pkg, rec = read_any(_vzhuh({"points": 90_000}))
    assert rec.parties[0].penalties[0][1].points == 90_000


def _kalmar(count: int) -> str:
    return json.dumps({"format": "kalmar/1", "players": ["Аня", "Боря"], "games": [
        {"dealer": "Боря", "first_card": "green-5", "turns": [{"act": "draw", "player": "Аня", "count": count}]}]})


def test_a_kalmar_draw_of_more_than_the_games_120_cards_is_refused_read_and_live():
    e = refused(_kalmar(121))
    assert e.path == "games[0].turns[0].count" and "не больше 120 (KL-COMP)" in e.text("ru")
    read_any(_kalmar(120))  # the whole game's cards: read
    s = kl.new_game(["Аня", "Боря"], "Боря", kl.CARD_IDS["green-5"])
    with pytest.raises(IllegalAction) as x:
        kl.apply(s, kl.Draw("Аня", 121))
    assert (x.value.code, x.value.rule) == ("draw-many", "KL-COMP")
    assert x.value.text("ru") == "взято карт: 121 — во всей игре их 120 (KL-COMP)"


def test_a_whale_tally_of_more_than_the_games_36_cards_is_refused_read_and_live():
    rec = {"format": "kozyrnye-kity/1", "players": ["Аня", "Боря"], "rounds": [
        {"tally": {"Аня": {"pearls": 37, "unused_bonuses": 0}, "Боря": {"pearls": 0, "unused_bonuses": 0}}}]}
    e = refused(json.dumps(rec, ensure_ascii=False))
    assert e.path == 'rounds[0].tally."Аня".pearls' and "не больше 36 (R-COMP)" in e.text("ru")
    rec["rounds"][0]["tally"]["Аня"]["pearls"] = 36
    read_any(json.dumps(rec, ensure_ascii=False))
    with pytest.raises(IllegalAction) as x:
        kk.apply(kk.new_game(["Аня", "Боря"]), kk.TallyRound({"Аня": (0, 10 ** 30), "Боря": (0, 0)}))
    assert x.value.rule == "R-SCORE-2"
