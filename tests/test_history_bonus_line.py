"""Issue 43: the whale history says what a bonus did, not only that it was used — «Боря
использует бонус «кашалот 2» — жетон перевёрнут: теперь 1 (…)» — from the trick's bonus events
as the fold applied them (R-BONUS-FLIP, R-BONUS-TRUMP, RUL-BONUS-SAME-TRUMP, R-BONUS-PEARL), in
the trick being played and in a decided one."""
from __future__ import annotations

import pytest

from companion.base import i18n
from companion.kozyrnye_kity.screens.history import entry_lines
from companion.ui.session import Session
from companion.store.repository import Store

LENA, MISHA = "Лена", "Миша"


@pytest.fixture
def ru():
    i18n.set_language("ru")
    yield
    i18n.set_language("ru")


def game(tmp_path) -> Session:
    """Two players; trump orca, token 9; first bonuses blue-1 (Лена) and blue-2 (Миша)."""
    s = Session(Store.open(tmp_path))
    assert s.new_game([LENA, MISHA], target=30).ok
    assert s.game.start_round("orca", 9, {LENA: "blue-1", MISHA: "blue-2"}, LENA).ok
    return s


def use(s: Session, player: str, card: str, bonus: dict) -> None:
    """``player`` uses ``card``; the app asks what it prints (``bonus``) and retries the use."""
    out = s.game.use_bonus(player, card)
    assert not out.ok and out.notice.kind == "question"
    assert s.game.answer_fact(card, bonus=bonus).ok


def use_lines(s: Session) -> list[str]:
    return [entry_lines(s, e)[0] for e in s.entries() if e["action"].get("type") == "use"]


def test_a_flip_says_the_token_now_shows_1(tmp_path, ru):
    s = game(tmp_path)
    use(s, LENA, "blue-1", {"kind": "flip"})                    # in the trick being played
    assert use_lines(s) == ["Лена использует бонус «синий кит 1» — жетон перевёрнут: теперь 1 "
                            "(побеждает младшая карта)"]
    assert s.game.play(LENA, "sperm-3").ok and s.game.play(MISHA, "sperm-7").ok
    assert use_lines(s)[0].endswith("жетон перевёрнут: теперь 1 (побеждает младшая карта)")  # decided


def test_trump_same_trump_and_pearl_say_what_changed(tmp_path, ru):
    s = game(tmp_path)
    use(s, LENA, "blue-1", {"kind": "trump", "families": ["sperm"]})
    assert s.game.play(LENA, "narwhal-3").ok
    use(s, MISHA, "blue-2", {"kind": "trump", "families": ["sperm"]})
    assert use_lines(s) == ["Лена использует бонус «синий кит 1» — козырь теперь кашалот",
                            "Миша использует бонус «синий кит 2» — кашалот уже козырь: ничего не меняется"]


def test_a_pearl_bonus_in_english(tmp_path):
    s = game(tmp_path)
    assert s.game.play(LENA, "sperm-3").ok
    use(s, MISHA, "blue-2", {"kind": "pearl"})
    i18n.set_language("en")
    try:
        assert use_lines(s) == ["Миша uses the bonus blue whale 2 — +1 pearl into their own pile"]
    finally:
        i18n.set_language("ru")
