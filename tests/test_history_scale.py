"""Issue 17 §4: History and statistics with a long history open at once.

With 300–500 archived games the screen took 1.5–2.6 s (the index parsed and sorted at every
call, the statistics recomputed at every render, a row built for every game). Now the store
parses its index once per version of the file, the session sorts a game's history and computes
its statistics once per version, and the screen lists 30 games and grows on demand. The
figures with 1,000 games of each kind are printed by ``scripts/bench.py`` (not timed here).
"""
from __future__ import annotations

import json


from companion.session.log_session import LogSession
from companion.store.repository import Store

PLAYERS = ["Аня", "Боря", "Вика"]


def _file(store: Store, n: int, game: str = "vzhuh") -> None:
    for k in range(n):
        summary = {"players": PLAYERS, "rounds": [[k % 5, 1, 2]], "winner": PLAYERS[k % 3], "game": game}
        store.import_game({"players": PLAYERS, "game": game}, [], {"format": "bench"}, summary)


def test_the_history_is_parsed_once_until_it_changes(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    _file(store, 5)
    loads = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda *a, **k: loads.append(1) or real(*a, **k))
    first = store.archived()
    before = len(loads)
    for _ in range(5):
        assert [r["seq"] for r in store.archived()] == [r["seq"] for r in first] == [5, 4, 3, 2, 1]
    assert len(loads) == before  # not parsed again
    monkeypatch.undo()
    _file(store, 1)  # the history changed: it is read again
    assert [r["seq"] for r in store.archived()][:2] == [6, 5]


def test_a_games_history_and_statistics_are_computed_once_per_version(tmp_path, monkeypatch):
    import companion.league.stats as stats_mod

    store = Store.open(tmp_path)
    _file(store, 4, "vzhuh")
    _file(store, 2, "kalmar")
    s = LogSession(store)
    calls = []
    real = stats_mod.player_stats
    monkeypatch.setattr(stats_mod, "player_stats", lambda rows: calls.append(len(rows)) or real(rows))
    for _ in range(3):
        assert len(s.archive.archived("vzhuh")) == 4 and len(s.archive.archived("kalmar")) == 2
        st = s.stats.archived_stats("vzhuh")
        assert {p: v["games"] for p, v in st.items()} == {"Аня": 4, "Боря": 4, "Вика": 4}
    assert calls == [4]  # once
    _file(store, 1, "vzhuh")
    assert s.stats.archived_stats("vzhuh")["Аня"]["games"] == 5 and calls == [4, 5]


def test_the_list_shows_ten_games_and_grows_on_demand():
    from companion.screens.stats import FIRST, PAGE, visible_rows

    rows = [{"seq": n} for n in range(1000, 0, -1)]
    assert (FIRST, PAGE) == (10, 30)  # issue 53: each row drawn is time of the screen's opening
    assert [r["seq"] for r in visible_rows(rows)] == list(range(1000, 990, -1))
    assert len(visible_rows(rows, 40)) == 40 and len(visible_rows(rows[:12], 40)) == 12
