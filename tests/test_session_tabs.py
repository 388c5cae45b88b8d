"""Two browser tabs on one game: two Session objects on one Store in one process. No update is
lost; the tab that wrote second is told the game changed and is shown the new state — an entry
made there (a card, an undo, a correction) is told it was not saved (notice ``"stale"``, issue
53), a game started, finished or stopped there that the game changed (``"conflict"``)."""
from __future__ import annotations

import random
import threading

import pytest

from companion.ui.session import Session
from companion.store.repository import Store

from test_session_helpers import answer, call, drive, fold_stored, json_actions, sim, snapshot, teach

NAMES = ["Лена", "Миша", "Ёжик"]


def tabs(tmp_path, seed=1, taught=True, **kw):
    sm, prof = sim(seed, NAMES, **kw)
    store = Store.open(tmp_path)
    if taught:
        teach(store, prof)
    a = Session(store)
    assert a.new_game(NAMES).ok
    b = Session(Store.open(tmp_path))  # the same shared Store, as a second tab gets it
    return store, a, b, sm, prof, json_actions(sm)


def assert_conflict(out, loser: Session, winner: Session, store: Store, kind: str = "stale"):
    assert not out.ok and out.notice.kind == kind and loser.notice == out.notice
    assert snapshot(loser) == snapshot(winner) and loser.revision == winner.revision == store.current().revision
    assert loser.redo_log == winner.redo_log


def test_both_tabs_see_the_game_and_the_second_writer_is_told(tmp_path):
    store, a, b, sm, prof, actions = tabs(tmp_path)
    assert b.active and b.game_id == a.game_id and snapshot(b) == snapshot(a)

    assert call(a, actions[0]).ok and call(a, actions[1]).ok
    out = call(b, actions[2])  # B's next action: legal now, but B has not seen A's two
    assert_conflict(out, b, a, store)
    assert store.current().actions == actions[:2]  # nothing lost, nothing added
    assert call(b, actions[2]).ok                  # B now plays successfully
    out = call(a, actions[3])
    assert_conflict(out, a, b, store)
    assert call(a, actions[3]).ok
    assert store.current().actions == actions[:4] == list(a.log)


def test_the_same_action_from_both_tabs_counts_once(tmp_path):
    store, a, b, sm, prof, actions = tabs(tmp_path)
    drive(a, actions[:3], prof)
    b.reload()
    assert call(a, actions[3]).ok
    out = call(b, actions[3])  # the same card tapped in both tabs
    assert_conflict(out, b, a, store)
    assert store.current().actions == actions[:4]


def test_a_stale_tab_is_never_refused_by_its_old_state(tmp_path):
    """B shows the old state, where the card B plays is somebody else's turn: B must be told
    the game changed, not that it is not their turn."""
    store, a, b, sm, prof, actions = tabs(tmp_path)
    drive(a, actions[:1], prof)
    b.reload()
    drive(a, actions[1:2], prof)
    out = call(b, actions[2])
    assert out.notice.kind == "stale" and out.notice.error is None
    assert call(b, actions[2]).ok


def test_undo_redo_and_edits_in_a_stale_tab_conflict(tmp_path):
    store, a, b, sm, prof, actions = tabs(tmp_path)
    drive(a, actions[:6], prof)
    b.reload()
    assert a.undo().ok  # the redo stack is part of the shared game too
    for attempt in (b.undo, b.redo, lambda: b.delete(0), lambda: b.edit(1, actions[1]),
                    lambda: b.insert(1, actions[1])):
        out = attempt()
        assert_conflict(out, b, a, store)
        drive(a, [], prof)
        assert a.redo().ok and a.undo().ok  # A moves on again; B is stale again
    assert store.current().actions == actions[:5]
    assert store.current().redo == [{"change": "add", "at": 5, "new": actions[5]}]  # the undone entry


def test_new_game_finish_and_abandon_in_a_stale_tab(tmp_path):
    store = Store.open(tmp_path)
    a, b = Session(store), Session(store)
    assert a.new_game(["A", "B"], target=3, mode="pad").ok
    # B still shows "no game": starting one must not replace A's game
    out = b.new_game(["X", "Y"])
    assert_conflict(out, b, a, store, "conflict")
    assert store.current().meta["players"] == ["A", "B"] and b.players == ("A", "B")
    # A ends the game; B does not know and tries to finish: told, then it works
    assert a.game.tally_round({"A": (1, 0), "B": (2, 0)}).ok
    b_out = b.game.tally_round({"A": (4, 0), "B": (0, 0)})  # B had not seen A's tally
    assert_conflict(b_out, b, a, store)
    assert a.game.tally_round({"A": (0, 0), "B": (2, 0)}).ok and a.winner() == "B"
    out = b.finish()  # in B's old state there is no winner yet
    assert_conflict(out, b, a, store, "conflict")
    assert b.finish().ok and not b.active
    # A still shows the finished game: its next action is told the game is gone
    out = a.game.tally_round({"A": (1, 0), "B": (1, 0)})
    assert not out.ok and out.notice.kind == "stale" and not a.active and a.state is None
    assert len(store.archived()) == 1 and store.archived()[0]["summary"]["winner"] == "B"
    # abandon from a tab that missed the new game's actions
    assert a.new_game(["A", "B"], target=3, mode="pad").ok
    b.reload()
    assert a.game.tally_round({"A": (1, 0), "B": (1, 0)}).ok
    out = b.abandon()
    assert_conflict(out, b, a, store, "conflict")
    assert b.abandon().ok and store.archived()[0]["status"] == "abandoned"
    assert store.archived_game(store.archived()[0]["game_id"])["actions"] == [
        {"type": "tally", "tally": {"A": {"pearls": 1, "unused_bonuses": 0}, "B": {"pearls": 1, "unused_bonuses": 0}}}]


def test_a_question_answered_in_a_stale_tab(tmp_path):
    store, a, b, sm, prof, actions = tabs(tmp_path, taught=False)
    i = 0
    while True:  # B hits a question; meanwhile A moves the game on
        out = call(b, actions[i])
        if not out.ok:
            break
        i += 1
    assert out.notice.kind == "question"
    a.reload()
    q = b.question
    assert call(a, actions[i]).ok is False  # A is asked too
    assert (a.question.card, a.question.fact, a.question.retry) == (q.card, q.fact, q.retry)
    answer(a, prof)                                             # A answers: the action is done
    assert a.log == tuple(actions[: i + 1])
    out = answer(b, prof)  # B answers the same question late: told, not applied twice
    assert out.notice.kind == "stale" and b.log == a.log == tuple(store.current().actions)


@pytest.mark.parametrize("n_tabs", [2, 4])
def test_threads_writing_at_once_lose_nothing(tmp_path, n_tabs):
    sm, prof = sim(17, NAMES)
    actions = json_actions(sm)
    store = Store.open(tmp_path)
    teach(store, prof)
    first = Session(store)
    assert first.new_game(NAMES).ok
    done: list[list[tuple[int, dict]]] = [[] for _ in range(n_tabs)]
    conflicts = [0] * n_tabs
    errors: list[BaseException] = []
    barrier = threading.Barrier(n_tabs)

    def tab(k: int) -> None:
        try:
            s = Session(store)
            rng = random.Random(k)
            barrier.wait()
            while True:
                i = len(s.log)
                if i >= len(actions):
                    return
                out = call(s, actions[i])
                if out.ok:
                    done[k].append((i, actions[i]))
                else:
                    assert out.notice.kind == "stale", out.text("en")
                    conflicts[k] += 1
                if rng.random() < 0.3:
                    s.reload()
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=tab, args=(k,)) for k in range(n_tabs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    final = store.current().actions
    assert final == actions  # the whole game, in order
    successes = [x for d in done for x in d]
    assert len(successes) == len(final)  # every success is one entry: nothing lost, nothing twice
    for i, a in successes:
        assert final[i] == a
    assert sum(conflicts) > 0  # the tabs really did race
    first.reload()
    assert first.state == fold_stored(store) and first.winner() == NAMES[sm.final.winner]
