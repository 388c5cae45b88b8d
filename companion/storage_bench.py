"""Benchmarks of companion.storage, called by the project's benchmark script (no test deps).

``bench_append`` shows that saving an action does not get slower as finished games pile up
(only ``current.json`` is rewritten); ``bench_resume`` times a restart in the middle of a game.
"""

from __future__ import annotations

import os
import tempfile
import time

from .storage import Store

_PLAYERS = ["Лена", "Миша", "Аня", "Фёдор"]
_CARDS = [f"{suit}-{value}" for suit in ("narwhal", "orca", "beluga", "cachalot")
          for value in range(1, 11)]


def _action(i: int) -> dict:
    return {"type": "play", "player": _PLAYERS[i % 4], "card": _CARDS[i % len(_CARDS)]}


def _meta(k: int) -> dict:
    return {"players": _PLAYERS, "target": 5, "mode": "classic", "created": f"game-{k}"}


def _fresh_store(tmpdir) -> Store:
    return Store.open(tempfile.mkdtemp(prefix="kity-bench-", dir=os.fspath(tmpdir)))


def bench_append(n_archived: int, n_actions: int, tmpdir) -> list[float]:
    """Archive ``n_archived`` finished games of ~200 actions, start a game, and return the
    duration in seconds of each of ``n_actions`` ``append_action`` calls."""
    store = _fresh_store(tmpdir)
    try:
        for k in range(n_archived):
            game = store.start_game(_meta(k))
            rev = store.replace_log(game.game_id, 0, [_action(i) for i in range(200)], [])
            scores = {p: (k + j) % 7 for j, p in enumerate(_PLAYERS)}
            store.finish_current(game.game_id, rev, {"scores": scores, "rounds": 10},
                                 {"winner": _PLAYERS[k % 4], "scores": scores})
        game = store.start_game(_meta(n_archived))
        rev, times = game.revision, []
        for i in range(n_actions):
            start = time.perf_counter()
            rev = store.append_action(game.game_id, rev, _action(i))
            times.append(time.perf_counter() - start)
        return times
    finally:
        store.close()


def bench_resume(tmpdir, n_actions: int = 250) -> float:
    """Seconds taken by ``Store.open`` + ``current()`` for a folder holding a game of
    ``n_actions`` actions (a restart after the phone killed the app)."""
    store = _fresh_store(tmpdir)
    game = store.start_game(_meta(0))
    store.replace_log(game.game_id, 0, [_action(i) for i in range(n_actions)], [])
    store.close()
    start = time.perf_counter()
    resumed = Store.open(store.root)
    current = resumed.current()
    elapsed = time.perf_counter() - start
    resumed.close()
    if current is None or len(current.actions) != n_actions:
        raise RuntimeError("the game did not resume intact")
    return elapsed
