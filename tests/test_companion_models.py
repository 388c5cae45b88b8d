"""The app's pure models: rules filtering, the "who wins?" calculator, the deck walk."""
from pathlib import Path

import pytest

from engine.kozyrnye_kity.record import facts_from_json, facts_to_json

from companion.base import i18n, rules_data
from companion.kozyrnye_kity import calc, deck_walk
from engine.kozyrnye_kity import FAMILY_CARDS, FIVE, Card, CardFacts, Family, Token, parse_card

FIXTURE = Path(__file__).parent / "fixtures" / "rules-mini.json"


@pytest.fixture(autouse=True)
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("ru")


# ---- rules
def test_rules_fixture_renders_in_both_languages_and_skips_garbage():
    doc = rules_data.load(FIXTURE)
    ru = rules_data.sections(doc, "ru")
    assert [s.title for s in ru] == ["Пятёрка!", "Пример взятки"]
    assert rules_data.count(ru) == 5
    en = rules_data.sections(doc, "en")
    assert en[0].items[1].text == "The player of the 5 chooses who leads."
    assert [i.kind for i in ru[0].items] == ["rule", "rule", "ruling"]


@pytest.mark.parametrize("query,ids", [
    ("r-five-lead", ["R-FIVE-LEAD"]),
    ("R-FIVE", ["R-FIVE-1", "R-FIVE-LEAD"]),
    ("РАНЬШЕ", ["RUL-TIE-CARDS"]),
    ("пример", ["E-TRICK-1", ""]),         # a section title keeps its whole section
    ("team", ["RUL-TIE-CARDS"]),           # the source
    ("  ", ["R-FIVE-1", "R-FIVE-LEAD", "RUL-TIE-CARDS", "E-TRICK-1", ""]),
    ("нет такого", []),
])
def test_rules_search(query, ids):
    secs = rules_data.sections(rules_data.load(FIXTURE), "ru", query)
    assert [i.id for s in secs for i in s.items] == ids


def test_missing_or_broken_rules_file_is_none(tmp_path):
    assert rules_data.load(tmp_path / "nope.json") is None
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert rules_data.load(bad) is None
    bad.write_text("[1, 2]", encoding="utf-8")
    assert rules_data.load(bad) is None
    assert rules_data.sections(None, "ru", "x") == []


def test_the_real_rules_file_has_the_ids_the_app_points_to():
    secs = rules_data.sections(rules_data.load(), "ru", "R-FIVE-LEAD")
    assert "R-FIVE-LEAD" in [i.id for s in secs for i in s.items]
    assert any(i.kind == "ruling" for s in rules_data.sections(rules_data.load(), "en") for i in s.items)


# ---- calculator
N2, N6, B9 = parse_card("narwhal-2"), parse_card("narwhal-6"), parse_card("blue-9")


def test_calculator_reproduces_the_rulebook_example():
    c = calc.Calc(trump=Family.BLUE, token=Token.NINE)
    for card in (N2, N6, B9, FIVE):
        c = calc.add(c, card)
    players, ex = calc.decide(c)
    assert players == ["Игрок 1", "Игрок 2", "Игрок 3", "Игрок 4"]
    assert ex.winner_index == 2
    text = ex.text("ru")
    assert "R-WIN-9" in text and "R-FIVE-2" in text


def test_calculator_refuses_calmly():
    c = calc.Calc(plays=(N2,))
    with pytest.raises(calc.Problem) as e:
        calc.add(c, N2)
    assert "нарвал 2" in e.value.text() and "одна" in e.value.text()
    c4 = calc.Calc(plays=(FIVE,) * 4)
    with pytest.raises(calc.Problem) as e:  # four 5s are the whole set; a fifth is impossible
        calc.add(calc.Calc(plays=(FIVE,) * 3 + (N2,)), N6)
    assert "4 карт" in e.value.text()
    with pytest.raises(calc.Problem):
        calc.add(c4, N6)
    with pytest.raises(calc.Problem) as e:
        calc.decide(calc.Calc(trump=Family.BLUE, token=Token.ONE, plays=(N2,)))
    assert "2 карты" in e.value.text()
    with pytest.raises(calc.Problem):
        calc.decide(calc.Calc(token=Token.ONE, plays=(N2, N6)))
    with pytest.raises(calc.Problem):
        calc.decide(calc.Calc(trump=Family.BLUE, plays=(N2, N6)))
    assert calc.undo(calc.Calc(plays=(N2, N6))).plays == (N2,)
    assert calc.copies_in_deck(FIVE) == 4 and calc.copies_in_deck(N2) == 1


def test_calculator_english_labels():
    i18n.set_language("en")
    assert calc.player_labels(2) == ["Player 1", "Player 2"]
    assert calc.player_labels(2, ["Лена"]) == ["Лена", "Player 2"]


# ---- deck walk
def test_deck_walk_covers_the_32_family_cards_and_starts_from_known_facts():
    assert len(deck_walk.CARDS) == 32 and FIVE not in deck_walk.CARDS
    p = deck_walk.profile({})
    assert p.pearls(N2) == 3  # KNOWN_FACTS
    assert deck_walk.checked(p) == 0 and deck_walk.resume_index(p) == 0
    assert deck_walk.Draft.of(p.facts(N2)) == deck_walk.Draft(3, None, ())


def test_deck_walk_json_round_trip_and_resume():
    d = deck_walk.Draft(2, "trump", ("orca", "blue"))
    j = facts_to_json(d.facts())
    assert j == {"pearls": 2, "bonus": {"kind": "trump", "families": ["orca", "blue"]}}
    assert facts_from_json(j) == d.facts()
    stored = {FAMILY_CARDS[0].id: j, FAMILY_CARDS[1].id: {"pearls": 1, "bonus": {"kind": "flip"}}}
    p = deck_walk.profile(stored)
    assert deck_walk.checked(p) == 2 and deck_walk.resume_index(p) == 2


@pytest.mark.parametrize("bad", [None, [], {"pearls": 7}, {"pearls": True, "bonus": {"kind": "x"}},
                                 {"bonus": {"kind": "trump", "families": []}},
                                 {"bonus": {"kind": "trump", "families": ["dolphin"]}}])
def test_bad_stored_facts_count_as_unknown(bad):
    p = deck_walk.profile({FAMILY_CARDS[0].id: bad})
    assert p.facts(FAMILY_CARDS[0]) == CardFacts()


def test_profile_ignores_unknown_cards_and_fives():
    p = deck_walk.profile({"5": {"pearls": 1}, "dolphin-3": {"pearls": 1}})
    assert deck_walk.checked(p) == 0


@pytest.mark.parametrize("draft", [deck_walk.Draft(None, "flip"), deck_walk.Draft(2, None),
                                   deck_walk.Draft(2, "trump", ())])
def test_incomplete_drafts_raise_value_error(draft):
    with pytest.raises(ValueError):
        draft.facts()
