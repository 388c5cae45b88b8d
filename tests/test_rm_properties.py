"""Properties of the «Королевское наказание» engine over seeded random legal sets and deals
(engine.royal_mastheads.simulate: a seeded shuffle of the real 52-card deck, 13 cards each, 2 to
the bank each, legal follow-suit play). Expected values are computed independently here."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import royal_mastheads as rm

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEALS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
P = ("Аня", "Боря", "Вика", "Гоша")
VARIANTS = st.sampled_from(["russian", "original"])
sets = st.tuples(st.integers(0, 2**32 - 1), VARIANTS, st.sampled_from([0.0, 0.3, 1.0]))


def sim(seed, variant, rate):
    return rm.simulate_set(random.Random(seed), P, variant=variant, taken_rate=rate)


def one_deal(seed, dealer=0, revoke=None):
    rng = random.Random(seed)
    turned, hands = rm.deal_hands(rng, dealer)
    return rm.play_deal(rng, dealer, turned, hands, revoke=revoke)


# --- an independent scorer, written from the digest (not the engine's code) -----------------
def reference_points(cards, trump_suit, masthead_rank, variant):
    by_rank = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    total = 0
    for rank, group in by_rank.items():
        k = len(group)
        if rank == 0:
            steps = [(-10 if variant == "original" else 10)] * k                       # RM-POINTS-ACE
        elif rank >= 10:
            steps = [2 * i for i in range(1, k + 1)]                                    # RM-POINTS-FACE
        else:
            steps = list(range(1, k + 1))                                               # RM-POINTS-NUM
        if variant == "original":
            total += sum(steps) * (2 if rank == masthead_rank else 1)
        else:
            has_trump = any(c.suit_index == trump_suit for c in group)
            total += sum(steps) + (steps[-1] if has_trump else 0)  # RUL-RM-ORDER: trump at the top step
    return total


def reference_bonus(cards, tricks, trump_suit, masthead_rank, variant):
    trumps = sum(1 for c in cards if c.suit_index == trump_suit)
    counted = sum(1 for c in cards if c.rank == masthead_rank) if variant == "original" else trumps
    faces = sum(1 for c in cards if c.rank >= 10)
    b = {3: 25, 4: 50}.get(counted, 0) + {9: 100, 10: 200, 11: 400}.get(tricks, 0)
    b += 500 if 7 <= faces <= 11 else 1000 if faces == 12 else 0
    return b + (2000 if trumps == 13 else 0)


@FAST
@given(sets)
def test_RM_SET_random_sets_replay_clean_in_both_modes(g):
    s = sim(*g)
    assert s.final.over or len(s.final.deals) == 30
    strict = rm.replay(s.start, s.actions, strict=True)
    loose = rm.replay(s.start, s.actions, strict=False)
    assert strict.totals == loose.totals == s.final.totals and loose.violations == ()
    rec = rm.actions_to_record(s.start, s.actions, {"note": "simulated"})
    r = rm.replay_record(rm.read_record(rm.write_record(rec)))
    assert r.valid and r.finished == s.final.over and r.state.totals == s.final.totals
    assert r.winner == (P[s.final.winner] if s.final.winner is not None else None)
    assert r.state.variant.value == g[1]
    # RM-SET: the winner has the highest total, alone
    if s.final.winner is not None:
        t = s.final.totals
        assert sorted(t)[-1] == t[s.final.winner] and sorted(t)[-2] < t[s.final.winner]
        assert len(s.final.deals) >= 10


@FAST
@given(sets)
def test_record_round_trip_is_identity(g):
    s = sim(*g)
    rec = rm.actions_to_record(s.start, s.actions, {"note": "simulated", "started": "2024-01-01T10:00:00+03:00"})
    text = rm.write_record(rec)
    again = rm.read_record(text)
    assert again == rec
    assert json.loads(rm.write_record(again)) == json.loads(text)


@DEALS
@given(st.integers(0, 2**32 - 1), VARIANTS, st.integers(0, 3))
def test_RUL_RM_ORDER_trick_entry_and_taken_entry_give_equal_points(seed, variant, dealer):
    sd = one_deal(seed, dealer)
    start = rm.new_set(P, dealer, variant)
    by_tricks = rm.replay(start, sd.trick_actions())
    by_taken = rm.replay(start, sd.taken_actions(random.Random(seed)))
    assert by_tricks.violations == by_taken.violations == ()
    a, b = by_tricks.deals[0], by_taken.deals[0]
    assert a.score == b.score and a.holder == b.holder
    # against the independent scorer (RM-POINTS, RM-BONUS, RUL-RM-BANK-CARDS)
    trump = sd.turned.suit_index
    mast = sd.turned.rank if variant == "original" else None
    counts = [sd.winners.count(s) for s in range(4)]
    top = max(counts)
    holder = counts.index(top) if counts.count(top) == 1 else None  # RM-BANK, RUL-RM-BANK-TIE
    assert a.holder == holder
    bank = [c for pair in sd.bank for c in pair]
    for s in range(4):
        cards = list(sd.taken[s]) + (bank if s == holder else [])
        expect = reference_points(cards, trump, mast, variant) + reference_bonus(cards, counts[s], trump, mast, variant)
        assert a.score.seats[s].total == expect


@DEALS
@given(st.integers(0, 2**32 - 1))
def test_RM_WIN_engine_winners_match_the_rule(seed):
    sd = one_deal(seed)
    s = rm.replay(rm.new_set(P, 0), sd.trick_actions()[:-1])
    trump = sd.turned.suit_index
    for t, leader in zip(s.deal.tricks, sd.leaders):
        # RM-WIN by hand: trumps if any, else the led suit; the highest rank (ace low)
        led = t.cards[0].suit_index
        contest = trump if any(c.suit_index == trump for c in t.cards) else led
        best = max((c for c in t.cards if c.suit_index == contest), key=lambda c: c.rank)
        assert t.leader == leader and t.winner == (leader + t.cards.index(best)) % 4
        assert rm.explain(P, t.leader, t.cards, trump, first_trick=t.number == 1).winner == t.winner


@DEALS
@given(st.integers(0, 2**32 - 1), st.integers(0, 9), st.integers(0, 3))
def test_RUL_RM_REVOKE_an_injected_revoke_is_found_on_its_trick(seed, trick, seat):
    sd = one_deal(seed, revoke=(trick, seat))
    for strict in (True, False):  # never refused live, found in replay alike
        s = rm.replay(rm.new_set(P, 0), sd.trick_actions(), strict=strict)
        revokes = [v for v in s.violations if v.code == "revoke"]
        if sd.revoked:
            assert [(v.trick, v.player, v.rule) for v in revokes] == [(trick + 1, P[seat], "RM-FOLLOW")]
        else:
            assert revokes == []
        assert len(s.deals) == 1  # the deal is still scored


@DEALS
@given(st.integers(0, 2**32 - 1))
def test_RM_FOLLOW_every_legal_play_is_in_playable(seed):
    sd = one_deal(seed)
    s = rm.apply(rm.new_set(P, 0), rm.StartDeal(sd.turned))
    for t in sd.tricks:
        for c in t:
            p = rm.playable(s)
            assert c in p.follow or c in p.others
            s = rm.apply(s, rm.Play(c, p.seat))
        assert rm.seen_cards(s) >= set(t)
