"""SIGKILL the app at random moments while it plays a game through the Session.

A worker subprocess (tests/session_kill_worker.py) plays one long simulated game, printing the
index of each action once the session method returned ok. It is killed at seeded random
moments (also while starting up and resuming) and restarted, continuing the same game from
the store. After every kill: the data file parses, every printed action is stored in order
(at most the action being written is missing — or already there), and a restarted Session
shows exactly the engine folded over the stored log.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import time
from pathlib import Path


from companion.ui.session import Session
from companion.store.repository import Store

from test_session_helpers import fold_stored, json_actions, sim

HERE = Path(__file__).resolve().parent
WORKER = HERE / "session_kill_worker.py"
PYTHON = str(HERE.parent / ".venv" / "bin" / "python")
if not os.path.exists(PYTHON):
    import sys

    PYTHON = sys.executable

SEED = 4242
KILLS = 32
BUDGET = 50.0  # seconds for the whole kill loop


def test_sigkill_at_random_moments_loses_nothing_acknowledged(tmp_path):
    import sys

    sys.path.insert(0, str(HERE))
    from session_kill_worker import PLAYERS, ROUNDS, TARGET

    sm, _prof = sim(SEED, PLAYERS, target=TARGET, max_rounds=ROUNDS)
    actions = json_actions(sm)
    rng = random.Random(SEED)
    data = tmp_path / "data"
    stored = 0  # actions in the store after the previous kill
    kills = resumed = 0
    t0 = time.monotonic()
    while kills < KILLS:
        assert time.monotonic() - t0 < BUDGET, f"only {kills} kills in {BUDGET} s"
        proc = subprocess.Popen([PYTHON, str(WORKER), str(data), str(SEED)], cwd=str(HERE),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        head = ""
        if kills % 3 == 0:  # a moment during the start-up (import, resume, fold) or just after
            time.sleep(rng.uniform(0.02, 0.6))
        else:  # a moment during play
            head = proc.stdout.readline()
            assert head.startswith("ready"), (head, proc.stderr.read()[-2000:] if not head else "")
            time.sleep(rng.uniform(0.0, 0.4))
        proc.kill()
        # read through the same buffered reader as readline() (communicate() would bypass it)
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.stdout.close(), proc.stderr.close()
        proc.wait(timeout=10)
        kills += 1
        lines = (head + out).split()
        assert "diverged" not in lines and "refused" not in lines, (out[-500:], err[-2000:])
        assert proc.returncode == -9 or "done" in lines, (proc.returncode, err[-2000:])
        printed: list[int] = []
        if "ready" in lines:
            k = lines.index("ready")
            start = int(lines[k + 1])
            assert start == stored  # resumed exactly where the store was
            resumed += 1
            printed = [int(x) for x in lines[k + 2:] if x.isdigit()]
            assert printed == list(range(start, start + len(printed)))  # in order, none twice

        # the restart: the files parse, the log holds every acknowledged action, in order
        for name in ("current.json", "profile.json"):
            if (data / name).exists():
                json.loads((data / name).read_text(encoding="utf-8"))
        store = Store.open(data)
        assert store.incidents == []  # atomic writes: never a torn file to repair
        cur = store.current()
        s = Session(store)
        assert s.notice is None and s.skipped == () and s.question is None
        if cur is None:  # killed before the very first run had started the game
            assert stored == 0 and not printed and not s.active
            store.close()
            Store._registry.clear()
            continue
        n = len(cur.actions)
        least = printed[-1] + 1 if printed else stored
        assert least <= n <= least + 1, (least, n)  # at most the action being written is lost
        assert cur.actions == actions[:n]
        assert s.log == tuple(actions[:n])
        assert s.state == fold_stored(store)
        store.close()
        Store._registry.clear()
        stored = n
    assert resumed >= 2 * KILLS // 3 and stored > 50  # most kills landed in play, and play went on
