"""«Королевское наказание» engine: a table of cases per rule ID of shared/rules/royal-mastheads.md.

Every expected score here is computed by hand in the comment next to it (never by the engine's
own code), for the Russian rules and for the original-rules variant (RUL-RM-VARIANT).
"""
from __future__ import annotations

import random

import pytest

from engine import royal_mastheads as rm
from engine.core.errors import IllegalAction

P = ("Аня", "Боря", "Вика", "Гоша")
SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def C(text: str) -> rm.Card:
    return rm.parse_card(text)


def cs(*texts: str) -> tuple[rm.Card, ...]:
    return tuple(C(t) for t in texts)


def suit(s: str, ranks=RANKS) -> list[str]:
    return [f"{s}-{r}" for r in ranks]


def mask(*texts: str) -> int:
    return rm.mask_of(C(t) for t in texts)


def pts(texts, turned: str, variant="russian") -> rm.CardPoints:
    t = C(turned)
    v = rm.Variant(variant)
    return rm.card_points(mask(*texts), t // 13, rm.masthead_of(v, t), v)


def bonus(texts, tricks: int, turned: str, variant="russian") -> dict[str, int]:
    t = C(turned)
    v = rm.Variant(variant)
    return dict(rm.bonuses(mask(*texts), tricks, t // 13, rm.masthead_of(v, t), v))


def started(turned="hearts-7", variant="russian", first_dealer=0) -> rm.GameState:
    return rm.apply(rm.new_set(P, first_dealer, variant), rm.StartDeal(C(turned)))


# --- the «suits deal»: a whole deal entered by taken cards, scored by hand ----------------------
# Аня 5 tricks: all 13 spades + hearts A…7; Боря 3 tricks: diamonds A…Q; Вика 3: clubs A…Q;
# Гоша 0. Bank: hearts 8…K, diamonds K, clubs K → Аня (5 tricks, the most, RM-BANK).
SUITS_DEAL_TAKEN = (
    suit("spades") + suit("hearts", RANKS[:7]),
    suit("diamonds", RANKS[:12]),
    suit("clubs", RANKS[:12]),
    [],
)
SUITS_DEAL_BANK = suit("hearts", RANKS[7:]) + ["diamonds-K", "clubs-K"]


def suits_deal(variant: str, turned="hearts-7") -> rm.GameState:
    s = started(turned, variant)
    return rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in SUITS_DEAL_TAKEN), cs(*SUITS_DEAL_BANK)))


# ---------------------------------------------------------------------------------------------
# RM-COMP
# ---------------------------------------------------------------------------------------------
def test_RM_COMP_deck_is_52_cards_4_suits_13_ranks():
    deck = rm.full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {c.id for c in deck} == {f"{s}-{r}" for s in SUITS for r in RANKS}
    assert sum(1 for c in deck if c.is_face) == 12  # В, Д, К


@pytest.mark.parametrize("low,high", [("hearts-A", "hearts-2"), ("hearts-10", "hearts-J"), ("hearts-Q", "hearts-K"),
                                      ("hearts-A", "hearts-K")])
def test_RM_COMP_aces_low_in_a_trick(low, high):
    # no trump in the trick (trump spades): the higher heart wins; the ace is the lowest
    assert rm.trick_winner(cs(low, high, "clubs-K", "diamonds-K"), 0) == 1
    assert rm.trick_winner(cs(high, low, "clubs-K", "diamonds-K"), 0) == 0


def test_RM_COMP_four_players_only():
    for players in (P[:3], P + ("Даша",)):
        with pytest.raises(IllegalAction) as e:
            rm.new_set(players)
        assert e.value.rule == "RM-COMP" and e.value.code == "players-count"
    with pytest.raises(IllegalAction) as e:
        rm.new_set(("А", "А", "Б", "В"))
    assert e.value.code == "players-names"


def test_RM_COMP_a_card_played_twice_is_refused_live_and_reported_in_replay():
    s = rm.apply(started(), rm.Play(C("spades-5")))
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.Play(C("spades-5")))
    assert e.value.rule == "RM-COMP" and e.value.code == "duplicate-card"
    s2 = rm.apply(s, rm.Play(C("spades-5")), strict=False)
    v = s2.violations[-1]
    assert (v.code, v.rule, v.round, v.trick, v.player) == ("duplicate-card", "RM-COMP", 1, 1, "Вика")


def test_RM_COMP_not_a_card_refused():
    for bad in ("hearts-1", "hearts-Т", "joker", 52, -1, None):
        with pytest.raises(IllegalAction) as e:
            rm.apply(started(), rm.Play(bad))
        assert e.value.code == "not-a-card" and e.value.rule == "RM-COMP"


def test_RM_COMP_taken_cards_must_account_for_all_52_once():
    s = started()
    taken = [list(t) for t in SUITS_DEAL_TAKEN]
    taken[3] = ["hearts-8"]  # also in the bank; and spades-K missing below
    taken[0] = [c for c in taken[0] if c != "spades-K"]
    s2 = rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in taken), cs(*SUITS_DEAL_BANK)), strict=False)
    codes = {(v.code, v.rule) for v in s2.violations}
    assert ("duplicate-card", "RM-COMP") in codes and ("missing-cards", "RM-COMP") in codes
    missing = [v for v in s2.violations if v.code == "missing-cards"][0]
    assert "К♠" in missing.text("ru") and "K♠" in missing.text("en") and "(RM-COMP)" in missing.text("en")


# ---------------------------------------------------------------------------------------------
# RM-DEAL-1, RM-DEAL-2
# ---------------------------------------------------------------------------------------------
def test_RM_DEAL_1_first_dealer_then_clockwise():
    s = rm.new_set(P, "Вика")
    assert [P[rm.dealer_of(s, k)] for k in range(1, 11)] == ["Вика", "Гоша", "Аня", "Боря"] * 2 + ["Вика", "Гоша"]
    assert rm.next_dealer(s) == 2


def test_RM_DEAL_1_unknown_first_dealer_refused():
    for bad in ("Даша", 4, -1, None):
        with pytest.raises(IllegalAction) as e:
            rm.new_set(P, bad)
        assert e.value.rule == "RM-DEAL-1"


def test_RM_DEAL_2_turned_card_suit_is_trump():
    s = started("diamonds-Q")
    assert s.deal.trump_suit is rm.Suit.DIAMONDS and s.deal.turned == C("diamonds-Q")
    assert s.deal.masthead is None  # the Russian rules have no mastheads


def test_RM_DEAL_2_play_before_the_turned_card_refused():
    with pytest.raises(IllegalAction) as e:
        rm.apply(rm.new_set(P), rm.Play(C("hearts-2")))
    assert e.value.rule == "RM-DEAL-2" and "(RM-DEAL-2)" in e.value.text("ru")


# ---------------------------------------------------------------------------------------------
# RM-LEAD, RM-FOLLOW, RM-WIN, RM-TRICKS
# ---------------------------------------------------------------------------------------------
def test_RM_LEAD_player_left_of_dealer_leads_the_first_trick():
    s = started(first_dealer=2)  # Вика deals, Гоша leads
    assert s.deal.to_play == 3
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.Play(C("hearts-2"), "Аня"))
    assert e.value.rule == "RM-LEAD" and "Гоша" in e.value.text("ru")
    assert rm.apply(s, rm.Play(C("hearts-2"), "Гоша")).deal.to_play == 0


def test_RM_FOLLOW_next_player_clockwise():
    s = rm.apply(started(), rm.Play(C("hearts-2"), "Боря"))
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.Play(C("hearts-3"), "Гоша"))
    assert e.value.rule == "RM-FOLLOW" and e.value.code == "turn-order"


@pytest.mark.parametrize("cards,trump,winner", [
    (("hearts-5", "hearts-K", "hearts-A", "hearts-9"), "clubs", 1),       # no trump: highest of led suit
    (("hearts-5", "spades-K", "hearts-6", "diamonds-A"), "clubs", 2),     # off-suit cards never win
    (("hearts-5", "clubs-2", "hearts-K", "clubs-3"), "clubs", 3),         # highest trump
    (("clubs-A", "hearts-K", "clubs-2", "spades-Q"), "clubs", 2),         # trump led, the ace is low
    (("hearts-K", "clubs-A", "hearts-Q", "hearts-J"), "clubs", 1),        # even the lowest trump beats the led suit
])
def test_RM_WIN_trick_winner(cards, trump, winner):
    assert rm.trick_winner(cs(*cards), SUITS.index(trump)) == winner
    # the engine decides the same, and the winner leads the next trick
    s = started(f"{trump}-7")
    s = rm.apply(s, rm.PlayTrick(cs(*cards)))
    t = s.deal.tricks[0]
    assert t.winner == (1 + winner) % 4 and s.deal.to_play == t.winner and s.deal.trick_counts[t.winner] == 1


def test_RM_WIN_explanation_cites_the_rules():
    s = rm.apply(started("clubs-7"), rm.PlayTrick(cs("hearts-5", "clubs-2", "hearts-K", "spades-3")))
    e = rm.explain_trick(s)
    ru, en = e.text("ru"), e.text("en")
    assert e.winner == 2  # Вика's 2♣
    assert "(RM-LEAD)" in ru and "(RM-FOLLOW)" in ru and "(RM-WIN)" in ru
    assert "Вика" in ru.splitlines()[-1] and "2♣" in ru.splitlines()[-1]
    assert "highest trump" in en
    s = rm.apply(s, rm.PlayTrick(cs("hearts-A", "hearts-2", "hearts-3", "hearts-4")))
    e2 = rm.explain_trick(s)
    assert "(RM-WIN)" in e2.lines("ru")[0] and "the ace is below the two" in e2.text("en")


def test_RM_TRICKS_eleven_tricks_then_the_bank():
    rng = random.Random(5)
    turned, hands = rm.deal_hands(rng, 0)
    sd = rm.play_deal(rng, 0, turned, hands)
    s = rm.apply(rm.new_set(P), rm.StartDeal(turned))
    for t in sd.tricks[:10]:
        s = rm.apply(s, rm.PlayTrick(t))
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.Bank(sd.bank))
    assert e.value.rule == "RM-BANK" and e.value.code == "bank-early"
    s = rm.apply(s, rm.PlayTrick(sd.tricks[10]))
    assert s.phase is rm.Phase.BANK
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.Play(sd.bank[0][0]))
    assert e.value.rule == "RM-TRICKS"
    s = rm.apply(s, rm.Bank(sd.bank))
    assert s.deal is None and len(s.deals) == 1 and sum(s.deals[0].trick_counts) == 11


def _eleven_tricks(seed=5):
    rng = random.Random(seed)
    turned, hands = rm.deal_hands(rng, 0)
    sd = rm.play_deal(rng, 0, turned, hands)
    s = rm.apply(rm.new_set(P), rm.StartDeal(turned))
    for t in sd.tricks:
        s = rm.apply(s, rm.PlayTrick(t))
    return sd, s


def test_RM_BANK_without_owners_is_the_cards_nobody_played():
    """RM-BANK: the bank is the 8 cards not played in the 11 tricks; who put which card in
    changes no score (the bank goes whole to the most tricks), so Bank() needs no owners."""
    sd, s = _eleven_tricks()
    discarded = {c for pair in sd.bank for c in pair}  # the simulated players' own discards
    auto = rm.apply(s, rm.Bank())
    assert auto.deal is None and set(auto.deals[0].bank_cards) == discarded and len(discarded) == 8
    assert auto.deals[0].bank is None and not auto.violations
    by_owner = rm.apply(s, rm.Bank(sd.bank))
    flat = rm.apply(s, rm.Bank(tuple(sorted(discarded))))
    assert auto.totals == by_owner.totals == flat.totals
    assert auto.deals[0].holder == by_owner.deals[0].holder


def test_RM_BANK_flat_bank_checked_like_the_pairs():
    sd, s = _eleven_tricks()
    discarded = sorted(c for pair in sd.bank for c in pair)
    with pytest.raises(IllegalAction) as e:  # RM-BANK: 8 cards
        rm.apply(s, rm.Bank(tuple(discarded[:7])), strict=False)
    assert (e.value.code, e.value.rule) == ("bank-shape", "RM-BANK")
    played = sd.tricks[0][0]
    wrong = tuple(discarded[:7]) + (played,)  # a played card instead of the 8th bank card
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.Bank(wrong))
    assert e.value.code == "duplicate-card"
    r = rm.apply(s, rm.Bank(wrong), strict=False)
    assert [v.code for v in r.violations] == ["duplicate-card", "missing-cards"]
    assert r.violations[1].params["cards"] == (discarded[7],)
    with pytest.raises(IllegalAction) as e:  # entered once
        rm.apply(rm.apply(s, rm.Bank()), rm.Bank())
    assert e.value.code in ("no-deal", "bank-shape")


def test_RM_TRICKS_taken_cards_counts():
    s = started()
    taken = [list(t) for t in SUITS_DEAL_TAKEN]
    taken[3], taken[0] = taken[0][-2:], taken[0][:-2]  # 18 and 2 cards: not whole tricks
    s2 = rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in taken), cs(*SUITS_DEAL_BANK)), strict=False)
    assert [v.player for v in s2.violations if v.code == "trick-cards"] == ["Аня", "Гоша"]
    assert all(v.rule == "RM-TRICKS" for v in s2.violations)
    with pytest.raises(IllegalAction):
        rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in taken), cs(*SUITS_DEAL_BANK)))


def test_RM_TRICKS_taken_cards_not_after_tricks():
    s = rm.apply(started(), rm.Play(C("hearts-2")))
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.TakenCards(((),) * 4, ()))
    assert e.value.rule == "RUL-RM-ORDER"


# ---------------------------------------------------------------------------------------------
# RUL-RM-REVOKE (RM-FOLLOW)
# ---------------------------------------------------------------------------------------------
def _revoke_state(strict: bool):
    s = started("clubs-7")
    # trick 1, Боря leads ♥5; Вика shows out with ♠2; Гоша's K♥ wins
    s = rm.apply(s, rm.PlayTrick(cs("hearts-5", "spades-2", "hearts-K", "hearts-9")), strict=strict)
    # trick 2, Гоша leads ♠K and wins; trick 3, Гоша leads ♦2 and Вика plays ♥2: the proof
    s = rm.apply(s, rm.PlayTrick(cs("spades-K", "spades-3", "spades-4", "spades-5")), strict=strict)
    before = s
    s = rm.apply(s, rm.PlayTrick(cs("diamonds-2", "diamonds-3", "diamonds-4", "hearts-2")), strict=strict)
    return before, s


def test_RUL_RM_REVOKE_found_when_the_proof_arrives_on_its_trick():
    before, s = _revoke_state(strict=True)  # a revoke is never refused live
    assert len(s.violations) == 1
    v = s.violations[0]
    assert (v.code, v.rule, v.round, v.trick, v.player) == ("revoke", "RM-FOLLOW", 1, 1, "Вика")
    assert rm.new_violations(before, s) == (v,)  # shown at the moment of the proof
    assert "взятке 1" in v.text("ru") and "trick 3" in v.text("en") and "2♥" in v.text("ru")


def test_RUL_RM_REVOKE_same_in_replay_and_reported_once():
    _, s = _revoke_state(strict=False)
    # trick 4, Боря (♦4) leads ♦5; Вика plays ♥3: hearts proves nothing new
    s = rm.apply(s, rm.PlayTrick(cs("diamonds-5", "hearts-3", "diamonds-6", "diamonds-7")), strict=False)
    assert [v.trick for v in s.violations if v.code == "revoke"] == [1]


def _revokes(s):
    return [(v.player, v.trick, v.params["proof_trick"], v.params["card"]) for v in s.violations if v.code == "revoke"]


@pytest.mark.parametrize("strict", [True, False])
def test_revoke_two_in_one_suit_one_proof_gives_two_violations(strict):
    """RUL-RM-REVOKE (as RUL-REVOKE in the whale game): every trick Вика did not follow hearts is
    a revoke, and her one later heart proves both."""
    s = started("clubs-7")  # Аня deals, Боря leads; trump clubs
    # trick 1: Боря ♥5, Вика ♠2 (no heart shown), Гоша ♥К wins, Аня ♥9
    s = rm.apply(s, rm.PlayTrick(cs("hearts-5", "spades-2", "hearts-K", "hearts-9")), strict=strict)
    # trick 2: Гоша ♥Д wins, Аня ♥3, Боря ♥4, Вика ♠3 (again no heart)
    s = rm.apply(s, rm.PlayTrick(cs("hearts-Q", "hearts-3", "hearts-4", "spades-3")), strict=strict)
    assert _revokes(s) == []  # not proven yet
    # trick 3: Гоша ♦2, Аня ♦3, Боря ♦4 wins, Вика ♥2 — the proof of tricks 1 and 2
    before = s
    s = rm.apply(s, rm.PlayTrick(cs("diamonds-2", "diamonds-3", "diamonds-4", "hearts-2")), strict=strict)
    assert _revokes(s) == [("Вика", 1, 3, C("hearts-2")), ("Вика", 2, 3, C("hearts-2"))]
    assert len(rm.new_violations(before, s)) == 2 and all(v.rule == "RM-FOLLOW" for v in s.violations)
    # trick 4: Боря ♦5, Вика ♥6 (another heart: both revokes are already reported), Гоша ♦6, Аня ♦7
    s = rm.apply(s, rm.PlayTrick(cs("diamonds-5", "hearts-6", "diamonds-6", "diamonds-7")), strict=strict)
    assert len(_revokes(s)) == 2


@pytest.mark.parametrize("strict", [True, False])
def test_revoke_two_proofs_each_reports_its_own_revokes(strict):
    """RUL-RM-REVOKE: a revoke proven, then a new revoke in the same suit proven by a later card,
    and a revoke in another suit proven last — three violations, each with its own proof."""
    s = started("clubs-7")  # Аня deals, Боря leads; trump clubs
    # trick 1: Боря ♥5, Вика ♠2 (revoke in hearts), Гоша ♥К wins, Аня ♥9
    s = rm.apply(s, rm.PlayTrick(cs("hearts-5", "spades-2", "hearts-K", "hearts-9")), strict=strict)
    # trick 2: Гоша ♦2, Аня ♦3, Боря ♦4 wins, Вика ♥2 (proves trick 1; revoke in diamonds)
    s = rm.apply(s, rm.PlayTrick(cs("diamonds-2", "diamonds-3", "diamonds-4", "hearts-2")), strict=strict)
    assert _revokes(s) == [("Вика", 1, 2, C("hearts-2"))]
    # trick 3: Боря ♥6, Вика ♠3 (a new revoke in hearts), Гоша ♥7, Аня ♥8 wins
    s = rm.apply(s, rm.PlayTrick(cs("hearts-6", "spades-3", "hearts-7", "hearts-8")), strict=strict)
    # trick 4: Аня ♥10, Боря ♥В, Вика ♥3 (proves trick 3 only), Гоша ♥Д wins
    s = rm.apply(s, rm.PlayTrick(cs("hearts-10", "hearts-J", "hearts-3", "hearts-Q")), strict=strict)
    # trick 5: Гоша ♦5, Аня ♦6, Боря ♦7, Вика ♦8 wins (proves the diamonds revoke of trick 2)
    s = rm.apply(s, rm.PlayTrick(cs("diamonds-5", "diamonds-6", "diamonds-7", "diamonds-8")), strict=strict)
    assert _revokes(s) == [("Вика", 1, 2, C("hearts-2")), ("Вика", 3, 4, C("hearts-3")),
                           ("Вика", 2, 5, C("diamonds-8"))]


def test_RM_FOLLOW_playable_knows_the_suits_a_player_showed_out_of():
    s = rm.apply(started("clubs-7"), rm.PlayTrick(cs("hearts-5", "spades-2")))  # Вика: no hearts
    p = rm.playable(s)  # Гоша's turn
    assert p.seat == 3 and p.led is rm.Suit.HEARTS
    assert C("hearts-K") in p.follow and C("hearts-5") not in p.follow and C("spades-3") in p.others
    pb = rm.playable(s, 2)  # Вика: hearts left out (a heart would prove a revoke)
    assert not any(c.suit is rm.Suit.HEARTS for c in pb.all) and C("spades-2") not in pb.all
    assert rm.seen_cards(s) == {C("hearts-5"), C("spades-2")}


# ---------------------------------------------------------------------------------------------
# RM-BANK, RUL-RM-BANK-TIE, RUL-RM-BANK-CARDS
# ---------------------------------------------------------------------------------------------
def test_RM_BANK_goes_to_the_most_tricks():
    assert rm.bank_holder((5, 3, 3, 0)) == 0
    assert rm.bank_holder((2, 3, 4, 2)) == 2
    s = suits_deal("russian")
    assert s.deals[0].holder == 0


def test_RM_BANK_two_cards_each():
    rng = random.Random(2)
    turned, hands = rm.deal_hands(rng, 0)
    sd = rm.play_deal(rng, 0, turned, hands)
    s = rm.replay(rm.new_set(P), [rm.StartDeal(turned)] + [rm.PlayTrick(t) for t in sd.tricks])
    bad = (sd.bank[0] + sd.bank[1][:1], sd.bank[1][1:], sd.bank[2], sd.bank[3])
    for b in (bad, sd.bank[:3], {P[0]: sd.bank[0]}):
        with pytest.raises(IllegalAction) as e:
            rm.apply(s, rm.Bank(b), strict=False)  # cannot be scored: refused in both modes
        assert e.value.rule == "RM-BANK" and e.value.code == "bank-shape"
    by_name = rm.apply(s, rm.Bank({P[i]: sd.bank[i] for i in (3, 2, 1, 0)}))
    assert by_name.deals[0].bank == sd.bank


def test_RUL_RM_BANK_TIE_nobody_takes_the_bank():
    assert rm.bank_holder((4, 4, 3, 0)) is None
    assert rm.bank_holder((3, 3, 3, 2)) is None
    # 3/3/3/2 tricks; the bank (4 kings + 4 clubs) counts for nobody
    s = tie_deal(started("clubs-K"))
    d = s.deals[0]
    assert d.holder is None and d.score.totals == (23, 23, 23, 16)
    # the bank entered for Аня on a tie: scored as entered, reported under RUL-RM-BANK-TIE
    s2 = tie_deal(started("clubs-K"), holder="Аня", strict=False)
    assert [(v.code, v.rule) for v in s2.violations] == [("bank-holder", "RUL-RM-BANK-TIE")]
    # Аня: her spades A…Q 23; with the bank (trump clubs): K♠ K♥ K♦ K♣ 2+4+6+8 + the trump K♣ at
    # the highest step 8 = 28; A♠ A♣ 10 + 10 + trump 10 = 30 (+20 on her 10 for A♠); 10♠ 10♣
    # 1 + 2 + 2 = 5 (+4); J♠ J♣ 2 + 4 + 4 = 10 (+8); Q♠ Q♣ likewise (+8) → 23 + 28 + 20 + 4 + 8 + 8 = 91;
    # trumps 5 (K♣ A♣ 10♣ J♣ Q♣) → no 3T/4T; faces J♠ Q♠ K×4 J♣ Q♣ = 8 → RM-BONUS-FACE 500
    assert s2.deals[0].score.totals == (591, 23, 23, 16)
    with pytest.raises(IllegalAction):
        tie_deal(started("clubs-K"), holder="Аня")


def test_RM_BANK_wrong_holder_reported():
    s = started()
    s = rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in SUITS_DEAL_TAKEN), cs(*SUITS_DEAL_BANK), "Боря"),
                 strict=False)
    v = s.violations[0]
    assert (v.code, v.rule) == ("bank-holder", "RM-BANK") and "Аня" in v.text("ru") and "5 взяток" in v.text("ru")
    assert s.deals[0].holder == 1  # scored as entered


def tie_deal(s, holder=rm.UNSET, strict=True):
    taken = (suit("spades", RANKS[:12]), suit("hearts", RANKS[:12]), suit("diamonds", RANKS[:12]),
             suit("clubs", RANKS[1:9]))
    bank = ["spades-K", "hearts-K", "diamonds-K", "clubs-K", "clubs-A", "clubs-10", "clubs-J", "clubs-Q"]
    return rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in taken), cs(*bank), holder), strict=strict)


def test_RUL_RM_BANK_CARDS_count_for_the_holder():
    d = suits_deal("russian").deals[0]
    # Аня's 20 trick cards + the 8 bank cards = 28 cards, all 13 hearts among them
    assert d.score.seats[0].cards == 28
    assert ("RM-BONUS-TRUMP-ALL", 2000) in d.score.seats[0].bonuses


# ---------------------------------------------------------------------------------------------
# RM-POINTS-…, RUL-RM-ORDER (Russian rules; hand-computed)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cards,expected", [
    (["spades-10"], 1),
    (["spades-10", "hearts-10"], 1 + 2),
    (["spades-10", "hearts-10", "diamonds-10"], 1 + 2 + 3),
    (["spades-10", "hearts-10", "diamonds-10", "clubs-10"], 10),
    (["spades-2", "spades-3", "hearts-9"], 1 + 1 + 1),
])
def test_RM_POINTS_NUM_steps_1_2_3_4(cards, expected):
    p = pts(cards, "clubs-A") if "clubs-10" not in cards else pts(cards, "clubs-A", "original")
    assert p.num == expected


@pytest.mark.parametrize("cards,expected", [
    (["spades-K"], 2),
    (["spades-J", "hearts-J"], 2 + 4),
    (["spades-Q", "hearts-Q", "diamonds-Q"], 2 + 4 + 6),
    (["spades-K", "hearts-K", "diamonds-K", "clubs-K"], 20),
    (["spades-J", "spades-Q", "spades-K"], 2 + 2 + 2),
])
def test_RM_POINTS_FACE_steps_2_4_6_8(cards, expected):
    assert pts(cards, "clubs-2" if "clubs-K" not in cards else "clubs-2", "original").face == expected


def test_RM_POINTS_ACE_ten_each():
    assert pts(["spades-A"], "clubs-5").ace == 10
    assert pts(["spades-A", "hearts-A", "diamonds-A"], "clubs-5").total == 30


@pytest.mark.parametrize("cards,turned,expected", [
    (["hearts-10"], "hearts-2", 2),                                   # 1 doubled
    (["hearts-A"], "hearts-2", 20),                                   # 10 doubled
    (["hearts-K"], "hearts-2", 4),                                    # 2 doubled
    (["spades-5", "hearts-5"], "hearts-2", 1 + 2 + 2),                # the trump takes the highest step (2)
    (["spades-Q", "hearts-Q", "clubs-Q", "diamonds-Q"], "clubs-2", 2 + 4 + 6 + 8 + 8),
    (["spades-A", "hearts-A"], "hearts-2", 10 + 20),
])
def test_RM_POINTS_TRUMP_doubles_trump_cards(cards, turned, expected):
    assert pts(cards, turned).total == expected


def test_RUL_RM_ORDER_score_does_not_depend_on_order():
    # trump hearts; Вика takes both tricks, the trumps first (a) or the plain cards first (b)
    a = rm.apply(started("hearts-7"), rm.PlayTrick(cs("spades-5", "hearts-5", "spades-2", "spades-3")))
    a = rm.apply(a, rm.PlayTrick(cs("hearts-K", "hearts-2", "hearts-3", "spades-K")))
    b = rm.apply(started("hearts-7"), rm.PlayTrick(cs("spades-K", "hearts-K", "hearts-2", "hearts-3")))
    b = rm.apply(b, rm.PlayTrick(cs("hearts-5", "spades-2", "spades-3", "spades-5")))
    assert [t.winner for t in a.deal.tricks] == [t.winner for t in b.deal.tricks] == [2, 2]
    # 5♠ 5♥ → 1 + 2 + the trump's highest step 2 = 5; K♠ K♥ → 2 + 4 + 4 = 10; 2♠ 2♥ → 5; 3♠ 3♥ → 5
    assert rm.live(a).points == rm.live(b).points == (0, 0, 25, 0)
    assert rm.running_points(a, 2) == rm.running_points(b, 2) == rm.CardPoints(num=9, face=6, ace=0, doubled=10)


# ---------------------------------------------------------------------------------------------
# RM-BONUS-…, RUL-RM-EXACT (Russian rules; hand-computed)
# ---------------------------------------------------------------------------------------------
def test_RM_BONUS_3T_exactly_three_trumps():
    assert bonus(["hearts-2", "hearts-3", "hearts-4", "spades-5"], 1, "hearts-K") == {"RM-BONUS-3T": 25}
    assert bonus(["hearts-2", "hearts-3"], 1, "hearts-K") == {}


def test_RM_BONUS_4T_exactly_four_trumps():
    assert bonus(suit("hearts", RANKS[1:5]), 1, "hearts-K") == {"RM-BONUS-4T": 50}
    assert bonus(suit("hearts", RANKS[1:6]), 2, "hearts-K") == {}  # 5 trumps: no row (RUL-RM-EXACT)


@pytest.mark.parametrize("tricks,rule,points", [(9, "RM-BONUS-9", 100), (10, "RM-BONUS-10", 200),
                                                 (11, "RM-BONUS-11", 400)])
def test_RM_BONUS_9_10_11_tricks(tricks, rule, points):
    assert bonus([], tricks, "hearts-K") == {rule: points}
    assert bonus([], 8, "hearts-K") == {}


def test_RM_BONUS_9():
    test_RM_BONUS_9_10_11_tricks(9, "RM-BONUS-9", 100)


def test_RM_BONUS_10():
    test_RM_BONUS_9_10_11_tricks(10, "RM-BONUS-10", 200)


def test_RM_BONUS_11():
    test_RM_BONUS_9_10_11_tricks(11, "RM-BONUS-11", 400)


@pytest.mark.parametrize("n,expected", [(6, {}), (7, {"RM-BONUS-FACE": 500}), (11, {"RM-BONUS-FACE": 500}),
                                         (12, {"RM-BONUS-FACE-ALL": 1000})])
def test_RM_BONUS_FACE_seven_to_eleven(n, expected):
    faces = [f"{s}-{r}" for r in ("J", "Q", "K") for s in SUITS][:n]
    assert bonus(faces, 0, "hearts-2", "original") == expected


def test_RM_BONUS_FACE_ALL_all_twelve():
    faces = [f"{s}-{r}" for r in ("J", "Q", "K") for s in SUITS]
    assert bonus(faces, 0, "hearts-2", "original") == {"RM-BONUS-FACE-ALL": 1000}


def test_RM_BONUS_TRUMP_ALL_all_thirteen():
    assert bonus(suit("diamonds"), 3, "diamonds-2") == {"RM-BONUS-TRUMP-ALL": 2000}


def test_RUL_RM_EXACT_every_row_that_applies():
    faces = [f"{s}-{r}" for r in ("J", "Q", "K") for s in SUITS]
    # 11 tricks with all 12 face cards, trump clubs: faces J♣ Q♣ K♣ are 3 trumps
    assert bonus(faces, 11, "clubs-2") == {"RM-BONUS-11": 400, "RM-BONUS-FACE-ALL": 1000, "RM-BONUS-3T": 25}
    assert sum(bonus(faces, 11, "clubs-2").values()) == 1425


def test_RM_POINTS_whole_deal_russian_by_hand():
    d = suits_deal("russian").deals[0]
    a, b, c, g = d.score.seats
    # Аня, trump hearts: aces A♠ A♥ 10 + 10, trump A♥ +10 → 30; ranks 2–10 two cards each 1 + 2,
    # the heart +2 → 5 × 9 = 45; J, Q two each 2 + 4 + 4 → 10 × 2 = 20; K four 2+4+6+8 + 8 → 28
    assert a.card_points == rm.CardPoints(num=27, face=32, ace=20, doubled=44)
    assert a.card_points.total == 123
    # 13 trumps → 2000; faces J♠ Q♠ K♠ J♥ Q♥ K♥ K♦ K♣ = 8 → 500; 5 tricks → no trick row
    assert a.total == 123 + 2000 + 500 == 2623
    # Боря: A♦ 10, 2♦…10♦ 9 × 1, J♦ Q♦ 2 + 2 → 23; Вика the same in clubs; Гоша nothing
    assert (b.total, c.total, g.total) == (23, 23, 0)
    assert d.score.totals == (2623, 23, 23, 0)


def test_RM_POINTS_whole_deal_original_by_hand():
    d = suits_deal("original").deals[0]
    a, b, c, g = d.score.seats
    # turned 7♥: mastheads are the 7s. Аня: aces −10 −10; ranks 2–10: 3 each → 27, her 7♠ 7♥
    # doubled +3; J, Q 6 each, K 20 → 32. 42 card points; 2 mastheads → no 3T/4T;
    # 13 hearts (trumps) → 2000; 8 faces → 500
    assert a.card_points == rm.CardPoints(num=27, face=32, ace=-20, doubled=3)
    assert a.total == 42 + 2000 + 500 == 2542
    # Боря: A♦ −10, 2♦…10♦ 9, 7♦ a masthead +1, J♦ Q♦ 4 → 4; Вика the same in clubs
    assert (b.total, c.total, g.total) == (4, 4, 0)


# ---------------------------------------------------------------------------------------------
# RUL-RM-VARIANT (the original rules; hand-computed)
# ---------------------------------------------------------------------------------------------
def test_RUL_RM_VARIANT_chosen_at_new_set_and_kept():
    s = rm.new_set(P, 0, "original")
    assert s.variant is rm.Variant.ORIGINAL
    with pytest.raises(IllegalAction) as e:
        rm.new_set(P, 0, "house")
    assert e.value.rule == "RUL-RM-VARIANT"
    s = rm.apply(s, rm.StartDeal(C("diamonds-Q")))
    assert s.deal.masthead == 11 and s.deal.trump_suit is rm.Suit.DIAMONDS


@pytest.mark.parametrize("cards,turned,expected_total,expected_bonus", [
    (["spades-Q", "hearts-Q", "diamonds-Q", "clubs-Q"], "clubs-Q", (2 + 4 + 6 + 8) * 2, {"RM-BONUS-4T": 50}),
    (["spades-7", "hearts-7", "diamonds-7"], "hearts-7", (1 + 2 + 3) * 2, {"RM-BONUS-3T": 25}),
    (["spades-A", "hearts-A"], "clubs-5", -10 - 10, {}),                     # aces against
    (["clubs-5", "clubs-6", "clubs-K"], "clubs-2", 1 + 1 + 2, {}),  # 3 trumps: not doubled, no 3T row
    (["hearts-3", "spades-3"], "spades-2", 1 + 2, {}),
])
def test_RUL_RM_VARIANT_mastheads_and_aces(cards, turned, expected_total, expected_bonus):
    assert pts(cards, turned, "original").total == expected_total
    assert bonus(cards, 0, turned, "original") == expected_bonus


def test_RUL_RM_VARIANT_same_cards_russian_scores():
    # four queens, trump clubs: 2 + 4 + 6 + 8 + the trump Q♣ at the highest step 8 = 28; 1 trump → no row
    assert pts(["spades-Q", "hearts-Q", "diamonds-Q", "clubs-Q"], "clubs-Q").total == 28
    assert bonus(["spades-Q", "hearts-Q", "diamonds-Q", "clubs-Q"], 0, "clubs-Q") == {}


def test_RUL_RM_ACE_MAST_turned_ace_makes_aces_mastheads():
    # original, turned A♠: three aces are mastheads: (−10) × 3 doubled = −60; 3 mastheads → +25
    assert pts(["spades-A", "hearts-A", "diamonds-A"], "spades-A", "original").total == -60
    assert bonus(["spades-A", "hearts-A", "diamonds-A"], 0, "spades-A", "original") == {"RM-BONUS-3T": 25}


# ---------------------------------------------------------------------------------------------
# RM-SET, RUL-RM-SET-TIE
# ---------------------------------------------------------------------------------------------
def _tied_set():
    s = rm.new_set(P, 0)
    for _ in range(10):
        s = tie_deal(rm.apply(s, rm.StartDeal(C("clubs-K"))))
    return s


def test_RM_SET_ten_deals_highest_total_wins():
    s = rm.new_set(P, 0)
    for k in range(10):
        assert s.winner is None
        s = suits_deal_on(s)
    # Аня: 2623 × 10
    assert s.winner == 0 and s.totals == (26230, 230, 230, 0) and s.phase is rm.Phase.OVER
    r = rm.set_result(s)
    assert r.finished and r.winner == 0 and r.deals == 10


def suits_deal_on(s):
    s = rm.apply(s, rm.StartDeal(C("hearts-7")))
    return rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in SUITS_DEAL_TAKEN), cs(*SUITS_DEAL_BANK)))


def test_RM_SET_no_deal_after_the_end():
    s = rm.new_set(P, 0)
    for _ in range(10):
        s = suits_deal_on(s)
    with pytest.raises(IllegalAction) as e:
        rm.apply(s, rm.StartDeal(C("hearts-2")))
    assert (e.value.code, e.value.rule) == ("play-after-end", "RM-SET")
    s2 = suits_deal_on_loose(s)
    assert s2.winner == 0 and s2.ended_after == 10 and s2.violations[-1].round == 11


def suits_deal_on_loose(s):
    s = rm.apply(s, rm.StartDeal(C("hearts-7")), strict=False)
    return rm.apply(s, rm.TakenCards(tuple(tuple(cs(*t)) for t in SUITS_DEAL_TAKEN), cs(*SUITS_DEAL_BANK)), strict=False)


def test_RUL_RM_SET_TIE_the_table_chooses():
    s = _tied_set()
    # Аня, Боря, Вика 23 × 10 = 230 each, Гоша 160
    assert s.totals == (230, 230, 230, 160) and s.winner is None
    assert rm.tied(s) == (0, 1, 2) and s.phase is rm.Phase.TIE
    accepted = rm.apply(s, rm.AcceptSharedWin())
    assert accepted.over and accepted.shared_win == (0, 1, 2) and accepted.winner is None
    again = rm.apply(s, rm.PlayAnotherDeal())
    again = suits_deal_on(again)  # Аня +2623
    assert again.winner == 0 and again.ended_after == 11


def test_RUL_RM_SET_TIE_no_choice_without_a_tie():
    for a in (rm.AcceptSharedWin(), rm.PlayAnotherDeal()):
        with pytest.raises(IllegalAction) as e:
            rm.apply(rm.new_set(P), a)
        assert e.value.rule == "RUL-RM-SET-TIE"


# ---------------------------------------------------------------------------------------------
# Live view during a deal
# ---------------------------------------------------------------------------------------------
def test_live_tricks_points_and_bank_holder_so_far():
    s = started("clubs-7")
    # Боря leads 5♥, Вика K♥, Гоша A♥ (the lowest), Аня 9♥: Вика's K♥ wins
    s = rm.apply(s, rm.PlayTrick(cs("hearts-5", "hearts-K", "hearts-A", "hearts-9")))
    lv = rm.live(s)
    # Вика: 5♥ 1, K♥ 2, A♥ 10, 9♥ 1 = 14
    assert lv.tricks == (0, 0, 1, 0) and lv.points == (0, 0, 14, 0) and lv.bank_holder == 2 and lv.to_play == 2
    # Вика leads 5♠, Гоша K♠, Аня trumps with 2♣, Боря 9♠: Аня wins
    s = rm.apply(s, rm.PlayTrick(cs("spades-5", "spades-K", "clubs-2", "spades-9")))
    lv = rm.live(s)
    # Аня: 5♠ 1, K♠ 2, 2♣ 1 + trump 1, 9♠ 1 = 6
    assert lv.tricks == (1, 0, 1, 0) and lv.points == (6, 0, 14, 0) and lv.bank_holder is None
    assert lv.trick == 3 and lv.current == ()


def test_apply_needs_a_set():
    with pytest.raises(TypeError):
        rm.apply(None, rm.StartDeal(C("hearts-2")))
