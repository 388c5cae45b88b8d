"""Issue 43 in the phone edition (the whole app in the browser, no server): a «Вжух!» game in
progress hands out its record from the game's menu as a download named by the one scheme
(game, date, players), which the engine reads back as the game so far."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from companion.base import ids
from companion.vzhuh import ids as vz
from engine.core.games import read_any

from .phone import Phone
from .test_vzhuh import first_party

pytestmark = pytest.mark.e2e


def test_a_running_game_downloads_its_record_from_the_menu(pw, site, tmp_path, request):
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        # party 1: Аня 3+3 = 6, Боря 10, Вика 0 (VZ-SCORE)
        assert first_party(ui) == ["6", "10", "0"]
        ui.tap_id(ids.GAME_MENU)
        with ui.page.expect_download() as dl:
            ui.tap_id(ids.GAME_MENU_SAVE)
        # the game started today on this machine's clock, in the browser's time zone (UTC here)
        assert dl.value.suggested_filename == f"vzhuh_{date.today().isoformat()}_anya-borya-vika.json"
        pkg, rec = read_any(Path(dl.value.path()).read_text(encoding="utf-8"))
        assert pkg.FORMAT == "vzhuh/1" and list(rec.players) == ["Аня", "Боря", "Вика"] and len(rec.parties) == 1
        ui.wait_text(ids.NOTICE, dl.value.suggested_filename)
        ui.wait_text(vz.PARTY_TITLE, "Партия 2 из 3")  # the game goes on where it was
        assert phone.left_origin == []
    finally:
        phone.close(ui)
