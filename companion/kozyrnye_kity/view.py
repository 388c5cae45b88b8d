"""«Козырные киты» for the log session: the game's view (Flet-free).

Everything the whale screens ask of a game in progress — whose turn, the bonuses in front of
each player, the reward choice, the why of a trick, points and totals — as names, card ids and
numbers, and every action of the table as a method that sends it to the log. Deck facts learned
from the user live here too: an action that needs an unknown printed fact becomes a pending
:class:`FactQuestion`; the answer goes to the user's deck profile (reused in every later game)
and the action is retried; correcting a fact re-scores the game.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from engine import kozyrnye_kity as engine
from engine.core.actions import tag
from engine.core.reading import MAX_NAME, bad_name, quote
from engine.core.errors import GameError
from engine.kozyrnye_kity import DeckProfile, GameState, IllegalAction, MissingFact, RecordError, Violation
from engine.kozyrnye_kity.cards import KNOWN_FACTS, deck_for, parse_card
from engine.kozyrnye_kity.game import Phase, first_bonus_problems
from engine.kozyrnye_kity.i18n import render
from engine.kozyrnye_kity.record import (
    action_from_json, actions_to_record, facts_from_json, facts_to_json, profile_from_json,
    record_actions, record_to_json,
)
from engine.kozyrnye_kity.replay import replay_record
from engine.kozyrnye_kity.rules import X

from ..core.game_view import (
    Change, GameView, Imported, Question, changed_end, changed_numbers, revokes_by_player, violation_key,
    winner_name,
)
from ..core.outcome import DONE, Notice, Outcome, refused
from ..session.serial import serialized
from ..core.summary import Summary
from . import GAME, deck_walk

MODES = ("full", "pad")  # full tracking, or score pad only (tallied rounds)


@dataclass(frozen=True, kw_only=True)
class FactQuestion(Question):
    """The engine needs a printed fact of ``card`` (``"pearls"`` or ``"bonus"``) that the deck
    profile does not know; ``retry`` is the action to apply once it is answered."""

    card: str
    fact: str
    known: Mapping[str, Any] = field(default_factory=dict)  # what is known of the card already (pre-fill)


def bonus_field(seat: int) -> str:
    """The draft's field of ``seat``'s first bonus (:meth:`KityView.draft_refusal`)."""
    return f"bonus/{seat}"


def _bonus_seat(name: str, n: int) -> int | None:
    head, _, tail = name.partition("/")
    if head != "bonus" or not tail.isdigit() or not 0 <= int(tail) < n:
        return None
    return int(tail)


def draft_bonuses(values: Mapping[str, Any], n: int) -> dict[int, str]:
    """The first bonuses in a round setup's draft, by seat (what is not one is left out)."""
    out: dict[int, str] = {}
    for k, v in values.items():
        seat = _bonus_seat(k, n)
        if seat is not None and isinstance(v, str):
            try:
                parse_card(v)
            except ValueError:
                continue
            out[seat] = v
    return out


@dataclass(frozen=True)
class TrumpDraw(Outcome):
    """The outcome of a drawn (or app-drawn) card at round setup (R-SETUP-2): when ``ok``,
    the trump family, the token's side and the card; else the refusal (a 5: draw again)."""

    trump: str | None = None
    token: int | None = None
    card: str | None = None


@dataclass(frozen=True)
class TrickInfo:
    """A decided trick of the game, as names, card ids and numbers."""

    round: int
    number: int
    plays: tuple[tuple[str, str], ...]  # (card id, player), in play order
    winner: str
    reward: str  # the card id the winner took
    gained: int  # pearls gained with it


@dataclass(frozen=True)
class Revoke:
    """A revoke found (RUL-REVOKE): ``player`` did not follow in ``trick`` although they held
    the family, as the card they played in ``proof_trick`` proves; ``text`` in the engine's words."""

    player: str
    round: int
    trick: int | None
    proof_trick: int | None
    text: str


@dataclass(frozen=True)
class RoundCell:
    """One player's part of a closed round: the round's points, the pearls gathered and the
    bonuses left unused (R-SCORE-2: points = pearls + pairs of unused bonuses)."""

    points: int
    pearls: int
    unused: int


@dataclass(frozen=True)
class RoundRow:
    """A closed round for the score pad and the round's end."""

    number: int
    tallied: bool  # tallied by hand (score pad only): no pearls or bonuses to show
    cells: Mapping[str, RoundCell]  # by player


_TALLY = tag(engine.TallyRound)                          # the log entries that open a round
_NEW_ROUND = (tag(engine.StartRound), _TALLY)


class KityView(GameView):
    game = GAME.id
    engine = engine  # GameView.apply: its LOG codec and apply
    end_rule = "R-END"
    format = engine.FORMAT
    modes = MODES

    def __init__(self, session):
        super().__init__(session)
        self._profile = DeckProfile()
        self._facts_seen: dict = {}

    # ---- the log session's questions -------------------------------------------------------
    def load_context(self) -> Any:
        meta = self.session.meta
        deck = meta.get("deck") if isinstance(meta, dict) else None
        self._facts_seen = self.session.store.deck_facts()
        self._profile = profile_from_json(self._facts_seen, deck if isinstance(deck, dict) else {})
        return self._facts_seen

    def new_meta(self, players: Sequence[str], options: Mapping[str, Any]) -> dict | Notice:
        target = options.get("target", engine.game.DEFAULT_TARGET)
        mode = options.get("mode", "full")
        try:
            engine.new_game(players, target)
        except IllegalAction as e:
            return Notice("refused", error=e)
        for p in players:  # what a record cannot hold, a game does not take (it could not be exported)
            if bad_name(p) is not None:
                return Notice("refused", "session.bad-name", {"name": quote(p), "limit": MAX_NAME})
        if mode not in MODES:
            return Notice("refused", "session.bad-mode", {"mode": mode})
        return {"players": list(players), "target": target, "mode": mode, "deck": {}}

    def start_state(self, meta: Mapping[str, Any]) -> GameState:
        return engine.new_game(meta["players"], meta.get("target", engine.game.DEFAULT_TARGET), self._profile)

    def accepts(self, action: Any) -> Notice | None:
        if self.session.mode == "pad" and action.get("type") != _TALLY:
            return Notice("refused", "session.pad-mode")
        return None

    def check_edit(self, index: int, action: Mapping[str, Any]) -> Notice | None:
        """The refusal of a correction (or an insertion, ``insert=True``) of log entry ``index``
        that would put a card into a round twice (R-COMP) — at the table the same entry is
        refused with the same words; a correction must not get in by the history's side door
        either. The card may clash with one entered earlier in the round (the engine's own
        strict check) or with one entered later (found by replaying the rest of the round).
        None: the correction may be made (other problems it brings stay reported, as before).
        The log session asks it in ``edit()`` (and :meth:`check_insert` in ``insert()``)."""
        return self._check_entry(index, action, replace=True)

    def check_insert(self, index: int, action: Mapping[str, Any]) -> Notice | None:
        """:meth:`check_edit` for an entry inserted before entry ``index``."""
        return self._check_entry(index, action, replace=False)

    def _check_entry(self, index: int, action: Mapping[str, Any], *, replace: bool) -> Notice | None:
        log, states = self.session.log, self.session.states
        if not isinstance(action, Mapping) or not 0 <= index <= len(log) - (1 if replace else 0) \
                or index >= len(states):
            return None
        rest = log[index + 1:] if replace else log[index:]
        try:
            state = self.apply(states[index], dict(action), strict=False)
        except GameError:
            return None  # not a card clash: the session says what is wrong with it
        for v in state.violations[len(states[index].violations):]:  # a card entered earlier in the round
            if v.code == "duplicate-card":
                return Notice("refused", error=IllegalAction.of(v, action, ""))
        old = {violation_key(v) for v in self.state.violations} if self.state is not None else set()
        number = state.round.number if state.round is not None else None
        for later in rest:  # the rest of the round: a card entered later that is now a second one
            if number is None or later.get("type") in _NEW_ROUND:
                break
            try:
                nxt = self.apply(state, later, strict=False)
            except GameError:
                continue
            for v in nxt.violations[len(state.violations):]:
                if v.code == "duplicate-card" and v.round == number and violation_key(v) not in old:
                    return Notice("refused", error=IllegalAction.of(v, later, ""))
            state = nxt
        return None

    def question(self, err: MissingFact, retry: dict | None) -> FactQuestion:
        return FactQuestion(retry=retry, error=err, card=err.card.id, fact=err.fact,
                            known=facts_to_json(self._profile.facts(err.card)))

    def record(self, log: Sequence[dict], extra: Mapping[str, Any]) -> Any:
        start = self.start_state(self.session.meta)
        return record_to_json(actions_to_record(start, [action_from_json(a, start.players) for a in log], extra))

    def read_import(self, rec) -> Imported:
        result = replay_record(rec)
        _state, actions = record_actions(rec)
        meta = {"players": list(rec.players), "target": rec.effective_target, "mode": "full",
                "deck": {c.id: facts_to_json(f) for c, f in (rec.deck or ())}}
        return self.imported(meta, [a for _, a in actions], record_to_json(rec), result,
                             summarize(result.state, "full"))

    def summarize(self, state: GameState | None) -> Summary:
        return summarize(state, self.session.mode)

    def diff(self, old: GameState | None, new: GameState) -> list[Change]:
        return diff_states(old, new)

    def position(self, before: GameState, action: Mapping[str, Any]) -> tuple[int, int]:
        if before.round is None or action.get("type") in _NEW_ROUND:
            return len(before.rounds) + 1, 0
        return before.round.number, before.round.trick_number

    # ---- reading the game ---------------------------------------------------------------------
    def route(self) -> str:
        """The screen on which this game continues."""
        if self.session.mode == "pad":
            return "/pad"
        ph = self.phase()
        if ph is Phase.SETUP:
            return "/round-end" if self.state.rounds else "/setup"
        if ph is Phase.OVER:
            return "/round-end"
        return "/game"

    def route_fits(self, route: str) -> bool:
        """After a round, its end and the next round's setup both show where the game is: a
        phone setting up the next round stays there when the table moves (issue 50)."""
        if route == "/setup" and self.session.mode != "pad":
            return self.phase() is Phase.SETUP
        return route == self.route()

    @property
    def profile(self) -> DeckProfile:
        """The deck facts in force: known facts, the user's profile, a record's own facts."""
        return self._profile

    @property
    def target(self) -> int:
        s = self.state
        return s.target if s is not None else self.session.meta.get("target", engine.game.DEFAULT_TARGET)

    def phase(self) -> Phase | None:
        return engine.phase(self.state) if self.state else None

    def round_number(self) -> int:
        """The number of the round being played, or of the next one."""
        s = self.state
        if s is None:
            return 1
        return s.round.number if s.round is not None else len(s.rounds) + 1

    def to_act(self) -> str | None:
        s = self.state
        seat = engine.to_act(s) if s else None
        return s.players[seat] if seat is not None else None

    def usable_bonuses(self, player: str) -> tuple[str, ...]:
        s = self.state
        if s is None or player not in s.players:
            return ()
        return tuple(c.id for c in engine.usable_bonuses(s, s.players.index(player)))

    def bonuses_in_front(self) -> dict[str, tuple[str, ...]]:
        s = self.state
        if s is None or s.round is None:
            return {p: () for p in self.players}
        return {p: tuple(c.id for c in b) for p, b in zip(s.players, s.round.bonuses)}

    def reward_options(self) -> list[tuple[str, str, int | None]]:
        """(card id, who played it, pearls or None if unknown) for the winner to choose from."""
        s = self.state
        return [(o.card.id, s.players[o.seat], o.pearls) for o in engine.reward_options(s)] if s else []

    def trick_winner(self) -> str | None:
        s = self.state
        w = engine.trick_winner(s) if s else None
        return s.players[w] if w is not None else None

    def explanation(self, lang: str | None = None) -> list[str]:
        """Why the complete current trick goes to its winner, step by step with rule IDs."""
        s = self.state
        e = engine.current_explanation(s) if s else None
        return e.lines(lang or self.lang) if e else []

    def explain_trick(self, round_no: int, trick_no: int, lang: str | None = None) -> list[str]:
        t = self.trick(round_no, trick_no)
        return engine.explain_trick(self.state, t).lines(lang or self.lang) if t else []

    def trick(self, round_no: int, trick_no: int):
        r = self.round_state(round_no)
        if r is None or not 1 <= trick_no <= len(r.tricks):
            return None
        return r.tricks[trick_no - 1]

    def round_state(self, round_no: int):
        s = self.state
        if s is None:
            return None
        if s.round is not None and s.round.number == round_no:
            return s.round
        if 1 <= round_no <= len(s.rounds):
            return s.rounds[round_no - 1].detail
        return None

    def last_gain(self) -> tuple[str, int] | None:
        """(winner, pearls gained) of the last decided trick, for «Лена +3» (R-REWARD-1). A
        trick whose next leader is still to be named (R-FIVE-LEAD) is decided and rewarded
        already: it is the last one, not the trick before it."""
        s = self.state
        if s is None:
            return None
        if s.round is not None and s.round.awaiting is not None:
            t = s.round.awaiting
            return s.players[t.winner], t.gained
        r = s.round if s.round is not None and s.round.tricks else (s.rounds[-1].detail if s.rounds else None)
        if r is None or not r.tricks:
            return None
        t = r.tricks[-1]
        return s.players[t.winner], t.gained

    def reward_note(self, action: Any) -> tuple[str, int] | None:
        """(winner, pearls gained) to say after ``action`` was taken, when it chose a reward —
        the same «Лена +3» whether the choice went in at once or after the pearls question
        (the action retried); None for any other action."""
        if not isinstance(action, Mapping) or action.get("type") != "reward":
            return None
        return self.last_gain()

    def card_whereabouts(self) -> dict[str, tuple[str, str, int | None]]:
        """Where each family card of the round being played is, for the picker's greyed cards:
        card id → ("first-bonus", player, None) for a first bonus (R-SETUP-4: laid in front,
        never played) or ("played", player, trick) for a card played in a trick."""
        r = self._round()
        if r is None:
            return {}
        players = self.state.players
        out: dict[str, tuple[str, str, int | None]] = {}
        for seat, c in enumerate(r.first_bonuses):
            if not c.is_five:
                out[c.id] = ("first-bonus", players[seat], None)
        tricks = [*r.tricks, *([r.awaiting] if r.awaiting is not None else [])]
        for t in tricks:
            for p in t.plays:
                if not p.card.is_five:
                    out.setdefault(p.card.id, ("played", players[p.seat], t.number))
        for p in r.plays:
            if not p.card.is_five:
                out.setdefault(p.card.id, ("played", players[p.seat], r.trick_number))
        return out

    def first_bonus_refusal(self, seat: int, card: str, chosen: Mapping[int, str]) -> str | None:
        """Why ``card`` cannot be ``seat``'s first bonus while the other seats have ``chosen``
        theirs (the engine's message, with the rule ID), or None when it can."""
        s = self.state
        if s is None or not 0 <= seat < s.n:
            return None
        try:
            c = parse_card(card)
            others = [parse_card(v) for k, v in chosen.items() if k != seat]
        except ValueError:
            return None
        problems = first_bonus_problems(s, seat, c, others)
        return " ".join(render(rule.key, params, self.lang) for rule, params in problems) or None

    # ---- the table's draft of a round's setup (session/draft.py; issue 50) ---------------------
    def draft_refusal(self, values: Mapping[str, Any], name: str, value: Any) -> Outcome | None:
        """Why the round setup's field ``name`` cannot hold ``value`` next to ``values`` (the
        table's draft), or None: ``trump`` (the drawn card, R-SETUP-2), ``bonus/<seat>`` (a
        first bonus, R-SETUP-4) and ``leader`` (a player of the game)."""
        s = self.state
        if s is None or self.phase() is not Phase.SETUP or not isinstance(value, str):
            return refused("session.bad-entry")
        if name == "trump":
            draw = self.setup_from_card(value)
            return None if draw.ok else Outcome(False, draw.notice)
        if name == "leader":
            return None if value in s.players else refused("session.bad-entry")
        seat = _bonus_seat(name, s.n)
        if seat is None:
            return refused("session.bad-entry")
        try:
            card = parse_card(value)
        except ValueError:
            return refused("session.bad-card", {"card": value})
        others = [parse_card(v) for k, v in draft_bonuses(values, s.n).items() if k != seat]
        problems = first_bonus_problems(s, seat, card, others)
        if problems:
            rule, params = problems[0]
            return Outcome(False, Notice("refused", error=rule.refusal(params, value)))
        return None

    def new_revokes(self) -> tuple[Violation, ...]:
        """Revokes the last entry proved (RUL-REVOKE): the card just played shows that the player
        held a family they did not follow in an earlier trick. The table shows them at once."""
        states = self.session.states
        if len(states) < 2:
            return ()
        before = {violation_key(v) for v in states[-2].violations}
        return tuple(v for v in states[-1].violations if v.code == "revoke" and violation_key(v) not in before)

    def leader_chooser(self) -> str | None:
        s = self.state
        seat = engine.leader_chooser(s) if s else None
        return s.players[seat] if seat is not None else None

    def unseen_cards(self) -> tuple[str, ...]:
        s = self.state
        return tuple(c.id for c in engine.unseen_cards(s)) if s else ()

    def totals(self) -> dict[str, int]:
        s = self.state
        return dict(zip(s.players, engine.totals(s))) if s else {}

    def running_totals(self) -> dict[str, int]:
        """Each player's total with the round being played counted in (closed rounds + this
        round's points so far, R-SCORE-2): the «Итого» of the table, the same number the
        history's «Итого у игрока …» reports after a correction."""
        s = self.state
        return dict(zip(s.players, engine.totals(s, True))) if s else {}

    def round_points(self) -> dict[str, int]:
        s = self.state
        if s is None or s.round is None:
            return {p: 0 for p in self.players}
        return dict(zip(s.players, engine.round_points(s.round)))

    def points_by_round(self) -> list[dict[str, int]]:
        s = self.state
        return [dict(zip(s.players, r.points)) for r in s.rounds] if s else []

    def round_rows(self) -> tuple[RoundRow, ...]:
        """Each closed round for the score pad: per player (points, pearls, unused bonuses)
        and whether it was tallied."""
        s = self.state
        if s is None:
            return ()
        return tuple(RoundRow(number=k, tallied=r.tallied,
                              cells={p: RoundCell(pt, pe, un) for p, pt, pe, un in
                                     zip(s.players, r.points, r.pearls, r.unused)})
                     for k, r in enumerate(s.rounds, start=1))

    def tied_at_top(self) -> tuple[str, ...]:
        """After a complete round: the players who share the highest total when it is at or
        above the target, in seat order. Nobody wins then; another round is played (R-END,
        RUL-WINNER-MANY). ``()`` while a round is being played, when there is a winner, or when
        the top total is below the target or held by one player alone."""
        s = self.state
        if s is None or s.round is not None or not s.rounds or s.winner is not None:
            return ()
        tot = engine.totals(s)
        top = max(tot)
        if top < s.target or tot.count(top) < 2:
            return ()
        return tuple(p for p, v in zip(s.players, tot) if v == top)

    def suggested_leader(self) -> str | None:
        s = self.state
        seat = engine.suggested_leader(s) if s else None
        return s.players[seat] if seat is not None else None

    # ---- the round being played (the table) -----------------------------------------------------
    def in_round(self) -> bool:
        """A round is being played (started, not yet closed)."""
        s = self.state
        return s is not None and s.round is not None

    def round_over(self) -> bool:
        """A round was closed and the next one has not started (the round end screen)."""
        s = self.state
        return s is not None and s.round is None and bool(s.rounds)

    def trump(self) -> tuple[str, int] | None:
        """(trump family, token side 1 or 9) in force in the round being played."""
        r = self._round()
        return (r.trump.value, int(r.token)) if r is not None else None

    def trick_number(self) -> int:
        """The number of the trick being played in the current round (0: no round)."""
        r = self._round()
        return r.trick_number if r is not None else 0

    def current_plays(self) -> tuple[tuple[str, str], ...]:
        """(card id, player) of the trick being played, in play order."""
        r = self._round()
        return tuple((p.card.id, self.state.players[p.seat]) for p in r.plays) if r is not None else ()

    def trick_events(self, lang: str | None = None) -> tuple[str, ...]:
        """The bonuses used in the trick being played, in the engine's words."""
        r = self._round()
        if r is None:
            return ()
        return tuple(txt for txt in (event_text(e, lang or self.lang) for e in r.events) if txt)

    def piles(self) -> dict[str, int]:
        """The pearls in each player's pile in the round being played."""
        r = self._round()
        return dict(zip(self.state.players, r.pile)) if r is not None else {p: 0 for p in self.players}

    def _round(self):
        s = self.state
        return s.round if s is not None else None

    # ---- past tricks and revokes --------------------------------------------------------------
    def trick_info(self, round_no: int, trick_no: int) -> TrickInfo | None:
        """A decided trick (of the round being played or a closed one), or None."""
        t = self.trick(round_no, trick_no)
        if t is None:
            return None
        players = self.state.players
        return TrickInfo(round_no, t.number, tuple((p.card.id, players[p.seat]) for p in t.plays),
                         players[t.winner], t.reward.id, t.gained)

    def revokes(self, round_no: int | None = None, lang: str | None = None) -> tuple[Revoke, ...]:
        """The revokes found in the game (in round ``round_no`` only, when given)."""
        return tuple(self._revoke(v, lang) for v in self.violations()
                     if v.code == "revoke" and (round_no is None or v.round == round_no))

    def new_revoke_notes(self, lang: str | None = None) -> tuple[Revoke, ...]:
        """:meth:`new_revokes` as names, numbers and texts."""
        return tuple(self._revoke(v, lang) for v in self.new_revokes())

    def _revoke(self, v: Violation, lang: str | None) -> Revoke:
        who = v.player
        if isinstance(who, int) and 0 <= who < len(self.players):
            who = self.players[who]
        return Revoke(str(who), v.round, v.params.get("trick", v.trick), v.params.get("proof_trick"),
                      v.text(lang or self.lang))

    def deck(self) -> tuple[str, ...]:
        """The card ids of the deck this table plays with (R-COMP: with 5s for 3–4 players)."""
        return tuple(c.id for c in deck_for(len(self.players))) if self.players else ()

    def deck_facts(self) -> dict[str, dict]:
        return {c.id: facts_to_json(f) for c, f in self._profile.items()}

    def card_facts(self, card: str) -> dict:
        """The printed facts of ``card`` in force for this game (the record's deck form; ``{}``
        when nothing is known)."""
        try:
            return facts_to_json(self._profile.facts(parse_card(card)))
        except ValueError:
            return {}

    # ---- the user's deck profile («Check my deck») ----------------------------------------------
    def deck_cards(self) -> tuple[str, ...]:
        """The cards the deck check walks through (the family cards: 5s print nothing)."""
        return tuple(c.id for c in deck_walk.CARDS)

    def my_facts(self, card: str) -> dict:
        """What the user's deck profile says is printed on ``card`` (the rulebook's facts with
        the user's answers on top), in the record's deck form; ``{}`` when nothing is known."""
        try:
            c = parse_card(card)
        except ValueError:
            return {}
        return facts_to_json(self._my_profile().facts(c))

    def deck_checked(self) -> int:
        """How many cards of the deck check are fully known (pearls and bonus)."""
        return deck_walk.checked(self._my_profile())

    def deck_resume(self) -> int:
        """Where the deck check continues: the index of the first card not fully known."""
        return deck_walk.resume_index(self._my_profile())

    def from_rulebook(self, card: str) -> bool:
        """The rulebook prints (some of) the card's facts: the app pre-fills them."""
        try:
            return parse_card(card) in KNOWN_FACTS
        except ValueError:
            return False

    def _my_profile(self) -> DeckProfile:
        return deck_walk.profile(self.session.store.deck_facts())  # read fresh: another device may have answered

    # ---- the table's actions -----------------------------------------------------------------
    def start_round(self, trump: str, token: int, bonuses: Mapping[str, str], leader: str) -> Outcome:
        return self.do(engine.StartRound(trump, token, dict(bonuses), leader))

    def setup_from_card(self, card: str) -> TrumpDraw:
        """R-SETUP-2: trump and token from the card the table drew (a 5: refused, draw again)."""
        try:
            fam, tok = engine.trump_from_draw(parse_card(card))
        except IllegalAction as e:
            return TrumpDraw(False, Notice("refused", error=e))
        except ValueError:
            return TrumpDraw(False, refused("session.bad-card", {"card": card}).notice)
        return TrumpDraw(True, trump=fam.value, token=int(tok), card=card)

    def draw_for_us(self, rng: random.Random | None = None) -> TrumpDraw:
        """"Draw for us": the app shuffles and draws (R-SETUP-2); always ``ok``."""
        rng = rng or random.Random()
        card, _fives = engine.draw_trump(rng, len(self.players))
        fam, tok = engine.trump_from_draw(card)
        return TrumpDraw(True, trump=fam.value, token=int(tok), card=card.id)

    def use_bonus(self, player: str, card: str, family: str | None = None) -> Outcome:
        return self.do(engine.UseBonus(player, card, family))

    def same_entry(self, a: Any, b: Any) -> bool:
        """A card is played once a round: the same card played is the same entry, whoever the
        second phone took to be playing it (its screen asks the player to act when the tap is
        handled, by then the next one)."""
        if isinstance(a, Mapping) and isinstance(b, Mapping) and a.get("type") == b.get("type") == "play":
            return a.get("card") == b.get("card")
        return a == b

    def play(self, player: str, card: str) -> Outcome:
        return self.do(engine.PlayCard(player, card))

    def choose_reward(self, card: str) -> Outcome:
        return self.do(engine.ChooseReward(card))

    def choose_leader(self, player: str) -> Outcome:
        return self.do(engine.ChooseLeader(player))

    def tally_round(self, tally: Mapping[str, tuple[int, int]]) -> Outcome:
        """Score pad: per player (pearl cards, unused bonuses) (R-SCORE-2)."""
        return self.do(engine.TallyRound(dict(tally)))

    # ---- deck facts --------------------------------------------------------------------------
    @serialized(saves=True)
    def answer_fact(self, card: str, pearls: int | None = None, bonus: Mapping[str, Any] | None = None) -> Outcome:
        """Record a printed fact in the user's deck profile (reused in every later game), then
        retry the action that needed it. Correcting a fact re-scores the game. The deck check
        screen corrects facts through here too (with another game running, through a view of
        its own: :func:`kity_view`, and then only the profile changes)."""
        given = {k: v for k, v in (("pearls", pearls), ("bonus", bonus)) if v is not None}
        try:
            c = parse_card(card)
            facts = facts_from_json(given)
        except (ValueError, RecordError) as e:
            return refused("session.bad-fact", {"card": card, "detail": str(e)})
        if c.is_five:
            return refused("", error=X.FIVE_HAS_NO_FACTS.refusal({"card": card}))  # RUL-FIVE-BONUS
        store = self.session.store
        stored = dict(store.deck_facts().get(card, {}))
        if facts.pearls is not None:
            stored["pearls"] = facts.pearls
        if facts.bonus is not None:
            stored["bonus"] = facts.bonus.to_json()
        store.set_fact(card, stored)
        if self.session.game is not self:  # the deck check while another game is running: profile only
            return DONE
        question, s = self.session.question, self.session
        s.question = None
        answered = question if isinstance(question, FactQuestion) and question.card == card else None
        out = s.context_changed(answered)
        if question is not None and answered is None and s.question is None:
            s.question = question  # a correction of another card: the question still stands
        return out if s.active else DONE


VIEW = KityView


def kity_view(session) -> KityView:
    """The whale view of ``session``: the game's own when «Козырные киты» is running or chosen;
    otherwise (another game is running) a view for the user's deck profile only."""
    return session.game if isinstance(session.game, KityView) else KityView(session)


# ---------------------------------------------------------------------------------------------
# Pure helpers
# ---------------------------------------------------------------------------------------------
_EVENT_KEYS = {"trump": "explain.bonus_trump", "same_trump": "explain.bonus_same_trump",
               "flip": "explain.bonus_flip", "pearl": "explain.bonus_pearl"}


def event_text(ev, lang: str) -> str:
    """A bonus use in a trick (an engine ``BonusEvent``), in the engine's words."""
    key = _EVENT_KEYS.get(ev.kind)
    if key is None:
        return ""
    params = {"player": ev.player, "card": ev.card}
    if ev.family is not None:
        params["family"] = ev.family
    if ev.token is not None:
        params["token"] = ev.token
    try:
        return render(key, params, lang)
    except Exception:
        return ""


def diff_states(old: GameState | None, new: GameState) -> list[Change]:
    """What an edit changed, in game order: trick winners and rewards, round points, totals,
    violations found or gone, the winner of the game."""
    out: list[Change] = []
    if old is None:
        return out
    players = new.players

    def tricks(s: GameState) -> dict[tuple[int, int], Any]:
        rounds = [r.detail for r in s.rounds if r.detail is not None] + ([s.round] if s.round else [])
        return {(r.number, t.number): t for r in rounds for t in r.tricks}

    ot, nt = tricks(old), tricks(new)
    for key in sorted(set(ot) | set(nt)):
        a, b = ot.get(key), nt.get(key)
        if a is None or b is None:
            continue
        if a.winner != b.winner:
            out.append(Change("trick-winner", {"round": key[0], "trick": key[1], "old": players[a.winner], "new": players[b.winner]}))
        elif a.gained != b.gained or a.reward != b.reward:
            out.append(Change("trick-gained", {"round": key[0], "trick": key[1], "player": players[b.winner],
                                               "old": a.gained, "new": b.gained}))
    for i, (a, b) in enumerate(zip(old.rounds, new.rounds), start=1):
        out += changed_numbers("round-points", players, a.points, b.points, round=i)
    return out + changed_end(old, new, engine.totals(old, True), engine.totals(new, True))


def summarize(state: GameState | None, mode: str) -> Summary:
    """What the history and statistics need of a game, kept with it in the archive: points per
    round in seat order, the target, the mode and the revokes found per player."""
    if state is None:
        return Summary(GAME.id)
    return Summary(GAME.id, tuple(state.players), tuple(tuple(r.points) for r in state.rounds),
                   tuple(engine.totals(state)), winner_name(state), revokes=revokes_by_player(state.violations),
                   target=state.target, mode=mode)
