"""At the table, on a phone (412×915): fewer taps, nothing out of reach, every mistake caught
where it happens (issue «At the table»). A 4-player round whose printed pearls the app already
knows (seeded deck facts: test values, not the real deck's), so every tap is counted.

* point 1: the player to act sees their usable bonuses by the picker, without scrolling;
* point 2: the whole deck is on screen (issue 43): a plain trick takes 4 card taps + 1 reward
  tap, and a player off the led family still one tap;
* point 4: a revoke is said on the table the moment its proof card is entered (RUL-REVOKE);
* point 5: in the round setup a 5 and a card already chosen cannot be a first bonus, and a tap
  on them says why at once (RUL-FIVE-BONUS, R-COMP);
* point 6: «Лена +3» after a reward;
* the picker stays where the thumb left it: from card to card of a trick (the trick's cards,
  the turn, the bonuses by the picker change above it) its «5» does not move, and the whole
  picker, «5» too, is on the screen without scrolling at both sizes.
"""
from __future__ import annotations

import pytest

from companion.base import ids
from companion.store.repository import Store
from companion.kozyrnye_kity.widgets.card_picker import picker_ids
from engine.kozyrnye_kity import FAMILY_CARDS

from . import test_game_flow as flow
from .conftest import PHONE, STARTUP_TIMES, TABLET, UI, Server

pytestmark = pytest.mark.e2e

NAMES = ["Аня", "Борис", "Вера", "Гоша"]
BONUSES = ["orca-9", "narwhal-9", "blue-9", "sperm-9"]
PICK = picker_ids(ids.TABLE_PICK)


def pearls(card_id: str) -> int:
    return 1 + int(card_id.split("-")[1]) % 3  # test values, written in the data folder below


@pytest.fixture(params=["phone", "tablet"])
def phone(browser, tmp_path, request):
    """The app on a phone (412×915), and the same on a tablet (1280×800, the full card grid)."""
    data = tmp_path / "data"
    store = Store.open(data)
    for c in FAMILY_CARDS:  # the app has learnt every card's pearls already
        store.set_fact(c.id, {"pearls": pearls(c.id)})
    server = Server(data, tmp_path)
    server.start()
    ctx = browser.new_context(viewport=PHONE if request.param == "phone" else TABLET, locale="ru-RU",
                              color_scheme="light")
    ctx.set_default_timeout(15000)
    ui = UI(ctx.new_page(), server, tmp_path / "shots")
    ui.size = request.param
    STARTUP_TIMES.append(ui.open())
    try:
        yield ui
        assert ui.no_crash_overlay(), server.log_text()
    finally:
        ctx.close()
        server.stop()


class Taps:
    """Counts the taps of the table's entries: cards and rewards (every card is one tap)."""

    def __init__(self, ui: UI):
        self.ui, self.cards, self.rewards = ui, 0, 0
        self.places: list[float] = []  # where the picker's «5» was before each card tap

    def play(self, card_id: str):
        self.ui.wait_id(PICK.five)  # the picker is there (it is rebuilt after each trick's result)
        self.ui.page.wait_for_timeout(250)  # and drawn: what it shows is read, not a frame before
        self.places.append(self.ui.by_id(PICK.five).bounding_box()["y"])
        self.ui.tap_id(PICK.card(card_id))
        self.cards += 1
        self.ui.page.wait_for_function(  # the entry is on the screen (in the trick, or its result)
            """([id, name]) => document.querySelector('[flt-semantics-identifier="result-winner"]') ||
                 [...document.querySelectorAll(`[flt-semantics-identifier="${id}"]`)]
                   .some(e => (e.getAttribute('aria-label') || e.textContent || '').includes(name))""",
            arg=[ids.TABLE_TRICK, flow.card_name_ru(card_id)])

    def reward(self, card_id: str):
        self.ui.tap_id(ids.reward_option(card_id))
        self.rewards += 1


def start_game(ui: UI):
    """A new game of four: the form offers three name fields, a tap adds the fourth."""
    ui.tap_id(ids.HOME_NEW)
    ui.wait_id(ids.SCREEN_NEW)
    if not flow.exists(ui, ids.new_name(3)):
        ui.tap_id(ids.NEW_ADD)
        ui.wait_id(ids.new_name(3))
    ui.fill_names(NAMES)
    ui.tap_id(ids.NEW_START)
    ui.wait_id(ids.SCREEN_SETUP)


def in_viewport(ui: UI, ident: str) -> bool:
    box = ui.by_id(ident).bounding_box()
    height = ui.page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_setup_greys_out_what_cannot_be_a_first_bonus_and_says_why(phone):
    ui = phone
    start_game(ui)
    flow.pick(ui, ids.SETUP_TRUMP_PICK, "orca-7")
    ui.tap_id(ids.setup_bonus(0))
    bonus = picker_ids(ids.SETUP_BONUS_PICK)
    assert "не может быть первым бонусом" in ui.by_id(bonus.five).evaluate("e => e.outerHTML")
    ui.tap_id(bonus.five)  # a 5 has no bonus: said at once, with the rule
    ui.wait_text(ids.NOTICE, "RUL-FIVE-BONUS")
    assert "tap to enter" not in ui.read(ids.setup_bonus(0))
    flow.pick(ui, ids.SETUP_BONUS_PICK, "orca-9")
    ui.wait_text(ids.setup_bonus(0), "косатка 9")
    if not flow.exists(ui, bonus.card("orca-9")):
        ui.tap_id(ids.setup_bonus(1))
    flow.pick(ui, ids.SETUP_BONUS_PICK, "orca-9")  # Аня's card again, for Борис
    ui.wait_text(ids.NOTICE, "R-COMP")
    assert "косатка 9" not in ui.read(ids.setup_bonus(1))
    ui.shot(f"at-the-table-setup-refusal-{ui.size}-light")


def test_a_trick_in_few_taps_with_bonuses_at_hand_a_revoke_at_once(phone):
    ui = phone
    start_game(ui)
    flow.setup_round(ui, BONUSES)
    taps = Taps(ui)

    # point 1: Аня is to play and has a usable bonus: it is right by the picker, on screen
    ui.wait_text(ids.TABLE_TURN, "Аня")
    ui.wait_id(ids.turn_bonus("orca-9"))
    assert in_viewport(ui, ids.turn_bonus("orca-9")), ui.by_id(ids.turn_bonus("orca-9")).bounding_box()
    assert in_viewport(ui, PICK.five), ui.by_id(PICK.five).bounding_box()  # the whole picker, without scrolling

    # point 2: a plain trick: 4 card taps + 1 reward
    plain = ["orca-2", "orca-3", "orca-4", "orca-6"]
    for cid in plain:
        taps.play(cid)
    ui.wait_id(ids.RESULT_WINNER)
    assert "Гоша" in ui.read(ids.RESULT_WINNER)  # orca is trump, token 9: the highest orca (R-WIN)
    taps.reward("orca-2")
    ui.wait_text(ids.NOTICE, f"Гоша +{pearls('orca-2')}")  # point 6: the reward confirmed
    ui.shot(f"at-the-table-reward-{ui.size}-light")
    assert (taps.cards, taps.rewards) == (4, 1)
    assert len(set(taps.places)) == 1, f"the picker moved between the cards of a trick: «5» at y = {taps.places}"
    print(f"\n{ui.size}: plain 4-player trick: {taps.cards} card taps + {taps.rewards} reward tap")

    # trick 2: Гоша leads narwhal, Аня cannot follow (plays blue): still one tap a card
    ui.wait_text(ids.TABLE_TURN, "Гоша")
    taps = Taps(ui)
    taps.play("narwhal-2")
    taps.play("blue-2")  # Аня: no narwhal (as she says): the app cannot know her hand yet
    taps.play("narwhal-3")
    taps.play("narwhal-4")
    ui.wait_id(ids.RESULT_WINNER)
    assert len(set(taps.places)) == 1, f"the picker moved between the cards of a trick: «5» at y = {taps.places}"
    print(f"{ui.size}: trick with one player off the led family: {taps.cards} card taps")
    taps.reward("narwhal-3")
    ui.wait_text(ids.TABLE_TURN, "Вера")  # narwhal-4 of Вера is highest of the led family (R-WIN)

    # point 4: Аня now plays a narwhal from her hand: the revoke of trick 2 is said at once
    assert not flow.exists(ui, ids.TABLE_REVOKE)
    taps.play("narwhal-6")  # Вера leads narwhal again
    taps.play("sperm-2")    # Гоша
    taps.play("narwhal-7")  # Аня: a narwhal — she had one in trick 2
    ui.wait_id(ids.TABLE_REVOKE)
    text = ui.read(ids.TABLE_REVOKE)
    assert "Аня" in text and "RUL-REVOKE" in text and "2" in text
    ui.wait_text(ids.NOTICE, "RUL-REVOKE")  # on screen at once, in the message bar
    assert in_viewport(ui, ids.NOTICE)
    assert in_viewport(ui, PICK.card("narwhal-8"))  # and the picker stays in reach
    ui.shot(f"at-the-table-revoke-{ui.size}-light")
    # point 8/9: the history opened from the table says when the game started and goes back there
    ui.tap_id("table-history")
    ui.wait_id(ids.HIST_STARTED)
    ui.shot(f"at-the-table-history-{ui.size}-light")
    ui.back()
    ui.wait_id(ids.SCREEN_TABLE)
