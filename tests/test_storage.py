"""Tests for companion.store.repository: round trips, compare-and-swap, repair of damaged files,
SIGKILL durability and the cost of an append with a large archive."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from companion.base.paths import data_dir
from companion.store.repository import (
    ARCHIVE_INDEX_REBUILT, RESET_TO_EMPTY, RESTORED_FROM_BACKUP, CurrentGame, RevisionConflict,
    Store,
)

PLAYERS = ["Лена", "Миша", "Ёжик"]


def play(n: int, player: str = "Лена") -> dict:
    return {"type": "play", "player": player, "card": f"narwhal-{n}", "n": n}


def reopen(store: Store) -> Store:
    """A restart: forget the shared instance and read the folder from disk again."""
    store.close()
    return Store.open(store.root)


def finish_game(store: Store, players, n_actions: int, status="finished") -> str:
    game = store.start_game({"players": players, "target": 5})
    rev = store.replace_log(game.game_id, 0, [play(i, players[0]) for i in range(n_actions)], [])
    return store.finish_current(game.game_id, rev, {"scores": {p: 1 for p in players}},
                                {"winner": players[0]}, status)


# --------------------------------------------------------------------------- round trips

def test_round_trip_and_restart_resumes_exactly(tmp_path):
    store = Store.open(tmp_path)
    assert store.current() is None and store.archived() == [] and store.incidents == []
    old_id = finish_game(store, ["Аня", "Лена"], 3)

    game = store.start_game({"players": PLAYERS, "target": 7, "mode": "classic"})
    assert game == CurrentGame(game.game_id, {"players": PLAYERS, "target": 7, "mode": "classic"},
                               [], [], 0)
    rev = game.revision
    for i in range(4):
        rev = store.append_action(game.game_id, rev, play(i))
    assert rev == 4
    # undo the last action: it moves to the redo stack
    rev = store.replace_log(game.game_id, rev, [play(i) for i in range(3)], [play(3)])
    store.set_fact("narwhal-6", {"suit": "нарвал", "value": 6})
    store.set_fact("narwhal-6", {"suit": "нарвал", "value": 7})
    store.set_setting("language", "ru")
    store.set_setting("haptics", False)
    before = store.current()

    store = reopen(store)
    assert store.current() == before
    assert store.current() == CurrentGame(game.game_id, before.meta, [play(i) for i in range(3)],
                                          [play(3)], 5)
    assert store.deck_facts() == {"narwhal-6": {"suit": "нарвал", "value": 7}}
    assert store.settings() == {"language": "ru", "haptics": False}
    assert [g["game_id"] for g in store.archived()] == [old_id]
    archived = store.archived_game(old_id)
    assert archived["actions"] == [play(i, "Аня") for i in range(3)]
    assert archived["record"] == {"scores": {"Аня": 1, "Лена": 1}}
    assert archived["status"] == "finished" and archived["summary"] == {"winner": "Аня"}
    assert store.player_names() == PLAYERS + ["Аня"]
    assert store.incidents == []
    # Russian stays readable in the files (ensure_ascii=False)
    assert "Ёжик" in (tmp_path / "current.json").read_text(encoding="utf-8")


def test_append_clears_redo_and_finish_archives_most_recent_first(tmp_path):
    store = Store.open(tmp_path)
    first = finish_game(store, ["Аня"], 1, "abandoned")
    second = finish_game(store, ["Боря", "Аня"], 2)
    game = store.start_game({"players": ["Вера"]})
    rev = store.replace_log(game.game_id, 0, [], [play(0)])
    rev = store.append_action(game.game_id, rev, play(1))
    assert store.current().redo == [] and store.current().actions == [play(1)]
    assert [(g["game_id"], g["status"]) for g in store.archived()] == [
        (second, "finished"), (first, "abandoned")]
    assert store.player_names() == ["Вера", "Боря", "Аня"]
    assert store.archived_game("no-such-game") is None
    assert store.archived_game("../current") is None


def test_open_is_shared_per_resolved_path(tmp_path):
    (tmp_path / "link").symlink_to(tmp_path, target_is_directory=True)
    seen = []
    threads = [threading.Thread(target=lambda: seen.append(Store.open(tmp_path))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(s) for s in seen}) == 1
    assert Store.open(tmp_path / "link") is seen[0] is Store.open(f"{tmp_path}/./")
    assert Store.open(tmp_path / "other") is not seen[0]


def test_non_json_action_is_rejected_without_changing_anything(tmp_path):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    rev = store.append_action(game.game_id, 0, play(0))
    bytes_before = (tmp_path / "current.json").read_bytes()
    with pytest.raises(TypeError):
        store.append_action(game.game_id, rev, {"card": {1, 2}})
    with pytest.raises(TypeError):
        store.append_action(game.game_id, rev, ["not", "a", "dict"])
    assert (tmp_path / "current.json").read_bytes() == bytes_before
    assert store.append_action(game.game_id, rev, play(1)) == 2
    assert reopen(store).current().actions == [play(0), play(1)]


@hsettings(max_examples=25, deadline=None)
@given(st.lists(st.dictionaries(st.text(max_size=8), st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(max_size=20),
    st.lists(st.integers(), max_size=3)), max_size=4), max_size=6))
def test_any_json_actions_survive_a_restart(tmp_path_factory, actions):
    store = Store.open(tmp_path_factory.mktemp("h"))
    game = store.start_game({"players": PLAYERS})
    rev = 0
    for action in actions:
        rev = store.append_action(game.game_id, rev, action)
    assert reopen(store).current() == CurrentGame(game.game_id, game.meta, actions, [], rev)


# --------------------------------------------------------------------------- compare-and-swap

def test_revision_conflict_is_raised_and_nothing_is_lost(tmp_path):
    tab_a = Store.open(tmp_path)
    tab_b = Store.open(tmp_path)  # a second browser tab: same process, same instance
    game = tab_a.start_game({"players": PLAYERS})
    rev_a = tab_a.append_action(game.game_id, 0, play(0, "Лена"))
    with pytest.raises(RevisionConflict) as info:
        tab_b.append_action(game.game_id, 0, play(0, "Миша"))  # b's view was stale
    assert info.value.current_revision == 1 and info.value.current_game_id == game.game_id
    with pytest.raises(RevisionConflict):
        tab_b.replace_log(game.game_id, 0, [], [])
    with pytest.raises(RevisionConflict):
        tab_b.finish_current(game.game_id, 0, {}, {})
    with pytest.raises(RevisionConflict):
        tab_b.append_action("someothergame", rev_a, play(1))
    # b reloads and retries
    rev_b = tab_b.append_action(game.game_id, info.value.current_revision, play(1, "Миша"))
    assert rev_b == 2
    assert reopen(tab_a).current().actions == [play(0, "Лена"), play(1, "Миша")]


def test_no_current_game_is_a_conflict(tmp_path):
    store = Store.open(tmp_path)
    with pytest.raises(RevisionConflict) as info:
        store.append_action("abc", 0, play(0))
    assert info.value.current_revision is None and info.value.current_game_id is None


def test_concurrent_appends_with_retry_lose_nothing(tmp_path):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    conflicts = []

    def tab(k: int):
        for i in range(15):
            while True:
                cur = store.current()
                try:
                    store.append_action(game.game_id, cur.revision, {"tab": k, "i": i})
                    break
                except RevisionConflict:
                    conflicts.append(k)

    threads = [threading.Thread(target=tab, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = reopen(store).current()
    assert final.revision == 60 and len(final.actions) == 60
    for k in range(4):
        assert [a["i"] for a in final.actions if a["tab"] == k] == list(range(15))


# --------------------------------------------------------------------------- crash-safe finish

@pytest.mark.parametrize("fail_at", ["index", "clear"])
def test_finish_interrupted_between_steps_is_completed_once(tmp_path, monkeypatch, fail_at):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    rev = store.append_action(game.game_id, 0, play(0))

    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed")

    if fail_at == "index":
        monkeypatch.setattr(store, "_index_upsert", killed)
    else:
        monkeypatch.setattr(store._game, "truncate", killed)
    with pytest.raises(KeyboardInterrupt):
        store.finish_current(game.game_id, rev, {"r": 1}, {"winner": "Лена"})
    monkeypatch.undo()
    assert store.current() is not None  # not yet cleared

    store = reopen(store)
    assert store.current() is None
    assert [g["game_id"] for g in store.archived()] == [game.game_id]
    assert store.archived_game(game.game_id)["actions"] == [play(0)]
    # and a second open changes nothing
    assert len(reopen(store).archived()) == 1


def test_finish_killed_before_archive_write_keeps_the_game_current(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    rev = store.append_action(game.game_id, 0, play(0))
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        store.finish_current(game.game_id, rev, {}, {})
    monkeypatch.undo()
    store = reopen(store)
    assert store.current().actions == [play(0)] and store.archived() == []
    assert store.finish_current(game.game_id, rev, {}, {}) == game.game_id
    assert len(store.archived()) == 1 and store.current() is None


# --------------------------------------------------------------------------- damaged files

def _damage(path: Path, kind: str) -> None:
    good = path.read_bytes()
    path.unlink()
    if kind == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif kind == "garbage":
        path.write_bytes(random.Random(1).randbytes(300))
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "not_a_table":
        path.write_text('["Лена", 1, 2]', encoding="utf-8")
    elif kind == "wrong_doc":
        path.write_text('{"game": {"1": {"game_id": 5}}, "games": {"1": {"seq": "x"}},'
                        ' "facts": {"1": {"card_id": 1}}}', encoding="utf-8")
    elif kind == "a_folder":
        path.mkdir()  # a directory where the file should be: set aside like a damaged file
    elif kind == "missing":
        pass  # killed between the two renames of a write: only the .bak is left


REASON = {"truncated": "not_json", "garbage": "not_json", "empty": "empty",
          "not_a_table": "wrong_shape", "wrong_doc": "wrong_shape", "a_folder": "wrong_shape",
          "missing": "missing"}
KINDS = list(REASON)


def _check_repaired(store: Store, tmp_path: Path, rel: str, kind: str) -> None:
    incident = next(i for i in store.incidents if i.file == rel)
    assert incident.code == RESTORED_FROM_BACKUP and incident.reason == REASON[kind]
    assert incident.restored_from == rel + ".bak"
    if kind == "missing":
        assert incident.kept_aside == ()
    else:
        assert incident.kept_aside == (rel + ".corrupt-1",)
        assert (tmp_path / incident.kept_aside[0]).exists()  # kept for inspection
    assert incident.params["file"] == rel and "code" not in incident.params
    json.loads((tmp_path / rel).read_text(encoding="utf-8"))  # main file good again


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_current_restores_last_good_state(tmp_path, kind):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    rev = store.append_action(game.game_id, 0, play(0))
    good = store.current()
    store.append_action(game.game_id, rev, play(1))  # the write that gets damaged
    _damage(tmp_path / "current.json", kind)

    store = reopen(store)
    assert store.current() == good
    _check_repaired(store, tmp_path, "current.json", kind)
    assert store.append_action(game.game_id, good.revision, play(1)) == 2  # goes on normally
    assert reopen(store).current().actions == [play(0), play(1)]


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_archive_index_is_restored_and_rebuilt(tmp_path, kind):
    store = Store.open(tmp_path)
    ids = [finish_game(store, [name], 2) for name in ("Аня", "Боря", "Вера")]
    _damage(tmp_path / "archive.json", kind)

    store = reopen(store)
    _check_repaired(store, tmp_path, "archive.json", kind)
    # the .bak lacks the last game; it is re-added from archive/<id>.json
    rebuilt = [i for i in store.incidents if i.code == ARCHIVE_INDEX_REBUILT]
    assert [i.count for i in rebuilt] == [1]
    assert [g["game_id"] for g in store.archived()] == ids[::-1]
    assert store.player_names() == ["Вера", "Боря", "Аня"]


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_profile_restores_last_good_state(tmp_path, kind):
    store = Store.open(tmp_path)
    store.set_fact("orca-9", {"value": 9})
    store.set_setting("language", "ru")
    store.set_setting("language", "en")  # the write that gets damaged
    _damage(tmp_path / "profile.json", kind)

    store = reopen(store)
    _check_repaired(store, tmp_path, "profile.json", kind)
    assert store.deck_facts() == {"orca-9": {"value": 9}}
    assert store.settings() == {"language": "ru"}


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_archived_game_restores_from_its_copy(tmp_path, kind):
    store = Store.open(tmp_path)
    game_id = finish_game(store, ["Аня"], 3)
    rel = f"archive/{game_id}.json"
    _damage(tmp_path / rel, kind)

    store = reopen(store)
    assert store.archived_game(game_id)["actions"] == [play(i, "Аня") for i in range(3)]
    _check_repaired(store, tmp_path, rel, kind)


@pytest.mark.parametrize("rel", ["current.json", "archive.json", "profile.json"])
def test_main_and_backup_both_damaged_start_empty_and_keep_both(tmp_path, rel):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    store.append_action(game.game_id, 0, play(0))
    finish_game(store, ["Аня"], 1)
    finish_game(store, ["Боря"], 1)
    store.set_setting("a", 1)
    store.set_setting("b", 2)
    main, bak = tmp_path / rel, tmp_path / (rel + ".bak")
    assert bak.exists()
    main.write_bytes(b"{\"torn")
    bak.write_bytes(b"\x00\x00")

    store = reopen(store)  # must not raise
    reset = [i for i in store.incidents if i.code == RESET_TO_EMPTY]
    assert len(reset) == 1 and reset[0].file == rel and reset[0].restored_from is None
    assert reset[0].kept_aside == (rel + ".corrupt-1", rel + ".bak.corrupt-1")
    assert (tmp_path / (rel + ".corrupt-1")).read_bytes() == b"{\"torn"
    assert (tmp_path / (rel + ".bak.corrupt-1")).read_bytes() == b"\x00\x00"
    if rel == "archive.json":  # derived data: fully rebuilt from archive/
        assert sorted(p for g in store.archived() for p in g["players"]) == ["Аня", "Боря"]
    game = store.start_game({"players": ["Лена"]})  # the store keeps working
    store.append_action(game.game_id, 0, play(0))
    store.set_setting("c", 3)
    assert reopen(store).current().actions == [play(0)]


def test_second_corruption_gets_a_new_aside_name(tmp_path):
    store = Store.open(tmp_path)
    store.set_setting("a", 1)
    store.set_setting("a", 2)
    for n in (1, 2):
        (tmp_path / "profile.json").write_text("oops", encoding="utf-8")
        store = reopen(store)
        assert store.incidents[-1].kept_aside == (f"profile.json.corrupt-{n}",)
    assert (tmp_path / "profile.json.corrupt-1").exists()
    assert (tmp_path / "profile.json.corrupt-2").exists()


def test_kill_between_the_two_renames_completes_the_write(tmp_path):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    store.append_action(game.game_id, 0, play(0))
    # the state a kill leaves after "current.json -> .bak" and before ".tmp -> current.json"
    os.replace(tmp_path / "current.json", tmp_path / "current.json.tmp")
    store = reopen(store)
    assert store.current().actions == [play(0)] and store.incidents == []
    assert (tmp_path / "current.json").exists() and not (tmp_path / "current.json.tmp").exists()


def test_stale_temp_file_is_ignored(tmp_path):
    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS})
    store.append_action(game.game_id, 0, play(0))
    (tmp_path / "current.json.tmp").write_bytes(b'{"game": {"1": {"gam')  # torn temp write
    store = reopen(store)
    assert store.current().actions == [play(0)] and store.incidents == []
    assert not (tmp_path / "current.json.tmp").exists()


# --------------------------------------------------------------------------- SIGKILL

def test_sigkill_at_random_moments_loses_nothing_acknowledged(tmp_path):
    """Kill the worker 40 times (seeded random moments, some during start-up and recovery);
    after each kill every printed action must be on disk, in order."""
    rng = random.Random(20240607)
    worker = Path(__file__).with_name("storage_kill_worker.py")
    started = time.monotonic()
    committed = 0  # actions on disk so far
    kills_while_appending = 0
    for round_ in range(40):
        proc = subprocess.Popen([sys.executable, str(worker), str(tmp_path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if round_ % 4:  # wait until it is appending, then kill within the next 0.2 s
            first = proc.stdout.readline()
            assert first, proc.stderr.read()
            time.sleep(rng.uniform(0, 0.2))
        else:  # kill at any moment, including imports, open and recovery
            time.sleep(rng.uniform(0, 0.3))
            first = ""
        proc.send_signal(signal.SIGKILL)
        # read through the same text wrappers as the readline above: communicate() would read
        # the pipes' descriptors and miss the lines readline had already buffered
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait()
        assert proc.returncode == -signal.SIGKILL, err
        out = first + out
        printed = [int(line) for line in out.split("\n")[:-1]]  # complete lines only
        assert printed == list(range(committed, committed + len(printed)))
        kills_while_appending += bool(printed)

        store = Store.open(tmp_path)
        game = store.current()
        if game:
            json.loads((tmp_path / "current.json").read_text(encoding="utf-8"))
        numbers = [a["n"] for a in game.actions] if game else []
        assert numbers == list(range(len(numbers)))  # in order, no gaps, no duplicates
        acknowledged = committed + len(printed)
        # every printed action is there; at most the one being printed when killed is extra
        assert acknowledged <= len(numbers) <= acknowledged + 1
        assert store.incidents == []  # a kill never needs a repair
        committed = len(numbers)
        store.close()
    elapsed = time.monotonic() - started
    print(f"\n40 SIGKILLs in {elapsed:.1f} s: {kills_while_appending} while appending, "
          f"{committed} actions kept")
    assert kills_while_appending >= 30 and committed > 100
    assert not list(tmp_path.glob("*.corrupt-*"))
    assert elapsed < 90


# --------------------------------------------------------------------------- cost of an append

def _snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    return {str(p.relative_to(root)): (p.stat().st_ino, p.stat().st_mtime_ns, p.stat().st_size)
            for p in root.rglob("*") if p.is_file()}


def test_append_rewrites_only_current_json(tmp_path):
    big, small = tmp_path / "big", tmp_path / "small"
    store = Store.open(big)
    for k in range(20):
        finish_game(store, [f"Игрок {k}"], 200)
    store.set_fact("orca-9", {"value": 9})
    game = store.start_game({"players": PLAYERS})
    rev = store.append_action(game.game_id, 0, play(0))
    before = _snapshot(big)
    time.sleep(0.01)  # let mtimes move if anything else were written
    # the old file held open: its inode cannot be freed and handed to the new file (seen once)
    with open(big / "current.json", "rb"):
        for i in range(1, 11):
            rev = store.append_action(game.game_id, rev, play(i))
        after = _snapshot(big)

    touched = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    assert touched == {"current.json", "current.json.bak"}
    assert after["current.json"][0] != before["current.json"][0]  # replaced, not rewritten

    # the bytes written do not depend on the archive: same size as in an empty folder
    empty = Store.open(small)
    other = empty.start_game({"players": PLAYERS})
    r = 0
    for i in range(11):
        r = empty.append_action(other.game_id, r, play(i))
    assert (small / "current.json").stat().st_size == after["current.json"][2]


# --------------------------------------------------------------------------- data folder

def test_data_dir_precedence(tmp_path, monkeypatch):
    for var in ("KITY_DATA_DIR", "FLET_APP_STORAGE_DATA", "XDG_DATA_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if sys.platform.startswith("linux"):
        assert data_dir() == tmp_path / "home" / ".local" / "share" / "kity"
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        assert data_dir() == tmp_path / "xdg" / "kity"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert data_dir() == tmp_path / "flet"
    monkeypatch.setenv("KITY_DATA_DIR", str(tmp_path / "kity" / "deep"))
    assert data_dir() == tmp_path / "kity" / "deep" and data_dir().is_dir()
    assert Store.open().root == str(tmp_path / "kity" / "deep")


# --------------------------------------------------------------------------- issue 17 §4
def test_the_live_file_exists_at_every_instant_of_a_save(tmp_path, monkeypatch):
    """Before: a save renamed current.json to .bak, then .tmp to current.json — in between there
    was no current.json. Now every rename of a save leaves the live file in place (checked
    before and after each one), and the .bak is the previous version."""
    import companion.store.repository as storage

    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS, "target": 5})
    rev = store.append_action(game.game_id, 0, play(1))
    live = tmp_path / "current.json"
    seen = []
    real_replace = os.replace

    def spy(src, dst, *a, **kw):
        seen.append(("before", os.path.exists(live)))
        real_replace(src, dst, *a, **kw)
        seen.append(("after", os.path.exists(live)))

    monkeypatch.setattr(storage.os, "replace", spy)
    for i in range(2, 6):
        rev = store.append_action(game.game_id, rev, play(i))
    assert seen and all(present for _, present in seen), seen
    monkeypatch.undo()
    now = json.loads(live.read_text(encoding="utf-8"))
    before = json.loads((tmp_path / "current.json.bak").read_text(encoding="utf-8"))
    assert [a["n"] for a in next(iter(now["game"].values()))["actions"]] == [1, 2, 3, 4, 5]
    assert [a["n"] for a in next(iter(before["game"].values()))["actions"]] == [1, 2, 3, 4]
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob("*.bak.new"))
    assert reopen(store).current().actions[-1]["n"] == 5


def test_a_save_where_the_system_has_no_hard_links_keeps_a_copy_as_backup(tmp_path, monkeypatch):
    """The browser's Python (the phone edition) has no ``os.link``: the .bak is then a copy of
    the previous version and the save goes on (issue 16 with issue 17's save order)."""
    import companion.store.repository as storage

    store = Store.open(tmp_path)
    game = store.start_game({"players": PLAYERS, "target": 5})
    rev = store.append_action(game.game_id, 0, play(1))
    monkeypatch.delattr(storage.os, "link")
    rev = store.append_action(game.game_id, rev, play(2))
    before = json.loads((tmp_path / "current.json.bak").read_text(encoding="utf-8"))
    assert [a["n"] for a in next(iter(before["game"].values()))["actions"]] == [1]
    monkeypatch.undo()
    assert reopen(store).current().actions == [play(1), play(2)]
