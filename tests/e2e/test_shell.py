"""The app shell in a real browser: home, language, theme, rules, calculator, deck check."""
from __future__ import annotations

import json

import pytest

from companion.base import ids
from companion.base.i18n import translate

pytestmark = pytest.mark.e2e


def ru(msgid: str) -> str:
    return translate("ru", msgid)


def en(msgid: str) -> str:
    return translate("en", msgid)


HOME_BUTTONS = [(ids.HOME_NEW, "New game"), (ids.HOME_RULES, "Rules"), (ids.HOME_CALC, "Who wins the trick?"),
                (ids.HOME_DECK, "Check my deck"), (ids.HOME_STATS, "History and statistics"),
                (ids.HOME_LEAGUE, "League"), (ids.HOME_INVITE, "Invite players"), (ids.HOME_SETTINGS, "Settings")]


def check_home(ui, shot_name):
    assert ui.read(ids.SCREEN_HOME) == "Киты"
    for ident, msgid in HOME_BUTTONS:
        assert ui.page.get_by_role("button", name=ru(msgid), exact=True).count() == 1
        box = ui.by_id(ident).bounding_box()
        assert box["height"] >= 48 and box["width"] >= 200, (ident, box)
    # the game choice (one button per game, the first game chosen) and no buttons for screens
    # that do not exist
    from companion.core.packs import LIST

    assert ui.selected(f"home-game-{LIST[0].id}")
    assert ui.page.get_by_role("button").count() == len(HOME_BUTTONS) + len(LIST)
    ui.shot(shot_name)


def test_home_phone(ui):
    check_home(ui, "home-phone-light")
    # drawn on one thread, as the phone edition is (companion/serve/access.py, FLET_HEADERS_DROPPED)
    assert ui.page.evaluate("crossOriginIsolated") is False


def test_home_tablet(ui_tablet):
    check_home(ui_tablet, "home-tablet-light")
    # two columns of buttons on a tablet
    a, b = (ui_tablet.by_id(HOME_BUTTONS[0][0]).bounding_box(),
            ui_tablet.by_id(HOME_BUTTONS[1][0]).bounding_box())
    assert abs(a["y"] - b["y"]) < 2 and b["x"] > a["x"]


def test_switch_to_english_and_back_is_remembered(ui, server):
    ui.tap_id(ids.HOME_SETTINGS)
    ui.wait_text(ids.SCREEN_SETTINGS, ru("Settings"))
    ui.tap("English")
    ui.wait_text(ids.SCREEN_SETTINGS, "Settings")
    assert ui.page.get_by_role("switch", name=en("Keep the screen on")).count() == 1
    ui.back()
    ui.wait_text(ids.SCREEN_HOME, "Kity")
    for _, msgid in HOME_BUTTONS:
        assert ui.page.get_by_role("button", name=en(msgid), exact=True).count() == 1
    # stored: a new session starts in English
    ui.page.reload()
    ui.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30000)
    ui.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
    ui.wait_text(ids.SCREEN_HOME, "Kity", timeout=30000)
    ui.tap_id(ids.HOME_SETTINGS)
    ui.tap("Русский")
    ui.wait_text(ids.SCREEN_SETTINGS, "Настройки")
    ui.back()
    ui.wait_text(ids.SCREEN_HOME, "Киты")


def brightness(rgb):
    return sum(rgb) / 3


def test_theme_switch(ui):
    light = brightness(ui.pixel(5, 400))
    assert light > 200
    ui.tap_id(ids.HOME_SETTINGS)
    ui.wait_id(ids.SCREEN_SETTINGS)
    ui.tap(ru("Dark"))
    ui.page.wait_for_function(
        f"""() => document.querySelector('[flt-semantics-identifier="{ids.SET_THEME}-dark"]')""")
    ui.page.wait_for_timeout(600)
    assert brightness(ui.pixel(5, 400)) < 60
    assert ui.selected(f"{ids.SET_THEME}-dark")
    ui.tap(ru("Light"))
    ui.page.wait_for_timeout(600)
    assert brightness(ui.pixel(5, 400)) > 200


def test_rules_search_finds_rule_id(ui):
    ui.tap_id(ids.HOME_RULES)
    ui.wait_id(ids.SCREEN_RULES)
    ui.wait_id(ids.RULES_SEARCH)
    assert ui.page.locator(ui.sel(ids.rule_item("R-COMP"))).count() + \
        ui.page.locator('[flt-semantics-identifier^="rule-"]').count() > 3
    ui.fill(ids.RULES_SEARCH, "R-FIVE-LEAD")
    ui.wait_text(ids.RULES_COUNT, "Найдена 1 запись")
    ui.wait_id(ids.rule_item("R-FIVE-LEAD"))
    assert "R-FIVE-LEAD" in ui.read(ids.rule_item("R-FIVE-LEAD"))
    assert ui.page.locator('[flt-semantics-identifier^="rule-"]').count() == 1
    # rulings are marked as the team's decisions
    ui.fill(ids.RULES_SEARCH, "RUL-TIE-CARDS")
    ui.wait_id(ids.rule_item("RUL-TIE-CARDS"))
    assert ru("our ruling") in ui.read(ids.rule_item("RUL-TIE-CARDS"))
    ui.fill(ids.RULES_SEARCH, "нет такого правила")
    ui.wait_text(ids.RULES_COUNT, "Найдено 0 записей")


def enter_trick(ui, trump, token, cards):
    ui.tap_id(ids.calc_trump_family(trump))
    ui.tap_id(ids.calc_token_side(token))
    for cid in cards:
        if cid != "5":
            ui.tap_id(f"calc-family-{cid.split('-')[0]}")
        ui.tap_id(ids.calc_card(cid))


def test_calculator_reproduces_the_rulebook_example(ui):
    ui.tap_id(ids.HOME_CALC)
    ui.wait_id(ids.SCREEN_CALC)
    # rulebook: trump blue, the token was flipped to 9; narwhal 2, narwhal 6, blue 9, a 5
    enter_trick(ui, "blue", 9, ["narwhal-2", "narwhal-6", "blue-9", "5"])
    ui.wait_text(ids.CALC_PLAYS, "Игрок 4: 5")
    ui.tap_id(ids.CALC_DECIDE)
    ui.wait_text(ids.CALC_WINNER, "Игрок 3")
    assert "синий кит 9" in ui.read(ids.CALC_WINNER)
    explanation = ui.read(ids.CALC_EXPLAIN)
    for rule in ("R-TOKEN", "R-FIVE-2", "R-WIN-9"):
        assert rule in explanation
    ui.shot("calc-result")
    ui.tap_id(ids.CALC_NEW)  # same trump and token, no cards
    ui.page.wait_for_selector(ui.sel(ids.CALC_WINNER), state="detached")
    ui.wait_text(ids.CALC_PLAYS, ru("No cards yet. Tap the cards in the order they were played."))


def test_calculator_invalid_input_is_calm(ui):
    ui.tap_id(ids.HOME_CALC)
    ui.wait_id(ids.SCREEN_CALC)
    ui.tap_id(ids.CALC_DECIDE)
    ui.wait_text(ids.NOTICE, ru("Choose the trump family first."))
    enter_trick(ui, "orca", 1, ["orca-3"])
    ui.tap_id(ids.calc_card("orca-3"))  # the same card again
    ui.wait_text(ids.NOTICE, "косатка 3")
    ui.tap_id(ids.CALC_DECIDE)
    ui.wait_text(ids.NOTICE, "хотя бы 2 карты")
    ui.tap_id(ids.NOTICE_CLOSE)
    ui.page.wait_for_selector(ui.sel(ids.NOTICE), state="detached")


def test_deck_fact_survives_restart(ui, server):
    ui.tap_id(ids.HOME_DECK)
    ui.wait_text(ids.DECK_CARD, "Косатка 1")
    ui.wait_text(ids.DECK_PROGRESS, "Проверено 0 карт из 32")
    ui.tap_id(ids.deck_pearls(2))
    ui.tap_id(ids.deck_bonus("trump"))
    ui.tap_id(ids.deck_family("narwhal"))
    ui.tap_id(ids.deck_family("orca"))
    ui.tap_id(ids.DECK_SAVE)
    ui.wait_text(ids.DECK_CARD, "Косатка 2")
    ui.wait_text(ids.DECK_PROGRESS, "Проверена 1 карта из 32")
    # the known fact of the rulebook is pre-filled: narwhal 2 has 3 pearls
    for _ in range(8):
        ui.tap_id(ids.DECK_NEXT)
    ui.wait_text(ids.DECK_CARD, "Нарвал 2")
    assert ui.selected(ids.deck_pearls(3))
    profile = json.loads((server.data_dir / "profile.json").read_text(encoding="utf-8"))
    facts = {d["card_id"]: d["facts"] for d in profile["facts"].values()}
    assert facts == {"orca-1": {"pearls": 2, "bonus": {"kind": "trump", "families": ["orca", "narwhal"]}}}

    server.restart()
    ui.open()
    ui.tap_id(ids.HOME_DECK)
    ui.wait_text(ids.DECK_PROGRESS, "Проверена 1 карта из 32")
    ui.wait_text(ids.DECK_CARD, "Косатка 2")  # resumes at the first unchecked card
    ui.tap_id(ids.DECK_PREV)
    ui.wait_text(ids.DECK_CARD, "Косатка 1")
    assert ui.selected(ids.deck_pearls(2)) and ui.selected(ids.deck_bonus("trump"))
    assert ui.selected(ids.deck_family("orca")) and ui.selected(ids.deck_family("narwhal"))
