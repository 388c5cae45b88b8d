"""The session the app's screens use: the generic log session (:mod:`companion.session.log_session`,
Flet-free), made observable for Flet's declarative UI — a screen that reads ``version``
re-renders on every change. The current game's view is ``session.game``.

What a device's screen shows (issue 43). An entry is made on the state the device showed when
it was tapped (``LogSession.shown``; another state → refused as stale). The server cannot take
that from the screen's handlers: Flet redraws a screen on the server as soon as another device's
change arrives, and the handler a late tap reaches is the new drawing's, while the phone still
showed the old one (two different cards tapped at once both went in). So each device confirms
what it drew: after a change from another device is drawn, the app asks the device a question
(:func:`confirm_shown`) whose answer comes back on the same connection after everything sent
before it was applied; a tap that arrives before that answer was made on the old screen."""
from __future__ import annotations

import asyncio
import logging

import flet as ft

from ..core.game_view import Question
from ..core.history import StateId
from ..core.outcome import DONE, Change, Notice, Outcome
from ..core.summary import game_of, parse_time
from ..session.log_session import LogSession

from ..session.relay import RelayedSession

# a phone that follows another phone's table sends its changes to that phone (relay; issue 40)
Session = ft.observable(RelayedSession)

log = logging.getLogger("kity")

CONFIRM_WITHIN = 10.0  # seconds a device has to answer; no answer: its entries wait for the next


async def confirm_shown(page: ft.Page, session: LogSession) -> None:
    """``page``'s device now shows the state ``session`` holds (if it did not already): make it
    the state its entries are made on once the device has answered a question sent after that
    state's redraw (Flet's ``get_device_info``: a device answers in the order it was asked,
    after applying all that came before). Called after every change from another device (and
    on a reconnect). The redraw of that change is sent first: Flet's update loop, woken by the
    change, runs before this continues."""
    state: StateId = session.state_id
    if session.shown == state:
        return
    for _ in range(2):
        await asyncio.sleep(0)
    try:
        await asyncio.wait_for(page.get_device_info(), CONFIRM_WITHIN)
    except (TimeoutError, asyncio.TimeoutError):
        log.debug("a device did not confirm what it shows")
        return
    except Exception:  # the device answered, though not with what Flet expects: an answer all the same
        log.debug("device info", exc_info=True)
    if session.state_id == state:  # (a newer change is confirmed by its own question)
        session.mark_shown(state)


__all__ = ["DONE", "Change", "Notice", "Outcome", "Question", "Session", "StateId", "confirm_shown", "game_of",
           "parse_time"]
