"""Issue 53: an entry's save in the phone edition with many games kept. Before, every write
copied the whole data folder to IndexedDB (Emscripten's ``FS.syncfs``, which compares every file
in memory and in IndexedDB: 600 files with 300 games kept, 3,400 with 1,700), and an entry took
1.9× as long with 1,700 games as on an empty profile. Now a write copies the files the store
wrote, alone, in one IndexedDB transaction (companion/base/platform.py); the whole folder is
copied at the first write after a start, after a failure, and when the table is calm.

One phone, 300 games taken in from an archive, a whale game: once the table is calm (its whole
copy made), a card is entered and shown with no whole copy (the named files alone: the file and
its ``.bak``, the atomic write's two names); the browser is then killed (SIGKILL, no unload) and
started again on the same profile: the card is on the table, the game's file in IndexedDB holds
it and its ``.bak`` the version before it, and the 300 games are all in the history.
"""
from __future__ import annotations

import json
import os
import signal

import pytest

from companion.base import ids

from . import engines
from .phone import Phone
from .test_game_flow import Game, card_name_ru, setup_round, start_game
from .test_phone_no_sw import _archive

pytestmark = pytest.mark.e2e

KEPT = 300
DATA = "/kity-data"  # companion/base/platform.py BROWSER_DATA_DIR: IDBFS's database and key prefix

# In the worker: count the whole copies of the data folder (IDBFS.syncfs, the copy to IndexedDB)
# and record the paths any copy puts into IndexedDB (IDBFS.storeRemoteEntry: the whole copy's
# and the copy of named files' own way in).
WATCH_JS = """(data) => {
  const I = self.pyodide.FS.filesystems.IDBFS;
  if (!self.__kwatch) {
    self.__kwatch = {whole: 0, put: []};
    const sync = I.syncfs, put = I.storeRemoteEntry;
    I.syncfs = function (m, populate, cb) {
      if (!populate && m.mountpoint === data) self.__kwatch.whole++;
      return sync.call(this, m, populate, cb);
    };
    I.storeRemoteEntry = function (store, path, entry, cb) {
      self.__kwatch.put.push(path);
      return put.call(this, store, path, entry, cb);
    };
  }
  const w = self.__kwatch, out = {whole: w.whole, put: w.put.slice()};
  w.put.length = 0;
  return out;
}"""

# In the page: a file of the data folder as IndexedDB holds it (IDBFS's database is named after
# the mount point; its entries are keyed by absolute path), decoded as text; null if absent.
READ_JS = """async ([db, path]) => {
  const conn = await new Promise((ok, ko) => { const r = indexedDB.open(db); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
  try {
    const entry = await new Promise((ok, ko) => {
      const r = conn.transaction(["FILE_DATA"], "readonly").objectStore("FILE_DATA").get(path);
      r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    return entry && entry.contents ? new TextDecoder().decode(entry.contents) : null;
  } finally { conn.close(); }
}"""


# In the worker's Python: everything written is in IndexedDB and no whole copy is due
CALM_PY = ("from companion.base import platform as _p\n"
           "_p.saved() and not getattr(_p, '_since_whole', False) and not _p._flushing")
CALM_PY_JS = "code => self.pyodide.runPython(code)"


def _worker(ui):
    return next(w for w in ui.page.workers if w.evaluate("() => !!(self.pyodide && self.pyodide.FS)"))


def _actions(ui, path: str) -> list:
    text = ui.page.evaluate(READ_JS, [DATA, path])
    assert text is not None, f"{path} is not in IndexedDB"
    return json.loads(text)["game"]["1"]["actions"]


def test_an_entry_with_300_games_kept_is_saved_alone_and_survives_a_killed_browser(pw, site, tmp_path, request):
    profile = tmp_path / "profile"
    phone = Phone(pw, site, profile, request)
    ui = phone.open()
    try:
        ui.tap_id(ids.HOME_STATS)
        ui.wait_id(ids.IMPORT_PICK)
        archive = tmp_path / "kity-archive_2026-11-30.json"
        archive.write_text(json.dumps(_archive(KEPT), ensure_ascii=False), encoding="utf-8")
        with ui.page.expect_file_chooser() as fc:
            ui.tap_id(ids.IMPORT_PICK)
        fc.value.set_files(str(archive))
        ui.wait_text(ids.IMPORT_RESULT, f"новых игр {KEPT}, ", timeout=60_000)
        ui.back()
        ui.wait_id(ids.HOME_NEW)
        worker = _worker(ui)
        worker.evaluate(WATCH_JS, DATA)
        start_game(ui)
        g = Game(ui)
        setup_round(ui, g.bonuses)
        # the table is calm (no write for a few seconds): the whole copy that follows the copies
        # of named files is made before the entry (so that it cannot fall in the entry's time)
        for _ in range(150):
            if worker.evaluate(CALM_PY_JS, CALM_PY):
                break
            ui.page.wait_for_timeout(200)
        assert worker.evaluate(CALM_PY_JS, CALM_PY), "no whole copy once the table was calm"
        before = worker.evaluate(WATCH_JS, DATA)  # (and drops the paths the copies before put)
        assert before["whole"] >= 1  # the calm table's (the first write's after the start, the archive's, came
        # before the watch; another calm copy may come between two slow steps of the setup)
        first = g.turn()
        card = g.legal(first)
        trick = f"{first}: {card_name_ru(card)}"
        g.play(first, card)
        ui.wait_text(ids.TABLE_TRICK, trick)     # shown: so in IndexedDB (save-before-show)
        after = worker.evaluate(WATCH_JS, DATA)
        assert after["whole"] == before["whole"], "the entry copied the whole folder"
        assert sorted(set(after["put"])) == [f"{DATA}/current.json", f"{DATA}/current.json.bak"], after["put"]

        # killed: no unload, no goodbye; the profile is opened again
        os.kill(engines.browser_pid(str(profile)), signal.SIGKILL)
        try:
            phone.ctx.close()
        except Exception:  # the browser is gone: its context with it
            pass
        phone.ctx = None
        phone = Phone(pw, site, profile, request)
        ui = phone.open()
        if ui.page.locator(ui.sel(ids.TABLE_TRICK)).count() == 0:
            ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_text(ids.TABLE_TRICK, trick)
        # the atomic write's two names, both in IndexedDB: the file with the card, its .bak without
        now, bak = _actions(ui, f"{DATA}/current.json"), _actions(ui, f"{DATA}/current.json.bak")
        assert len(now) == len(bak) + 1 and now[:-1] == bak, (len(now), len(bak))
        assert card in json.dumps(now[-1]), now[-1]
        archived = ui.page.evaluate(
            """async (db) => { const conn = await new Promise(ok => { const r = indexedDB.open(db); r.onsuccess = () => ok(r.result); });
                 const keys = await new Promise(ok => { const r = conn.transaction(["FILE_DATA"]).objectStore("FILE_DATA").getAllKeys();
                   r.onsuccess = () => ok(r.result); });
                 conn.close(); return keys.filter(k => /\\/archive\\/many\\d+\\.json/.test(k)); }""", DATA)
        # each kept once (issue 53: no twin .bak, the start loads every file kept)
        assert sorted(archived) == sorted(f"{DATA}/archive/many{i:04d}.json" for i in range(KEPT)), archived[:4]
        assert phone.left_origin == []
    finally:
        phone.close(ui)
