"""Subprocess for the SIGKILL test: append actions forever, printing each committed number.

Usage: python storage_kill_worker.py DATA_DIR. Continues the current game if there is one, so
action numbers stay consecutive across kills; a number is printed (and flushed) only after
``append_action`` / ``replace_log`` has returned, i.e. after the write is durable.
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from companion.store.repository import Store  # noqa: E402


def main(path: str) -> None:
    store = Store.open(path)
    game = store.current() or store.start_game({"players": ["Лена", "Миша"], "target": 5})
    revision, actions = game.revision, list(game.actions)
    rng = random.Random(os.getpid())
    while True:
        n = len(actions)
        action = {"type": "play", "player": "Лена", "card": "narwhal-6", "n": n}
        if n % 2:
            revision = store.append_action(game.game_id, revision, action)
        else:  # also shrink the file now and then (a redo stack of random size): an in-place
            # write would then leave a torn file that a test can detect
            redo = [{"type": "play", "player": "Миша", "card": "orca-9"}] * rng.randrange(40)
            revision = store.replace_log(game.game_id, revision, actions + [action], redo)
        actions.append(action)
        print(n, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
