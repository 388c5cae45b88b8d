"""The people of a table (issue 42): the registry kept by the store (profile.json, one atomic
document), rename, merge, names mapped to people, the first start's offer, and the export and
import of the whole archive carrying the people."""
from __future__ import annotations

import json
import os

import pytest

from companion.store.repository import Store
from companion.store.people import PeopleError, valid_people


def reopen(store: Store) -> Store:
    store.close()
    return Store.open(store.root)


def summary(players, totals, winner, game=None, ended="2026-11-20T21:00:00+03:00"):
    out = {"players": list(players), "rounds": [list(totals)], "totals": list(totals), "winner": winner,
           "ended": ended}
    if game:
        out["game"] = game
    return out


def keep(store: Store, players, totals, winner, status="finished", **kw) -> str:
    game = store.start_game({"players": list(players), "target": 5})
    return store.finish_current(game.game_id, 0, {"r": 1}, summary(players, totals, winner, **kw), status)


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "data")
    yield s
    s.close()


def test_a_name_becomes_a_person_once(store):
    a = store.add_person("Аня")
    assert store.add_person("Аня") == a  # same spelling, same person
    b = store.add_person("Боря")
    assert a != b
    assert [p["name"] for p in store.people()] == ["Аня", "Боря"]
    assert store.name_map() == {"Аня": a, "Боря": b}
    # kept across a restart, in profile.json next to the settings
    store = reopen(store)
    assert store.name_map() == {"Аня": a, "Боря": b}
    with open(os.path.join(store.root, "profile.json"), encoding="utf-8") as f:
        assert "Аня" in f.read()


def test_bad_names_are_refused_and_nothing_changes(store):
    store.add_person("Аня")
    for bad in ("", "   ", "a\u202eb", "x" * 500):
        with pytest.raises(PeopleError):
            store.add_person(bad)
    assert [p["name"] for p in store.people()] == ["Аня"]


def test_rename_keeps_the_old_spelling_and_refuses_anothers(store):
    a, b = store.add_person("Аня"), store.add_person("Боря")
    store.rename_person(a, "Анна")
    people = {p["id"]: p for p in store.people()}
    assert people[a]["name"] == "Анна"
    assert set(people[a]["names"]) == {"Аня", "Анна"}  # the kept games say «Аня»: they follow
    with pytest.raises(PeopleError) as e:
        store.rename_person(a, "Боря")
    assert e.value.key == "people.name-taken"
    assert store.name_map()["Боря"] == b


def test_merge_moves_every_spelling_and_refuses_people_who_played_together(store):
    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    keep(store, ["Anya", "Вика"], [2, 9], "Вика")
    assert store.people_from_names() == 4
    m = store.name_map()
    store.merge_people(m["Аня"], m["Anya"])
    m2 = store.name_map()
    assert m2["Anya"] == m2["Аня"] == m["Аня"]
    assert len(store.people()) == 3
    with pytest.raises(PeopleError) as e:  # they sat at one game: two people
        store.merge_people(m["Аня"], m["Боря"])
    assert e.value.key == "people.played-together"
    with pytest.raises(PeopleError):
        store.merge_people(m["Аня"], m["Аня"])
    assert len(store.people()) == 3


def test_an_imported_name_is_asked_once_then_remembered(store):
    a = store.add_person("Аня")
    store.import_game({"players": ["Anya", "Дима"], "imported": True}, [], {"r": 1},
                      summary(["Anya", "Дима"], [5, 1], "Anya"))
    assert store.unmapped_names() == ["Anya", "Дима"]
    store.map_name("Anya", a)
    assert store.unmapped_names() == ["Дима"]
    store = reopen(store)
    assert store.name_map()["Anya"] == a
    with pytest.raises(PeopleError):  # one spelling, one person
        store.map_name("Anya", store.add_person("Дима"))


def test_first_start_offers_the_archives_names_once(store):
    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    keep(store, ["Аня", "Вика"], [10, 3], "Аня")
    store.set_setting("language", "ru")
    assert sorted(store.people_offer()) == ["Аня", "Боря", "Вика"]
    assert store.answer_people_offer(True) == 3
    assert [p["name"] for p in store.people()].count("Аня") == 1  # same spelling, same person
    assert store.people_offer() == []
    store = reopen(store)
    assert store.people_offer() == []


def test_declining_the_offer_is_remembered(store):
    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    assert store.answer_people_offer(False) == 0
    assert store.people() == [] and store.people_offer() == []


def test_a_profile_from_before_reads_unchanged(tmp_path):
    root = tmp_path / "old"
    root.mkdir()
    (root / "profile.json").write_text(json.dumps(
        {"facts": {"1": {"card_id": "c1", "facts": {"x": 1}}}, "settings": {"1": {"key": "k", "value": 2}}}),
        encoding="utf-8")
    s = Store.open(root)
    try:
        assert s.incidents == [] and s.people() == [] and s.settings() == {"k": 2}
        assert s.deck_facts() == {"c1": {"x": 1}}
    finally:
        s.close()


def test_the_registry_shape_is_checked():
    assert valid_people({"people": []})
    good = {"id": "a1", "name": "Аня", "names": ["Аня", "Anya"]}
    assert valid_people({"people": [good]})
    assert not valid_people({"people": [good, dict(good, id="a2", names=["Anya", "X"], name="X")]})
    assert not valid_people({"people": [dict(good, name="Z")]})  # shown name among its spellings
    assert not valid_people({"people": [good, dict(good, names=["B"], name="B")]})  # one id twice
    assert not valid_people({"people": [dict(good, id="../x")]})


def test_export_and_import_of_the_whole_archive_carry_the_people(tmp_path, store):
    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    keep(store, ["Anya", "Вика"], [2, 9], "Вика", status="abandoned")
    store.people_from_names()
    m = store.name_map()
    store.merge_people(m["Аня"], m["Anya"])
    data = json.loads(json.dumps(store.export_archive(), ensure_ascii=False))  # a file's round trip
    assert len(data["games"]) == 2 and len(data["people"]) == 3

    other = Store.open(tmp_path / "new-phone")
    try:
        other.add_person("Вика")  # someone of the same spelling is there already
        assert other.import_archive(data) == (2, 0)
        assert sorted(r["status"] for r in other.archived()) == ["abandoned", "finished"]
        om = other.name_map()
        assert om["Аня"] == om["Anya"] == m["Аня"]  # the merge came along
        assert len(other.people()) == 3
        assert other.import_archive(data) == (0, 2)  # twice: nothing new
        assert len(other.archived()) == 2
    finally:
        other.close()


def test_an_archive_from_before_people_imports_and_bad_games_are_skipped(tmp_path, store):
    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    data = store.export_archive()
    del data["people"]
    data["games"].append({"game_id": "../../evil", "meta": {}, "actions": [], "redo": []})
    data["games"].append("nonsense")
    other = Store.open(tmp_path / "new-phone")
    try:
        assert other.import_archive(data) == (1, 2)
        assert other.people() == [] and other.unmapped_names() == ["Аня", "Боря"]
        with pytest.raises(ValueError):
            other.import_archive({"games": "x"})
        assert len(other.archived()) == 1
    finally:
        other.close()


def test_a_game_finished_at_the_table_makes_its_names_people(tmp_path):
    from companion.ui.session import Session

    s = Session(Store.open(tmp_path / "t"))
    try:
        assert s.new_game(["Аня", "Боря", "Вика"], target=10, mode="pad").ok
        assert s.game.tally_round({"Аня": (11, 0), "Боря": (2, 0), "Вика": (1, 0)}).ok
        assert s.abandon().ok  # a stopped game's players are people too
        assert sorted(p["name"] for p in s.store.people()) == ["Аня", "Боря", "Вика"]
    finally:
        s.store.close()


def test_the_name_chips_offer_each_person_once_by_their_shown_name(store):
    from types import SimpleNamespace

    from companion.widgets.players import known_names

    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    keep(store, ["Anya", "Вика"], [2, 9], "Вика")
    store.people_from_names()
    m = store.name_map()
    store.merge_people(m["Аня"], m["Anya"])
    store.rename_person(m["Аня"], "Анна")
    store.add_person("Гоша")  # a person who has not played yet
    assert known_names(SimpleNamespace(store=store)) == ["Анна", "Вика", "Боря", "Гоша"]


def test_the_session_moves_the_whole_archive_through_the_import_of_a_record(tmp_path):
    from companion.ui.session import Session

    a = Session(Store.open(tmp_path / "old-phone"))
    b = Session(Store.open(tmp_path / "new-phone"))
    try:
        keep(a.store, ["Аня", "Боря"], [10, 3], "Аня")
        a.store.people_from_names()
        text = a.archive.export_archive()
        out = b.archive.import_record(text.encode("utf-8"))  # the import panel's one way in
        assert out.ok and out.notice.params == {"added": 1, "skipped": 0}
        assert sorted(p["name"] for p in b.store.people()) == ["Аня", "Боря"]
        assert [x.name for x in b.league.current().table()] == ["Аня", "Боря"]
        bad = b.archive.import_archive(b'{"format":"kity-archive/1","games":7}')
        assert not bad.ok and bad.notice.key == "session.not-an-archive"
        # people changes through the session: a refusal carries its reason, nothing changes
        m = b.store.name_map()
        no = b.people.rename_person(m["Аня"], "Боря")
        assert not no.ok and no.notice.key == "people.name-taken"
        assert b.people.rename_person(m["Аня"], "Анна").ok
        assert [x.name for x in b.league.current().table()] == ["Анна", "Боря"]
    finally:
        a.store.close()
        b.store.close()


def test_an_archive_larger_than_any_record_is_taken_whole(tmp_path):
    """A year of whale games does not fit in a record's 4 MiB: the archive has its own bound
    (refused unread above it, by the file picker) and the session files all of it."""
    from datetime import date
    from pathlib import Path

    from engine.core.games import MAX_BYTES

    from companion.base.file_names import ARCHIVE_MAX_BYTES, archive_file_name, import_limit
    from companion.ui.session import Session

    name = archive_file_name(date(2026, 11, 27))
    assert name == "kity-archive_2026-11-27.json"
    assert import_limit(name, MAX_BYTES) == ARCHIVE_MAX_BYTES > MAX_BYTES
    assert import_limit("/sdcard/Download/" + name, MAX_BYTES) == ARCHIVE_MAX_BYTES
    assert import_limit("kozyrnye-kity_2026-11-27_anya-borya.json", MAX_BYTES) == MAX_BYTES
    assert import_limit(None, MAX_BYTES) == MAX_BYTES

    record = (Path(__file__).resolve().parent.parent / "assets" / "examples" / "kozyrnye-kity"
              / "four-players-finished.json").read_text(encoding="utf-8")
    a = Session(Store.open(tmp_path / "old-phone"))
    b = Session(Store.open(tmp_path / "new-phone"))
    try:
        n = 2 * (1 + MAX_BYTES // len(record.encode("utf-8")))  # more games than a record's bound holds
        for _ in range(n):
            assert a.archive.import_record(record).ok
        text = a.archive.export_archive()
        assert MAX_BYTES < len(text.encode("utf-8")) < ARCHIVE_MAX_BYTES
        out = b.archive.import_record(text.encode("utf-8"))
        assert out.ok and out.notice.params == {"added": n, "skipped": 0}
        assert len(b.archive.archived()) == n
    finally:
        a.store.close()
        b.store.close()


# ---- issue 51: one person, one seat; an imported name is asked wherever the offer stands --------
def test_a_new_game_with_two_names_of_one_person_is_refused(tmp_path):
    from companion.base import i18n
    from companion.ui.session import Session
    from companion.widgets.notices import session_text

    s = Session(Store.open(tmp_path / "t"))
    try:
        keep(s.store, ["Вика", "Боря"], [10, 3], "Вика")
        keep(s.store, ["Виктория", "Аня"], [2, 9], "Аня")
        s.store.people_from_names()
        m = s.store.name_map()
        s.store.merge_people(m["Вика"], m["Виктория"])
        out = s.new_game(["Вика", "Виктория", "Аня"], target=10, mode="pad")
        assert not out.ok and out.notice.key == "people.one-seat"
        assert out.notice.params == {"a": "Вика", "b": "Виктория", "person": "Вика"}
        assert not s.active and s.store.current() is None  # nothing was started
        try:
            i18n.set_language("ru")
            assert session_text(out.notice) == "«Вика» и «Виктория» — один человек (Вика): у каждого одно место за столом."
            i18n.set_language("en")
            assert session_text(out.notice) == "«Вика» and «Виктория» are one person (Вика): one seat each at the table."
        finally:
            i18n.set_language("ru")
        # the same spelling twice is the engine's refusal as before; different people start
        assert s.new_game(["Вика", "Боря", "Аня"], target=10, mode="pad").ok
    finally:
        s.store.close()


def test_a_name_is_not_mapped_onto_a_person_who_sat_at_the_same_game(store):
    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    store.people_from_names()
    a = store.name_map()["Аня"]
    store.import_game({"players": ["Anya", "Аня"], "imported": True}, [], {"r": 1},
                      summary(["Anya", "Аня"], [5, 1], "Anya"))
    with pytest.raises(PeopleError) as e:
        store.map_name("Anya", a)
    assert e.value.key == "people.name-played-together"
    assert e.value.params == {"name": "Anya", "person": "Аня"}
    assert "Anya" not in store.name_map()
    # a rename onto such a spelling is the same thing: refused too
    with pytest.raises(PeopleError) as e:
        store.rename_person(a, "Anya")
    assert e.value.key == "people.name-played-together"
    assert [p["name"] for p in store.people()] == ["Аня", "Боря"]
    # the league still counts that game (Аня and «Anya» are two people)
    from companion.league.ratings import of_store
    assert len(of_store(store).games) == 2
    # a spelling that never sat with her is mapped as before
    store.import_game({"players": ["Anya", "Дима"], "imported": True}, [], {"r": 1},
                      summary(["Anya", "Дима"], [5, 1], "Anya"))
    b = store.add_person("Боря")
    store.map_name("Дима", b)
    assert store.name_map()["Дима"] == b
    # the running game counts too: «Гоша» sits at it with Боря
    store.start_game({"players": ["Боря", "Гоша"], "target": 5})
    with pytest.raises(PeopleError) as e:
        store.map_name("Гоша", b)
    assert e.value.key == "people.name-played-together"


def test_the_session_says_why_a_mapping_is_refused(tmp_path):
    from companion.base import i18n
    from companion.ui.session import Session
    from companion.widgets.notices import session_text

    s = Session(Store.open(tmp_path / "t"))
    try:
        a = s.store.add_person("Аня")
        s.store.import_game({"players": ["Anya", "Аня"], "imported": True}, [], {"r": 1},
                            summary(["Anya", "Аня"], [5, 1], "Anya"))
        out = s.people.map_name("Anya", a)
        assert not out.ok and out.notice.key == "people.name-played-together"
        try:
            i18n.set_language("en")
            assert session_text(out.notice) == "Anya and Аня played at one game: «Anya» cannot be Аня."
        finally:
            i18n.set_language("ru")
    finally:
        s.store.close()


def test_a_fresh_install_with_only_imported_games_asks_each_name(tmp_path):
    from companion.ui.session import Session

    s = Session(Store.open(tmp_path / "t"))
    try:
        s.store.import_game({"players": ["Anya", "Дима"], "imported": True}, [], {"r": 1},
                            summary(["Anya", "Дима"], [5, 1], "Anya"))
        assert s.people.people_offer() == []  # nothing for Home to make people of in one go
        assert s.people.names_to_ask() == ["Anya", "Дима"]  # each asked in the league
        assert s.people.map_name("Anya", s.store.add_person("Аня")).ok
        assert s.people.names_to_ask() == ["Дима"]
    finally:
        s.store.close()


def test_while_the_offer_stands_it_has_the_tables_names_and_the_imported_ones_are_asked(store):
    from companion.ui.session import Session

    keep(store, ["Аня", "Боря"], [10, 3], "Аня")            # kept before the league came
    store.import_game({"players": ["Anya", "Боря"], "imported": True}, [], {"r": 1},
                      summary(["Anya", "Боря"], [5, 1], "Anya"))
    s = Session(store)
    assert sorted(s.people.people_offer()) == ["Аня", "Боря"]
    assert s.people.names_to_ask() == ["Anya"]  # «Боря» sat at a table game too: the offer has him
    assert s.people.answer_people_offer(True).ok
    assert sorted(p["name"] for p in store.people()) == ["Аня", "Боря"]  # «Anya» was not made a person
    assert s.people.names_to_ask() == ["Anya"]
    assert s.people.map_name("Anya", store.name_map()["Аня"]).ok
    assert s.people.names_to_ask() == []


def test_an_archive_taken_in_step_by_step_says_its_progress_and_a_stop_keeps_what_was_filed(tmp_path, store):
    """Issue 53: an archive is taken in a step at a time (the screen shows the progress and
    stays live between steps); stopped between two steps (the person cancels), every game filed
    so far is kept whole and listed, and taking the archive in again adds just the rest."""
    for i in range(6):
        keep(store, ["Аня", "Боря"], [10, i], "Аня")
    store.people_from_names()
    data = json.loads(json.dumps(store.export_archive(), ensure_ascii=False))
    ids_in_order = [g["game_id"] for g in data["games"]]

    other = Store.open(tmp_path / "new-phone")
    try:
        steps = other.import_archive_steps(data, step_seconds=0)  # a game a step
        assert next(steps) == (1, 6)
        assert next(steps) == (2, 6)
        steps.close()  # cancelled
        assert sorted(r["game_id"] for r in other.archived()) == sorted(ids_in_order[:2])
        assert sorted(p["name"] for p in other.people()) == ["Аня", "Боря"]  # the people came first
        for gid in ids_in_order[:2]:
            assert other.archived_game(gid)["actions"] == store.archived_game(gid)["actions"]
        other = reopen(other)  # and after a restart, as they were: no index rebuilt
        assert other.incidents == [] and len(other.archived()) == 2
        steps = other.import_archive_steps(data)
        seen = list(steps)
        assert seen[-1] == (6, 6) and all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))
        assert sorted(r["game_id"] for r in other.archived()) == sorted(ids_in_order)
        assert sorted(r["seq"] for r in other.archived()) == [1, 2, 3, 4, 5, 6]
        assert other.import_archive(data) == (0, 6)
    finally:
        other.close()


def test_a_write_that_fails_in_the_middle_of_an_archive_keeps_the_games_before_it(tmp_path, store, monkeypatch):
    """A disk that fills up at the fourth game: the three before it are filed and listed, the
    fourth leaves nothing behind, the error reaches the caller (the session says «not saved»)."""
    from companion.store import repository

    for i in range(5):
        keep(store, ["Аня", "Боря"], [10, i], "Аня")
    data = json.loads(json.dumps(store.export_archive(), ensure_ascii=False))
    other = Store.open(tmp_path / "new-phone")
    try:
        real, calls = repository._put_single, []

        def put(table, doc):
            calls.append(doc.get("game_id"))
            if len(set(calls)) == 4:
                raise OSError(28, "No space left on device")
            return real(table, doc)

        monkeypatch.setattr(repository, "_put_single", put)
        with pytest.raises(OSError):
            other.import_archive(data)
        monkeypatch.setattr(repository, "_put_single", real)
        filed = sorted(r["game_id"] for r in other.archived())
        assert filed == sorted(g["game_id"] for g in data["games"][:3])
        assert not os.path.exists(os.path.join(other.root, "archive", data["games"][3]["game_id"] + ".json"))
        other = reopen(other)
        assert other.incidents == [] and len(other.archived()) == 3
        assert other.import_archive(data) == (2, 3)
    finally:
        other.close()


def test_an_archive_laid_out_again_by_another_program_is_still_an_archive(tmp_path, store):
    """An archive file whose JSON is spaced or indented (opened and saved by an editor) is taken
    in as an archive, not refused as an unknown game record."""
    from companion.ui.session import Session

    keep(store, ["Аня", "Боря"], [10, 3], "Аня")
    data = store.export_archive()
    b = Session(Store.open(tmp_path / "new-phone"))
    try:
        text = "\ufeff" + json.dumps(data, ensure_ascii=False, indent=2)
        out = b.archive.import_record(text.encode("utf-8"))
        assert out.ok and out.notice.params == {"added": 1, "skipped": 0}
    finally:
        b.store.close()
