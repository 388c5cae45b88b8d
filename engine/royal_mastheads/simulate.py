"""Seeded random legal sets of «Королевское наказание», for tests, benchmarks and example records.

Each deal shuffles the real 52-card deck (RM-COMP) with the given :class:`random.Random`; the
top card is turned (RM-DEAL-2: its suit is trump), put into the middle of the deck, and 13
cards are dealt to each player starting at the dealer's left; each player puts 2 cards into
the bank (RM-BANK); then 11 tricks are played (RM-TRICKS), each player choosing at random among
the cards follow-suit allows (RM-FOLLOW), the trick going to the highest trump or the highest
card of the led suit (RM-WIN). A deal is entered trick by trick, or — with ``taken_rate`` — by
the cards each player took (RUL-RM-ORDER). The set goes on until it is over (RM-SET); a shared
win is accepted or broken by one more deal at random (RUL-RM-SET-TIE).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from .cards import CARDS, Card
from .game import (
    PLAYERS, AcceptSharedWin, Action, Bank, GameState, PlayAnotherDeal, PlayTrick, StartDeal, TakenCards, apply,
    dealer_of, new_set, tied,
)
from .scoring import TRICKS_PER_DEAL, Variant
from .trick import trick_winner


@dataclass
class SimDeal:
    """One simulated deal: what happened at the table, and both ways to enter it."""

    dealer: int
    turned: Card
    hands: tuple[tuple[Card, ...], ...]      # as dealt, 13 per seat
    bank: tuple[tuple[Card, ...], ...]       # 2 per seat
    tricks: tuple[tuple[Card, ...], ...]     # play order, from each trick's leader
    leaders: tuple[int, ...]
    winners: tuple[int, ...]
    taken: tuple[tuple[Card, ...], ...]      # per seat, the cards taken in tricks (in the order taken)
    revoked: bool = False                    # a revoke was injected (tests)

    def trick_actions(self) -> list[Action]:
        return [StartDeal(self.turned)] + [PlayTrick(t) for t in self.tricks] + [Bank(self.bank)]

    def taken_actions(self, rng: random.Random | None = None) -> list[Action]:
        """By taken cards; each player's cards shuffled (the order must not matter, RUL-RM-ORDER)."""
        taken = [list(cs) for cs in self.taken]
        bank = [c for cs in self.bank for c in cs]
        if rng is not None:
            for cs in taken:
                rng.shuffle(cs)
            rng.shuffle(bank)
        return [StartDeal(self.turned), TakenCards(tuple(tuple(cs) for cs in taken), tuple(bank))]


@dataclass
class Simulated:
    start: GameState
    actions: list[Action]
    final: GameState
    deals: list[SimDeal] = field(default_factory=list)


def deal_hands(rng: random.Random, dealer: int) -> tuple[Card, tuple[tuple[Card, ...], ...]]:
    """A shuffled deck: (the turned card, each seat's 13 cards). The turned card is put into the
    middle of the deck before dealing (RM-DEAL-2), so it is dealt to someone."""
    deck = list(CARDS)
    rng.shuffle(deck)
    turned = deck.pop(0)
    deck.insert(len(deck) // 2, turned)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for i, c in enumerate(deck):
        hands[(dealer + 1 + i) % PLAYERS].append(c)
    return turned, tuple(tuple(sorted(h)) for h in hands)


def play_deal(rng: random.Random, dealer: int, turned: Card, hands: Sequence[Sequence[Card]], *,
              revoke: tuple[int, int] | None = None) -> SimDeal:
    """Discard 2 cards each to the bank at random, then play 11 legal tricks at random.
    ``revoke=(trick index, seat)`` (tests): at that trick that seat does not follow suit if it
    can hold back (it has a card of the led suit and one of another suit) — a revoke, proven
    later when it has to play the led suit (RUL-RM-REVOKE). ``SimDeal.revoked`` tells whether it
    happened."""
    trump = turned // 13
    held = [list(h) for h in hands]
    bank = []
    for h in held:
        out = rng.sample(h, 2)
        for c in out:
            h.remove(c)
        bank.append(tuple(out))
    revoked = False
    leader = (dealer + 1) % PLAYERS  # RM-LEAD
    tricks, leaders, winners = [], [], []
    taken: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for _ in range(TRICKS_PER_DEAL):
        cards: list[Card] = []
        for i in range(PLAYERS):
            seat = (leader + i) % PLAYERS
            h = held[seat]
            if cards:
                follow = [c for c in h if c // 13 == cards[0] // 13]  # RM-FOLLOW
                other = [c for c in h if c // 13 != cards[0] // 13]
                if revoke == (len(tricks), seat) and follow and other:
                    choice = rng.choice(other)
                    revoked = True
                else:
                    choice = rng.choice(follow or h)
            else:
                choice = rng.choice(h)
            h.remove(choice)
            cards.append(choice)
        w = (leader + trick_winner(cards, trump)) % PLAYERS  # RM-WIN
        tricks.append(tuple(cards))
        leaders.append(leader)
        winners.append(w)
        taken[w].extend(cards)
        leader = w
    return SimDeal(dealer, turned, tuple(hands), tuple(bank), tuple(tricks), tuple(leaders), tuple(winners),
                   tuple(tuple(t) for t in taken), revoked)


def simulate_set(rng: random.Random, players: Sequence[str], *, first_dealer: int | None = None,
                 variant: Variant | str = Variant.RUSSIAN, taken_rate: float = 0.0, accept_rate: float = 0.5,
                 max_deals: int = 30) -> Simulated:
    """A whole legal set (or ``max_deals`` deals), entered in strict mode."""
    start = new_set(players, rng.randrange(PLAYERS) if first_dealer is None else first_dealer, variant)
    state, actions, deals = start, [], []
    while not state.over and len(state.deals) < max_deals:
        if tied(state):
            a: Action = AcceptSharedWin() if rng.random() < accept_rate else PlayAnotherDeal()
            state = apply(state, a)
            actions.append(a)
            if state.over:
                break
        dealer = dealer_of(state, len(state.deals) + 1)
        turned, hands = deal_hands(rng, dealer)
        sd = play_deal(rng, dealer, turned, hands)
        deal_actions = sd.taken_actions(rng) if rng.random() < taken_rate else sd.trick_actions()
        for a in deal_actions:
            state = apply(state, a)
        actions.extend(deal_actions)
        deals.append(sd)
    return Simulated(start, actions, state, deals)
