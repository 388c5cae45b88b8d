"""Issue 43 in a real browser at 412×915: every running game hands out its record from its menu
(⋮ in the app bar), the whale round end links to the game's history and hands out the record
before the next round; the file is named by the one scheme (game, date, players); and no text
of the statistics or the history screens is cut, in Russian or in English.

Cut text is read from the accessibility tree: Flutter web sizes each text's node to the text as
laid out, and draws its words in a <span> of the browser's own font, scaled to that box. The
span's own width and height (before scaling) give the text's width at the node's height; a text
whose box is narrower than that on every line it can have is cut (an ellipsis, or a title the
app bar cuts). See :func:`cut_texts`."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.base import ids
from companion.kalmar import ids as kl
from companion.royal_mastheads import ids as rm
from companion.ui.session import Session
from companion.store.repository import Store
from companion.vzhuh import ids as vz
from companion.vzhuh.view import penalty_json
from engine.core.games import read_any
from engine.kozyrnye_kity import read_record, record_actions
from engine.kozyrnye_kity.record import action_to_json

from .conftest import PHONE, REPO, TABLET, UI, settled
from .test_pad_history_stats import data_dir, goto, learn_deck, start  # noqa: F401 — the seeded server's fixtures

pytestmark = pytest.mark.e2e

EXAMPLES = REPO / "assets" / "examples"
P = ["Аня", "Боря", "Вика"]
NAME = re.compile(r"^(?P<game>[a-z-]+)_(?P<date>\d{4}-\d\d-\d\d)_(?P<players>[a-z0-9-]+)\.json$")

# ---------------------------------------------------------------------------------------------
# cut text
# ---------------------------------------------------------------------------------------------
TEXTS_JS = """() => [...document.querySelectorAll('flt-semantics > span')].map(sp => {
  const e = sp.parentElement, r = e.getBoundingClientRect();
  return {text: sp.textContent, id: e.getAttribute('flt-semantics-identifier') || '',
          w: parseFloat(e.style.width), h: parseFloat(e.style.height), w0: sp.offsetWidth, h0: sp.offsetHeight,
          x: r.left, y: r.top, on: r.bottom > 0 && r.top < window.innerHeight,
          // a node half scrolled out has its box cut to the part on screen: not measured there
          whole: (r.bottom <= 56 || r.top >= 60) && r.bottom <= window.innerHeight - 2}; })"""
# A text that fits its box on one line fills 0.85–1.0 of it at the span's proportions (measured:
# 0.86–0.98 over every text of the statistics, bold digits to a 22 px title); a text cut by an
# ellipsis to 80 % or less falls below FIT. A box as high as n lines holds n lines' width.
FIT = 0.8
MIN_LINE = 18  # px: one line of the smallest text these screens write (13 px × Material's 1.43)


# What Flutter says to a screen reader over something small that shows other words, or none: a
# text field's counter («0/40» on screen) and an icon's label (a box no wider than it is high).
SPOKEN_ONLY = re.compile(r"^(Осталось \d+\s+символ\w*|\d+ characters? remaining)$")


def spoken_only(t: dict) -> bool:
    return bool(SPOKEN_ONLY.match(t["text"])) or (t["w"] <= 1.1 * t["h"] and len(t["text"]) > 2)


def cut_texts(ui: UI, bar_only: bool = False, texts: list[dict] | None = None) -> list[str]:
    """The texts on screen whose box cannot hold them: for a box ``h`` high, at most
    ``h // MIN_LINE`` lines of it; the text's width on one line at that height is
    ``w0 * h / h0`` (its span's proportions), and n lines hold n widths at 1/n of the height.
    ``texts``: the screen's texts as read already (``TEXTS_JS``)."""
    cut = []
    for t in ui.page.evaluate(TEXTS_JS) if texts is None else texts:
        if not t["whole"] or not t["text"].strip() or t["w0"] <= 0 or t["h0"] <= 0 or t["w"] <= 0 or \
                (bar_only and t["y"] >= 56) or spoken_only(t):
            continue
        fill = t["w"] / (t["w0"] * t["h"] / t["h0"])  # box width / one-line width
        lines = max(1, int(t["h"] // MIN_LINE))
        if fill * lines * lines < FIT:
            cut.append(f"{t['id'] or '?'}: {t['text']!r} ({t['w']:.0f}×{t['h']:.0f}, fill {fill:.2f})")
    return cut


def overlapping_texts(ui: UI, texts: list[dict] | None = None) -> list[str]:
    """Pairs of texts on screen whose boxes overlap (a label grown into the number under it)."""
    boxes = [t for t in (ui.page.evaluate(TEXTS_JS) if texts is None else texts)
             if t["whole"] and t["y"] >= 60 and t["text"].strip()]  # under the bar
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if (a["x"] + 1 < b["x"] + b["w"] and b["x"] + 1 < a["x"] + a["w"]
                    and a["y"] + 1 < b["y"] + b["h"] and b["y"] + 1 < a["y"] + a["h"]):
                out.append(f"{a['text']!r} / {b['text']!r}")
    return out


def _texts(ui: UI) -> tuple[list[dict], list[tuple]]:
    """The screen's texts, and where those on screen stand (what a scroll moves)."""
    texts = ui.page.evaluate(TEXTS_JS)
    return texts, sorted((t["text"], round(t["y"])) for t in texts if t["on"])


def sweep(ui: UI, where: str, scrolls: int = 12) -> list[str]:
    """Scroll through the screen; every cut or overlapping text seen, with where it was. Each
    stop is read once its texts stand still; a scroll that moves nothing is the end."""
    problems: set[str] = set()
    last = None
    ui.page.mouse.move(206, 500)
    for _ in range(scrolls):
        texts, seen = settled(ui, lambda: _texts(ui), last)
        problems.update(f"{where}: cut {c}" for c in cut_texts(ui, texts=texts))
        problems.update(f"{where}: overlap {c}" for c in overlapping_texts(ui, texts=texts))
        if seen == last:
            break
        last = seen
        ui.page.mouse.wheel(0, 600)
    ui.page.mouse.wheel(0, -20000)
    return sorted(problems)


# ---------------------------------------------------------------------------------------------
# seeding (through the session, as the app does)
# ---------------------------------------------------------------------------------------------
def whale(s: Session, until) -> None:
    """The example four-player game, card by card, until ``until(s)`` (the deck facts the
    record gives go into the profile first, as the table asks them)."""
    rec = read_record((EXAMPLES / "kozyrnye-kity" / "four-players-finished.json").read_text(encoding="utf-8"))
    learn_deck(s._store, rec)
    assert s.new_game(list(rec.players), target=rec.effective_target, mode="full").ok
    _, actions = record_actions(rec)
    for _, a in actions:
        assert s.do(action_to_json(a, rec.players)).ok
        if until(s):
            return
    raise AssertionError("the example never came where it was asked to")


def at_the_table(s: Session) -> bool:
    return s.game.route() == "/game" and len(s.log) > 3  # the round set up, a card or two down


def round_over(s: Session) -> bool:
    return s.game.round_over()


def running(s: Session, game: str) -> list[str]:
    """A game of ``game`` in progress with an entry or two; its players. The whale game at its
    table, or ``kozyrnye-kity:setup`` (round 1 to set up) or ``kozyrnye-kity:pad`` (the score pad)."""
    if game == "kozyrnye-kity:setup":
        assert s.new_game(P, target=30, mode="full").ok
        return P
    if game == "kozyrnye-kity:pad":
        assert s.new_game(P, target=30, mode="pad").ok
        assert s.game.tally_round({"Аня": (3, 0), "Боря": (1, 1), "Вика": (0, 0)}).ok  # (pearls, unused bonuses)
        return P
    if game == "vzhuh":
        assert s.new_game(P, game="vzhuh", first="Аня").ok
        assert s.game.record_party({"Аня": penalty_json(points=60), "Боря": penalty_json(points=5),
                                    "Вика": penalty_json(points=0)}).ok
        return P
    if game == "kalmar":
        assert s.new_game(P, game="kalmar", dealer="Вика", first_card="green-5").ok
        assert s.game.play("green-7").ok
        return P
    if game == "royal-mastheads":
        assert s.new_game(P + ["Гоша"], game="royal-mastheads").ok
        return P + ["Гоша"]
    whale(s, at_the_table)
    return list(s.players)


def import_examples(s: Session) -> None:
    """Every example record of every game into the history (imported games count in the statistics)."""
    for path in sorted(EXAMPLES.glob("*/*.json")):
        assert s.archive.import_record(path.read_bytes()).ok, path


def saved_file(ui: UI, tap) -> tuple[str, str]:
    """(suggested name, text) of the download a tap starts."""
    with ui.page.expect_download() as dl:
        tap()
    return dl.value.suggested_filename, Path(dl.value.path()).read_text(encoding="utf-8")


def from_menu(ui: UI, item: str) -> None:
    ui.tap_id(ids.GAME_MENU)
    ui.tap_id(item)


# ---------------------------------------------------------------------------------------------
# export from where you are
# ---------------------------------------------------------------------------------------------
HOME_OF = {"kozyrnye-kity": ids.SCREEN_TABLE, "kozyrnye-kity:setup": ids.SCREEN_SETUP,
           "kozyrnye-kity:pad": ids.SCREEN_PAD, "vzhuh": vz.SCREEN_SCORE, "kalmar": kl.SCREEN_TABLE,
           "royal-mastheads": rm.SCREEN_DEAL}
TRANSLIT = {"Аня": "anya", "Боря": "borya", "Вика": "vika", "Гоша": "gosha",  # by hand, as on a passport
            "Андрей": "andrey", "Тёма": "tyoma", "Лена": "lena", "Женя": "zhenya"}   # the whale example's
TITLE = {"kozyrnye-kity": "«Козырные киты»", "vzhuh": "«Вжух!»", "kalmar": "«Кальмар»",
         "royal-mastheads": "«Королевское наказание»"}


@pytest.mark.parametrize("where", list(HOME_OF))
def test_every_running_game_exports_from_its_menu(start, data_dir, where):
    game = where.split(":")[0]
    s = Session(Store.open(data_dir))
    players = running(s, where)
    started = s.started
    s._store.close()
    ui = start()
    ui.tap_id(ids.HOME_CONTINUE)
    ui.wait_id(HOME_OF[where])
    ui.page.wait_for_timeout(500)
    assert cut_texts(ui, bar_only=True) == []  # the menu leaves the title its room
    ui.tap_id(ids.GAME_MENU)
    ui.wait_id(ids.GAME_MENU_SAVE)
    ui.shot(f"game-menu-{where.replace(':', '-')}-phone", keep=where in ("vzhuh", "kozyrnye-kity:pad"))
    ui.page.keyboard.press("Escape")
    ui.page.wait_for_timeout(300)
    name, text = saved_file(ui, lambda: from_menu(ui, ids.GAME_MENU_SAVE))
    m = NAME.match(name)
    assert m, name
    assert m["game"] == game and m["date"] == started[:10]
    assert m["players"] == "-".join(TRANSLIT[p] for p in players)
    pkg, rec = read_any(text)  # the engine reads it back: the game as it stands
    assert pkg.FORMAT == f"{game}/1" and list(rec.players) == players
    ui.wait_text(ids.NOTICE, name)  # «Запись игры скачана: <name>»
    # the menu also leads to the history and statistics of this kind of game
    from_menu(ui, ids.GAME_MENU_STATS)
    ui.wait_id(ids.SCREEN_STATS)
    ui.wait_text(ids.STATS_GAME_TITLE, TITLE[game])


@pytest.mark.parametrize("game", ["vzhuh", "kalmar"])
def test_the_history_link_is_left_out_on_the_history_only(start, data_dir, game):
    """The bar's link to the history is not drawn on the history itself (its room goes to the
    title), and is there again back at the game."""
    s = Session(Store.open(data_dir))
    running(s, game)
    s._store.close()
    ui = start()
    ui.tap_id(ids.HOME_CONTINUE)
    link, screen_id = {"vzhuh": (vz.HISTORY, vz.SCREEN_HISTORY), "kalmar": (kl.HISTORY, kl.SCREEN_HISTORY)}[game]
    for _ in range(2):
        ui.wait_id(HOME_OF[game])
        ui.tap_id(link)
        ui.wait_id(screen_id)
        ui.page.wait_for_timeout(500)
        assert ui.page.locator(ui.sel(link)).count() == 0
        assert cut_texts(ui, bar_only=True) == []
        ui.back()


def test_the_round_end_links_to_the_history_and_hands_out_the_record(start, data_dir):
    s = Session(Store.open(data_dir))
    whale(s, round_over)
    players = list(s.players)
    s._store.close()
    ui = start()
    ui.tap_id(ids.HOME_CONTINUE)
    ui.wait_id(ids.SCREEN_ROUND_END)
    ui.wait_id(ids.END_NEXT)
    ui.shot("round-end-links-phone", keep=True)
    # the record as it stands, the next round not begun: one round in it
    name, text = saved_file(ui, lambda: ui.tap_id(ids.END_EXPORT))
    assert NAME.match(name) and name.startswith("kozyrnye-kity_")
    rec = read_record(text)
    assert list(rec.players) == players and len(rec.rounds) == 1
    # the menu copies the same record
    ui.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    from_menu(ui, ids.GAME_MENU_COPY)
    ui.wait_text(ids.NOTICE, "скопирована")
    assert json.loads(ui.page.evaluate("navigator.clipboard.readText()")) == json.loads(text)
    # the game's history, and back to the round end (not to the table, not home)
    ui.tap_id(ids.END_HISTORY)
    ui.wait_id(ids.SCREEN_HISTORY)
    ui.wait_id(ids.hist_entry(0))
    ui.back()
    ui.wait_id(ids.END_NEXT)
    ui.page.set_viewport_size(TABLET)
    if ui.page.locator(ui.sel(ids.NOTICE_CLOSE)).count():
        ui.tap_id(ids.NOTICE_CLOSE)
    ui.shot("round-end-links-tablet", keep=True, settle_ms=2500)  # drawn again for the new width first


# ---------------------------------------------------------------------------------------------
# no cut text: the statistics and the history of every game, Russian and English
# ---------------------------------------------------------------------------------------------
HISTORY_OF = {"kozyrnye-kity": ("/game/history", ids.SCREEN_HISTORY), "vzhuh": ("/vzhuh/history", vz.SCREEN_HISTORY),
              "kalmar": ("/kalmar/history", kl.SCREEN_HISTORY),
              "royal-mastheads": ("/royal-mastheads/history", rm.SCREEN_HISTORY)}


def to_english(ui: UI) -> None:
    """On Settings: English chosen, as a person does; the screen says «Settings» then."""
    ui.tap_id(f"{ids.SET_LANG}-en")
    ui.lang = "en"
    ui.wait_text(ids.SCREEN_SETTINGS, "Settings")


@pytest.mark.parametrize("game", ["kozyrnye-kity", "vzhuh", "kalmar", "royal-mastheads"])
def test_no_text_is_cut_in_the_statistics_and_the_history(start, data_dir, game):
    """In Russian, then in English chosen in Settings (one start of the app for both)."""
    store = Store.open(data_dir)
    store.set_setting("language", "ru")
    s = Session(store)
    import_examples(s)
    running(s, game)
    store.close()
    ui = start()
    problems = []
    for lang in ("ru", "en"):
        if lang == "en":
            goto(ui, "/settings", ids.SCREEN_SETTINGS)
            to_english(ui)
        goto(ui, HISTORY_OF[game][0], HISTORY_OF[game][1])
        problems += sweep(ui, f"{lang} {game} history")
        goto(ui, "/stats", ids.SCREEN_STATS)  # the running game's kind
        ui.wait_text(ids.STATS_GAME_TITLE, TITLE[game])
        ui.wait_id(ids.STATS_PLAYERS)
        ui.shot(f"stats-{game}-{lang}-phone", keep=game in ("kozyrnye-kity", "vzhuh"))
        problems += sweep(ui, f"{lang} {game} statistics")
        ui.page.locator('[flt-semantics-identifier^="stats-game-"]').first.click()
        ui.wait_id(ids.STATS_CHART)
        problems += sweep(ui, f"{lang} {game} statistics, one game")
        if game == "kozyrnye-kity":
            ui.page.set_viewport_size(TABLET)
            ui.tap_id(ids.STATS_BACK)
            ui.wait_id(ids.STATS_PLAYERS)
            ui.shot(f"stats-{game}-{lang}-tablet", keep=True)
            ui.page.set_viewport_size(PHONE)
    assert not problems, "\n".join(problems)
