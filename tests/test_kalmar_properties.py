"""Properties of the «Кальмар» engine over seeded random legal sittings (engine.kalmar.simulate,
whose deck composition is MADE UP — a simulation assumption, never used by the engine).

The turn order is checked against an independent model written here: a seat, a direction and
whether the player to move must first take cards, updated by hand from the rulebook."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import kalmar as kl

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Аня", "Боря", "Вика", "Гоша", "Даша", "Егор", "Жора", "Зоя", "Иван", "Катя"]
K = kl.Kind

sittings = st.tuples(st.integers(0, 2**32 - 1), st.integers(2, 10), st.integers(1, 3), st.booleans())


def sim(seed, n, games, same_symbol):
    return kl.simulate_sitting(random.Random(seed), NAMES[:n], games=games, same_symbol=same_symbol)


def turn_model(actions, players):
    """After each action, the seat that must move next — by the rules, not by the engine:
    KL-START (left of the dealer, clockwise), KL-SETUP-2 (the first card is the dealer's),
    KL-FX-SKIP (one seat more), KL-FX-REVERSE (the other way), KL-FX-DRAW2/4 (the next player takes
    the cards, which ends the turn), KL-DRAW (a drawn card may still be played), RUL-KL-NEXT-DEALER."""
    n = len(players)

    def seat(who):
        return who if isinstance(who, int) else players.index(who)

    dealer = mover = None
    step = 1
    must_take = False
    out = []
    for a in actions:
        if isinstance(a, (kl.NewGame, kl.NextGame)):
            if isinstance(a, kl.NewGame):
                dealer = seat(a.dealer)
            else:
                dealer = seat(a.dealer) if a.dealer is not None else (dealer + 1) % n
            kind = a.first_card.kind
            step = -1 if kind is K.REVERSE else 1
            mover = (dealer + (2 if kind is K.SKIP else 1) * step) % n
            must_take = kind in (K.DRAW2, K.DRAW4)
        elif isinstance(a, kl.Play):
            assert seat(a.player) == mover
            kind = a.card.kind
            if kind is K.REVERSE:
                step = -step
            mover = (mover + (2 if kind is K.SKIP else 1) * step) % n
            must_take = kind in (K.DRAW2, K.DRAW4)
        elif isinstance(a, kl.Draw):
            assert seat(a.player) == mover
            if must_take:
                must_take = False
                mover = (mover + step) % n
        elif isinstance(a, (kl.Pass, kl.DrawAndPass)):
            assert seat(a.player) == mover and not must_take
            mover = (mover + step) % n
        out.append(mover)
    return out


@FAST
@given(sittings)
def test_simulated_sittings_replay_clean_in_both_modes(g):
    s = sim(*g)
    strict = kl.replay(None, s.actions, strict=True)
    loose = kl.replay(None, s.actions, strict=False)
    assert strict == loose == s.final and loose.violations == ()
    r = kl.replay_record(kl.read_record(kl.write_record(kl.actions_to_record(s.actions))))
    assert r.valid and r.state == s.final
    assert r.finished is (s.final.winner is not None)
    assert sum(r.tally.values()) == len(s.final.results) == sum(1 for res in s.final.results if res.winner is not None)


@FAST
@given(sittings)
def test_KL_START_turn_order_matches_an_independent_count(g):
    s = sim(*g)
    expected = turn_model(s.actions, NAMES[: g[1]])
    state = None
    for a, want in zip(s.actions, expected):
        state = kl.apply(state, a)
        if state.winner is None:
            assert state.turn == want, (a, kl.where(state))


@FAST
@given(sittings)
def test_KL_SETUP_1_counts_follow_the_real_hands(g):
    s = sim(*g)
    state = None
    last_play = None  # (seat, cards left right after the card left the hand, before any swap)
    for a, real in zip(s.actions, s.counts):
        before = state
        state = kl.apply(state, a)
        assert state.counts == real  # 8 each, then exactly the entered draws and plays
        if isinstance(a, kl.Play):
            seat = state.seat(a.player)
            last_play = (seat, before.counts[seat] - 1)
        elif isinstance(a, (kl.NewGame, kl.NextGame)):
            last_play = None
        # KL-CALL, RUL-KL-CALL-WINDOW: due only from whoever just played their second-to-last card
        # (a swap too: they may hold another hand by now)
        assert state.call_due is None or last_play == (state.call_due, 1)
    for res in s.final.results:  # KL-END: the winner is the one with no cards
        assert res.winner is not None


@FAST
@given(sittings)
def test_record_round_trip_is_identity(g):
    s = sim(*g)
    rec = kl.actions_to_record(s.actions, {"note": "simulated", "started": "2024-01-01T10:00:00Z"})
    text = kl.write_record(rec)
    again = kl.read_record(text)
    assert again == rec
    assert json.loads(kl.write_record(again)) == json.loads(text)
    acts = [a for _, a in kl.record_actions(again)]
    assert kl.replay(None, acts) == kl.replay(None, s.actions)


def test_made_up_deck_is_only_a_simulation_assumption():
    deck = kl.made_up_deck()
    assert len(deck) == 120 and all(kl.card_problem(c) is None for c in deck)
    import inspect
    for mod in (kl.game, kl.checker, kl.cards, kl.record):
        assert "made_up" not in inspect.getsource(mod)
    assert "MADE UP" in kl.simulate.__doc__
