"""The table's league (issue 42): ratings, records, head to head and evenings computed from the
kept games. Expected values are worked out by hand here (the Plackett–Luce update of Weng &
Lin 2011 with openskill's defaults, written out below), never by the code under test."""
from __future__ import annotations

import math

import pytest

from companion.league.ratings import ALL, compute, of_store
from companion.store.repository import Store

# openskill's defaults: μ = 25, σ = 25/3, β = σ/2, τ = 25/300 (added to σ² before a game).
# Two new players, one game, A ahead of B:
#   σ² = (25/3)² + (25/300)² = 69.45139;  c² = 2·(σ² + β²) = 2·(69.45139 + 17.36111) = 173.625
#   c = 13.17668;  equal μ → p(A first) = 0.5
#   Δμ = ± σ²/c · 0.5 = ± 2.63539 → μ_A = 27.63539, μ_B = 22.36461
#   γ = σ/c = 0.63247;  η = γ · σ²/c² · p(1 − p) = 0.63247 · 0.4 · 0.25 = 0.063247
#   σ' = σ · √(1 − η) = 8.33371 · 0.96786 = 8.06590 (both)
#   shown = 1000 + 20·(μ − 3σ): A 1000 + 20·(27.63539 − 24.19770) = 1068.75 → 1069,
#                               B 1000 + 20·(22.36461 − 24.19770) = 963.34 → 963
# A tie of two new players: the same σ', μ unchanged (p = 0.5 and the tie's share is 0.5):
#   shown 1000 + 20·(25 − 24.19770) = 1016.05 → 1016 for both.

seq = iter(range(1, 10 ** 6))


def row(players, totals, winner=None, *, status="finished", game=None, low=None, day="2026-11-20",
        hour=21, shared=None, gid=None):
    s = {"players": list(players), "rounds": [list(totals)], "totals": list(totals), "winner": winner,
         "ended": f"{day}T{hour:02d}:00:00+03:00"}
    if game:
        s["game"] = game
    if low is not None:
        s["low_wins"] = low
    if shared is not None:
        s["shared"] = list(shared)
    n = next(seq)
    return {"game_id": gid or f"g{n}", "seq": n, "status": status, "players": list(players), "summary": s}


def standing(league, name, scope=ALL):
    return next(s for s in league.scopes[scope].values() if s.name == name)


def test_the_winner_gains_and_the_loser_loses_by_hand():
    lg = compute([row(["A", "B"], [12, 7], "A")])
    a, b = standing(lg, "A"), standing(lg, "B")
    assert a.mu == pytest.approx(27.63539, abs=1e-4) and b.mu == pytest.approx(22.36461, abs=1e-4)
    assert a.sigma == pytest.approx(8.06590, abs=1e-4) and b.sigma == pytest.approx(8.06590, abs=1e-4)
    assert (a.rating, b.rating) == (1069, 963)
    assert [s.name for s in lg.table()] == ["A", "B"]


def test_a_tie_gives_equal_changes():
    lg = compute([row(["A", "B"], [9, 9], None, shared=["A", "B"])])
    a, b = standing(lg, "A"), standing(lg, "B")
    assert a.mu == pytest.approx(25.0) and b.mu == pytest.approx(25.0)
    assert a.rating == b.rating == 1016
    # equal totals below the winner tie too: B and C share second place, and change alike
    lg = compute([row(["A", "B", "C"], [20, 5, 5], "A")])
    b, c = standing(lg, "B"), standing(lg, "C")
    assert b.mu == pytest.approx(c.mu) and b.sigma == pytest.approx(c.sigma) and b.mu < 25 < standing(lg, "A").mu
    assert [s.place for s in lg.games[0].seats] == [1, 2, 2]


def test_the_order_of_entry_does_not_matter():
    one = compute([row(["A", "B", "C"], [30, 20, 10], "A"), row(["A", "B", "C"], [5, 25, 15], "B")])
    other = compute([row(["C", "A", "B"], [10, 30, 20], "A"), row(["B", "C", "A"], [25, 15, 5], "B")])
    for name in "ABC":
        x, y = standing(one, name), standing(other, name)
        assert (x.mu, x.sigma) == (pytest.approx(y.mu), pytest.approx(y.sigma))
        assert (x.rating, x.games, x.wins) == (y.rating, y.games, y.wins)


def test_the_lowest_total_wins_where_the_game_says_so():
    lg = compute([row(["A", "B"], [3, 14], "A", game="vzhuh", low=True)])
    a = standing(lg, "A", "vzhuh")
    assert a.rating == 1069 and a.best == 3  # best result: the lowest penalty
    assert standing(lg, "B", "vzhuh").best == 14


def test_stopped_and_unfinished_games_do_not_count():
    rows = [row(["A", "B"], [12, 7], "A"),
            row(["A", "B"], [1, 30], None, status="abandoned"),          # stopped
            row(["A", "B"], [1, 30], None, status="imported"),           # a record that stops mid-game
            {"game_id": "x", "seq": 99, "status": "finished", "players": [], "summary": {}},  # unreadable
            row(["A", "B"], [1, 30], "B", status="imported")]            # a finished import counts
    lg = compute(rows)
    assert [s.games for s in (standing(lg, "A"), standing(lg, "B"))] == [2, 2]
    assert len(lg.games) == 2


def test_a_corrected_or_deleted_game_recomputes():
    first = row(["A", "B"], [12, 7], "A", gid="g-fix")
    rows = [first, row(["A", "B"], [10, 2], "A")]
    assert standing(compute(rows), "A").wins == 2
    corrected = row(["A", "B"], [7, 12], "B", gid="g-fix")
    corrected["seq"] = first["seq"]
    lg = compute([corrected, rows[1]])
    assert (standing(lg, "A").wins, standing(lg, "B").wins) == (1, 1)
    assert standing(compute(rows[1:]), "A").rating == 1069  # deleted: as if never played


def test_streak_win_rate_and_best_by_hand():
    results = "WWLWWWL"  # A's seven games against B, in date order (entered out of order)
    rows = [row(["A", "B"], [10, 5] if r == "W" else [5, 10], "A" if r == "W" else "B", hour=10 + i, game="kalmar")
            for i, r in enumerate(results)]
    lg = compute(list(reversed(rows)))
    a = standing(lg, "A")
    assert (a.games, a.wins, a.streak, a.current_streak) == (7, 5, 3, 0)
    assert a.win_rate == pytest.approx(5 / 7)
    assert standing(lg, "A", "kalmar").best == 10 and standing(lg, "B").streak == 1
    assert len(a.trend) == 7 and a.trend[0][1] == 1069  # the trend: the rating after each game


def test_head_to_head_rival_and_nemesis_by_hand():
    rows = [row(["A", "B", "C"], [30, 20, 10], "A"),   # A ahead of B and C
            row(["A", "B", "C"], [10, 30, 20], "B"),   # B, then C, then A
            row(["A", "B"], [5, 9], "B"),              # B ahead of A
            row(["A", "C"], [9, 9], None, shared=["A", "C"]),  # A and C even
            row(["B", "C"], [3, 4], "C")]
    lg = compute(rows)
    ids = {s.name: s.person for s in lg.table()}
    h = lg.head_to_head(ids["A"], ids["B"])
    assert (h.games, h.a_ahead, h.b_ahead, h.even) == (3, 1, 2, 0)
    h = lg.head_to_head(ids["A"], ids["C"])
    assert (h.games, h.a_ahead, h.b_ahead, h.even) == (3, 1, 1, 1)
    assert lg.rival(ids["A"]) == (ids["B"], 3)      # met B 3 times, C 3 times: the first met
    assert lg.nemesis(ids["A"]) == (ids["B"], 2)    # B finished ahead of A twice, C once
    assert lg.nemesis(ids["B"]) == (ids["A"], 1) or lg.nemesis(ids["B"]) == (ids["C"], 1)


def test_evenings_say_who_won_what_and_how_ratings_moved():
    rows = [row(["A", "B"], [12, 7], "A", day="2026-11-20"),
            row(["A", "B"], [3, 14], "A", game="vzhuh", low=True, day="2026-11-21", hour=19),
            row(["A", "B"], [2, 10], "B", game="kalmar", day="2026-11-21", hour=22)]
    lg = compute(rows)
    assert [e.date for e in lg.evenings] == ["2026-11-21", "2026-11-20"]
    first = lg.evening("2026-11-20")
    moves = {m.name: (m.before, m.after) for m in first.moves}
    assert moves == {"A": (1000, 1069), "B": (1000, 963)}
    second = lg.evening("2026-11-21")
    assert [g.kind for g in second.games] == ["vzhuh", "kalmar"]
    assert [[s.won for s in g.seats] for g in second.games] == [[True, False], [False, True]]
    m = {m.name: m for m in second.moves}
    assert m["A"].before == 1069 and m["B"].before == 963  # from where the evening before left them
    assert m["A"].after == standing(lg, "A").rating


def test_a_merge_equals_having_entered_them_as_one(tmp_path):
    def fill(store, second_name):
        for players, totals, winner in ((["Аня", "Боря"], [10, 3], "Аня"), ([second_name, "Боря"], [2, 9], "Боря"),
                                        (["Вика", second_name], [1, 8], second_name)):
            g = store.start_game({"players": players})
            s = row(players, totals, winner)["summary"]
            store.finish_current(g.game_id, 0, {"r": 1}, s, "finished")
        store.people_from_names()

    two = Store.open(tmp_path / "two")
    one = Store.open(tmp_path / "one")
    try:
        fill(two, "Anya")
        fill(one, "Аня")
        before = of_store(two)
        assert len(before.table()) == 4
        m = two.name_map()
        two.merge_people(m["Аня"], m["Anya"])
        merged, single = of_store(two), of_store(one)
        got = [(s.name, s.rating, s.games, s.wins, s.streak) for s in merged.table()]
        assert got == [(s.name, s.rating, s.games, s.wins, s.streak) for s in single.table()]
        assert [s.name for s in merged.table()].count("Аня") == 1 and len(got) == 3
        # a rename: every game follows, the numbers stay
        two.rename_person(m["Аня"], "Анна")
        renamed = of_store(two)
        assert [(s.rating, s.games) for s in renamed.table()] == [(s[1], s[2]) for s in got]
        assert "Анна" in [s.name for s in renamed.table()]
    finally:
        two.close()
        one.close()


def test_names_no_one_has_claimed_still_count_as_themselves():
    lg = compute([row(["Аня", "Боря"], [12, 7], "Аня")], {"Аня": "p1"}, {"p1": "Анна"})
    assert {s.name for s in lg.table()} == {"Анна", "Боря"}
    assert math.isclose(standing(lg, "Анна").mu, 27.63539, abs_tol=1e-4)


def test_the_sessions_league_follows_the_archive_and_the_people(tmp_path):
    from companion.ui.session import Session

    s = Session(Store.open(tmp_path / "t"))
    try:
        assert s.league.current().games == []
        s.store.import_game({"players": ["Аня", "Боря"], "imported": True}, [], {"r": 1},
                            row(["Аня", "Боря"], [12, 7], "Аня")["summary"])
        first = s.league.current()
        assert [(x.name, x.rating) for x in first.table()] == [("Аня", 1069), ("Боря", 963)]
        assert s.league.current() is first  # nothing changed: not computed again
        s.store.people_from_names()
        s.store.rename_person(s.store.name_map()["Аня"], "Анна")
        assert [x.name for x in s.league.current().table()] == ["Анна", "Боря"]
    finally:
        s.store.close()
