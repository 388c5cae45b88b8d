"""The whole archive going out a step at a time (issue 53, «years of evenings on one phone»):
the store reads each kept game's file once, the session writes the text in steps, and what goes
out is every kept game as its file holds it now, whatever happened to the files meanwhile."""
from __future__ import annotations

import json
import os

import pytest

from companion.session.log_session import LogSession
from companion.store.repository import Store


def summary(players, totals, winner):
    return {"players": list(players), "rounds": [list(totals)], "totals": list(totals), "winner": winner,
            "ended": "2026-11-20T21:00:00+03:00"}


def keep(store: Store, players, totals, winner, status="finished") -> str:
    game = store.start_game({"players": list(players), "target": 5})
    return store.finish_current(game.game_id, 0, {"r": totals[0]}, summary(players, totals, winner), status)


def on_disk(store: Store, game_id: str) -> dict:
    """The game as its file holds it (read here with the standard library, not the store)."""
    with open(os.path.join(store.root, "archive", game_id + ".json"), encoding="utf-8") as f:
        return json.load(f)["game"]["1"]


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "data")
    yield s
    s.close()


def test_the_archive_goes_out_in_steps_and_holds_every_game_as_its_file_does(store):
    made = [keep(store, ["Аня", "Боря"], [10, i], "Аня") for i in range(5)]
    store.people_from_names()
    session = LogSession(store)
    steps = session.archive.export_archive_steps(step_seconds=0)  # a game a step
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as end:
            text = end.value.decode("utf-8")  # the file's bytes
            break
    assert seen == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]  # one game a step
    data = json.loads(text)
    assert data["format"] == "kity-archive/1"
    assert [g["game_id"] for g in data["games"]] == made  # oldest first
    assert data["games"] == [on_disk(store, g) for g in made]
    assert sorted(p["name"] for p in data["people"]) == ["Аня", "Боря"]
    # the one piece the file always was: compact, Russian letters as they are
    assert text == json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    assert session.archive.export_archive() == text


def test_a_game_whose_file_is_damaged_goes_out_from_its_backup(store):
    """The export reads each file once; a file that does not read whole gets the store's
    repairing read: its good backup copy goes out, and the damaged file is kept aside."""
    a = keep(store, ["Аня", "Боря"], [10, 1], "Аня")
    b = keep(store, ["Аня", "Боря"], [10, 2], "Аня")
    good = on_disk(store, b)
    path = os.path.join(store.root, "archive", b + ".json")
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"game": {"1": {"game_id": "')  # torn
    data = store.export_archive()
    assert [g["game_id"] for g in data["games"]] == [a, b]
    assert data["games"][1] == good
    assert not store.archived_damaged(b)
    assert any(name.startswith(b + ".json.corrupt-") for name in os.listdir(os.path.dirname(path)))


def test_a_game_lost_with_its_backup_is_left_out_and_said_damaged(store):
    a = keep(store, ["Аня", "Боря"], [10, 1], "Аня")
    b = keep(store, ["Аня", "Боря"], [10, 2], "Аня")
    for suffix in ("", ".bak"):
        with open(os.path.join(store.root, "archive", b + ".json" + suffix), "w", encoding="utf-8") as f:
            f.write("{ not json }")
    data = store.export_archive()
    assert [g["game_id"] for g in data["games"]] == [a]
    assert store.archived_damaged(b)


def test_a_game_changed_on_disk_goes_out_as_it_is_now(tmp_path):
    """Nothing of a game's file is kept from an earlier read: another writer's change (here the
    store of a later start, the first one closed) is what goes out."""
    first = Store.open(tmp_path / "data")
    gid = keep(first, ["Аня", "Боря"], [10, 1], "Аня")
    assert first.export_archive()["games"][0]["record"] == {"r": 10}
    first.close()
    second = Store.open(tmp_path / "data")
    try:
        path = os.path.join(second.root, "archive", gid + ".json")
        doc = on_disk(second, gid)
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"game": {"1": {**doc, "record": {"r": 99}}}}, f, ensure_ascii=False)
        assert second.export_archive()["games"][0]["record"] == {"r": 99}
    finally:
        second.close()


def test_a_game_resumed_while_the_archive_goes_out_is_left_out_not_said_damaged(store):
    """The steps let other sessions in between: a stopped game resumed meanwhile is no longer
    kept (it is the game in progress), so it is left out — and never said damaged."""
    a = keep(store, ["Аня", "Боря"], [10, 1], "Аня")
    b = keep(store, ["Аня", "Боря"], [3, 2], "Аня", status="abandoned")
    c = keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    steps = store.export_archive_steps(step_seconds=0)
    assert next(steps) == (1, 3)
    assert store.resume_archived(b) is not None
    rest = []
    while True:
        try:
            rest.append(next(steps))
        except StopIteration as end:
            data = end.value
            break
    assert rest == [(2, 3), (3, 3)]
    assert [g["game_id"] for g in data["games"]] == [a, c]
    assert not store.archived_damaged(b)
    assert store.current().game_id == b
