"""Issue 43 in the phone edition (the whole app in the browser, ``tests/e2e/phone.py``).

* A long game's history: a 200-round whale game (the record limit, about 9,300 entries) is put in
  the phone's storage as the game in progress (``scripts/bench_history.py``); «Ход игры» opens
  with the latest round open and earlier rounds closed, a closed round opens with a tap, and
  «Назад к игре» returns to the table. The times are printed (the figures against their floor
  come from ``scripts/bench_history.py``); the timeouts are hang guards only.
* Storage full: the browser's IndexedDB is made to refuse writes (``QuotaExceededError``, as a
  full storage does); the warning appears, stays through the next entry (not saved either), and
  goes once a copy succeeds again; a reload then finds every entry.
"""
from __future__ import annotations

import json
import sys
import time

import pytest

from companion.base import ids

from .conftest import REPO, TABLET
from .phone import Phone
from .test_game_flow import Game, setup_round, start_game

pytestmark = pytest.mark.e2e
sys.path.insert(0, str(REPO / "scripts"))

HANG = 120_000  # ms: a hang guard, not a target (the target, ≤ 1 s, is the bench's)


def test_a_200_round_game_opens_its_history_and_goes_back(pw, site, tmp_path, request):
    from bench_history import history_and_back, long_game, put_game, to_table

    meta, actions = long_game(200)
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        assert put_game(ui.page, meta, actions) == len(actions) > 9000
        to_table(ui, Phone.load)
        last = len(actions) - 1
        opened, opened_wall, back, back_wall = history_and_back(ui, last, timeout=HANG)
        print(f"\n200 rounds, {len(actions)} entries: history open {opened:.0f} ms in the page "
              f"({opened_wall:.0f} ms wall), back to the table {back:.0f} ms ({back_wall:.0f} ms wall)")
        # again, and look: the latest round open, the earlier ones closed, the first ones not listed
        ui.tap_id("table-history")
        ui.wait_id(ids.hist_entry(last), timeout=HANG)
        assert ui.selected(ids.hist_round(200)) and not ui.selected(ids.hist_round(191))
        assert ui.page.locator(ui.sel(ids.hist_round(190))).count() == 0
        assert ui.page.locator(ui.sel(ids.hist_entry(0))).count() == 0
        assert "записей — нажмите, чтобы открыть" in ui.read(ids.hist_round(191))
        assert "Показать ещё 10 более ранних раундов" in ui.read(ids.HIST_EARLIER)
        for ident in (ids.hist_round(191), ids.HIST_EARLIER, ids.HIST_BACK):
            assert ui.by_id(ident).bounding_box()["height"] >= 44, ident
        ui.shot("phone-history-200-rounds", keep=True)
        first_of_191 = next(i for i, a in enumerate(actions) if a["type"] == "start_round"
                            and sum(b["type"] == "start_round" for b in actions[:i + 1]) == 191)
        ui.tap_id(ids.hist_round(191))             # a closed round opens with a tap
        ui.wait_id(ids.hist_entry(first_of_191), timeout=HANG)
        assert ui.selected(ids.hist_round(191))
        ui.tap_id(ids.HIST_EARLIER)                # 10 rounds more, listed closed
        ui.wait_id(ids.hist_round(181), timeout=HANG)
        assert ui.page.locator(ui.sel(ids.hist_round(180))).count() == 0
        ui.page.set_viewport_size(TABLET)
        ui.shot("phone-history-200-rounds-tablet", keep=True)
        t = time.perf_counter()
        ui.tap_id(ids.HIST_BACK)
        ui.page.wait_for_selector(ui.sel(ids.SCREEN_HISTORY), state="detached", timeout=HANG)
        ui.wait_id(ids.TABLE_TRICK, timeout=HANG)
        print(f"back to the table with 21 rounds listed, 2 of them open: {(time.perf_counter() - t) * 1000:.0f} ms wall")
        assert ui.no_crash_overlay()
    finally:
        phone.close(ui)


FULL_JS = """() => {  // IndexedDB writes refused while self.__kityFull, as a full storage refuses them
    if (!self.__kityPut) {
        self.__kityPut = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (...a) {
            if (self.__kityFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
            return self.__kityPut.apply(this, a);
        };
    }
}"""


def test_a_full_storage_is_said_until_everything_is_saved_again(pw, site, tmp_path, request):
    from bench_history import worker

    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        start_game(ui)
        g = Game(ui)
        setup_round(ui, g.bonuses)
        py = worker(ui.page)
        py.evaluate(FULL_JS)
        first = g.turn()
        g.play(first, g.legal(first))              # saved
        assert ui.page.locator(ui.sel(ids.STORAGE_WARNING)).count() == 0
        py.evaluate("() => { self.__kityFull = true; }")
        second = g.turn()
        g.play(second, g.legal(second))            # not saved: the storage is «full»
        ui.wait_text(ids.STORAGE_WARNING, "Место для Китов в браузере закончилось")
        ui.shot("phone-storage-full", keep=True)
        g.undo()                                   # the next entry: not saved either
        ui.page.wait_for_timeout(1500)
        assert "закончилось" in ui.read(ids.STORAGE_WARNING)  # still said (it was cleared before)
        g.play(second, g.legal(second))
        ui.page.wait_for_timeout(1000)
        assert "закончилось" in ui.read(ids.STORAGE_WARNING)
        py.evaluate("() => { self.__kityFull = false; }")
        third = g.turn()
        g.play(third, g.legal(third))              # the trick's last card; this copy succeeds
        ui.page.wait_for_selector(ui.sel(ids.STORAGE_WARNING), state="detached")
        ui.wait_text(ids.NOTICE, "Всё снова сохранено")
        Phone.load(ui, reload=True)                # a reload finds every entry: the trick complete
        if ui.page.locator(ui.sel(ids.RESULT_WINNER)).count() == 0:
            ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_id(ids.RESULT_WINNER)
        assert phone.left_origin == []
    finally:
        phone.close(ui)


def test_a_past_game_whose_files_are_damaged_is_listed_as_such_and_says_why(browser, tmp_path):
    """(The computer edition: the same screens, a data folder prepared beforehand.)"""
    import bench  # scripts/bench.py: a folder of archived games

    from .conftest import PHONE, Server, UI

    data = tmp_path / "data"
    bench.history_folder(str(data), 2)      # the whale games are 1 and 2
    index = json.loads((data / "archive.json").read_text(encoding="utf-8"))["games"]
    bad = next(r["game_id"] for r in index.values() if r["seq"] == 2)
    (data / "archive" / f"{bad}.json").write_text('{"game": {"1": {"game_id": "', encoding="utf-8")  # torn
    server = Server(data, tmp_path)
    server.start()
    try:
        for size, viewport in (("phone", PHONE), ("tablet", TABLET)):
            ctx = browser.new_context(viewport=viewport, locale="ru-RU", color_scheme="light")
            ctx.set_default_timeout(15000)
            ui = UI(ctx.new_page(), server, tmp_path / "shots")
            ui.open()
            ui.tap_id(ids.HOME_STATS)
            ui.wait_text(ids.stats_damaged(2), "Запись повреждена")
            assert ui.page.locator(ui.sel(ids.stats_damaged(1))).count() == 0
            ui.page.mouse.move(200, 500)
            ui.page.mouse.wheel(0, 3000)               # down to the list of games
            ui.shot(f"stats-damaged-game-{size}", keep=True)
            ui.tap_id(ids.stats_game(2))
            ui.wait_text(ids.STATS_DAMAGED, "нельзя выгрузить или продолжить")
            assert ui.page.locator(ui.sel(f"{ids.STATS_EXPORT}-save")).count() == 0
            ui.shot(f"stats-damaged-detail-{size}", keep=True)
            assert ui.no_crash_overlay()
            ctx.close()
    finally:
        server.stop()
