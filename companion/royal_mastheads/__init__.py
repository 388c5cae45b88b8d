"""«Королевское наказание» (Royal Mastheads) in the app: the view over the log session
(:mod:`.view`, Flet-free), its screens (:mod:`.screens`) and its place in the shell (:mod:`.app`)."""
from __future__ import annotations

from ..core.game_view import Game, Screen, StatsWords
from ..base.i18n import N_, Nn_

GAME = Game(
    id="royal-mastheads",
    title="«Королевское наказание»",
    package=__name__,
    rules_file="royal-mastheads.json",
    new_route="/royal-mastheads/new",
    follow_routes=("/royal-mastheads",),
    round_word=N_("Deal"),
    rounds=Nn_("{n} deal", "{n} deals"),  # «10 игр»: the rulebook's set of 10 deals, each «игра»
    place=N_("of deal {round}"),
    place_trick=N_("of deal {round}, trick {trick}"),
    change_words=(("round-points", N_("Round {round}, {player}: from {old} to {new}.")),),
    # as the rulebook: a set — «набор» — of 10 deals, each «игра», where the others say «раунд»
    change_lines=(("round-points", N_("Deal {round}: {player} now has {new} (before: {old}).")),),
    stats=StatsWords(
        avg=N_("Average deal"), best=N_("Best deal"), revokes=True,
        note=N_("Average and best: points in one deal, card points and bonuses (RM-POINTS, RM-BONUS). The "
                "highest total wins (RM-SET). A revoke: not following suit while holding it (RM-FOLLOW, "
                "RUL-RM-REVOKE).")),
    screens=(Screen("royal-mastheads/new", "new_set.NewSet"),
             Screen("royal-mastheads", "deal.Deal", (  # back from the history: to the deal
                 Screen("history", "history.History"),))),
)
