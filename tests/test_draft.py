"""The table's draft of a whale round's setup (issue 50, ``companion/session/draft.py``): any
phone enters the trump, a player's first bonus or the first player; the race rule of entries,
field by field; the game's rules (R-SETUP-2, R-SETUP-4, RUL-FIVE-BONUS, R-COMP) checked on
every change; empty again once the game moves on."""
from __future__ import annotations

import pytest

from companion.core.outcome import DONE
from companion.session.draft import Draft
from companion.session.log_session import LogSession
from companion.session.relay import RelayedSession
from companion.store.repository import Store

PLAYERS = ["Лена", "Миша", "Ёжик", "Ира"]


@pytest.fixture
def session(tmp_path):
    s = LogSession(Store.open(tmp_path / "d"))
    assert s.new_game(PLAYERS).ok
    yield s
    s.store.close()


def rule_of(out) -> str:
    assert not out.ok
    return out.notice.error.rule


def test_each_field_is_kept_in_the_store_and_every_session_of_it_reads_it(session, tmp_path):
    d = Draft(session)
    assert d.values() == {}
    assert d.put("trump", "orca-7", None).ok
    assert d.put("bonus/2", "narwhal-3", None).ok
    assert d.put("leader", "Ира", None).ok
    assert d.values() == {"trump": "orca-7", "bonus/2": "narwhal-3", "leader": "Ира"}
    # another screen of the same folder (a second tab on the computer) reads the same draft
    other = LogSession(session.store)
    assert Draft(other).values() == {"trump": "orca-7", "bonus/2": "narwhal-3", "leader": "Ира"}
    # a field cleared
    assert d.put("leader", None, "Ира").ok
    assert d.values() == {"trump": "orca-7", "bonus/2": "narwhal-3"}


def test_the_race_is_field_by_field_the_later_change_is_refused_and_said(session):
    d = Draft(session)
    assert d.put("bonus/0", "orca-1", None).ok
    # a phone that still showed no bonus for Лена: another phone chose first
    late = d.put("bonus/0", "orca-2", None)
    assert not late.ok and late.notice.key == "session.draft-stale"
    # the very same card: entered once, and said so
    same = d.put("bonus/0", "orca-1", None)
    assert not same.ok and same.notice.key == "session.draft-same"
    assert d.values() == {"bonus/0": "orca-1"}
    # another field never races: Миша's bonus from a phone that showed the draft before Лена's
    assert d.put("bonus/1", "orca-3", None).ok
    assert d.values() == {"bonus/0": "orca-1", "bonus/1": "orca-3"}


def test_the_games_rules_are_checked_on_every_change(session):
    d = Draft(session)
    assert rule_of(d.put("trump", "5", None)) == "R-SETUP-2"  # a drawn 5: draw another
    assert rule_of(d.put("bonus/0", "5", None)) == "RUL-FIVE-BONUS"
    assert d.put("bonus/0", "orca-1", None).ok
    assert rule_of(d.put("bonus/1", "orca-1", None)) == "R-COMP"  # every card exists once
    for name, value in (("bonus/4", "orca-2"), ("bonus/x", "orca-2"), ("leader", "Вася"), ("colour", "red"),
                        ("trump", 7), ("bonus/1", "kraken-1")):
        out = d.put(name, value, None)
        assert not out.ok, (name, value)
    assert d.values() == {"bonus/0": "orca-1"}


def test_the_draft_is_empty_once_the_round_starts_and_the_start_uses_it(session):
    d = Draft(session)
    for name, value in (("trump", "orca-7"), ("bonus/0", "orca-1"), ("bonus/1", "orca-2"), ("bonus/2", "orca-3"),
                        ("bonus/3", "orca-4"), ("leader", "Миша")):
        assert d.put(name, value, None).ok
    assert session.game.start_round("orca", 9, {"Лена": "orca-1", "Миша": "orca-2", "Ёжик": "orca-3",
                                                "Ира": "orca-4"}, "Миша").ok
    assert d.values() == {}
    assert not d.put("bonus/0", "orca-6", None).ok  # no round setup while a round is played
    # an undo brings the setup back, with no draft (it was the state before)
    assert session.undo().ok
    assert d.values() == {}


def test_a_guests_change_goes_to_its_host_not_to_its_own_store(tmp_path):
    s = RelayedSession(Store.open(tmp_path / "g"))
    assert s.new_game(PLAYERS).ok
    sent = []
    s.relay = lambda op: sent.append(op) or DONE
    assert Draft(s).put("bonus/1", "orca-2", None).ok
    assert sent == [{"op": "draft", "field": "bonus/1", "value": "orca-2", "was": None}]
    assert Draft(s).values() == {}
    s.store.close()


def test_after_a_round_its_end_and_the_next_setup_both_show_where_the_game_is(session):
    g = session.game
    assert g.route() == "/setup" and g.route_fits("/setup") and not g.route_fits("/game")
    assert g.start_round("orca", 9, {"Лена": "orca-1", "Миша": "orca-2", "Ёжик": "orca-3", "Ира": "orca-4"},
                         "Лена").ok
    assert session.game.route() == "/game"
    assert not session.game.route_fits("/setup") and not session.game.route_fits("/round-end")
