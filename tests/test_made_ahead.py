"""The league and the statistics made ahead, a step at a time, while the phone is idle after the
start (issue 53: with 1,700 games kept each took most of a second to compute when opened, in
the phone edition's one Python thread). Made ahead, the screen finds them made; a tap between
two steps is answered before the next; a change of the games meanwhile leaves them to be made
when opened (never a league of games that are no longer so)."""
from __future__ import annotations

import asyncio
import math

from companion.base import steps as steps_mod
from companion.base.steps import run_idle
from companion.league import ratings, stats as stats_mod
from companion.league.ratings import STEP
from companion.store.repository import Store
from companion.ui.session import Session

from test_league import row, standing
from test_session_helpers import run_coroutine

PAIRS = [("Аня", "Боря"), ("Боря", "Вика"), ("Вика", "Аня")]


def kept(store: Store, n: int) -> None:
    """``n`` finished games of two players each, the first seat winning 12 : 7."""
    for i in range(n):
        a, b = PAIRS[i % 3]
        store.import_game({"players": [a, b], "imported": True}, [], {"r": i},
                          row([a, b], [12, 7], a, day=f"2026-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}")["summary"])


def session_with(tmp_path, n: int) -> Session:
    s = Session(Store.open(tmp_path / "t"))
    kept(s.store, n)
    return s


def test_the_league_made_ahead_is_the_one_the_screen_shows_and_is_not_made_again(tmp_path, monkeypatch):
    s = session_with(tmp_path, 2 * STEP + 10)
    try:
        steps = list(s.league.warm_steps())
        assert len(steps) >= 2  # a tap can come in between (a step every STEP games)

        def no_more(*a, **k):
            raise AssertionError("the league was computed again")
        monkeypatch.setattr("companion.league.standings.of_store", no_more)
        lg = s.league.current()
        assert len(lg.games) == 2 * STEP + 10
        assert {x.name for x in lg.table()} == {"Аня", "Боря", "Вика"}
        assert sum(x.games for x in lg.table()) == 2 * (2 * STEP + 10)
        assert list(s.league.warm_steps()) == []  # already made: nothing to do
    finally:
        s.store.close()


def test_made_ahead_or_when_opened_the_league_is_the_same(tmp_path):
    s = session_with(tmp_path, STEP + 7)
    try:
        for _ in s.league.warm_steps():
            pass
        ahead = s.league.current()
        fresh = ratings.of_store(s.store)
        assert [(x.name, x.rating, x.games, x.wins) for x in ahead.table()] == \
               [(x.name, x.rating, x.games, x.wins) for x in fresh.table()]
        assert [e.key for e in ahead.evenings] == [e.key for e in fresh.evenings]
        for name in ("Аня", "Боря", "Вика"):
            assert math.isclose(standing(ahead, name).mu, standing(fresh, name).mu)
    finally:
        s.store.close()


def test_a_game_kept_while_the_league_is_made_ahead_leaves_it_to_be_made_when_opened(tmp_path):
    s = session_with(tmp_path, 2 * STEP)
    try:
        warm = s.league.warm_steps()
        next(warm)
        kept(s.store, 1)  # a game filed in between (the store's generation moves)
        assert list(warm) == []  # given up
        assert len(s.league.current().games) == 2 * STEP + 1  # made now, with the new game
    finally:
        s.store.close()


def test_the_statistics_made_ahead_are_the_ones_shown_and_not_made_again(tmp_path, monkeypatch):
    s = session_with(tmp_path, stats_mod.STEP + 3)
    try:
        game = "kozyrnye-kity"
        steps = list(s.stats.warm_steps(game))
        assert len(steps) >= 1

        def no_more(*a, **k):
            raise AssertionError("the statistics were computed again")
        monkeypatch.setattr(stats_mod, "player_stats", no_more)
        got = s.stats.archived_stats(game)
        # 203 games: Аня sat in the games of pairs 0 and 2 (68 + 67), winning those of pair 0
        n = stats_mod.STEP + 3
        games_of = {"Аня": 0, "Боря": 0, "Вика": 0}
        wins_of = dict.fromkeys(games_of, 0)
        for i in range(n):
            a, b = PAIRS[i % 3]
            games_of[a] += 1
            games_of[b] += 1
            wins_of[a] += 1
        assert {p: (v["games"], v["wins"]) for p, v in got.items()} == {p: (games_of[p], wins_of[p]) for p in games_of}
        assert got["Аня"]["best_round"] == 12
        assert list(s.stats.warm_steps(game)) == []
    finally:
        s.store.close()


def test_a_tap_between_two_steps_is_answered_before_the_next(monkeypatch):
    """run_idle hands the loop back between two steps: another task (a tap's handler) runs there."""
    monkeypatch.setattr(steps_mod, "PAUSE", 0)
    seen: list[str] = []

    def work():
        for k in range(3):
            seen.append(f"step {k}")
            yield
        return "done"

    async def tap():
        seen.append("tap")

    async def both():
        task = asyncio.ensure_future(run_idle(work()))
        await asyncio.sleep(0)  # the first step runs
        await tap()
        return await task

    assert run_coroutine(both()) == "done"  # (asyncio.run in a thread of its own)
    assert seen.index("tap") < seen.index("step 2")


def test_a_game_kept_while_the_statistics_are_made_ahead_leaves_them_to_be_made_when_opened(tmp_path):
    s = session_with(tmp_path, 2 * stats_mod.STEP)
    try:
        warm = s.stats.warm_steps("kozyrnye-kity")
        next(warm)
        kept(s.store, 1)  # the history changes between two steps
        assert list(warm) == []
        got = s.stats.archived_stats("kozyrnye-kity")
        assert sum(v["games"] for v in got.values()) == 2 * (2 * stats_mod.STEP + 1)
    finally:
        s.store.close()
