"""The phone edition (issue 16): ``scripts/publish.py`` builds the static folder once per run;
``python3 -m http.server`` serves it on 127.0.0.1; chromium at 412×915 runs the whole app in
the page (Python in a web worker), with no server behind it.

* a whale game started, a trick entered (three cards, the reward) and a card of the next;
  reload → the same trick, round line and totals; the profile closed and
  opened again (a second browser context on the same profile) → the same game; the network
  cut → a reload starts the app from the service worker's cache; export → a file that
  ``python -m engine replay`` accepts; import of that file → filed in the history;
* a «Вжух!» party entered; reload → the same totals (VZ-SCORE); a second tab of the same
  profile says the app is open in another tab;
* in both, no request ever leaves the page's origin (a route aborts and records it).
"""
from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from companion.base import ids
from companion.vzhuh import ids as vz

from . import engines
from .conftest import REPO, TABLET
from .phone import START, Phone, cached_files
from .test_game_flow import Game, card_name_ru, play_tricks, setup_round, start_game
from .test_vzhuh import PLAYERS as VZ_PLAYERS, first_party

pytestmark = pytest.mark.e2e

def test_whale_game_survives_reload_restart_and_offline_and_its_record_goes_out_and_in(pw, site, tmp_path, request):
    # installable as «Киты»: name, colour, standalone, portrait, icons that exist
    manifest = json.loads((site["out"] / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["name"], manifest["short_name"], manifest["theme_color"], manifest["display"],
            manifest["orientation"]) == ("Киты", "Киты", "#1E6A8D", "standalone", "portrait")
    assert all((site["out"] / icon["src"]).is_file() for icon in manifest["icons"])
    assert "@rive-app/flutter-native-wasm" not in (site["out"] / "main.dart.js").read_text(encoding="utf-8")
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        # no computer's table mode in the browser; its «Позвать игроков» links phones instead (issue 40)
        assert ui.page.locator(ui.sel(ids.HOME_INVITE)).count() == 1
        # the browser was asked, once, to keep the data (navigator.storage.persist())
        assert ui.page.evaluate("localStorage.getItem('kity-persist-asked')") == "1"
        ui.shot("phone-edition-home", keep=True)
        # 20 s at idle on Home: no request, ≤ 5 % of a core for the whole browser (issue 47; the
        # same check runs in Firefox and WebKitGTK: test_phone_engines.py)
        asked: list[str] = []
        ui.page.wait_for_timeout(3000)
        ui.page.on("request", lambda r: asked.append(r.url))
        browser_pid = engines.browser_pid(str(tmp_path / "profile"))
        cpu0 = engines.tree_cpu_seconds(browser_pid)
        ui.page.wait_for_timeout(20000)
        cpu = engines.tree_cpu_seconds(browser_pid) - cpu0
        print(f"chromium: idle on Home {cpu:.2f} s of CPU in 20 s, {len(asked)} requests")
        assert asked == [] and cpu <= 1.0, (cpu, asked[:5])
        start_game(ui)
        g = Game(ui)
        setup_round(ui, g.bonuses)
        play_tricks(g, 1)                  # a whole trick: three cards, the winner's reward
        ui.wait_id(ids.TABLE_TURN)
        first = g.turn()
        card = g.legal(first)
        g.play(first, card)                # and the first card of the next one
        trick = f"{first}: {card_name_ru(card)}"
        where = ui.read(ids.TABLE_ROUND)
        totals = [ui.read(ids.player_total(i)) for i in range(3)]

        # reload: the game is where it was (the entry was in IndexedDB before it was shown)
        phone.load(ui, reload=True)
        if ui.page.locator(ui.sel(ids.TABLE_TRICK)).count() == 0:
            ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_text(ids.TABLE_TRICK, trick)
        assert ui.read(ids.TABLE_ROUND) == where and "взятка 2" in where
        assert [ui.read(ids.player_total(i)) for i in range(3)] == totals
        ui.shot("phone-edition-table", keep=True)
        # the service worker has every file of the build (sw.js lists them: index.html as ./),
        # and of the web client's two builds the one this browser runs (the offline start below
        # needs it)
        expected = site["precached"] + 3  # main.dart.{mjs,wasm} and skwasm.{js,wasm} at least
        deadline = time.monotonic() + 60
        while cached_files(ui) < expected and time.monotonic() < deadline:
            ui.page.wait_for_timeout(500)
        assert cached_files(ui) >= expected
        phone.close(ui)

        # a second browser context on the same profile, after closing the first
        ui = phone.open()
        if ui.page.locator(ui.sel(ids.TABLE_TRICK)).count() == 0:
            ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_text(ids.TABLE_TRICK, trick)

        # no network at all: a reload still starts the app, the game still there
        phone.ctx.set_offline(True)
        phone.load(ui, reload=True)
        if ui.page.locator(ui.sel(ids.TABLE_TRICK)).count() == 0:
            ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_text(ids.TABLE_TRICK, trick)

        # export: a download the engine's replay command accepts (0 valid, 1 violations; 2 = unreadable)
        ui.tap_id("table-history")
        ui.wait_id(ids.SCREEN_HISTORY)
        with ui.page.expect_download() as dl:
            ui.tap_id(f"{ids.HIST_EXPORT}-save")
        saved = tmp_path / dl.value.suggested_filename
        dl.value.save_as(saved)
        replay = subprocess.run([sys.executable, "-m", "engine", "replay", str(saved)], cwd=REPO,
                                capture_output=True, text=True, timeout=60)
        assert replay.returncode in (0, 1), replay.stderr
        assert json.loads(saved.read_text(encoding="utf-8"))["format"] == "kozyrnye-kity/1"
        # import: the browser reads the chosen file (no upload: there is no server)
        with ui.page.expect_file_chooser() as fc:
            ui.tap_id(ids.IMPORT_PICK)
        fc.value.set_files(str(saved))
        ui.wait_text(ids.IMPORT_RESULT, "добавлена в историю")
        ui.page.set_viewport_size(TABLET)
        ui.shot("phone-edition-history-tablet", keep=True)
        assert phone.left_origin == []
    finally:
        phone.close(ui)


def test_vzhuh_party_survives_a_reload(pw, site, tmp_path, request):
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        # party 1: Аня 3+3 = 6, Боря 10, Вика 0 (VZ-SCORE: the sum of the penalty cards)
        totals = first_party(ui)
        assert totals == ["6", "10", "0"]
        phone.load(ui, reload=True)
        if ui.page.locator(ui.sel(vz.SCREEN_SCORE)).count() == 0:
            ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_text(vz.PARTY_TITLE, "Партия 2 из 3")
        assert [ui.read(vz.total(i)).strip() for i in range(len(VZ_PLAYERS))] == totals
        ui.shot("phone-edition-vzhuh", keep=True)
        # a second tab while this one is open: it says so and leaves the games alone (the
        # browser's lock on the games, companion/base/platform.py)
        other = phone.ctx.new_page()
        other.goto(site["url"])
        other.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
        other.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
        other.get_by_text("Киты уже открыты в другой вкладке").wait_for(timeout=START)
        other.close()
        assert [ui.read(vz.total(i)).strip() for i in range(len(VZ_PLAYERS))] == totals
        assert phone.left_origin == []
    finally:
        phone.close(ui)
