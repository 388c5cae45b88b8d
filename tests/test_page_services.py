"""One file picker, clipboard and share sheet per page (issue 53): made while the phone is idle
after the start, and the same ones for every panel that reads or hands out a file. Before, each
panel made its own three at every opening of its screen, and the web client set up three new
services each time (about 0.1 s of the statistics' first opening in the phone edition).

The app runs on a Flet session whose connection is a fake one (``scripts/profile_tap.py``'s), in
a data folder of its own; the screens are opened by their keys, as a tap would."""
from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

import flet as ft

from companion.base import ids
from test_session_helpers import run_coroutine

ROOT = Path(__file__).resolve().parents[1]


def _fake_connection():
    spec = importlib.util.spec_from_file_location("profile_tap", ROOT / "scripts" / "profile_tap.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pickers(page) -> list:
    return [s for s in page._services._services if isinstance(s, ft.FilePicker)]


def test_a_page_has_one_file_picker_made_ahead_and_shared_by_every_screen(tmp_path, monkeypatch):
    pt = _fake_connection()
    from companion import app

    monkeypatch.setenv("KITY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(app, "follow_the_table", lambda *a: None)
    monkeypatch.setattr(app, "release_when_gone", lambda *a: None)
    monkeypatch.setattr(app, "AHEAD_AFTER", 0.0)

    async def go():
        conn, session, page = await pt.start_app()
        for _ in range(50):  # the idle moment after the start (made_ahead)
            if _pickers(page):
                break
            await asyncio.sleep(0.01)
        ahead = _pickers(page)
        seen = []
        for tap, there in ((ids.HOME_STATS, ids.IMPORT_PICK), (ids.HOME_SETTINGS, ids.SET_ARCHIVE),
                           (ids.HOME_STATS, ids.IMPORT_PICK)):
            await session.dispatch_event(pt.by_id(session, tap)._i, "click", None)
            await pt.settle(conn)
            pt.by_id(session, there)  # the screen with its panel is shown
            seen.append(_pickers(page))
            page.navigate("/")
            await pt.settle(conn)
        return ahead, seen

    ahead, seen = run_coroutine(go())
    assert len(ahead) == 1  # made before any panel asked for it
    assert all(found == ahead for found in seen), (ahead, seen)  # the same one, never another
