"""The page's file picker, clipboard and share sheet: one of each per page, made once and kept
until the page goes (as its wakelock: ``awake.py``), shared by every panel that reads or hands
out a file (``records.py``, the archive in Settings, the league's evening).

Before (issue 53), each such panel made its own three at every opening of its screen, and the
web client set up three new services each time: about 0.1 s of the statistics' first opening in
the phone edition. The app makes the page's set while the phone is idle after the start
(``app.made_ahead``), so no screen's opening pays for it.
"""
from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from ..base.per_page import PerPage

_SERVICES: PerPage[dict[str, Any]] = PerPage()  # page → its services (strong references)


def page_services(page: ft.Page) -> dict[str, Any]:
    """``{"picker": FilePicker, "clip": Clipboard, "share": Share, "uploads": {name: future}}``
    of ``page``, made on first use (where the page is Flet's current one, so that they register
    with it). ``uploads``: the futures of files being uploaded, by name (the picker's upload
    events settle them)."""
    svc = _SERVICES.get(page)
    if svc is None:
        uploads: dict[str, asyncio.Future] = {}

        def on_upload(e) -> None:
            fut = uploads.get(e.file_name)
            if fut is not None and not fut.done() and (e.error or (e.progress or 0) >= 1.0):
                fut.get_loop().call_soon_threadsafe(fut.set_result, e.error)

        svc = {"picker": ft.FilePicker(on_upload=on_upload), "clip": ft.Clipboard(), "share": ft.Share(),
               "uploads": uploads}
        _SERVICES[page] = svc
    return svc
