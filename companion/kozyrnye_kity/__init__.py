"""«Козырные киты» in the app: the game's view over the log session (:mod:`.view`, Flet-free),
its screens (:mod:`.screens`, :mod:`.widgets`) and its place in the shell (:mod:`.app`)."""
from __future__ import annotations

from ..base import ids
from ..core.game_view import Entry, Game, Screen, StatsWords
from ..base.i18n import N_, Nn_

GAME = Game(
    id="kozyrnye-kity",
    title="«Козырные киты»",
    package=__name__,
    rules_file="kozyrnye-kity.json",
    new_route="/new",
    follow_routes=("/game", "/setup", "/round-end", "/pad"),
    round_word=N_("Round"),
    rounds=Nn_("{n} round", "{n} rounds"),
    place=N_("of round {round}"),
    place_trick=N_("of round {round}, trick {trick}"),
    change_words=(("trick-winner", N_("Round {round}, trick {trick}: now {new} takes it (was {old}).")),
                  ("round-points", N_("Round {round}, {player}: from {old} to {new}."))),
    change_lines=(("trick-winner", N_("Round {round}, trick {trick}: now {new} takes it (before: {old}).")),
                  ("trick-gained", N_("Round {round}, trick {trick}: {player} now gains {new} (before: {old}).")),
                  ("round-points", N_("Round {round}: {player} now has {new} (before: {old})."))),
    stats=StatsWords(
        avg=N_("Average round"), best=N_("Best round"), revokes=True,
        note=N_("Average and best: points in one round. A revoke: a card of another family although the "
                "player still had the led family (R-TRICK-2, RUL-REVOKE).")),
    # opened from home, the calculator returns home (issue 19, point 4); from the rules, to the rules
    home_entries=(Entry(N_("Who wins the trick?"), "HELP_OUTLINE", "/who-wins", ids.HOME_CALC),
                  Entry(N_("Check my deck"), "STYLE_OUTLINED", "/deck", ids.HOME_DECK)),
    rules_buttons=(Entry(N_("Who wins the trick?"), "HELP_OUTLINE", "/rules/who-wins", ids.RULES_CALC),),
    screens=(Screen("deck", "deck.DeckCheck"), Screen("who-wins", "calculator.Calculator"),
             Screen("new", "new_game.NewGame"), Screen("setup", "round_setup.RoundSetup"),
             Screen("game", "table.Table", (  # back from the history: to the table
                 Screen("history", "history.History"),)),
             Screen("round-end", "round_end.RoundEnd", (  # its history: back to the round end (issue 43)
                 Screen("history", "history.History"),)),
             Screen("pad", "pad.Pad"),
             Screen("history", "history.History")),
    rules_screens=(Screen("who-wins", "calculator.Calculator"),),
)
