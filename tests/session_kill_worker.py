"""Subprocess for the session SIGKILL test: play one long simulated game through the Session.

Usage: python session_kill_worker.py DATA_DIR SEED. The game (3 players, a target nobody
reaches, many rounds) is simulated from SEED, so every run knows the same action list. The
worker continues the stored game from where the store says it is, answers deck-fact questions
from the simulation's profile, and prints ``i`` (flushed) only after the session method for
action ``i`` returned ok, i.e. after the action is durable. It prints ``ready N`` once resumed
at N stored actions, and ``done`` when the list is exhausted.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, os.pardir), HERE]

from companion.ui.session import Session  # noqa: E402
from companion.store.repository import Store  # noqa: E402
from test_session_helpers import do, json_actions, sim  # noqa: E402

PLAYERS = ["Лена", "Миша", "Ёжик"]
TARGET = 10_000
ROUNDS = 60


def main(path: str, seed: int) -> None:
    sm, prof = sim(seed, PLAYERS, target=TARGET, max_rounds=ROUNDS)
    actions = json_actions(sm)
    s = Session(Store.open(path))
    if not s.active:
        assert s.new_game(PLAYERS, target=TARGET).ok
    i = len(s.log)
    if list(s.log) != actions[:i]:
        print("diverged", i, flush=True)
        sys.exit(3)
    print("ready", i, flush=True)
    while i < len(actions):
        out, _ = do(s, actions[i], prof)
        if not out.ok:
            print("refused", i, out.text("en"), flush=True)
            sys.exit(4)
        print(i, flush=True)
        i += 1
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
