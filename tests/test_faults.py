"""Full disks, two servers, hostile files (issue «it always starts, never hangs, and loses
nothing»). One test (or more) per numbered point of the issue; the point is in the name.

A full disk is real where the test may mount a small tmpfs (root on Linux), and otherwise a
storage layer that fails on demand; two servers are two real processes.
"""
from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.ui.session import Session
from companion.store.repository import (
    ARCHIVE_INDEX_REBUILT, BACKUP_SET_ASIDE, MOVED_ASIDE, NOT_SAVED, SILENT, UNREADABLE, FolderInUse, Store,
)
from engine.kozyrnye_kity import RecordError
from engine.kozyrnye_kity.record import LIMITS, read_record

from app_process import REPO, free_port, running_app
from engine_helpers import run_cli

PLAYERS = ["Лена", "Миша"]
EXAMPLE = json.loads((REPO / "assets" / "examples" / "kozyrnye-kity" / "two-players.json").read_text(encoding="utf-8"))


def reopen(store: Store) -> Store:
    store.close()
    return Store.open(store.root)


def pad_game(store: Store) -> Session:
    """A score-pad game of two players: every action is a whole tallied round."""
    s = Session(store)
    assert s.new_game(PLAYERS, target=1000, mode="pad").ok
    return s


def tally(s: Session, k: int = 1):
    out = s.game.tally_round({"Лена": (k % 5, 0), "Миша": (1, k % 3)})
    assert out.ok, out.text("en")
    return out


def no_space(*_a, **_k):
    raise OSError(errno.ENOSPC, "No space left on device")


# --------------------------------------------------------------------------------------------
# 1. A failed abandon on a full disk loses nothing
# --------------------------------------------------------------------------------------------
def test_1_failed_abandon_leaves_the_game_as_before_and_later_actions_survive(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    s = pad_game(store)
    for k in range(3):
        tally(s, k)
    monkeypatch.setattr(store, "_index_upsert", no_space)  # step 2 of filing fails: disk full
    out = s.abandon()
    monkeypatch.undo()
    assert not out.ok and out.notice.key == "session.not-saved" and "No space" in out.notice.params["reason"]
    assert s.active  # the game goes on, as before the step
    assert not list((tmp_path / "archive").glob("*.json*"))  # the half-made archive copy is gone
    for k in range(20):
        tally(s, k)
    store = reopen(store)
    assert len(store.current().actions) == 23  # every confirmed action is found at the next start
    assert store.archived() == []


def test_1_stale_archive_copy_never_replaces_a_game_that_played_on(tmp_path, monkeypatch):
    """Even when undoing the failed step fails too (the archive copy stays), the next start
    keeps the current game with all its actions and drops the stale copy."""
    store = Store.open(tmp_path)
    s = pad_game(store)
    tally(s)
    monkeypatch.setattr(store, "_index_upsert", no_space)
    monkeypatch.setattr(store, "_forget_archived", lambda game_id: None)
    assert not s.abandon().ok
    monkeypatch.undo()
    assert list((tmp_path / "archive").glob("*.json"))  # the stale copy is there
    for k in range(20):
        tally(s, k)
    store = reopen(store)
    assert len(store.current().actions) == 21 and store.archived() == []
    assert not list((tmp_path / "archive").glob("*.json"))


def test_1_failed_import_files_nothing(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    s = Session(store)
    monkeypatch.setattr(store, "_index_upsert", no_space)
    out = s.archive.import_record(json.dumps(EXAMPLE, ensure_ascii=False))
    monkeypatch.undo()
    assert not out.ok and out.notice.key == "session.not-saved"
    assert store.archived() == [] and not list((tmp_path / "archive").iterdir())
    assert reopen(store).archived() == []


@pytest.fixture
def small_disk(tmp_path):
    """A real 1 MiB file system (tmpfs), where this machine lets the test mount one."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root on Linux")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode(errors='replace').strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system until it is full; return the filler (delete it to free space)."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError as e:
            assert e.errno == errno.ENOSPC
    return filler


def test_1_real_full_disk_abandon_and_actions(small_disk):
    data = small_disk / "data"
    store = Store.open(data)
    s = pad_game(store)
    for k in range(5):
        tally(s, k)
    filler = fill(small_disk)
    out = s.abandon()
    assert not out.ok and out.notice.key == "session.not-saved"
    refused = s.game.tally_round({"Лена": (1, 0), "Миша": (0, 0)})  # an action on a full disk is not confirmed
    assert not refused.ok and refused.notice.key == "session.not-saved"
    assert len(s.log) == 5
    filler.unlink()
    for k in range(20):
        tally(s, k)
    store = reopen(store)
    assert len(store.current().actions) == 25 and store.archived() == []
    assert not list(data.rglob("*.tmp"))
    assert Session(store).abandon().ok and len(reopen(store).archived()) == 1


# --------------------------------------------------------------------------------------------
# 2. Two servers on one data folder: the second says so and stops
# --------------------------------------------------------------------------------------------
def test_2_second_store_in_another_process_is_refused(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from companion.store.repository import Store; Store.open(sys.argv[1]); "
                               "print('ready', flush=True); time.sleep(60)", str(tmp_path)],
        cwd=REPO, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(FolderInUse) as e:
            Store.open(tmp_path)
        assert "уже открыты" in e.value.message("ru") and "already running" in e.value.message("en")
    finally:
        holder.kill()
        holder.wait()
    assert Store.open(tmp_path).current() is None  # free again once the other one is gone


def test_2_second_app_on_the_same_folder_stops_with_a_plain_message(tmp_path):
    with running_app(tmp_path / "data") as (_port, first):
        second = subprocess.run([sys.executable, "-m", "companion"], cwd=REPO, capture_output=True, timeout=60,
                                env=dict(os.environ, KITY_DATA_DIR=str(tmp_path / "data"), KITY_NO_BROWSER="1",
                                         KITY_PORT=str(free_port())))
        assert second.returncode == 1
        err = second.stderr.decode("utf-8")
        assert "уже открыты" in err and "already running" in err and "Traceback" not in err
        assert first.poll() is None  # the first one plays on


# --------------------------------------------------------------------------------------------
# 3. It always starts
# --------------------------------------------------------------------------------------------
def test_3_start_after_an_index_write_failed_once(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    s = pad_game(store)
    tally(s)
    (tmp_path / "archive.json.bak").mkdir()  # a folder where the index's backup belongs
    monkeypatch.setattr(store, "_index_upsert", no_space)
    assert not s.abandon().ok
    monkeypatch.undo()
    for _ in range(3):  # every later start works
        store = reopen(store)
        assert store.current() is not None
    assert Session(store).abandon().ok
    assert len(reopen(store).archived()) == 1


def test_3_archive_that_is_a_file_is_set_aside(tmp_path):
    (tmp_path / "archive").write_text("not a folder")
    store = Store.open(tmp_path)
    assert any(i.code == MOVED_ASIDE and i.file == "archive" for i in store.incidents)
    assert (tmp_path / "archive.corrupt-1").read_text() == "not a folder"
    s = pad_game(store)
    tally(s)
    assert s.finish().ok is False  # no winner yet (R-END), but the archive works:
    assert s.abandon().ok and len(reopen(store).archived()) == 1


def test_3_unreadable_archive_folder_still_starts(tmp_path, monkeypatch):
    (tmp_path / "archive").mkdir()
    real = os.listdir

    def listdir(path="."):
        if str(path).endswith("archive"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(path)

    monkeypatch.setattr(os, "listdir", listdir)
    store = Store.open(tmp_path)
    assert any(i.code == UNREADABLE and i.file == "archive" for i in store.incidents)
    assert pad_game(store).active


def test_3_unreadable_file_is_left_alone_and_never_overwritten(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    s = pad_game(store)
    tally(s)
    store.close()
    good = (tmp_path / "current.json").read_bytes()
    import builtins
    real_open = builtins.open

    def guarded(file, *a, **k):
        if str(file).endswith("current.json"):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *a, **k)

    monkeypatch.setattr(builtins, "open", guarded)
    store = Store.open(tmp_path)
    assert any(i.code == UNREADABLE and i.file == "current.json" for i in store.incidents)
    s = Session(store)
    assert not s.active
    out = s.new_game(PLAYERS, mode="pad")  # would replace the game it could not read: refused
    assert not out.ok and out.notice.key == "session.not-saved"
    monkeypatch.undo()
    assert (tmp_path / "current.json").read_bytes() == good  # untouched
    assert reopen(store).current() is not None


def test_3_the_app_starts_when_the_data_folder_is_unusable(tmp_path):
    """A file where the data folder should be: the app still serves its first screen."""
    bad = tmp_path / "data"
    bad.write_text("a file, not a folder")
    with running_app(bad / "sub") as (port, _proc):
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).status == 200


# --------------------------------------------------------------------------------------------
# 4. A .bak that is a folder does not break the writes of its file
# --------------------------------------------------------------------------------------------
def test_4_folder_in_place_of_bak_is_set_aside_and_writes_go_on(tmp_path):
    store = Store.open(tmp_path)
    s = pad_game(store)
    (tmp_path / "current.json.bak").mkdir()
    (tmp_path / "current.json.bak" / "x").write_text("x")
    for k in range(3):
        tally(s, k)
    assert (tmp_path / "current.json.bak.corrupt-1" / "x").exists()
    assert json.loads((tmp_path / "current.json.bak").read_text(encoding="utf-8"))
    assert any(i.code == MOVED_ASIDE for i in store.incidents)
    assert len(reopen(store).current().actions) == 3


# --------------------------------------------------------------------------------------------
# 5. A message only when something was really set aside or restored
# --------------------------------------------------------------------------------------------
def test_5_an_interrupted_import_is_completed_without_a_damage_message(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    s = Session(store)

    def killed(*a, **k):
        raise KeyboardInterrupt("killed between the archive file and its index row")

    monkeypatch.setattr(store, "_index_upsert", killed)
    with pytest.raises(KeyboardInterrupt):
        s.archive.import_record(json.dumps(EXAMPLE, ensure_ascii=False))
    monkeypatch.undo()
    store = reopen(store)
    assert len(store.archived()) == 1  # the step was completed
    assert [i.code for i in store.incidents] == [ARCHIVE_INDEX_REBUILT] and ARCHIVE_INDEX_REBUILT in SILENT
    assert Session(store).notice is None  # nothing is said: nothing was damaged


def test_5_a_damaged_bak_is_set_aside_and_reported(tmp_path):
    store = Store.open(tmp_path)
    s = pad_game(store)
    tally(s)
    tally(s, 2)
    store.close()
    (tmp_path / "current.json.bak").write_bytes(b'{"game": {"1": {"gam')
    store = Store.open(tmp_path)
    inc = [i for i in store.incidents if i.code == BACKUP_SET_ASIDE]
    assert len(inc) == 1 and inc[0].file == "current.json.bak" and inc[0].kept_aside == ("current.json.bak.corrupt-1",)
    assert len(store.current().actions) == 2  # the data itself was fine
    s = Session(store)
    assert s.notice is not None and s.notice.key == "storage.backup_set_aside"


def test_5_a_clean_start_says_nothing(tmp_path):
    store = Store.open(tmp_path)
    s = pad_game(store)
    tally(s)
    store = reopen(store)
    assert store.incidents == [] and Session(store).notice is None


# --------------------------------------------------------------------------------------------
# 6. Huge records are refused before any work; replay is linear
# --------------------------------------------------------------------------------------------
def tallied(n: int, players=("A", "B")) -> dict:
    return {"format": "kozyrnye-kity/1", "players": list(players), "target": 10**6,
            "rounds": [{"tally": {p: {"pearls": 1 if j == 0 else 0, "unused_bonuses": 0} for j, p in enumerate(players)}}
                       for _ in range(n)]}


@pytest.mark.parametrize("doc,code", [
    (tallied(LIMITS.max_rounds + 1), "r.too-many"),
    ({**tallied(1), "players": ["A" * (LIMITS.max_name + 1), "B"]}, "r.name-long"),
    ({**tallied(1), "players": ["A\u202eB", "C"]}, "r.name-chars"),
    ({**tallied(1), "players": ["A\x1b[2J", "C"]}, "r.name-chars"),
])
def test_6_records_beyond_sane_limits_are_refused(doc, code):
    with pytest.raises(RecordError) as e:
        read_record(json.dumps(doc))
    assert e.value.detail_key == code


def test_6_a_round_of_10000_tricks_is_refused_unread():
    doc = json.loads(json.dumps(EXAMPLE))
    r = next(r for r in doc["rounds"] if "tricks" in r)
    r["tricks"] = r["tricks"] * 1250
    with pytest.raises(RecordError) as e:
        read_record(json.dumps(doc))
    assert e.value.detail_key == "r.too-many" and "tricks" in e.value.path


def test_6_a_file_over_the_size_limit_is_refused_before_parsing():
    big = b"[" + b"0," * (LIMITS.max_bytes // 2) + b"0]"
    with pytest.raises(RecordError) as e:
        read_record(big)
    assert e.value.detail_key == "r.too-big"


def test_6_totals_of_a_long_game_are_kept_exactly():
    """The incremental totals (what makes replay linear) against a sum done here."""
    from engine.kozyrnye_kity.replay import replay_record
    res = replay_record(read_record(json.dumps(tallied(150))))
    assert res.state.closed_totals == (150, 0)
    assert len(res.state.rounds) == 150 and res.state.winner is None


# --------------------------------------------------------------------------------------------
# 7. The replay command's contract
# --------------------------------------------------------------------------------------------
def one_line(proc) -> str:
    err = proc.stderr.decode("utf-8")
    assert proc.returncode == 2, (proc.returncode, err[:300])
    assert "Traceback" not in err and err.count("\n") == 1, repr(err[:300])
    return err


@pytest.mark.parametrize("doc", [
    {**EXAMPLE, "players": ["\ud800", "B"]},
    {**EXAMPLE, "deck": {"bad\nkey\nhere": {}}},
    {**EXAMPLE, "deck": {"\x1b]0;pwned\x07\x1b[2J": {}}},
])
def test_7_hostile_keys_and_names_give_one_escaped_line(tmp_path, doc):
    f = tmp_path / "r.json"
    f.write_text(json.dumps(doc, ensure_ascii=True), encoding="utf-8")
    err = one_line(run_cli("replay", str(f)))
    assert "\x1b" not in err and "\x07" not in err and len(err) < 400


def test_7_a_50_mb_bad_key_is_not_echoed(tmp_path):
    f = tmp_path / "r.json"
    f.write_text(json.dumps({**EXAMPLE, "deck": {"x" * 50_000_000: {}}}), encoding="utf-8")
    err = one_line(run_cli("replay", str(f)))
    assert len(err) < 400


# --------------------------------------------------------------------------------------------
# 8. What import accepts, storage can write; the rest is refused with the reason
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,why", [
    (json.dumps({**EXAMPLE, "extra": 1}).replace('"extra": 1', '"extra": NaN'), "NaN"),
    (json.dumps({**EXAMPLE, "extra": 1}).replace('"extra": 1', '"extra": -Infinity'), "Infinity"),
    (json.dumps({**EXAMPLE, "note": "\ud800"}), "Unicode"),
])
def test_8_import_refuses_what_storage_cannot_write(tmp_path, text, why):
    store = Store.open(tmp_path)
    s = Session(store)
    out = s.archive.import_record(text)
    assert not out.ok and why in out.text("en")
    assert store.archived() == [] and not list((tmp_path / "archive").iterdir())


# --------------------------------------------------------------------------------------------
# 10. Names from imports never reach the name suggestions unless a game could take them
# --------------------------------------------------------------------------------------------
def test_10_bad_names_from_old_imports_are_not_suggested(tmp_path):
    store = Store.open(tmp_path)
    meta = {"players": ["Лена", "\u202eevil", "x" * 10_000, "Ok\x07"], "mode": "full"}
    store.import_game(meta, [], None, {"players": meta["players"], "rounds": []})
    assert store.player_names() == ["Лена"]


# --------------------------------------------------------------------------------------------
# Fuzz: the replay command and import take anything and answer calmly
# --------------------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)


def mutate(draw_value, path_choice):
    doc = json.loads(json.dumps(EXAMPLE))
    node = doc
    for step in path_choice:
        kids = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) else []
        if not kids:
            break
        key, child = kids[step % len(kids)]
        if not isinstance(child, (dict, list)) or step % 3 == 0:
            node[key] = draw_value
            return doc
        node = child
    if isinstance(node, dict):
        node["x"] = draw_value
    return doc


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=JSON, path=st.lists(st.integers(0, 50), max_size=6))
def test_fuzz_import_answers_calmly_and_keeps_what_it_accepts(tmp_path_factory, value, path):
    store = Store.open(tmp_path_factory.mktemp("fuzz"))
    s = Session(store)
    out = s.archive.import_record(json.dumps(mutate(value, path), ensure_ascii=False))
    assert out.notice is not None and out.text("ru") and out.text("en")
    if out.ok:  # what was accepted is stored and readable again
        assert len(reopen(store).archived()) == 1
    else:
        assert store.archived() == []


@settings(max_examples=25, deadline=None)
@given(value=JSON, path=st.lists(st.integers(0, 50), max_size=6), junk=st.binary(max_size=40))
def test_fuzz_replay_command_contract(value, path, junk):
    for data in (json.dumps(mutate(value, path)).encode(), junk):
        proc = run_cli("replay", "-", stdin=data)
        assert proc.returncode in (0, 1, 2)
        err = proc.stderr.decode("utf-8")
        assert "Traceback" not in err
        if proc.returncode == 2:
            assert err.count("\n") == 1
        else:
            assert err == ""
