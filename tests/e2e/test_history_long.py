"""Issue 17 §4 in the browser: a long history lists its latest games and grows on demand (10 at
first since issue 53, 30 more a tap)."""
from __future__ import annotations

import sys

import pytest

from companion.base import ids

from .conftest import PHONE, REPO, UI, Server

pytestmark = pytest.mark.e2e
sys.path.insert(0, str(REPO / "scripts"))


def test_a_long_history_lists_ten_games_then_more(browser, tmp_path):
    import bench  # scripts/bench.py: the folder of archived games

    data = tmp_path / "data"
    bench.history_folder(str(data), 40)  # 40 games of each kind; the whale games are 1…40
    server = Server(data, tmp_path)
    server.start()
    try:
        ctx = browser.new_context(viewport=PHONE, locale="ru-RU", color_scheme="light")
        ctx.set_default_timeout(15000)
        ui = UI(ctx.new_page(), server, tmp_path / "shots")
        ui.open()
        ui.tap_id(ids.HOME_STATS)
        ui.wait_id(ids.stats_game(40))
        rows = ui.page.locator('[flt-semantics-identifier^="stats-game-"]')
        assert rows.count() == 10  # games 40 … 31
        assert ui.page.locator(ui.sel(ids.stats_game(30))).count() == 0
        assert "Показать ещё 30 игр" in ui.read(ids.STATS_MORE)
        box = ui.by_id(ids.STATS_MORE).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
        ui.tap_id(ids.STATS_MORE)
        ui.wait_id(ids.stats_game(1))
        assert rows.count() == 40 and ui.page.locator(ui.sel(ids.STATS_MORE)).count() == 0
        assert ui.no_crash_overlay()
        ctx.close()
    finally:
        server.stop()
