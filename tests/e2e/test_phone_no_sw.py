"""Issue 53, holes beside it, in the phone edition opened as a phone of the table's Wi-Fi sees a
computer: plain http under a LAN name — not a secure context, so no service worker and no Cache
API. One phone, one start:

* Home tells a new user once where the games are kept and how to keep them, without pushing
  Home's main keys (a new game, the rules, invite, join) off a 412×915 screen; answered, it is
  not said again after a reload.
* «Выбрать файл»: before, the first pick of any file was refused («Файл пока не удалось
  прочитать здесь…»: only the service worker took the upload), and the next pick of a 60 MB file
  froze the page 20 s before the size refusal, which said «Ничего не отправлено» though it was.
  Now the first pick is read (the page hands the picked file to Python's worker unread, and would
  answer an upload itself: companion/web/file-import.js), and a file too large — a record, an archive — is refused from its size alone, at once.
"""
from __future__ import annotations

import json
import time

import pytest

from companion.base import ids

from .phone import Phone
from .test_below_fold import off_screen
from .test_phone_files import _record, pick

pytestmark = pytest.mark.e2e

REFUSED_MS = 3_000   # the size refusal: no byte is read (before: 7.6 s for 20 MB, 20.5 s for 60 MB)
ANSWER_MS = 10_000   # a hang guard for a record read and filed
# Home's main keys: those of the start of an evening, on the screen without scrolling
# (screens/home.py; Home has more keys than a phone's height, «История и статистика» is below)
MAIN_KEYS = (ids.HOME_NEW, ids.HOME_RULES, ids.HOME_INVITE, ids.HOME_JOIN)


MANY = 2000  # games in a valid archive: taken in over several steps (at 300, in 0.3 s: the bar was seen in 2 runs of 3)
# every text the import's bar shows, as the page draws it (a step may be shown for one frame)
WATCH_BAR = """() => { window.__bar = [];
  new MutationObserver(() => { for (const e of document.querySelectorAll('[flt-semantics-identifier="import-progress"]')) {
    const said = e.getAttribute('aria-label') || e.textContent || '';
    if (said && !window.__bar.includes(said)) window.__bar.push(said); } })
  .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true}); }"""
# every upload the web client starts to the page's own «/kity-import/» (companion/web/file-import.js)
SPY_UPLOADS = """() => { window.__uploads = [];
  const seen = u => { if (String(u).includes('/kity-import/')) window.__uploads.push(String(u)); };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (m, u) { seen(u); return open.apply(this, arguments); };
  const get = window.fetch;
  window.fetch = function (i, init) { seen(i && i.url ? i.url : i); return get.apply(this, arguments); }; }"""


def _archive(n: int) -> dict:
    """An archive of ``n`` finished two-player games, as the app's own export writes one (a
    game's summary, no moves: the league's seeds in tests/e2e/test_league.py)."""
    summary = {"players": ["Аня", "Боря"], "rounds": [[10, 3]], "totals": [10, 3], "winner": "Аня",
               "ended": "2026-11-20T21:00:00+03:00"}
    return {"format": "kity-archive/1", "people": [], "games": [
        {"game_id": f"many{i:04d}", "seq": i + 1, "status": "finished", "meta": {"players": ["Аня", "Боря"]},
         "actions": [], "redo": [], "record": None, "summary": summary} for i in range(n)]}


def _big(path, mb: int):
    with path.open("wb") as f:  # a valid-looking record's text, far over any bound
        f.write(b'{"format": "vzhuh/1", "note": "')
        f.write(b"x" * (mb * 1024 * 1024))
        f.write(b'"}')
    return path


def test_a_phone_on_plain_http_under_a_lan_name(pw, site, tmp_path, request):
    phone = Phone(pw, site, tmp_path / "profile", request, lan_name="kity.lan")
    ui = phone.open()
    try:
        assert ui.page.evaluate("() => [window.isSecureContext, 'serviceWorker' in navigator, 'caches' in self]") \
            == [False, False, False]
        # where the games are kept: said once, big, with Home's main keys still on the screen
        ui.wait_id(ids.HOME_WHERE)
        box = ui.by_id(ids.HOME_WHERE)  # the whole box: its keys' words, and its own words as its label
        said = (box.get_attribute("aria-label") or "") + (box.text_content() or "")
        assert "Только в этом браузере на этом телефоне" in said and "«Настройки» → «Сохранить архив»" in said, said
        for ident in MAIN_KEYS + (ids.HOME_WHERE + "-ok", ids.HOME_WHERE + "-settings"):
            assert off_screen(ui, ident) == [], f"{ident} is below the fold"
        key = ui.by_id(ids.HOME_WHERE + "-ok").bounding_box()
        assert key["height"] >= 44, key
        ui.shot("phone-home-where-games-are-kept", keep=True)
        ui.tap_id(ids.HOME_WHERE + "-ok")
        ui.page.wait_for_selector(ui.sel(ids.HOME_WHERE), state="detached")
        Phone.load(ui, reload=True)
        ui.wait_id(ids.HOME_NEW)
        assert ui.page.locator(ui.sel(ids.HOME_WHERE)).count() == 0  # answered: not said again

        ui.tap_id(ids.HOME_STATS)
        ui.wait_id(ids.SCREEN_STATS)
        ui.wait_id(ids.STATS_EMPTY)
        figures = {}
        ui.page.evaluate(SPY_UPLOADS)
        # the first pick of this phone: read and filed
        figures["record"] = pick(ui, _record(tmp_path), "добавлена в историю", ANSWER_MS)
        ui.wait_id(ids.STATS_PLAYERS)
        # too large: refused from the size alone, as a record and as an archive
        archive = tmp_path / "kity-archive_2026-11-29.json"
        for name, path, words in (("60 MB record", _big(tmp_path / "big.json", 60), "для записи игры (60.0 МБ"),
                                  ("40 MB archive", _big(archive, 40), "для архива игр (40.0 МБ")):
            figures[name] = pick(ui, path, words, ANSWER_MS)
            text = ui.read(ids.IMPORT_RESULT)
            assert text.startswith("Не загружено, ничего не изменено") and "Ничего не отправлено" in text, text
        print("phone on plain http, no service worker: answered in "
              + ", ".join(f"{k} {v:.2f} s" for k, v in figures.items()))
        assert figures["60 MB record"] * 1000 < REFUSED_MS and figures["40 MB archive"] * 1000 < REFUSED_MS, figures
        # the app lives on: the statistics still list the record filed first
        assert ui.page.locator(ui.sel(ids.STATS_EMPTY)).count() == 0
        # an archive of many games: its bar moves while it is taken in (the phone edition holds
        # the screen while a copy to IndexedDB runs: each step's games are copied before the bar
        # moves on), then the games are all there (issue 53)
        many = tmp_path / "kity-archive_2026-11-30.json"
        many.write_text(json.dumps(_archive(MANY), ensure_ascii=False), encoding="utf-8")
        ui.page.evaluate(WATCH_BAR)
        with ui.page.expect_file_chooser() as fc:
            ui.tap_id(ids.IMPORT_PICK)
        t0 = time.perf_counter()
        fc.value.set_files(str(many))
        ui.wait_text(ids.IMPORT_RESULT, f"новых игр {MANY}, уже сохранённых или нечитаемых 0", timeout=120_000)
        shown = ui.page.evaluate("() => window.__bar")
        print(f"phone on plain http: {MANY} games taken in from an archive in {time.perf_counter() - t0:.1f} s; "
              f"the bar said {shown!r}")
        # the bar moved: it said games done of games before the end
        assert any(f"из {MANY}" in said and not said.endswith(f"{MANY} из {MANY}") for said in shown), shown
        # each file was read from the handle the page gave, in Python's worker: the web client
        # never uploaded one (its upload copied the bytes one at a time on the screen's thread)
        assert ui.page.evaluate("() => window.__uploads") == []
        assert json.dumps(phone.left_origin) == "[]"
    finally:
        phone.close(ui)
