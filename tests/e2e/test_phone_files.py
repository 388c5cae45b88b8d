"""Hostile files in the phone edition (issue 43): each imported with «Выбрать файл» in the browser
(Pyodide: the whole app in the page, no server) is refused within a second with a clear message,
and the app lives on — the history and statistics still open, nothing was filed.

* a JSON nested 10,000 deep: before, it killed the browser's Python («Maximum call stack size
  exceeded»: the app gone until a reload) — now refused unparsed (the engine's depth pre-scan);
* a «Вжух!» record whose points are a 4,000-digit number: before, it was filed, and «История и
  статистика» failed on every visit (OverflowError) — now refused (N-VZ-RECORD-LIMIT, VZ-CHECK);
* a 20 MB file: before, the screen froze for seconds while the browser handed every byte to
  Python before the size refusal — now the picker gives the size alone and the file is refused
  unread; a file within the limit is then sent by the page to the app's service worker and read
  from its cache (a real record goes in last, through that path).

One phone, one app start, the three files in sequence. The time of each answer is printed and
bounded generously (a hang guard, not a speed test: the figures are in the printed line).
"""
from __future__ import annotations

import json
import time

import pytest

from companion.base import ids

from .phone import Phone

pytestmark = pytest.mark.e2e

ANSWER_MS = 10_000  # a hang guard (the figures are printed)


def _record(folder):
    ok = folder / "whales-ok.json"  # a whale game's tallied round: listed in the statistics the screen opens on
    ok.write_text(json.dumps({"format": "kozyrnye-kity/1", "players": ["Аня", "Боря"], "rounds": [
        {"tally": {"Аня": {"pearls": 5, "unused_bonuses": 0}, "Боря": {"pearls": 3, "unused_bonuses": 1}}}]},
        ensure_ascii=False), encoding="utf-8")
    return ok


def pick(ui, path, words: str, timeout: float = ANSWER_MS) -> float:
    """A file picked on the import screen (the phone's chooser): seconds until ``words`` show in
    the import's result."""
    with ui.page.expect_file_chooser() as fc:
        ui.tap_id(ids.IMPORT_PICK)
    t0 = time.perf_counter()
    fc.value.set_files(str(path))
    ui.wait_text(ids.IMPORT_RESULT, words, timeout=timeout)
    return time.perf_counter() - t0


def _files(folder):
    deep = folder / "deep.json"
    deep.write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    huge = folder / "vzhuh-huge.json"
    huge.write_text(json.dumps({
        "format": "vzhuh/1", "players": ["Аня", "Боря"], "first": "Аня",
        "parties": [{"penalties": {"Аня": {"points": 0}, "Боря": {"points": 0}}}],
    }, ensure_ascii=False).replace('"Аня": {"points": 0}', '"Аня": {"points": ' + "9" * 4000 + "}"),
        encoding="utf-8")
    big = folder / "big.json"
    with big.open("wb") as f:  # 20 MB of a valid-looking record's text: over the 4 MiB of any record
        f.write(b'{"format": "vzhuh/1", "note": "')
        f.write(b"x" * (20 * 1024 * 1024))
        f.write(b'"}')
    return deep, huge, big


def test_hostile_files_are_refused_within_a_second_and_the_history_lives_on(pw, site, tmp_path, request):
    deep, huge, big = _files(tmp_path)
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        # the app's service worker in control (it receives a picked file within the limit)
        ui.page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                                  timeout=60_000)
        ui.tap_id(ids.HOME_STATS)
        ui.wait_id(ids.SCREEN_STATS)
        ui.wait_id(ids.STATS_EMPTY)
        figures = {}
        for name, path, words in (("deep", deep, "вложенность глубже 100 уровней"),
                                  ("huge", huge, "не больше 90000 (VZ-CHECK, N-VZ-RECORD-LIMIT)"),
                                  ("big", big, "слишком большой")):
            figures[name] = pick(ui, path, words)
            text = ui.read(ids.IMPORT_RESULT)
            assert text.startswith("Не загружено, ничего не изменено"), text
            if name == "deep":
                ui.shot("phone-files-deep-refused", keep=True)
        # nothing was filed: the history is still empty; a real record goes in (read through the
        # service worker) and is listed
        assert ui.page.locator(ui.sel(ids.STATS_EMPTY)).count() == 1
        with ui.page.expect_file_chooser() as fc:
            ui.tap_id(ids.IMPORT_PICK)
        t0 = time.perf_counter()
        fc.value.set_files(str(_record(tmp_path)))
        ui.wait_text(ids.IMPORT_RESULT, "добавлена в историю", timeout=ANSWER_MS)
        figures["record"] = time.perf_counter() - t0
        print("phone edition, imports answered in " + ", ".join(f"{k} {v:.2f} s" for k, v in figures.items()))
        ui.wait_id(ids.STATS_PLAYERS)
        ui.shot("phone-files-after", keep=True)
        assert phone.left_origin == []
    finally:
        phone.close(ui)
