"""«Кальмар» for the log session: the game's view (Flet-free).

A sitting of «Кальмар» at the table is a fast shedding game: the app keeps what the table loses
track of — whose turn after skips and reverses, the colour named, who still has to draw, an order
or the silence in force, each player's card count from the known draws and plays — and checks
each entered card (KL-PLAY, RUL-KL-SAME-SYMBOL). The log's first state comes from the meta
(players, dealer, the first card turned up, the colour the dealer named, the house rule); each
log entry is one action in the record's entry form with a ``"type"``, written by the core codec
from the engine's action (:mod:`engine.core.actions`). The screens read names, card ids and
numbers here and send actions through the methods at the end (each sends an action object).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine import kalmar as kl
from engine.core.errors import GameError, IllegalAction
from engine.core.reading import MAX_NAME, bad_name, quote
from engine.core.rules import Verdict
from engine.core.seating import Direction, next_seat
from engine.kalmar.rules import C as KlCite, V as KlRule

from ..core.game_view import Change, GameView, Imported, changed_end
from ..core.outcome import Notice, Outcome
from ..core.summary import Summary
from . import GAME
from .models import GameResult, Skipped, Table

COLOURS = tuple(c.value for c in kl.Colour)            # crimson, green, light-blue, yellow
KINDS = tuple(k.value for k in kl.Kind)                # digit, skip, draw2, reverse, choose, draw4, swap, order, silence
BLUE = tuple(k.value for k in kl.Kind if k in kl.BLUE_KINDS)
NAMES_COLOUR = ("choose", "draw4")
FIRST_KINDS = tuple(k for k in KINDS if kl.Kind(k) not in kl.PUT_BACK_FIRST)  # RUL-KL-FIRST-BLUE
MIN_PLAYERS, MAX_PLAYERS = kl.MIN_PLAYERS, kl.MAX_PLAYERS


def make_card(kind: str | None, colour: str | None = None, digit: int | None = None) -> str | None:
    """The card id of a picked kind (+ colour for a digit or a coloured organizer, + digit for a
    digit card); None while something is still missing."""
    if kind not in KINDS:
        return None
    if kind in BLUE:
        return kind
    if colour not in COLOURS:
        return None
    if kind == "digit":
        return f"{colour}-{digit}" if digit in kl.DIGITS else None
    return f"{colour}-{kind}"


def card_parts(card: str | None) -> tuple[str | None, str | None, int | None]:
    """(kind, colour, digit) of a card id."""
    c = kl.CARD_IDS.get(card) if isinstance(card, str) else None
    if c is None:
        return None, None, None
    return c.kind.value, c.colour.value if c.colour else None, c.digit


def card_text(card: str | None, lang: str) -> str:
    c = kl.CARD_IDS.get(card) if isinstance(card, str) else None
    return c.localize(lang) if c is not None else "—"


def colour_text(colour: str | None, lang: str) -> str:
    return kl.Colour(colour).localize(lang) if colour in COLOURS else "—"


def check_card(top: str, colour: str | None, card: str, same_symbol: bool = False) -> Verdict:
    """«Можно ли сыграть?» for any top card and colour in force (KL-PLAY, RUL-KL-SAME-SYMBOL)."""
    t = kl.CARD_IDS.get(top)
    c = kl.CARD_IDS.get(card)
    col = kl.Colour(colour) if colour in COLOURS else (t.colour if t is not None else None)
    return kl.check_card(t, col, c if c is not None else card, same_symbol=same_symbol)


def draw_rule(n: int) -> str:
    """The rule of a +2 or a +4 due (KL-FX-DRAW2, KL-FX-DRAW4), from the registry."""
    return (KlRule.DRAW2_DUE if n == 2 else KlRule.DRAW4_DUE).rule


class KalmarView(GameView):
    game = GAME.id
    engine = kl  # GameView.apply: its LOG codec and apply
    format = kl.FORMAT
    end_rule = KlCite.END.rule

    # ---- the log session's questions -------------------------------------------------------
    def new_meta(self, players: Sequence[str], options: Mapping[str, Any]) -> dict | Notice:
        dealer = options.get("dealer", 0)
        first = options.get("first_card")
        colour = options.get("colour")
        same = bool(options.get("same_symbol", False))
        try:
            card = kl.parse_card(first)
        except ValueError:
            card = first
        try:
            col = kl.Colour(colour) if colour is not None else None
        except ValueError:
            col = colour
        try:
            kl.new_game(players, dealer, card, col, kl.Options(same_symbol=same))
        except IllegalAction as e:
            return Notice("refused", error=e)
        for p in players:  # what a record cannot hold, a game does not take
            if bad_name(p) is not None:
                return Notice("refused", "session.bad-name", {"name": quote(p), "limit": MAX_NAME})
        meta = {"players": list(players), "dealer": dealer if isinstance(dealer, str) else players[dealer],
                "first_card": first}
        if colour is not None:
            meta["colour"] = colour
        if same:
            meta["same_symbol"] = True
        return meta

    def _new_action(self, meta: Mapping[str, Any]) -> kl.NewGame:
        colour = meta.get("colour")
        return kl.NewGame(tuple(meta["players"]), meta["dealer"], kl.parse_card(meta["first_card"]),
                          kl.Colour(colour) if colour is not None else None,
                          kl.Options(same_symbol=bool(meta.get("same_symbol", False))))

    def start_state(self, meta: Mapping[str, Any]) -> kl.GameState:
        return kl.apply(None, self._new_action(meta))

    def record(self, log: Sequence[dict], extra: Mapping[str, Any]) -> Any:
        first = self._new_action(self.session.meta)
        actions = [first] + [kl.action_from_json(a, first.players) for a in log]
        return kl.record_to_json(kl.actions_to_record(actions, extra))

    def read_import(self, rec: kl.GameRecord) -> Imported:
        result = kl.replay_record(rec)
        actions = [a for _, a in kl.record_actions(rec)]
        first = actions[0]
        meta: dict[str, Any] = {"players": list(rec.players), "dealer": rec.games[0].dealer,
                                "first_card": kl.card_id(first.first_card)}
        if first.colour is not None:
            meta["colour"] = first.colour.value
        if first.options.same_symbol:
            meta["same_symbol"] = True
        return self.imported(meta, actions[1:], kl.record_to_json(rec), result)

    def summarize(self, state: kl.GameState | None) -> Summary:
        return summarize(state)

    def diff(self, old: kl.GameState | None, new: kl.GameState) -> list[Change]:
        if old is None:
            return []
        return changed_end(old, new, old.tally, new.tally)

    def position(self, before: kl.GameState, action: Mapping[str, Any]) -> tuple[int, int]:
        if action.get("type") == kl.NEXT_GAME:
            return before.game + 1, 0
        return before.game, before.moves + 1

    # ---- reading the table --------------------------------------------------------------------
    def table(self) -> Table | None:
        """Everything the live table shows, as names, card ids and numbers (None: no game)."""
        s = self.state
        if s is None:
            return None
        p = s.players
        return Table(
            game=s.game,
            dealer=p[s.dealer],
            turn=p[s.turn],
            next=p[s.next_player],
            after_next=p[next_seat(s.next_player, s.n, s.direction)],
            clockwise=s.direction is Direction.CLOCKWISE,
            top=kl.card_id(s.top),
            colour=s.colour.value if s.colour is not None else None,
            pending=s.pending_draw,
            pending_rule=draw_rule(s.pending_draw) if s.pending_draw else None,
            order=kl.card_id(s.order) if s.order is not None else None,
            ordered_by=p[s.ordered_by] if s.ordered_by is not None else None,
            silence_by=p[s.silence_by] if s.silence_by is not None else None,
            # KL-CALL, RUL-KL-CALL-WINDOW: whoever just played their second-to-last card (a swap
            # too, whatever the hand holds after it); the engine ends the moment at a penalty
            call_due=p[s.call_due] if s.call_due is not None else None,
            one_card=tuple(p[i] for i in s.one_card),
            drew=s.drew,
            counts=dict(zip(p, s.counts)),
            turns=s.turns,
            winner=p[s.winner] if s.winner is not None else None,
            by_swap=bool(s.results and s.winner is not None and s.results[-1].swap),
            same_symbol=s.options.same_symbol,
            skipped=self.skipped(),
        )

    def skipped(self) -> Skipped | None:
        """Who the last entry made miss a turn, named on the table until the next entry (issue 19,
        point 4): the player after the one who played «Пропуск хода» (KL-FX-SKIP), or the player
        who just took the cards of a +2 / +4 (KL-FX-DRAW2, KL-FX-DRAW4: take, then miss the turn)."""
        s, log, states = self.state, self.session.log, self.session.states
        if s is None or s.winner is not None:
            return None
        fresh = s.moves == 0 or (log and log[-1].get("type") == "next-game")  # no move yet in this game
        if fresh and s.first_card.kind is kl.Kind.SKIP:  # KL-SETUP-2: the dealer's skip, turned up first
            return Skipped(s.players[next_seat(s.dealer, s.n)], KlCite.FIRST_CARD_PLAYED.rule)
        if not log or len(states) < 2:
            return None
        a, before = log[-1], states[-2]
        if len(log) - 1 in self.session.skipped or not isinstance(a.get("player"), str) or a["player"] not in s.players:
            return None
        seat = s.players.index(a["player"])
        if a.get("type") == "play" and card_parts(a.get("card"))[0] == "skip":
            return Skipped(s.players[next_seat(seat, s.n, s.direction)], KlCite.SKIP.rule)
        if a.get("type") == "draw" and a.get("count") is None and before.pending is not None:
            return Skipped(a["player"], draw_rule(before.pending_draw))
        return None

    def tally(self) -> dict[str, int]:
        s = self.state
        return dict(zip(s.players, s.tally)) if s is not None else {}

    def games(self) -> tuple[GameResult, ...]:
        """The sitting's games that are over: number, dealer, winner (None: left unfinished)."""
        s = self.state
        if s is None:
            return ()
        return tuple(GameResult(number=g.number, dealer=s.players[g.dealer], first_card=kl.card_id(g.first_card),
                                winner=s.players[g.winner] if g.winner is not None else None, by_swap=g.swap,
                                turns=g.turns) for g in s.results)

    def next_dealer(self) -> str | None:
        """The dealer proposed for the next game: the next player clockwise (RUL-KL-NEXT-DEALER)."""
        s = self.state
        return s.players[next_seat(s.dealer, s.n)] if s is not None else None

    def can_play(self, card: str) -> Verdict:
        """Whether the player to move may play ``card`` now (the live table's checker)."""
        s = self.state
        c = kl.CARD_IDS.get(card)
        return kl.can_play(s, c if c is not None else card)

    def problem(self, action: dict) -> str | None:
        """Why ``action`` would be refused now (the engine's words with the rule ID), or None."""
        s = self.state
        if s is None:
            return None
        try:
            self.apply(s, action)
        except GameError as e:
            return e.text(self.lang)
        return None

    # ---- the table's actions (by the player to move unless said) -----------------------------
    def _mover(self) -> str:
        s = self.state
        return s.players[s.turn]

    def play(self, card: str, *, colour: str | None = None, swap_with: str | None = None,
             order: str | None = None, player: str | None = None) -> Outcome:
        return self.do(kl.Play(player or self._mover(), card, colour, swap_with, order))

    def draw(self, count: int | None = None) -> Outcome:
        return self.do(kl.Draw(self._mover(), count))

    def pass_(self) -> Outcome:
        return self.do(kl.Pass(self._mover()))

    def draw_and_pass(self) -> Outcome:
        return self.do(kl.DrawAndPass(self._mover()))

    def missed_call(self, player: str) -> Outcome:
        return self.do(kl.MissedCall(player))

    def broke_silence(self, player: str) -> Outcome:
        return self.do(kl.BrokeSilence(player))

    def player_out(self, player: str) -> Outcome:
        return self.do(kl.PlayerOut(player))

    def next_game(self, first_card: str, colour: str | None = None, dealer: str | None = None) -> Outcome:
        return self.do(kl.NextGame(first_card, colour, dealer))


VIEW = KalmarView


def summarize(state: kl.GameState | None) -> Summary:
    """What the history and statistics need of a sitting, kept with it in the archive: the wins
    of each finished game (1 for its winner, 0 otherwise), the tally (RUL-KL-TALLY) and the
    sitting's leader (None on a shared lead or before any win)."""
    if state is None:
        return Summary(GAME.id)
    n = state.n
    wins_by_game = tuple(tuple(1 if g.winner == i else 0 for i in range(n)) for g in state.results)
    tally = tuple(state.tally)
    best = max(tally) if tally else 0
    leaders = [i for i, w in enumerate(tally) if w == best]
    winner = state.players[leaders[0]] if best > 0 and len(leaders) == 1 else None
    return Summary(GAME.id, tuple(state.players), scores=wins_by_game, totals=tally, winner=winner, low_wins=False)
