"""Table mode folds an entry once (issue 18): the session that makes a change shares what it
folded, and the other sessions on the store adopt it without reading the store or applying a
single action; a change that is no longer the store's latest is never adopted. Flet-free: two
:class:`LogSession` objects on one :class:`Store`, as two phones at the table get them."""
from __future__ import annotations

import random

import pytest

from engine.kozyrnye_kity.record import action_to_json, facts_to_json
from engine.kozyrnye_kity.simulate import simulate_game, synthetic_profile

from companion.session.log_session import LogSession
from companion.session.shared import shared
from companion.store.repository import Store

NAMES = ["Лена", "Миша", "Ёжик"]


@pytest.fixture()
def table(tmp_path, whale_applies):
    """Two sessions on one game, the deck's facts all told (no questions), the actions of a
    seeded legal game, and a counter of the engine steps every session applies."""
    rng = random.Random(5)
    prof = synthetic_profile(rng)
    sm = simulate_game(rng, NAMES, profile=prof)
    store = Store.open(tmp_path)
    for card, f in prof.items():
        store.set_fact(card.id, facts_to_json(f))
    a = LogSession(store)
    assert a.new_game(NAMES).ok
    b = LogSession(Store.open(tmp_path))
    assert b.game_id == a.game_id
    whale_applies.clear()  # the steps of the two sessions from here on
    actions = [action_to_json(x, sm.start.players) for x in sm.actions]
    return store, a, b, actions, whale_applies


def folds_by(applied, session) -> int:
    return sum(1 for s in applied if s is session)


def test_an_entry_made_on_one_phone_shows_on_the_other_without_a_fold(table):
    store, a, b, actions, applied = table
    for k, action in enumerate(actions[:8]):
        assert a.do(action).ok
        assert b.sync() is True
        assert b.log == a.log == tuple(actions[: k + 1])
        assert b.revision == a.revision == store.current().revision
        assert b.state is a.state  # the very state A folded, not a copy folded again
    assert folds_by(applied, a) == 8   # each entry applied once, by the phone that made it
    assert folds_by(applied, b) == 0   # and never by the other
    assert b.sync() is False           # nothing new: nothing to do


def test_undo_redo_and_an_edit_are_shared_too(table):
    """Before this change an undo made every other phone re-read the store and fold the whole
    game again."""
    store, a, b, actions, applied = table
    for action in actions[:10]:
        assert a.do(action).ok
    assert b.sync()
    applied.clear()
    assert a.undo().ok and b.sync()
    assert b.log == a.log == tuple(actions[:9]) and b.can_redo and b.redo_log == a.redo_log
    assert a.redo().ok and b.sync()
    assert b.log == tuple(actions[:10]) and not b.can_redo and b.can_undo
    assert a.delete(9).ok and b.sync()
    assert b.log == tuple(actions[:9]) and b.state is a.state
    assert folds_by(applied, b) == 0
    # and B writes next on the game it adopted: its revision is the stored one
    applied.clear()
    assert b.do(actions[9]).ok and a.sync() and a.log == tuple(actions[:10])
    assert folds_by(applied, a) == 0 and folds_by(applied, b) == 1


def test_the_others_hear_of_a_change_only_once_it_is_shared(table):
    """The store's watcher (the app's broadcast) runs after the writing session shared the
    change it folded, so every other session finds it there."""
    store, a, b, actions, applied = table
    heard = []
    store.watch(lambda: heard.append((store.generation, shared(store).generation if shared(store) else None)))
    try:
        for action in actions[:3]:
            assert a.do(action).ok
        assert a.undo().ok
    finally:
        store.watch(None)
    assert len(heard) == 4 and all(gen == got for gen, got in heard), heard


def test_a_stale_broadcast_is_ignored(table):
    """A change that was shared before a later write is not adopted: B shows the store."""
    store, a, b, actions, applied = table
    assert a.do(actions[0]).ok
    old = shared(store)
    assert a.do(actions[1]).ok
    assert b.sync(old) is True
    assert b.log == tuple(actions[:2]) and b.revision == a.revision  # not the one-entry state
    assert b.state is not old.states[-1]


def test_a_change_after_the_shared_one_makes_the_session_read_the_store(table):
    """Another write since the change (here: the game filed by another phone without sharing,
    as an older version would) — the shared change is no longer the store's latest."""
    store, a, b, actions, applied = table
    assert a.do(actions[0]).ok
    change = shared(store)
    store.append_action(a.game_id, a.revision, actions[1])  # written without a session
    applied.clear()
    assert b.sync(change) is True
    assert b.log == tuple(actions[:2])
    assert folds_by(applied, b) >= 1  # it folded what it read


def test_an_old_change_never_takes_a_session_back(table):
    store, a, b, actions, applied = table
    assert a.do(actions[0]).ok
    old = shared(store)
    assert a.do(actions[1]).ok and b.sync()
    assert b.sync(old) is False and b.log == tuple(actions[:2])
    # the same change offered again after B has seen it
    assert b.sync(shared(store)) is False and b.log == tuple(actions[:2])
