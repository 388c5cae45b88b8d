"""The same-work floor of the whale table (tests/e2e/floor_table.py, issue 52) imports nothing of
Киты, so it spells the table's identifiers itself: they are the app's, and its words are the
app's Russian ones, or the bench would time a floor that draws another screen."""
from __future__ import annotations

from companion.base import ids
from companion.base.i18n import translate
from companion.kozyrnye_kity.screens.table import HISTORY_LINK, TRUMP_TILE
from companion.kozyrnye_kity.widgets.card_picker import picker_ids
from tests.e2e import floor_table as floor


def test_the_floor_spells_the_tables_identifiers():
    assert (floor.SCREEN, floor.HISTORY, floor.UNDO, floor.REDO, floor.MENU) == (
        ids.SCREEN_TABLE, HISTORY_LINK, ids.TABLE_UNDO, ids.TABLE_REDO, ids.GAME_MENU)
    assert (floor.TRUMP, floor.TOKEN, floor.TRUMP_TILE, floor.TURN, floor.ROUND, floor.TRICK) == (
        ids.TABLE_TRUMP, ids.TABLE_TOKEN, TRUMP_TILE, ids.TABLE_TURN, ids.TABLE_ROUND, ids.TABLE_TRICK)
    assert (floor.NOTICE, floor.NOTICE_CLOSE) == (ids.NOTICE, ids.NOTICE_CLOSE)
    assert floor.PICK.format(card="narwhal-1") == picker_ids(ids.TABLE_PICK).card("narwhal-1")
    assert floor.TURN_BONUS.format(card="sperm-4") == ids.turn_bonus("sperm-4")
    assert floor.TOTAL.format(seat=2) == ids.player_total(2)
    assert floor.PILE.format(seat=2) == ids.player_pile(2)
    assert floor.ROUND_POINTS.format(seat=2) == ids.player_round(2)
    assert floor.BONUSES.format(seat=1) == ids.player_bonuses(1)
    assert floor.BONUS.format(seat=1, card="sperm-4") == ids.player_bonus(1, "sperm-4")


def test_the_floor_says_what_the_table_says():
    ru = lambda msgid: translate("ru", msgid)  # noqa: E731
    assert floor.name(floor.CARD) == "нарвал 1"
    assert f"Ход: {floor.WHO}" == ru("Turn: {player}").format(player=floor.WHO)
    assert f"Карта игрока {floor.WHO}:" == ru("Card played by {player}:").format(player=floor.WHO)
    assert "Во взятке пока нет карт." == ru("No card in this trick yet.")
    assert "Раунд 1 · взятка 1" == ru("Round {round} · trick {trick}").format(round=1, trick=1)
