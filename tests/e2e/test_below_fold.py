"""Issue 43, below the fold: at 412×915 the main action of a screen is on screen without
scrolling — «Начать игру» on the new-game screen of every game with three players, and in the
whale round setup (three and four players) each player's first-bonus values while that player's
bonus is being entered, and «Начать раунд» once everything is entered. A box is read from the
page right after the screen is drawn (nothing scrolled, no tap on the thing measured: a tap
scrolls it into view). Screenshots at phone and tablet size."""
from __future__ import annotations

import pytest

from companion.base import ids
from companion.kalmar import ids as kl
from companion.royal_mastheads import ids as rm
from companion.vzhuh import ids as vz

from .test_game_flow import card_name_ru, pick

pytestmark = pytest.mark.e2e

NAMES = ["Аня", "Боря", "Вика", "Гоша"]

# game → (its home choice, its new-game screen, its start button)
GAMES = {
    "kozyrnye-kity": (ids.SCREEN_NEW, ids.NEW_START),
    "vzhuh": (vz.SCREEN_NEW, vz.NEW_START),
    "kalmar": (kl.SCREEN_NEW, kl.NEW_START),
    "royal-mastheads": (rm.SCREEN_NEW, rm.NEW_START),
}


def boxes(ui, prefix: str) -> list[dict]:
    """The boxes of every control whose identifier is ``prefix`` or starts with ``prefix-``."""
    return ui.page.evaluate("""p => [...document.querySelectorAll('[flt-semantics-identifier]')]
        .filter(e => { const i = e.getAttribute('flt-semantics-identifier'); return i === p || i.startsWith(p + '-'); })
        .map(e => { const r = e.getBoundingClientRect(); return {id: e.getAttribute('flt-semantics-identifier'),
                    x: r.x, y: r.y, bottom: r.bottom, right: r.right}; })
        .filter(b => b.bottom > b.y)""", prefix)


def off_screen(ui, prefix: str) -> list[dict]:
    """The controls of ``prefix`` not wholly inside the viewport ([] also needs one to exist)."""
    ui.page.evaluate("() => new Promise(d => requestAnimationFrame(() => requestAnimationFrame(d)))")
    vp = ui.page.viewport_size
    found = boxes(ui, prefix)
    assert found, f"no control {prefix!r} on the page"
    return [b for b in found if b["y"] < 0 or b["x"] < 0 or b["bottom"] > vp["height"] + 0.5
            or b["right"] > vp["width"] + 0.5]


def new_game(ui, game: str, n: int) -> None:
    screen, _ = GAMES[game]
    ui.tap_id(f"home-game-{game}")
    ui.tap_id(ids.HOME_NEW)
    ui.wait_id(screen)
    for _ in range(n - 3):  # three fields at first
        ui.tap_id(ids.NEW_ADD)
    ui.wait_id(ids.new_name(n - 1))
    ui.fill_names(NAMES[:n])
    ui.page.mouse.move(1, 1)


@pytest.mark.parametrize("game", list(GAMES))
def test_start_the_game_is_on_screen_with_three_players(ui, game):
    new_game(ui, game, 3)
    start = GAMES[game][1]
    assert off_screen(ui, start) == [], f"«{ui.tr('Start the game')}» of {game} is below the fold"
    ui.shot(f"below-fold-new-{game}-phone")


def test_new_game_on_a_tablet(ui_tablet):
    new_game(ui_tablet, "kozyrnye-kity", 4)
    assert off_screen(ui_tablet, ids.NEW_START) == []
    ui_tablet.shot("below-fold-new-kozyrnye-kity-tablet")


def round_setup(ui, n: int, tag: str) -> None:
    """Trump from the drawn card, then each player's first bonus: while a player's bonus is
    open, all of its values are on screen; once all are in, «Start the round» is."""
    new_game(ui, "kozyrnye-kity", n)
    ui.tap_id(ids.NEW_START)
    ui.wait_id(ids.SCREEN_SETUP)
    assert off_screen(ui, ids.SETUP_TRUMP_PICK) == [], "the drawn card's keys are below the fold"
    ui.shot(f"below-fold-setup-{n}-trump-{tag}")
    pick(ui, ids.SETUP_TRUMP_PICK, "orca-7")
    ui.wait_text(ids.SETUP_TRUMP, "косатка")
    bonuses = ["narwhal-8", "blue-3", "sperm-6", "orca-3"]
    for seat in range(n):
        ui.wait_text(ids.setup_bonus(seat), ui.tr("tap to enter"))
        ui.page.mouse.move(1, 1)
        away = off_screen(ui, ids.SETUP_BONUS_PICK)
        if seat == n - 1:
            ui.shot(f"below-fold-setup-{n}-last-bonus-{tag}")
        assert away == [], f"seat {seat}: {len(away)} first-bonus values off screen, e.g. {away[:3]}"
        pick(ui, ids.SETUP_BONUS_PICK, bonuses[seat])
        # shown before the next seat's pick (a tap before the drawing falls on this seat's picker)
        ui.wait_text(ids.setup_bonus(seat), card_name_ru(bonuses[seat]))
    ui.page.mouse.move(1, 1)
    assert off_screen(ui, ids.SETUP_START) == [], "«Start the round» is below the fold"
    ui.shot(f"below-fold-setup-{n}-done-{tag}")
    ui.tap_id(ids.SETUP_START)
    ui.wait_id(ids.SCREEN_TABLE)


@pytest.mark.parametrize("n", [3, 4])
def test_round_setup_values_and_start_are_on_screen(ui, n):
    round_setup(ui, n, "phone")


def test_round_setup_on_a_tablet(ui_tablet):
    round_setup(ui_tablet, 4, "tablet")
