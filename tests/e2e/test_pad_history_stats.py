"""Score pad, game history (undo/redo, corrections, export/import) and statistics in a real browser.

Games that a test needs before the app starts are made in the test process with the app's own
Store + Session on the server's data folder, before the server process starts.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from companion.base import ids
from companion.base.i18n import translate
from companion.ui.session import Session
from companion.league.stats import player_stats
from companion.store.repository import Store
from engine.kozyrnye_kity import read_record, record_actions
from engine.kozyrnye_kity.record import action_to_json

from .conftest import ARTIFACTS, PHONE, REPO, STARTUP_TIMES, TABLET, UI, Server

pytestmark = pytest.mark.e2e

EXAMPLES = REPO / "assets" / "examples" / "kozyrnye-kity"
PLAYERS = ["Лена", "Тёма", "Оля"]


def ru(msgid: str) -> str:
    return translate("ru", msgid)


# ---------------------------------------------------------------------------------------------
# seeding and fixtures
# ---------------------------------------------------------------------------------------------
def archived(data: Path) -> list[dict]:
    """The archive index as the server wrote it (read from the file: the running server owns
    the folder), most recent first, like ``Store.archived``."""
    path = data / "archive.json"
    index = json.loads(path.read_text(encoding="utf-8")).get("games", {}) if path.exists() else {}
    return sorted(index.values(), key=lambda d: -d["seq"])


def pad_game(data: Path, rounds: list[dict], players=PLAYERS, target=30, finish=False) -> Session:
    s = Session(Store.open(data))
    assert s.new_game(players, target=target, mode="pad").ok
    for r in rounds:
        assert s.game.tally_round(r).ok
    if finish:
        assert s.finish().ok
    return s


def learn_deck(store: Store, rec) -> None:
    """The deck facts a whale record gives, into the user's deck profile (as the table asks them)."""
    for card, facts in rec.deck or ():
        f = {}
        if facts.pearls is not None:
            f["pearls"] = facts.pearls
        if facts.bonus is not None:
            f["bonus"] = facts.bonus.to_json()
        store.set_fact(card.id, f)


def full_game(data: Path, example: str, n_actions: int) -> Session:
    """A card-by-card game: the first ``n_actions`` actions of an example record, entered
    through the session (deck facts from the record go into the user's deck profile)."""
    rec = read_record((EXAMPLES / example).read_text(encoding="utf-8"))
    store = Store.open(data)
    learn_deck(store, rec)
    s = Session(store)
    assert s.new_game(list(rec.players), target=rec.effective_target, mode="full").ok
    _, actions = record_actions(rec)
    for _, a in actions[:n_actions]:
        d = action_to_json(a, rec.players)
        out = s.do(d)  # the same path as the table's buttons
        assert out.ok, (d, out)
    return s


@pytest.fixture
def data_dir(tmp_path):
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def start(browser, tmp_path, data_dir, request):
    """start(viewport, scheme) → UI on a server started now over the (seeded) data folder."""
    made = []

    def go(viewport=PHONE, scheme="light") -> UI:
        server = Server(data_dir, tmp_path)
        server.start()
        ctx = browser.new_context(viewport=viewport, locale="ru-RU", color_scheme=scheme, accept_downloads=True,
                                  permissions=["clipboard-read", "clipboard-write"])
        ctx.set_default_timeout(15000)
        ui = UI(ctx.new_page(), server, tmp_path / "shots")
        made.append((server, ctx, ui))
        STARTUP_TIMES.append(ui.open())
        return ui

    yield go
    for server, ctx, ui in made:
        try:
            rep = getattr(request.node, "rep_call", None)
            if rep is not None and rep.failed:
                ARTIFACTS.mkdir(exist_ok=True)
                ui.page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
                print(server.log_text())
            assert ui.no_crash_overlay(), "the app showed 'Error running app':\n" + server.log_text()
            assert "Traceback" not in (ui.page.locator("flt-semantics-host").text_content() or "")
        finally:
            ctx.close()
            server.stop()


def goto(ui: UI, route: str, screen_id: str):
    ui.page.goto(ui.server.url + route.lstrip("/"))
    ui.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30000)
    ui.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
    ui.wait_id(screen_id, timeout=30000)


def set_number(ui: UI, ident: str, value: int, shows: str):
    """Type a number into a field and wait until the app has it (``shows`` appears in the line
    above the button). Typing into Flutter's a11y <input> can land in the field that had the
    focus before while the page scrolls; a person sees that at once, the test retries."""
    for attempt in range(3):
        if attempt == 0:
            ui.fill(ident, str(value))
        else:  # as a person does: tap the field, erase it, type the number (a typed 10 once stayed 0)
            ui._field(ident).click()
            ui.page.keyboard.press("End")
            for _ in range(6):
                ui.page.keyboard.press("Backspace")
            ui.page.keyboard.type(str(value))
        try:
            ui.wait_text(ids.PAD_ENTERED, shows, timeout=3000)
            return
        except AssertionError:
            if attempt == 2:
                raise
            ui.page.wait_for_timeout(300)


def enter_round(ui: UI, values: dict[int, tuple[int, int]], entered: dict[int, tuple[int, int]] | None = None):
    """Type a round's numbers, check the whole line «To write down» (every seat: ``values`` and
    the ones ``entered`` before), then write the round down. A number typed into one field can
    land in the field focused before (see ``set_number``): that shows in another seat's entry,
    so such a seat is typed again before the round is written."""
    want = {**(entered or {}), **values}
    todo = dict(values)
    for attempt in range(3):
        for seat, (pearls, unused) in todo.items():
            set_number(ui, ids.pad_field("pearls", seat), pearls, f"{PLAYERS[seat]} {pearls} + ")
            set_number(ui, ids.pad_field("unused", seat), unused, f"{PLAYERS[seat]} {pearls} + {unused}")
        shown = ui.read(ids.PAD_ENTERED).split(": ", 1)[-1].split("; ")
        todo = {s: v for s, v in want.items() if f"{PLAYERS[s]} {v[0]} + {v[1]}" not in shown}
        if not todo:
            break
        assert attempt < 2, f"the pad shows {shown}, not {want}"
    ui.tap_id(ids.PAD_TALLY)


def totals(ui: UI, n=3) -> list[str]:
    return [ui.read(ids.pad_total(s)) for s in range(n)]


# ---------------------------------------------------------------------------------------------
# score pad
# ---------------------------------------------------------------------------------------------
def test_pad_game_to_30_tie_at_top_then_winner(start, data_dir):
    pad_game(data_dir, [])
    ui = start()
    goto(ui, "/pad", ids.SCREEN_PAD)
    ui.wait_text(ids.PAD_TARGET, "Цель: 30 очков")
    ui.wait_text(ids.PAD_ROUND, "Раунд 1")
    # steppers: Лена's unused bonuses + + + − → 2 (checked in the scored cell below)
    # each tap waits until the pad shows it: a tap fired during a redraw can be lost
    for d, shows in ((1, 1), (1, 2), (1, 3), (-1, 2)):
        ui.tap_id(ids.pad_step("unused", 0, d))
        ui.wait_text(ids.PAD_ENTERED, f"Лена 0 + {shows}")
    box = ui.by_id(ids.pad_step("unused", 0, 1)).bounding_box()
    assert box["width"] >= 48 and box["height"] >= 48, box

    set_number(ui, ids.pad_field("pearls", 0), 10, "Лена 10 + 2")
    enter_round(ui, {1: (8, 0), 2: (5, 3)}, entered={0: (10, 2)})
    ui.wait_text(ids.PAD_ROUND, "Раунд 2")
    ui.wait_text(ids.PAD_ENTERED, "Лена 0 + 0")  # a new round starts empty
    assert [ui.read(ids.pad_cell(1, s)) for s in range(3)] == ["11", "8", "6"]
    assert totals(ui) == ["11", "8", "6"]
    ui.wait_text(ids.NOTICE, "Раунд 1: Лена 11, Тёма 8, Оля 6")

    enter_round(ui, {0: (9, 0), 1: (12, 1), 2: (4, 0)})
    ui.wait_text(ids.PAD_ROUND, "Раунд 3")
    assert totals(ui) == ["20", "20", "10"]

    # round 3: Лена and Тёма both reach 30 — a tie at the top: no winner, one more round
    enter_round(ui, {0: (10, 0), 1: (10, 0), 2: (3, 0)})
    ui.wait_text(ids.PAD_ROUND, "Раунд 4")
    assert totals(ui) == ["30", "30", "13"]
    ui.wait_text(ids.PAD_TIE, "Лена, Тёма")
    assert ui.page.locator(ui.sel(ids.PAD_WINNER)).count() == 0
    assert ui.page.locator(ui.sel(ids.PAD_FINISH)).count() == 0

    enter_round(ui, {0: (2, 0), 1: (1, 0), 2: (0, 0)})
    ui.wait_text(ids.PAD_WINNER, "Лена")
    assert totals(ui) == ["32", "31", "13"]
    assert ui.page.locator(ui.sel(ids.PAD_TIE)).count() == 0
    assert ui.page.locator(ui.sel(ids.PAD_ROUND)).count() == 0

    # undo takes the last round back (and the winner with it); redo restores both
    ui.tap_id(ids.PAD_UNDO)
    ui.wait_text(ids.PAD_ROUND, "Раунд 4")
    assert ui.page.locator(ui.sel(ids.PAD_WINNER)).count() == 0
    ui.tap_id(ids.PAD_REDO)
    ui.wait_text(ids.PAD_WINNER, "Лена")

    ui.tap_id(ids.PAD_FINISH)
    ui.wait_id(ids.SCREEN_STATS)
    ui.wait_text(ids.stats_value("Лена", "wins"), "1")
    assert ui.read(ids.stats_value("Тёма", "wins")) == "0"
    assert ui.read(ids.stats_value("Лена", "best")) == "11"
    arch = archived(data_dir)
    assert len(arch) == 1 and arch[0]["status"] == "finished" and arch[0]["summary"]["winner"] == "Лена"


# ---------------------------------------------------------------------------------------------
# history
# ---------------------------------------------------------------------------------------------
ROUNDS = [{"Лена": (10, 2), "Тёма": (8, 0), "Оля": (5, 3)},
          {"Лена": (9, 0), "Тёма": (12, 1), "Оля": (4, 0)},
          {"Лена": (10, 0), "Тёма": (10, 0), "Оля": (3, 0)},
          {"Лена": (2, 0), "Тёма": (1, 0), "Оля": (0, 0)}]


def test_history_undo_redo_and_correct_a_tallied_round(start, data_dir):
    pad_game(data_dir, ROUNDS)
    ui = start()
    goto(ui, "/history", ids.SCREEN_HISTORY)
    ui.wait_text(ids.hist_entry(0), "Подсчёт раунда")
    assert "Лена: 11 (10 + 2)" in ui.read(ids.hist_entry(0))
    assert ui.page.locator('[flt-semantics-identifier^="history-entry-"]').count() == 4
    ui.wait_text(ids.HIST_VIOLATIONS, ru("No rule was broken."))

    ui.tap_id(ids.HIST_UNDO)
    ui.page.wait_for_selector(ui.sel(ids.hist_entry(3)), state="detached")
    ui.tap_id(ids.HIST_REDO)
    ui.wait_text(ids.hist_entry(3), "Лена: 2 (2 + 0)")

    # correct round 1: Лена had 5 pearls, not 10 → Тёма now wins after round 3, round 4 is extra
    ui.tap_id(ids.hist_entry(0))
    ui.wait_id("edit-pearls-0")
    ui.fill("edit-pearls-0", "5")
    ui.tap_id(ids.HIST_EDIT_SAVE)
    ui.wait_text(ids.HIST_CHANGES, "Раунд 1: у игрока Лена теперь 6 (было: 11)")
    changes = ui.read(ids.HIST_CHANGES)
    assert "Итого у игрока Лена: теперь 27 (было: 32)" in changes, changes
    assert "Победитель теперь: Тёма" in changes, changes
    assert "R-END" in changes, changes
    ui.wait_text(ids.HIST_VIOLATIONS, "R-END")
    ui.wait_text(ids.hist_entry(0), "Лена: 6 (5 + 2)")
    ui.tap_id(f"{ids.HIST_CHANGES}-close")
    ui.page.wait_for_selector(ui.sel(ids.HIST_CHANGES), state="detached")


def test_history_of_a_full_game_corrects_a_past_trick(start, data_dir, tmp_path):
    # the first round of the finished example, trick by trick (start, plays, rewards…)
    s = full_game(data_dir, "four-players-finished.json", 24)
    entries = s.entries()
    plays = [e for e in entries if e["action"]["type"] == "play" and e["trick"] == 1]
    # find (in a scratch copy) a correction of trick 1 that changes who takes it
    scratch = tmp_path / "scratch"
    shutil.copytree(data_dir, scratch)
    sc = Session(Store.open(scratch))
    pick = None
    for e in plays:
        for cid in ("orca-9", "narwhal-9", "blue-9", "sperm-9", "orca-1", "narwhal-1", "blue-1", "sperm-1"):
            if cid == e["action"]["card"] or sc.game.check_edit(e["index"], {**e["action"], "card": cid}):
                continue  # a card already in the round is refused (R-COMP, issue 19 §5b)
            out = sc.edit(e["index"], {**e["action"], "card": cid})
            if out.notice and any(c.key == "trick-winner" and c.params["trick"] == 1 for c in out.notice.changes):
                pick = (e, cid, next(c for c in out.notice.changes if c.key == "trick-winner"))
                break
            sc.edit(e["index"], e["action"])
        if pick:
            break
    assert pick, "no correction of trick 1 changes its winner"
    e, cid, change = pick
    ui = start()
    goto(ui, "/history", ids.SCREEN_HISTORY)
    ui.wait_text(ids.hist_entry(0), "Раунд 1: козырь")
    ui.wait_text(ids.hist_entry(e["index"]), e["action"]["player"])
    reward = next(x for x in entries if x["action"]["type"] == "reward")
    assert " берёт «" in ui.read(ids.hist_entry(reward["index"]))  # who took the reward (issue 19 §5g)
    assert "+" in ui.read(ids.hist_entry(reward["index"]))
    ui.tap_id(ids.hist_entry(e["index"]))
    ui.wait_id("history-pick-card-5")
    fam = cid.split("-")[0]
    if ui.page.locator(ui.sel(f"history-pick-family-{fam}")).count():
        ui.tap_id(f"history-pick-family-{fam}")
    ui.tap_id(f"history-pick-card-{cid}")
    ui.wait_text(ids.HIST_CHANGES, f"сейчас её берёт {change.params['new']}")
    ui.shot("history-full-phone-light")


def test_export_and_import(start, data_dir):
    pad_game(data_dir, ROUNDS[:2])
    ui = start()
    goto(ui, "/history", ids.SCREEN_HISTORY)
    ui.wait_text(ids.hist_entry(1), "Лена: 9 (9 + 0)")
    # export: a browser download of a valid record
    with ui.page.expect_download() as dl:
        ui.tap_id(f"{ids.HIST_EXPORT}-save")
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    rec = read_record(text)
    assert list(rec.players) == PLAYERS and len(rec.rounds) == 2
    ui.wait_text(ids.NOTICE, dl.value.suggested_filename)
    # copy: the same record on the clipboard
    ui.tap_id(f"{ids.HIST_EXPORT}-copy")
    ui.wait_text(ids.NOTICE, "скопирована")
    assert read_record(ui.page.evaluate("navigator.clipboard.readText()")).players == rec.players
    ui.tap_id(ids.NOTICE_CLOSE)
    ui.page.wait_for_selector(ui.sel(ids.NOTICE), state="detached")

    before = archived(data_dir)
    # a malformed file: a clear message, nothing changed
    bad = data_dir.parent / "broken.json"
    bad.write_text('{"format": "kozyrnye-kity/1", "players": ["А"]', encoding="utf-8")
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    fc.value.set_files(str(bad))
    ui.wait_text(ids.IMPORT_RESULT, "ничего не изменено")
    assert "JSON" in ui.read(ids.IMPORT_RESULT)
    # a file larger than any record (here 20 MiB, over the 16 MiB a websocket message may carry):
    # refused with the reason before it is sent; the app stays connected
    huge = data_dir.parent / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(20 * 2**20)
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    fc.value.set_files(str(huge))
    ui.wait_text(ids.IMPORT_RESULT, "слишком большой")
    assert "20.0" in ui.read(ids.IMPORT_RESULT) and "Ничего не отправлено" in ui.read(ids.IMPORT_RESULT)
    # pasted text with a wrong format: the engine's reason
    ui.fill(ids.IMPORT_TEXT, '{"format": "chess/1"}')
    ui.wait_enabled(ids.IMPORT_GO)  # the pasted text has reached the app
    ui.tap_id(ids.IMPORT_GO)
    ui.wait_text(ids.IMPORT_RESULT, "kozyrnye-kity/1")
    assert archived(data_dir) == before
    # the example with a revoke: imported, the revoke reported with its rules
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    fc.value.set_files(str(EXAMPLES / "revoke.json"))
    ui.wait_text(ids.IMPORT_RESULT, "добавлена в историю")
    ui.wait_text(ids.IMPORT_VIOLATIONS, "RUL-REVOKE")
    assert "R-TRICK-2" in ui.read(ids.IMPORT_VIOLATIONS)
    assert len(archived(data_dir)) == len(before) + 1
    # the current game is untouched
    ui.wait_text(ids.hist_entry(1), "Лена: 9 (9 + 0)")


# ---------------------------------------------------------------------------------------------
# statistics
# ---------------------------------------------------------------------------------------------
def seed_archive(data: Path):
    pad_game(data, ROUNDS, finish=True)  # Лена wins
    pad_game(data, [{"Лена": (3, 0), "Тёма": (20, 2), "Оля": (10, 0)},
                    {"Лена": (5, 1), "Тёма": (11, 0), "Оля": (2, 4)}], finish=True)  # Тёма wins
    s = pad_game(data, [{"Лена": (1, 0), "Тёма": (2, 0)}], players=["Лена", "Тёма"])
    assert s.abandon().ok
    assert s.archive.import_record((EXAMPLES / "revoke.json").read_text(encoding="utf-8")).ok


def test_statistics_of_a_seeded_archive(start, data_dir):
    seed_archive(data_dir)
    expected = player_stats(Store.open(data_dir).archived())
    ui = start(TABLET)
    ui.tap_id(ids.HOME_STATS)
    ui.wait_id(ids.SCREEN_STATS)
    for name, e in expected.items():
        ui.wait_text(ids.stats_value(name, "games"), str(e["games"]))
        assert ui.read(ids.stats_value(name, "wins")) == str(e["wins"])
        assert ui.read(ids.stats_value(name, "best")) == str(e["best_round"])
        assert ui.read(ids.stats_value(name, "avg")) == f"{e['avg_round_points']:.1f}".replace(".", ",")
        assert ui.read(ids.stats_value(name, "revokes")) == str(e["revokes"])
    assert expected["Лена"] == {**expected["Лена"], "games": 3, "wins": 1}
    assert any(e["revokes"] for e in expected.values())
    rows = ui.page.locator('[flt-semantics-identifier^="stats-game-"]')
    assert rows.count() == 4
    assert "Победитель: Тёма" in ui.read(ids.stats_game(2))
    ui.shot("stats-list-tablet-light")
    # one game: its race chart and its record
    ui.tap_id(ids.stats_game(1))
    ui.wait_text(ids.STATS_DETAIL, "Игра 1")
    ui.wait_id(ids.STATS_CHART)
    assert "Лена: 32" in ui.read(ids.STATS_CHART)
    with ui.page.expect_download() as dl:
        ui.tap_id(f"{ids.STATS_EXPORT}-save")
    rec = read_record(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert list(rec.players) == PLAYERS and len(rec.rounds) == 4
    ui.tap_id(ids.STATS_BACK)
    ui.wait_id(ids.STATS_PLAYERS)


def test_statistics_empty_and_in_english(start, data_dir):
    Store.open(data_dir).set_setting("language", "en")
    ui = start()
    ui.tap_id(ids.HOME_STATS)
    ui.wait_text(ids.STATS_EMPTY, "No games are kept yet")
    goto(ui, "/pad", ids.SCREEN_PAD)
    ui.wait_text(ids.PAD_EMPTY, "No game is kept on the score pad now")


# ---------------------------------------------------------------------------------------------
# screenshots (KITY_SCREENSHOTS=1)
# ---------------------------------------------------------------------------------------------
@pytest.mark.skipif(os.environ.get("KITY_SCREENSHOTS") != "1", reason="set KITY_SCREENSHOTS=1 to refresh docs/screenshots")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_screenshots(start, data_dir, size, scheme):
    seed_archive(data_dir)
    pad_game(data_dir, ROUNDS[:3])  # the current game: a tie at 30, round 4 to enter
    ui = start(PHONE if size == "phone" else TABLET, scheme)
    tag = f"{size}-{scheme}"
    goto(ui, "/pad", ids.SCREEN_PAD)
    ui.wait_text(ids.PAD_ROUND, "Раунд 4")
    ui.fill(ids.pad_field("pearls", 0), "2")
    ui.shot(f"pad-{tag}", keep=True)
    enter_round(ui, {0: (2, 0), 1: (1, 0), 2: (0, 0)})
    ui.wait_id(ids.PAD_WINNER)
    ui.page.mouse.wheel(0, 2000)
    ui.shot(f"pad-winner-{tag}", keep=True)
    ui.tap_id(ids.PAD_HISTORY)
    ui.wait_id(ids.SCREEN_HISTORY)
    ui.wait_id(ids.hist_entry(3))
    ui.tap_id(ids.hist_entry(0))
    ui.wait_id("edit-pearls-0")
    ui.shot(f"history-edit-{tag}", keep=True)
    ui.fill("edit-pearls-0", "5")
    ui.tap_id(ids.HIST_EDIT_SAVE)
    ui.wait_id(ids.HIST_CHANGES)
    ui.shot(f"history-{tag}", keep=True)
    goto(ui, "/stats", ids.SCREEN_STATS)
    ui.wait_id(ids.STATS_PLAYERS)
    ui.shot(f"stats-{tag}", keep=True)
    ui.tap_id(ids.stats_game(1))
    ui.wait_id(ids.STATS_CHART)
    ui.shot(f"stats-game-{tag}", keep=True, settle_ms=1500)
    ui.tap_id(ids.STATS_BACK)
    ui.wait_id(ids.STATS_PLAYERS)
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    fc.value.set_files(str(EXAMPLES / "revoke.json"))
    ui.wait_id(ids.IMPORT_VIOLATIONS)
    ui.by_id(ids.IMPORT_RESULT).scroll_into_view_if_needed()
    ui.shot(f"stats-import-{tag}", keep=True)
