"""«Сотня», the fifth game (issue 18): a plain score pad with a target (RULES.md), written only against
the games core (docs/games-core.md) in this one folder. It is in no list until :func:`register`."""
from companion.core import packs
from companion.core.game_view import Game, Screen, StatsWords
from companion.base.i18n import N_, Nn_
from engine.core import games

from . import game

GAME = Game(
    id="sotnya", title="«Сотня»", package=__name__, rules_file="sotnya.json", new_route="/sotnya/new",
    follow_routes=("/sotnya",), round_word=N_("Round"), rounds=Nn_("{n} round", "{n} rounds"),
    place=N_("of round {round}"), screens=(Screen("sotnya/new", "pad.NewGame"), Screen("sotnya", "pad.Pad")),
    stats=StatsWords(avg=N_("Average round"), best=N_("Best round"), revokes=False,
                     note=N_("Average and best: points in one round. The highest total wins (S5-END).")))

def register() -> None:
    """Add «Сотня» to the engine's record formats and to the app's games (before the app starts)."""
    games.add(game.FORMAT, game)
    packs.add(GAME)
