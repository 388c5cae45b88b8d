"""Issue 53, the archive going out in the phone edition: Settings → «Сохранить архив» reads every
kept game a step at a time under a bar, and the page itself saves the file (the bytes handed over
on the BroadcastChannel "kity-export", companion/web/file-export.js): the web client's own
download of a 29 MiB archive froze the screen for half a minute. What is saved is every kept game
and the people, the file another phone takes in."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.base import ids

from .phone import Phone
from .test_phone_files import pick
from .test_phone_no_sw import _archive

pytestmark = pytest.mark.e2e

MANY = 300
HEARD_JS = """() => { window.__heard = []; const c = new BroadcastChannel("kity-export");
  c.onmessage = e => window.__heard.push(e.data && (e.data.kityExported ? "saved" : e.data.kityExport ? "handed" : "?")); }"""


def test_the_archive_goes_out_through_the_page_whole(pw, site, tmp_path, request):
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        ui.tap_id(ids.HOME_STATS)
        ui.wait_id(ids.STATS_EMPTY)
        sent = _archive(MANY)
        path = tmp_path / "kity-archive_2026-11-30.json"
        path.write_text(json.dumps(sent, ensure_ascii=False), encoding="utf-8")
        pick(ui, path, f"новых игр {MANY}", timeout=180_000)
        ui.back()
        ui.tap_id(ids.HOME_SETTINGS)
        ui.wait_id(ids.SET_ARCHIVE)
        ui.into_view(ids.SET_ARCHIVE)
        ui.page.evaluate(HEARD_JS)
        with ui.page.expect_download(timeout=120_000) as dl:
            ui.by_id(ids.SET_ARCHIVE).click()
        got = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
        assert dl.value.suggested_filename.startswith("kity-archive_") and dl.value.suggested_filename.endswith(".json")
        assert got["format"] == "kity-archive/1" and got["people"] == []
        assert [g["game_id"] for g in got["games"]] == [g["game_id"] for g in sent["games"]]
        assert [g["summary"] for g in got["games"]] == [g["summary"] for g in sent["games"]]
        ui.page.wait_for_function("() => window.__heard.includes('saved')", timeout=10_000)
        assert ui.page.evaluate("() => window.__heard") == ["handed", "saved"]  # the page saved it, once
        ui.page.wait_for_selector(ui.sel(ids.EXPORT_PROGRESS), state="detached", timeout=10_000)
        ui.wait_enabled(ids.SET_ARCHIVE)
        assert json.dumps(phone.left_origin) == "[]"
    finally:
        phone.close(ui)
