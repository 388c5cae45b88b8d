"""Undo and redo are the table's history of changes, in every game (issue 19, point 1).

Every change — a new entry, a correction, an inserted or a deleted entry — is one step that
undo takes back exactly and redo does again; an undo is itself taken back by redo. The
property: any sequence of entries, corrections, inserts, deletes, undos and redos, then all
undos, gives back the empty game, and as many redos give back the log the sequence ended with,
in each of the four games. Expected logs are kept by the test itself (a plain list edited
alongside), never read back from the session.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from engine.core.games import read_any

from companion.session.log_session import LogSession
from companion.core.packs import DEFAULT_GAME, view_class
from companion.store.repository import Store

EXAMPLES = Path(__file__).resolve().parents[1] / "assets" / "examples"
GAMES = {  # game → an example record whose entries feed the sequences
    "kozyrnye-kity": "four-players-finished.json",
    "vzhuh": "finished-three-parties.json",
    "royal-mastheads": "finished-russian.json",
    "kalmar": "played-game.json",
}


def example(game: str):
    """(meta, log entries) of the game's example record, read the way an import reads it."""
    _, rec = read_any((EXAMPLES / game / GAMES[game]).read_bytes())
    got = view_class(game)(None).read_import(rec)  # reading a record needs no session
    return got.meta, got.actions


def fresh(tmp: Path, game: str, meta: dict) -> tuple[Store, LogSession]:
    store = Store.open(tmp)
    store.start_game({**meta, **({} if game == DEFAULT_GAME else {"game": game})})
    return store, LogSession(store)


OPS = st.lists(st.tuples(st.sampled_from(["do", "do", "do", "edit", "insert", "delete", "undo", "redo"]),
                         st.floats(0, 1), st.integers(0, 10_000)), max_size=30)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_any_changes_then_all_undos_give_the_empty_game_and_all_redos_the_final_log(
        tmp_path_factory, game, ops):
    meta, pool = example(game)
    store, s = fresh(tmp_path_factory.mktemp(game), game, meta)
    empty = s.state
    log: list[dict] = []          # the log as the test expects it
    done: list[list[dict]] = []   # the log before each change still undoable
    undone: list[list[dict]] = [] # the log before each undone change, for redo
    nxt = 0
    for kind, where, pick in ops:
        entry = pool[pick % len(pool)]
        before = list(log)
        if kind == "do":
            out = s.do(pool[nxt % len(pool)])
            if out.ok:
                log.append(pool[nxt % len(pool)])
                nxt += 1
        elif kind in ("edit", "delete") and log:
            i = int(where * (len(log) - 1))
            out = s.edit(i, entry) if kind == "edit" else s.delete(i)
            if out.ok:
                log = log[:i] + ([entry] if kind == "edit" else []) + log[i + 1:]
            else:  # a correction the game refuses (the whale's check_edit: a card twice in a
                # round, R-COMP) is refused with its rule, and changes nothing
                assert out.notice.error is not None and out.notice.error.rule
        elif kind == "insert":
            i = int(where * len(log))
            out = s.insert(i, entry)
            if out.ok:
                log = log[:i] + [entry] + log[i:]
            else:
                assert out.notice.error is not None and out.notice.error.rule
        elif kind in ("undo", "redo"):  # back one step of the history, or forth again
            back, forth = (done, undone) if kind == "undo" else (undone, done)
            out = s.undo() if kind == "undo" else s.redo()
            assert out.ok == bool(back)
            if back:
                forth.append(log)
                log = back.pop()
                assert out.notice.kind == {"undo": "undone", "redo": "redone"}[kind]
            assert list(s.log) == log
            continue
        else:
            continue
        if log != before:
            done.append(before)
            undone = []  # a new change empties redo
        assert list(s.log) == log
    final, final_state, waiting = list(s.log), s.state, len(s.redo_log)
    assert final == log
    event("changes still undoable: " + ("0" if not done else "1-5" if len(done) <= 5 else "6+"))

    steps = 0
    while s.undo().ok:
        steps += 1
    assert steps == len(done) and s.log == () and s.state == empty
    for _ in range(steps):
        assert s.redo().ok
    assert list(s.log) == final and s.state == final_state and len(s.redo_log) == waiting

    # the history is saved with the game: a restart undoes and redoes the same way
    store.close()
    s = LogSession(Store.open(store.root))
    assert list(s.log) == final and len(s.redo_log) == waiting
    for _ in range(steps):
        assert s.undo().ok
    assert s.log == () and not s.undo().ok


def test_the_correction_is_undone_not_the_last_party(tmp_path):
    """The table's case: five parties, party 1 corrected, «Отменить» — the correction goes, the
    five parties stay; «Повторить» brings the correction back."""
    meta, pool = example("vzhuh")
    store, s = fresh(tmp_path, "vzhuh", meta)
    parties = [a for a in pool if a.get("type") == "party"][:3]
    for a in parties:
        assert s.do(a).ok
    corrected = {**parties[0], "penalties": dict(parties[1]["penalties"])}
    assert s.edit(0, corrected).ok
    out = s.undo()
    assert out.ok and out.notice.key == "session.undone" and out.notice.params["change"] == "edit"
    assert out.notice.params["index"] == 0 and out.notice.params["round"] == 1
    assert list(s.log) == parties  # the correction is gone, no party is lost
    out = s.redo()
    assert out.ok and out.notice.key == "session.redone" and list(s.log) == [corrected] + parties[1:]


def test_a_deletion_and_an_insertion_are_undone_in_place(tmp_path):
    meta, pool = example("royal-mastheads")
    store, s = fresh(tmp_path, "royal-mastheads", meta)
    for a in pool[:8]:
        assert s.do(a).ok
    assert s.delete(3).ok and list(s.log) == pool[:3] + pool[4:8]
    assert s.insert(0, pool[9]).ok and list(s.log) == [pool[9]] + pool[:3] + pool[4:8]
    out = s.undo()
    assert out.notice.params["change"] == "insert" and list(s.log) == pool[:3] + pool[4:8]
    out = s.undo()
    assert out.notice.params["change"] == "delete" and list(s.log) == pool[:8]
    assert s.undo().notice.params["change"] == "add" and list(s.log) == pool[:7]
    assert s.redo().ok and s.redo().ok and list(s.log) == pool[:3] + pool[4:8]


def test_a_game_saved_before_the_history_undoes_entry_by_entry(tmp_path):
    """A stored game without an undo history (and with old-style redo entries: actions) undoes
    its entries one by one from the last and redoes the waiting ones at the end."""
    meta, pool = example("kalmar")
    store = Store.open(tmp_path)
    g = store.start_game({**meta, "game": "kalmar"})
    store.replace_log(g.game_id, 0, pool[:5], [pool[6], pool[5]])  # undo=None: as before
    s = LogSession(store)
    assert s.can_undo and len(s.redo_log) == 2
    assert s.redo().ok and s.redo().ok and list(s.log) == pool[:7]
    for n in range(7, 0, -1):
        assert s.undo().ok and list(s.log) == pool[: n - 1]
    assert not s.undo().ok


def test_the_screen_says_what_was_undone_in_the_games_words(tmp_path):
    """«Отменено: исправление партии 1 (…)» — the change, where it stands in that game's words,
    and the entry; in English too."""
    from companion.base import i18n
    from companion.widgets.notices import session_text

    meta, pool = example("vzhuh")
    store, s = fresh(tmp_path, "vzhuh", meta)
    parties = [a for a in pool if a.get("type") == "party"][:2]
    for a in parties:
        assert s.do(a).ok
    assert s.edit(0, parties[1]).ok
    undone = s.undo().notice
    players = list(parties[0]["penalties"])
    try:
        i18n.set_language("ru")
        text = session_text(undone)
        assert text.startswith("Отменено: исправление партии 1 (") and players[0] in text
        assert session_text(s.redo().notice).startswith("Повторено: исправление партии 1 (")
        assert session_text(s.undo().notice).startswith("Отменено: исправление партии 1")
        assert session_text(s.undo().notice).startswith("Отменено: запись партии 2")
        i18n.set_language("en")
        assert session_text(s.redo().notice).startswith("Redone: entry of party 2 (")
    finally:
        i18n.set_language("ru")


def test_whale_and_royal_places_name_the_trick(tmp_path):
    from companion.base import i18n
    from companion.widgets.notices import session_text

    for game, start in (("kozyrnye-kity", "Отменено: запись раунда 1, взятки 1"),
                        ("royal-mastheads", "Отменено: запись сдачи 1, взятки 1")):
        meta, pool = example(game)
        store, s = fresh(tmp_path / game, game, meta)
        k = next(i for i, a in enumerate(pool) if a.get("type") in ("play", "trick"))
        for a in pool[: k + 1]:
            assert s.do(a).ok
        i18n.set_language("ru")
        assert session_text(s.undo().notice).startswith(start)


def test_a_stopped_and_resumed_game_keeps_its_history_of_changes(tmp_path):
    """Stop (abandon) a game after a correction, continue it from the history: «Отменить»
    still takes back the correction first."""
    meta, pool = example("vzhuh")
    store, s = fresh(tmp_path, "vzhuh", meta)
    parties = [a for a in pool if a.get("type") == "party"][:2]
    for a in parties:
        assert s.do(a).ok
    assert s.edit(0, parties[1]).ok
    game_id = s.game_id
    assert s.abandon().ok and not s.active
    assert s.resume(game_id).ok and list(s.log) == [parties[1], parties[1]]
    out = s.undo()
    assert out.ok and out.notice.params["change"] == "edit" and list(s.log) == parties
