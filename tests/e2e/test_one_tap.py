"""One tap per card (issue 43): a whole three-player whale round entered by taps at 412×915,
every tap counted.

The target of the issue: taps = cards + one reward per trick + one per pearls question + one
per next-leader choice + at most two per bonus used. The events are counted by this script as
it meets them on the screen (cards it enters, tricks it closes, questions and choices shown to
it), never read from the app's own counters. Before the change, a round of the same kind took
one more tap at every change of family (34 taps for the 24 cards of the evening in the issue),
one more per pearls question («Сохранить») and 3–4 per bonus: 67 taps for 24 cards.

The hands are real (``deal(random.Random(SEED), 3)``), the cards legal; the printed pearls are
unknown to the app, so every reward of a family card asks for them (test values).
"""
from __future__ import annotations

import pytest

from companion.base import ids
from companion.kozyrnye_kity.widgets.card_picker import picker_ids
from engine.kozyrnye_kity import FAMILIES
from engine.kozyrnye_kity.i18n import family_name

from . import test_game_flow as flow

pytestmark = pytest.mark.e2e


def test_a_whole_round_in_one_tap_per_card(ui):
    flow.start_game(ui)
    g = flow.Game(ui)
    flow.setup_round(ui, g.bonuses)
    ui.wait_id(ids.TABLE_TURN)

    taps: list[str] = []
    tap = ui.tap_id

    def counted(ident: str):
        taps.append(ident)
        tap(ident)

    ui.tap_id = counted
    cards: list[str] = []
    used: list[str] = []
    play = g.play

    def entered(player: str, cid: str):
        cards.append(cid)
        play(player, cid)

    g.play = entered

    def bonuses(game, k: int, who: str) -> bool:
        """From trick 2 on, the first player to act with a usable first bonus flips the token
        with it (unknown to the app: the bonus tapped, then what it shows); from trick 4 on, the
        next such player changes trump to a family of one (the bonus, then the family)."""
        if k < 1 or len(used) >= 2 or (used and k < 3):
            return False
        seat = flow.PLAYERS.index(who)
        cid = game.bonuses[seat]
        if cid in used or not flow.exists(ui, ids.turn_bonus(cid)):
            return False
        k = 1 if not used else 3
        token, trump = ui.read(ids.TABLE_TOKEN).strip(), ui.read(ids.TABLE_TRUMP).strip()
        ui.tap_id(ids.turn_bonus(cid))
        ui.wait_id(ids.FACT_QUESTION)
        assert not flow.exists(ui, ids.FACT_SAVE)  # a tap on the answer is the answer
        if k == 1:
            ui.tap_id(ids.fact_bonus("flip"))
        else:
            fam = next(f for f in FAMILIES if family_name(f, "ru") != trump)
            ui.tap_id(ids.fact_family(fam.value))
        ui.page.wait_for_selector(ui.sel(ids.FACT_QUESTION), state="detached")
        if k == 1:  # the effect shows at once
            ui.wait_text(ids.TABLE_TOKEN, "1" if token == "9" else "9")
        else:
            ui.wait_text(ids.TABLE_TRUMP, family_name(fam, "ru"))
        used.append(cid)
        return True

    flow.play_tricks(g, 8, on_trick=bonuses)
    ui.wait_id(ids.SCREEN_ROUND_END, timeout=15000)
    ui.tap_id = tap

    tricks = 8
    assert len(cards) == 24  # 8 tricks of 3 cards (the 5s are alike: several "5")
    assert len(used) == 2, "the script meant to use two bonuses (a flip and a trump)"
    assert g.fives_led_to_choice >= 1, "the deal of SEED has 5s: one gives the next-leader choice"
    card_taps = [t for t in taps if t.startswith(picker_ids(ids.TABLE_PICK).card(""))]
    assert len(card_taps) == len(cards), "one tap per card"
    target = len(cards) + tricks + g.answered + g.fives_led_to_choice + 2 * len(used)
    print(f"\nthree-player round: {len(taps)} taps for {len(cards)} cards "
          f"({tricks} rewards, {g.answered} pearls questions, {g.fives_led_to_choice} next-leader choices, "
          f"{len(used)} bonuses used); target ≤ {target}; before the change 67 taps for 24 cards")
    assert len(taps) <= target, taps
    ui.shot("one-tap-round-end-phone-light")
