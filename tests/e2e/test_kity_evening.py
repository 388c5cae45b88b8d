"""«Козырные киты», what a whole evening showed (issue 19 §5), where only a browser can tell:
the trump name «синий кит» stays inside its tile (§5d), «+N» after the pearls question (§5g),
and «Что изменилось» right below the entry just corrected (§5e) — phone (412×915) and tablet
(1280×800). With KITY_SCREENSHOTS=1 the shots go to docs/screenshots/.
"""
from __future__ import annotations

import pytest

from companion.base import ids
from companion.kozyrnye_kity.screens.table import HISTORY_LINK, TRUMP_TILE, trump_name_size

from .conftest import PHONE, TABLET, UI
from .test_game_flow import enter_bonuses_and_start, exists, pick

pytestmark = pytest.mark.e2e

PLAYERS = ["Тёма", "Лена", "Оля", "Миша"]


def box(ui, ident: str) -> dict:
    b = ui.page.locator(ui.sel(ident)).first.bounding_box()
    assert b is not None, ident
    return b


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_kity_evening_trump_name_fits_and_what_changed_by_the_entry(browser, server, tmp_path, size):
    viewport = PHONE if size == "phone" else TABLET
    ctx = browser.new_context(viewport=viewport, locale="ru-RU", color_scheme="light")
    ctx.set_default_timeout(15000)
    ui = UI(ctx.new_page(), server, tmp_path / "shots")
    try:
        ui.open()
        ui.tap_id(ids.HOME_NEW)
        ui.wait_id(ids.SCREEN_NEW)
        if not exists(ui, ids.new_name(3)):  # three name fields; a tap adds the fourth
            ui.tap_id(ids.NEW_ADD)
            ui.wait_id(ids.new_name(3))
        ui.fill_names(PLAYERS)
        ui.tap_id(ids.NEW_START)
        ui.wait_id(ids.SCREEN_SETUP)
        pick(ui, ids.SETUP_TRUMP_PICK, "blue-7")  # R-SETUP-2: blue whale trump, token 9
        ui.wait_text(ids.SETUP_TRUMP, "синий кит")
        enter_bonuses_and_start(ui, ["orca-1", "orca-2", "orca-3", "orca-4"])

        # §5d: «синий кит» inside its tile — two lines at most on a phone, one on a tablet
        ui.wait_text(ids.TABLE_TRUMP, "синий кит")
        tile, name = box(ui, TRUMP_TILE), box(ui, ids.TABLE_TRUMP)
        wide = size == "tablet"
        px = trump_name_size(viewport["width"], wide)
        assert name["x"] >= tile["x"] - 1 and name["x"] + name["width"] <= tile["x"] + tile["width"] + 1, (name, tile)
        assert name["y"] + name["height"] <= tile["y"] + tile["height"] - 8, (name, tile)  # clear of the edge
        assert name["height"] <= (1 if wide else 2) * px * 1.2, (name, px)  # lines 1.05 em apart
        ui.shot(f"kity-trump-blue-{size}")

        # trick 1: Тёма sperm 9, Лена sperm 4, Оля sperm 3, Миша sperm 2 — no trump, the highest
        # sperm whale wins (R-WIN-9): Тёма; he takes Лена's sperm 4, whose pearls are asked
        for who, card in zip(PLAYERS, ["sperm-9", "sperm-4", "sperm-3", "sperm-2"]):
            ui.wait_text(ids.TABLE_TURN, who)
            pick(ui, ids.TABLE_PICK, card)
        ui.wait_text(ids.RESULT_WINNER, "Тёма")
        ui.tap_id(ids.reward_option("sperm-4"))
        ui.wait_id(ids.FACT_QUESTION)
        ui.tap_id(ids.fact_pearls(2))  # the number is the answer (issue 43)
        ui.wait_text(ids.NOTICE, "Тёма +2")  # §5g: «+N» after the pearls question too

        # §5e: Миша's card was the blue whale 9 (trump): he takes trick 1 — corrected in the history
        ui.tap_id(HISTORY_LINK)
        ui.wait_id(ids.SCREEN_HISTORY)
        ui.wait_text(ids.hist_entry(4), "Миша")
        ui.tap_id(ids.hist_entry(4))
        ui.wait_id("history-pick-card-sperm-2")  # the dialog opens on the card entered
        pick(ui, "history-pick", "blue-9")
        ui.wait_id(ids.HIST_CHANGES)
        ui.wait_text(ids.hist_entry(4), "синий кит 9")
        entry, changes = box(ui, ids.hist_entry(4)), box(ui, ids.HIST_CHANGES)
        gap = changes["y"] - (entry["y"] + entry["height"])
        assert 0 <= gap <= 80, (entry, changes)  # right below the corrected entry (its heading ~40 px)
        assert "Миша" in ui.read(ids.HIST_CHANGES)
        ui.shot(f"kity-history-corrected-{size}")
        assert ui.no_crash_overlay()
    finally:
        ctx.close()
