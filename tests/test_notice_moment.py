"""A calm confirmation belongs to the moment it was said (issue 50: «Вика +1» was shown again
minutes after it happened, back on the table): once the game has moved on, a screen drawn again
does not say it again. A problem stays until it is closed or the next action."""
from __future__ import annotations

from types import SimpleNamespace

import companion.ui as ui
from companion.ui.state import Notice


def test_an_info_notice_is_not_said_again_once_the_game_moved_on(monkeypatch):
    session = SimpleNamespace(state_id=("g", 7))
    monkeypatch.setattr(ui, "this_session", lambda: session)
    gain = Notice(lambda: "Вика +1", "info", "/game")
    board = SimpleNamespace(notice=gain)
    shown = ui._shown_on("/game")
    assert shown(board) is gain
    assert shown(board) is gain  # drawn again at the same state: still said
    assert ui._shown_on("/settings")(board) is None  # another screen: never
    session.state_id = ("g", 8)  # the next entry (this phone's or another's)
    assert shown(board) is None


def test_a_problem_stays_until_closed_whatever_the_game_does(monkeypatch):
    session = SimpleNamespace(state_id=("g", 1))
    monkeypatch.setattr(ui, "this_session", lambda: session)
    refused = Notice(lambda: "Нет связи со столом…", "problem", "/game")
    board = SimpleNamespace(notice=refused)
    shown = ui._shown_on("/game")
    assert shown(board) is refused
    session.state_id = ("g", 2)
    assert shown(board) is refused


def test_outside_a_page_the_notice_is_shown_and_its_moment_taken_later(monkeypatch):
    monkeypatch.setattr(ui, "this_session", lambda: None)
    n = Notice(lambda: "Лена +3", "info", None)
    board = SimpleNamespace(notice=n)
    assert ui._shown_on("/game")(board) is n
    session = SimpleNamespace(state_id=("g", 3))
    monkeypatch.setattr(ui, "this_session", lambda: session)
    assert ui._shown_on("/game")(board) is n  # its moment: the first drawing on a page
    session.state_id = ("g", 4)
    assert ui._shown_on("/game")(board) is None
