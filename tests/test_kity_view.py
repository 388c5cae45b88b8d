"""The whale view's queries and actions that the screens use (companion/kozyrnye_kity/view.py):
deck facts corrected during a game re-score it at once, the table's questions answered as
names, ids and numbers, a typed result for the trump card of round setup, and the draft of a
card's facts shared by the deck check and the fact question."""
from __future__ import annotations

import random

from engine.kozyrnye_kity import FAMILIES, Phase

from companion.kozyrnye_kity.deck_walk import Draft
from companion.kozyrnye_kity.view import KityView, Revoke, TrickInfo, TrumpDraw, kity_view
from companion.ui.session import Session
from companion.store.repository import Store

LENA, MISHA = "Лена", "Миша"


def two_players(tmp_path) -> tuple[Store, Session]:
    store = Store.open(tmp_path)
    s = Session(store)
    assert s.new_game([LENA, MISHA], target=30).ok
    # trump orca, token 9: the highest card wins; first bonuses lie in front of each player
    assert s.game.start_round("orca", 9, {LENA: "blue-1", MISHA: "blue-2"}, LENA).ok
    return store, s


def first_trick_to_misha(s: Session, pearls: int) -> None:
    """Лена leads sperm-3, Миша follows with sperm-7 and wins (highest of the led family, no
    trump). He takes Лена's sperm-3; the app asks its pearls once (R-REWARD-1)."""
    assert s.game.play(LENA, "sperm-3").ok and s.game.play(MISHA, "sperm-7").ok
    assert s.game.phase() is Phase.REWARD and s.game.trick_winner() == MISHA
    out = s.game.choose_reward("sperm-3")
    assert not out.ok and out.notice.kind == "question" and s.question.card == "sperm-3"
    assert s.game.answer_fact("sperm-3", pearls=pearls).ok  # the reward is retried and taken


# ------------------------------------------------------------------------ facts re-score at once
def test_a_fact_corrected_during_a_game_changes_its_score_at_once(tmp_path):
    store, s = two_players(tmp_path)
    first_trick_to_misha(s, pearls=2)
    # by hand (R-SCORE-2: a point per pearl, a point per pair of unused bonuses):
    #   Миша: sperm-3's 2 pearls in his pile + 1 unused bonus (blue-2, no pair)   = 2
    #   Лена: no pearls + 2 unused bonuses (blue-1, and sperm-3 laid before her) = 1
    assert s.game.bonuses_in_front() == {LENA: ("blue-1", "sperm-3"), MISHA: ("blue-2",)}
    assert s.game.piles() == {LENA: 0, MISHA: 2}
    assert s.game.round_points() == {LENA: 1, MISHA: 2}
    log, revision = s.log, s.revision

    # «Check my deck» while the game runs: sperm-3 really shows 3 pearls
    view = kity_view(s)
    assert view is s.game
    assert view.my_facts("sperm-3") == {"pearls": 2}
    out = view.answer_fact("sperm-3", pearls=3)

    assert out.ok and store.deck_facts()["sperm-3"] == {"pearls": 3}  # the user's profile
    assert view.my_facts("sperm-3") == {"pearls": 3} and s.game.card_facts("sperm-3") == {"pearls": 3}
    # the running game at once: Миша 3 pearls + 1 unused bonus → 3; Лена unchanged → 1
    assert s.game.piles() == {LENA: 0, MISHA: 3}
    assert s.game.round_points() == {LENA: 1, MISHA: 3}
    assert s.game.trick_info(1, 1) == TrickInfo(1, 1, (("sperm-3", LENA), ("sperm-7", MISHA)), MISHA, "sperm-3", 3)
    changes = {(c.key, c.params.get("player"), c.params["old"], c.params["new"]) for c in out.notice.changes}
    assert changes == {("trick-gained", MISHA, 2, 3), ("total", MISHA, 2, 3)}
    assert s.log == log and s.revision == revision  # the log is the same; only the facts changed
    # and it holds after a restart
    store.close()
    s2 = Session(Store.open(tmp_path))
    assert s2.game.round_points() == {LENA: 1, MISHA: 3}


def test_a_bonus_corrected_during_a_game_is_what_the_table_shows(tmp_path):
    _store, s = two_players(tmp_path)
    assert s.game.card_facts("blue-1") == {}
    out = s.game.answer_fact("blue-1", bonus={"kind": "trump", "families": ["sperm"]})
    assert out.ok and s.game.card_facts("blue-1") == {"bonus": {"kind": "trump", "families": ["sperm"]}}
    assert s.game.usable_bonuses(LENA) == ("blue-1",)  # her turn, and the bonus is known now


def test_deck_check_while_another_game_runs_changes_only_the_profile(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    assert s.new_game(["A", "B", "C"], game="vzhuh").ok
    log, revision, state = s.log, s.revision, s.state
    view = kity_view(s)
    assert isinstance(view, KityView) and view is not s.game
    assert view.deck_checked() == 0 and view.deck_resume() == 0 and len(view.deck_cards()) == 32
    first = view.deck_cards()[0]
    out = view.answer_fact(first, pearls=1, bonus={"kind": "flip"})
    assert out.ok and store.deck_facts()[first] == {"pearls": 1, "bonus": {"kind": "flip"}}
    assert view.my_facts(first) == {"pearls": 1, "bonus": {"kind": "flip"}}
    assert view.deck_checked() == 1 and view.deck_resume() == 1
    assert s.kind == "vzhuh" and (s.log, s.revision, s.state) == (log, revision, state)


def test_deck_check_starts_from_the_rulebook_facts(tmp_path):
    view = kity_view(Session(Store.open(tmp_path)))
    # the narwhal 2 prints 3 pearls (KNOWN_FACTS): pre-filled, not checked yet (its bonus is unknown)
    assert view.from_rulebook("narwhal-2") and view.my_facts("narwhal-2") == {"pearls": 3}
    assert not view.from_rulebook("orca-1") and view.my_facts("orca-1") == {}
    assert view.deck_checked() == 0 and view.my_facts("nope-1") == {}


# ------------------------------------------------------------------------ the table's questions
def test_the_table_reads_names_ids_and_numbers(tmp_path):
    _store, s = two_players(tmp_path)
    g = s.game
    assert g.in_round() and not g.round_over()
    assert g.trump() == ("orca", 9) and g.round_number() == 1 and g.trick_number() == 1
    assert g.current_plays() == () and g.target == 30
    assert g.play(LENA, "sperm-3").ok
    assert g.current_plays() == (("sperm-3", LENA),)
    assert len(g.deck()) == 32 and "5" not in g.deck()  # two players: no 5s (R-COMP)


def test_a_revoke_is_told_as_names_and_trick_numbers(tmp_path):
    _store, s = two_players(tmp_path)
    g = s.game
    # trick 1: Лена leads sperm-3, Миша does not follow (narwhal-4); Лена wins and takes it
    assert g.play(LENA, "sperm-3").ok and g.play(MISHA, "narwhal-4").ok and g.trick_winner() == LENA
    g.choose_reward("narwhal-4")
    assert g.answer_fact("narwhal-4", pearls=1).ok
    # trick 2: Миша plays a sperm whale: he held the family in trick 1 (RUL-REVOKE)
    assert g.play(LENA, "blue-3").ok and g.play(MISHA, "sperm-8").ok
    [note] = g.new_revoke_notes("en")
    assert isinstance(note, Revoke)
    assert (note.player, note.round, note.trick, note.proof_trick) == (MISHA, 1, 1, 2)
    assert "RUL-REVOKE" in note.text and MISHA in note.text
    assert g.revokes(1, "en") == (note,) and g.revokes(2) == ()


# ------------------------------------------------------------------------ typed setup results
def test_the_drawn_card_gives_a_typed_result(tmp_path):
    _store, s = two_players(tmp_path)
    g = s.game
    ok = g.setup_from_card("narwhal-2")
    assert isinstance(ok, TrumpDraw) and ok.ok and (ok.trump, ok.token, ok.card) == ("narwhal", 1, "narwhal-2")
    five = g.setup_from_card("5")  # a 5: draw another (R-SETUP-2)
    assert isinstance(five, TrumpDraw) and not five.ok and five.trump is None
    assert five.notice.kind == "refused" and five.notice.error.rule == "R-SETUP-2"
    bad = g.setup_from_card("nope-3")
    assert isinstance(bad, TrumpDraw) and not bad.ok and bad.notice.key == "session.bad-card"
    drawn = g.draw_for_us(random.Random(7))
    assert isinstance(drawn, TrumpDraw) and drawn.ok and drawn.card != "5"
    assert g.setup_from_card(drawn.card) == drawn


# ------------------------------------------------------------------------ one draft of a card's facts
def test_one_draft_serves_the_deck_check_and_the_fact_question():
    order = [f.value for f in FAMILIES]
    d = Draft.of_json({"pearls": 2, "bonus": {"kind": "trump", "families": [order[2]]}})
    assert d.has("pearls") and d.has("bonus") and d.bonus() == {"kind": "trump", "families": [order[2]]}
    d = d.toggle_family(order[0])
    assert d.families == (order[0], order[2])  # the table's order, whatever the taps' order
    assert not d.toggle_family(order[0]).toggle_family(order[2]).has("bonus")  # a trump needs a family
    assert d.edit(kind="flip").bonus() == {"kind": "flip"}
    assert Draft.of_json({}) == Draft() and not Draft().has("pearls") and Draft().bonus() is None
    assert Draft.of_json(None) == Draft()


def test_a_fact_taught_on_one_device_rescores_the_game_on_the_others(tmp_path):
    store, s = two_players(tmp_path)
    first_trick_to_misha(s, pearls=2)
    other = Session(store)  # a second phone at the table
    assert other.game.round_points() == {LENA: 1, MISHA: 2}
    assert s.game.answer_fact("sperm-3", pearls=3).ok  # the log does not change, the profile does
    assert other.sync()  # the store told it: it re-scores with the new fact
    assert other.game.piles() == {LENA: 0, MISHA: 3} and other.game.round_points() == {LENA: 1, MISHA: 3}
