"""The fifth game, «Сотня» (tests/fifth_game, issue 18), in a real browser at 412×915: started by its
launcher (``python -m tests.fifth_game``: the app with the game added), a new game, two rounds, undo,
redo (its button says «Вернуть»), the totals. Expected totals worked out by hand (S5-ROUND: each round adds every player's
points; target 100, S5-END: nobody has reached it)."""
from __future__ import annotations

import pytest

from companion.base import ids

from .conftest import ARTIFACTS, Server

pytestmark = pytest.mark.e2e

PLAYERS = ["Аня", "Боря"]


@pytest.fixture
def server(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    s = Server(data, tmp_path, module="tests.fifth_game")
    s.start()
    yield s
    s.stop()


def enter_round(ui, points) -> None:
    """Type each player's points; each must show in its field before the round is written down (on a
    loaded machine a keystroke can land while the screen re-renders: a person types again, so does this)."""
    for i, p in enumerate(points):
        box = ui.page.locator(f'{ui.sel(f"s5-points-{i}")} input').last
        for attempt in range(3):
            ui.fill(f"s5-points-{i}", str(p))
            try:
                ui.page.wait_for_function("([el, v]) => el.value === v", arg=[box.element_handle(), str(p)], timeout=3000)
                break
            except Exception:  # playwright's TimeoutError
                if attempt == 2:
                    raise AssertionError(f"field {i} never showed {p}")
    ui.tap_id("s5-record")


def totals(ui) -> list[str]:
    return [ui.read(f"s5-total-{i}").strip() for i in range(len(PLAYERS))]


def test_sotnya_two_rounds_undo_redo_at_phone_size(ui):
    ui.tap_id("home-game-sotnya")                 # the fifth game is on home: packs.add
    ui.tap_id(ids.HOME_NEW)
    ui.wait_id("s5-screen-new")
    ui.fill_names(PLAYERS)
    assert ui.selected("s5-target-100")           # the target offered first: 100 (S5-SETUP)
    ui.tap_id("s5-new-start")
    ui.wait_id("s5-screen-pad")
    ui.wait_text("s5-status", "Гонка до 100")
    ui.wait_text("s5-round", "Очки за раунд 1 (S5-ROUND)")

    enter_round(ui, (30, 25))                     # round 1: 30 25
    ui.wait_text("s5-round", "Очки за раунд 2")
    enter_round(ui, (15, 40))                     # round 2: 30+15 = 45, 25+40 = 65
    ui.wait_text("s5-round", "Очки за раунд 3")
    assert totals(ui) == ["45", "65"]
    ui.tap_id("s5-record")                        # a second tap with the fields emptied writes nothing (S5-ROUND)
    ui.wait_text(ids.NOTICE, "S5-ROUND")
    assert totals(ui) == ["45", "65"] and "Очки за раунд 3" in ui.read("s5-round")

    ui.tap_id("s5-undo")                          # back to round 1's totals
    ui.wait_text("s5-round", "Очки за раунд 2")
    ui.wait_text("s5-total-1", "25")
    assert totals(ui) == ["30", "25"]
    ui.tap_id("s5-redo")                          # redo («Вернуть»): round 2 again
    ui.wait_text("s5-round", "Очки за раунд 3")
    ui.wait_text("s5-total-1", "65")
    assert totals(ui) == ["45", "65"]

    ARTIFACTS.mkdir(exist_ok=True)
    ui.page.wait_for_timeout(900)                 # the canvas paints
    ui.page.screenshot(path=str(ARTIFACTS / "fifth-game-sotnya-phone.png"))
