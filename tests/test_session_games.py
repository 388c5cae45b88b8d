"""Whole games through the Session API: full tracking with deck-fact questions, score pad with
a tie at the top, refusals that change nothing, fact corrections, finish/abandon, export."""
from __future__ import annotations

import json

import pytest

from engine import kozyrnye_kity as engine
from engine.kozyrnye_kity import Phase, parse_card
from engine.kozyrnye_kity.record import action_from_json
from engine.kozyrnye_kity.replay import replay_record

from companion.kozyrnye_kity.view import summarize
from companion.ui.session import Session
from companion.store.repository import Store
from companion.core.summary import Summary

from test_session_helpers import answer, call, do, drive, fold_stored, json_actions, sim, snapshot

NAMES = ["Лена", "Миша", "Ёжик", "Аня"]


def restart(store: Store) -> tuple[Store, Session]:
    store.close()
    store = Store.open(store.root)
    return store, Session(store)


# ------------------------------------------------------------------------------------ full games
@pytest.mark.parametrize("n, seed", [(2, 11), (3, 12), (4, 13)])
def test_full_game_to_the_winner_learns_the_deck_and_archives(tmp_path, n, seed):
    players = NAMES[:n]
    sm, prof = sim(seed, players)
    assert sm.final.winner is not None
    actions = json_actions(sm)
    store = Store.open(tmp_path)
    s = Session(store)
    assert s.new_game(players, target=30, mode="full").ok and s.active and s.mode == "full"

    asked = drive(s, actions, prof)

    assert asked > 0  # the profile knew nothing but the narwhal 2
    assert s.log == tuple(actions) and s.game.phase() is Phase.OVER
    assert s.game.totals() == dict(zip(players, engine.totals(sm.final)))
    assert s.game.points_by_round() == [dict(zip(players, r.points)) for r in sm.final.rounds]
    assert s.winner() == players[sm.final.winner]
    assert s.game.violations() == ()
    assert s.state == fold_stored(store)  # the stored log is the source of truth
    # what the user told the app is in their profile, and it is what is printed
    learned = store.deck_facts()
    assert learned
    for cid, facts in learned.items():
        c = parse_card(cid)
        if "pearls" in facts:
            assert facts["pearls"] == prof.pearls(c)
        if "bonus" in facts:
            assert facts["bonus"] == prof.bonus(c).to_json()

    # a finished game goes to the archive with its summary
    summary = summarize(s.state, "full")
    game_id = s.game_id
    assert s.finish().ok
    assert not s.active and s.state is None and store.current() is None
    [row] = s.archive.archived()
    assert row["game_id"] == game_id and row["status"] == "finished"
    times = {k: row["summary"].pop(k) for k in ("started", "ended")}  # the app's clock (test_session_dates)
    assert set(times) == {"started", "ended"} and times["started"] <= times["ended"]
    assert row["summary"] == summary.to_json()
    assert summary.winner == players[sm.final.winner]
    assert summary.totals == tuple(engine.totals(sm.final))
    assert summary.scores == tuple(tuple(r.points) for r in sm.final.rounds)
    assert summary.players == tuple(players) and summary.mode == "full" and summary.revokes == {}
    assert Summary.from_json(row["summary"]).round_points() == s_points(sm, players)
    # the archived record replays to the same result
    rec = engine.read_record(s.archive.export_archived(game_id))
    assert replay_record(rec).totals() == engine.totals(sm.final)

    # after a restart, the same game again: the profile is reused, nobody is asked anything
    store, s = restart(store)
    assert not s.active
    assert s.new_game(players, target=30).ok
    assert drive(s, actions, prof) == 0
    assert s.game.totals() == dict(zip(players, engine.totals(sm.final)))
    assert s.finish().ok and len(s.archive.archived()) == 2


def s_points(sm, players):
    return [dict(zip(players, r.points)) for r in sm.final.rounds]


def test_second_game_asks_only_about_cards_never_seen(tmp_path):
    players = NAMES[:3]
    sm1, prof = sim(21, players)
    s = Session(Store.open(tmp_path))
    s.new_game(players)
    drive(s, json_actions(sm1), prof)
    known = set(s.game.deck_facts())
    assert s.finish().ok
    import random
    from engine.kozyrnye_kity.simulate import simulate_game
    sm2 = simulate_game(random.Random(22), players, profile=prof)
    s.new_game(players)
    asked = []
    for a in json_actions(sm2):
        out = call(s, a)
        while not out.ok:
            q = s.question
            asked.append((q.card, q.fact))
            # a question never concerns a fact the user already gave
            assert q.fact not in s.game.deck_facts().get(q.card, {})
            out = s.game.answer_fact(q.card, **({"pearls": prof.pearls(parse_card(q.card))} if q.fact == "pearls"
                                           else {"bonus": prof.bonus(parse_card(q.card)).to_json()}))
    assert s.winner() == players[sm2.final.winner]
    assert set(s.game.deck_facts()) >= known


def test_question_pre_fills_what_is_known_and_retries_the_action(tmp_path):
    players = NAMES[:3]
    sm, prof = sim(31, players)
    actions = json_actions(sm)
    s = Session(Store.open(tmp_path))
    s.new_game(players)
    for i, a in enumerate(actions):
        before = snapshot(s), s.revision
        out = call(s, a)
        if out.ok:
            continue
        # the action waits for the fact: nothing changed yet
        assert out.notice.kind == "question" and s.question is not None
        assert (snapshot(s), s.revision) == before
        q = s.question
        assert q.retry == a and q.fact in ("pearls", "bonus")
        assert q.error.rule in out.text("ru") and q.error.rule in out.text("en")
        assert q.known == s.game.deck_facts().get(q.card, {})  # pre-filled with what is known
        out = s.game.answer_fact(q.card, **({"pearls": prof.pearls(parse_card(q.card))} if q.fact == "pearls"
                                       else {"bonus": prof.bonus(parse_card(q.card)).to_json()}))
        if not out.ok:  # the same card's other fact (a bonus used and its pearls unknown: no)
            assert s.question is not None
            continue
        assert s.question is None and s.log[-1] == a and s.revision == before[1] + 1
        break
    else:
        pytest.fail("no question asked")


# ------------------------------------------------------------------------------------ score pad
def tally(s: Session, **per: tuple[int, int]):
    return s.game.tally_round(per)


def test_score_pad_game_tie_at_the_top_forces_another_round(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    assert s.new_game(["A", "B", "C"], target=10, mode="pad").ok and s.mode == "pad"
    assert tally(s, A=(6, 0), B=(5, 2), C=(2, 1)).ok          # 6, 6, 2
    assert s.winner() is None and s.game.phase() is Phase.SETUP
    assert tally(s, A=(4, 1), B=(3, 3), C=(7, 3)).ok          # 10, 10, 10: all reach 10, tied
    assert s.game.totals() == {"A": 10, "B": 10, "C": 10}
    assert s.winner() is None and s.game.phase() is Phase.SETUP     # R-END, RUL-WINNER-MANY: one more round
    refused = s.finish()
    assert not refused.ok and refused.notice.key == "session.not-over" and s.active
    assert tally(s, A=(1, 0), B=(2, 0), C=(2, 1)).ok          # 11, 12, 12: tied again at the top
    assert s.winner() is None
    assert tally(s, A=(7, 3), B=(0, 0), C=(0, 1)).ok          # 19 (7 + one pair), 12, 12
    assert s.winner() == "A" and s.game.phase() is Phase.OVER
    assert s.game.points_by_round() == [{"A": 6, "B": 6, "C": 2}, {"A": 4, "B": 4, "C": 8},
                                   {"A": 1, "B": 2, "C": 2}, {"A": 8, "B": 0, "C": 0}]
    # nothing is played after the end (R-END)
    before = snapshot(s), s.revision
    late = tally(s, A=(1, 0), B=(1, 0), C=(1, 0))
    assert not late.ok and late.notice.error.rule == "R-END" and (snapshot(s), s.revision) == before
    assert s.state == fold_stored(store)
    assert s.finish().ok
    [row] = s.archive.archived()
    assert row["summary"]["winner"] == "A" and row["summary"]["mode"] == "pad"
    assert row["summary"]["totals"] == [19, 12, 12]


def test_several_reach_the_target_the_highest_alone_wins(tmp_path):
    s = Session(Store.open(tmp_path))
    s.new_game(["A", "B"], target=5, mode="pad")
    assert tally(s, A=(6, 0), B=(5, 2)).ok  # 6 and 6: tie
    assert s.winner() is None
    assert tally(s, A=(0, 0), B=(1, 0)).ok  # 6 and 7: both ≥ 5, B alone highest
    assert s.winner() == "B"


def test_pad_mode_refuses_plays(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(["A", "B", "C"], target=30, mode="pad")
    assert tally(s, A=(1, 0), B=(2, 0), C=(3, 0)).ok
    before = snapshot(s), s.revision, store.current()
    for out in (s.game.start_round("orca", 9, {"A": "orca-1", "B": "orca-2", "C": "orca-3"}, "A"),
                s.game.play("A", "orca-4"), s.game.use_bonus("A", "orca-1"), s.game.choose_reward("orca-4"),
                s.game.choose_leader("B"),
                s.insert(0, {"type": "play", "player": "A", "card": "orca-4"}),
                s.edit(0, {"type": "play", "player": "A", "card": "orca-4"})):
        assert not out.ok and out.notice.kind == "refused" and out.notice.key == "session.pad-mode"
    assert (snapshot(s), s.revision, store.current()) == before


def test_new_game_is_validated_and_one_game_at_a_time(tmp_path):
    s = Session(Store.open(tmp_path))
    for players in (["A"], ["A", "B", "C", "D", "E"], ["A", "A"], ["A", " "]):
        out = s.new_game(players)
        assert not out.ok and out.notice.error.rule == "R-SETUP-1" and out.text("ru") != out.text("en")
        assert not s.active and s.log == ()
        assert "R-SETUP-1" in out.text("en") and "R-SETUP-1" in out.text("ru")
    out = s.new_game(["A", "B"], target=0)
    assert not out.ok and "R-END" in out.text("ru") and "R-END" in out.text("en")
    assert not s.new_game(["A", "B"], target=30, mode="poker").ok and not s.active
    assert s.new_game([" A ", "B"], target=12).ok and s.players == ("A", "B") and s.state.target == 12
    again = s.new_game(["C", "D"])
    assert not again.ok and again.notice.key == "session.game-running" and s.players == ("A", "B")


def test_bad_player_names_refusal_cites_its_rule(tmp_path):
    out = Session(Store.open(tmp_path)).new_game(["A", "A"])
    assert "R-SETUP-1" in out.text("en") and "R-SETUP-1" in out.text("ru")


def test_abandon(tmp_path):
    players = NAMES[:3]
    sm, prof = sim(41, players)
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(players)
    drive(s, json_actions(sm)[:20], prof)
    totals, game_id = s.game.totals(), s.game_id
    assert s.abandon().ok
    assert not s.active and store.current() is None
    [row] = s.archive.archived()
    assert row["game_id"] == game_id and row["status"] == "abandoned"
    assert row["summary"]["winner"] is None and row["summary"]["players"] == players
    # nothing to abandon or finish now; a new game can start
    assert not s.abandon().ok and not s.finish().ok and not s.game.play("Лена", "orca-1").ok
    assert s.new_game(players).ok


# ------------------------------------------------------------------------------------ refusals
def _game_at_first_trick(tmp_path, seed=51):
    players = NAMES[:3]
    sm, prof = sim(seed, players, bonus_rate=0.0)
    actions = json_actions(sm)
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(players)
    return store, s, sm, prof, actions


def _assert_refused_untouched(store, s, out, rule):
    assert not out.ok and out.notice.kind == "refused" and out.notice.error is not None
    assert out.notice.error.rule == rule
    ru, en = out.text("ru"), out.text("en")
    assert rule in ru and rule in en and ru != en
    assert out.notice.text("en") == en and s.notice == out.notice  # ready to show


def test_refused_actions_leave_everything_untouched(tmp_path):
    store, s, sm, prof, actions = _game_at_first_trick(tmp_path)
    players = sm.start.players
    drive(s, actions[:2], prof)  # the setup and the leader's card
    assert actions[0]["type"] == "start_round" and actions[1]["type"] == "play"

    def attempt(fn, rule):
        before = snapshot(s), s.revision, store.current(), s.redo_log, s.question
        out = fn()
        _assert_refused_untouched(store, s, out, rule)
        assert (snapshot(s), s.revision, store.current(), s.redo_log, s.question) == before

    # wrong turn: the player after the next one plays now (R-TRICK-1)
    leader = actions[1]["player"]
    nxt = players[(players.index(leader) + 1) % 3]
    wrong = players[(players.index(leader) + 2) % 3]
    hand_card = next(a["card"] for a in actions[2:] if a["type"] == "play" and a["player"] == wrong)
    attempt(lambda: s.game.play(wrong, hand_card), "R-TRICK-1")
    # a card already seen this round: another player's first bonus (R-COMP)
    seen = actions[0]["bonuses"][leader]
    attempt(lambda: s.game.play(nxt, seen), "R-COMP")
    # a bonus used out of turn (R-TRICK-3)
    attempt(lambda: s.game.use_bonus(wrong, actions[0]["bonuses"][wrong]), "R-TRICK-3")

    # complete the trick, then the winner chooses their own card (R-REWARD-1)
    k = next(i for i, a in enumerate(actions) if a["type"] == "reward")
    drive(s, actions[2:k], prof)
    assert s.game.phase() is Phase.REWARD
    winner = s.game.trick_winner()
    own = next(p.card.id for p in s.state.round.plays if players[p.seat] == winner)
    attempt(lambda: s.game.choose_reward(own), "R-REWARD-1")
    # a card from the next trick before the reward is chosen
    attempt(lambda: s.game.play(winner, next(a["card"] for a in actions[k:] if a["type"] == "play")), "R-REWARD-1")
    # and the game goes on normally afterwards
    drive(s, actions[k:], prof)
    assert s.winner() == players[sm.final.winner]


def test_wrong_first_leader_is_refused_citing_its_rule(tmp_path):
    store, s, sm, prof, actions = _game_at_first_trick(tmp_path)
    players = sm.start.players
    drive(s, actions[:1], prof)
    leader = actions[0]["leader"]
    other = players[(players.index(leader) + 1) % 3]
    card = next(a["card"] for a in actions if a["type"] == "play" and a["player"] == other)
    before = snapshot(s), s.revision, store.current()
    out = s.game.play(other, card)
    _assert_refused_untouched(store, s, out, "R-SETUP-5")
    assert (snapshot(s), s.revision, store.current()) == before


def test_actions_without_a_game_are_refused(tmp_path):
    s = Session(Store.open(tmp_path))
    for out in (s.game.play("A", "orca-1"), s.undo(), s.redo(), s.finish(), s.abandon(),
                s.insert(0, {"type": "play", "player": "A", "card": "orca-1"}), s.delete(0),
                s.edit(0, {"type": "play", "player": "A", "card": "orca-1"})):
        assert not out.ok and out.notice.kind == "refused"
    assert not s.active and s.log == ()


# ------------------------------------------------------------------------------------ facts
def test_fact_correction_rescores_the_game_and_reports_the_change(tmp_path):
    players = NAMES[:3]
    sm, prof = sim(61, players)
    actions = json_actions(sm)
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(players)
    # play into round 2, so a closed round and the running one are both re-scored
    second = [i for i, a in enumerate(actions) if a["type"] == "start_round"][1]
    drive(s, actions[: second + 10], prof)
    # a family card rewarded in round 1 (once: each card once per round)
    rewards = [a["card"] for a in actions[:second] if a["type"] == "reward" and a["card"] != "5"]
    card = next(c for c in rewards if c != "narwhal-2")
    times = sum(1 for a in s.log if a["type"] == "reward" and a["card"] == card)
    old_pearls = store.deck_facts()[card]["pearls"]
    new_pearls = 1 if old_pearls != 1 else 3
    old_totals = engine.totals(s.state, True)
    log, revision = s.log, s.revision

    out = s.game.answer_fact(card, pearls=new_pearls)

    assert out.ok and out.notice is not None and out.notice.kind == "changed"
    assert store.deck_facts()[card]["pearls"] == new_pearls  # stored in the user's profile
    assert s.log == log and s.revision == revision           # the log itself is unchanged
    new_totals = engine.totals(s.state, True)
    assert sum(new_totals) - sum(old_totals) == times * (new_pearls - old_pearls)
    total_changes = [c for c in out.notice.changes if c.key == "total"]
    assert total_changes and all(c.params["new"] - c.params["old"] == (new_pearls - old_pearls) * k
                                 for c in total_changes
                                 for k in [sum(1 for r in _rewarded_to(s, card) if r == c.params["player"])])
    assert {c.params["player"]: c.params["new"] for c in total_changes} == {
        p: t for p, t, o in zip(players, new_totals, old_totals) if t != o}
    assert any(c.key == "trick-gained" for c in out.notice.changes)
    assert any(c.key == "round-points" and c.params["round"] == 1 for c in out.notice.changes)
    assert s.state == fold_stored(store)
    # the correction holds after a restart and in the next game
    _, s2 = restart(store)
    assert s2.game.totals() == s.game.totals()


def _rewarded_to(s: Session, card: str) -> list[str]:
    st = s.state
    rounds = [r.detail for r in st.rounds if r.detail] + ([st.round] if st.round else [])
    return [st.players[t.winner] for r in rounds for t in r.tricks if t.reward.id == card]


def test_bad_fact_answers_are_refused(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    for kwargs in ({"card": "orca-1", "pearls": 4}, {"card": "orca-1", "pearls": 0},
                   {"card": "nope-3", "pearls": 1}, {"card": "orca-1", "bonus": {"kind": "laser"}},
                   {"card": "orca-1", "bonus": {"kind": "trump"}}, {"card": "5", "pearls": 1}):
        out = s.game.answer_fact(**kwargs)
        assert not out.ok and out.notice.kind == "refused"
    assert store.deck_facts() == {}


# ------------------------------------------------------------------------------------ export
@pytest.mark.parametrize("n, seed", [(3, 71), (4, 72)])
def test_export_round_trips_through_the_engine(tmp_path, n, seed):
    players = NAMES[:n]
    sm, prof = sim(seed, players, bonus_rate=0.4)
    actions = json_actions(sm)
    s = Session(Store.open(tmp_path))
    s.new_game(players)
    half = len(actions) // 2
    drive(s, actions[:half], prof)
    for _ in range(2):
        text = s.export_record()
        rec = engine.read_record(text)
        result = replay_record(rec)
        assert result.violations == ()
        assert dict(zip(players, result.totals())) == {p: t for p, t in zip(players, engine.totals(s.state, True))}
        assert json.loads(text)["players"] == players
        drive(s, actions[half:], prof)
        half = len(actions)
    assert result.winner == s.winner() == players[sm.final.winner]
    assert dict(zip(players, result.totals())) == s.game.totals()
    # and the record replays to the same game as the session's: rounds, tricks, rewards
    assert summarize(result.state, "full") == summarize(s.state, "full")
    tricks = lambda st: [(t.winner, t.reward, t.gained, t.next_leader) for r in st.rounds for t in r.detail.tricks]
    assert tricks(result.state) == tricks(s.state)


def test_correcting_another_card_keeps_the_pending_question(tmp_path):
    players = NAMES[:3]
    sm, prof = sim(81, players)
    actions = json_actions(sm)
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(players)
    asked = 0
    for a in actions:
        out = call(s, a)
        if out.ok:
            continue
        asked += 1
        if asked == 1:  # answer the first question, so there is a known fact to correct
            known = s.question.card
            while not out.ok:
                out = answer(s, prof)
            continue
        pending = s.question
        assert pending.card != known
        log = s.log
        fixed = s.game.answer_fact(known, pearls=2)  # a correction of the known card, meanwhile
        assert fixed.ok and s.question is not None
        assert (s.question.card, s.question.fact, s.question.retry) == (pending.card, pending.fact, a)
        assert s.log == log  # the pending action is still waiting for its answer
        break
    else:
        pytest.fail("fewer than two questions")
