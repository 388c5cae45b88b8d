"""Issue 43: an entry carries the state it was made on; made on a state the game has left, it is
refused and nothing is written. Flet-free: two :class:`LogSession` objects on one store, as two
phones at the table get them. Before, two phones that entered *different* cards at the same
moment both got them saved — the second as the next player's card — and neither was told
(only the same card was refused, by the rules)."""
from __future__ import annotations

import random

import pytest

from engine.kozyrnye_kity.record import action_to_json, facts_to_json
from engine.kozyrnye_kity.simulate import simulate_game, synthetic_profile

from companion.base.i18n import translate
from companion.session.log_session import LogSession
from companion.store.repository import Store

NAMES = ["Лена", "Миша", "Ёжик"]


@pytest.fixture()
def table(tmp_path):
    """Two sessions on one game in progress (the deck's facts told), and the next entries of a
    seeded legal game."""
    rng = random.Random(11)
    prof = synthetic_profile(rng)
    sm = simulate_game(rng, NAMES, profile=prof)
    store = Store.open(tmp_path)
    for card, f in prof.items():
        store.set_fact(card.id, facts_to_json(f))
    a = LogSession(store)
    assert a.new_game(NAMES).ok
    actions = [action_to_json(x, sm.start.players) for x in sm.actions]
    for action in actions[:6]:
        assert a.do(action).ok
    b = LogSession(store)
    assert b.log == a.log
    yield store, a, b, actions[6:]
    store.close()


def stored(store: Store) -> tuple[int, list]:
    cur = store.current()
    return cur.revision, list(cur.actions)


def test_two_phones_enter_from_the_same_state_one_is_refused_and_nothing_extra_is_saved(table):
    store, a, b, nxt = table
    drawn = a.state_id
    assert b.state_id == drawn == (a.game_id, 6)  # the game and its stored revision
    assert a.do(nxt[0], seen=drawn).ok
    b.sync()  # the other phone has caught up before its tap is handled (the race of the issue)
    before = stored(store)
    out = b.do(nxt[1], seen=drawn)  # another card, legal as the next player's: made on `drawn`
    assert not out.ok and out.stale
    assert stored(store) == before  # nothing written
    assert b.log == a.log and len(b.log) == 7 and b.state_id == a.state_id
    assert b.notice is out.notice  # the phone shows why, over the game as it is now
    # made on the state it now shows, the same entry goes in
    assert b.do(nxt[1], seen=b.state_id).ok and stored(store)[1][-1] == nxt[1]


def test_undo_redo_and_corrections_against_an_entry_are_refused_too(table):
    store, a, b, nxt = table
    drawn = b.state_id
    assert a.do(nxt[0]).ok and b.sync()
    before = stored(store)
    for change in (lambda: b.undo(seen=drawn), lambda: b.redo(seen=drawn),
                   lambda: b.edit(5, b.log[5], seen=drawn), lambda: b.insert(6, nxt[1], seen=drawn),
                   lambda: b.delete(6, seen=drawn)):
        out = change()
        assert not out.ok and out.stale, out
        assert stored(store) == before
    assert b.log[-1] == nxt[0] and b.can_undo  # the entry the undo was aimed past is still there
    # the undo made on the state with that entry takes it back
    assert b.undo(seen=b.state_id).ok and len(stored(store)[1]) == 6


def test_a_device_enters_on_what_its_screen_is_known_to_show(table):
    """The app's way (``seen`` left out): ``shown`` is what the device's screen is known to
    show — a change from another device counts for it once the device confirmed it drew it;
    its own change counts at once."""
    store, a, b, nxt = table
    b.mark_shown(b.state_id)  # the phone drew the game as it is
    assert a.do(nxt[0]).ok and b.sync()
    out = b.do(nxt[1])  # tapped before the phone showed the other's entry
    assert out.stale and len(stored(store)[1]) == 7
    b.mark_shown(b.state_id)  # the phone confirmed it shows the new state
    assert b.do(nxt[1]).ok and b.shown == b.state_id  # its own change: shown at once
    assert b.do(nxt[2]).ok and len(stored(store)[1]) == 9  # its next entry needs no confirmation
    assert a.shown is None and a.sync() and a.do(nxt[3]).ok  # a session not followed checks nothing more


def test_the_refusal_says_why_in_both_languages(table):
    from companion.base import i18n
    from companion.widgets.notices import session_text

    store, a, b, nxt = table
    drawn = b.state_id
    assert a.do(nxt[0]).ok and b.sync()
    notice = b.do(nxt[1], seen=drawn).notice
    msg = "Another phone made its entry first: the table is updated, yours was not saved."
    try:
        for lang in ("ru", "en"):
            i18n.set_language(lang)
            assert session_text(notice) == translate(lang, msg)
    finally:
        i18n.set_language("ru")
    assert translate("ru", msg) == "Другой телефон внёс свой ход первым: стол обновлён, ваш ввод не записан."


def test_a_phone_that_had_not_caught_up_is_told_its_entry_was_not_saved(table):
    """Issue 53: the phone that lost a race was told «Игру изменили на другом экране; показано
    последнее состояние.» whenever its tap was handled before it had caught up with the other
    phone's entry (16 of 42 races) — nothing said its own entry was not saved. Now the words are
    the same whichever came first: the entry, the undo or the correction was not saved."""
    from companion.widgets.notices import session_text

    store, a, b, nxt = table
    drawn = b.state_id
    changes = (lambda: b.do(nxt[1], seen=drawn), lambda: b.undo(seen=drawn), lambda: b.redo(seen=drawn),
               lambda: b.edit(5, b.log[5], seen=drawn), lambda: b.insert(6, nxt[1], seen=drawn),
               lambda: b.delete(5, seen=drawn))
    for k, change in enumerate(changes):
        assert a.do(nxt[k]).ok  # the other phone's entry; this one has not caught up (no sync)
        before = stored(store)
        drawn = b.state_id
        out = change()
        assert not out.ok and out.stale and out.notice.key == "session.stale", out.notice
        assert stored(store) == before and b.state_id == a.state_id  # nothing written; shown as it is
        assert session_text(out.notice) == "Другой телефон внёс свой ход первым: стол обновлён, ваш ввод не записан."


def test_an_entry_that_loses_the_write_itself_is_told_it_was_not_saved(table, monkeypatch):
    """The other phone's entry lands between this phone's check and its write (the store refuses
    the compare-and-swap): the same words."""
    from companion.store.repository import RevisionConflict

    store, a, b, nxt = table
    real = store.append_action

    def first(game_id, revision, action):  # the other phone writes just before this one
        monkeypatch.setattr(store, "append_action", real)
        assert a.do(nxt[0]).ok
        raise RevisionConflict(revision + 1, game_id)

    monkeypatch.setattr(store, "append_action", first)
    out = b.do(nxt[0])
    assert not out.ok and out.stale and out.notice.key == "session.stale"
    assert stored(store)[1][-1] == nxt[0] and len(stored(store)[1]) == 7 and b.state_id == a.state_id


def test_the_same_entry_made_on_two_phones_says_it_is_on_the_table(table):
    """Issue 50: the loser of a race for the very same card is not told "yours was not saved"
    as if its card were lost: that card is on the table, and it says so."""
    from companion.widgets.notices import session_text

    store, a, b, nxt = table
    drawn = b.state_id
    assert a.do(nxt[0], seen=drawn).ok and b.sync()
    out = b.do(nxt[0], seen=drawn)  # the same card, tapped on the same state
    assert not out.ok and out.stale and out.notice.key == "session.same"
    assert stored(store)[1].count(nxt[0]) == 1
    assert session_text(out.notice) == translate("ru", "Another phone entered the same first: it is on the table once.")
    # the same card as its screen's tap makes it when handled after the other's entry: as the
    # next player's (the table screen asks whose turn it is then) — still the same card
    as_next = {**nxt[0], "player": b.game.to_act()}
    assert as_next != nxt[0] and nxt[0]["type"] == "play"
    out = b.do(as_next, seen=drawn)
    assert out.stale and out.notice.key == "session.same"
    out = b.do(nxt[1], seen=drawn)  # another card: not saved, and said so
    assert out.stale and out.notice.key == "session.stale"
