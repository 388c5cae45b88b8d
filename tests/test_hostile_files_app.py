"""Hostile files in the app (issue 43): an import of a file nested thousands deep or holding a
number no game reaches is refused with the reason and changes nothing stored; a bad summary
stored before (a 4,000-digit «Вжух!» penalty filed by an older app) no longer breaks the
history and statistics: its damaged numbers are left out and the game is marked."""
from __future__ import annotations

import json

from companion.core.packs import game as pack
from companion.ui.session import Session
from companion.league.stats import player_stats
from companion.store.repository import Store
from companion.core.summary import MAX_SCORE, Summary, damaged

HUGE = int("9" * 4000)


def _vzhuh(points) -> str:
    return json.dumps({"format": "vzhuh/1", "players": ["Аня", "Боря"], "first": "Аня",
                       "parties": [{"penalties": {"Аня": {"points": points}, "Боря": {"points": 3}}}]})


def test_hostile_imports_are_refused_with_the_reason_and_nothing_is_filed(tmp_path):
    s = Session(Store(tmp_path))
    files = {"deep": "[" * 10_000 + "]" * 10_000, "huge": _vzhuh(HUGE),
             "draw": json.dumps({"format": "kalmar/1", "players": ["Аня", "Боря"], "games": [
                 {"dealer": "Боря", "first_card": "green-5", "turns": [{"act": "draw", "player": "Аня",
                                                                         "count": 10 ** 12}]}]})}
    words = {"deep": "вложенность глубже 100 уровней", "huge": "N-VZ-RECORD-LIMIT", "draw": "KL-COMP"}
    for name, text in files.items():
        out = s.archive.import_record(text)
        assert not out.ok and words[name] in out.notice.error.text("ru"), name
        assert out.notice.error.text("en") and "Traceback" not in out.notice.error.text("en")
    assert s.archive.archived() == [] and s.archive.archived("vzhuh") == []
    assert s.archive.import_record(_vzhuh(5)).ok  # a real record still goes in


def test_a_bad_summary_stored_before_is_left_out_and_marked_not_raised(tmp_path):
    store = Store(tmp_path)
    bad = {"game": "vzhuh", "players": ["Аня", "Боря"], "rounds": [[HUGE, 3], [4, 5]], "totals": [HUGE + 4, 8],
           "winner": "Боря", "low_wins": True}
    store.import_game({"players": ["Аня", "Боря"], "game": "vzhuh", "imported": True}, [], {"format": "vzhuh/1"}, bad)
    s = Session(store)
    rows = s.archive.archived("vzhuh")
    assert len(rows) == 1 and damaged(rows[0]["summary"])
    stats = s.stats.archived_stats("vzhuh")  # raised OverflowError before (a 4,000-digit int into a float)
    assert stats["Аня"]["rounds"] == 1 and stats["Аня"]["points"] == 4 and stats["Аня"]["avg_round_points"] == 4.0
    assert Summary.from_json(bad).scores == ((4, 5),) and Summary.from_json(bad).totals == ()
    ok = {**bad, "rounds": [[MAX_SCORE, 3]], "totals": [MAX_SCORE, 3]}
    assert not damaged(ok) and player_stats([{"summary": ok, "status": "imported"}])["Аня"]["points"] == MAX_SCORE
    assert pack("vzhuh").title  # the game the row is filed under is known


def test_the_import_panel_names_the_games_not_their_record_formats():
    """Issue 43: «JSON, kozyrnye-kity/1, vzhuh/1, …» is no word for a player: the panel names
    the games by their titles (companion/core/packs.py), in Russian and English."""
    import inspect

    from companion.base.i18n import translations
    from companion.core.packs import LIST
    from companion.widgets import records

    src = inspect.getsource(records.ImportPanel)
    assert "FORMATS" not in src and "packs.LIST" in src
    msg = "A game record file of any of these games, from this app or another table: {games}."
    games = ", ".join(g.title for g in LIST)
    ru = translations("ru").gettext(msg).format(games=games)
    assert ru == ("Файл записи любой из этих игр — из этого приложения или с другого стола: «Козырные киты», "
                  "«Вжух!», «Кальмар», «Королевское наказание».")
    en = translations("en").gettext(msg).format(games=games)
    assert "/1" not in en and "«Вжух!»" in en
