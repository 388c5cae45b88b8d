"""«Вжух!» engine: a table of cases per rule ID (shared/rules/vzhuh.md). Expected values are
computed by hand in this file, never by the code under test."""
import json
from pathlib import Path

import pytest

from engine import vzhuh as vz
from engine.core.errors import IllegalAction
from engine.core.i18n import Count, registered_catalogs, render, template
from engine.vzhuh import V, Attack, Beat, Cards, Joker, JokerKind, Points, RecordParty, Transfer

ROOT = Path(__file__).resolve().parent.parent
ABC = ("Аня", "Боря", "Вика")


def game(*parties, players=ABC, first=0, strict=True):
    s = vz.new_game(players, first)
    for p in parties:
        s = vz.apply(s, RecordParty(tuple(Points(x) if isinstance(x, int) else x for x in p)), strict=strict)
    return s


# --- VZ-COMP, RUL-VZ-JOKERS, VZ-J-PENALTY ---------------------------------------------------------
def test_VZ_COMP_deck_counts():
    assert vz.NUMBERS == (3, 4, 5, 6, 10, 12, 15, 20, 30)
    assert dict(vz.DECK_COUNTS) == {3: 20, 4: 15, 5: 12, 6: 10, 10: 6, 12: 5, 15: 4, 20: 3, 30: 2}
    assert vz.NUMBER_CARDS == 77 and vz.NUMBER_POINTS == 540 and vz.DECK_SIZE == 83


def test_VZ_COMP_RUL_VZ_JOKERS_full_deck():
    deck = vz.full_deck()
    assert len(deck) == 83
    assert deck.count(3) == 20 and deck.count(30) == 2
    assert [deck.count(k) for k in JokerKind] == [2, 2, 2]
    assert vz.JOKERS == 6 and vz.JOKER_PENALTY == 60 and vz.MAX_PARTY_SUM == 900


@pytest.mark.parametrize("points, ok", [
    (0, True), (1, False), (2, False), (3, True), (4, True), (7, True), (11, True), (59, True), (60, True),
    (540, True), (897, True), (898, False), (899, False), (900, True), (901, False), (5000, False),
])
def test_VZ_CHECK_reachable(points, ok):
    assert vz.reachable(points) is ok


@pytest.mark.parametrize("penalty, points", [
    (Cards({3: 2, 10: 1}, 1), 76),          # 6 + 10 + 60
    (Cards({}, 0), 0),
    (Cards({}, 6), 360),                    # VZ-J-PENALTY
    (Cards({30: 2, 20: 3}, 0), 120),
    (Cards({3: 20, 4: 15, 5: 12, 6: 10, 10: 6, 12: 5, 15: 4, 20: 3, 30: 2}, 6), 900),
    (Points(36), 36),
])
def test_VZ_SCORE_penalty_points(penalty, points):
    assert vz.penalty_points(penalty) == points


# --- RUL-VZ-PLAYERS, VZ-SETUP-4 ----------------------------------------------------------------------
@pytest.mark.parametrize("n, ok", [(1, False), (2, True), (5, True), (8, True), (9, False)])
def test_RUL_VZ_PLAYERS_count(n, ok):
    names = [f"P{i}" for i in range(n)]
    if ok:
        assert vz.new_game(names).n == n
    else:
        with pytest.raises(IllegalAction) as e:
            vz.new_game(names)
        assert (e.value.code, e.value.rule) == ("players-count", "RUL-VZ-PLAYERS")
        assert "RUL-VZ-PLAYERS" in str(e.value) and f"{n} players" in str(e.value)


@pytest.mark.parametrize("names", [("A", "A"), ("A", " "), ("A", "")])
def test_RUL_VZ_PLAYERS_names(names):
    with pytest.raises(IllegalAction) as e:
        vz.new_game(names)
    assert e.value.code == "players-names"


@pytest.mark.parametrize("first, seat", [(0, 0), (2, 2), ("Боря", 1), ("Вика", 2)])
def test_VZ_SETUP_4_first_player(first, seat):
    s = vz.new_game(ABC, first)
    assert s.first == seat and vz.next_starter(s) == seat


@pytest.mark.parametrize("first", [3, -1, "Гоша", True, None])
def test_VZ_SETUP_4_first_player_refused(first):
    with pytest.raises(IllegalAction) as e:
        vz.new_game(ABC, first)
    assert (e.value.code, e.value.rule) == ("first-player", "VZ-SETUP-4")


def test_VZ_SETUP_4_apply_new_game_action():
    s = vz.apply(None, vz.NewGame(ABC, "Вика"))
    assert s.players == ABC and s.first == 2 and s.parties == ()


# --- VZ-CHECK / VZ-COMP per party ------------------------------------------------------------------
def test_VZ_COMP_cards_over_deck_strict_and_replay():
    party = (Cards({30: 2}), Cards({30: 1, 3: 1}), Points(0))
    s0 = vz.new_game(ABC)
    with pytest.raises(IllegalAction) as e:
        vz.apply(s0, RecordParty(party))
    assert (e.value.code, e.value.rule) == ("too-many-cards", "VZ-COMP")
    assert "VZ-COMP" in str(e.value) and "this party has 3 cards “30”" in str(e.value)
    s = vz.apply(s0, RecordParty(party), strict=False)
    assert [(v.code, v.rule, v.round, v.player) for v in s.violations] == [("too-many-cards", "VZ-COMP", 1, None)]
    assert s.parties[0].points == (60, 33, 0)  # scored as entered
    # issue 43: «в партии 3 карты с числом 30» read as "in party 3"; the count now follows a colon
    assert s.violations[0].text("ru") == "в этой партии: 3 карты «30», а в колоде их всего 2 карты (VZ-COMP)"
    assert s.violations[0].text("en") == "this party has 3 cards “30”, but the deck has only 2 cards (VZ-COMP)"


def test_VZ_COMP_cards_at_deck_limit_ok():
    s = game((Cards({3: 10}), Cards({3: 10}), Cards({30: 2})))
    assert s.violations == () and s.parties[0].points == (30, 30, 60)


def test_RUL_VZ_JOKERS_total_checked_only():
    ok = game((Cards({}, 3), Cards({}, 3), 0))  # 6 jokers in all: no kind split checked
    assert ok.violations == ()
    s = game((Cards({}, 4), Cards({}, 3), 0), strict=False)
    assert [(v.code, v.rule) for v in s.violations] == [("too-many-jokers", "RUL-VZ-JOKERS")]
    assert s.violations[0].text("en") == "this party has 7 jokers, but the deck has only 6 jokers (RUL-VZ-JOKERS)"
    assert s.violations[0].text("ru") == "в этой партии: 7 джокеров, а в колоде их всего 6 джокеров (RUL-VZ-JOKERS)"


@pytest.mark.parametrize("points", [1, 2, 898, 899, 901])
def test_VZ_CHECK_unreachable_points(points):
    with pytest.raises(IllegalAction) as e:
        game((points, 0, 0))
    assert (e.value.code, e.value.rule) == ("unreachable-points", "VZ-CHECK")
    s = game((points, 0, 0), strict=False)
    assert s.violations[0].player == "Аня" and s.parties[0].points == (points, 0, 0)


# Аня's cards: both 30s and all three 20s = 60 + 60 = 120 points; the deck left holds
# 900 − 120 = 780 points (20×3, 15×4, 12×5, 10×6, 6×10, 5×12, 4×15 and 6 jokers at 60).
ANYA_30_20 = Cards({30: 2, 20: 3})


@pytest.mark.parametrize("points,ok", [
    (780, True),   # every card left
    (779, False),  # 780 − 1: the smallest card is 3, so 1 point cannot be left out
    (778, False),  # 780 − 2: likewise (778 alone is makeable with the whole deck: 900 − 122)
    (777, True),   # 780 − 3: all but one 3
    (781, False),  # more than is left
    (60, True),    # one joker, or 10×6 …
])
def test_VZ_CHECK_typed_points_against_the_deck_left_after_the_others_cards(points, ok):
    assert vz.reachable(points)  # each of these is makeable with the whole deck
    party = (ANYA_30_20, Points(points), Points(0))
    if ok:
        assert vz.apply(vz.new_game(ABC), RecordParty(party)).parties[0].points == (120, points, 0)
        return
    with pytest.raises(IllegalAction) as e:
        vz.apply(vz.new_game(ABC), RecordParty(party))
    assert (e.value.code, e.value.rule) == ("unreachable-left", "VZ-CHECK")
    ru, en = e.value.text("ru"), e.value.text("en")
    assert f"штраф {points} " in ru and "Боря" in ru and "780" in ru and "(VZ-CHECK)" in ru
    assert "other players" in en and "780 points in all" in en and "20×3" in en and "6×60" in en
    s = vz.apply(vz.new_game(ABC), RecordParty(party), strict=False)  # replay: reported, scored as entered
    expected = [("unreachable-left", "Боря")] + ([("party-sum", None)] if 120 + points > 900 else [])
    assert [(v.code, v.player) for v in s.violations] == expected
    assert s.parties[0].points == (120, points, 0)


@pytest.mark.parametrize("points,ok", [(7, False), (8, False), (9, False), (10, True), (11, True), (13, False),
                                       (16, True), (17, True), (3, False), (0, True)])
def test_VZ_CHECK_typed_points_without_the_small_cards_left(points, ok):
    """Аня took all twenty 3s and all fifteen 4s: the smallest cards left are 5 and 6, so 7 (3 + 4),
    8 (4 + 4), 9 (3 + 6), 13 and 3 cannot be made any more; 10 = 5 + 5, 11 = 5 + 6, 16 = 5 + 5 + 6,
    17 = 5 + 6 + 6, 0 = no card."""
    party = (Cards({3: 20, 4: 15}), Points(0), Points(points))
    if ok:
        assert vz.apply(vz.new_game(ABC), RecordParty(party)).parties[0].points == (120, 0, points)
    else:
        with pytest.raises(IllegalAction) as e:
            vz.apply(vz.new_game(ABC), RecordParty(party))
        assert (e.value.code, e.value.rule, e.value.params["player"]) == ("unreachable-left", "VZ-CHECK", "Вика")


def test_VZ_CHECK_typed_points_others_typed_numbers_do_not_count():
    """Only cards entered card by card are taken out of the deck: another player's typed number
    says nothing about which cards it was (that sum is checked against 900 in all)."""
    s = vz.apply(vz.new_game(ABC), RecordParty((Points(450), Points(449), Points(0))))
    assert s.parties[0].points == (450, 449, 0)


def test_VZ_CHECK_party_sum_over_900():
    s = game((300, 300, 301), strict=False)  # each reachable, 901 in all
    assert [(v.code, v.rule) for v in s.violations] == [("party-sum", "VZ-CHECK")]
    assert game((300, 300, 300)).violations == ()


@pytest.mark.parametrize("penalties", [
    (Points(1), Points(2)),                                   # too few
    (Points(1), Points(2), Points(3), Points(4)),             # too many
    {"Аня": Points(0), "Боря": Points(0)},                    # a player missing
    {"Аня": Points(0), 1: Points(0), "Боря": Points(0), 2: Points(0)},  # a player twice
    {"Аня": Points(0), "Боря": Points(0), "Гоша": Points(0)},  # unknown player
    "abc",
])
@pytest.mark.parametrize("strict", [True, False])
def test_VZ_CHECK_every_player_once(penalties, strict):
    with pytest.raises(IllegalAction) as e:
        vz.apply(vz.new_game(ABC), RecordParty(penalties), strict=strict)
    assert (e.value.code, e.value.rule) == ("party-players", "VZ-CHECK")


def test_VZ_CHECK_mapping_by_name_and_seat():
    s = vz.apply(vz.new_game(ABC), RecordParty({"Вика": Points(5), 0: Points(3), "Боря": Points(4)}))
    assert s.parties[0].points == (3, 4, 5)


@pytest.mark.parametrize("bad", [
    Points(-3), Points(True), Points(3.0), Cards({7: 1}), Cards({3: -1}), Cards({"3": 1}), Cards({3: 1}, -1),
    Cards({3: 1.5}), 36, None,
])
@pytest.mark.parametrize("strict", [True, False])
def test_VZ_SCORE_unscorable_penalty_refused_in_both_modes(bad, strict):
    with pytest.raises(IllegalAction) as e:
        vz.apply(vz.new_game(ABC), RecordParty((bad, Points(0), Points(0))), strict=strict)
    assert (e.value.code, e.value.rule) == ("bad-penalty", "VZ-SCORE")


# --- VZ-NEXT, RUL-VZ-NEXT-TIE ----------------------------------------------------------------------
@pytest.mark.parametrize("first, points, starter", [
    (0, (10, 50, 20), 1),   # most points starts (VZ-NEXT)
    (0, (50, 10, 20), 0),
    (1, (40, 10, 40), 2),   # tie 0/2: first clockwise from seat 1 is 2 (RUL-VZ-NEXT-TIE)
    (2, (40, 10, 40), 2),   # the previous starter is among the tied: seat 2 itself
    (0, (40, 10, 40), 0),
    (1, (0, 0, 0), 1),      # all tied: the previous starter again
    (2, (7, 7, 0), 0),      # from 2 clockwise: 0 before 1
])
def test_VZ_NEXT_and_RUL_VZ_NEXT_TIE(first, points, starter):
    s = game(points, first=first)
    assert s.parties[0].starter == first
    assert vz.next_starter(s) == starter
    s2 = vz.apply(s, RecordParty((Points(0),) * 3))
    assert s2.parties[1].starter == starter


def test_VZ_NEXT_chain_over_parties():
    s = game((10, 50, 20), (30, 30, 0), first=0)  # party 2 started by 1; tie 0/1 from 1 → 1
    assert [p.starter for p in s.parties] == [0, 1] and vz.next_starter(s) == 1


# --- VZ-GAME, VZ-TIE, RUL-VZ-TIE -------------------------------------------------------------------
def test_VZ_GAME_lowest_after_three():
    s = game((10, 20, 30), (5, 5, 5), (0, 30, 3))
    assert vz.totals(s) == (15, 55, 38)
    assert vz.is_over(s) and vz.winner(s) == 0 and s.ended_after == 3
    assert vz.next_starter(s) is None and vz.tied(s) == ()
    assert [(x.place, x.seat, x.total) for x in vz.standings(s)] == [(1, 0, 15), (2, 2, 38), (3, 1, 55)]


def test_VZ_GAME_not_over_before_three():
    s = game((0, 90, 90), (0, 90, 90))
    assert not vz.is_over(s) and vz.winner(s) is None and vz.tied(s) == ()
    assert vz.next_starter(s) == 1


def test_VZ_TIE_RUL_VZ_TIE_extra_parties_until_alone():
    s = game((10, 20, 10), (5, 5, 5), (0, 30, 0))
    assert vz.totals(s) == (15, 55, 15)
    assert not vz.is_over(s) and vz.tied(s) == (0, 2)
    s = vz.apply(s, RecordParty((Points(10), Points(0), Points(10))))  # extra party: all play, still tied
    assert vz.totals(s) == (25, 55, 25) and vz.tied(s) == (0, 2) and s.parties[-1].extra
    s = vz.apply(s, RecordParty((Points(4), Points(0), Points(3))))
    assert vz.totals(s) == (29, 55, 28) and vz.winner(s) == 2 and s.ended_after == 5


def test_VZ_GAME_standings_shared_place():
    s = game((10, 10, 20))
    assert [(x.place, x.seat) for x in vz.standings(s)] == [(1, 0), (1, 1), (3, 2)]


def test_VZ_GAME_party_after_end():
    s = game((10, 20, 30), (5, 5, 5), (0, 30, 3))
    with pytest.raises(IllegalAction) as e:
        vz.apply(s, RecordParty((Points(90), Points(0), Points(0))))
    assert (e.value.code, e.value.rule) == ("play-after-end", "VZ-GAME")
    r = vz.apply(s, RecordParty((Points(90), Points(0), Points(0))), strict=False)
    assert [(v.code, v.round) for v in r.violations] == [("play-after-end", 4)]
    assert vz.winner(r) == 0 and r.ended_after == 3 and vz.totals(r) == (105, 55, 38)
    assert r.violations[0].text("ru") == ("партия 4 записана после конца игры: игра окончена после партии 3, "
                                          "победитель — Аня (VZ-GAME)")


def test_VZ_CHECK_strict_refusal_keeps_state():
    s = vz.new_game(ABC)
    with pytest.raises(IllegalAction):
        vz.apply(s, RecordParty((Points(1), Points(0), Points(0))))
    assert s.parties == () and s.violations == ()


# --- the move checker ----------------------------------------------------------------------------
BEATS = [
    # (n, k, number, count, member)
    (4, 4, 10, 2, V.OK_BEAT),            # 20 > 16 (the rulebook's example)
    (4, 4, 5, 4, V.OK_BEAT),             # 20 > 16
    (4, 4, 6, 3, V.OK_BEAT),             # 18 > 16
    (4, 4, 15, 1, V.BEAT_NOT_GREATER),   # 15 < 16
    (10, 2, 5, 4, V.BEAT_NOT_GREATER),   # 20 = 20: strictly greater needed
    (10, 2, 3, 5, V.BEAT_NOT_GREATER),   # 15 < 20
    (3, 1, 4, 1, V.OK_BEAT),
    (30, 1, 20, 2, V.OK_BEAT),           # 40 > 30
    (4, 4, 4, 5, V.BEAT_SAME_NUMBER),    # 20 > 16 but the same number: a transfer
    (3, 1, 30, 3, V.OVER_DECK),          # only 2 cards of 30
    (3, 1, 7, 1, V.NOT_IN_DECK),
    (3, 1, 4, 6, V.HAND_SIZE),           # a hand holds 5
    (3, 1, 4, 0, V.NO_CARDS),
]


@pytest.mark.parametrize("n, k, m, c, member", BEATS)
def test_VZ_BEAT_table(n, k, m, c, member):
    v = vz.check(Attack(n, k), Beat(m, c))
    assert v.entry is member and v.ok is member.name.startswith("OK_") and v.rule == member.rule


def test_VZ_BEAT_message_arithmetic():
    v = vz.check(Attack(4, 4), Beat(10, 2))
    assert v.text("ru") == "2×10 = 20 > 4×4 = 16, другое число — карты отбиты (VZ-BEAT)"
    assert v.text("en") == "2×10 = 20 > 4×4 = 16, a different number: beaten (VZ-BEAT)"
    eq = vz.check((10, 2), Beat(5, 4))
    assert eq.text("en") == "4×5 = 20 = 2×10 = 20: a beat needs a strictly greater sum (VZ-BEAT)"
    lt = vz.check((4, 4), Beat(15, 1))
    assert "1×15 = 15 < 4×4 = 16" in lt.text("ru")
    same = vz.check((4, 4), Beat(4, 5))
    assert "transfer" in same.text("en") and "перевод" in same.text("ru")


@pytest.mark.parametrize("n, k, t, member, total", [
    (4, 2, 2, V.OK_TRANSFER, 16),   # the rulebook's example: 2×4 + 2×4
    (4, 2, 1, V.OK_TRANSFER, 12),   # one card is enough for several
    (3, 18, 2, V.OK_TRANSFER, 60),  # 20 cards of 3: the whole deck
    (3, 19, 2, V.OVER_DECK, None),  # 21 > 20
    (30, 2, 1, V.OVER_DECK, None),
    (5, 1, 0, V.NO_CARDS, None),
    (5, 1, 6, V.HAND_SIZE, None),
])
def test_VZ_TRANSFER_table(n, k, t, member, total):
    v = vz.check(Attack(n, k), Transfer(t))
    assert v.entry is member
    if total is not None:
        assert v.params["total"] == total and v.ok


def test_VZ_TRANSFER_message():
    v = vz.check((4, 2), Transfer(2))
    assert v.text("ru") == "2×4 — то же число, и 4×4 = 16 переходят к следующему игроку (VZ-TRANSFER)"
    over = vz.check((3, 19), Transfer(2))
    assert over.text("ru") == "21 карта с числом 3 — больше, чем в колоде: там всего 20 карт (VZ-COMP)"


@pytest.mark.parametrize("n, k, member", [
    (7, 1, V.NOT_IN_DECK), (0, 1, V.NOT_IN_DECK), ("3", 1, V.NOT_IN_DECK), (True, 1, V.NOT_IN_DECK),
    (3, 0, V.ATTACK_COUNT), (3, 21, V.ATTACK_COUNT), (30, 3, V.ATTACK_COUNT), (3, -1, V.ATTACK_COUNT),
])
def test_RUL_VZ_STACK_VZ_COMP_attack_outside_deck(n, k, member):
    for resp in (Transfer(1), Beat(30, 1), Joker(JokerKind.VOILA)):
        v = vz.check((n, k), resp)
        assert v.entry is member and not v.ok
    assert vz.check_attack((3, 20)) is None and vz.check_attack(Attack(30, 2)) is None


@pytest.mark.parametrize("k, to_penalty, goes_on", [(1, 0, 1), (2, 1, 1), (3, 1, 2), (4, 2, 2), (5, 2, 3), (20, 10, 10)])
def test_VZ_J_KRABLI_split(k, to_penalty, goes_on):
    assert vz.krabli_split(k) == (to_penalty, goes_on)
    v = vz.check(Attack(3, k), Joker(JokerKind.KRABLI))
    assert v.entry is V.OK_KRABLI and (v.params["to_penalty"], v.params["goes_on"]) == (to_penalty, goes_on)


def test_VZ_J_KRABLI_message():
    v = vz.check((3, 5), Joker(JokerKind.KRABLI))
    assert v.text("ru") == ("из 5×3: 2 карты — в штраф (половина, округлённая вниз), 3 карты — следующему игроку "
                            "(VZ-J-KRABLI)")
    one = vz.check((10, 1), Joker("krabli"))
    assert one.text("en").startswith("of 1×10: 0 cards to the penalty") and "1 card on" in one.text("en")


def test_VZ_J_VOILA_ok():
    v = vz.check((5, 3), Joker(JokerKind.VOILA))
    assert v.entry is V.OK_VOILA and v.ok and "VZ-J-VOILA" in v.text("ru")


@pytest.mark.parametrize("n, k, discard, member", [
    (4, 2, True, V.OK_VZHUH),
    (4, 2, False, V.VZHUH_NO_CARD),
    (4, 2, None, V.VZHUH_UNKNOWN),
    (30, 2, True, V.VZHUH_NONE_LEFT),  # both 30s are on the table: none can be in the discard
    (30, 1, True, V.OK_VZHUH),
])
def test_VZ_J_VZHUH_table(n, k, discard, member):
    v = vz.check((n, k), Joker(JokerKind.VZHUH, discard))
    assert v.entry is member and v.rule == "VZ-J-VZHUH"
    if member is V.OK_VZHUH:
        assert v.params["total"] == n * (k + 1)


@pytest.mark.parametrize("kind", list(JokerKind))
def test_VZ_J_LAST_any_joker(kind):
    v = vz.check((4, 2), Joker(kind, True, last_player=True))
    assert v.entry is V.JOKER_LAST and not v.ok
    assert "VZ-J-LAST" in v.text("ru") and "VZ-J-LAST" in v.text("en")


def test_VZ_JOKER_unknown_kind():
    v = vz.check((4, 2), Joker("abracadabra"))
    assert v.entry is V.JOKER_KIND and not v.ok and "«Вуаля!»" in v.text("ru")


def test_VZ_RESP_not_a_response():
    with pytest.raises(TypeError):
        vz.check((4, 2), "beat")


# --- the registry and the words ------------------------------------------------------------------
def test_registry_every_member_cites_its_rule_in_both_languages():
    for m in V:
        assert m.key.startswith("vz."), m
        for lang in ("ru", "en"):
            assert f"({m.rule})" in template(m.key, lang) or f"{m.rule})" in template(m.key, lang), (m, lang)


def test_registry_codes_unique_and_rule_ids_known():
    assert len({m.key for m in V}) == len(V)
    # the in-app rulebook holds every digest ID (tests/test_rules_content_vzhuh.py); the digest
    # itself is checked against the registry in tests/test_rule_registries.py
    rules_json = ROOT / "assets" / "rules" / "vzhuh.json"
    ids = {i["id"] for s in json.loads(rules_json.read_text("utf-8"))["sections"] for i in s["items"]}
    assert {m.rule for m in V} <= ids


def test_registry_every_member_used_in_the_code():
    src = "".join(p.read_text("utf-8") for p in (ROOT / "engine" / "vzhuh").glob("*.py") if p.name != "rules.py")
    unused = [m.name for m in V if f"V.{m.name}" not in src]
    assert unused == []


def test_messages_every_vz_key_renders_in_both_languages():
    vzhuh = next(c for c in registered_catalogs() if c.domain == "vzhuh")  # engine/vzhuh/locales
    keys = [m.id for m in vzhuh.read("ru") if m.id and isinstance(m.id, str)]
    assert len(keys) > 40 and all(k.startswith("vz.") for k in keys)
    for k in keys:
        assert template(k, "ru") and template(k, "en")
        assert template(k, "ru") != template(k, "en") or k in ("vz.report.title",)


@pytest.mark.parametrize("n, ru, en", [(1, "1 карта", "1 card"), (2, "2 карты", "2 cards"), (5, "5 карт", "5 cards"),
                                       (21, "21 карта", "21 cards"), (22, "22 карты", "22 cards")])
def test_plural_cards(n, ru, en):
    assert render("vz.check.hand-size", {"cards": Count(n, "vz.card"), "hand": Count(5, "vz.card")}, "ru").startswith(ru + " ")
    assert render("vz.check.hand-size", {"cards": Count(n, "vz.card"), "hand": Count(5, "vz.card")}, "en").startswith(en + " ")


def test_refusal_str_has_rule_input_and_state():
    s = game((10, 20, 30))
    with pytest.raises(IllegalAction) as e:
        vz.apply(s, RecordParty((Points(2), Points(0), Points(0))))
    text = str(e.value)
    assert text.startswith("VZ-CHECK [unreachable-points]")
    assert "Points(n=2)" in text and "1 parties closed" in text and "next starter Вика" in text
