"""Issue 43 «Storage in the phone edition, said truthfully», where the seam can be faked.

* Storage full: the warning was a message the next entry cleared, though that entry did not
  reach storage either (the screen showed 11 entries, storage held 9). Now the seam keeps «full»
  until a copy succeeds and then says everything is saved (None), and the warning is a bar under
  every screen drawn from that state alone, not a message an entry dismisses.
* A private window: no warning at all. Now the seam guesses it from what the browser says
  (Firefox and Safari refuse the origin's folder there; Chromium's quota is small) and says so.
* An archived game whose file and backup copy are both damaged stayed listed with no word, and
  its export said only «нет записи для выгрузки». Now it is listed as damaged, and says why.
"""
from __future__ import annotations

import asyncio
import json
import os

import pytest

from companion.base import ids, platform
from companion.base.i18n import set_language as set_lang
from companion.ui.session import Session
from companion.store.repository import Store

from test_platform import browser  # noqa: F401  (the seam as in the browser, syncfs faked)
from test_session_helpers import run_coroutine


# ------------------------------------------------------------------------------ storage full
def test_full_storage_stays_said_until_a_copy_succeeds(browser):  # noqa: F811
    calls, sent, problems, conn = browser
    platform.flush()                               # entry 10
    conn.send_callback(b"10")
    calls.pop()[1]("QuotaExceededError")
    assert problems == ["full"]
    platform.flush()                               # entry 11: not saved either
    conn.send_callback(b"11")
    calls.pop()[1]("QuotaExceededError")
    assert platform.storage_problem() == "full" and problems == ["full"]  # still said, not cleared
    assert sent == [b"10", b"11"]                  # the game goes on in memory
    platform.flush()                               # space was freed: entry 12's copy takes all
    calls.pop()[1](None)
    assert platform.storage_problem() is None and problems == ["full", None]


def test_a_write_during_a_good_copy_keeps_the_warning_until_it_is_copied_too(browser):  # noqa: F811
    calls, _sent, problems, _conn = browser
    platform.flush()
    calls.pop()[1]("QuotaExceededError")
    platform.flush()
    platform.flush()                               # written while that copy runs
    calls.pop()[1](None)
    assert problems == ["full"]                    # the later write is not in yet
    calls.pop()[1](None)
    assert problems == ["full", None]


def test_what_lived_in_memory_is_saved_when_storage_comes_back_without_another_entry(browser, tmp_path,
                                                                                      monkeypatch):  # noqa: F811
    """Issue 53: after «full», the entries kept in memory only reached IndexedDB at the table's
    next entry — the last entry of an evening never did. A store whose copies to IndexedDB fail
    (the browser's storage is full), then succeed (space was freed): what was written while
    full is copied then, with no new write, and the warning goes."""
    from companion.store import repository

    calls, sent, problems, conn = browser
    monkeypatch.setattr(platform, "RETRY_FIRST", 0.01)
    monkeypatch.setattr(platform, "_retry_in", 0.01)
    monkeypatch.setattr(repository, "after_write", platform.flush)
    kept: dict[str, bytes] = {}   # IndexedDB: the folder as last copied
    room = {"full": False}

    def copy(populate, done, path=None):  # FS.syncfs(false): the whole folder, or nothing when full
        assert populate is False and path == platform.BROWSER_DATA_DIR == str(tmp_path)
        if room["full"]:
            done("QuotaExceededError")
            return
        kept.clear()
        kept.update({p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()})
        done(None)

    def copy_named(puts, removes, done):  # a copy of the written files alone (issue 53): all or none
        if room["full"]:
            done("QuotaExceededError")
            return
        for p in puts:
            if os.path.isfile(p):
                kept[os.path.relpath(p, tmp_path)] = open(p, "rb").read()
        for p in removes:
            kept.pop(os.path.relpath(p, tmp_path), None)
        done(None)

    monkeypatch.setattr(platform, "_syncfs", copy)
    monkeypatch.setattr(platform, "_copy_paths", copy_named)
    monkeypatch.setattr(platform, "BROWSER_DATA_DIR", str(tmp_path))

    def in_indexeddb() -> list:
        return json.loads(kept["current.json"])["game"]["1"]["actions"]

    async def evening():
        store = Store.open(tmp_path)
        try:
            game = store.start_game({"players": ["Аня", "Боря"]})
            rev = store.append_action(game.game_id, 0, {"type": "x", "n": 1})
            assert in_indexeddb() == [{"type": "x", "n": 1}] and problems == []
            room["full"] = True
            rev = store.append_action(game.game_id, rev, {"type": "x", "n": 2})   # the last two entries
            store.append_action(game.game_id, rev, {"type": "x", "n": 3})         # of the evening
            assert problems == ["full"] and len(in_indexeddb()) == 1
            await asyncio.sleep(0.05)                     # still full: tried again, still said
            assert problems == ["full"] and len(in_indexeddb()) == 1
            room["full"] = False                          # space was freed; nobody enters anything
            for _ in range(100):
                if len(in_indexeddb()) == 3:
                    break
                await asyncio.sleep(0.01)
            assert [a["n"] for a in in_indexeddb()] == [1, 2, 3]
            assert problems == ["full", None] and platform.storage_problem() is None and platform.saved()
        finally:
            store.close()

    run_coroutine(evening())


def test_the_warning_bar_draws_the_storage_state_whatever_the_messages_do():
    from companion.widgets.notices import StorageBar, StorageWarning

    draw = StorageBar.__component_impl__
    set_lang("ru")
    assert draw(StorageWarning(None)).height == 0
    bar = draw(StorageWarning("full"))
    texts = [c.value for c in bar.content.content.content.controls if hasattr(c, "value")]
    assert bar.content.identifier == ids.STORAGE_WARNING
    assert "Место для Китов в браузере закончилось" in texts[0], texts
    private = draw(StorageWarning("private")).content.content.content.controls[1].value
    assert "приватное окно" in private
    set_lang("en")
    private = draw(StorageWarning("private")).content.content.content.controls[1].value
    assert "private window" in private
    set_lang("ru")


# ------------------------------------------------------------------------------ private window
@pytest.mark.parametrize("quota, refused, private", [
    (300 * 2**20, False, True),        # Chromium incognito: a few hundred MB
    (10 * 2**30, False, False),        # a normal window: gigabytes
    (None, True, True),                # Firefox / Safari private: the origin's folder refused
    (None, False, False),              # nothing known: nothing said
    (0, False, False),
])
def test_a_private_window_is_recognised_from_what_the_browser_says(quota, refused, private):
    assert platform.looks_private(quota, refused) is private


def test_a_private_window_stays_said_when_a_copy_fails_there(browser, monkeypatch):  # noqa: F811
    calls, _sent, problems, _conn = browser
    monkeypatch.setattr(platform, "_problem", "private")
    platform.flush()
    calls.pop()[1]("QuotaExceededError")
    assert platform.storage_problem() == "private" and problems == []
    platform.flush()
    calls.pop()[1](None)
    assert platform.storage_problem() == "private"


# ------------------------------------------------------------------------------ damaged archived game
PLAYERS = ["Аня", "Боря"]


def _two_games(path) -> tuple[str, str]:
    store = Store.open(path)
    ids_ = []
    for k in range(2):
        summary = {"players": PLAYERS, "rounds": [[k, 1]], "winner": PLAYERS[0], "game": "vzhuh"}
        ids_.append(store.import_game({"players": PLAYERS, "game": "vzhuh"}, [], {"format": "vzhuh/1", "n": k},
                                      summary))
    store.close()
    return ids_[0], ids_[1]


def test_a_game_whose_file_and_backup_are_damaged_is_listed_as_such_and_says_why(tmp_path):
    from companion.widgets.notices import damaged_note

    bad, good = _two_games(tmp_path)
    for name in (f"{bad}.json", f"{bad}.json.bak"):  # both copies damaged (torn, then garbage)
        (tmp_path / "archive" / name).write_bytes(b'{"game": {"1": {"game_id": "' if name.endswith("json")
                                                  else b"\x00\x00garbage")
    store = Store.open(tmp_path)
    try:
        rows = {r["game_id"]: r for r in store.archived()}
        assert rows[bad].get("damaged") is True and not rows[good].get("damaged")
        s = Session(store)
        listed = {r["game_id"]: r for r in s.archive.archived("vzhuh")}
        assert listed[bad].get("damaged") is True
        set_lang("ru")
        note = damaged_note(listed[bad], short=True)[0]
        assert note.identifier == ids.stats_damaged(listed[bad]["seq"])
        assert "повреждена" in note.content.value
        why = damaged_note(listed[bad])[0].content.value
        assert "нельзя выгрузить" in why and "копия" in why
        assert damaged_note(listed[good]) == []
        assert s.archive.export_archived(bad) is None and json.loads(s.archive.export_archived(good))["n"] == 1
        # nothing deleted: the damaged files are kept aside
        assert any(n.startswith(f"{bad}.json.corrupt-") for n in os.listdir(tmp_path / "archive"))
    finally:
        store.close()
    store = Store.open(tmp_path)  # the next start: still said (the files were set aside)
    try:
        assert {r["game_id"]: r.get("damaged") for r in store.archived()} == {bad: True, good: None}
    finally:
        store.close()


def test_damage_the_first_look_misses_is_said_once_a_read_finds_it(tmp_path):
    bad, good = _two_games(tmp_path)
    for name in (f"{bad}.json", f"{bad}.json.bak"):  # whole at both ends, broken inside
        (tmp_path / "archive" / name).write_text('{"game": {"1": [1, 2,, 3]}}', encoding="utf-8")
    store = Store.open(tmp_path)
    try:
        s = Session(store)
        assert not any(r.get("damaged") for r in s.archive.archived("vzhuh"))
        assert s.archive.export_archived(bad) is None           # the read finds it
        rows = {r["game_id"]: r for r in s.archive.archived("vzhuh")}
        assert rows[bad].get("damaged") is True and not rows[good].get("damaged")
    finally:
        store.close()


def test_damage_found_at_export_is_remembered_after_a_restart(tmp_path):
    """Issue 53: a game whose damage only the archive's export found was listed as normal again
    after a restart — in the phone edition the damaged files set aside come back (the folder is
    copied after a write, not after a repair), and their ends look whole. Now what was found is
    kept in the store: said at once, and after the restart."""
    bad, good = _two_games(tmp_path)
    broken = b'{"game": {"1": [1, 2,, 3]}}'  # whole at both ends, broken inside
    for name in (f"{bad}.json", f"{bad}.json.bak"):
        (tmp_path / "archive" / name).write_bytes(broken)
    store = Store.open(tmp_path)
    try:
        s = Session(store)
        assert not any(r.get("damaged") for r in s.archive.archived("vzhuh"))
        games = json.loads(s.archive.export_archive())["games"]
        assert [g["game_id"] for g in games] == [good]           # the export finds it
        rows = {r["game_id"]: r for r in s.archive.archived("vzhuh")}
        assert rows[bad].get("damaged") is True and not rows[good].get("damaged")
    finally:
        store.close()
    for name in (f"{bad}.json", f"{bad}.json.bak"):  # the copy the phone keeps: the files as they were
        (tmp_path / "archive" / name).write_bytes(broken)
    store = Store.open(tmp_path)
    try:
        assert {r["game_id"]: r.get("damaged") for r in store.archived()} == {bad: True, good: None}
        s = Session(store)
        assert {r["game_id"]: r.get("damaged") for r in s.archive.archived("vzhuh")} == {bad: True, good: None}
    finally:
        store.close()
