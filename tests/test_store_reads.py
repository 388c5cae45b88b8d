"""What a read of a stored file hands out (issue 53: a file's parse is not made twice at its load,
yet a read never sees what a failed write did, nor misses what another writer wrote)."""
from __future__ import annotations

import json

import pytest
from tinydb import TinyDB

from companion.store.atomic import AtomicJSONStorage
from companion.store.repository import Store


def db(path) -> TinyDB:
    return TinyDB(str(path), storage=AtomicJSONStorage)


def test_a_failed_first_write_leaves_the_file_and_later_reads_as_they_were(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    path.write_text(json.dumps({"t": {"1": {"n": 1, "l": [1]}}}), encoding="utf-8")
    d = db(path)
    storage = d.storage

    def full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "_write_text", full)
    with pytest.raises(OSError):  # the first thing done with the file: a change, and it fails
        d.table("t").update(lambda doc: (doc.update(n=2), doc["l"].append(2)), doc_ids=[1])
    assert d.table("t").get(doc_id=1) == {"n": 1, "l": [1]}
    assert d.table("t").all() == [{"n": 1, "l": [1]}]
    monkeypatch.undo()
    d.table("t").update({"n": 3}, doc_ids=[1])
    assert d.table("t").get(doc_id=1) == {"n": 3, "l": [1]}
    assert json.loads(path.read_text(encoding="utf-8")) == {"t": {"1": {"n": 3, "l": [1]}}}


def test_what_a_read_hands_out_changed_by_its_reader_is_not_what_the_next_read_sees(tmp_path):
    path = tmp_path / "f.json"
    path.write_text(json.dumps({"t": {"1": {"l": [1]}}}), encoding="utf-8")
    d = db(path)
    first = d.table("t").get(doc_id=1)  # the first read: the load's own parse
    first["l"].append(99)
    assert d.table("t").get(doc_id=1) == {"l": [1]}


def test_a_store_opened_again_reads_what_the_other_one_wrote(tmp_path):
    """Each ``Store`` reads the files from disk when it opens: a later one sees every write
    of the one before it (the history, a kept game, the people)."""
    first = Store.open(tmp_path / "data")
    game = first.start_game({"players": ["Аня", "Боря"], "target": 5})
    gid = first.finish_current(game.game_id, 0, {"r": 1}, {"players": ["Аня", "Боря"], "rounds": [[1, 2]],
                                                           "totals": [1, 2], "winner": "Боря"})
    first.add_person("Аня")
    first.close()
    second = Store.open(tmp_path / "data")
    try:
        assert [r["game_id"] for r in second.archived()] == [gid]
        assert second.archived_game(gid)["record"] == {"r": 1}
        assert [p["name"] for p in second.people()] == ["Аня"]
        g2 = second.start_game({"players": ["Вика", "Гоша"], "target": 5})
        second.finish_current(g2.game_id, 0, None, {"players": ["Вика", "Гоша"]}, "abandoned")
    finally:
        second.close()
    third = Store.open(tmp_path / "data")
    try:
        assert [r["game_id"] for r in third.archived()] == [g2.game_id, gid]
    finally:
        third.close()
