"""One table of cases per rule and ruling of shared/rules/kozyrnye-kity.md.

Test names carry the rule ID (R-… / RUL-… with dashes as underscores).
"""
from __future__ import annotations

import random

import pytest

from engine.kozyrnye_kity import (
    FAMILIES, FAMILY_CARDS, KNOWN_FACTS, Bonus, BonusKind, CardFacts, ChooseLeader, ChooseReward, DeckProfile,
    Family, IllegalAction, Phase, PlayCard, StartRound, TallyRound, Token, UseBonus, apply, current_explanation,
    deal, decide, deck_for, draw_trump, end_of_game, explain, leader_chooser, new_game, parse_card, phase,
    reward_options, round_points, suggested_leader, to_act, totals, trick_winner, trump_from_draw, usable_bonuses,
)
from engine.kozyrnye_kity.i18n import Count, count_text, render

from engine_helpers import (
    BLUE, NARWHAL, NINE, ONE, ORCA, SPERM, C, auto_trick, bonus, cards, full_profile, legal_round_chunks, play,
    profile, start, trick,
)

P4 = ["Андрей", "Тёма", "Лена", "Женя"]
P3 = ["A", "B", "C"]
P2 = ["A", "B"]
FIRSTS4 = ["orca-1", "narwhal-1", "blue-1", "sperm-1"]


def refused(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return info.value


def assert_cites(err, rule: str) -> None:
    assert err.rule == rule
    assert rule in str(err)
    assert rule in err.text("ru")
    assert rule in err.text("en")


# ---------------------------------------------------------------------------------------------
# R-COMP
# ---------------------------------------------------------------------------------------------
def test_R_COMP_deck_has_32_family_cards_and_four_5s():
    assert len(FAMILY_CARDS) == 32 and len(set(FAMILY_CARDS)) == 32
    assert {c.family for c in FAMILY_CARDS} == set(FAMILIES) == {ORCA, NARWHAL, BLUE, SPERM}
    for f in FAMILIES:
        assert sorted(c.value for c in FAMILY_CARDS if c.family is f) == [1, 2, 3, 4, 6, 7, 8, 9]
    for n in (3, 4):
        d = deck_for(n)
        assert len(d) == 36 and sum(c.is_five for c in d) == 4
        assert all(c.family is None for c in d if c.value == 5)


@pytest.mark.parametrize("cid", [c.id for c in FAMILY_CARDS] + ["5"])
def test_R_COMP_card_ids_round_trip(cid):
    assert parse_card(cid).id == cid


@pytest.mark.parametrize("bad", ["narwhal-5", "orca-10", "orca-0", "whale-2", "five", "", "Narwhal-2", None, 5])
def test_R_COMP_unknown_card_ids_rejected(bad):
    with pytest.raises(ValueError):
        parse_card(bad)


def test_R_COMP_known_facts_only_narwhal_2_with_3_pearls():
    assert dict(KNOWN_FACTS) == {C("narwhal-2"): CardFacts(pearls=3)}
    d = DeckProfile()
    assert d.pearls(C("narwhal-2")) == 3
    assert d.pearls(C("narwhal-3")) is None and d.bonus(C("narwhal-2")) is None


@pytest.mark.parametrize("pearls", [0, 4, -1, True, 1.5, "2"])
def test_R_COMP_pearls_are_1_to_3(pearls):
    with pytest.raises(ValueError):
        CardFacts(pearls=pearls)


def test_R_COMP_a_five_has_no_printed_facts():
    with pytest.raises(ValueError):
        DeckProfile({C("5"): CardFacts(pearls=1)})


@pytest.mark.parametrize("sequence", [
    ["orca-2", "orca-3", "orca-2"],     # the same card twice in a trick
    ["orca-2", "orca-3", "orca-1"],     # a card lying in front of a player as first bonus
])
def test_R_COMP_duplicate_card_refused_live(sequence):
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"])
    s = play(s, *sequence[:-1])
    err = refused(s, PlayCard(to_act(s), C(sequence[-1])))
    assert err.code == "duplicate-card"
    assert_cites(err, "R-COMP")


def test_R_COMP_fifth_five_is_a_duplicate():
    s = start(P4, BLUE, NINE, FIRSTS4, deck=full_profile())
    s = trick(s, ["5", "5", "5", "5"], "5")
    s = play(s, "orca-2", "orca-3", "orca-4")
    err = refused(s, PlayCard(to_act(s), C("5")))
    assert err.code == "duplicate-card" and err.rule == "R-COMP"


# ---------------------------------------------------------------------------------------------
# R-BONUS (kinds) and R-BONUS-TRUMP / FLIP / PEARL
# ---------------------------------------------------------------------------------------------
def test_R_BONUS_three_kinds():
    assert {k.value for k in BonusKind} == {"trump", "flip", "pearl"}
    with pytest.raises(ValueError):
        Bonus(BonusKind.TRUMP)  # a change-trump bonus shows a family
    with pytest.raises(ValueError):
        Bonus(BonusKind.FLIP, (ORCA,))


BONUS_TABLE = [
    # rule, bonus spec, family named, trump after, token after, +pile
    ("R-BONUS-TRUMP", "trump:orca", None, ORCA, ONE, 0),
    ("R-BONUS-TRUMP", "trump:sperm,narwhal", NARWHAL, NARWHAL, ONE, 0),
    ("R-BONUS-TRUMP", "trump:sperm,narwhal", SPERM, SPERM, ONE, 0),
    ("R-BONUS-FLIP", "flip", None, BLUE, NINE, 0),
    ("R-BONUS-PEARL", "pearl", None, BLUE, ONE, 1),
    ("RUL-BONUS-SAME-TRUMP", "trump:blue", None, BLUE, ONE, 0),
]


@pytest.mark.parametrize("rule,spec,family,trump,token,gain", BONUS_TABLE)
def test_R_BONUS_TRUMP_FLIP_PEARL_effects(rule, spec, family, trump, token, gain):
    deck = profile({"orca-7": (1, spec)})
    s = start(P3, BLUE, ONE, ["narwhal-1", "orca-7", "blue-1"], deck=deck)
    s = play(s, "narwhal-2")
    before = s
    s = apply(s, UseBonus(1, C("orca-7"), family))
    r = s.round
    assert (r.trump, r.token) == (trump, token)
    assert r.pile[1] - before.round.pile[1] == gain
    assert C("orca-7") not in r.bonuses[1]  # discarded / into the pile: no longer unused
    assert to_act(s) == 1  # still their turn: the card comes after the bonus
    s = play(s, "narwhal-3", "narwhal-4")
    expl = current_explanation(s)
    assert any(rule in line for line in expl.lines("ru")) and any(rule in line for line in expl.lines("en"))


@pytest.mark.parametrize("token,cards_,winner", [
    # Trump changes to orca during the trick: the orca card decides the trick (R-BONUS ... current trick)
    (NINE, ["narwhal-2", "orca-3", "blue-9"], 1),
    (ONE, ["narwhal-2", "orca-3", "blue-1"], 1),
])
def test_R_BONUS_TRUMP_decides_the_current_trick(token, cards_, winner):
    deck = profile({"sperm-7": (1, "trump:orca")})
    s = start(P3, BLUE, token, ["narwhal-1", "sperm-7", "sperm-1"], deck=deck)
    s = play(s, cards_[0], "use:sperm-7", cards_[1], cards_[2])
    assert trick_winner(s) == winner
    assert s.round.token is token  # the token moves with its side unchanged


def test_R_BONUS_TRUMP_multi_family_needs_a_choice():
    deck = profile({"orca-7": (1, "trump:sperm,narwhal")})
    s = start(P3, BLUE, ONE, ["narwhal-1", "orca-7", "blue-1"], deck=deck)
    s = play(s, "narwhal-2")
    err = refused(s, UseBonus(1, C("orca-7")))
    assert err.code == "bonus-family"
    assert_cites(err, "R-BONUS-TRUMP")
    err = refused(s, UseBonus(1, C("orca-7"), ORCA))
    assert err.code == "bonus-family"
    assert_cites(err, "R-BONUS-TRUMP")


def test_R_BONUS_FLIP_lasts_for_the_rest_of_the_round():
    deck = profile({"orca-7": (1, "flip"), "orca-3": (2, None)})
    s = start(P2, SPERM, NINE, ["blue-1", "orca-7"], deck=deck)
    s = play(s, "orca-2", "use:orca-7", "orca-3")
    assert s.round.token is ONE and s.round.trump is SPERM
    assert trick_winner(s) == 0  # "1": orca-2 beats orca-3
    s = apply(s, ChooseReward(C("orca-3")))
    assert s.round.tricks[0].token is ONE and s.round.tricks[0].start_token is NINE
    s = play(s, "orca-4", "orca-6")
    assert s.round.token is ONE and trick_winner(s) == 0  # still "1" in the next trick


# ---------------------------------------------------------------------------------------------
# R-SETUP-1 … R-SETUP-5
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E"], []])
def test_R_SETUP_1_two_to_four_players(players):
    with pytest.raises(IllegalAction) as info:
        new_game(players)
    assert info.value.code == "players-count"
    assert_cites(info.value, "R-SETUP-1")


@pytest.mark.parametrize("n,size,fives", [(2, 32, 0), (3, 36, 4), (4, 36, 4)])
def test_R_SETUP_1_deck_size(n, size, fives):
    d = deck_for(n)
    assert len(d) == size and sum(c.is_five for c in d) == fives


def test_R_SETUP_1_five_refused_in_two_player_game():
    s = start(P2, BLUE, NINE, ["orca-1", "blue-1"])
    err = refused(s, PlayCard(0, C("5")))
    assert err.code == "five-in-two-player"
    assert_cites(err, "R-SETUP-1")


@pytest.mark.parametrize("card", [c for c in FAMILY_CARDS])
def test_R_SETUP_2_trump_and_token_from_draw(card):
    fam, tok = trump_from_draw(card)
    assert fam is card.family
    assert tok is (Token.ONE if card.value <= 4 else Token.NINE)


def test_R_SETUP_2_a_drawn_five_draws_again():
    with pytest.raises(IllegalAction) as info:
        trump_from_draw(C("5"))
    assert info.value.code == "draw-five"
    assert_cites(info.value, "R-SETUP-2")


@pytest.mark.parametrize("seed", range(30))
def test_R_SETUP_2_draw_trump_skips_fives(seed):
    card, fives = draw_trump(random.Random(seed), 4)
    assert not card.is_five and all(f.is_five for f in fives) and len(fives) <= 4


@pytest.mark.parametrize("n,aside", [(2, 14), (3, 9), (4, 0)])
def test_R_SETUP_3_deal_nine_each(n, aside):
    hands = deal(random.Random(n), n)
    assert len(hands) == n and all(len(h) == 9 for h in hands)
    dealt = [c for h in hands for c in h]
    deck = list(deck_for(n))
    for c in dealt:
        deck.remove(c)  # every dealt card is a card of the deck, at most as often as in it
    assert len(deck) == aside


@pytest.mark.parametrize("firsts", [["orca-1"], ["orca-1", "orca-2", "orca-3", "orca-4"], []])
def test_R_SETUP_4_one_first_bonus_per_player(firsts):
    s = new_game(P3, 30, profile())
    err = refused(s, StartRound(BLUE, NINE, tuple(cards(*firsts)), 0))
    assert err.code == "setup"
    assert_cites(err, "R-SETUP-4")


def test_R_SETUP_4_first_bonus_lies_in_front_of_its_player():
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-6", "blue-9"])
    assert s.round.bonuses == ((C("orca-1"),), (C("narwhal-6"),), (C("blue-9"),))
    s = play(s, "sperm-2")
    assert usable_bonuses(s, 1) == (C("narwhal-6"),)


@pytest.mark.parametrize("leader", [0, 1, 2])
def test_R_SETUP_5_the_table_names_the_first_player(leader):
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"], leader=leader)
    assert to_act(s) == leader
    other = (leader + 1) % 3
    err = refused(s, PlayCard(other, C("orca-2")))
    assert err.code == "wrong-leader" and err.rule == "R-SETUP-5" and "R-SETUP-5" in str(err)


# ---------------------------------------------------------------------------------------------
# R-TOKEN, R-TRICK-1…3
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ids,trump,token,winner", [
    (["orca-2", "orca-9", "orca-6"], BLUE, NINE, 1),
    (["orca-2", "orca-9", "orca-6"], BLUE, ONE, 0),
    (["orca-7", "orca-3", "orca-8", "orca-1"], BLUE, ONE, 3),
    (["orca-7", "orca-3", "orca-8", "orca-1"], BLUE, NINE, 2),
])
def test_R_TOKEN_nine_highest_one_lowest(ids, trump, token, winner):
    assert decide(cards(*ids), trump, token) == winner


@pytest.mark.parametrize("leader", range(4))
def test_R_TRICK_1_clockwise_from_the_leader(leader):
    s = start(P4, BLUE, NINE, FIRSTS4, leader=leader)
    order = []
    for cid in ["orca-2", "orca-3", "orca-4", "orca-6"]:
        order.append(to_act(s))
        s = play(s, cid)
    assert order == [(leader + k) % 4 for k in range(4)]
    assert phase(s) is Phase.REWARD and to_act(s) is None


def test_R_TRICK_1_out_of_turn_and_twice_refused():
    s = start(P4, BLUE, NINE, FIRSTS4)
    s = play(s, "orca-2")
    err = refused(s, PlayCard(2, C("orca-3")))
    assert err.code == "turn-order"
    assert_cites(err, "R-TRICK-1")
    err = refused(s, PlayCard(0, C("orca-3")))
    assert err.code == "turn-order" and err.rule == "R-TRICK-1"


def test_R_TRICK_1_reward_before_the_trick_is_complete_refused():
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"])
    s = play(s, "orca-2", "orca-3")
    err = refused(s, ChooseReward(C("orca-2")))
    assert err.code == "trick-not-complete" and err.rule == "R-TRICK-1"


def test_R_TRICK_2_revoke_is_recorded_not_refused():
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"], deck=full_profile())
    s = trick(s, ["orca-2", "sperm-3", "orca-4"], "orca-2")  # B does not follow orca; C wins (9)
    assert s.violations == ()  # not provable yet
    s = trick(s, ["sperm-6", "sperm-7", "sperm-8"], "sperm-6")  # C, A, B: B wins with sperm-8
    s = play(s, "orca-6")  # B leads orca from hand: proves the revoke in trick 1
    assert [(v.code, v.rule, v.round, v.trick, v.player) for v in s.violations] == [
        ("revoke", "R-TRICK-2", 1, 1, "B")]


@pytest.mark.parametrize("uses", [["orca-7"], ["sperm-2"], ["orca-7", "sperm-2"], ["sperm-2", "orca-7"]])
def test_R_TRICK_3_bonuses_on_own_turn_before_the_card(uses):
    deck = profile({"orca-7": (1, "flip"), "sperm-2": (2, "pearl")})
    s = start(P2, BLUE, NINE, ["orca-7", "blue-1"], deck=deck)
    s = trick(s, ["sperm-2", "sperm-3"], "sperm-2")  # B wins (9); A now also has sperm-2 in front
    s = play(s, "sperm-4")  # B leads
    assert usable_bonuses(s, 1) == ()  # not B's turn
    assert usable_bonuses(s, 0) == (C("orca-7"), C("sperm-2"))
    for u in uses:
        s = apply(s, UseBonus(0, C(u)))
        assert to_act(s) == 0 and phase(s) is Phase.PLAY
    s = play(s, "sperm-6")
    assert [u.card.id for u in s.round.plays[1].uses] == uses
    assert s.round.token is (ONE if "orca-7" in uses else NINE)
    assert s.round.pile[0] == (1 if "sperm-2" in uses else 0)
    assert s.round.bonuses[0] == tuple(C(c) for c in ["orca-7", "sperm-2"] if c not in uses)


def test_R_TRICK_3_bonus_out_of_turn_refused():
    deck = profile({"orca-7": (1, "flip")})
    s = start(P3, BLUE, NINE, ["blue-1", "orca-7", "blue-2"], deck=deck)
    err = refused(s, UseBonus(1, C("orca-7")))
    assert err.code == "turn-order"
    assert_cites(err, "R-TRICK-3")
    s = play(s, "sperm-2", "sperm-3", "sperm-4")  # after the card the turn is gone
    err = refused(s, UseBonus(1, C("orca-7")))
    assert err.rule == "R-REWARD-1"  # the trick is complete: first the reward


def test_R_TRICK_1_another_seat_cannot_play_after_a_bonus_use():
    deck = profile({"sperm-1": (2, "pearl")})
    s = start(P3, BLUE, ONE, ["orca-7", "sperm-1", "blue-4"], deck=deck)
    s = play(s, "narwhal-2")
    s = apply(s, UseBonus(1, C("sperm-1")))
    err = refused(s, PlayCard(2, C("narwhal-3")))
    assert err.code == "turn-order"


# ---------------------------------------------------------------------------------------------
# R-FIVE-1…3, R-WIN-9, R-WIN-1, third family
# ---------------------------------------------------------------------------------------------
def test_R_FIVE_1_a_five_any_time_is_no_revoke():
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"], deck=full_profile())
    s = trick(s, ["orca-2", "5", "orca-3"], "orca-2")  # B plays a 5 although holding orca
    assert s.round.tricks[0].winner == 1  # the 5 is an orca 5, the highest (R-FIVE-2)
    s = trick(s, ["orca-4", "orca-6", "orca-7"], "orca-4")  # B leads orca from hand
    assert s.violations == ()


WIN_TABLE = [
    # (rule, cards in play order, trump, token, winner index)
    ("R-WIN-9", ["narwhal-2", "narwhal-6", "blue-9", "5"], BLUE, NINE, 2),
    ("R-WIN-9", ["narwhal-2", "blue-3", "blue-8", "narwhal-9"], BLUE, NINE, 2),
    ("R-WIN-9", ["narwhal-2", "narwhal-6", "orca-9", "narwhal-4"], BLUE, NINE, 1),  # no trump: led family
    ("R-WIN-9", ["blue-1", "blue-2"], BLUE, NINE, 1),
    ("R-WIN-1", ["narwhal-2", "narwhal-6", "blue-9", "5"], BLUE, ONE, 2),
    ("R-WIN-1", ["narwhal-2", "blue-3", "blue-8", "narwhal-1"], BLUE, ONE, 1),
    ("R-WIN-1", ["narwhal-6", "narwhal-2", "orca-1", "narwhal-4"], BLUE, ONE, 1),  # orca-1 third family
    ("R-WIN-1", ["sperm-9", "sperm-8"], BLUE, ONE, 1),
    ("R-FIVE-2", ["narwhal-6", "5", "narwhal-9"], BLUE, ONE, 1),      # the 5 is a narwhal 5
    ("R-FIVE-2", ["narwhal-4", "5", "narwhal-2"], BLUE, NINE, 1),
    ("R-FIVE-2", ["5", "orca-7", "orca-6"], BLUE, ONE, 0),           # led 5 takes orca, 5 < 6 < 7
    ("R-FIVE-2", ["5", "orca-7", "orca-6"], BLUE, NINE, 1),
    ("R-FIVE-2", ["5", "5", "sperm-8", "sperm-4"], BLUE, ONE, 3),
    ("R-FIVE-2", ["orca-9", "5", "narwhal-1"], NARWHAL, NINE, 2),     # a 5 in a non-trump led family is no trump
    ("R-FIVE-3", ["5", "5", "5", "5"], BLUE, NINE, 0),
    ("R-FIVE-3", ["5", "5", "5"], BLUE, ONE, 0),
    ("R-FIVE-3", ["5", "5"], ORCA, NINE, 0),
    ("RUL-FIVE-TRUMP", ["blue-6", "5", "blue-7"], BLUE, ONE, 1),      # trump 5 is lower than 6
    ("RUL-FIVE-TRUMP", ["orca-9", "5", "blue-4"], ORCA, NINE, 0),
    ("RUL-FIVE-TRUMP", ["orca-2", "5", "narwhal-9"], ORCA, NINE, 1),  # trump 5 beats the led/third
    ("RUL-FIVE-TRUMP", ["5", "blue-6", "narwhal-1"], BLUE, ONE, 0),  # led 5 becomes a trump 5
    ("RUL-TIE-CARDS", ["narwhal-2", "5", "5"], NARWHAL, NINE, 1),
    ("RUL-TIE-CARDS", ["narwhal-6", "5", "5", "narwhal-7"], NARWHAL, ONE, 1),
    ("RUL-TIE-CARDS", ["orca-6", "5", "5", "orca-9"], BLUE, ONE, 1),
    ("RUL-TIE-CARDS", ["5", "5", "orca-4", "orca-2"], BLUE, NINE, 0),
]


@pytest.mark.parametrize("rule,ids,trump,token,winner", WIN_TABLE,
                         ids=[f"{r}-{i}" for i, (r, *_rest) in enumerate(WIN_TABLE)])
def test_R_WIN_9_R_WIN_1_R_FIVE_2_R_FIVE_3_RUL_FIVE_TRUMP_RUL_TIE_CARDS_winner_table(rule, ids, trump, token, winner):
    cs = cards(*ids)
    assert decide(cs, trump, token) == winner
    names = [f"P{i}" for i in range(len(cs))]
    e = explain(names, cs, trump, token)
    assert e.winner_index == winner
    assert any(rule in line for line in e.lines("ru")), e.text("ru")
    assert any(rule in line for line in e.lines("en")), e.text("en")
    assert names[winner] in e.lines("en")[-1]


def test_R_WIN_9_highest_trump_wins():
    assert decide(cards("orca-9", "blue-2", "blue-3", "orca-8"), BLUE, NINE) == 2


def test_R_WIN_1_lowest_trump_wins():
    assert decide(cards("orca-1", "blue-7", "blue-3", "orca-2"), BLUE, ONE) == 2


@pytest.mark.parametrize("token", [ONE, NINE])
@pytest.mark.parametrize("third", ["sperm-1", "sperm-9"])
def test_R_WIN_9_R_WIN_1_third_family_never_wins(token, third):
    cs = cards("orca-4", third, "orca-6")
    w = decide(cs, BLUE, token)
    assert w != 1
    e = explain(["a", "b", "c"], cs, BLUE, token)
    assert any(s.key == "explain.lose_third" for s in e.steps)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_R_WIN_explanation_every_step_cites_a_rule(lang):
    cases = [(cards(*ids), tr, tok) for _r, ids, tr, tok, _w in WIN_TABLE]
    for cs, tr, tok in cases:
        e = explain([f"P{i}" for i in range(len(cs))], cs, tr, tok)
        for s in e.steps:
            if s.key != "explain.winner":
                line = s.text(lang)
                assert "(R-" in line or "RUL-" in line, line


# ---------------------------------------------------------------------------------------------
# R-REWARD-1…4, R-FIVE-REWARD, R-FIVE-LEAD
# ---------------------------------------------------------------------------------------------
def _rewarded(ids, firsts=("orca-1", "narwhal-1", "blue-1", "sperm-1"), trump=BLUE, token=NINE, deck=None):
    s = start(P4, trump, token, list(firsts), deck=deck or full_profile(2))
    return play(s, *ids)


def test_R_REWARD_1_options_are_other_players_cards():
    s = _rewarded(["orca-2", "orca-3", "orca-9", "orca-4"])
    assert trick_winner(s) == 2
    opts = reward_options(s)
    assert [(o.card.id, o.seat, o.pearls) for o in opts] == [("orca-2", 0, 2), ("orca-3", 1, 2), ("orca-4", 3, 2)]


@pytest.mark.parametrize("reward,code", [("orca-9", "reward-own-card"), ("orca-8", "reward-not-in-trick"),
                                          ("5", "reward-not-in-trick")])
def test_R_REWARD_1_own_or_foreign_card_refused(reward, code):
    s = _rewarded(["orca-2", "orca-3", "orca-9", "orca-4"])
    err = refused(s, ChooseReward(C(reward)))
    assert err.code == code
    assert_cites(err, "R-REWARD-1")


@pytest.mark.parametrize("pearls", [1, 2, 3])
def test_R_REWARD_1_winner_gains_the_printed_pearls(pearls):
    s = _rewarded(["orca-2", "orca-3", "orca-9", "orca-4"], deck=full_profile(pearls))
    s = apply(s, ChooseReward(C("orca-3")))
    assert s.round.pile == (0, 0, pearls, 0)
    assert round_points(s.round)[2] == pearls


def test_R_REWARD_2_chosen_card_becomes_its_players_bonus():
    s = _rewarded(["orca-2", "orca-3", "orca-9", "orca-4"])
    s = apply(s, ChooseReward(C("orca-3")))
    assert s.round.bonuses[1] == (C("narwhal-1"), C("orca-3"))
    assert all(C("orca-3") not in b for i, b in enumerate(s.round.bonuses) if i != 1)


@pytest.mark.parametrize("n,pearls", [(2, 3), (3, 3), (2, 2)])
def test_R_REWARD_3_RUL_SHORT_PILE_points_are_the_printed_pearls(n, pearls):
    players = ["A", "B", "C"][:n]
    firsts = ["orca-1", "narwhal-1", "blue-1"][:n]
    s = start(players, BLUE, NINE, firsts, deck=full_profile(pearls))
    s = play(s, *["sperm-2", "sperm-3", "sperm-4"][:n])
    w = trick_winner(s)
    s = apply(s, ChooseReward(C("sperm-2")))  # the trick has fewer other cards than pearls
    assert s.round.pile[w] == pearls


@pytest.mark.parametrize("ids,winner", [
    (["orca-2", "orca-3", "orca-9", "orca-4"], 2),
    (["orca-2", "orca-3", "orca-4", "orca-9"], 3),
    (["orca-9", "orca-3", "orca-4", "orca-2"], 0),
])
def test_R_REWARD_4_winner_leads_next_trick(ids, winner):
    s = _rewarded(ids)
    opts = reward_options(s)
    s = apply(s, ChooseReward(opts[0].card))
    assert phase(s) is Phase.PLAY and to_act(s) == winner
    assert s.round.tricks[-1].next_leader == winner


def test_R_REWARD_4_naming_another_next_leader_without_a_five_refused():
    s = _rewarded(["orca-2", "orca-3", "orca-9", "orca-4"])
    err = refused(s, ChooseReward(C("orca-3"), next_leader=0))
    assert err.code == "wrong-leader"
    assert_cites(err, "R-REWARD-4")


def test_R_FIVE_REWARD_five_worth_one_point_no_bonus_no_choice():
    s = _rewarded(["orca-2", "5", "orca-9", "5"], deck=full_profile(3))
    opts = reward_options(s)
    assert [(o.card.id, o.seat, o.pearls) for o in opts] == [("orca-2", 0, 3), ("5", 1, 1), ("5", 3, 1)]  # each 5
    s = apply(s, ChooseReward(C("5")))
    assert s.round.pile == (0, 0, 1, 0)
    assert s.round.bonuses == tuple((C(c),) for c in FIRSTS4)  # nobody got the 5 as a bonus
    assert phase(s) is Phase.PLAY and to_act(s) == 2  # no R-FIVE-LEAD choice


@pytest.mark.parametrize("ids,chooser", [
    (["orca-2", "5", "orca-9", "orca-3"], 1),
    (["5", "orca-2", "orca-9", "5"], 0),     # several 5s: the first one's player chooses
    (["orca-2", "orca-3", "orca-9", "5"], 3),
    (["orca-2", "orca-3", "5", "5"], 2),
])
def test_R_FIVE_LEAD_first_five_player_names_next_leader(ids, chooser):
    s = _rewarded(ids)
    w = trick_winner(s)
    non_five = next(o for o in reward_options(s) if not o.card.is_five)
    s = apply(s, ChooseReward(non_five.card))
    assert phase(s) is Phase.NEXT_LEADER and leader_chooser(s) == chooser
    assert to_act(s) is None
    assert s.round.pile[w] == 2  # the winner still scores as usual
    err = refused(s, PlayCard(w, C("sperm-9")))
    assert err.code == "await-leader"
    assert_cites(err, "R-FIVE-LEAD")
    target = (chooser + 2) % 4
    s = apply(s, ChooseLeader(target))
    assert phase(s) is Phase.PLAY and to_act(s) == target


def test_R_FIVE_LEAD_next_leader_given_with_the_reward():
    s = _rewarded(["orca-2", "5", "orca-9", "orca-3"])
    s = apply(s, ChooseReward(C("orca-3"), next_leader=3))
    assert phase(s) is Phase.PLAY and to_act(s) == 3
    assert s.round.tricks[-1].five_chooser == 1 and s.round.tricks[-1].next_leader == 3


def test_R_FIVE_LEAD_no_leader_choice_when_no_five_was_left_unchosen():
    s = _rewarded(["orca-2", "orca-3", "orca-9", "orca-4"])
    s = apply(s, ChooseReward(C("orca-2")))
    err = refused(s, ChooseLeader(1))
    assert err.code == "no-leader-choice"
    assert_cites(err, "R-FIVE-LEAD")


def _to_eighth_trick():
    s = start(P4, BLUE, NINE, FIRSTS4, deck=full_profile())
    fam = [c for ch in legal_round_chunks(FIRSTS4, 4) for c in ch if c != "5"]  # 28 family cards
    order = fam[:24] + [fam[24], "5", "5", fam[25]] + [fam[26], fam[27], "5", "5"]
    for k in range(7):
        s = auto_trick(s, order[4 * k:4 * k + 4])
    assert s.round.trick_number == 8 and s.violations == ()
    return play(s, *order[28:])


def test_R_FIVE_LEAD_not_after_the_eighth_trick():
    s = _to_eighth_trick()
    w = trick_winner(s)
    opt = next(o for o in reward_options(s) if not o.card.is_five)
    s = apply(s, ChooseReward(opt.card))
    assert phase(s) is Phase.SETUP and leader_chooser(s) is None  # the round is over: nothing to choose
    assert len(s.rounds) == 1 and s.rounds[0].detail.tricks[-1].winner == w


# ---------------------------------------------------------------------------------------------
# R-SCORE-1…3, R-END
# ---------------------------------------------------------------------------------------------
def _full_round(state, firsts, n):
    for ch in legal_round_chunks(firsts, n):
        state = auto_trick(state, ch)
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_R_SCORE_1_a_round_is_eight_tricks(n):
    players = P4[:n]
    firsts = FIRSTS4[:n]
    s = start(players, BLUE, NINE, firsts, deck=full_profile())
    chunks = legal_round_chunks(firsts, n)
    for k, ch in enumerate(chunks, start=1):
        assert s.round is not None and s.round.trick_number == k
        if k > 1:
            err = refused(s, StartRound(BLUE, NINE, tuple(cards(*firsts)), 0))
            assert err.code == "round-running"
            assert_cites(err, "R-SCORE-1")
        s = auto_trick(s, ch)
    assert s.round is None and phase(s) is Phase.SETUP
    assert len(s.rounds) == 1 and len(s.rounds[0].detail.tricks) == 8


@pytest.mark.parametrize("pearls,unused,points", [
    (7, 3, 8), (0, 0, 0), (0, 1, 0), (0, 2, 1), (5, 4, 7), (3, 5, 5), (12, 9, 16),
])
def test_R_SCORE_2_pearls_plus_pairs_of_unused_bonuses(pearls, unused, points):
    s = new_game(P2)
    s = apply(s, TallyRound(((pearls, unused), (0, 0))))
    assert s.rounds[0].points == (points, 0)
    assert totals(s) == (points, 0)


def test_R_SCORE_2_rulebook_example_7_plus_1_is_8():
    # Женя: 7 pearl cards, 3 unused bonuses -> 7 + 1 = 8
    s = new_game(P4)
    s = apply(s, TallyRound(((0, 0), (0, 0), (0, 0), (7, 3))))
    assert s.rounds[0].points[3] == 8


def test_R_SCORE_2_played_round_points():
    s = start(P4, BLUE, NINE, FIRSTS4, deck=full_profile())
    s = _full_round(s, FIRSTS4, 4)
    summary = s.rounds[0]
    detail = summary.detail
    assert summary.points == tuple(p + len(b) // 2 for p, b in zip(detail.pile, detail.bonuses))
    assert summary.unused == tuple(len(b) for b in detail.bonuses)
    assert sum(summary.pearls) == sum(t.gained for t in detail.tricks)


def test_R_SCORE_3_new_round_nothing_carries_over_but_totals():
    s = start(P4, BLUE, NINE, FIRSTS4, deck=full_profile())
    s = _full_round(s, FIRSTS4, 4)
    first = totals(s)
    assert sum(first) > 0
    s = apply(s, StartRound(ORCA, ONE, tuple(cards("orca-2", "narwhal-2", "blue-2", "sperm-2")), 1))
    r = s.round
    assert r.number == 2 and r.pile == (0, 0, 0, 0) and r.tricks == ()
    assert r.bonuses == tuple((C(c),) for c in ["orca-2", "narwhal-2", "blue-2", "sperm-2"])
    assert (r.trump, r.token) == (ORCA, ONE)
    assert totals(s) == first
    assert totals(s, include_current=True) == first  # no points yet in round 2


@pytest.mark.parametrize("rounds,target,expected", [
    ([[30, 0]], 30, (0, 1)),
    ([[29, 0]], 30, (None, None)),
    ([[20, 10], [10, 19]], 30, (0, 2)),           # 30 vs 29
    ([[30, 30]], 30, (None, None)),               # tie: one more round (R-END)
    ([[30, 30], [1, 0]], 30, (0, 2)),
    ([[30, 30], [0, 0], [0, 2]], 30, (1, 3)),     # repeated until one player alone has the highest
    ([[31, 33, 2]], 30, (1, 1)),                  # several reach 30: the highest wins (RUL-WINNER-MANY)
    ([[33, 33, 31]], 30, (None, None)),
    ([[5, 5]], 5, (None, None)),
    ([[5, 4]], 5, (0, 1)),
])
def test_R_END_RUL_WINNER_MANY_end_of_game(rounds, target, expected):
    assert end_of_game(rounds, target) == expected


def test_R_END_game_over_refuses_more_rounds():
    s = new_game(P2)
    s = apply(s, TallyRound(((30, 0), (12, 1))))
    assert phase(s) is Phase.OVER and s.winner == 0 and s.ended_after == 1
    for action in (TallyRound(((1, 0), (1, 0))), StartRound(BLUE, NINE, tuple(cards("orca-1", "blue-1")), 0)):
        err = refused(s, action)
        assert err.code == "play-after-end"
        assert_cites(err, "R-END")


def test_R_END_RUL_WINNER_MANY_tie_plays_another_round():
    s = new_game(P3)
    s = apply(s, TallyRound(((30, 0), (30, 1), (29, 6))))  # 30, 30, 32
    assert phase(s) is Phase.OVER and s.winner == 2  # highest total among those ≥ 30
    s = new_game(P3)
    s = apply(s, TallyRound(((30, 0), (30, 1), (2, 0))))
    assert phase(s) is Phase.SETUP and s.winner is None
    s = apply(s, TallyRound(((0, 0), (1, 0), (0, 0))))
    assert phase(s) is Phase.OVER and s.winner == 1 and s.ended_after == 2


# ---------------------------------------------------------------------------------------------
# Rulings
# ---------------------------------------------------------------------------------------------
def test_RUL_TIE_CARDS_explanation_cites_ruling():
    e = explain(["a", "b", "c"], cards("narwhal-2", "5", "5"), NARWHAL, NINE)
    assert e.winner_index == 1
    tie = [s for s in e.steps if s.key == "explain.lose_tie"]
    assert len(tie) == 1 and tie[0].params["player"] == "c"
    assert "RUL-TIE-CARDS" in tie[0].text("ru") and "RUL-TIE-CARDS" in tie[0].text("en")


def test_RUL_FIVE_TRUMP_explanation():
    e = explain(["a", "b"], cards("blue-6", "5"), BLUE, ONE)
    assert e.winner_index == 1
    assert any(s.key == "explain.five_is_trump" for s in e.steps)
    assert "RUL-FIVE-TRUMP" in e.text("ru") and "RUL-FIVE-TRUMP" in e.text("en")


def test_RUL_FIVE_LED_FOLLOW_players_after_the_first_family_card_must_follow():
    s = start(P4, BLUE, NINE, FIRSTS4, deck=full_profile())
    # A leads a 5, B plays a 5 (nothing to follow), C plays orca-3: led orca; D does not follow
    s = trick(s, ["5", "5", "orca-3", "narwhal-4"], "narwhal-4")
    assert s.round.tricks[0].winner == 0  # orca 5s beat orca-3; equal 5s: the earlier (RUL-TIE-CARDS)
    assert s.violations == ()
    s = play(s, "sperm-2", "sperm-3", "sperm-4", "orca-6")  # D plays orca from hand
    assert [(v.code, v.trick, v.player) for v in s.violations] == [("revoke", 1, "Женя")]


def test_RUL_FIVE_LED_FOLLOW_nobody_before_the_first_family_card_revokes():
    s = start(P4, BLUE, NINE, FIRSTS4, deck=full_profile())
    # A leads a 5, B a 5 (between), C chooses orca freely, D follows
    s = trick(s, ["5", "5", "orca-4", "orca-2"], "orca-4")
    assert s.round.tricks[0].winner == 0 and to_act(s) == 0
    # A, B and C later play every family: no revoke for anyone
    s = trick(s, ["narwhal-2", "narwhal-3", "narwhal-4", "narwhal-6"], "narwhal-2")
    s = play(s, "blue-2", "blue-3", "blue-4", "blue-6")
    assert s.violations == ()


def test_RUL_FIVE_BONUS_a_five_is_never_a_bonus():
    s = new_game(P3, 30, profile())
    err = refused(s, StartRound(BLUE, NINE, tuple(cards("orca-1", "5", "blue-1")), 0))
    assert err.code == "five-as-bonus"
    assert_cites(err, "RUL-FIVE-BONUS")
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"], deck=full_profile())
    err = refused(s, UseBonus(0, C("5")))
    assert err.code == "five-has-no-bonus"
    assert_cites(err, "RUL-FIVE-BONUS")
    s = play(s, "orca-2", "orca-9", "5")
    s = apply(s, ChooseReward(C("5")))  # B wins and chooses C's 5
    assert all(not c.is_five for b in s.round.bonuses for c in b)


def test_RUL_BONUS_NEXT_reward_bonus_usable_from_the_next_trick():
    deck = full_profile(1, "flip")
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"], deck=deck)
    s = play(s, "sperm-2", "sperm-3", "sperm-9")
    assert usable_bonuses(s, 1) == ()  # the trick is decided: no bonus can act on it
    s = apply(s, ChooseReward(C("sperm-3")))  # C wins, B receives sperm-3
    assert s.round.bonuses[1] == (C("narwhal-1"), C("sperm-3"))
    s = play(s, "sperm-4", "sperm-6")  # C leads, A plays, now B
    assert usable_bonuses(s, 1) == (C("narwhal-1"), C("sperm-3"))
    s = apply(s, UseBonus(1, C("sperm-3")))
    assert s.round.token is ONE and s.violations == ()


def test_RUL_BONUS_SAME_TRUMP_allowed_changes_nothing_and_discards():
    deck = profile({"orca-7": (1, "trump:blue")})
    s = start(P2, BLUE, NINE, ["orca-7", "blue-1"], deck=deck)
    before = (s.round.trump, s.round.token)
    s = play(s, "use:orca-7", "sperm-2", "sperm-3")
    assert (s.round.trump, s.round.token) == before
    assert s.round.bonuses[0] == ()  # no longer an unused bonus (R-SCORE-2)
    lines = current_explanation(s)
    keys = [st.key for st in lines.steps]
    assert "explain.bonus_same_trump" in keys
    assert "RUL-BONUS-SAME-TRUMP" in lines.text("ru") and "RUL-BONUS-SAME-TRUMP" in lines.text("en")


def test_RUL_SHORT_PILE_two_player_trick_worth_three_pearls():
    s = start(P2, BLUE, NINE, ["orca-1", "blue-1"])  # known facts only: narwhal-2 has 3 pearls
    s = play(s, "narwhal-2", "narwhal-3")
    s = apply(s, ChooseReward(C("narwhal-2")))
    assert s.round.pile == (0, 3)  # only one other card in the trick, still 3 points


@pytest.mark.parametrize("n,first,suggested", [(2, 0, 1), (2, 1, 0), (3, 2, 0), (4, 1, 2), (4, 3, 0)])
def test_RUL_NEXT_ROUND_LEADER_left_of_previous_first_player(n, first, suggested):
    players, firsts = P4[:n], FIRSTS4[:n]
    s = new_game(players, 1000, full_profile())
    assert suggested_leader(s) is None  # first round: the table decides (R-SETUP-5)
    s = apply(s, StartRound(BLUE, NINE, tuple(cards(*firsts)), first))
    assert suggested_leader(s) is None  # no round closed yet
    for ch in legal_round_chunks(firsts, n):
        s = auto_trick(s, ch)
    assert suggested_leader(s) == suggested
    s = apply(s, TallyRound(tuple((0, 0) for _ in range(n))))
    assert suggested_leader(s) is None  # after a tallied round nobody is known


def test_RUL_REVOKE_reported_with_both_tricks():
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"], deck=full_profile())
    s = trick(s, ["orca-2", "sperm-3", "orca-4"], "orca-2")        # trick 1: B does not follow orca
    s = trick(s, ["orca-6", "orca-7", "sperm-4"], "orca-6")        # trick 2: again (C leads, A, B)
    assert [t.winner for t in s.round.tricks] == [2, 0] and s.violations == ()
    s = play(s, "sperm-6", "orca-8")                              # trick 3: A leads, B plays orca
    vs = s.violations
    assert [(v.code, v.rule, v.round, v.trick, v.player) for v in vs] == [
        ("revoke", "R-TRICK-2", 1, 1, "B"), ("revoke", "R-TRICK-2", 1, 2, "B")]
    for v in vs:
        assert v.params["proof_trick"] == 3
        for lang in ("ru", "en"):
            text = v.text(lang)
            assert "RUL-REVOKE" in text and "R-TRICK-2" in text
            assert str(v.trick) in text and "3" in text
    # later plays of the same family do not report it again
    s = play(s, "sperm-7")
    s = apply(s, ChooseReward(C("sperm-6")))  # C wins trick 3 and leads
    s = play(s, "sperm-8", "sperm-9", "orca-9")
    assert len(s.violations) == 2


def test_RUL_REVOKE_not_following_while_void_is_no_revoke():
    s = start(P3, BLUE, NINE, ["orca-1", "narwhal-1", "blue-1"], deck=full_profile())
    s = trick(s, ["orca-2", "sperm-3", "orca-4"], "orca-2")
    s = trick(s, ["sperm-6", "sperm-7", "sperm-8"], "sperm-6")
    s = play(s, "narwhal-2", "narwhal-3", "narwhal-4")  # B never plays orca again
    assert s.violations == ()


# ---------------------------------------------------------------------------------------------
# Messages: Russian plurals (i18n.Count)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,ru,en", [
    (1, "1 очко", "1 point"), (2, "2 очка", "2 points"), (3, "3 очка", "3 points"), (4, "4 очка", "4 points"),
    (5, "5 очков", "5 points"), (0, "0 очков", "0 points"), (11, "11 очков", "11 points"),
    (12, "12 очков", "12 points"), (14, "14 очков", "14 points"), (21, "21 очко", "21 points"),
    (22, "22 очка", "22 points"), (25, "25 очков", "25 points"), (101, "101 очко", "101 points"),
    (111, "111 очков", "111 points"),
])
def test_R_SCORE_2_russian_plural_of_points(n, ru, en):
    assert count_text(Count(n, "point"), "ru") == ru
    assert count_text(Count(n, "point"), "en") == en


@pytest.mark.parametrize("n,pearl,bonus_,trick_", [
    (1, "1 жемчужина", "1 бонус", "1 взятка"), (2, "2 жемчужины", "2 бонуса", "2 взятки"),
    (5, "5 жемчужин", "5 бонусов", "5 взяток"), (21, "21 жемчужина", "21 бонус", "21 взятка"),
    (13, "13 жемчужин", "13 бонусов", "13 взяток"),
])
def test_R_COMP_russian_plurals_of_nouns(n, pearl, bonus_, trick_):
    assert count_text(Count(n, "pearl"), "ru") == pearl
    assert count_text(Count(n, "bonus"), "ru") == bonus_
    assert count_text(Count(n, "trick"), "ru") == trick_


@pytest.mark.parametrize("n,text", [(1, "после 1 взятки"), (2, "после 2 взяток"), (5, "после 5 взяток"),
                                    (21, "после 21 взятки")])
def test_R_SCORE_1_round_length_message_genitive(n, text):
    msg = render("v.round-length-fewer", {"round": 1, "tricks": Count(n, "trick_gen")}, "ru")
    assert text in msg and "R-SCORE-1" in msg
