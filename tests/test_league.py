"""The table's league (issue 42): ratings, records, head to head and evenings computed from the
kept games. Expected values are worked out by hand here (the Plackett–Luce update of Weng &
Lin 2011 with openskill's defaults, written out below), never by the code under test."""
from __future__ import annotations

import math
from datetime import datetime, timezone

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
#   shown = 1000 + 20·(μ − 25) (issue 51): A 1000 + 20·2.63539 = 1052.71 → 1053,
#                                          B 1000 − 20·2.63539 = 947.29 → 947
# A tie of two new players: the same σ', μ unchanged (p = 0.5 and the tie's share is 0.5):
#   shown 1000 + 20·(25 − 25) = 1000 for both (the old μ − 3σ gave 1016: a tie raised both).

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
    assert (a.rating, b.rating) == (1053, 947)
    assert [s.name for s in lg.table()] == ["A", "B"]


def test_a_tie_gives_equal_changes():
    lg = compute([row(["A", "B"], [9, 9], None, shared=["A", "B"])])
    a, b = standing(lg, "A"), standing(lg, "B")
    assert a.mu == pytest.approx(25.0) and b.mu == pytest.approx(25.0)
    assert a.rating == b.rating == 1000
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
    assert a.rating == 1053 and a.best == 3  # best result: the lowest penalty
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
    assert standing(compute(rows[1:]), "A").rating == 1053  # deleted: as if never played


def test_streak_win_rate_and_best_by_hand():
    results = "WWLWWWL"  # A's seven games against B, in date order (entered out of order)
    rows = [row(["A", "B"], [10, 5] if r == "W" else [5, 10], "A" if r == "W" else "B", hour=10 + i, game="kalmar")
            for i, r in enumerate(results)]
    lg = compute(list(reversed(rows)))
    a = standing(lg, "A")
    assert (a.games, a.wins, a.streak, a.current_streak) == (7, 5, 3, 0)
    assert a.win_rate == pytest.approx(5 / 7)
    assert standing(lg, "A", "kalmar").best == 10 and standing(lg, "B").streak == 1
    assert len(a.trend) == 7 and a.trend[0][1] == 1053  # the trend: the rating after each game


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
    assert moves == {"A": (1000, 1053), "B": (1000, 947)}
    second = lg.evening("2026-11-21")
    assert [g.kind for g in second.games] == ["vzhuh", "kalmar"]
    assert [[s.won for s in g.seats] for g in second.games] == [[True, False], [False, True]]
    m = {m.name: m for m in second.moves}
    assert m["A"].before == 1053 and m["B"].before == 947  # from where the evening before left them
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
        assert [(x.name, x.rating) for x in first.table()] == [("Аня", 1053), ("Боря", 947)]
        assert s.league.current() is first  # nothing changed: not computed again
        s.store.people_from_names()
        s.store.rename_person(s.store.name_map()["Аня"], "Анна")
        assert [x.name for x in s.league.current().table()] == ["Анна", "Боря"]
    finally:
        s.store.close()


# ---- issue 51: the league tells the truth -------------------------------------------------------
def pl_pair(winner: tuple[float, float], loser: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """One two-player game by the Plackett–Luce update of Weng & Lin 2011 (Algorithm 4) with
    openskill's defaults, written out here from the paper (not the code under test):
    σ² += τ²;  c = √(σ_w² + σ_l² + 2β²);  p_w = e^(μ_w/c) / (e^(μ_w/c) + e^(μ_l/c)), p_l = 1 − p_w;
    μ_w += σ_w²/c · p_l;  μ_l −= σ_l²/c · p_l;  σ² ·= 1 − (σ/c)·(σ²/c²)·p_w·p_l.
    ``(μ, σ)`` in, ``(μ, σ)`` out, winner first."""
    beta, tau = 25 / 6, 25 / 300
    (mw, sw), (ml, sl) = winner, loser
    vw, vl = sw * sw + tau * tau, sl * sl + tau * tau
    c = math.sqrt(vw + vl + 2 * beta * beta)
    pw = 1 / (1 + math.exp((ml - mw) / c))
    pl = 1 - pw
    shrink = lambda v: v * (1 - math.sqrt(v) / c * v / (c * c) * pw * pl)  # noqa: E731
    return (mw + vw / c * pl, math.sqrt(shrink(vw))), (ml - vl / c * pl, math.sqrt(shrink(vl)))


def test_the_independent_pair_update_agrees_with_the_hand_computation():
    (mw, sw), (ml, sl) = pl_pair((25, 25 / 3), (25, 25 / 3))
    assert (mw, sw, ml, sl) == (pytest.approx(27.63539, abs=1e-4), pytest.approx(8.06590, abs=1e-4),
                                pytest.approx(22.36461, abs=1e-4), pytest.approx(8.06590, abs=1e-4))


def timed(players, totals, winner, *, ended=None, started=None, status="finished", gid=None, game=None):
    r = row(players, totals, winner, status=status, gid=gid, game=game)
    r["summary"].pop("ended")
    for key, value in (("started", started), ("ended", ended)):
        if value is not None:
            r["summary"][key] = value
    return r


def test_games_are_rated_by_the_instant_they_ended_not_by_their_time_strings():
    # Аня beats Боря at the table, ended 18:40+03:00 = 15:40 UTC; an imported game Боря won
    # ended 16:45+00:00 = 16:45 UTC, an hour later. As strings "…16:45+00:00" < "…18:40+03:00".
    table = timed(["Аня", "Боря"], [12, 7], "Аня", ended="2026-11-20T18:40:00+03:00", gid="g-table")
    imported = timed(["Аня", "Боря"], [3, 9], "Боря", ended="2026-11-20T16:45:00+00:00", gid="g-import",
                     status="imported")
    lg = compute([imported, table])
    assert [g.game_id for g in lg.games] == ["g-table", "g-import"]
    # by the independent update: Аня's win first, then Боря's
    a1, b1 = pl_pair((25, 25 / 3), (25, 25 / 3))
    b2, a2 = pl_pair(b1, a1)
    a, b = standing(lg, "Аня"), standing(lg, "Боря")
    assert (a.mu, b.mu) == (pytest.approx(a2[0], abs=1e-6), pytest.approx(b2[0], abs=1e-6))
    assert b.mu > a.mu  # the later winner leads
    assert [x.name for x in lg.table()] == ["Боря", "Аня"]


def test_basic_format_times_are_read_and_the_evening_is_named_by_its_date():
    # an imported record's basic-format time (20260307T193000+0300 = 2026-03-07 16:30 UTC)
    old = timed(["Аня", "Боря"], [3, 9], "Боря", ended="20260307T193000+0300", gid="g-basic", status="imported")
    new = timed(["Аня", "Боря"], [12, 7], "Аня", ended="2026-03-08T12:00:00+00:00", gid="g-next")
    lg = compute([new, old])
    assert [g.game_id for g in lg.games] == ["g-basic", "g-next"]
    assert [e.date for e in lg.evenings] == ["2026-03-08", "2026-03-07"]
    assert lg.games[0].end == datetime(2026, 3, 7, 16, 30, tzinfo=timezone.utc)


def test_an_evening_is_named_by_the_local_date_on_which_it_began():
    # 01:00 on 21 November at +03:00 is 22:00 UTC on the 20th: the table's own date is the 21st
    g = timed(["Аня", "Боря"], [12, 7], "Аня", started="2026-11-21T01:00:00+03:00", ended="2026-11-21T01:40:00+03:00")
    assert [e.date for e in compute([g]).evenings] == ["2026-11-21"]
    # begun before midnight, ended after it: the evening of the 20th
    g = timed(["Аня", "Боря"], [12, 7], "Аня", started="2026-11-20T23:30:00-05:00", ended="2026-11-21T00:40:00-05:00")
    assert [e.date for e in compute([g]).evenings] == ["2026-11-20"]


def test_games_of_one_sitting_are_one_evening_even_past_midnight():
    day = "2026-11-20T{}:00+03:00".format
    nxt = "2026-11-21T{}:00+03:00".format
    rows = [timed(["Аня", "Боря"], [12, 7], "Аня", started=day("21:00"), ended=day("22:00"), gid="a"),
            # gap 22:00 → 23:30 (1 h 30)
            timed(["Аня", "Боря"], [7, 12], "Боря", started=day("23:30"), ended=nxt("00:30"), gid="b"),
            # gap 00:30 → 04:30: exactly 4 hours, not over: the same sitting
            timed(["Аня", "Вика"], [7, 12], "Вика", started=nxt("04:30"), ended=nxt("05:00"), gid="c"),
            # gap 05:00 → 09:01: over 4 hours: a new evening, on the same date as the one before ended
            timed(["Аня", "Вика"], [12, 7], "Аня", started=nxt("09:01"), ended=nxt("10:00"), gid="d"),
            # gap 10:00 → 19:00: another evening of the 21st
            timed(["Боря", "Вика"], [12, 7], "Боря", started=nxt("19:00"), ended=nxt("20:00"), gid="e")]
    lg = compute(list(reversed(rows)))
    got = [(e.date, [g.game_id for g in e.games]) for e in lg.evenings]
    assert got == [("2026-11-21", ["e"]), ("2026-11-21", ["d"]), ("2026-11-20", ["a", "b", "c"])]
    keys = [e.key for e in lg.evenings]
    assert len(set(keys)) == 3 and lg.evening(keys[1]).games[0].game_id == "d"
    assert lg.evening("2026-11-20").games[0].game_id == "a"  # a date's first sitting is found by its date
    # the evening's moves run from before its first game to after its last: Аня 1000 → after c
    first = {m.name: m for m in lg.evening("2026-11-20").moves}
    assert first["Аня"].before == 1000 and first["Вика"].before == 1000
    assert first["Аня"].after == standing(compute(list(reversed(rows[:3]))), "Аня").rating


def test_a_finished_kalmar_level_at_the_top_counts_the_leaders_sharing_first_place():
    # a «Кальмар» sitting ended 2 : 2 : 1 — its summary names no winner (RUL-KL-TALLY: a shared lead)
    sitting = row(["Аня", "Боря", "Вика"], [2, 2, 1], None, game="kalmar", day="2026-11-22")
    lg = compute([row(["Аня", "Боря"], [12, 7], "Аня", day="2026-11-21"), sitting])
    assert len(lg.games) == 2
    g = lg.games[1]
    assert [(s.place, s.won) for s in g.seats] == [(1, True), (1, True), (3, False)]
    assert [x.game_id for x in lg.evening("2026-11-22").games] == [sitting["game_id"]]
    k = {s.name: s for s in lg.scope("kalmar").values()}
    assert k["Аня"].mu == pytest.approx(k["Боря"].mu) and k["Вика"].mu < 25 < k["Аня"].mu
    assert (k["Аня"].wins, k["Боря"].wins, k["Вика"].wins) == (1, 1, 0)
    # a stopped sitting level at the top still does not count, nor an imported one without a winner
    assert len(compute([row(["Аня", "Боря"], [2, 2], None, game="kalmar", status="abandoned")]).games) == 0
    assert len(compute([row(["Аня", "Боря"], [2, 2], None, game="kalmar", status="imported")]).games) == 0


def test_a_game_with_no_times_is_rated_where_the_history_lists_it():
    first = timed(["Аня", "Боря"], [12, 7], "Аня", ended="2026-11-20T21:00:00+03:00", gid="first")
    undated = timed(["Аня", "Боря"], [3, 9], "Боря", gid="undated", status="imported")  # filed second
    last = timed(["Аня", "Боря"], [12, 7], "Аня", ended="2026-11-21T21:00:00+03:00", gid="last")
    lg = compute([last, undated, first])
    assert [g.game_id for g in lg.games] == ["first", "undated", "last"]
    assert [e.date for e in lg.evenings] == ["2026-11-21", "", "2026-11-20"]
    unknown = lg.evenings[1]
    assert lg.evening(unknown.key) is unknown and [g.game_id for g in unknown.games] == ["undated"]
    # filed before any game with a time: rated first
    lone = timed(["Аня", "Боря"], [3, 9], "Боря", gid="lone")
    lone["seq"] = 0
    assert [g.game_id for g in compute([first, lone]).games] == ["lone", "first"]


def test_an_evening_with_no_date_says_date_unknown():
    from companion.base import i18n
    from companion.screens.league import evening_text

    lg = compute([timed(["Аня", "Боря"], [3, 9], "Боря", gid="undated", status="imported")])
    (e,) = lg.evenings
    try:
        i18n.set_language("ru")
        assert evening_text(e, lg.names).splitlines()[0] == "Вечер, дата неизвестна"
        i18n.set_language("en")
        assert evening_text(e, lg.names).splitlines()[0] == "Evening, date unknown"
    finally:
        i18n.set_language("ru")


def test_playing_more_does_not_by_itself_raise_the_rating():
    # A and B, new, win in turn 20 times. Their σ stay equal (they play the same games), so each
    # update is zero-sum in μ (Δμ_A = −Δμ_B: σ_A²/c·p = σ_B²/c·p): μ_A + μ_B = 50 after every game,
    # and the shown numbers add up to 2000 (± 1 for rounding). The old μ − 3σ rose for both.
    rows = [row(["A", "B"], [10, 5] if i % 2 == 0 else [5, 10], "A" if i % 2 == 0 else "B", hour=i)
            for i in range(20)]
    lg = compute(rows)
    a, b = standing(lg, "A"), standing(lg, "B")
    assert a.mu + b.mu == pytest.approx(50.0)
    assert abs(a.rating + b.rating - 2000) <= 1
    assert a.rating < 1050 and b.rating < 1050  # the last winner (B) a little ahead, no more
    assert not a.newcomer and standing(compute(rows[:2]), "A").newcomer  # σ below 7 after 20 games, not after 2
