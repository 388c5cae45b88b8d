"""An archived game kept once and compressed in the phone edition (issue 53, «years of evenings
on one phone»: the start loaded 3,400 files and 60 MB from IndexedDB for 1,700 games kept, each
game's JSON file and its identical ``.bak``). There ``store.repository.compact_archive`` is True
(``app.py``): a game is filed once, compressed with zlib; a twin ``.bak`` an earlier version left
is removed at the start, byte for byte the same or left alone; games kept as JSON before are read
as before. On the computer nothing changes: each game is written twice, as JSON."""
from __future__ import annotations

import json
import os
import zlib

import pytest

from companion.store import repository
from companion.store.repository import Store


def summary(players, totals, winner):
    return {"players": list(players), "rounds": [list(totals)], "totals": list(totals), "winner": winner,
            "ended": "2026-11-20T21:00:00+03:00"}


def keep(store: Store, totals) -> str:
    game = store.start_game({"players": ["Аня", "Боря"], "target": 5})
    store.append_action(game.game_id, 0, {"type": "points", "n": totals[0]})
    return store.finish_current(game.game_id, 1, {"r": totals[0]}, summary(["Аня", "Боря"], totals, "Аня"),
                                "finished")


def files(root) -> list[str]:
    return sorted(os.listdir(os.path.join(root, "archive")))


def backups_named(told: list, root: str) -> set[str]:
    """The archived games' backups among the paths told."""
    folder = os.path.join(root, "archive")
    return {p for paths in told if paths for p in paths if os.path.dirname(p) == folder and p.endswith(".bak")}


@pytest.fixture
def told(monkeypatch):
    """What the store tells the phone edition's copy to IndexedDB (``after_write``)."""
    seen: list = []
    monkeypatch.setattr(repository, "after_write", seen.append)
    return seen


def test_the_computer_still_files_each_game_twice(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        gid = keep(store, [10, 1])
        assert files(store.root) == [gid + ".json", gid + ".json.bak"]
    finally:
        store.close()


def test_the_phone_edition_files_a_game_once_and_an_import_too(tmp_path, monkeypatch, told):
    monkeypatch.setattr(repository, "compact_archive", True)
    store = Store.open(tmp_path / "data")
    try:
        gid = keep(store, [10, 1])
        imported = store.import_game({"players": ["Вика", "Гоша"], "target": 5}, [{"type": "points", "n": 3}],
                                     {"r": 3}, summary(["Вика", "Гоша"], [3, 9], "Гоша"))
        assert files(store.root) == sorted([gid + ".json", imported + ".json"])
        assert store.archived_game(gid)["actions"] == [{"type": "points", "n": 10}]
        assert store.archived_game(imported)["record"] == {"r": 3}
        assert told and not backups_named(told, store.root)
    finally:
        store.close()


def test_an_archive_taken_in_is_filed_once_in_the_phone_edition(tmp_path, monkeypatch):
    source = Store.open(tmp_path / "source")
    games = [keep(source, [10, i]) for i in range(3)]
    data = source.export_archive()
    source.close()
    monkeypatch.setattr(repository, "compact_archive", True)
    store = Store.open(tmp_path / "data")
    try:
        assert store.import_archive(data) == (3, 0)
        assert files(store.root) == sorted(g + ".json" for g in games)
        assert [store.archived_game(g)["record"] for g in games] == [{"r": 10}] * 3
    finally:
        store.close()


def test_a_twin_backup_left_by_an_earlier_version_is_removed_at_the_start_and_copied_away(tmp_path, monkeypatch, told):
    first = Store.open(tmp_path / "data")  # an earlier version: every game written twice
    a, b = keep(first, [10, 1]), keep(first, [10, 2])
    game_a = first.archived_game(a)
    first.close()
    folder = os.path.join(first.root, "archive")
    monkeypatch.setattr(repository, "compact_archive", True)
    told.clear()
    store = Store.open(tmp_path / "data")
    try:
        assert files(store.root) == sorted([a + ".json", b + ".json"])
        assert backups_named(told, store.root) == {os.path.join(folder, a + ".json.bak"), os.path.join(folder, b + ".json.bak")}
        assert store.archived_game(a) == game_a
        assert not store.incidents
    finally:
        store.close()


def test_a_backup_that_differs_stays_and_still_restores_a_damaged_file(tmp_path, monkeypatch, told):
    first = Store.open(tmp_path / "data")
    a, b = keep(first, [10, 1]), keep(first, [10, 2])
    good_b = first.archived_game(b)
    first.close()
    folder = os.path.join(first.root, "archive")
    with open(os.path.join(folder, b + ".json"), "w", encoding="utf-8") as f:
        f.write('{"game": {"1": {"game_id": "')  # torn: its .bak is no longer its twin
    monkeypatch.setattr(repository, "compact_archive", True)
    store = Store.open(tmp_path / "data")
    try:
        assert b + ".json.bak" in files(store.root)  # kept: the only good copy of game b
        assert a + ".json.bak" not in files(store.root)  # a's twin removed
        assert store.archived_game(b) == good_b  # restored from it when read
        assert not store.archived_damaged(b)
    finally:
        store.close()


def test_a_damaged_file_and_its_identical_backup_are_not_removed_and_the_game_is_said_damaged(tmp_path, monkeypatch):
    """A ``.bak`` is removed only beside a file that looks whole: a twin pair that is damaged
    alike stays for inspection, and the game is listed as damaged, as before."""
    first = Store.open(tmp_path / "data")
    a = keep(first, [10, 1])
    first.close()
    folder = os.path.join(first.root, "archive")
    for suffix in ("", ".bak"):
        with open(os.path.join(folder, a + ".json" + suffix), "w", encoding="utf-8") as f:
            f.write("{ not json")
    monkeypatch.setattr(repository, "compact_archive", True)
    store = Store.open(tmp_path / "data")
    try:
        assert store.archived_damaged(a)
        assert a + ".json.bak" in files(store.root)
    finally:
        store.close()


def raw(root, game_id: str, suffix: str = "") -> bytes:
    with open(os.path.join(root, "archive", game_id + ".json" + suffix), "rb") as f:
        return f.read()


def test_the_computer_keeps_each_game_as_json(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        gid = keep(store, [10, 1])
        assert json.loads(raw(store.root, gid).decode("utf-8"))["game"]["1"]["record"] == {"r": 10}
    finally:
        store.close()


def test_the_phone_edition_keeps_a_game_compressed_and_reads_it_back_and_out(tmp_path, monkeypatch):
    monkeypatch.setattr(repository, "compact_archive", True)
    store = Store.open(tmp_path / "data")
    try:
        gid = keep(store, [10, 1])
        stored = raw(store.root, gid)
        assert stored[:1] == b"x"  # a zlib stream, not JSON text
        assert json.loads(zlib.decompress(stored).decode("utf-8"))["game"]["1"]["actions"] == [{"type": "points", "n": 10}]
        assert len(stored) < len(json.dumps(store.archived_game(gid), ensure_ascii=False).encode("utf-8"))
        assert store.archived_game(gid)["record"] == {"r": 10}
        assert [g["game_id"] for g in store.export_archive()["games"]] == [gid]
    finally:
        store.close()
    again = Store.open(tmp_path / "data")  # the next start: listed, not said damaged, read whole
    try:
        assert [r["game_id"] for r in again.archived()] == [gid]
        assert not again.archived_damaged(gid)
        assert again.archived_game(gid)["record"] == {"r": 10}
    finally:
        again.close()


def test_games_kept_as_json_before_are_read_beside_compressed_ones(tmp_path, monkeypatch):
    first = Store.open(tmp_path / "data")
    old = keep(first, [10, 1])
    first.close()
    monkeypatch.setattr(repository, "compact_archive", True)
    store = Store.open(tmp_path / "data")
    try:
        new = keep(store, [10, 2])
        assert raw(store.root, old)[:1] == b"{" and raw(store.root, new)[:1] == b"x"
        assert [g["record"] for g in store.export_archive()["games"]] == [{"r": 10}, {"r": 10}]
        assert [store.archived_game(g)["summary"]["totals"] for g in (old, new)] == [[10, 1], [10, 2]]
    finally:
        store.close()


def test_a_damaged_compressed_game_is_kept_aside_and_said_damaged_when_read(tmp_path, monkeypatch):
    """Its header looks whole at the start; its checksum fails when it is read (a record, the
    archive going out): the game is said damaged from then on, and the damaged file is kept."""
    monkeypatch.setattr(repository, "compact_archive", True)
    store = Store.open(tmp_path / "data")
    a, b = keep(store, [10, 1]), keep(store, [10, 2])
    store.close()
    path = os.path.join(store.root, "archive", b + ".json")
    stored = raw(store.root, b)
    with open(path, "wb") as f:
        f.write(stored[:len(stored) // 2])  # torn in the middle
    store = Store.open(tmp_path / "data")
    try:
        assert not store.archived_damaged(b)  # (the start looks at its header only)
        assert [g["game_id"] for g in store.export_archive()["games"]] == [a]
        assert store.archived_damaged(b)
        assert any(name.startswith(b + ".json.corrupt-") for name in os.listdir(os.path.dirname(path)))
    finally:
        store.close()
