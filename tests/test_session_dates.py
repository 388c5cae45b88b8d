"""Dates of games (issue «At the table», point 9): the app's clock, never the engine's.
The session takes a clock; the times go into the archive's summary and the record as the
optional fields ``started`` / ``ended``; imports keep them; the screens show them with Babel."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from companion.ui.session import Session
from companion.store.repository import Store
from companion.widgets.when import game_when
from engine.kozyrnye_kity import read_record

MSK = timezone(timedelta(hours=3))


class Clock:
    def __init__(self):
        self.now = datetime(2026, 11, 23, 19, 5, 0, tzinfo=MSK)

    def __call__(self):
        return self.now


def test_a_finished_game_keeps_when_it_started_and_ended(tmp_path):
    clock = Clock()
    s = Session(Store.open(tmp_path), clock=clock)
    assert s.new_game(["Лена", "Миша"], target=5, mode="pad").ok
    assert s.started == "2026-11-23T19:05:00+03:00"
    clock.now += timedelta(minutes=70)
    assert s.game.tally_round({"Лена": (6, 0), "Миша": (1, 0)}).ok
    assert s.finish().ok
    row = s.archive.archived()[0]
    assert row["summary"]["started"] == "2026-11-23T19:05:00+03:00"
    assert row["summary"]["ended"] == "2026-11-23T20:15:00+03:00"
    record = json.loads(s.archive.export_archived(row["game_id"]))
    assert (record["started"], record["ended"]) == ("2026-11-23T19:05:00+03:00", "2026-11-23T20:15:00+03:00")
    assert read_record(json.dumps(record)).extra["ended"] == "2026-11-23T20:15:00+03:00"  # a valid record


def test_import_keeps_the_times_and_ignores_what_is_not_a_time(tmp_path):
    s = Session(Store.open(tmp_path))
    doc = {"format": "kozyrnye-kity/1", "players": ["A", "B"], "target": 5,
           "rounds": [{"tally": {"A": {"pearls": 6, "unused_bonuses": 0}, "B": {"pearls": 0, "unused_bonuses": 0}}}],
           "started": "2026-01-02T10:00:00+01:00", "ended": "yesterday"}
    assert s.archive.import_record(json.dumps(doc)).ok
    summary = s.archive.archived()[0]["summary"]
    assert summary["started"] == "2026-01-02T10:00:00+01:00" and "ended" not in summary


def test_the_screens_show_date_and_length_in_both_languages():
    times = {"started": "2026-11-23T19:05:00+03:00", "ended": "2026-11-23T20:15:00+03:00"}
    assert game_when(times, "ru") == "23 нояб. 2026, 19:05 · 70 минут"
    assert game_when(times, "en") == "23 Nov 2026, 19:05 · 70 minutes"
    assert game_when({"started": times["started"]}, "ru") == "23 нояб. 2026, 19:05"
    assert game_when({}, "ru") == "" and game_when({"started": "not a time"}, "en") == ""
