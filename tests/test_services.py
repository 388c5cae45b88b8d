"""The services beside the live game (issue 49) stand on a store alone, with no log session:
the archive (session/archive.py), the people (league/people.py), the league
(league/standings.py) and the statistics (league/stats.py). The log session holds one of each
for the screens (session.archive, .people, .league, .stats); these tests make them by hand."""
from __future__ import annotations

from pathlib import Path

from companion.core.packs import view_class
from companion.league.people import People
from companion.league.standings import Standings
from companion.league.stats import Statistics
from companion.session.archive import Archive
from companion.store.repository import Store

EXAMPLE = Path(__file__).resolve().parent.parent / "assets" / "examples" / "vzhuh" / "finished-three-parties.json"


def services(tmp_path):
    store = Store.open(tmp_path / "data")
    told: list[int] = []
    archive = Archive(store, lambda kind: view_class(kind)(None), lambda: told.append(1))
    return store, told, archive, People(store, lambda: told.append(1)), Standings(store), Statistics(archive)


def test_the_archive_files_a_record_and_hands_it_out_again(tmp_path):
    store, told, archive, *_ = services(tmp_path)
    try:
        out = archive.import_record(EXAMPLE.read_text(encoding="utf-8"))
        assert out.ok and out.notice.key == "session.imported" and told == [1]
        [row] = archive.archived("vzhuh")
        assert archive.archived("kalmar") == [] and archive.archived() == [row]
        assert '"format":"vzhuh/1"' in archive.export_archived(row["game_id"]).replace(" ", "")
        assert not archive.import_record("{").ok and told == [1]  # refused: nothing filed, nobody told
        assert len(archive.archived()) == 1
    finally:
        store.close()


def test_the_statistics_are_read_once_per_version_of_the_history(tmp_path):
    store, _, archive, _, _, stats = services(tmp_path)
    try:
        assert stats.archived_stats("vzhuh") == {}
        assert archive.import_record(EXAMPLE.read_text(encoding="utf-8")).ok
        first = stats.archived_stats("vzhuh")
        assert set(first) and all(e["games"] == 1 for e in first.values())
        assert stats.archived_stats("vzhuh") is first  # the same history: not read again
        assert archive.import_record(EXAMPLE.read_text(encoding="utf-8")).ok
        assert all(e["games"] == 2 for e in stats.archived_stats("vzhuh").values())
    finally:
        store.close()


def test_the_people_and_the_league_follow_the_store(tmp_path):
    store, told, archive, people, league, _ = services(tmp_path)
    try:
        assert archive.import_record(EXAMPLE.read_text(encoding="utf-8")).ok
        names = sorted(archive.archived()[0]["players"])
        assert people.people_offer() == [] and sorted(people.names_to_ask()) == names  # an import's names: asked
        assert all(people.name_is_new_person(n).ok for n in names) and people.names_to_ask() == []
        before = league.current()
        assert league.current() is before  # nothing changed: not computed again
        pid = store.name_map()[names[0]]
        assert people.rename_person(pid, "Новое имя").ok
        assert not people.rename_person(pid, "").ok  # refused with its key, nothing changed
        assert "Новое имя" in [s.name for s in league.current().table()]
        assert people.one_seat([names[0], "Новое имя"]).notice.key == "people.one-seat"
        assert people.one_seat(names) is None
    finally:
        store.close()
