"""The league's Plackett–Luce model (issue 53): the app's own few lines in place of openskill's
``PlackettLuce()`` in the phone edition (its import and its update were over a second of the
league's opening with 1,700 games kept). openskill itself is the oracle here: every update, and
a whole league of many games, must give exactly its numbers (μ and σ to the last bit)."""
from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce as Openskill

from companion.league import ratings
from companion.league.ratings import ALL, PlackettLuce, compute


def test_the_model_starts_everyone_where_openskill_does():
    mine, theirs = PlackettLuce().rating(), Openskill().rating()
    assert (mine.mu, mine.sigma) == (theirs.mu, theirs.sigma)


@pytest.mark.parametrize("seed", range(8))
def test_every_update_gives_openskills_numbers_exactly(seed):
    rng = random.Random(seed)
    mine, theirs = PlackettLuce(), Openskill()
    people = [f"p{i}" for i in range(7)]
    now_mine = {p: mine.rating() for p in people}
    now_theirs = {p: theirs.rating() for p in people}
    for _ in range(300):
        seated = rng.sample(people, rng.randint(2, 6))
        places = [rng.randint(1, len(seated)) for _ in seated]  # ties too, and any order
        new_mine = mine.rate([[now_mine[p]] for p in seated], ranks=list(places))
        new_theirs = theirs.rate([[now_theirs[p]] for p in seated], ranks=list(places))
        for p, (a,), (b,) in zip(seated, new_mine, new_theirs):
            assert (a.mu, a.sigma) == (b.mu, b.sigma), (seed, seated, places)
            now_mine[p], now_theirs[p] = a, b


def test_an_update_leaves_the_ratings_given_as_they_were():
    m = PlackettLuce()
    a, b = m.rating(), m.rating()
    new = m.rate([[a], [b]], ranks=[1, 2])
    assert (a.mu, a.sigma, b.mu, b.sigma) == (25.0, 25.0 / 3.0, 25.0, 25.0 / 3.0)
    assert new[0][0].mu > 25.0 > new[1][0].mu


def test_a_league_of_many_games_is_openskills_league(monkeypatch):
    rng = random.Random(53)
    names = ["Аня", "Боря", "Вика", "Гоша", "Даша", "Егор"]
    rows = []
    for i in range(400):
        players = rng.sample(names, rng.randint(2, 5))
        totals = [rng.randint(0, 30) for _ in players]
        kind = rng.choice([None, "vzhuh", "kalmar"])
        summary = {"players": players, "rounds": [totals], "totals": totals,
                   "winner": players[totals.index(max(totals))], "ended": f"2026-03-{1 + i % 28:02d}T21:{i % 60:02d}:00+03:00"}
        if kind:
            summary["game"] = kind
        rows.append({"game_id": f"g{i:04d}", "seq": i + 1, "status": "finished", "players": players,
                     "summary": summary})
    mine = compute(rows)
    theirs = compute(rows, model=Openskill())
    for scope in [ALL, *theirs.kinds()]:
        a, b = mine.scope(scope), theirs.scope(scope)
        assert sorted(a) == sorted(b)
        for person in b:
            assert (a[person].mu, a[person].sigma, a[person].rating, a[person].trend) == \
                   (b[person].mu, b[person].sigma, b[person].rating, b[person].trend)
    assert [e.moves for e in mine.evenings] == [e.moves for e in theirs.evenings]
    # and the app's league needs no openskill at all
    import sys
    monkeypatch.setitem(sys.modules, "openskill", None)  # an import of it would raise now
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    again = compute(rows)
    assert {p: s.rating for p, s in again.scope(ALL).items()} == {p: s.rating for p, s in theirs.scope(ALL).items()}
