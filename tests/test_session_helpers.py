"""Shared helpers for the session tests (tests/test_session_*.py) and the kill worker.

Whole games come from :func:`engine.kozyrnye_kity.simulate.simulate_game`; every engine action is turned into
the JSON the session saves (``action_to_json``) and sent through the matching public
:class:`Session` method, never through the engine directly. Deck facts the session asks for are
answered from the simulation's synthetic profile, as a user reading the printed cards would.
"""
from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Coroutine, Sequence

from engine import kozyrnye_kity as engine
from engine.kozyrnye_kity import CardFacts, DeckProfile, parse_card
from engine.kozyrnye_kity.record import action_from_json, action_to_json, facts_to_json
from engine.kozyrnye_kity.simulate import Simulated, simulate_game, synthetic_profile

from companion.ui.session import Outcome, Session
from companion.store.repository import Store

NARWHAL_2 = parse_card("narwhal-2")


def sim(seed: int, players: Sequence[str], **kw) -> tuple[Simulated, DeckProfile]:
    """A seeded legal game and the profile it was played with. The narwhal 2 shows three pearls
    (a known fact the session never asks about), so the synthetic profile is made to agree."""
    rng = random.Random(seed)
    prof = synthetic_profile(rng)
    prof = prof.with_facts(NARWHAL_2, CardFacts(3, None))
    return simulate_game(rng, list(players), profile=prof, **kw), prof


def json_actions(sm: Simulated) -> list[dict]:
    return [action_to_json(a, sm.start.players) for a in sm.actions]


def call(s: Session, a: dict) -> Outcome:
    """Send one saved-form action through the session's public method for it."""
    t = a["type"]
    if t == "start_round":
        return s.game.start_round(a["trump"], a["token"], a["bonuses"], a["leader"])
    if t == "use":
        return s.game.use_bonus(a["player"], a["card"], a.get("family"))
    if t == "play":
        return s.game.play(a["player"], a["card"])
    if t == "reward":
        assert "next_leader" not in a
        return s.game.choose_reward(a["card"])
    if t == "leader":
        return s.game.choose_leader(a["player"])
    if t == "tally":
        return s.game.tally_round({p: (v["pearls"], v["unused_bonuses"]) for p, v in a["tally"].items()})
    raise AssertionError(f"unknown action {a!r}")


def answer(s: Session, prof: DeckProfile) -> Outcome:
    """Answer the session's pending question from the printed (synthetic) facts."""
    q = s.question
    assert q is not None, "refused without a question"
    card = parse_card(q.card)
    if q.fact == "pearls":
        return s.game.answer_fact(q.card, pearls=prof.pearls(card))
    assert q.fact == "bonus", q
    return s.game.answer_fact(q.card, bonus=prof.bonus(card).to_json())


def do(s: Session, a: dict, prof: DeckProfile) -> tuple[Outcome, int]:
    """Play one action, answering questions until it is done; (outcome, questions asked)."""
    out = call(s, a)
    asked = 0
    while not out.ok:
        assert out.notice is not None and out.notice.kind == "question", (a, out.text("en"))
        asked += 1
        assert asked <= 2, "asked twice about one action"
        out = answer(s, prof)
    return out, asked


def drive(s: Session, actions: Sequence[dict], prof: DeckProfile) -> int:
    """Play ``actions`` through the session; returns the number of questions asked."""
    asked = 0
    for i, a in enumerate(actions):
        out, n = do(s, a, prof)
        asked += n
        assert out.ok and s.log[-1] == a, (i, a)
    return asked


def fold_stored(store: Store) -> engine.GameState:
    """What the stored game must look like: the engine folded over the stored log with the
    stored deck profile, built independently of the session."""
    cur = store.current()
    facts = {}
    for cid, f in store.deck_facts().items():
        b = f.get("bonus")
        bonus = engine.Bonus(engine.BonusKind(b["kind"]), tuple(engine.Family(x) for x in b.get("families", ()))) if b else None
        facts[parse_card(cid)] = CardFacts(f.get("pearls"), bonus)
    state = engine.new_game(cur.meta["players"], cur.meta["target"], DeckProfile(facts))
    for a in cur.actions:
        state = engine.apply(state, action_from_json(a, state.players))
    return state


def snapshot(s: Session) -> tuple:
    """Everything a table sees of a session, comparable with ``==``."""
    st = s.state
    return (s.game_id, s.log, s.game.totals(), s.game.points_by_round(), s.game.round_points(), s.winner(),
            s.game.phase(), s.game.to_act(), s.game.violations(), st.round if st else None)


def teach(store: Store, prof: DeckProfile) -> None:
    """The user already told the app every printed fact (no questions in these tests)."""
    for card, f in prof.items():
        store.set_fact(card.id, facts_to_json(f))


def run_coroutine(coro: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run`` in a thread of its own: a browser test that ran before on the same worker
    leaves Playwright's event loop running in the main thread, where ``asyncio.run`` refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
