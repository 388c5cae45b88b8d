"""«Козырные киты» in the app shell (declared in :mod:`companion.kozyrnye_kity`, its screens too):
the words of its log entries, one table keyed by the action classes of its log
(engine.kozyrnye_kity.record.LOG)."""
from __future__ import annotations

import functools
from typing import Any, Callable, Mapping

from ..core.game_view import entry_words
from ..base.i18n import lang, t


def _card(a: Mapping[str, Any], lg: str) -> str:
    from engine.kozyrnye_kity import parse_card  # load cost: imported when a log entry of this game is first put in words
    from engine.kozyrnye_kity.i18n import card_name  # load cost: imported when a log entry of this game is first put in words
    return card_name(parse_card(a["card"]), lg)


def _round_text(a: Mapping[str, Any], lg: str) -> str:
    from engine.kozyrnye_kity.cards import Family  # load cost: imported when a log entry of this game is first put in words
    from engine.kozyrnye_kity.i18n import family_name  # load cost: imported when a log entry of this game is first put in words
    return t("Trump {family}, token {token}").format(family=family_name(Family(a["trump"]), lg), token=a["token"])


@functools.cache
def words() -> dict[type, Callable[[Mapping[str, Any], str], str]]:
    """The words of each action of the game's log (its classes, engine.kozyrnye_kity.record.LOG),
    in the language ``lg``."""
    from engine import kozyrnye_kity as kk  # load cost: imported when a log entry of this game is first put in words
    return {
        kk.StartRound: _round_text,
        kk.UseBonus: lambda a, lg: t("{player} uses the bonus {card}").format(player=a["player"], card=_card(a, lg)),
        kk.PlayCard: lambda a, lg: f"{a['player']}: {_card(a, lg)}",
        kk.ChooseReward: lambda a, lg: t("Reward: {card}").format(card=_card(a, lg)),
        kk.ChooseLeader: lambda a, lg: t("{player} leads the next trick").format(player=a["player"]),
        kk.TallyRound: lambda a, lg: t("Round tally"),
    }


def action_text(a: Mapping[str, Any]) -> str:
    """A log entry in words: the words of its action class (:func:`words`), found by its tag."""
    from engine.kozyrnye_kity.record import LOG  # load cost: imported when a log entry of this game is first put in words
    return entry_words(a, LOG, words(), lang())
