"""The archive summary (issue 18, «one contract»): one typed value per game with one codec
(:class:`companion.core.summary.Summary`). For each game a small game is played through the log
session and filed; the stored JSON and the value read back are worked out by hand in the
comments (rules: ../shared/rules/*.md). Stored summaries written before the typed value
(tests/fixtures/before-games-core/) read to the same value and write back to the same JSON."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.ui.session import Session
from companion.league.stats import player_stats
from companion.store.repository import Store
from companion.core.summary import Summary, game_of
from companion.vzhuh.view import penalty_json
from engine import royal_mastheads as rm

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "before-games-core"


@pytest.fixture
def s(tmp_path):
    store = Store.open(tmp_path / "data")
    yield Session(store)
    store.close()


def filed(s: Session) -> dict:
    """The stored summary of the game just filed, without the app's clock (started/ended)."""
    stored = dict(s.archive.archived()[0]["summary"])
    assert isinstance(stored.pop("started"), str) and isinstance(stored.pop("ended"), str)
    return stored


def round_trips(stored: dict, expected: Summary) -> None:
    value = Summary.from_json(stored)
    assert value == expected
    assert value.to_json() == stored
    assert json.loads(json.dumps(value.to_json(), ensure_ascii=False)) == stored


def test_whale_game_score_pad_summary_round_trips(s):
    """R-SCORE-2: pearl cards + one point per pair of unused bonuses; R-END with the table's
    target 10: the game ends after the round in which a total reaches it."""
    assert s.new_game(["Лена", "Миша"], target=10, mode="pad").ok
    assert s.game.tally_round({"Лена": (4, 3), "Миша": (2, 0)}).ok   # 4 + 1 = 5, 2 + 0 = 2
    assert s.game.tally_round({"Лена": (6, 1), "Миша": (3, 5)}).ok   # 6 + 0 = 6, 3 + 2 = 5: 11, 7
    assert s.finish().ok
    stored = filed(s)
    # no "game" key: a whale game's summary stays as it was before there were other games
    assert stored == {"players": ["Лена", "Миша"], "target": 10, "mode": "pad", "rounds": [[5, 2], [6, 5]],
                      "totals": [11, 7], "winner": "Лена", "revokes": {}}
    round_trips(stored, Summary("kozyrnye-kity", ("Лена", "Миша"), ((5, 2), (6, 5)), (11, 7), "Лена",
                                revokes={}, target=10, mode="pad"))


def test_vzhuh_summary_round_trips(s):
    """VZ-SCORE: a party's penalty is the sum of the penalty cards, 60 per joker; VZ-GAME: three
    parties, the lowest total wins (low_wins)."""
    assert s.new_game(["Аня", "Боря", "Вика"], game="vzhuh", first="Боря").ok
    v = s.game
    assert v.record_party({"Аня": penalty_json(points=10), "Боря": penalty_json(points=20),
                           "Вика": penalty_json(points=0)}).ok
    assert v.record_party({"Аня": penalty_json({3: 2}), "Боря": penalty_json(points=0),   # 3 + 3 = 6
                           "Вика": penalty_json(jokers=1)}).ok                              # 60
    assert v.record_party({p: penalty_json(points=5) for p in ("Аня", "Боря", "Вика")}).ok
    assert s.finish().ok  # totals 21, 25, 65: Аня has the fewest
    stored = filed(s)
    assert stored == {"game": "vzhuh", "players": ["Аня", "Боря", "Вика"], "rounds": [[10, 20, 0], [6, 0, 60], [5, 5, 5]],
                      "totals": [21, 25, 65], "winner": "Аня", "low_wins": True}
    round_trips(stored, Summary("vzhuh", ("Аня", "Боря", "Вика"), ((10, 20, 0), (6, 0, 60), (5, 5, 5)), (21, 25, 65),
                                "Аня", low_wins=True))
    # the statistics: for «Вжух!» the best party is the lowest penalty
    st = player_stats(s.archive.archived())
    assert st["Вика"]["best_round"] == 0 and st["Аня"]["best_round"] == 5 and st["Аня"]["wins"] == 1


def test_kalmar_summary_keeps_the_wins_of_each_game_under_rounds(s):
    """KL-END / RUL-KL-OUT: the player the table says is out wins that game; RUL-KL-TALLY: the
    sitting's tally counts the wins. Stored under "rounds" as always; the typed value calls them
    ``scores`` (a win scores 1 in the tally)."""
    assert s.new_game(["Аня", "Боря", "Вика"], game="kalmar", dealer="Вика", first_card="green-5").ok
    g = s.game
    assert g.player_out("Боря").ok                          # game 1: Боря
    assert g.next_game("green-3", dealer="Аня").ok
    assert g.player_out("Аня").ok                           # game 2: Аня
    assert g.next_game("green-4", dealer="Боря").ok
    assert g.player_out("Аня").ok                           # game 3: Аня → tally 2, 1, 0
    assert s.finish().ok
    stored = filed(s)
    assert stored == {"game": "kalmar", "players": ["Аня", "Боря", "Вика"],
                      "rounds": [[0, 1, 0], [1, 0, 0], [1, 0, 0]], "totals": [2, 1, 0], "winner": "Аня",
                      "low_wins": False}
    value = Summary.from_json(stored)
    assert value.scores == ((0, 1, 0), (1, 0, 0), (1, 0, 0)) and value.totals == (2, 1, 0)
    round_trips(stored, Summary("kalmar", ("Аня", "Боря", "Вика"), ((0, 1, 0), (1, 0, 0), (1, 0, 0)), (2, 1, 0),
                                "Аня", low_wins=False))


def test_royal_mastheads_summary_of_a_stopped_set_round_trips(s):
    """One deal by taken cards, trump hearts (RM-DEAL-2), then the set is stopped. Card points
    (RM-POINTS-NUM/FACE/ACE, doubled trump on the highest step: RUL-RM-ORDER):
    a rank of 2–10 taken whole = 1 + 2 + 3 + 2·4 = 14; a face rank = 2 + 4 + 6 + 2·8 = 28;
    the aces = 10 + 10 + 10 + 2·10 = 50.
    Аня: ranks 2–5 (4 tricks) and the bank, ranks 6 and 7 (RM-BANK: most tricks;
    RUL-RM-BANK-CARDS): 6 · 14 = 84, 6 trumps: no bonus.
    Боря: ranks 8–10 (3 tricks): 42 + RM-BONUS-3T (exactly 3 trumps) 25 = 67.
    Вика: jacks and queens (2 tricks): 56 + RM-BONUS-FACE (8 face cards) 500 = 556.
    Женя: kings and aces (2 tricks): 28 + 50 = 78."""
    players = ["Аня", "Боря", "Вика", "Женя"]
    assert s.new_game(players, game="royal-mastheads", first_dealer="Женя", variant="russian").ok
    v = s.game
    assert v.start_deal("hearts-7").ok
    whose = {"2": "Аня", "3": "Аня", "4": "Аня", "5": "Аня", "6": "bank", "7": "bank", "8": "Боря", "9": "Боря",
             "10": "Боря", "J": "Вика", "Q": "Вика", "K": "Женя", "A": "Женя"}
    out = v.taken({c.id: whose[c.id.split("-")[1]] for c in rm.CARDS})
    assert out.ok, out.text()
    assert s.abandon().ok
    stored = filed(s)
    assert stored == {"game": "royal-mastheads", "players": players, "rounds": [[84, 67, 556, 78]],
                      "totals": [84, 67, 556, 78], "winner": None, "shared": [], "variant": "russian",
                      "revokes": {}}
    round_trips(stored, Summary("royal-mastheads", tuple(players), ((84, 67, 556, 78),), (84, 67, 556, 78), None,
                                revokes={}, shared=(), variant="russian"))
    assert Summary.from_json(s.archive.archived()[0]["summary"]).round_points() == [dict(zip(players, (84, 67, 556, 78)))]


@pytest.mark.parametrize("folder", ["", "kozyrnye-kity", "vzhuh", "royal-mastheads", "kalmar"])
def test_summaries_stored_before_the_typed_value_read_and_write_back_unchanged(folder):
    """Archives written by the code before issue 18 (and the whale-only app before it): every
    stored summary reads to a value whose stored form is the very same JSON."""
    data = FIXTURES / folder / "data" if folder else FIXTURES / "data"
    index = json.loads((data / "archive.json").read_text(encoding="utf-8"))["games"]
    files = sorted((data / "archive").glob("*.json"))
    stored = [row["summary"] for row in index.values()]
    stored += [json.loads(f.read_text(encoding="utf-8"))["game"]["1"]["summary"] for f in files]
    assert stored
    for d in stored:
        value = Summary.from_json(d)
        assert value.players and value.started and value.ended
        assert value.game == (folder or "kozyrnye-kity")
        assert value.to_json() == d


def test_the_first_whale_archive_reads_as_it_was_shown():
    """tests/fixtures/before-games-core/data: a finished game (Лена 32, Тёма 23, Оля 31) and an
    abandoned score-pad game, stored before there was more than one game."""
    data = FIXTURES / "data"
    index = json.loads((data / "archive.json").read_text(encoding="utf-8"))["games"]
    by_seq = {row["seq"]: Summary.from_json(row["summary"]) for row in index.values()}
    assert by_seq[1].game == "kozyrnye-kity" and by_seq[1].winner == "Лена"
    assert dict(zip(by_seq[1].players, by_seq[1].totals)) == {"Лена": 32, "Тёма": 23, "Оля": 31}
    assert by_seq[1].scores[0] == (9, 4, 5) and len(by_seq[1].scores) == 5
    assert by_seq[2].winner is None and by_seq[2].mode == "pad" and by_seq[2].target == 20
    assert by_seq[1].times() == {"started": "2026-11-20T19:00:00+03:00", "ended": "2026-11-20T20:10:00+03:00"}


def test_damaged_or_empty_summaries_read_without_raising():
    assert Summary.from_json(None) == Summary("kozyrnye-kity") and Summary.from_json(7).players == ()
    assert Summary.from_json({}).to_json() == {}                       # an unreadable game kept aside
    assert Summary("kalmar").to_json() == {"game": "kalmar"}           # its game only
    d = Summary.from_json({"game": "vzhuh", "players": ["A", "B"], "rounds": [[1], "x", [True, 2], [2, 3]],
                           "totals": "no", "winner": 5, "revokes": {"Z": 4, "A": -1, "B": "2"}, "shared": 1})
    assert d == Summary("vzhuh", ("A", "B"), ((2, 3),), (), None, revokes={})
    assert Summary.from_json({"players": "AB"}).players == ()
    # the game key: absent before there were other games
    assert game_of({}) == game_of(None) == "kozyrnye-kity" and game_of({"game": "kalmar"}) == "kalmar"


def test_the_summary_is_frozen():
    value = Summary("vzhuh", ("A", "B"), revokes={"A": 1})
    with pytest.raises(Exception):
        value.winner = "A"  # type: ignore[misc]
    with pytest.raises(TypeError):
        value.revokes["A"] = 2  # type: ignore[index]



@pytest.mark.parametrize("stored, players", [
    ({"players": ["Аня", "Боря"], "rounds": [[1, 2]], "totals": [1, 2]}, ("Аня", "Боря")),
    ({"players": ["Аня", ""], "totals": [1, 2]}, ()),  # an empty name: no players at all
    ({"players": ["Аня", 3]}, ()),                      # a number is no name
    ({"players": "Аня"}, ()), ({"players": None}, ()), ({}, ()), (None, ()), ([], ()), ("x", ()),
    ({"game": "vzhuh", "players": ["Вика"], "low_wins": True}, ("Вика",)),
])
def test_the_players_alone_read_as_the_whole_summary_reads_them(stored, players):
    """Issue 53: the statistics' seat colours read only the players of each kept game."""
    assert Summary.players_of(stored) == players
    assert Summary.from_json(stored).players == players
