"""Keeping the screen on: one ``ft.Wakelock`` per page, shared by the app's «keep the screen on»
setting (``companion/app.py``) and the screens that ask for it again when they show (the table:
a browser drops its wake lock whenever the tab is hidden)."""
from __future__ import annotations

import logging
from typing import Any

import flet as ft

from ..base.per_page import PerPage

log = logging.getLogger("kity")

_LOCKS: PerPage[Any] = PerPage()  # page → its Wakelock (False where none can be made)


def page_wakelock(page: ft.Page) -> ft.Wakelock | None:
    """The page's one wakelock service, made on first use (in a component, so that it registers
    with the page); kept here, a strong reference, until the page goes."""
    wl = _LOCKS.get(page)
    if wl is None:
        try:
            wl = ft.Wakelock()
        except Exception:
            log.warning("wakelock not available", exc_info=True)
            wl = False
        _LOCKS[page] = wl
    return wl or None


def use_keep_awake(on: bool) -> None:
    """Keep the screen on while ``on`` (the setting), else let it sleep. Each component that
    calls this applies it again when it mounts."""
    wl = page_wakelock(ft.context.page)

    async def apply():
        if wl is None:
            return
        try:
            if on:
                await wl.enable()
            else:
                await wl.disable()
        except Exception:  # not supported on this device/browser: the setting is harmless
            log.warning("wakelock not available", exc_info=True)

    ft.use_effect(apply, dependencies=[on])
