"""Seeded simulation of whole games from real shuffled hands, for tests and benchmarks.

The simulated table deals real hands (R-SETUP-3), follows the led family whenever it can
(R-TRICK-2), uses bonuses at random on its own turn (R-TRICK-3) and chooses rewards at random,
so every game it produces is legal. ``revoke_at`` injects one revoke on purpose.

The deck facts it needs come from :func:`synthetic_profile`: random values for a test deck,
never presented as the printed cards.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from .cards import FAMILIES, FAMILY_CARDS, Bonus, BonusKind, Card, CardFacts, DeckProfile
from .game import (
    Action, ChooseLeader, ChooseReward, GameState, Phase, PlayCard, StartRound, TallyRound, UseBonus, apply,
    leader_chooser, new_game, phase, reward_options, suggested_leader, to_act,
)
from .setup import deal, draw_trump, trump_from_draw
from .trick import led_family


def synthetic_profile(rng: random.Random) -> DeckProfile:
    """A complete, made-up deck profile (pearls 1–3, a random bonus) for simulations."""
    facts = {}
    for card in FAMILY_CARDS:
        kind = rng.choice(list(BonusKind))
        fams = tuple(rng.sample(FAMILIES, rng.choice((1, 1, 2)))) if kind is BonusKind.TRUMP else ()
        facts[card] = CardFacts(rng.randint(1, 3), Bonus(kind, fams))
    return DeckProfile(facts, base={})


@dataclass(frozen=True)
class RevokeAt:
    """Inject a revoke at the first chance from (round, trick) on: the player to act holds the
    led family and another family card, and plays the other one."""

    round: int
    trick: int


@dataclass
class Simulated:
    start: GameState
    actions: list[Action]
    final: GameState
    revoke: tuple[int, int, int] | None = None  # (round, trick, seat) actually injected
    hands: list[tuple[tuple[Card, ...], ...]] | None = None  # the dealt hands of each round


def simulate_game(
    rng: random.Random,
    players: Sequence[str],
    *,
    target: int = 30,
    profile: DeckProfile | None = None,
    max_rounds: int | None = None,
    bonus_rate: float = 0.15,
    tally_rate: float = 0.0,
    revoke_at: RevokeAt | None = None,
) -> Simulated:
    """Play a whole game (or ``max_rounds`` rounds) with the strict engine."""
    profile = profile if profile is not None else synthetic_profile(rng)
    start = state = new_game(players, target, profile)
    n = len(players)
    actions: list[Action] = []
    injected = None
    all_hands = []

    def do(action: Action) -> None:
        nonlocal state
        state = apply(state, action)
        actions.append(action)

    while phase(state) is Phase.SETUP and (max_rounds is None or len(state.rounds) < max_rounds):
        if rng.random() < tally_rate:
            do(TallyRound(tuple((rng.randint(0, 12), rng.randint(0, 4)) for _ in range(n))))
            continue
        drawn, _ = draw_trump(rng, n)
        trump, token = trump_from_draw(drawn)
        hands = [list(h) for h in deal(rng, n)]
        all_hands.append(tuple(tuple(h) for h in hands))
        firsts = []
        for h in hands:  # R-SETUP-4: any card but a 5 (RUL-FIVE-BONUS)
            c = rng.choice([c for c in h if not c.is_five])
            h.remove(c)
            firsts.append(c)
        leader = suggested_leader(state)
        do(StartRound(trump, token, tuple(firsts), leader if leader is not None else rng.randrange(n)))
        rnd = len(state.rounds) + 1
        while state.round is not None and state.round.number == rnd:
            ph = phase(state)
            if ph is Phase.PLAY:
                seat = to_act(state)
                for b in list(state.round.bonuses[seat]):
                    if rng.random() < bonus_rate:
                        bonus = profile.bonus(b)
                        fam = rng.choice(bonus.families) if bonus.kind is BonusKind.TRUMP and len(bonus.families) > 1 else None
                        do(UseBonus(seat, b, fam))
                hand = hands[seat]
                led = led_family([p.card for p in state.round.plays])
                follow = [c for c in hand if c.family is led] if led is not None else []
                trick = state.round.trick_number
                if (revoke_at is not None and injected is None and (rnd, trick) >= (revoke_at.round, revoke_at.trick)
                        and follow and any(c.family is not None and c.family is not led for c in hand)):
                    options = [c for c in hand if c.family is not None and c.family is not led]
                    injected = (rnd, trick, seat)
                elif follow:
                    options = follow + [c for c in hand if c.is_five]  # R-FIVE-1: a 5 any time
                else:
                    options = hand
                card = rng.choice(options)
                hand.remove(card)
                do(PlayCard(seat, card))
            elif ph is Phase.REWARD:
                # the choices, not the options: every 5 is the same choice (R-FIVE-REWARD)
                choices = list(dict.fromkeys(o.card for o in reward_options(state)))
                do(ChooseReward(rng.choice(choices)))
            elif ph is Phase.NEXT_LEADER:
                assert leader_chooser(state) is not None
                do(ChooseLeader(rng.randrange(n)))
    return Simulated(start, actions, state, injected, all_hands)
