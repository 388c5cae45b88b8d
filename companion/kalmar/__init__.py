"""«Кальмар» in the app: the game's view over the log session (:mod:`.view`, Flet-free), its
screens (:mod:`.screens`) and its place in the shell (:mod:`.app`)."""
from __future__ import annotations

from ..core.game_view import Entry, Game, Screen, StatsWords
from ..base.i18n import N_, Nn_
from . import ids

GAME = Game(
    id="kalmar",
    title="«Кальмар»",
    package=__name__,
    rules_file="kalmar.json",
    new_route="/kalmar/new",
    follow_routes=("/kalmar",),
    round_word=N_("Game"),
    rounds=Nn_("{n} game", "{n} games"),
    place=N_("of game {round}"),
    place_trick=N_("of game {round}, move {trick}"),
    stats=StatsWords(
        avg=N_("Average wins per game"), best=N_("Most wins in one game"), revokes=False,
        note=N_("A sitting is a run of games; the first player with no cards left wins a game (KL-END). "
                "The tally counts the wins (RUL-KL-TALLY).")),
    home_entries=(Entry(N_("Can I play this?"), "HELP_OUTLINE", "/kalmar/check", ids.HOME_CHECK),),
    rules_buttons=(Entry(N_("Can I play this?"), "HELP_OUTLINE", "/kalmar/check", ids.RULES_CHECK),),
    screens=(Screen("kalmar/new", "new_game.NewGame"), Screen("kalmar/check", "checker.Checker"),
             Screen("kalmar", "table.Table", (  # back from the history: to the table
                 Screen("history", "history.History"),
                 # the checker opened from the game: «Назад» returns to the game (issue 19, point 4)
                 Screen("table-check", "checker.Checker")))),
)
