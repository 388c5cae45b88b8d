"""The live game session: the app's brain below the screens.

One observable :class:`Session` per browser tab (or phone app). Its single source of truth is
the action log of the current game, saved action by action in the :class:`Store`; the state is
the rules engine folded over that log, and undo is the same fold with one action less. Every
method that changes something returns an :class:`Outcome`: either done, or refused with the
engine's explanation (rule ID included) and the state untouched.

What the session adds to the engine:
* persistence (every action is saved before it counts; a restart resumes exactly),
* undo / redo / editing a past entry, with everything after it re-validated and a list of
  what changed,
* deck facts learned from the user: an action that needs an unknown printed fact becomes a
  pending :class:`FactQuestion`; the answer goes to the user's deck profile and the action is
  retried; correcting a fact re-scores the game,
* several tabs or phones on one game: every write is compare-and-swap on the stored revision;
  the loser is told, shown the new state, and loses nothing; :meth:`Session.sync` catches up
  with what another device wrote (the store tells the app after every change),
* import and export of game records (``kozyrnye-kity/1``), finishing and abandoning games.

No Flet control and no text live here: notices are message keys with parameters (the UI
renders them in the user's language), engine errors carry their own texts.
"""
from __future__ import annotations

import functools
import random
import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Mapping, Sequence

import flet as ft

from engine import kozyrnye_kity as engine
from engine.kozyrnye_kity import (
    DeckProfile, GameState, IllegalAction, GameError, MissingFact, RecordError, Violation,
)
from engine.kozyrnye_kity.cards import parse_card
from engine.kozyrnye_kity.game import Phase
from engine.kozyrnye_kity.record import (
    LIMITS, bad_name, quote, action_from_json, action_to_json, actions_to_record, facts_from_json, facts_to_json, profile_from_json,
    read_record, record_actions, record_to_json,
)
from engine.kozyrnye_kity.i18n import render
from engine.kozyrnye_kity.replay import replay_record

from .storage import SILENT, RevisionConflict, Store

MODES = ("full", "pad")  # full tracking, or score pad only (tallied rounds)


# ---------------------------------------------------------------------------------------------
# What the session tells the UI
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Notice:
    """Something to tell the table. ``error`` (an engine error) brings its own text in every
    language; otherwise ``key`` + ``params`` are rendered by the UI's catalog."""

    kind: str  # "refused" | "question" | "changed" | "conflict" | "storage" | "import" | "info"
    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    error: GameError | None = None
    changes: tuple["Change", ...] = ()

    def text(self, lang: str, catalog: Callable[[str, Mapping[str, Any], str], str] | None = None) -> str:
        if self.error is not None:
            return self.error.text(lang)
        if catalog is None:
            return self.key
        return catalog(self.key, self.params, lang)


@dataclass(frozen=True)
class Outcome:
    ok: bool
    notice: Notice | None = None

    def text(self, lang: str = "ru") -> str:
        return self.notice.text(lang) if self.notice else ""


DONE = Outcome(True)


@dataclass(frozen=True)
class FactQuestion:
    """The engine needs a printed fact of ``card`` (``"pearls"`` or ``"bonus"``) that the deck
    profile does not know; ``retry`` is the action to apply once it is answered."""

    card: str
    fact: str
    retry: dict | None
    known: Mapping[str, Any]  # what is known of the card already (pre-fill)
    error: MissingFact | None = None


@dataclass(frozen=True)
class Change:
    """One difference after an edit, undo of a past entry, or a corrected fact."""

    key: str  # "trick-winner" | "trick-gained" | "round-points" | "total" | "violation-new" | "violation-gone" | "entry-dropped" | "winner"
    params: Mapping[str, Any]


# ---------------------------------------------------------------------------------------------
# The session
# ---------------------------------------------------------------------------------------------
@ft.observable
class Session:
    """One table's view of the game in progress. Public fields notify the UI on change."""

    def __init__(self, store: Store, lang: str = "ru", clock: Callable[[], datetime] | None = None):
        self._store = store
        self._clock = clock or (lambda: datetime.now().astimezone())  # the app's clock; the engine has none
        self._mutex = threading.RLock()  # handlers (worker threads) and sync (the event loop)
        self._seen_generation = store.generation
        self._unplayable: str | None = None  # a stored game that cannot be played nor archived
        self._log: list[dict] = []
        self._redo: list[dict] = []
        self._states: list[GameState] = []  # _states[i]: the state after the first i actions
        self._profile = DeckProfile()
        self.lang = lang
        self.game_id: str | None = None
        self.meta: dict = {}
        self.revision = 0
        self.version = 0  # bumped on every change: the one field the UI needs to watch
        self.notice: Notice | None = None
        self.question: FactQuestion | None = None
        self.skipped: tuple[int, ...] = ()  # log entries an edit made impossible to apply
        self._load_profile()
        self._load_current()
        news = [i for i in store.incidents if i.code not in SILENT]
        if news:
            inc = news[-1]
            self.notice = Notice("storage", f"storage.{inc.code}", dict(inc.params))

    # ---- reading ------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.game_id is not None

    @property
    def state(self) -> GameState | None:
        return self._states[-1] if self._states else None

    @property
    def log(self) -> tuple[dict, ...]:
        return tuple(self._log)

    @property
    def redo_log(self) -> tuple[dict, ...]:
        return tuple(self._redo)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.meta.get("players", ()))

    @property
    def mode(self) -> str:
        return self.meta.get("mode", "full")

    @property
    def profile(self) -> DeckProfile:
        """The deck facts in force: known facts, the user's profile, a record's own facts."""
        return self._profile

    def phase(self) -> Phase | None:
        return engine.phase(self.state) if self.state else None

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
        """(winner, pearls gained) of the last decided trick, for «Лена +3» (R-REWARD-1)."""
        s = self.state
        if s is None:
            return None
        r = s.round if s.round is not None and s.round.tricks else (s.rounds[-1].detail if s.rounds else None)
        if r is None or not r.tricks:
            return None
        t = r.tricks[-1]
        return s.players[t.winner], t.gained

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
        problems = engine.game.first_bonus_problems(s, seat, c, others)
        return " ".join(render(rule.key, params, self.lang) for rule, params in problems) or None

    def new_revokes(self) -> tuple[Violation, ...]:
        """Revokes the last entry proved (RUL-REVOKE): the card just played shows that the player
        held a family they did not follow in an earlier trick. The table shows them at once."""
        if len(self._states) < 2:
            return ()
        before = {_violation_key(v) for v in self._states[-2].violations}
        return tuple(v for v in self._states[-1].violations if v.code == "revoke" and _violation_key(v) not in before)

    def led_family(self) -> str | None:
        """The family of the current trick that the next players follow (R-TRICK-2), if any."""
        s = self.state
        r = s.round if s else None
        return r.led.value if r is not None and r.led is not None else None

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

    def round_points(self) -> dict[str, int]:
        s = self.state
        if s is None or s.round is None:
            return {p: 0 for p in self.players}
        return dict(zip(s.players, engine.round_points(s.round)))

    def points_by_round(self) -> list[dict[str, int]]:
        s = self.state
        return [dict(zip(s.players, r.points)) for r in s.rounds] if s else []

    def winner(self) -> str | None:
        s = self.state
        return s.players[s.winner] if s and s.winner is not None else None

    def tied_at_top(self) -> tuple[str, ...]:
        """After a complete round: the players who share the highest total when it is at or
        above the target, in seat order. Nobody wins then; another round is played (R-END,
        RUL-WINNER-MANY). ``()`` while a round is being played, when there is a winner, or when
        the top total is below the target or held by one player alone."""
        s = self.state
        if s is None or s.round is not None or not s.rounds:
            return ()
        if engine.end_of_game([r.points for r in s.rounds], s.target)[0] is not None:
            return ()  # one player alone at the top, at or above the target, at some round end
        tot = engine.totals(s)
        top = max(tot)
        if top < s.target or tot.count(top) < 2:
            return ()
        return tuple(p for p, v in zip(s.players, tot) if v == top)

    def violations(self) -> tuple[Violation, ...]:
        return self.state.violations if self.state else ()

    def suggested_leader(self) -> str | None:
        s = self.state
        seat = engine.suggested_leader(s) if s else None
        return s.players[seat] if seat is not None else None

    def entries(self) -> list[dict]:
        """The log for the History screen: index, round, trick, the action, and whether an
        edit made it impossible to apply (it is kept, not dropped)."""
        out = []
        for i, a in enumerate(self._log):
            before = self._states[i] if i < len(self._states) else None
            if before is None or before.round is None or a.get("type") in ("start_round", "tally"):
                rnd, trick = (len(before.rounds) + 1 if before else 0), 0
            else:
                rnd, trick = before.round.number, before.round.trick_number
            out.append({"index": i, "round": rnd, "trick": trick, "action": a, "skipped": i in self.skipped})
        return out

    # ---- starting and ending games -----------------------------------------------------------
    def new_game(self, players: Sequence[str], target: int = engine.game.DEFAULT_TARGET, mode: str = "full") -> Outcome:
        """Start a new game (2–4 players in clockwise order). A game in progress must be
        finished or abandoned first."""
        if self._stale():
            return self._conflict()
        if self.active:
            return Outcome(False, Notice("refused", "session.game-running"))
        players = [p.strip() if isinstance(p, str) else p for p in players]
        try:
            engine.new_game(players, target)
        except IllegalAction as e:
            return Outcome(False, Notice("refused", error=e))
        for p in players:  # what a record cannot hold, a game does not take (it could not be exported)
            if bad_name(p) is not None:
                return Outcome(False, Notice("refused", "session.bad-name", {"name": quote(p), "limit": LIMITS.max_name}))
        if mode not in MODES:
            return Outcome(False, Notice("refused", "session.bad-mode", {"mode": mode}))
        # check and start as one step: another tab may start a game at the same moment
        cur = self._store.start_game({"players": players, "target": target, "mode": mode, "deck": {},
                                      "started": self._now()}, unless_other_than=self._unplayable)
        if cur is None:
            return self._conflict()
        self._adopt(cur)
        return DONE

    def finish(self) -> Outcome:
        """Archive the game once it has a winner (R-END)."""
        if self._stale():
            return self._conflict()
        if not self.active:
            return Outcome(False, Notice("refused", "session.no-game"))
        if self.winner() is None:
            return Outcome(False, Notice("refused", "session.not-over"))
        return self._archive("finished")

    def abandon(self) -> Outcome:
        """Stop the game without a winner; it stays in the history as abandoned."""
        if self._stale():
            return self._conflict()
        if not self.active:
            return Outcome(False, Notice("refused", "session.no-game"))
        return self._archive("abandoned")

    def _archive(self, status: str) -> Outcome:
        ended = self._now()
        record = record_to_json(self._record(ended))
        summary = {**summarize(self.state, self.mode), **self._times(ended)}
        try:
            self._store.finish_current(self.game_id, self.revision, record, summary, status)
        except RevisionConflict:
            return self._conflict()
        self._clear()
        self._touch()
        return DONE

    # ---- the table's actions -----------------------------------------------------------------
    def start_round(self, trump: str, token: int, bonuses: Mapping[str, str], leader: str) -> Outcome:
        return self._do({"type": "start_round", "trump": trump, "token": token, "bonuses": dict(bonuses), "leader": leader})

    def setup_from_card(self, card: str) -> tuple[str, int] | Outcome:
        """R-SETUP-2: trump and token from the card the table drew (a 5: draw again)."""
        try:
            fam, tok = engine.trump_from_draw(parse_card(card))
        except IllegalAction as e:
            return Outcome(False, Notice("refused", error=e))
        except ValueError:
            return Outcome(False, Notice("refused", "session.bad-card", {"card": card}))
        return fam.value, int(tok)

    def draw_for_us(self, rng: random.Random | None = None) -> tuple[str, int, str]:
        """"Draw for us": the app shuffles and draws (R-SETUP-2). Returns (trump, token, card)."""
        rng = rng or random.Random()
        card, _fives = engine.draw_trump(rng, len(self.players))
        fam, tok = engine.trump_from_draw(card)
        return fam.value, int(tok), card.id

    def use_bonus(self, player: str, card: str, family: str | None = None) -> Outcome:
        a = {"type": "use", "player": player, "card": card}
        if family is not None:
            a["family"] = family
        return self._do(a)

    def play(self, player: str, card: str) -> Outcome:
        return self._do({"type": "play", "player": player, "card": card})

    def choose_reward(self, card: str) -> Outcome:
        return self._do({"type": "reward", "card": card})

    def choose_leader(self, player: str) -> Outcome:
        return self._do({"type": "leader", "player": player})

    def tally_round(self, tally: Mapping[str, tuple[int, int]]) -> Outcome:
        """Score pad: per player (pearl cards, unused bonuses) (R-SCORE-2)."""
        return self._do({"type": "tally", "tally": {p: {"pearls": v[0], "unused_bonuses": v[1]} for p, v in tally.items()}})

    # ---- undo, redo, edit --------------------------------------------------------------------
    def undo(self) -> Outcome:
        if self._stale():
            return self._conflict()
        if not self._log:
            return Outcome(False, Notice("refused", "session.nothing-to-undo"))
        log, redo = self._log[:-1], self._redo + [self._log[-1]]
        return self._rewrite(log, redo, report=False)

    def redo(self) -> Outcome:
        if self._stale():
            return self._conflict()
        if not self._redo:
            return Outcome(False, Notice("refused", "session.nothing-to-redo"))
        action = self._redo[-1]
        state, err = self._try(self.state, action)
        if err is not None:
            return self._refused(err, action)
        return self._commit(self._log + [action], self._redo[:-1], state)

    def edit(self, index: int, action: dict) -> Outcome:
        """Replace log entry ``index``; all that follows is recomputed and re-validated."""
        refused = self._check_entry(action)
        if refused is not None:
            return refused
        if not 0 <= index < len(self._log):
            return Outcome(False, Notice("refused", "session.no-entry", {"index": index}))
        return self._rewrite(self._log[:index] + [dict(action)] + self._log[index + 1:], [], report=True, edited=index)

    def insert(self, index: int, action: dict) -> Outcome:
        """Insert a forgotten entry (e.g. a bonus use) before entry ``index``."""
        refused = self._check_entry(action)
        if refused is not None:
            return refused
        if not 0 <= index <= len(self._log):
            return Outcome(False, Notice("refused", "session.no-entry", {"index": index}))
        return self._rewrite(self._log[:index] + [dict(action)] + self._log[index:], [], report=True, edited=index)

    def delete(self, index: int) -> Outcome:
        refused = self._check_entry(None)
        if refused is not None:
            return refused
        if not 0 <= index < len(self._log):
            return Outcome(False, Notice("refused", "session.no-entry", {"index": index}))
        return self._rewrite(self._log[:index] + self._log[index + 1:], [], report=True, edited=index)

    def _check_entry(self, action: dict | None) -> Outcome | None:
        """The refusal for an edit, insert or delete that cannot be made now, else None."""
        if self._stale():
            return self._conflict()
        if not self.active:
            return Outcome(False, Notice("refused", "session.no-game"))
        if action is not None and (not isinstance(action, Mapping) or (self.mode == "pad" and action.get("type") != "tally")):
            return Outcome(False, Notice("refused", "session.pad-mode" if self.mode == "pad" else "session.bad-entry"))
        return None

    # ---- deck facts --------------------------------------------------------------------------
    def answer_fact(self, card: str, pearls: int | None = None, bonus: Mapping[str, Any] | None = None) -> Outcome:
        """Record a printed fact in the user's deck profile (reused in every later game), then
        retry the action that needed it. Correcting a fact re-scores the game."""
        given = {k: v for k, v in (("pearls", pearls), ("bonus", bonus)) if v is not None}
        try:
            c = parse_card(card)
            facts = facts_from_json(given)
        except (ValueError, RecordError) as e:
            return Outcome(False, Notice("refused", "session.bad-fact", {"card": card, "detail": str(e)}))
        if c.is_five:
            return Outcome(False, Notice("refused", "session.five-no-facts"))
        stored = dict(self._store.deck_facts().get(card, {}))
        if facts.pearls is not None:
            stored["pearls"] = facts.pearls
        if facts.bonus is not None:
            stored["bonus"] = facts.bonus.to_json()
        self._store.set_fact(card, stored)
        before = self._states
        self._load_profile()
        question, self.question = self.question, None
        out = DONE
        if self._log:
            out = self._rewrite(list(self._log), list(self._redo), report=True, old_states=before, persist=False)
        if question is not None and question.retry is not None and question.card == card:
            out = self._do(question.retry)
        elif question is not None and question.card != card and self.question is None:
            self.question = question  # a correction of another card: the question still stands
        self._touch()
        return out

    def deck_facts(self) -> dict[str, dict]:
        return {c.id: facts_to_json(f) for c, f in self._profile.items()}

    # ---- records ---------------------------------------------------------------------------------
    def export_record(self) -> str:
        """The current game as a ``kozyrnye-kity/1`` record (JSON text)."""
        import json

        return json.dumps(record_to_json(self._record()), ensure_ascii=False, indent=2) + "\n"

    def export_archived(self, game_id: str) -> str | None:
        import json

        g = self._store.archived_game(game_id)
        return json.dumps(g["record"], ensure_ascii=False, indent=2) + "\n" if g and g.get("record") else None

    def import_record(self, data: str | bytes) -> Outcome:
        """Validate a record and file it in the history. A malformed file changes nothing and
        is rejected with the reason; a readable one is kept with its violations reported."""
        try:
            rec = read_record(data)
            result = replay_record(rec)
        except RecordError as e:
            return Outcome(False, Notice("refused", error=e))
        _state, actions = record_actions(rec)
        times = {k: rec.extra[k] for k in ("started", "ended") if isinstance(rec.extra.get(k), str) and parse_time(rec.extra[k])}
        meta = {"players": list(rec.players), "target": rec.effective_target, "mode": "full", **times,
                "deck": {c.id: facts_to_json(f) for c, f in (rec.deck or ())}, "imported": True}
        self._store.import_game(meta, [action_to_json(a, rec.players) for _, a in actions], record_to_json(rec),
                                {**summarize(result.state, "full"), **times})
        self._touch()
        return Outcome(True, Notice("import", "session.imported",
                                    {"violations": len(result.violations), "finished": result.finished},
                                    changes=tuple(Change("violation-new", {"violation": v}) for v in result.violations)))

    # ---- history and statistics --------------------------------------------------------------
    def archived(self) -> list[dict]:
        return self._store.archived()

    def archived_points(self, game_id: str) -> tuple[tuple[str, ...], list[dict[str, int]]] | None:
        """(players, points per round) of an archived game, for the race chart."""
        g = self._store.archived_game(game_id)
        if not g or not g.get("summary"):
            return None
        s = g["summary"]
        return tuple(s["players"]), [dict(zip(s["players"], pts)) for pts in s["rounds"]]

    # ---- internals -------------------------------------------------------------------------------
    def _touch(self) -> None:
        self._seen_generation = self._store.generation  # what this session shows is current
        self.version += 1

    def _load_profile(self) -> None:
        deck = self.meta.get("deck") if isinstance(self.meta, dict) else None
        self._facts_seen = self._store.deck_facts()
        self._profile = profile_from_json(self._facts_seen, deck if isinstance(deck, dict) else {})

    def _load_current(self) -> None:
        cur = self._store.current()
        if cur is None:
            self._clear()
            return
        try:
            self._adopt(cur)
        except (IllegalAction, KeyError, TypeError, ValueError, AttributeError):
            # The file parsed but its game cannot be played (e.g. no valid players): keep it
            # aside in the history as abandoned, tell the table, and carry on without a game.
            self._clear()
            players = cur.meta.get("players")
            if players is None or isinstance(players, list):  # what the archive index can list
                try:
                    self._store.finish_current(cur.game_id, cur.revision, None, {}, "abandoned")
                except (RevisionConflict, OSError, ValueError, TypeError):
                    pass
            if self._store.current() is not None:  # could not be archived: a new game replaces it
                self._unplayable = cur.game_id
            self.notice = Notice("storage", "session.unreadable-game", {"game_id": cur.game_id})
            self._touch()

    def _adopt(self, cur) -> None:
        """Take over a stored game: fold its log (re-validating every entry)."""
        self.game_id, self.meta, self.revision = cur.game_id, dict(cur.meta), cur.revision
        self._load_profile()
        self._redo = list(cur.redo)
        states, skipped, question = self._fold(list(cur.actions))
        self._log = list(cur.actions)
        self._states, self.skipped = states, skipped
        self.question = question
        self._touch()

    def _clear(self) -> None:
        self.game_id, self.meta, self.revision = None, {}, 0
        self._log, self._redo, self._states, self.skipped = [], [], [], ()
        self.question = None
        self._load_profile()

    def _start_state(self) -> GameState:
        m = self.meta
        return engine.new_game(m["players"], m.get("target", engine.game.DEFAULT_TARGET), self._profile)

    def _try(self, state: GameState, action: dict) -> tuple[GameState | None, GameError | None]:
        try:
            return engine.apply(state, action_from_json(action, state.players)), None
        except (IllegalAction, MissingFact, RecordError) as e:
            return None, e

    def _fold(self, log: list[dict], start: tuple[list[GameState], tuple[int, ...]] | None = None,
              ) -> tuple[list[GameState], tuple[int, ...], FactQuestion | None]:
        """States after each entry. An entry that no longer fits (after an edit) is applied in
        replay mode — kept and reported as a violation — or, if it cannot apply at all, skipped
        and reported; nothing in the log is dropped. ``start``: the states and skipped entries
        of a prefix of ``log`` already folded (only the rest is applied)."""
        states = list(start[0]) if start else [self._start_state()]
        skipped: list[int] = list(start[1]) if start else []
        question = None
        for i in range(len(states) - 1, len(log)):
            action = log[i]
            state, err = self._try(states[-1], action)
            if err is not None and isinstance(err, IllegalAction):
                try:
                    state = engine.apply(states[-1], action_from_json(action, states[-1].players), strict=False)
                    err = None
                except (IllegalAction, RecordError):
                    pass
                except MissingFact as e:
                    err = e
            if err is not None:
                if isinstance(err, MissingFact) and question is None:
                    question = self._question(err, None)
                skipped.append(i)
                states.append(states[-1])
                continue
            states.append(state)
        return states, tuple(skipped), question

    def _question(self, err: MissingFact, retry: dict | None) -> FactQuestion:
        return FactQuestion(err.card.id, err.fact, retry, facts_to_json(self._profile.facts(err.card)), err)

    def _do(self, action: dict) -> Outcome:
        if self._stale():
            return self._conflict()
        if not self.active:
            return Outcome(False, Notice("refused", "session.no-game"))
        if self.mode == "pad" and action["type"] != "tally":
            return Outcome(False, Notice("refused", "session.pad-mode"))
        state, err = self._try(self.state, action)
        if err is not None:
            return self._refused(err, action)
        return self._commit(self._log + [action], [], state)

    def _refused(self, err: GameError, action: dict) -> Outcome:
        if isinstance(err, MissingFact):
            self.question = self._question(err, action)
            self._touch()
            return Outcome(False, Notice("question", error=err))
        self.notice = Notice("refused", error=err)
        self._touch()
        return Outcome(False, self.notice)

    def _commit(self, log: list[dict], redo: list[dict], state: GameState) -> Outcome:
        """Save first, then show: an append when the log only grew by one, else a rewrite."""
        try:
            if len(log) == len(self._log) + 1 and log[:-1] == self._log and not redo:
                rev = self._store.append_action(self.game_id, self.revision, log[-1])
            else:
                rev = self._store.replace_log(self.game_id, self.revision, log, redo)
        except RevisionConflict:
            return self._conflict()
        self._log, self._redo, self.revision = log, redo, rev
        if self.question is not None and self.question.retry is not None and self.question.retry is not log[-1]:
            self.question = None  # another action went in instead: that question is moot
        self._states = self._states[: len(log)] + [state]
        self.notice = None
        self._touch()
        return DONE

    def _rewrite(self, log: list[dict], redo: list[dict], *, report: bool, edited: int | None = None,
                 old_states: list[GameState] | None = None, persist: bool = True) -> Outcome:
        old = (old_states or self._states)[-1] if (old_states or self._states) else None
        states, skipped, question = self._fold(log)
        if persist:
            try:
                rev = self._store.replace_log(self.game_id, self.revision, log, redo)
            except RevisionConflict:
                return self._conflict()
            self.revision = rev
        self._log, self._redo, self._states, self.skipped = log, redo, states, skipped
        self.question = question  # a question left from a live action is about a log that is gone
        changes = tuple(diff_states(old, states[-1])) + tuple(
            Change("entry-dropped", {"index": i, "action": log[i]}) for i in skipped) if report and old else ()
        self.notice = Notice("changed", "session.changed", {"count": len(changes)}, changes=changes) if changes else None
        self._touch()
        return Outcome(True, self.notice)

    def _stale(self) -> bool:
        """Another tab changed the stored game since this one last saw it."""
        cur = self._store.current()
        if cur is None or (cur.game_id == self._unplayable and self.game_id is None):
            return self.game_id is not None
        return cur.game_id != self.game_id or cur.revision != self.revision

    def _conflict(self) -> Outcome:
        """Another tab wrote first: load what it wrote, tell this table, lose nothing."""
        self._load_current()
        self.notice = Notice("conflict", "session.conflict")
        self._touch()
        return Outcome(False, self.notice)

    def sync(self) -> bool:
        """Catch up with the store after another device (or tab) changed it. Entries added
        there are folded on top of this session's states (no re-fold of the whole game);
        anything else (undo, an edit, another game, new deck facts) reloads. Returns whether
        the game changed; a change of the archive only re-renders."""
        generation = self._store.generation
        if generation == self._seen_generation:
            return False
        if not self._stale():
            self._touch()  # the archive or the facts changed: lists and statistics re-render
            return False
        cur = self._store.current()
        facts = self._store.deck_facts()
        n = len(self._log)
        if (cur is not None and cur.game_id == self.game_id and not cur.redo and not self._redo
                and len(cur.actions) > n and cur.actions[:n] == self._log and facts == self._facts_seen):
            states, skipped, question = self._fold(list(cur.actions), start=(self._states, self.skipped))
            self._log, self.revision = list(cur.actions), cur.revision
            self._states, self.skipped = states, skipped
            self.question = question
            self._touch()
        else:
            self.reload()
        return True

    def dismiss_notice(self) -> None:
        """The table has read the last notice."""
        if self.notice is not None:
            self.notice = None
            self._touch()

    def reload(self) -> None:
        """Re-read the stored game (e.g. when another tab may have changed it)."""
        self._load_profile()
        self._load_current()

    def _record(self, ended: str | None = None):
        start = self._start_state()
        actions = [action_from_json(a, start.players) for i, a in enumerate(self._log) if i not in self.skipped]
        return actions_to_record(start, actions, self._times(ended))

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    def _times(self, ended: str | None) -> dict:
        """``started`` / ``ended`` of this game (ISO 8601 with the UTC offset), where known:
        optional fields of the record and of the archive's summary."""
        out = {"started": self.started, "ended": ended}
        return {k: v for k, v in out.items() if v is not None}

    @property
    def started(self) -> str | None:
        """When the game in progress started (ISO 8601), if the app knows it."""
        v = self.meta.get("started")
        return v if isinstance(v, str) else None


def _serialized(method, saves: bool):
    """One change at a time per session: a tap's handler (a worker thread) and :meth:`sync`
    (the event loop, when another device wrote) never interleave. ``saves``: the method
    returns an Outcome, and a write that fails (disk full, a read-only folder) becomes a
    refusal that says so — the store is unchanged then, and so is the session (every change
    is saved before it is shown)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self._mutex:
            if not saves:
                return method(self, *args, **kwargs)
            try:
                return method(self, *args, **kwargs)
            except OSError as e:
                reason = e.strerror or type(e).__name__
                self.notice = Notice("storage", "session.not-saved", {"reason": reason})
                self._touch()
                return Outcome(False, self.notice)

    return wrapper


for _name in ("new_game", "finish", "abandon", "start_round", "use_bonus", "play", "choose_reward",
              "choose_leader", "tally_round", "undo", "redo", "edit", "insert", "delete", "answer_fact",
              "import_record"):
    setattr(Session, _name, _serialized(getattr(Session, _name), saves=True))
for _name in ("dismiss_notice", "reload", "sync"):
    setattr(Session, _name, _serialized(getattr(Session, _name), saves=False))


# ---------------------------------------------------------------------------------------------
# Pure helpers
# ---------------------------------------------------------------------------------------------
def parse_time(value: Any) -> datetime | None:
    """An ISO 8601 time from a record or the archive (``started``, ``ended``), else None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _violation_key(v: Violation) -> tuple:
    """The same finding before and after a change (its message may differ)."""
    return v.code, v.round, v.trick, v.player


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
        for p, x, y in zip(players, a.points, b.points):
            if x != y:
                out.append(Change("round-points", {"round": i, "player": p, "old": x, "new": y}))
    for p, x, y in zip(players, engine.totals(old, True), engine.totals(new, True)):
        if x != y:
            out.append(Change("total", {"player": p, "old": x, "new": y}))
    ov = {_violation_key(v) for v in old.violations}
    nv = {_violation_key(v) for v in new.violations}
    for v in new.violations:
        if _violation_key(v) not in ov:
            out.append(Change("violation-new", {"violation": v}))
    for v in old.violations:
        if _violation_key(v) not in nv:
            out.append(Change("violation-gone", {"violation": v}))
    if old.winner != new.winner:
        out.append(Change("winner", {"old": players[old.winner] if old.winner is not None else None,
                                     "new": players[new.winner] if new.winner is not None else None}))
    return out


def summarize(state: GameState | None, mode: str) -> dict:
    """What the history and statistics need of a game, kept with it in the archive."""
    if state is None:
        return {}
    revokes: dict[str, int] = {}
    for v in state.violations:
        if v.code == "revoke" and v.player:
            revokes[v.player] = revokes.get(v.player, 0) + 1
    rounds = [list(r.points) for r in state.rounds]
    return {
        "players": list(state.players),
        "target": state.target,
        "mode": mode,
        "rounds": rounds,
        "totals": list(engine.totals(state)),
        "winner": state.players[state.winner] if state.winner is not None else None,
        "revokes": revokes,
    }
