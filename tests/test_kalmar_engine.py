"""The rules engine of «Кальмар» (engine.kalmar): a table per rule ID, expected outcomes by hand.

Seating in most tests: Аня (0), Боря (1), Вика (2), Гоша (3), clockwise; Гоша deals, so Аня (to
the dealer's left) starts (KL-START). Everyone starts with 8 cards (KL-SETUP-1).
"""
import pytest

from engine import kalmar as kl
from engine.core.driver import replace
from engine.core.errors import IllegalAction

C = kl.parse_card
P = ("Аня", "Боря", "Вика", "Гоша")
A, B, V_, G = 0, 1, 2, 3


def game(first="green-5", dealer="Гоша", players=P, colour=None, **opt):
    return kl.new_game(players, dealer, C(first), colour, kl.Options(**opt))


def play(s, who, card, strict=True, **kw):
    return kl.apply(s, kl.Play(who, C(card), **kw), strict=strict)


def act(s, action, strict=True):
    return kl.apply(s, action, strict=strict)


def refused(s, action, code):
    with pytest.raises(IllegalAction) as e:
        kl.apply(s, action)
    assert e.value.code == code, e.value
    return e.value


def with_counts(s, **counts):
    c = list(s.counts)
    for name, n in counts.items():
        c[P.index(name)] = n
    return replace(s, counts=tuple(c))


# --- KL-COMP -----------------------------------------------------------------------------------
def test_KL_COMP_cards_of_the_game_and_no_deck_counts():
    assert len(kl.CARD_IDS) == 4 * 10 + 4 * 3 + 5  # different cards, not copies: counts are unknown
    assert C("green-7") == kl.Card(kl.Kind.DIGIT, kl.Colour.GREEN, 7)
    assert C("light-blue-reverse") == kl.Card(kl.Kind.REVERSE, kl.Colour.LIGHT_BLUE)
    assert C("draw4") == kl.Card(kl.Kind.DRAW4) and C("draw4").colour is None
    for bad in ("green-10", "blue-5", "green-choose", "skip", "", "GREEN-7"):
        with pytest.raises(ValueError):
            C(bad)
    bad_cards = [kl.Card(kl.Kind.DIGIT, kl.Colour.GREEN, 10), kl.Card(kl.Kind.SKIP),
                 kl.Card(kl.Kind.CHOOSE, kl.Colour.GREEN), kl.Card(kl.Kind.SKIP, "green"),
                 kl.Card(kl.Kind.DIGIT, kl.Colour.GREEN, True)]
    s = game()
    for card in bad_cards:
        assert kl.card_problem(card) is not None
        v = kl.can_play(s, card)
        assert not v.ok and v.rule == "KL-COMP"
        for strict in (True, False):  # cannot be applied at all, in either mode
            with pytest.raises(IllegalAction) as e:
                kl.apply(s, kl.Play("Аня", card), strict=strict)
            assert e.value.code == "bad-card"


def test_KL_COMP_card_names_in_both_languages():
    assert kl.card_text(C("green-7"), "ru") == "зелёная 7"
    assert kl.card_text(C("yellow-skip"), "ru") == "жёлтая «Пропуск хода»"
    assert kl.card_text(C("choose"), "ru") == "«Выбери цвет»"
    assert kl.card_text(C("light-blue-3"), "en") == "light blue 3"


# --- KL-SETUP-1, KL-START, RUL-KL-PLAYERS ----------------------------------------------------------
def test_KL_SETUP_1_eight_cards_each_and_first_card_on_top():
    s = game("crimson-4")
    assert s.counts == (8, 8, 8, 8)
    assert s.top == C("crimson-4") and s.colour is kl.Colour.CRIMSON
    assert s.game == 1 and s.tally == (0, 0, 0, 0) and s.winner is None


@pytest.mark.parametrize("n, ok", [(1, False), (2, True), (10, True), (11, False)])
def test_KL_SETUP_1_RUL_KL_PLAYERS_two_to_ten(n, ok):
    names = [f"И{i}" for i in range(n)]
    if ok:
        assert game(players=names, dealer=0).counts == (8,) * n
    else:
        e = refused(None, kl.NewGame(tuple(names), 0, C("green-5")), "players-count")
        assert e.rule == "KL-SETUP-1" and "RUL-KL-PLAYERS" in e.text("ru")


def test_KL_SETUP_1_names_must_differ():
    refused(None, kl.NewGame(("Аня", "Аня"), 0, C("green-5")), "players-names")
    refused(None, kl.NewGame(("Аня", " "), 0, C("green-5")), "players-names")


@pytest.mark.parametrize("dealer, first", [("Гоша", "Аня"), ("Аня", "Боря"), (2, "Гоша"), (1, "Вика")])
def test_KL_START_left_of_the_dealer_starts_clockwise(dealer, first):
    s = game(dealer=dealer)
    assert P[s.turn] == first and s.direction is kl.Direction.CLOCKWISE
    s = play(s, first, "green-3")
    assert P[s.turn] == P[(P.index(first) + 1) % 4]


def test_KL_START_unknown_dealer_or_player_refused():
    refused(None, kl.NewGame(P, "Женя", C("green-5")), "dealer")
    refused(game(), kl.Play("Женя", C("green-3")), "unknown-player")
    refused(game(), kl.Play(7, C("green-3")), "unknown-player")


# --- KL-SETUP-2, RUL-KL-FIRST-BLUE -----------------------------------------------------------------
@pytest.mark.parametrize("first, colour, turn, direction, pending, colour_in_force", [
    ("green-5", None, "Аня", 1, 0, "green"),           # a digit: no effect
    ("green-skip", None, "Боря", 1, 0, "green"),       # Аня, the first player, is skipped
    ("green-reverse", None, "Вика", -1, 0, "green"),   # the dealer's right plays first
    ("green-draw2", None, "Аня", 1, 2, "green"),       # Аня takes 2 and is skipped
    ("choose", "yellow", "Аня", 1, 0, "yellow"),       # RUL-KL-FIRST-BLUE: the dealer names it
    ("draw4", "crimson", "Аня", 1, 4, "crimson"),      # RUL-KL-FIRST-BLUE: Аня takes 4, skipped
])
def test_KL_SETUP_2_RUL_KL_FIRST_BLUE_first_card_is_the_dealers(first, colour, turn, direction, pending,
                                                                 colour_in_force):
    s = game(first, colour=colour)
    assert (P[s.turn], int(s.direction), s.pending_draw, s.colour.value) == (turn, direction, pending,
                                                                             colour_in_force)
    assert s.counts == (8, 8, 8, 8)  # the first card comes from the pile, not from a hand


def test_KL_SETUP_2_first_draw2_taken_then_next_player():
    s = act(game("green-draw2"), kl.Draw("Аня"))
    assert s.counts == (10, 8, 8, 8) and P[s.turn] == "Боря" and s.pending is None


@pytest.mark.parametrize("first", ["swap", "order", "silence"])
def test_RUL_KL_FIRST_BLUE_put_back_cards_are_refused_as_first(first):
    for strict in (True, False):
        with pytest.raises(IllegalAction) as e:
            kl.apply(None, kl.NewGame(P, "Гоша", C(first)), strict=strict)
        assert e.value.code == "first-put-back" and e.value.rule == "RUL-KL-FIRST-BLUE"


def test_RUL_KL_FIRST_BLUE_colour_named_only_and_always_for_colour_cards():
    refused(None, kl.NewGame(P, "Гоша", C("choose")), "first-colour")
    refused(None, kl.NewGame(P, "Гоша", C("draw4")), "first-colour")
    refused(None, kl.NewGame(P, "Гоша", C("green-5"), kl.Colour.YELLOW), "first-colour")


# --- KL-PLAY, RUL-KL-SAME-SYMBOL, RUL-KL-BLUE-COLOUR -----------------------------------------------
@pytest.mark.parametrize("top, colour, card, code, ok", [
    ("green-5", "green", "green-9", "same-colour", True),
    ("green-5", "green", "yellow-5", "same-digit", True),
    ("green-5", "green", "green-skip", "same-colour", True),      # an organizer of the same colour
    ("green-5", "green", "green-draw2", "same-colour", True),
    ("green-5", "green", "choose", "blue", True),
    ("green-5", "green", "draw4", "blue", True),
    ("green-5", "green", "swap", "blue", True),
    ("green-5", "green", "order", "blue", True),
    ("green-5", "green", "silence", "blue", True),
    ("green-5", "green", "yellow-7", "no-match", False),
    ("green-5", "green", "yellow-skip", "no-match", False),
    ("choose", "crimson", "crimson-2", "same-colour", True),      # the named colour is followed
    ("choose", "crimson", "green-2", "no-match", False),
    ("draw4", "yellow", "yellow-reverse", "same-colour", True),
    ("yellow-skip", "yellow", "green-skip", "same-symbol-off", False),  # RUL-KL-SAME-SYMBOL off
    ("swap", "green", "green-1", "same-colour", True),            # RUL-KL-BLUE-COLOUR
    ("swap", "green", "yellow-1", "no-match", False),
])
def test_KL_PLAY_check_card_table(top, colour, card, code, ok):
    v = kl.check_card(C(top), kl.Colour(colour), C(card))
    assert (v.code, v.ok) == (code, ok)
    rule = "RUL-KL-SAME-SYMBOL" if code == "same-symbol-off" else "KL-PLAY"
    assert v.rule == rule and f"({rule})" in v.text("ru") and f"({rule})" in v.text("en")


@pytest.mark.parametrize("top, card", [("yellow-skip", "green-skip"), ("crimson-draw2", "green-draw2"),
                                       ("light-blue-reverse", "yellow-reverse")])
def test_RUL_KL_SAME_SYMBOL_house_rule_switched_on(top, card):
    off = kl.check_card(C(top), C(top).colour, C(card))
    on = kl.check_card(C(top), C(top).colour, C(card), same_symbol=True)
    assert (off.ok, off.code) == (False, "same-symbol-off")
    assert (on.ok, on.code, on.rule) == (True, "same-symbol", "RUL-KL-SAME-SYMBOL")
    s_off = replace(game(), top=C(top), colour=C(top).colour)
    s_on = replace(game(same_symbol=True), top=C(top), colour=C(top).colour)
    assert not kl.can_play(s_off, C(card)).ok and kl.can_play(s_on, C(card)).ok
    refused(s_off, kl.Play("Аня", C(card)), "same-symbol-off")
    assert play(s_on, "Аня", card).top == C(card)


def test_RUL_KL_SAME_SYMBOL_live_play_with_the_house_rule():
    s = play(game("green-5", same_symbol=True), "Аня", "green-skip")  # Боря skipped
    s = play(s, "Вика", "yellow-skip")  # same picture, any colour
    assert P[s.turn] == "Аня" and s.colour is kl.Colour.YELLOW and not s.violations


def test_KL_PLAY_refused_live_and_recorded_in_a_replay():
    s = game("green-5")
    e = refused(s, kl.Play("Аня", C("yellow-7")), "no-match")
    assert e.rule == "KL-PLAY"
    r = play(s, "Аня", "yellow-7", strict=False)
    assert [(v.code, v.rule, v.round, v.trick, v.player) for v in r.violations] == [
        ("no-match", "KL-PLAY", 1, 1, "Аня")]
    assert r.top == C("yellow-7") and r.colour is kl.Colour.YELLOW and P[r.turn] == "Боря"  # goes on as entered


def test_RUL_KL_BLUE_COLOUR_colour_stays_after_swap_order_silence():
    s = play(game("crimson-5"), "Аня", "silence")
    assert s.colour is kl.Colour.CRIMSON and s.top == C("silence")
    assert kl.can_play(s, C("crimson-1")).ok and not kl.can_play(s, C("green-5")).ok  # a blue card has no digit


# --- KL-DRAW -----------------------------------------------------------------------------------------
def test_KL_DRAW_draw_then_play_or_pass():
    s = act(game(), kl.Draw("Аня"))
    assert s.counts[A] == 9 and P[s.turn] == "Аня" and s.drew == 1
    s1 = play(s, "Аня", "green-1")  # the drawn card fits
    assert s1.counts[A] == 8 and P[s1.turn] == "Боря"
    s2 = act(s, kl.Pass("Аня"))
    assert s2.counts[A] == 9 and P[s2.turn] == "Боря" and s2.turns == 1
    s3 = act(game(), kl.DrawAndPass("Аня"))
    assert s3.counts[A] == 9 and P[s3.turn] == "Боря" and s3.turns == 1


def test_KL_DRAW_one_card_and_pass_only_after_drawing():
    s = game()
    e = refused(s, kl.Pass("Аня"), "pass-without-draw")
    assert e.rule == "KL-DRAW"
    s1 = act(s, kl.Draw("Аня"))
    refused(s1, kl.Draw("Аня"), "draw-again")
    refused(s1, kl.DrawAndPass("Аня"), "draw-again")
    refused(s, kl.Draw("Аня", 2), "draw-again")
    for bad in (0, -1, 1.0, True, "1"):
        for strict in (True, False):
            with pytest.raises(IllegalAction) as ex:
                kl.apply(s, kl.Draw("Аня", bad), strict=strict)
            assert ex.value.code == "draw-count"
    r = act(act(s, kl.Draw("Аня", 2), strict=False), kl.Pass("Аня"), strict=False)
    assert [v.code for v in r.violations] == ["draw-again"] and r.counts[A] == 10


# --- KL-FX-SKIP, KL-FX-REVERSE, RUL-KL-REVERSE-TWO -------------------------------------------------
def test_KL_FX_SKIP_next_player_misses_the_turn():
    s = play(game(), "Аня", "green-skip")
    assert P[s.turn] == "Вика"
    s = play(s, "Вика", "green-skip")
    assert P[s.turn] == "Аня"
    two = play(game(players=("Аня", "Боря"), dealer="Боря"), "Аня", "green-skip")
    assert two.turn == 0  # with two players, a skip gives the same player another turn


def test_KL_FX_REVERSE_direction_changes():
    s = play(game(), "Аня", "green-reverse")
    assert s.direction is kl.Direction.COUNTERCLOCKWISE and P[s.turn] == "Гоша" and P[s.next_player] == "Вика"
    s = play(s, "Гоша", "green-3")
    assert P[s.turn] == "Вика"
    s = play(s, "Вика", "green-reverse")
    assert s.direction is kl.Direction.CLOCKWISE and P[s.turn] == "Гоша"


def test_RUL_KL_REVERSE_TWO_with_two_players_the_other_moves():
    s = play(game(players=("Аня", "Боря"), dealer="Боря"), "Аня", "green-reverse")
    assert s.turn == 1 and s.direction is kl.Direction.COUNTERCLOCKWISE


# --- KL-FX-DRAW2, KL-FX-DRAW4, RUL-KL-PENDING --------------------------------------------------------
def test_KL_FX_DRAW2_next_player_takes_two_and_is_skipped():
    s = play(game(), "Аня", "green-draw2")
    assert P[s.turn] == "Боря" and s.pending_draw == 2
    v = kl.can_play(s, C("green-draw2"))
    assert (v.ok, v.code, v.rule) == (False, "must-draw2", "KL-FX-DRAW2")  # no stacking (RUL-KL-PENDING)
    s = act(s, kl.Draw("Боря"))
    assert s.counts == (7, 10, 8, 8) and P[s.turn] == "Вика" and s.pending is None and s.turns == 2


def test_KL_FX_DRAW4_colour_named_and_four_taken():
    s = play(game(), "Аня", "draw4", colour=kl.Colour.YELLOW)
    assert s.colour is kl.Colour.YELLOW and s.pending_draw == 4 and P[s.turn] == "Боря"
    assert kl.can_play(s, C("yellow-1")).code == "must-draw4"
    s = act(s, kl.Draw("Боря", 4))
    assert s.counts[B] == 12 and P[s.turn] == "Вика"
    assert kl.can_play(s, C("yellow-1")).ok and not kl.can_play(s, C("green-1")).ok
    refused(game(), kl.Play("Аня", C("draw4")), "named-colour")


@pytest.mark.parametrize("action, code", [
    (kl.Draw("Боря", 3), "draw2-due"), (kl.Pass("Боря"), "draw2-due"), (kl.DrawAndPass("Боря"), "draw2-due"),
    (kl.Play("Боря", C("green-draw2")), "must-draw2"),
])
def test_RUL_KL_PENDING_only_taking_the_cards_ends_the_turn(action, code):
    s = play(game(), "Аня", "green-draw2")
    e = refused(s, action, code)
    assert e.rule == "KL-FX-DRAW2"
    r = act(s, action, strict=False)
    assert [v.code for v in r.violations] == [code] and P[r.turn] == "Вика"  # the turn passed on


def test_RUL_KL_PENDING_the_taken_count_is_what_was_entered():
    r = act(play(game(), "Аня", "green-draw2"), kl.Draw("Боря", 3), strict=False)
    assert r.counts[B] == 11 and P[r.turn] == "Вика"


# --- KL-FX-COLOUR ------------------------------------------------------------------------------------
def test_KL_FX_COLOUR_named_colour_is_followed():
    s = play(game(), "Аня", "choose", colour=kl.Colour.CRIMSON)
    assert s.colour is kl.Colour.CRIMSON and P[s.turn] == "Боря"
    assert kl.can_play(s, C("crimson-1")).ok and kl.can_play(s, C("green-5")).code == "no-match"
    for strict in (True, False):  # no colour, or a colour for a card that names none: cannot be applied
        with pytest.raises(IllegalAction) as e:
            kl.apply(game(), kl.Play("Аня", C("choose")), strict=strict)
        assert e.value.code == "named-colour" and e.value.rule == "KL-FX-COLOUR"
        with pytest.raises(IllegalAction):
            kl.apply(game(), kl.Play("Аня", C("green-1"), colour=kl.Colour.GREEN), strict=strict)


# --- KL-FX-SWAP, KL-END-SWAP ---------------------------------------------------------------------------
def test_KL_FX_SWAP_hands_change_places():
    s = with_counts(game(), Вика=5)
    s = play(s, "Аня", "swap", swap_with="Вика")
    assert s.counts == (5, 8, 7, 8) and P[s.turn] == "Боря" and s.colour is kl.Colour.GREEN
    refused(game(), kl.Play("Аня", C("swap")), "swap-with")
    refused(game(), kl.Play("Аня", C("swap"), swap_with="Аня"), "swap-with")
    refused(game(), kl.Play("Аня", C("green-1"), swap_with="Боря"), "swap-with")


def test_KL_END_SWAP_last_card_swap_gives_the_win_away():
    s = with_counts(game(), Аня=1, Вика=3)
    s = play(s, "Аня", "swap", swap_with=2)
    assert s.counts == (3, 8, 0, 8) and P[s.winner] == "Вика"
    assert s.tally == (0, 0, 1, 0) and s.results[-1].swap and s.results[-1].winner == V_


# --- KL-FX-ORDER, RUL-KL-ORDER -------------------------------------------------------------------------
def test_KL_FX_ORDER_RUL_KL_ORDER_ordered_card_played_with_its_effect():
    s = play(game(), "Аня", "order", order=C("yellow-skip"))
    assert s.order == C("yellow-skip") and P[s.turn] == "Боря" and s.colour is kl.Colour.GREEN
    assert kl.can_play(s, C("green-5")).code == "not-ordered"
    v = kl.can_play(s, C("yellow-skip"))
    assert (v.ok, v.code, v.rule) == (True, "ordered", "KL-FX-ORDER")
    s = act(s, kl.Draw("Боря", 3))  # draws until it comes: any number
    s = act(s, kl.Draw("Боря", 2))
    s = play(s, "Боря", "yellow-skip")  # its own effect: Вика is skipped
    assert s.counts[B] == 12 and P[s.turn] == "Гоша" and s.order is None and s.colour is kl.Colour.YELLOW
    assert not s.violations


def test_KL_FX_ORDER_not_followed():
    s = play(game(), "Аня", "order", order=C("draw4"))
    refused(s, kl.Play("Боря", C("green-1")), "not-ordered")
    e = refused(act(s, kl.Draw("Боря")), kl.Pass("Боря"), "order-not-followed")
    assert e.rule == "KL-FX-ORDER"
    s2 = play(s, "Боря", "draw4", colour=kl.Colour.GREEN)  # an ordered blue card still names its colour
    assert s2.pending_draw == 4 and P[s2.turn] == "Вика"


def test_RUL_KL_ORDER_the_named_card_is_a_card_of_the_game():
    refused(game(), kl.Play("Аня", C("order")), "order-card")
    refused(game(), kl.Play("Аня", C("order"), order=kl.Card(kl.Kind.SKIP)), "order-card")
    refused(game(), kl.Play("Аня", C("green-1"), order=C("green-2")), "order-card")


# --- KL-FX-SILENCE, RUL-KL-SILENCE-END -----------------------------------------------------------------
def test_KL_FX_SILENCE_breaking_it_costs_four():
    s = play(game(), "Аня", "silence")
    assert s.silence_by == A
    s = act(s, kl.BrokeSilence("Вика"))
    assert s.counts[V_] == 12 and s.silence_by == A
    s = play(s, "Боря", "green-1")
    s = act(s, kl.BrokeSilence("Аня"))  # the player who played it is silent too
    assert s.counts[A] == 11 and s.silence_by == A
    e = refused(game(), kl.BrokeSilence("Вика"), "no-silence")
    assert e.rule == "KL-FX-SILENCE"
    r = act(game(), kl.BrokeSilence("Вика"), strict=False)
    assert r.counts[V_] == 12 and [v.code for v in r.violations] == ["no-silence"]


def test_RUL_KL_SILENCE_END_until_the_players_next_move_not_a_skipped_turn():
    s = play(game(), "Аня", "silence")
    s = play(s, "Боря", "green-1")
    s = play(s, "Вика", "green-2")
    s = play(s, "Гоша", "green-skip")  # Аня's turn is skipped: not a move
    assert P[s.turn] == "Боря" and s.silence_by == A
    s = play(s, "Боря", "green-3")
    s = play(s, "Вика", "green-4")
    s = act(s, kl.Draw("Гоша"))
    s = act(s, kl.Pass("Гоша"))
    assert s.silence_by == A
    s = act(s, kl.Draw("Аня"))  # her next move
    assert s.silence_by is None


# --- KL-CALL, RUL-KL-CALL-WINDOW -----------------------------------------------------------------------
def test_KL_CALL_missed_call_costs_two_while_it_applies():
    s = play(with_counts(game(), Аня=2), "Аня", "green-3")
    assert s.counts[A] == 1 and s.call_due == A and s.one_card == (A,)
    c = act(s, kl.MissedCall("Аня"))
    assert c.counts[A] == 3 and c.call_due is None
    e = refused(c, kl.MissedCall("Аня"), "no-call-due")
    assert e.rule == "KL-CALL"


def test_RUL_KL_CALL_WINDOW_closes_with_the_next_move():
    s = play(with_counts(game(), Аня=2), "Аня", "green-3")
    s = act(s, kl.Draw("Боря"))  # the next player's turn began
    assert s.call_due is None and s.one_card == (A,)
    refused(s, kl.MissedCall("Аня"), "no-call-due")
    refused(game(), kl.MissedCall("Боря"), "no-call-due")


def test_RUL_KL_CALL_WINDOW_a_second_to_last_swap_owes_the_call_as_the_rulebook_says():
    """Issue 19 §6a, KL-CALL: «Когда игрок разыгрывает предпоследнюю карту, он должен выкрикнуть
    «Кальмар!»» — the rulebook names the card played; a swap is no exception. Аня holds 2, plays
    «Обмен картами» with Вика (8): she now holds Вика's 8, Вика holds Аня's last card. The call
    was due from Аня: caught, she draws 2 → 10. Вика played nothing: no call is due from her."""
    s = play(with_counts(game(), Аня=2), "Аня", "swap", swap_with="Вика")
    assert s.counts[A] == 8 and s.counts[V_] == 1 and s.call_due == A
    refused(s, kl.MissedCall("Вика"), "no-call-due")
    c = act(s, kl.MissedCall("Аня"))
    assert c.counts[A] == 10 and c.call_due is None


def test_RUL_KL_CALL_WINDOW_no_call_from_a_swap_that_was_not_the_second_to_last_card():
    """KL-CALL: Аня holds 3 and swaps with Вика, who holds 1 — Аня ends with one card, but the
    swap was not her second-to-last card: nothing to call (the rulebook's words)."""
    s = play(with_counts(game(), Аня=3, Вика=1), "Аня", "swap", swap_with="Вика")
    assert s.counts[A] == 1 and s.counts[V_] == 2 and s.call_due is None
    e = refused(s, kl.MissedCall("Аня"), "no-call-due")
    assert "RUL-KL-CALL-WINDOW" in e.text("ru") and "предпоследнюю" in e.text("ru")


def test_RUL_KL_CALL_WINDOW_the_rules_screen_says_the_decision_and_its_reason():
    """The ruling on the rules screen (assets/rules/kalmar.json), RU and EN: the call follows the
    card played — a swap too — and why (the rulebook makes no exception)."""
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).resolve().parents[1] / "assets" / "rules" / "kalmar.json").read_text("utf-8"))

    def items(node):
        if isinstance(node, dict):
            if node.get("id") == "RUL-KL-CALL-WINDOW":
                yield node
            for v in node.values():
                yield from items(v)
        elif isinstance(node, list):
            for v in node:
                yield from items(v)

    [rule] = list(items(doc))
    assert rule["kind"] == "ruling"
    assert "предпоследнюю карту" in rule["ru"] and "«Обмен картами»" in rule["ru"] and "исключения" in rule["ru"]
    assert "second-to-last card" in rule["en"] and "«Обмен картами»" in rule["en"] and "no exception" in rule["en"]


# --- KL-END, RUL-KL-OUT, RUL-KL-TALLY, RUL-KL-NEXT-DEALER ----------------------------------------------
def test_KL_END_first_without_cards_wins():
    s = play(with_counts(game(), Аня=1), "Аня", "green-draw2")
    assert s.winner == A and s.over and s.tally == (1, 0, 0, 0) and s.pending is None
    assert kl.can_play(s, C("green-1")).code == "game-over"
    e = refused(s, kl.Draw("Боря"), "after-end")
    assert e.rule == "KL-END"
    r = act(s, kl.Draw("Боря"), strict=False)
    assert [v.code for v in r.violations] == ["after-end"] and r.counts == s.counts


def test_RUL_KL_OUT_the_table_declares_a_player_out():
    s = act(game(), kl.PlayerOut("Вика"))
    assert s.winner == V_ and s.counts[V_] == 0 and s.tally == (0, 0, 1, 0)


def test_RUL_KL_TALLY_RUL_KL_NEXT_DEALER_sitting_of_games():
    s = act(game(), kl.PlayerOut("Вика"))
    s = act(s, kl.NextGame(C("yellow-1")))
    assert s.game == 2 and P[s.dealer] == "Аня" and P[s.turn] == "Боря" and s.counts == (8, 8, 8, 8)
    assert s.winner is None and s.tally == (0, 0, 1, 0) and len(s.results) == 1
    s = act(s, kl.PlayerOut("Вика"))
    s = act(s, kl.NextGame(C("yellow-2"), dealer="Гоша"))
    s = act(s, kl.PlayerOut("Аня"))
    assert kl.tally(s) == {"Аня": 1, "Боря": 0, "Вика": 2, "Гоша": 0}
    assert [(r.number, P[r.dealer], P[r.winner]) for r in s.results] == [(1, "Гоша", "Вика"), (2, "Аня", "Вика"),
                                                                          (3, "Гоша", "Аня")]


def test_KL_END_next_game_before_a_winner():
    e = refused(game(), kl.NextGame(C("green-1")), "game-unfinished")
    assert e.rule == "KL-END"
    r = act(game(), kl.NextGame(C("green-1")), strict=False)
    assert r.game == 2 and r.results[0].winner is None and [v.code for v in r.violations] == ["game-unfinished"]


# --- RUL-KL-TURN -----------------------------------------------------------------------------------------
def test_RUL_KL_TURN_out_of_turn_refused_live_and_followed_in_a_replay():
    s = game()
    e = refused(s, kl.Play("Вика", C("green-3")), "out-of-turn")
    assert e.rule == "KL-START" and "RUL-KL-TURN" in e.text("en")
    r = play(s, "Вика", "green-3", strict=False)
    assert [(v.code, v.player) for v in r.violations] == [("out-of-turn", "Вика")]
    assert P[r.turn] == "Гоша" and r.counts[V_] == 7


# --- KL-RESHUFFLE: the table's; the app never assumes the deck ---------------------------------------------
def test_KL_RESHUFFLE_the_engine_does_not_count_the_draw_pile():
    s = play(game(), "Аня", "order", order=C("green-9"))
    s = act(s, kl.Draw("Боря", 90))  # more than a made-up pile could hold: the engine does not know the deck
    assert s.counts[B] == 98 and not s.violations


# --- messages -------------------------------------------------------------------------------------------
def test_messages_in_both_languages_cite_the_rule():
    s = play(game(), "Аня", "order", order=C("yellow-skip"))
    v = kl.can_play(s, C("green-5"))
    assert v.text("ru").endswith("(KL-FX-ORDER)") and v.text("en").endswith("(KL-FX-ORDER)")
    assert "жёлтая «Пропуск хода»" in v.text("ru") and "зелёная 5" in v.text("ru")
    e = refused(play(game(), "Аня", "green-draw2"), kl.Draw("Боря", 3), "draw2-due")
    assert "2 карты" in e.text("ru") and "3 карты" in e.text("ru") and "3 cards" in e.text("en")
    assert "state:" in str(e) and "Боря to move" in str(e)


def test_KL_CALL_a_missed_call_stays_catchable_after_the_player_broke_the_silence():
    """Issue 43, KL-CALL: «Если он не сделал этого, а остальные игроки заметили ошибку до начала
    хода следующего участника, то игрок берёт 2 карты» (RUL-KL-CALL-WINDOW: until the next move
    entry). Аня plays «Соблюдай тишину» as her second-to-last card, forgets the call and then
    speaks: +4 (KL-FX-SILENCE), and the table may still catch the call: +2 more. Breaking the
    silence is not a move; Боря's draw is, and closes the window."""
    s = play(with_counts(game(), Аня=2), "Аня", "silence")  # Аня: 1 card left, silence in force
    assert s.counts[A] == 1 and s.call_due == A and s.silence_by == A
    s = act(s, kl.BrokeSilence("Аня"))
    assert s.counts[A] == 5 and s.call_due == A
    c = act(s, kl.MissedCall("Аня"))
    assert c.counts[A] == 7 and c.call_due is None and not c.violations
    late = act(s, kl.Draw("Боря"))  # the next player's turn began: too late
    e = refused(late, kl.MissedCall("Аня"), "no-call-due")
    assert e.rule == "KL-CALL"


def test_KL_CALL_another_players_broken_silence_leaves_the_call_catchable():
    s = play(with_counts(game(), Аня=2), "Аня", "silence")
    s = act(s, kl.BrokeSilence("Вика"))
    assert s.counts[V_] == 12 and s.call_due == A
    assert act(s, kl.MissedCall("Аня")).counts[A] == 3


def test_RUL_KL_CALL_WINDOW_the_table_shows_the_call_due_after_a_second_to_last_swap():
    """The live table (the view) offers the catch after Аня's second-to-last card was a swap,
    though she holds 8 cards after it (issue 19 §6a): it shows who owes the call, not who
    holds one card."""
    from types import SimpleNamespace

    from companion.kalmar.view import KalmarView

    s = play(with_counts(game(), Аня=2), "Аня", "swap", swap_with="Вика")
    view = KalmarView(SimpleNamespace(state=s, players=s.players, lang="ru", log=(), states=()))
    assert view.table().call_due == "Аня"
    caught = SimpleNamespace(state=act(s, kl.MissedCall("Аня")), players=s.players, lang="ru", log=(), states=())
    assert KalmarView(caught).table().call_due is None
