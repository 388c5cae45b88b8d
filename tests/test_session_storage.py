"""Damaged data files never crash the Session: it continues from the last good state and says
so; malformed imports are rejected with a readable reason and change nothing."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.kozyrnye_kity.record import actions_to_record, record_to_json
from engine.kozyrnye_kity.simulate import RevokeAt

from companion.ui.session import Session
from companion.store.repository import Store
from companion.core.summary import Summary

from test_session_helpers import answer, drive, fold_stored, json_actions, sim, snapshot

NAMES = ["Лена", "Миша", "Ёжик"]


def played(tmp_path, k=40, seed=3):
    """A data folder with a game of ``k`` actions played through the Session (questions
    answered). Returns the actions and the profile."""
    sm, prof = sim(seed, NAMES)
    actions = json_actions(sm)
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(NAMES)
    drive(s, actions[:k], prof)
    store.close()
    Store._registry.clear()
    return actions, prof


def reopen(path) -> tuple[Store, Session]:
    Store._registry.clear()
    store = Store.open(path)
    return store, Session(store)


DAMAGE = {
    "garbage": lambda raw: b"\x00\xff garbage \x13" * 7,
    "truncated": lambda raw: raw[: len(raw) // 2],
    "empty": lambda raw: b"",
    "not-utf8": lambda raw: raw.replace(b'"', b"\xff", 3),
    "wrong-shape": lambda raw: b'{"game": [1, 2, 3]}',
    "a list": lambda raw: b"[]",
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_damaged_current_game_resumes_from_the_last_good_state(tmp_path, how):
    actions, prof = played(tmp_path, 40)
    f = tmp_path / "current.json"
    f.write_bytes(DAMAGE[how](f.read_bytes()))

    store, s = reopen(tmp_path)

    assert s.notice is not None and s.notice.kind == "storage"
    assert s.notice.key == "storage.restored_from_backup"
    assert s.notice.params["file"] == "current.json" and s.notice.params["kept_aside"]
    assert (tmp_path / s.notice.params["kept_aside"][0]).exists()  # kept aside, not deleted
    assert s.active and s.log == tuple(actions[:39])  # the previous complete write
    assert s.state == fold_stored(store)
    # and the game goes on
    drive(s, actions[39:45], prof)
    assert s.log == tuple(actions[:45])


def test_current_game_and_its_backup_both_damaged_start_empty(tmp_path):
    actions, prof = played(tmp_path, 10)
    (tmp_path / "current.json").write_bytes(b"{")
    (tmp_path / "current.json.bak").write_bytes(b"\x00")
    store, s = reopen(tmp_path)
    assert s.notice.kind == "storage" and s.notice.key == "storage.reset_to_empty"
    assert len(s.notice.params["kept_aside"]) == 2
    assert not s.active and s.state is None and s.log == ()
    assert s.new_game(NAMES).ok


@pytest.mark.parametrize("meta", [{}, {"players": ["A"]}, {"players": ["A", "B"], "target": "x"},
                                  {"players": "AAB"}, {"players": [1, 2]}, {"players": ["A", "A"]},
                                  {"players": ["A", "B"], "target": 5, "deck": [1]}])
def test_readable_file_with_an_unplayable_game_is_kept_aside(tmp_path, meta):
    store = Store.open(tmp_path)
    g = store.start_game(meta)
    store.replace_log(g.game_id, 0, [{"type": "play", "player": "A", "card": "orca-1"}], [])
    store, s = reopen(tmp_path)
    if s.active:  # a damaged deck alone is ignored, the game itself is fine
        assert meta.get("deck") == [1] and s.players == ("A", "B") and s.skipped == (0,)
        return
    assert s.notice is not None and s.notice.kind == "storage"
    if not isinstance(meta.get("players", []), list):  # the history could not list it: left in place
        assert store.current().game_id == g.game_id and store.archived() == []
        assert s.new_game(["A", "B"]).ok and store.current().meta["players"] == ["A", "B"]
        return
    assert store.current() is None
    [row] = store.archived()  # kept aside in the history, with its log
    assert row["game_id"] == g.game_id and row["status"] == "abandoned"
    assert store.archived_game(g.game_id)["actions"] == [{"type": "play", "player": "A", "card": "orca-1"}]
    assert s.new_game(["A", "B"]).ok


PLAUSIBLE = st.sampled_from(["Лена", "Миша", "Ёжик", "X", "", "orca-1", "narwhal-2", "5", "blue-9", "sperm-3",
                             "orca", "blue", 1, 9, 0, -1, None, True, 2.5, [], {}])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6) | PLAUSIBLE,
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6) | st.sampled_from(
                        ["type", "player", "card", "family", "trump", "token", "bonuses", "leader", "tally",
                         "pearls", "unused_bonuses", "Лена", "Миша", "Ёжик"]), c, max_size=5), max_leaves=12)
ACTION = st.fixed_dictionaries({"type": st.sampled_from(["start_round", "use", "play", "reward", "leader", "tally", "x"])},
                               optional={"player": PLAUSIBLE, "card": PLAUSIBLE, "family": PLAUSIBLE,
                                         "trump": PLAUSIBLE, "token": PLAUSIBLE, "leader": PLAUSIBLE,
                                         "bonuses": st.dictionaries(PLAUSIBLE.filter(lambda x: isinstance(x, str)), PLAUSIBLE, max_size=4),
                                         "tally": st.dictionaries(PLAUSIBLE.filter(lambda x: isinstance(x, str)), JSON, max_size=4)})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(meta=st.fixed_dictionaries({}, optional={"players": st.one_of(st.just(NAMES), JSON), "target": JSON,
                                                  "mode": JSON, "deck": JSON}),
       actions=st.lists(st.one_of(ACTION, st.dictionaries(st.text(max_size=5), JSON, max_size=3)), max_size=8),
       facts=st.dictionaries(PLAUSIBLE.filter(lambda x: isinstance(x, str)) | st.text(max_size=8),
                             st.dictionaries(st.sampled_from(["pearls", "bonus", "x"]), JSON, max_size=3), max_size=4))
def test_any_stored_junk_opens_without_raising(tmp_path_factory, meta, actions, facts):
    path = tmp_path_factory.mktemp("junk")
    store = Store.open(path)
    g = store.start_game(meta)
    store.replace_log(g.game_id, 0, actions, actions[:2])
    for cid, f in facts.items():
        store.set_fact(cid, f)
    store, s = reopen(path)
    if s.active:
        assert s.log == tuple(actions) and s.state is not None
        s.entries(), s.game.totals(), s.export_record(), s.game.unseen_cards(), s.game.reward_options()
        s.undo(), s.redo()
    else:
        assert s.notice.kind == "storage"
        assert store.current() is None or not isinstance(meta.get("players"), list)
    assert s.abandon().ok or not s.active
    # whatever was stored, a restart opens and a new game can be started
    store, s = reopen(path)
    assert not s.active or s.abandon().ok
    assert s.new_game(NAMES).ok and s.players == tuple(NAMES)
    store, s = reopen(path)
    assert s.active and s.players == tuple(NAMES) and s.notice is None


def test_store_survives_archiving_a_game_with_unlisted_players(tmp_path):
    store = Store.open(tmp_path)
    g = store.start_game({"players": 1})
    try:
        store.finish_current(g.game_id, 0, None, {}, "abandoned")
    except TypeError:
        pass
    store.close()
    store = Store.open(tmp_path)  # must not raise
    current, archived = store.current(), [e["game_id"] for e in store.archived()]
    # all or nothing: the game is either still the current one or filed, never both or lost
    assert (current is not None and current.game_id == g.game_id and archived == []) or \
        (current is None and archived == [g.game_id])
    assert store.archived() == [] or store.archived()[0]["players"] == []  # no names could be listed


def test_damaged_profile_restores_the_last_good_one_and_asks_again(tmp_path):
    sm, prof = sim(8, NAMES)
    actions = json_actions(sm)
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(NAMES)
    # play until a fact was just learned (the profile's last write), then a little more
    k = 0
    while True:
        n_facts = len(store.deck_facts())
        drive(s, actions[k:k + 1], prof)
        k += 1
        if len(store.deck_facts()) > n_facts and n_facts >= 3:
            break
    last_card = next(c for c in store.deck_facts() if c not in _facts_before(tmp_path))
    before = snapshot(s)
    store.close()
    (tmp_path / "profile.json").write_bytes(b'{"facts": {"1": {"card_id": "orca-1", "facts": ')

    store, s = reopen(tmp_path)

    assert s.notice.kind == "storage" and s.notice.params["file"] == "profile.json"
    assert last_card not in store.deck_facts() and len(store.deck_facts()) == n_facts
    # the entry that needed the lost fact is kept and skipped, and the question is asked again
    assert s.log == tuple(actions[:k]) and s.skipped
    assert s.question is not None and s.question.card == last_card
    out = answer(s, prof)
    assert out.ok and s.skipped == () and s.question is None and snapshot(s) == before


def _facts_before(path: Path) -> set[str]:
    data = json.loads((path / "profile.json.bak").read_text(encoding="utf-8"))
    return {d["card_id"] for d in data.get("facts", {}).values()}


def test_profile_with_damaged_entries_is_usable(tmp_path):
    store = Store.open(tmp_path)
    store.set_fact("5", {"pearls": 1})
    store.set_fact("orca-1", {"pearls": 9})
    store.set_fact("orca-2", {"bonus": {"kind": "nope"}})
    store.set_fact("nobody-3", {"pearls": 1})
    store.set_fact("orca-3", {"pearls": 2, "bonus": {"kind": "trump", "families": ["blue"]}})
    store, s = reopen(tmp_path)
    assert s.game.deck_facts()["orca-3"] == {"pearls": 2, "bonus": {"kind": "trump", "families": ["blue"]}}
    assert "orca-1" not in s.game.deck_facts() and "orca-2" not in s.game.deck_facts()
    assert s.new_game(NAMES).ok


# ------------------------------------------------------------------------------------ imports
def world(store: Store) -> tuple:
    """Everything an import may not change when it fails."""
    cur = store.current()
    files = sorted(p.name for p in Path(store.root, "archive").iterdir())
    return store.archived(), cur, files, store.deck_facts()


@pytest.fixture
def with_game(tmp_path):
    actions, prof = played(tmp_path, 25)
    store, s = reopen(tmp_path)
    s.abandon()
    s.new_game(NAMES)
    drive(s, actions[:5], prof)
    return store, s


def valid_record_text(seed=5, revoke=None) -> str:
    sm, prof = sim(seed, NAMES, revoke_at=revoke)
    return json.dumps(record_to_json(actions_to_record(sm.start, sm.actions)), ensure_ascii=False)


def said(out, lg: str) -> str:
    """The outcome's words as the app shows them in ``lg``."""
    from companion.base.i18n import lang, set_language
    from companion.widgets.notices import session_text
    was = lang()
    set_language(lg)
    try:
        return session_text(out.notice)
    finally:
        set_language(was)


def assert_rejected(store, s, out, before):
    assert not out.ok and out.notice.kind == "refused"
    ru, en = said(out, "ru"), said(out, "en")
    if out.notice.key == "session.not-an-archive":  # junk that begins like an archive (issue 42)
        assert "not an archive" in en and "не архив" in ru, (en, ru)
    else:
        assert ru and en and ru != en and "game record" in en and "запись игры" in ru
    assert world(store) == before


@pytest.mark.parametrize("data, hint", [
    ("{not json", "not JSON"),
    ("", "not JSON"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "UTF-8"),
    ("[]", "expected object"),
    ('{"format": "kozyrnye-kity/2", "players": ["A", "B"], "rounds": []}', "format"),
    ('{"players": ["A", "B"], "rounds": []}', "format"),
    ('{"format": "kozyrnye-kity/1", "players": ["A"], "rounds": []}', "players"),
    ('{"format": "kozyrnye-kity/1", "players": ["A", "B"], "rounds": [{"trump": "orca", "token": 9, '
     '"bonuses": {"A": "orca-1", "B": "dragon-7"}, "leader": "A", "tricks": []}]}', "dragon-7"),
    ('{"format": "kozyrnye-kity/1", "players": ["A", "B"], "rounds": [{"trump": "orca", "token": 9, '
     '"bonuses": {"A": "orca-1", "B": "orca-2"}, "leader": "A", "tricks": [{"plays": [{"player": "A", '
     '"card": "blue-3"}, {"player": "B", "card": "blue-4"}], "reward": "blue-4"}]}]}', "pearls"),
])
def test_malformed_imports_are_rejected_and_change_nothing(with_game, data, hint):
    store, s = with_game
    before = world(store)
    snap = snapshot(s)
    out = s.archive.import_record(data)
    assert_rejected(store, s, out, before)
    assert hint in out.text("en")
    assert snapshot(s) == snap


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.binary(max_size=200), st.text(max_size=200), JSON.map(json.dumps),
                      st.binary(max_size=60).map(lambda b: b'{"format":"kity-archive/' + b)))
def test_junk_imports_are_rejected(with_game, data):
    store, s = with_game
    before = world(store)
    out = s.archive.import_record(data)
    assert_rejected(store, s, out, before)


def _mutate(value, rng: random.Random, junk):
    """Replace one node of a JSON value by ``junk``."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        k = rng.choice(list(value))
        return {**value, k: _mutate(value[k], rng, junk)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return value[:i] + [_mutate(value[i], rng, junk)] + value[i + 1:]
    return junk


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), junk=JSON)
def test_mutated_records_are_imported_with_violations_or_rejected(with_game, seed, junk):
    store, s = with_game
    base = json.loads(valid_record_text(5))
    before = world(store)
    out = s.archive.import_record(json.dumps(_mutate(base, random.Random(seed), junk)))
    if out.ok:
        assert out.notice.kind == "import" and len(store.archived()) == len(before[0]) + 1
        assert store.current() == before[1]
        assert out.notice.params["violations"] == len(out.notice.changes)
    else:
        assert_rejected(store, s, out, before)


def test_valid_record_with_a_revoke_is_archived_and_its_violation_reported(with_game):
    store, s = with_game
    before = world(store)
    snap = snapshot(s)
    text = valid_record_text(9, RevokeAt(1, 2))
    out = s.archive.import_record(text.encode("utf-8"))
    assert out.ok and out.notice.kind == "import"
    assert out.notice.params["violations"] >= 1 and out.notice.params["finished"] is True
    revokes = [c.params["violation"] for c in out.notice.changes if c.params["violation"].code == "revoke"]
    assert len(revokes) == 1 and revokes[0].rule == "R-TRICK-2" and "RUL-REVOKE" in revokes[0].text("en")
    rows = store.archived()
    assert len(rows) == len(before[0]) + 1
    new = rows[0]
    assert new["status"] == "imported" and new["summary"]["revokes"] == {revokes[0].player: 1}
    assert new["summary"]["winner"] is not None
    # the current game is untouched
    assert store.current() == before[1] and snapshot(s) == snap


def test_imported_record_can_be_read_back_from_the_archive(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    text = valid_record_text(9, RevokeAt(1, 2))
    assert s.archive.import_record(text).ok
    game_id = store.archived()[0]["game_id"]
    exported = s.archive.export_archived(game_id)
    assert store.incidents == []
    assert exported is not None and json.loads(exported) == json.loads(text)
    assert Summary.from_json(store.archived()[0]["summary"]).players == tuple(NAMES)
