"""Hostile files in the phone edition (issue 43): each imported with «Выбрать файл» in the browser
(Pyodide: the whole app in the page, no server) is refused within a second with a clear message,
and the app lives on — the history and statistics still open, nothing was filed.

* a JSON nested 10,000 deep: before, it killed the browser's Python («Maximum call stack size
  exceeded»: the app gone until a reload) — now refused unparsed (the engine's depth pre-scan);
* a «Вжух!» record whose points are a 4,000-digit number: before, it was filed, and «История и
  статистика» failed on every visit (OverflowError) — now refused (N-VZ-RECORD-LIMIT, VZ-CHECK);
* a 5 MiB file (over the 4 MiB of any record): refused by its size. In the phone edition Flet's
  web FilePicker hands over the bytes together with the size, so they are still copied to Python
  first: its time is printed, bounded only by a hang guard (not yet within a second).

One phone, one app start, the three files in sequence. The time of each answer is printed and
bounded generously (a hang guard, not a speed test: the figures are in the printed line).
"""
from __future__ import annotations

import json
import time

import pytest

from companion import ids

from .phone import Phone

pytestmark = pytest.mark.e2e

ANSWER_MS = 10_000  # a hang guard (the figures are printed)
# The oversize file: Flet's web FilePicker hands over the bytes with the size (with_data), so the
# browser still copies them to Python before the refusal; a guard only (see the closing note).
BIG_MS = 60_000


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
    with big.open("wb") as f:  # 5 MiB of a valid-looking record's text: over the 4 MiB of any record
        f.write(b'{"format": "vzhuh/1", "note": "')
        f.write(b"x" * (5 * 1024 * 1024))
        f.write(b'"}')
    return deep, huge, big


def test_hostile_files_are_refused_within_a_second_and_the_history_lives_on(pw, site, tmp_path, request):
    deep, huge, big = _files(tmp_path)
    phone = Phone(pw, site, tmp_path / "profile", request)
    ui = phone.open()
    try:
        ui.tap_id(ids.HOME_STATS)
        ui.wait_id(ids.SCREEN_STATS)
        ui.wait_id(ids.STATS_EMPTY)
        figures = {}
        for name, path, words in (("deep", deep, "вложенность глубже 100 уровней"),
                                  ("huge", huge, "не больше 90000 (VZ-CHECK, N-VZ-RECORD-LIMIT)"),
                                  ("big", big, "слишком большой")):
            with ui.page.expect_file_chooser() as fc:
                ui.tap_id(ids.IMPORT_PICK)
            t0 = time.perf_counter()
            fc.value.set_files(str(path))
            ui.wait_text(ids.IMPORT_RESULT, words, timeout=BIG_MS if name == "big" else ANSWER_MS)
            figures[name] = time.perf_counter() - t0
            text = ui.read(ids.IMPORT_RESULT)
            assert text.startswith("Не загружено, ничего не изменено"), text
            if name == "deep":
                ui.shot("phone-files-deep-refused", keep=True)
        print("phone edition, hostile files answered in " + ", ".join(f"{k} {v:.2f} s" for k, v in figures.items()))
        # the app lives: after a reload the history opens again, nothing was filed
        phone.load(ui, reload=True)
        ui.tap_id(ids.HOME_STATS)
        ui.wait_id(ids.STATS_EMPTY)
        assert phone.left_origin == []
    finally:
        phone.close(ui)
