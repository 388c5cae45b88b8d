"""Issue 53, «Words»: what the import says of an archive of games. A too-large archive was
refused «…для записи игры», and an archive taken in ended «Правила в ней не нарушены.» — said of
one record, though an archive's games are filed as they were kept (their rules not replayed)."""
from __future__ import annotations

import pytest

from companion.base import i18n
from companion.base.file_names import ARCHIVE_MAX_BYTES, archive_file_name
from companion.store.repository import Store
from companion.ui.session import Session
from companion.widgets.records import notice_text, size_refusal
from engine.core.games import MAX_BYTES


@pytest.fixture()
def ru():
    before = i18n.lang()
    i18n.set_language("ru")
    yield
    i18n.set_language(before)


def test_a_too_large_archive_is_refused_as_an_archive(ru):
    name = archive_file_name()
    no = size_refusal(name, 40 * 2**20)
    assert no is not None and no.key == "session.archive-too-big"
    assert notice_text(no) == "Файл слишком большой для архива игр (40.0 МБ; не больше 32 МБ). Ничего не отправлено."
    i18n.set_language("en")
    assert notice_text(no).startswith("The file is too large for an archive of games (40.0 MB; at most 32 MB).")
    i18n.set_language("ru")
    # a record is still refused as a record; within each bound nothing is refused
    rec = size_refusal("whales.json", 20 * 2**20)
    assert rec is not None and "для записи игры" in notice_text(rec)
    assert size_refusal(name, ARCHIVE_MAX_BYTES) is None and size_refusal("whales.json", MAX_BYTES) is None


def _one_finished_game(store: Store) -> Session:
    s = Session(store)
    assert s.new_game(["Аня", "Боря"], target=3, mode="pad").ok
    assert s.game.tally_round({"Аня": (3, 0), "Боря": (1, 0)}).ok and s.finish().ok
    return s


def test_an_archive_taken_in_speaks_of_its_games(tmp_path, ru):
    text = _one_finished_game(Store.open(tmp_path / "old")).archive.export_archive()
    out = Session(Store.open(tmp_path / "new")).archive.import_record(text)
    assert out.ok
    said = notice_text(out.notice)
    assert said == ("Архив загружен: новых игр 1, уже сохранённых или нечитаемых 0. "
                    "Игры приняты такими, какими были сохранены; правила в них заново не проверялись."), said
    assert "в ней" not in said
    i18n.set_language("en")
    assert notice_text(out.notice).endswith("The games were taken in as they were kept; their rules were not checked again.")


def test_a_record_taken_in_still_says_its_rules(tmp_path, ru):
    s = _one_finished_game(Store.open(tmp_path / "old"))
    record = s.archive.export_archived(s.archive.archived()[0]["game_id"])
    out = Session(Store.open(tmp_path / "new")).archive.import_record(record)
    assert out.ok and notice_text(out.notice).endswith("Правила в ней не нарушены.")
