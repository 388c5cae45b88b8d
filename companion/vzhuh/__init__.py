"""«Вжух!» in the app: the game's view over the log session (:mod:`.view`, Flet-free), its
screens (:mod:`.screens`) and its place in the shell (:mod:`.app`)."""
from __future__ import annotations

from ..core.game_view import Entry, Game, Screen, StatsWords
from ..base.i18n import N_, Nn_
from . import ids

GAME = Game(
    id="vzhuh",
    title="«Вжух!»",
    package=__name__,
    rules_file="vzhuh.json",
    new_route="/vzhuh/new",
    follow_routes=("/vzhuh",),
    round_word=N_("Party"),
    rounds=Nn_("{n} party", "{n} parties"),
    place=N_("of party {round}"),
    change_words=(("party-points", N_("Party {round}, {player}: from {old} to {new}.")),),  # «Партия», not «Раунд»
    change_lines=(("party-points", N_("Party {round}: {player} now has {new} (before: {old}).")),),
    stats=StatsWords(
        avg=N_("Average penalty per party"), best=N_("Best party (fewest)"), revokes=False,
        note=N_("Average and best: penalty points in one party. The lowest total wins (VZ-GAME).")),
    home_entries=(Entry(N_("Move checker"), "GAVEL", "/vzhuh/check", ids.HOME_CHECK),),
    rules_buttons=(Entry(N_("Move checker"), "GAVEL", "/vzhuh/check", ids.RULES_CHECK),),
    screens=(Screen("vzhuh/new", "new_game.NewGame"), Screen("vzhuh/check", "checker.Checker"),
             Screen("vzhuh", "score.Score", (  # back from the history: to the game
                 Screen("history", "history.History"),
                 # the checker opened from the game: «Назад» returns to the game (issue 19, point 4)
                 Screen("table-check", "checker.Checker")))),
)
