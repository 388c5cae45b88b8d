"""``use_select``'s listener (companion/ui/__init__.py): a component that selects a value from the
session is redrawn when that value changes, once, and not on the session's other changes
(issue 18: Home lies under the table and must not be redrawn by every entry on every phone).
Flet-free: the real observable session on a store, the listener driven by its changes."""
from __future__ import annotations

from companion.ui.session import Session
from companion.store.repository import Store
from companion.ui import _Selection

NAMES = ["Аня", "Боря", "Вика"]
PARTY = {"Аня": {"points": 3}, "Боря": {"cards": {"3": 1}, "jokers": 0}, "Вика": {"points": 0}}  # VZ-SCORE


def session(tmp_path) -> Session:
    s = Session(Store.open(tmp_path))
    assert s.new_game(NAMES, game="vzhuh", first=0).ok
    return s


def watch(s, select):
    """A selection as a component makes it, and the redraws it asks for."""
    redraws = []
    sel = _Selection(select, select(s))
    sel.dispose = s.subscribe(sel.listener(s, redraws.append))
    return sel, redraws


def test_a_redraw_only_when_the_selected_value_changes(tmp_path):
    s = session(tmp_path)
    game, game_redraws = watch(s, lambda s: (s.active, s.kind))
    entries, entry_redraws = watch(s, lambda s: len(s.log))

    assert s.game.record_party(PARTY).ok
    assert entry_redraws and len(entry_redraws) == 1  # one redraw for one entry
    assert game_redraws == []                          # the game did not change: no redraw
    assert entries.value == 1

    assert s.undo().ok
    assert len(entry_redraws) == 2 and entries.value == 0
    assert game_redraws == []

    assert s.abandon().ok                              # the game stops: now it is redrawn
    assert len(game_redraws) == 1 and game.value[0] is False


def test_a_closed_selection_asks_for_nothing(tmp_path):
    s = session(tmp_path)
    sel, redraws = watch(s, lambda s: len(s.log))
    sel.close()
    sel.close()  # a second close (the effect's cleanup after an unmount) is harmless
    assert s.game.record_party(PARTY).ok
    assert redraws == []


def test_a_selector_that_fails_asks_for_a_redraw(tmp_path):
    """The redraw renders the part's calm message (safe_render), rather than leaving stale text."""
    s = session(tmp_path)
    calls = []

    def select(s):
        calls.append(1)
        if len(calls) > 1:
            raise ValueError("broken")
        return len(s.log)

    _, redraws = watch(s, select)
    assert s.game.record_party(PARTY).ok
    assert len(redraws) == 1


def test_the_selection_is_computed_once_an_entry(tmp_path):
    """Only ``version`` announces a change (LogSession): the session's other fields, set on the
    way (revision, notice, question), do not make every selection run again."""
    s = session(tmp_path)
    calls = []
    _, redraws = watch(s, lambda s: calls.append(1) or len(s.log))
    calls.clear()
    assert s.game.record_party(PARTY).ok
    assert len(calls) == 1 and len(redraws) == 1
