"""The table's league in the browser at 412×915 (issue 42): the first start's offer makes the
people, the league from home (all games and one game), a person's page with the trend and
head to head, an evening's page, and the league from a game's statistics.

The archive is seeded through the store (the app is stopped meanwhile: one process per data
folder). Expected numbers are worked out by hand (tests/test_league.py's header: two new
players, A ahead of B → 1053 and 947)."""
from __future__ import annotations

import re

import pytest

from companion.base import ids
from companion.store.repository import Store

from .test_export_and_stats_text import sweep

BIG = 400  # games in the large archive: taken in over several steps of 0.1 s

pytestmark = pytest.mark.e2e


def _summary(players, totals, winner, ended, game=None, low=None):
    s = {"players": players, "rounds": [totals], "totals": totals, "winner": winner, "ended": ended}
    if game:
        s["game"] = game
    if low:
        s["low_wins"] = True
    return s


GAMES = [  # (players, totals, winner, ended, game)
    (["Аня", "Боря"], [31, 20], "Аня", "2026-11-20T21:00:00+03:00", None),            # evening 1
    (["Аня", "Боря", "Вика"], [12, 40, 25], "Аня", "2026-11-21T19:00:00+03:00", "vzhuh"),  # evening 2
    (["Аня", "Боря", "Вика"], [1, 3, 0], "Боря", "2026-11-21T20:30:00+03:00", "kalmar"),
]


def seed(ui) -> None:
    ui.server.stop()
    store = Store.open(ui.server.data_dir)
    games = []
    for i, (players, totals, winner, ended, game) in enumerate(GAMES):
        games.append({"game_id": f"seed{i}", "seq": i + 1, "status": "finished",
                      "meta": {"players": players, **({"game": game} if game else {})}, "actions": [], "redo": [],
                      "record": None, "summary": _summary(players, totals, winner, ended, game, game == "vzhuh")})
    # and a stopped game, which the league does not count
    games.append({"game_id": "seed-stopped", "seq": 9, "status": "abandoned", "meta": {"players": ["Аня", "Боря"]},
                  "actions": [], "redo": [], "record": None,
                  "summary": _summary(["Аня", "Боря"], [0, 50], None, "2026-11-21T23:00:00+03:00")})
    assert store.import_archive({"format": Store.ARCHIVE_FORMAT, "games": games}) == (4, 0)
    ui.server.start()  # (closes this process's store first)
    ui.open()


def test_league_person_head_to_head_and_evening(ui):
    seed(ui)
    # the first start after the change offers to make people of the kept names
    offer = ui.by_id(ids.HOME_PEOPLE_OFFER)  # the whole box: its keys' words, and its own words as its label
    ui.wait_id(ids.HOME_PEOPLE_OFFER)
    assert "Аня" in (offer.get_attribute("aria-label") or "") + (offer.text_content() or "")
    ui.shot("league-offer")
    ui.tap_id(ids.HOME_PEOPLE_OFFER + "-yes")
    ui.page.wait_for_selector(ui.sel(ids.HOME_PEOPLE_OFFER), state="detached")

    ui.tap_id(ids.HOME_LEAGUE)
    ui.wait_id(ids.SCREEN_LEAGUE)
    assert "μ − 25" in ui.read(ids.LEAGUE_NOTE)
    # three counted games (the stopped one is not): Аня won two, Боря one
    assert ui.read(ids.league_value(1, "games")) == "3"
    assert [ui.read(ids.league_value(n, "name")) for n in (1, 2, 3)] == ["Аня", "Боря", "Вика"]
    assert ui.read(ids.league_value(1, "wins")) == "2" and ui.read(ids.league_value(1, "rate")) == "67 %"
    ui.shot("league-all")
    problems = sweep(ui, "league")  # no text cut or overlapping, all the way down

    # one game: «Козырные киты» had one game, Аня ahead of Боря → 1053 and 947 (by hand)
    ui.tap_id(ids.league_scope("kozyrnye-kity"))
    ui.wait_text(ids.league_value(1, "rating"), "1053")
    assert ui.read(ids.league_value(2, "rating")) == "947"
    assert ui.read(ids.league_value(1, "best")) == "31"
    ui.tap_id(ids.league_scope("all"))

    # a person's page: the trend and head to head with Боря
    ui.tap_id(ids.league_person(1))
    assert ui.read(ids.LEAGUE_PERSON) == "Аня"
    ui.wait_id(ids.LEAGUE_CHART)
    assert "Боря" in ui.read(ids.LEAGUE_RIVAL)
    others = {ui.page.locator(ui.sel(ids.league_versus(n))).last.text_content(): n for n in (1, 2)}
    ui.tap_id(ids.league_versus(next(n for name, n in others.items() if "Боря" in name)))
    line = ui.read(ids.LEAGUE_VERSUS)
    assert "3" in line and "Аня впереди 2" in line and "Боря впереди 1" in line, line
    ui.shot("league-person")
    problems += sweep(ui, "person")
    ui.tap_id(ids.LEAGUE_BACK)

    # the evening of 20 November: Аня won the whale game, 1000 → 1053
    ui.tap_id(ids.league_evening("2026-11-20"))
    assert "20 ноября 2026" in ui.read(ids.LEAGUE_EVENING)
    moves = [(ui.read(ids.league_move(n) + "-from"), ui.read(ids.league_move(n))) for n in (1, 2)]
    assert moves == [("1000", "1053 (+53)"), ("1000", "947 (-53)")], moves
    ui.wait_id(ids.LEAGUE_SHARE + "-copy")
    ui.shot("league-evening")
    ui.tap_id(ids.LEAGUE_BACK)
    ui.tap_id(ids.league_evening("2026-11-21"))
    ui.wait_id(ids.league_move(3))
    ui.shot("league-evening-2")
    problems += sweep(ui, "evening")
    assert problems == []
    no_sideways(ui)


def no_sideways(ui) -> None:
    """Nothing wider than the phone: no horizontal scrolling."""
    width = ui.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 412, width


def test_league_from_a_games_statistics_opens_on_that_game(ui):
    seed(ui)
    ui.tap_id(ids.HOME_PEOPLE_OFFER + "-no")
    ui.page.wait_for_selector(ui.sel(ids.HOME_PEOPLE_OFFER), state="detached")
    ui.tap_id(ids.HOME_STATS)
    ui.tap_id(ids.STATS_LEAGUE)
    ui.wait_id(ids.SCREEN_LEAGUE)
    assert ui.selected(ids.league_scope("kozyrnye-kity"))
    assert ui.read(ids.league_value(1, "rating")) == "1053"  # names no one claimed count as themselves
    ui.back()
    ui.wait_id(ids.STATS_LEAGUE)


def test_an_imported_name_is_asked_once_and_a_person_renamed(ui):
    ui.server.stop()
    store = Store.open(ui.server.data_dir)
    first = [{"game_id": "p0", "seq": 1, "status": "finished", "meta": {"players": ["Аня", "Боря"]}, "actions": [],
              "redo": [], "record": None,
              "summary": _summary(["Аня", "Боря"], [31, 20], "Аня", "2026-11-20T21:00:00+03:00")}]
    store.import_archive({"format": Store.ARCHIVE_FORMAT, "games": first})
    store.answer_people_offer(True)  # the table's people: Аня, Боря
    later = [{"game_id": "p1", "seq": 2, "status": "imported", "meta": {"players": ["Anya", "Боря"]}, "actions": [],
              "redo": [], "record": None,
              "summary": _summary(["Anya", "Боря"], [40, 10], "Anya", "2026-11-22T21:00:00+03:00")}]
    store.import_archive({"format": Store.ARCHIVE_FORMAT, "games": later})
    ui.server.start()
    ui.open()
    assert ui.page.locator(ui.sel(ids.HOME_PEOPLE_OFFER)).count() == 0  # answered before
    ui.tap_id(ids.HOME_LEAGUE)
    assert "Anya" in ui.read(ids.LEAGUE_ASK)
    ui.shot("league-ask")
    ui.tap_id(ids.league_ask(1))  # «Anya» is Аня (the first person)
    ui.page.wait_for_selector(ui.sel(ids.LEAGUE_ASK), state="detached")
    ui.wait_text(ids.league_value(1, "games"), "2")
    assert ui.read(ids.league_value(1, "name")) == "Аня" and ui.read(ids.league_value(1, "wins")) == "2"

    ui.tap_id(ids.league_person(1))
    ui.wait_id(ids.LEAGUE_PERSON)
    ui.page.mouse.move(200, 500)
    ui.page.mouse.wheel(0, 3000)  # down to the name, under the chart and head to head
    ui.wait_id(ids.LEAGUE_RENAME)
    ui.shot("league-person-edit")
    ui.fill(ids.LEAGUE_RENAME + "-field", "Анна")
    ui.tap_id(ids.LEAGUE_RENAME)
    ui.wait_text(ids.LEAGUE_PERSON, "Анна")
    ui.shot("league-rename")
    ui.tap_id(ids.LEAGUE_BACK)
    ui.wait_text(ids.league_value(1, "name"), "Анна")
    no_sideways(ui)


def test_the_whole_archive_moves_to_a_new_phone_with_its_people(ui):
    import json
    import shutil
    from pathlib import Path

    seed(ui)
    ui.tap_id(ids.HOME_PEOPLE_OFFER + "-yes")
    ui.page.wait_for_selector(ui.sel(ids.HOME_PEOPLE_OFFER), state="detached")
    ui.tap_id(ids.HOME_LEAGUE)
    before = [(ui.read(ids.league_value(n, "name")), ui.read(ids.league_value(n, "rating"))) for n in (1, 2, 3)]
    ui.back()
    ui.tap_id(ids.HOME_SETTINGS)
    ui.page.mouse.move(200, 500)
    ui.page.mouse.wheel(0, 3000)
    with ui.page.expect_download() as dl:
        ui.tap_id(ids.SET_ARCHIVE)
    assert dl.value.suggested_filename.startswith("kity-archive_")
    path = Path(dl.value.path())
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["games"]) == 4 and sorted(p["name"] for p in data["people"]) == ["Аня", "Боря", "Вика"]
    ui.shot("league-archive-settings")

    # a new phone: an empty data folder
    ui.server.stop()
    for p in ui.server.data_dir.iterdir():
        shutil.rmtree(p) if p.is_dir() else p.unlink()
    ui.server.start()
    ui.open()
    ui.tap_id(ids.HOME_STATS)
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    fc.value.set_files(str(path))
    ui.wait_text(ids.IMPORT_RESULT, "новых игр 4")
    ui.back()
    ui.wait_id(ids.HOME_LEAGUE)
    assert ui.page.locator(ui.sel(ids.HOME_PEOPLE_OFFER)).count() == 0  # the people came along
    ui.tap_id(ids.HOME_LEAGUE)
    ui.wait_text(ids.league_value(1, "name"), "Аня")
    # the same league: it is rebuilt from the games
    assert [(ui.read(ids.league_value(n, "name")), ui.read(ids.league_value(n, "rating"))) for n in (1, 2, 3)] == before
    assert ui.read(ids.league_value(1, "games")) == "3"
    # a large archive (issue 53): taken in a step at a time with a bar of the games done, and a
    # key that stops it; what was taken in stays, and taking the file in again adds just the rest
    big = {**data, "games": [{**data["games"][0], "game_id": f"big{i:04d}"} for i in range(BIG)]}
    big_path = path.with_name("kity-archive_2026-11-29_big.json")
    big_path.write_text(json.dumps(big, ensure_ascii=False), encoding="utf-8")
    ui.back()
    ui.tap_id(ids.HOME_STATS)
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    fc.value.set_files(str(big_path))
    ui.wait_text(ids.IMPORT_PROGRESS, f"из {BIG}", timeout=30000)
    ui.shot("archive-import-progress")
    ui.tap_id(ids.IMPORT_STOP)
    ui.wait_text(ids.IMPORT_RESULT, "Остановлено на игре", timeout=30000)
    stopped = re.search(r"на игре (\d+) из (\d+)", ui.read(ids.IMPORT_RESULT))
    taken, total = int(stopped[1]), int(stopped[2])
    assert total == BIG and 0 < taken < BIG, stopped[0]
    assert ui.page.locator(ui.sel(ids.IMPORT_PROGRESS)).count() == 0
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    fc.value.set_files(str(big_path))
    ui.wait_text(ids.IMPORT_RESULT, "Архив загружен", timeout=60000)
    again = re.search(r"новых игр (\d+), уже сохранённых или нечитаемых (\d+)", ui.read(ids.IMPORT_RESULT))
    assert (int(again[1]), int(again[2])) == (BIG - taken, taken)  # every game once: none lost by the stop
