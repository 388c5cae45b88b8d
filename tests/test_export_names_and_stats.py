"""Issue 43: one file name scheme for every game's export (game, date, players, ASCII only),
the statistics' colours by seat (not by rank) and the games numbered within their kind.
Expected values are written out by hand."""
from __future__ import annotations

import json
import re
from datetime import date

import pytest

from companion.base.file_names import ascii_slug, record_file_name, record_file_name_of
from companion.ui.session import Session
from companion.league.stats import kind_numbers, player_seats, player_stats
from companion.store.repository import Store
from companion.vzhuh.view import penalty_json
from companion.widgets.look import PLAYER_COLORS

P = ["Аня", "Боря", "Вика"]
SAFE = re.compile(r"^[a-z0-9][a-z0-9_-]*\.json$")  # every phone and file system takes it


@pytest.fixture
def s(tmp_path):
    store = Store.open(tmp_path / "data")
    yield Session(store)
    store.close()


# ----------------------------------------------------------------------------- file names
def test_the_scheme_game_date_players():
    assert record_file_name("kozyrnye-kity", P, "2026-11-27T19:05:00+03:00") == \
        "kozyrnye-kity_2026-11-27_anya-borya-vika.json"
    # the date the table saw: 00:30 in Moscow is still the 28th there (the 27th in UTC)
    assert record_file_name("vzhuh", ["Ёжик", "Щука", "Юля"], "2026-11-28T00:30:00+03:00") == \
        "vzhuh_2026-11-28_yozhik-shchuka-yulya.json"
    # no start time known (an old game): today
    assert record_file_name("kalmar", ["Лена"], None, today=date(2026, 11, 27)) == "kalmar_2026-11-27_lena.json"
    assert record_file_name("kalmar", ["Лена"], "not a time", today=date(2026, 1, 2)) == "kalmar_2026-01-02_lena.json"


def test_names_that_are_hard_to_write():
    assert ascii_slug("Аня Ёлкина") == "anya-yolkina"
    assert ascii_slug("Zoë / Ünal") == "zoe-unal"          # accents dropped, the slash gone
    assert ascii_slug("Подъезд №5") == "podezd-no5"          # ъ is silent; № is «No»
    assert ascii_slug("李") == "" and ascii_slug("🐳") == ""
    # nothing writable: the seat; a very long name is cut, the whole stays short
    assert record_file_name("vzhuh", ["李", "Боря", "🐳"], "2026-11-27T10:00:00+00:00") == \
        "vzhuh_2026-11-27_p1-borya-p3.json"
    long = record_file_name("royal-mastheads", ["Александра-Владимировна"] * 10, "2026-11-27T10:00:00+00:00")
    # each name is 23 letters: three of them (71 with the dashes) stay within 80, the fourth would not
    assert long == "royal-mastheads_2026-11-27_" + "-".join(["aleksandra-vladimirovna"] * 3) + ".json"
    assert record_file_name("vzhuh", ["Очень-очень-длинное-имя-игрока"], "2026-11-27") == \
        "vzhuh_2026-11-27_ochen-ochen-dlinnoe-imya.json"  # one name: 24 characters, no dash at the end


def test_every_game_exports_under_the_one_scheme(s):
    """The name comes from the exported text itself: the whale game, «Вжух!», «Кальмар» and
    «Королевское наказание» all hand out <game>_<date>_<players>.json."""
    today = date.today().isoformat()
    for game, players, kw, names in (
            ("kozyrnye-kity", P, {"target": 30, "mode": "pad"}, "anya-borya-vika"),
            ("vzhuh", P, {"first": "Боря"}, "anya-borya-vika"),
            ("kalmar", P, {"dealer": "Вика", "first_card": "green-5"}, "anya-borya-vika"),
            ("royal-mastheads", P + ["Гоша"], {}, "anya-borya-vika-gosha")):  # RM-COMP: four play
        assert s.new_game(players, game=game, **kw).ok, game
        text = s.export_record()
        started = json.loads(text)["started"]  # the session's clock: the game started now
        assert record_file_name_of(text) == f"{game}_{started[:10]}_{names}.json"
        assert s.abandon().ok
    assert record_file_name_of("{not json") == f"game_{today}.json"
    assert SAFE.match(record_file_name_of(None))


# ----------------------------------------------------------------------------- statistics
def _vzhuh_game(s, players, parties):
    assert s.new_game(players, game="vzhuh", first=players[0]).ok
    for party in parties:
        assert s.game.record_party({p: penalty_json(points=n) for p, n in zip(players, party)}).ok
    assert s.abandon().ok


def test_colours_follow_the_seat_not_the_rank(s):
    # Аня sits first (blue at the table) and loses: 60 against 5 and 0 (VZ-SCORE)
    _vzhuh_game(s, P, [[60, 5, 0]])
    rows = s.archive.archived("vzhuh")
    seats = player_seats(rows)
    assert seats == {"Аня": 0, "Боря": 1, "Вика": 2}
    assert PLAYER_COLORS[seats["Аня"]] == "#1E88E5"  # blue, as at the table
    # the newest game decides: Аня moved to the third seat
    _vzhuh_game(s, ["Вика", "Боря", "Аня"], [[0, 0, 7]])
    assert player_seats(s.archive.archived("vzhuh")) == {"Вика": 0, "Боря": 1, "Аня": 2}
    # the running game comes first: its seats are the ones on the table's screen now
    assert player_seats(s.archive.archived("vzhuh"), running=["Боря", "Аня"]) == {"Боря": 0, "Аня": 1, "Вика": 0}
    assert set(player_stats(rows)) == set(seats)  # every player of the statistics has a seat


def test_seats_read_the_history_back_only_until_each_player_asked_about_has_one():
    """Issue 53: with years of games kept, the statistics' colours read the latest games, not all
    1,700 at each opening; the seats given are those the whole history gives."""
    def row(*players):
        return {"summary": {"players": list(players), "rounds": [], "totals": [0] * len(players)}}

    history = [row("Вика", "Боря", "Аня"), row("Аня", "Гоша"), row("Гоша", "Аня", "Дима")]
    read = []

    def rows():
        for r in history:
            read.append(r)
            yield r

    assert player_seats(rows(), wanted=["Аня", "Гоша"]) == {"Вика": 0, "Боря": 1, "Аня": 2, "Гоша": 1}
    assert len(read) == 2  # the third game never read: both had a seat
    whole = player_seats(history)
    assert whole == {"Вика": 0, "Боря": 1, "Аня": 2, "Гоша": 1, "Дима": 2}
    read.clear()
    assert player_seats(rows(), wanted=["Дима"])["Дима"] == whole["Дима"] and len(read) == 3


def test_games_are_numbered_within_their_kind(s):
    # whale, «Вжух!», whale, «Вжух!»: the store counts 1–4 over every kind
    ids = []
    for game, kw in (("kozyrnye-kity", {"target": 30, "mode": "pad"}), ("vzhuh", {"first": "Аня"}),
                     ("kozyrnye-kity", {"target": 30, "mode": "pad"}), ("vzhuh", {"first": "Аня"})):
        assert s.new_game(P, game=game, **kw).ok
        ids.append(s.game_id)
        assert s.abandon().ok
    assert [r["seq"] for r in s.archive.archived("vzhuh")] == [4, 2]
    assert kind_numbers(s.archive.archived("vzhuh")) == {ids[1]: 1, ids[3]: 2}
    assert kind_numbers(s.archive.archived("kozyrnye-kity")) == {ids[0]: 1, ids[2]: 2}
    assert kind_numbers([]) == {}
