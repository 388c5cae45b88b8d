"""Undo, redo, edit, insert and delete through the Session: the log is the truth, nothing in it
is ever dropped, everything after a change is recomputed and what changed is reported."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import kozyrnye_kity as engine
from engine.kozyrnye_kity import IllegalAction, MissingFact, RecordError, parse_card
from engine.kozyrnye_kity.record import action_from_json

from companion.ui.session import Session
from companion.store.repository import Store

from test_session_helpers import drive, fold_stored, json_actions, sim, snapshot, teach

NAMES = ["Лена", "Миша", "Ёжик", "Аня"]


def restart(store: Store) -> tuple[Store, Session]:
    store.close()
    store = Store.open(store.root)
    return store, Session(store)


def oracle(s: Session, log) -> engine.GameState:
    """The session's state for ``log``, computed independently: each entry in replay mode (a
    legal entry scores as in live play), an entry that cannot apply at all leaves the state."""
    state = engine.new_game(s.players, s.state.target, s.game.profile)
    for a in log:
        try:
            state = engine.apply(state, action_from_json(a, state.players), strict=False)
        except (IllegalAction, MissingFact, RecordError):
            pass
    return state


def full(s: Session) -> tuple:
    st_ = s.state
    return snapshot(s), engine.totals(st_, True), st_.rounds, st_.round, st_.violations, s.skipped


def game(tmp_path, seed, n=3, taught=True, **kw):
    players = NAMES[:n]
    sm, prof = sim(seed, players, **kw)
    store = Store.open(tmp_path)
    if taught:
        teach(store, prof)
    s = Session(store)
    assert s.new_game(players).ok
    return store, s, sm, prof, json_actions(sm)


# ------------------------------------------------------------------------------ undo / redo
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), n=st.sampled_from([2, 3, 4]), cut=st.floats(0, 1), back=st.floats(0, 1))
def test_undo_all_then_redo_all_is_the_same_game(tmp_path_factory, seed, n, cut, back):
    store, s, sm, prof, actions = game(tmp_path_factory.mktemp("undo"), seed, n, max_rounds=2)
    k = int(cut * len(actions))
    drive(s, actions[:k], prof)
    before, before_state = full(s), s.state
    start = engine.new_game(s.players, s.state.target, s.game.profile)

    # undo part of the way, check, then undo everything
    j = int(back * k)
    for _ in range(j):
        assert s.undo().ok
    assert s.log == tuple(actions[: k - j]) and len(s.redo_log) == j
    assert s.state == oracle(s, actions[: k - j]) == fold_stored(store)
    for _ in range(k - j):
        assert s.undo().ok
    assert s.log == () and s.state == start and len(s.redo_log) == k
    nothing = s.undo()
    assert not nothing.ok and nothing.notice.key == "session.nothing-to-undo"

    for _ in range(k):
        assert s.redo().ok
    assert full(s) == before and s.redo_log == ()
    assert s.state == before_state and engine.totals(s.state, True) == engine.totals(before_state, True)
    assert s.state == fold_stored(store)
    assert not s.redo().ok


def test_undo_redo_survive_a_restart_and_a_new_action_clears_redo(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 5, 3)
    drive(s, actions[:60], prof)
    before = full(s)
    for _ in range(25):
        assert s.undo().ok
    mid = full(s)
    store, s = restart(store)
    assert full(s) == mid and len(s.redo_log) == 25 and s.log == tuple(actions[:35])
    for _ in range(10):
        assert s.redo().ok
    store, s = restart(store)
    assert s.log == tuple(actions[:45]) and len(s.redo_log) == 15
    for _ in range(15):
        assert s.redo().ok
    assert full(s) == before
    # undo two, then play something else: the redo stack is gone (and stays gone)
    s.undo(), s.undo()
    assert len(s.redo_log) == 2
    drive(s, actions[58:59], prof)
    assert s.redo_log == ()
    store, s = restart(store)
    assert s.redo_log == () and s.log == tuple(actions[:59])


def test_undo_to_before_a_finished_round_and_the_end_of_the_game(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 6, 2)
    drive(s, actions, prof)
    winner, totals = s.winner(), s.game.totals()
    assert winner is not None
    assert s.undo().ok and s.winner() is None and s.game.phase() is not engine.Phase.OVER
    assert not s.finish().ok
    assert s.redo().ok and s.winner() == winner and s.game.totals() == totals
    assert s.finish().ok


# ------------------------------------------------------------------------------ edits
def first_reward(actions, rnd=1):
    starts = [i for i, a in enumerate(actions) if a["type"] == "start_round"]
    return next(i for i, a in enumerate(actions) if i > starts[rnd - 1] and a["type"] == "reward")


def test_edit_of_a_play_that_changes_the_trick_winner(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 7, 3)
    second = [i for i, a in enumerate(actions) if a["type"] == "start_round"][1]
    drive(s, actions[: second + 12], prof)
    log = list(s.log)
    orig = s.game.trick(1, 1)
    round1 = {a["card"] for a in log[:second] if a["type"] == "play"} | set(log[0]["bonuses"].values())
    # a play of trick 1 replaced by a card that was not in the round, so that the winner changes
    candidates = []
    for j in range(1, first_reward(log)):
        if log[j]["type"] != "play":
            continue
        for c in engine.FAMILY_CARDS:
            if c.id in round1:
                continue
            new_log = log[:j] + [dict(log[j], card=c.id)] + log[j + 1:]
            t = oracle(s, new_log).rounds[0].detail.tricks[0]
            if t.winner != orig.winner:
                candidates.append((j, c.id, t.winner))
    assert candidates
    j, card, new_winner = candidates[0]
    new_log = log[:j] + [dict(log[j], card=card)] + log[j + 1:]
    expected = oracle(s, new_log)
    old_totals = engine.totals(s.state, True)

    out = s.edit(j, dict(log[j], card=card))

    assert out.ok and out.notice.kind == "changed" and out.notice.params["count"] == len(out.notice.changes)
    players = s.players
    assert any(c.key == "trick-winner" and c.params == {"round": 1, "trick": 1, "old": players[orig.winner],
                                                         "new": players[new_winner]} for c in out.notice.changes)
    # nothing is dropped: every later entry is still in the log, as it was
    assert list(s.log) == new_log
    assert s.state == expected == fold_stored_lax(store, s)
    # what no longer fits is kept and reported (a violation, or skipped and flagged)
    assert s.game.violations() or s.skipped
    assert all(e["skipped"] == (e["index"] in s.skipped) for e in s.entries())
    for c in (c for c in out.notice.changes if c.key == "entry-dropped"):
        assert c.params["index"] in s.skipped and s.log[c.params["index"]] == c.params["action"]
    new_totals = engine.totals(s.state, True)
    reported = {c.params["player"]: (c.params["old"], c.params["new"]) for c in out.notice.changes if c.key == "total"}
    assert reported == {p: (o, n) for p, o, n in zip(players, old_totals, new_totals) if o != n}
    vnew = [c.params["violation"] for c in out.notice.changes if c.key == "violation-new"]
    key = lambda v: (v.code, v.round, v.trick, v.player)
    assert sorted(map(key, vnew)) == sorted(map(key, s.game.violations()))
    # the edit is saved: a restart shows the same
    store, s2 = restart(store)
    assert s2.log == s.log and s2.state == s.state and s2.skipped == s.skipped
    # and the edit can be edited back: the original game returns, with no changes left over
    back = s2.edit(j, log[j])
    assert back.ok and s2.log == tuple(log) and s2.game.violations() == () and s2.skipped == ()
    assert any(c.key == "trick-winner" for c in back.notice.changes)


def fold_stored_lax(store: Store, s: Session) -> engine.GameState:
    return oracle(s, store.current().actions)


def test_edit_of_a_reward(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 8, 3)
    drive(s, actions[:80], prof)
    log = list(s.log)
    # a reward whose alternative is worth a different number of pearls
    for r in (i for i, a in enumerate(log) if a["type"] == "reward"):
        before = oracle(s, log[:r])
        opts = [o for o in engine.reward_options(before) if o.card.id != log[r]["card"]]
        chosen_pearls = 1 if log[r]["card"] == "5" else s.game.profile.pearls(parse_card(log[r]["card"]))
        alt = next((o for o in opts if o.pearls != chosen_pearls), None)
        if alt is not None:
            break
    else:
        pytest.fail("no reward with a different alternative")
    trick = before.round.trick_number
    rnd = before.round.number
    new_log = log[:r] + [{"type": "reward", "card": alt.card.id}] + log[r + 1:]

    out = s.edit(r, {"type": "reward", "card": alt.card.id})

    assert out.ok and out.notice.kind == "changed"
    gained = [c for c in out.notice.changes if c.key == "trick-gained"]
    assert {"round": rnd, "trick": trick, "old": chosen_pearls, "new": alt.pearls}.items() <= gained[0].params.items()
    assert s.game.trick(rnd, trick).reward == alt.card
    assert list(s.log) == new_log and s.state == oracle(s, new_log) == fold_stored_lax(store, s)
    assert any(c.key == "total" for c in out.notice.changes)


def test_edit_of_a_reward_needing_an_unknown_fact_asks_and_then_applies(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 9, 3, taught=False)
    drive(s, actions[:40], prof)  # answers the questions of these actions only
    log = list(s.log)
    known = set(store.deck_facts())
    for r in (i for i, a in enumerate(log) if a["type"] == "reward"):
        before = oracle(s, log[:r])
        alt = next((o for o in engine.reward_options(before)
                    if o.card.id != log[r]["card"] and not o.card.is_five and o.card.id not in known), None)
        if alt is not None:
            break
    else:
        pytest.fail("no reward with an unknown alternative")

    out = s.edit(r, {"type": "reward", "card": alt.card.id})

    assert out.ok and r in s.skipped  # kept, flagged, and the missing fact is asked
    assert s.question is not None and (s.question.card, s.question.fact) == (alt.card.id, "pearls")
    assert any(c.key == "entry-dropped" and c.params["index"] == r for c in out.notice.changes)
    assert len(s.log) == len(log)
    answered = s.game.answer_fact(alt.card.id, pearls=prof.pearls(alt.card))
    assert answered.ok and r not in s.skipped and s.question is None
    assert s.game.trick(before.round.number, before.round.trick_number).reward == alt.card
    assert s.state == oracle(s, s.log)


def pad_game(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    s.new_game(["A", "B", "C"], target=15, mode="pad")
    for t in ({"A": (5, 0), "B": (4, 0), "C": (3, 0)}, {"A": (6, 2), "B": (4, 0), "C": (3, 0)},
              {"A": (4, 0), "B": (4, 0), "C": (3, 0)}):
        assert s.game.tally_round(t).ok
    return store, s


def test_edit_of_a_tallied_round(tmp_path):
    store, s = pad_game(tmp_path)
    assert s.game.totals() == {"A": 16, "B": 12, "C": 9} and s.winner() == "A"
    entry = {"type": "tally", "tally": {"A": {"pearls": 1, "unused_bonuses": 1}, "B": {"pearls": 4, "unused_bonuses": 0},
                                        "C": {"pearls": 3, "unused_bonuses": 0}}}
    out = s.edit(0, entry)
    assert out.ok and s.log[0] == entry and len(s.log) == 3
    assert s.game.totals() == {"A": 12, "B": 12, "C": 9} and s.winner() is None
    ch = {(c.key, c.params.get("player"), c.params.get("round")): c.params for c in out.notice.changes}
    assert ch[("round-points", "A", 1)]["old"] == 5 and ch[("round-points", "A", 1)]["new"] == 1
    assert ch[("total", "A", None)] == {"player": "A", "old": 16, "new": 12}
    assert ch[("winner", None, None)] == {"old": "A", "new": None}
    assert ("total", "B", None) not in ch
    # the game goes on: a new round decides it
    assert s.game.tally_round({"A": (0, 0), "B": (4, 0), "C": (0, 0)}).ok and s.winner() == "B"
    _, s2 = restart(store)
    assert s2.game.totals() == s.game.totals() and s2.winner() == "B"


def test_insert_a_forgotten_bonus_use_then_delete_it(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 10, 3, bonus_rate=0.0)
    second = [i for i, a in enumerate(actions) if a["type"] == "start_round"][1]
    drive(s, actions[: second + 5], prof)
    log = list(s.log)
    original = full(s)
    # the last trick of round 1: a player's card, with a bonus still in front of them
    rewards = [i for i in range(second) if log[i]["type"] == "reward"]
    last_trick = range(rewards[-2] + 1, rewards[-1])
    j, player, card = next((j, log[j]["player"], b) for j in last_trick if log[j]["type"] == "play"
                           for b in oracle(s, log[:j]).round.bonuses[s.players.index(log[j]["player"])])
    use = {"type": "use", "player": player, "card": card.id}
    b = prof.bonus(card)
    if b.kind is engine.BonusKind.TRUMP and len(b.families) > 1:
        use["family"] = b.families[0].value
    seat = s.players.index(player)
    unused_before = s.state.rounds[0].unused[seat]

    out = s.insert(j, use)

    assert out.ok and s.log[j] == use and list(s.log) == log[:j] + [use] + log[j:]
    assert s.state.rounds[0].unused[seat] == unused_before - 1
    assert any(e.card == card for e in s.game.trick(1, 8).events) or b.kind is engine.BonusKind.PEARL
    assert s.state == oracle(s, s.log) == fold_stored_lax(store, s)
    if engine.totals(s.state, True) != original[1]:
        assert any(c.key == "total" for c in out.notice.changes)
    assert s.entries()[j]["action"] == use and s.entries()[j]["round"] == 1 and s.entries()[j]["trick"] == 8

    gone = s.delete(j)
    assert gone.ok and list(s.log) == log and full(s) == original


def test_delete_a_middle_play_keeps_the_rest(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 12, 3)
    drive(s, actions[:30], prof)
    log = list(s.log)
    j = next(i for i, a in enumerate(log) if a["type"] == "play" and i > 3)
    out = s.delete(j)
    assert out.ok and list(s.log) == log[:j] + log[j + 1:]
    assert s.game.violations() or s.skipped  # the trick is now short of a card: reported, not hidden
    assert s.state == oracle(s, s.log) == fold_stored_lax(store, s)
    for bad in (-1, len(s.log)):
        r = s.delete(bad)
        assert not r.ok and r.notice.key == "session.no-entry"
    assert not s.edit(len(s.log), log[0]).ok and not s.insert(len(s.log) + 1, log[0]).ok
    assert s.insert(j, log[j]).ok and list(s.log) == log and s.game.violations() == () and s.skipped == ()


def test_edit_to_an_unreadable_entry_is_kept_and_skipped(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 13, 3)
    drive(s, actions[:10], prof)
    log = list(s.log)
    out = s.edit(4, {"type": "play", "player": "Никто", "card": "orca-1"})
    assert out.ok and 4 in s.skipped and len(s.log) == len(log) and s.log[4]["player"] == "Никто"
    assert any(c.key == "entry-dropped" and c.params["index"] == 4 for c in out.notice.changes)
    _, s2 = restart(store)
    assert s2.skipped == s.skipped and s2.state == s.state
    # the export leaves the unreadable entry out and still reads back
    engine.read_record(s2.export_record())


def test_undo_or_another_action_withdraws_a_pending_question(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 14, 3, taught=False)
    i = 0
    while True:
        out = drive_until_question(s, actions, i, prof)
        if out is not None:
            break
        i += 1
    q = s.question
    assert q is not None and q.retry == actions[i]
    log = s.log
    assert s.undo().ok
    assert s.question is None  # the action that asked is not waiting any more
    late = s.game.answer_fact(q.card, **_fact(prof, q))
    assert late.ok and s.log == log[:-1]  # the fact is learned, nothing is played by it
    assert q.card in store.deck_facts()
    # redo, and the game goes on from there
    assert s.redo().ok and s.log == log
    drive(s, actions[i:i + 3], prof)
    assert s.log == tuple(actions[:i + 3])


def drive_until_question(s, actions, i, prof):
    from test_session_helpers import call
    out = call(s, actions[i])
    if out.ok:
        return None
    if s.question is not None and s.question.retry == actions[i] and i > 0 and actions[i - 1]["type"] != "start_round":
        return out
    while not out.ok:  # answer this one, look for a later one
        out = s.game.answer_fact(s.question.card, **_fact(prof, s.question))
    return None


def _fact(prof, q):
    c = parse_card(q.card)
    return {"pearls": prof.pearls(c)} if q.fact == "pearls" else {"bonus": prof.bonus(c).to_json()}


def test_playing_on_instead_of_answering_withdraws_the_question(tmp_path):
    store, s, sm, prof, actions = game(tmp_path, 15, 3, taught=False, bonus_rate=0.6)
    from test_session_helpers import call
    for i, a in enumerate(actions):
        out = call(s, a)
        if out.ok:
            continue
        if a["type"] == "use":
            break
        while not out.ok:
            out = s.game.answer_fact(s.question.card, **_fact(prof, s.question))
    else:
        pytest.fail("no question on a bonus use")
    assert s.question is not None and s.question.retry == a
    # the player changes their mind: no bonus, just the card
    play = next(b for b in actions[i:] if b["type"] == "play")
    assert play["player"] == a["player"]
    assert s.game.play(play["player"], play["card"]).ok
    assert s.question is None and s.log[-1] == play
