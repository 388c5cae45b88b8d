"""The session the app's screens use: the generic log session (:mod:`companion.log_session`,
Flet-free), made observable for Flet's declarative UI — a screen that reads ``version``
re-renders on every change. The current game's view is ``session.game``."""
from __future__ import annotations

import flet as ft

from .game_view import Change, Question
from .log_session import DONE, LogSession, Notice, Outcome, game_of, parse_time

from .network.relay import RelayedSession  # noqa: E402

# a phone that follows another phone's table sends its changes to that phone (relay; issue 40)
Session = ft.observable(RelayedSession)

__all__ = ["DONE", "Change", "Notice", "Outcome", "Question", "Session", "game_of", "parse_time"]
