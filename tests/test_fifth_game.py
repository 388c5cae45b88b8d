"""The fifth game, «Сотня» (``tests/fifth_game/``, issue 18): a game written only against the games
core, in one folder of at most 250 lines, through record replay (the engine's format dispatch), the
log session (rounds, refusals citing their rule in RU and EN, undo/redo, a correction through the
history's entries, the archive, export and import). Rules: tests/fifth_game/RULES.md (S5-…).
Every expected number is worked out by hand in the comments."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from companion.core import packs
from companion.base.i18n import translate
from companion.ui.session import Session
from companion.store.repository import Store
from engine.core import games
from engine.core.errors import RecordError
from engine.core.i18n import template

import tests.fifth_game as fifth
from tests.fifth_game import game as s5
from tests.i18n_extract import used_msgids

FOLDER = Path(fifth.__file__).resolve().parent
P = ["Аня", "Боря", "Вика"]


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """«Сотня» added with the two explicit calls, for this test only (the lists are put back)."""
    monkeypatch.setattr(games, "GAMES", dict(games.GAMES))
    monkeypatch.setattr(packs, "LIST", list(packs.LIST))
    monkeypatch.setattr(packs, "BY_ID", dict(packs.BY_ID))
    fifth.register()


@pytest.fixture
def s(tmp_path):
    store = Store.open(tmp_path / "data")
    yield Session(store)
    store.close()


def rec(*rounds, target=100, players=P) -> dict:
    return {"format": "sotnya/1", "players": list(players), "target": target,
            "rounds": [{"type": "round", "points": dict(zip(players, r))} for r in rounds]}


def test_the_folder_is_at_most_250_lines():
    files = [p for p in FOLDER.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    lines = {p.relative_to(FOLDER).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in files}
    assert {"RULES.md", "game.py", "view.py", "__init__.py", "__main__.py", "screens/pad.py"} <= set(lines)
    assert sum(lines.values()) <= 250, lines


def test_register_is_explicit_and_twice_is_once():
    """Importing the folder adds nothing; register() does, and again changes nothing."""
    assert packs.game("sotnya") is fifth.GAME and packs.LIST[-1] is fifth.GAME and games.game("sotnya/1") is s5
    fifth.register()
    assert [g.id for g in packs.LIST].count("sotnya") == 1
    with pytest.raises(ValueError):
        games.add("sotnya/1", json)  # another package for a known format
    with pytest.raises(ValueError):
        packs.add(dataclasses.replace(packs.game("vzhuh"), title="x"))  # another game with a known id


# ---- record replay (the engine's format dispatch: engine.core.games.read_any) -----------------
def test_replay_a_tie_then_a_winner_and_a_round_after_the_end_S5_TIE_S5_END():
    text = json.dumps(rec((40, 30, 20), (35, 40, 30), (25, 30, 10), (5, 10, 50), (0, 3, 1), (1, 1, 1)))
    pkg, record = games.read_any(text)
    assert pkg is s5 and record.header == {"target": 100} and [p for p, _ in record.actions][5] == "rounds[5]"
    res = pkg.replay_record(record)
    # totals: 40 30 20 → 75 70 50 → 100 100 60: Аня and Боря share 100 ≥ 100, another round (S5-TIE)
    # → 105 110 110: Боря and Вика share 110 (S5-TIE) → 105 113 111: Боря wins (S5-END)
    # → round 6 after the end: kept as a violation of S5-END, totals 106 114 112, the winner stays
    assert res.state.totals == (106, 114, 112) and res.winner == "Боря" and res.finished and not res.valid
    assert [(v.rule, v.round) for v in res.violations] == [("S5-END", 6)]
    assert res.to_json("en")["winner"] == "Боря" and res.to_json("en")["violations"][0]["rule"] == "S5-END"
    assert res.text("ru").splitlines() == ["Аня 106 · Боря 114 · Вика 112", "Победитель — Боря, сумма 113 (S5-END).",
                                           "- [S5-END] #6: Раунд 6 после конца игры: победитель уже есть — Боря (S5-END)."]
    assert "Боря wins with a total of 113 (S5-END)." in res.text("en")  # 113: the total when the game ended


def test_replay_an_unfinished_record_and_a_tie_at_the_target_S5_TIE():
    # 50 49 → 50 50: no total has reached 100, the game goes on (S5-END): no winner, no tie yet
    res = games.game("sotnya/1").replay_record(s5.read_record(json.dumps(rec((50, 49), (0, 1), players=P[:2]))))
    assert res.state.totals == (50, 50) and res.winner is None and res.valid and not res.finished
    assert res.text("ru") == "Аня 50 · Боря 50"
    # 60 60 → 100 100: both reached 100 and share the highest total: another round (S5-TIE)
    res = s5.replay_record(s5.parse_record(rec((60, 60), (40, 40), players=P[:2])))
    assert res.winner is None and res.text("en").splitlines()[1] == (
        "Аня, Боря share the highest total (100): everybody plays another round (S5-TIE).")


@pytest.mark.parametrize("doc, path, says", [
    (rec((10, 10, 10), (5, -3, 0)), "rounds[1]", "S5-ROUND"),                 # a negative count
    (rec((10, "7", 0)), "rounds[0]", "S5-ROUND"),                             # not a number
    ({**rec(), "rounds": [{"type": "round", "points": {"Аня": 1, "Боря": 2}}]}, "rounds[0].points", "Вика"),
    ({**rec(), "rounds": [{"type": "bid", "points": {}}]}, "rounds[0].type", "round"),
    (rec(target=0), "target", "≥ 1"),
    ({**rec(), "players": ["Аня"]}, "players", "2"),                          # S5-SETUP: 2–6 players
    ({k: v for k, v in rec().items() if k != "target"}, "", "target"),
    ({**rec(), "format": "sotnya/2"}, "format", "sotnya/1"),
])
def test_a_malformed_record_is_a_record_error_with_its_path(doc, path, says):
    with pytest.raises(RecordError) as e:
        pkg, record = games.read_any(json.dumps(doc))
        pkg.replay_record(record)
    assert e.value.path == path and says in e.value.text("ru") and says in e.value.text("en")


# ---- the log session ---------------------------------------------------------------------------------
def test_a_refused_new_game_cites_S5_SETUP_in_ru_and_en(s):
    for players, target in ((["Аня"], 100), (P, 0), (["Аня", "Аня"], 100), (P * 3, 100)):
        out = s.new_game(players, game="sotnya", target=target)
        assert not out.ok and out.text("ru").endswith("(S5-SETUP).") and "different names" in out.text("en")
    assert not s.active


def test_a_game_rounds_refusals_undo_redo_a_correction_and_the_archive(s):
    assert s.new_game(P, game="sotnya", target=50).ok
    v = s.game
    assert s.kind == "sotnya" and v.route() == "/sotnya" and v.status() is None
    assert v.record_round({"Аня": "20", "Боря": " 15 ", "Вика": "5"}).ok and v.state.totals == (20, 15, 5)
    for bad, shown in (("-3", '"-3"'), ("", '""'), ("2.5", '"2.5"'), ("٣", '"٣"')):  # S5-ROUND: whole, ≥ 0
        out = v.record_round({"Аня": bad, "Боря": "1", "Вика": "1"})
        assert not out.ok and len(s.log) == 1
        assert out.text("ru") == f'"Аня": очки за раунд — целое число не меньше 0, а не {shown} (S5-ROUND).'
        assert out.text("en") == f'"Аня": the points of a round are a whole number of at least 0, not {shown} (S5-ROUND).'
    # round 2: 20+30, 15+35, 5+0 = 50 50 5: Аня and Боря share 50 ≥ 50 → one more round (S5-TIE)
    assert v.record_round({"Аня": "30", "Боря": "35", "Вика": "0"}).ok
    assert v.state.totals == (50, 50, 5) and v.winner() is None and "(S5-TIE)" in v.status()
    assert s.finish().notice.params["rule"] == "S5-END"                       # not over yet
    assert s.undo().ok and v.state.totals == (20, 15, 5) and s.redo().ok and v.state.totals == (50, 50, 5)
    # a correction through the history's entries: round 1 of Боря 15 → 10: 50 45 5, Аня wins (S5-END)
    entries = s.entries()
    assert [(e["round"], e["action"]["points"]["Боря"]) for e in entries] == [(1, 15), (2, 35)]
    out = s.edit(entries[0]["index"], {**entries[0]["action"], "points": {"Аня": 20, "Боря": 10, "Вика": 5}})
    assert out.ok and [(c.key, c.params.get("new")) for c in out.notice.changes] == [("total", 45), ("winner", "Аня")]
    assert v.winner() == "Аня" and v.status() == "Победитель — Аня, сумма 50 (S5-END)." and v.state.leaders == (0,)
    out = v.record_round({"Аня": "1", "Боря": "1", "Вика": "1"})              # nothing after the end (S5-END)
    assert not out.ok and out.text("en") == "Round 3 after the end: Аня has already won (S5-END)."
    assert s.undo().ok and v.winner() is None and s.redo().ok and v.winner() == "Аня"  # the correction, undone and redone
    assert s.finish().ok and not s.active
    row = s.archive.archived("sotnya")[0]
    assert row["summary"]["rounds"] == [[20, 10, 5], [30, 35, 0]] and row["summary"]["winner"] == "Аня"
    # the archived record is the header plus the log; imported again, it is the same game
    record = json.loads(s.archive.export_archived(row["game_id"]))
    assert record["target"] == 50 and record["rounds"][0] == {"type": "round", "points": {"Аня": 20, "Боря": 10, "Вика": 5}}
    assert s.archive.import_record(json.dumps(record)).ok
    assert [(r["summary"]["totals"], r["summary"]["winner"]) for r in s.archive.archived("sotnya")] == [([50, 45, 5], "Аня")] * 2


# ---- its words ----------------------------------------------------------------------------------------
def test_every_word_of_the_folder_is_russian_first_and_english_too():
    singles, plurals = used_msgids(FOLDER)
    assert singles and plurals
    for msg in singles:  # the app's catalogs, else the folder's own (registered with the core)
        assert translate("ru", msg) != msg, msg
        assert translate("en", msg) == msg
    for v in s5.V:  # every message names its own rule, in both languages
        assert f"({v.rule})" in template(v.key, "ru") and f"({v.rule})" in template(v.key, "en")
    ru = (FOLDER / "locales/ru/LC_MESSAGES/fifth_game.po").read_text(encoding="utf-8")
    en = (FOLDER / "locales/en/LC_MESSAGES/fifth_game.po").read_text(encoding="utf-8")
    keys = [line.split('"')[1] for line in ru.splitlines() if line.startswith('msgid "s5.')]
    assert keys == [line.split('"')[1] for line in en.splitlines() if line.startswith("msgid ")]
    rules = (FOLDER / "RULES.md").read_text(encoding="utf-8")
    assert all(f"**{r}**" in rules for r in ("S5-SETUP", "S5-ROUND", "S5-END", "S5-TIE"))
