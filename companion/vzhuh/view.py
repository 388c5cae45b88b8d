"""«Вжух!» for the log session: the game's view (Flet-free).

A game of «Вжух!» at the table is a score pad: after each party every player's penalty is
entered — card by card or as a number — and the engine checks it (VZ-CHECK), scores it
(VZ-SCORE), says who starts the next party (VZ-NEXT) and when the game is over (VZ-GAME,
VZ-TIE). The screens read names and numbers here and send parties through :meth:`record_party`.
The move checker for disputes is :func:`check_move` (no game needed).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine import vzhuh as vz
from engine.core.errors import GameError, IllegalAction
from engine.core.reading import MAX_NAME, bad_name, quote
from engine.core.rules import Verdict
from engine.vzhuh.rules import C as VzCite

from ..core.game_view import Change, GameView, Imported, changed_end, changed_numbers, winner_name
from ..core.outcome import Notice, Outcome
from ..core.summary import Summary
from . import GAME
from .models import Party, StarterWhy

NUMBERS = vz.NUMBERS
DECK_COUNTS = dict(vz.DECK_COUNTS)
JOKERS = vz.JOKERS
JOKER_PENALTY = vz.JOKER_PENALTY
PARTIES = vz.PARTIES


def penalty_json(cards: Mapping[int, int] | None = None, jokers: int = 0, points: int | None = None) -> dict:
    """One player's penalty as the log keeps it: typed ``points``, or ``cards`` and ``jokers``."""
    if points is not None:
        return {"points": points}
    return {"cards": {str(n): c for n, c in sorted((cards or {}).items()) if c}, "jokers": jokers}


def penalty_points(p: Mapping[str, Any]) -> int:
    """The points of one penalty in the log's form (VZ-SCORE, VZ-J-PENALTY)."""
    if "points" in p:
        return int(p["points"])
    return vz.card_points({int(n): c for n, c in p.get("cards", {}).items()}, p.get("jokers", 0))


class VzhuhView(GameView):
    game = GAME.id
    engine = vz  # GameView.apply: its LOG codec and apply
    end_rule = "VZ-GAME"
    format = vz.FORMAT

    # ---- the log session's questions -------------------------------------------------------
    def new_meta(self, players: Sequence[str], options: Mapping[str, Any]) -> dict | Notice:
        first = options.get("first", players[0] if players else 0)
        try:
            vz.new_game(players, first)
        except IllegalAction as e:
            return Notice("refused", error=e)
        for p in players:  # what a record cannot hold, a game does not take
            if bad_name(p) is not None:
                return Notice("refused", "session.bad-name", {"name": quote(p), "limit": MAX_NAME})
        return {"players": list(players), "first": first if isinstance(first, str) else players[first]}

    def start_state(self, meta: Mapping[str, Any]) -> vz.GameState:
        return vz.new_game(meta["players"], meta["first"])


    def record(self, log: Sequence[dict], extra: Mapping[str, Any]) -> Any:
        start = self.start_state(self.session.meta)
        actions = [vz.action_from_json(a, start.players) for a in log]
        return vz.record_to_json(vz.actions_to_record(start, actions, extra))

    def read_import(self, rec: vz.GameRecord) -> Imported:
        result = vz.replay_record(rec)
        start, actions = vz.record_actions(rec)
        return self.imported({"players": list(rec.players), "first": rec.first}, [a for _, a in actions],
                             vz.record_to_json(rec), result)

    def summarize(self, state: vz.GameState | None) -> Summary:
        return summarize(state)

    def diff(self, old: vz.GameState | None, new: vz.GameState) -> list[Change]:
        if old is None:
            return []
        players = new.players
        out = [c for a, b in zip(old.parties, new.parties)  # «Партия», not «Раунд»
               for c in changed_numbers("party-points", players, a.points, b.points, round=a.number)]
        return out + changed_end(old, new, vz.totals(old), vz.totals(new), key=lambda v: (v.code, v.round, v.player))

    def position(self, before: vz.GameState, action: Mapping[str, Any]) -> tuple[int, int]:
        return len(before.parties) + 1, 0

    # ---- reading the game ---------------------------------------------------------------------
    def party_number(self) -> int:
        """The number of the party to enter next."""
        s = self.state
        return len(s.parties) + 1 if s is not None else 1

    def extra_party(self) -> bool:
        """Whether the next party is an extra one after a tie (VZ-TIE)."""
        return self.party_number() > PARTIES

    def next_starter(self) -> str | None:
        """Who starts the next party (VZ-SETUP-4, VZ-NEXT, RUL-VZ-NEXT-TIE); None when over."""
        s = self.state
        seat = vz.next_starter(s) if s is not None else None
        return s.players[seat] if seat is not None else None

    def starter_why(self) -> StarterWhy | None:
        """Why :meth:`next_starter` starts the next party, as names and numbers (issue 19, point 4):
        party 1: the player chosen at the start (``rule`` VZ-SETUP-4); later: the most penalty
        points in the party just played (VZ-NEXT, read as that party — N-VZ-NEXT), ``party``,
        ``points``, ``players`` (all who had that many) and, on a tie, ``previous`` — who started
        that party, from whom the engine goes clockwise (RUL-VZ-NEXT-TIE). None when over."""
        s = self.state
        seat = vz.next_starter(s) if s is not None else None
        if seat is None:
            return None
        if not s.parties:
            return StarterWhy(rule=VzCite.SETUP_4.rule, starter=s.players[seat])
        last = s.parties[-1]
        top = max(last.points)
        most = tuple(s.players[i] for i, p in enumerate(last.points) if p == top)
        if len(most) > 1:
            return StarterWhy(rule=f"{VzCite.NEXT.rule}, {VzCite.NEXT_TIE.rule}", starter=s.players[seat],
                              party=last.number, points=top, players=most, previous=s.players[last.starter])
        return StarterWhy(rule=VzCite.NEXT.rule, starter=s.players[seat], party=last.number, points=top, players=most)

    def totals(self) -> dict[str, int]:
        s = self.state
        return dict(zip(s.players, vz.totals(s))) if s is not None else {}

    def standings(self) -> list[tuple[int, str, int]]:
        """(place, player, total), lowest total first (VZ-GAME); equal totals share a place."""
        s = self.state
        return [(st.place, s.players[st.seat], st.total) for st in vz.standings(s)] if s is not None else []

    def tied(self) -> tuple[str, ...]:
        """The players sharing the lowest total after three parties: an extra party (VZ-TIE)."""
        s = self.state
        return tuple(s.players[i] for i in vz.tied(s)) if s is not None else ()

    def parties(self) -> tuple[Party, ...]:
        """Every closed party: number, starter, points per player, whether it was an extra one."""
        s = self.state
        if s is None:
            return ()
        return tuple(Party(number=p.number, starter=s.players[p.starter], extra=p.extra,
                           points=dict(zip(s.players, p.points))) for p in s.parties)

    def points_by_round(self) -> list[dict[str, int]]:
        s = self.state
        return [dict(zip(s.players, p.points)) for p in s.parties] if s is not None else []


    def party_problem(self, penalties: Mapping[str, Mapping[str, Any]], at: int | None = None) -> str | None:
        """Why this party cannot be entered (the engine's words with the rule ID), or None;
        ``at``: the log index of a party being corrected (it is judged where it stands)."""
        states = self.session.states
        s = states[at] if at is not None and 0 <= at < len(states) else self.state
        if s is None:
            return None
        try:
            self.apply(s, {"type": "party", "penalties": dict(penalties)})
        except GameError as e:
            return e.text(self.lang)
        return None

    def entry_problem(self, penalties: Mapping[str, Mapping[str, Any]], player: str, at: int | None = None) -> str | None:
        """Why ``player``'s penalty cannot stand in this party (VZ-CHECK), judged with the
        others' cards entered so far (their typed sums count 0 here: each is checked when
        it is typed), or None."""
        trial = {p: (v if p == player or "points" not in v else {"points": 0}) for p, v in penalties.items()}
        return self.party_problem(trial, at)

    def cards_left(self, penalties: Mapping[str, Mapping[str, Any]]) -> tuple[dict[int, int], int]:
        """How many cards of each number, and jokers, the deck still has for this party after
        the penalties entered so far card by card (VZ-CHECK: never more than the deck)."""
        left = dict(DECK_COUNTS)
        jokers = JOKERS
        for p in penalties.values():
            for n, c in p.get("cards", {}).items():
                left[int(n)] -= c
            jokers -= p.get("jokers", 0)
        return left, jokers

    # ---- the table's actions -----------------------------------------------------------------
    def record_party(self, penalties: Mapping[str, Mapping[str, Any]]) -> Outcome:
        """Close a party with every player's penalty (:func:`penalty_json` each)."""
        return self.do(vz.RecordParty({p: dict(v) for p, v in penalties.items()}))


VIEW = VzhuhView


def summarize(state: vz.GameState | None) -> Summary:
    """What the history and statistics need of a game, kept with it in the archive: penalty
    points per party in seat order; the lowest total wins (``low_wins``)."""
    if state is None:
        return Summary(GAME.id)
    return Summary(GAME.id, tuple(state.players), tuple(tuple(p.points) for p in state.parties),
                   tuple(vz.totals(state)), winner_name(state), low_wins=True)


# ---------------------------------------------------------------------------------------------
# The move checker (no game needed)
# ---------------------------------------------------------------------------------------------
def check_move(number: int, count: int, response: str, *, with_number: int | None = None, with_count: int | None = None,
               joker: str | None = None, discard_has_needed: bool | None = None, last_player: bool = False) -> Verdict:
    """Is this answer to an attack of ``count`` × ``number`` legal? ``response``: "transfer"
    (``with_count`` cards of the same number), "beat" (``with_count`` × ``with_number``) or
    "joker" (``joker``: "voila" | "vzhuh" | "krabli"). The verdict names the rule and shows the
    arithmetic (VZ-RESP)."""
    attack = vz.Attack(number, count)
    if response == "transfer":
        r: Any = vz.Transfer(with_count)
    elif response == "beat":
        r = vz.Beat(with_number, with_count)
    else:
        r = vz.Joker(vz.JokerKind(joker), discard_has_needed=discard_has_needed, last_player=last_player)
    return vz.check(attack, r)
