"""One Киты per data folder (issue 18: the folder lock through ``filelock``,
``companion/store/lock.py``). Other processes are real processes; a killed holder is killed
with SIGKILL, so nothing of its own releases the lock: only the OS does."""
from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from companion.base import platform
from companion.store.repository import FolderInUse, Store

from app_process import REPO

HOLD = ("import sys, time; from companion.store.repository import Store; Store.open(sys.argv[1]); "
        "print('ready', flush=True); time.sleep(60)")
TRY = ("import sys; from companion.store.repository import FolderInUse, Store\n"
       "try:\n    Store.open(sys.argv[1]).start_game({'players': ['Аня', 'Боря']})\n"
       "except FolderInUse as e:\n    print(e.message('en')); sys.exit(3)\n")


def other_process(code: str, folder) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, str(folder)], cwd=REPO, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_killed_holder_leaves_no_stale_lock(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)], cwd=REPO, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(FolderInUse) as e:  # held: refused, said in the user's language
            Store.open(tmp_path)
        assert "уже открыты с этой папкой данных" in e.value.message("ru")
        assert "already running with this data folder" in e.value.message("en")
        assert str(tmp_path) in e.value.message("en")
    finally:
        holder.send_signal(signal.SIGKILL)  # no clean-up of its own can run
        holder.wait()
    assert holder.returncode == -signal.SIGKILL
    assert (tmp_path / ".lock").exists()  # the file stays behind, but it holds nothing
    store = Store.open(tmp_path)
    try:
        game = store.start_game({"players": ["Аня", "Боря"]})
        assert store.current().game_id == game.game_id
        # and now this process holds it: another one is refused in turn (exit 3, the message)
        refused = other_process(TRY, tmp_path)
        assert refused.returncode == 3, refused.stderr
        assert "already running with this data folder" in refused.stdout
    finally:
        store.close()


def test_closing_the_store_gives_the_folder_up(tmp_path):
    store = Store.open(tmp_path)
    assert other_process(TRY, tmp_path).returncode == 3
    store.close()
    done = other_process(TRY, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    again = Store.open(tmp_path)  # read anew from disk: the other process's game is there
    try:
        assert again.current().meta == {"players": ["Аня", "Боря"]}
    finally:
        again.close()


def test_the_browser_edition_takes_no_lock_and_needs_no_filelock(tmp_path, monkeypatch):
    """In the browser (Pyodide) there is no filelock in the app archive (scripts/publish.py)
    and no other process: the store opens and writes without either."""
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    monkeypatch.setitem(sys.modules, "filelock", None)  # `import filelock` raises ImportError
    store = Store.open(tmp_path)
    try:
        game = store.start_game({"players": ["Аня", "Боря"]})
        store.append_action(game.game_id, 0, {"type": "x"})
        assert not (tmp_path / ".lock").exists()
    finally:
        store.close()


def test_importing_the_storage_does_not_import_filelock():
    out = subprocess.run([sys.executable, "-c", "import sys, companion.store.repository; print('filelock' in sys.modules)"],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
