"""The table's log between phones (issue 40), without a browser: a host and guests, each with its
own log session over its own store, linked by a fake channel that drops, duplicates, delays and
reorders messages (seeded). What every test checks is worked out from what the test itself
proposed: the final log is the sequence of accepted proposals, every phone's copy (log, undo and
redo histories, revision) is the host's, and every phone's folded state equals the host's."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kozyrnye_kity.record import action_to_json, facts_to_json
from engine.kozyrnye_kity.simulate import simulate_game, synthetic_profile

from companion.kozyrnye_kity.view import FactQuestion, kity_view
from companion.session.draft import Draft
from companion.session.log_session import DONE, LogSession
from companion.session.relay import RelayedSession
from companion.core.history import StateId
from companion.network.content import content_of
from companion.network.guest import Guest
from companion.network.host import Host
from companion.network.wire import MAX_BYTES, Bad, Entry, Refused, Welcome, decode, encode
from companion.store.repository import Store
from companion.vzhuh.view import penalty_json

WHALES = ["Лена", "Миша", "Ёжик"]
VZ = ["Аня", "Боря", "Вика"]


def party(a, b, c):
    """A «Вжух!» party in its saved form, penalties given as points (VZ-SCORE)."""
    return {"type": "party", "penalties": {"Аня": penalty_json(points=a), "Боря": penalty_json(points=b),
                                           "Вика": penalty_json(points=c)}}


# ---------------------------------------------------------------------------------------------
# A lossy channel and a table of phones on it
# ---------------------------------------------------------------------------------------------
class Net:
    """Messages in flight: each may be dropped, duplicated, delayed by 1–``delay`` steps, and
    those due at one step arrive in a random order. A phone cut off sends and gets nothing."""

    def __init__(self, seed: int, drop=0.15, dup=0.15, delay=4):
        self.rng = random.Random(seed)
        self.drop, self.dup, self.delay = drop, dup, delay
        self.now = 0
        self.flight: list[tuple[int, float, str, str, str]] = []
        self.cut: set[str] = set()
        self.sent = 0

    def send(self, src: str, dst: str, text: str) -> None:
        self.sent += 1
        if src in self.cut or dst in self.cut or self.rng.random() < self.drop:
            return
        for _ in range(2 if self.rng.random() < self.dup else 1):
            self.flight.append((self.now + self.rng.randint(1, self.delay), self.rng.random(), src, dst, text))

    def due(self) -> list[tuple[str, str, str]]:
        self.now += 1
        due = sorted((m for m in self.flight if m[0] <= self.now), key=lambda m: m[1])
        self.flight = [m for m in self.flight if m[0] > self.now]
        return [(src, dst, text) for _, _, src, dst, text in due if src not in self.cut and dst not in self.cut]


class Table:
    """One host (``"host"``) and named guests, each a log session over its own folder."""

    def __init__(self, tmp_path, seed: int, **net):
        self.tmp = tmp_path
        self.net = Net(seed, **net)
        tokens = random.Random(seed + 1000)
        self.token = lambda: "%016x" % tokens.getrandbits(64)
        self.host_name = "host"
        self.host = Host(self.session("host"), token=self.token)
        self.guests: dict[str, Guest] = {}

    def session(self, name: str) -> LogSession:
        return LogSession(Store.open(self.tmp / name))

    def add_guest(self, name: str, *, join=True) -> Guest:
        """A phone that scans the host's code (one code per phone: each new code ends the last)."""
        g = self.guests[name] = Guest(self.session(name), name, token=self.token)
        if join:
            self.send_from(name, g.join(self.host.new_code()))
            self.settle()
        return g

    def send_from(self, name: str, texts) -> None:
        for t in texts:
            self.net.send(name, self.host_name, t)

    def host_out(self, outs) -> None:
        for link, t in outs:
            self.net.send(self.host_name, link, t)

    def step(self) -> None:
        for src, dst, text in self.net.due():
            if dst == self.host_name:
                self.host_out(self.host.handle(src, text))
            elif dst in self.guests:
                self.send_from(dst, self.guests[dst].handle(text))
        for name, g in self.guests.items():
            if name not in self.net.cut:
                self.send_from(name, g.tick())
        if self.net.now % 3 == 0:
            self.host_out(self.host.tick())

    def settled(self) -> bool:
        return all(g.linked and g.state == self.host.state and not g.behind and not g._pending
                   for n, g in self.guests.items() if n not in self.net.cut and not g.removed)

    def settle(self, limit=600) -> int:
        for k in range(limit):
            self.step()
            if self.settled() and not [m for m in self.net.flight if m[3] != self.host_name]:
                return k
        raise AssertionError(f"not settled in {limit} steps: host {self.host.state}, "
                             + ", ".join(f"{n} {g.state} seq {g.seq}/{g.head}" for n, g in self.guests.items()))

    def local(self, change) -> None:
        """An entry made on the host's own screen (its session), then published."""
        out = change(self.host.session)
        assert out.ok, out.text("en")
        self.host_out(self.host.publish())
        self.settle()  # the next phone enters on the table it sees

    def propose(self, name: str, op: dict) -> str:
        nonce, texts = self.guests[name].propose(op)
        self.send_from(name, texts)
        return nonce

    def result(self, name: str, nonce: str):
        return self.guests[name].results[nonce]


def encode_propose(g: Guest, nonce: str) -> str:
    return g._pending[nonce]


def same_everywhere(t: Table, expected_log: list[dict]) -> None:
    """Every phone (host included) holds exactly ``expected_log``, the same histories and
    revision as the host's store, and folds it to the host's state."""
    host = t.host.session
    assert list(host.log) == expected_log
    want = content_of(host.store)
    for name, g in t.guests.items():
        if name in t.net.cut:
            continue
        mine = content_of(g.session.store)
        assert (mine.game_id, mine.revision, mine.actions, mine.undo, mine.redo) == (
            want.game_id, want.revision, want.actions, want.undo, want.redo), name
        assert g.session.log == host.log and g.session.redo_log == host.redo_log, name
        assert g.session.revision == host.revision and g.session.game_id == host.game_id, name
        assert g.session.state == host.state, name
        assert g.session.skipped == host.skipped == (), name


@pytest.fixture
def whale_table(tmp_path):
    """A whale game with the deck's facts known on the host only (they travel to the guests),
    the actions of a seeded legal game, and two guests linked."""
    rng = random.Random(5)
    prof = synthetic_profile(rng)
    sm = simulate_game(rng, WHALES, profile=prof)
    t = Table(tmp_path, seed=11)
    for card, f in prof.items():
        t.host.store.set_fact(card.id, facts_to_json(f))
    t.local(lambda s: s.new_game(WHALES))
    t.add_guest("b")
    t.add_guest("c")
    t.settle()
    actions = [action_to_json(x, sm.start.players) for x in sm.actions]
    yield t, actions
    for name in ("host", "b", "c", "d"):
        Store.open(tmp_path / name).close()


@pytest.fixture
def vzhuh_table(tmp_path):
    t = Table(tmp_path, seed=7)
    t.local(lambda s: s.new_game(VZ, game="vzhuh", first="Боря"))
    t.add_guest("b")
    t.add_guest("c")
    t.settle()
    yield t


# ---------------------------------------------------------------------------------------------
# Entries, races, undo
# ---------------------------------------------------------------------------------------------
def test_whale_entries_from_every_phone_reach_every_phone(whale_table):
    t, actions = whale_table
    played = actions[:40]
    for k, a in enumerate(played):  # the host's own screen, then each guest in turn
        who = ("host", "b", "c")[k % 3]
        if who == "host":
            t.local(lambda s, a=a: s.do(a))
        else:
            n = t.propose(who, {"op": "do", "action": a})
            t.settle()
            assert t.result(who, n).ok
    t.settle()
    same_everywhere(t, played)
    # the deck facts went from the host's store to each guest's (the whale game folds with them)
    for g in t.guests.values():
        assert g.store.deck_facts() == t.host.store.deck_facts() and len(g.store.deck_facts()) > 30


def test_a_guest_folds_each_new_entry_once_and_an_undo_not_at_all(whale_table, request):
    """What keeps a guest's screen as quick as the host's: an entry from the table is applied
    once on top of the guest's states, and an undo at the end takes the states before it — the
    game is never folded again from its start (which would cost a guest each entry's time again)."""
    t, actions = whale_table
    for a in actions[:10]:
        t.local(lambda s, a=a: s.do(a))
    applied = request.getfixturevalue("whale_applies")  # counted from here on
    b = t.guests["b"].session
    t.local(lambda s: s.undo())  # the 10th entry taken back
    assert b.log == tuple(actions[:9]) and b.state == t.host.session.state and b.can_redo
    assert applied.count(b) == 0
    t.local(lambda s: s.do(actions[9]))  # entered again (after an undo: the redo stack emptied)
    assert applied.count(b) == 1
    t.local(lambda s: s.undo())
    t.local(lambda s: s.redo())
    assert applied.count(b) == 2
    same_everywhere(t, actions[:10])


def test_two_phones_entering_from_the_same_state_one_wins_the_other_is_told(vzhuh_table):
    t = vzhuh_table
    before = t.host.state
    nb = t.propose("b", {"op": "do", "action": party(16, 36, 0)})
    nc = t.propose("c", {"op": "do", "action": party(5, 10, 3)})
    t.settle()
    rb, rc = t.result("b", nb), t.result("c", nc)
    assert [rb.ok, rc.ok].count(True) == 1  # never both saved
    won, lost, loser = (party(16, 36, 0), rc, "c") if rb.ok else (party(5, 10, 3), rb, "b")
    assert lost.refusal.reason == "stale" and lost.refusal.current == StateId(before.game, before.rev + 1)
    assert not lost.same  # its own party is not on the table: "yours was not saved" is true
    same_everywhere(t, [won])
    # the loser has caught up, and its entry goes in as the next party when sent again
    again = t.propose(loser, {"op": "do", "action": party(0, 0, 0)})
    t.settle()
    assert t.result(loser, again).ok
    same_everywhere(t, [won, party(0, 0, 0)])


def test_the_same_card_twice_and_a_duplicated_proposal_are_saved_once(whale_table):
    t, actions = whale_table
    t.local(lambda s: s.do(actions[0]))
    t.settle()
    nb = t.propose("b", {"op": "do", "action": actions[1]})
    nc = t.propose("c", {"op": "do", "action": actions[1]})
    t.settle()
    assert sorted([t.result("b", nb).ok, t.result("c", nc).ok]) == [False, True]
    lost = t.result("b", nb) if not t.result("b", nb).ok else t.result("c", nc)
    # the loser is told that the very card it entered is on the table (issue 50), once it holds it
    assert lost.refusal.reason == "stale" and lost.same
    same_everywhere(t, actions[:2])
    # the very same Propose text sent five more times: answered, never applied again
    n, texts = t.guests["b"].propose({"op": "do", "action": actions[2]})
    for _ in range(6):
        t.send_from("b", texts)
    t.settle()
    assert t.result("b", n).ok
    same_everywhere(t, actions[:3])


def test_a_refused_entry_changes_nothing_and_says_its_rule(vzhuh_table):
    t = vzhuh_table
    n = t.propose("b", {"op": "do", "action": party(1, 2, 0)})  # 1 point cannot be made (VZ-CHECK)
    t.settle()
    r = t.result("b", n)
    assert not r.ok and r.refusal.reason == "refused" and r.refusal.rule == "VZ-CHECK"
    assert "VZ-CHECK" in r.refusal.text["ru"] and "VZ-CHECK" in r.refusal.text["en"]
    same_everywhere(t, [])


def test_undo_redo_and_corrections_from_a_guest(vzhuh_table):
    t = vzhuh_table
    parties = [party(16, 36, 0), party(60, 5, 60), party(0, 19, 0)]
    for k, p in enumerate(parties):
        n = t.propose("bc"[k % 2], {"op": "do", "action": p})
        t.settle()
        assert t.result("bc"[k % 2], n).ok
    for op, log in [({"op": "undo"}, parties[:2]),
                    ({"op": "undo"}, parties[:1]),
                    ({"op": "redo"}, parties[:2]),
                    ({"op": "edit", "at": 0, "action": party(3, 36, 0)}, [party(3, 36, 0), parties[1]]),
                    ({"op": "insert", "at": 1, "action": party(10, 10, 10)}, [party(3, 36, 0), party(10, 10, 10), parties[1]]),
                    ({"op": "delete", "at": 0}, [party(10, 10, 10), parties[1]]),
                    ({"op": "undo"}, [party(3, 36, 0), party(10, 10, 10), parties[1]])]:
        n = t.propose("c", op)
        t.settle()
        assert t.result("c", n).ok, op
        same_everywhere(t, log)
    # totals worked out by hand: 3+10+60 = 73, 36+10+5 = 51, 0+10+60 = 70 (VZ-SCORE)
    for g in [t.host, *t.guests.values()]:
        assert g.session.game.totals() == {"Аня": 73, "Боря": 51, "Вика": 70}
    assert t.guests["c"].session.can_redo and t.guests["b"].session.can_undo


def test_a_whole_vzhuh_game_ends_in_every_phones_history_and_the_next_one_follows(vzhuh_table):
    t = vzhuh_table
    # 76/41/60 after two parties, then a tie for the lowest (VZ-TIE), then Боря wins at 63
    for p in [party(16, 36, 0), party(60, 5, 60), party(0, 19, 0), party(10, 3, 4)]:
        n = t.propose("b", {"op": "do", "action": p})
        t.settle()
        assert t.result("b", n).ok
    game = t.host.state.game
    n = t.propose("c", {"op": "finish"})
    t.settle()
    assert t.result("c", n).ok and t.host.state == StateId(None, 0)
    for g in [t.host, *t.guests.values()]:
        row = g.session.archive.archived()[0]
        assert (row["game_id"], row["status"], row["summary"]["winner"]) == (game, "finished", "Боря")
        assert not g.session.active
    n = t.propose("b", {"op": "new-game", "game": "vzhuh", "players": ["Вика", "Аня"], "options": {"first": "Аня"}})
    t.settle()
    assert t.result("b", n).ok
    assert all(g.session.players == ("Вика", "Аня") and g.session.kind == "vzhuh" for g in [t.host, *t.guests.values()])
    same_everywhere(t, [])


# ---------------------------------------------------------------------------------------------
# Leaving and coming back, a host restart, a takeover
# ---------------------------------------------------------------------------------------------
def test_a_guest_cut_off_comes_back_and_its_entry_is_checked_as_any_other(vzhuh_table):
    t = vzhuh_table
    t.net.cut.add("c")
    t.guests["c"].disconnected()
    n_off = t.propose("c", {"op": "do", "action": party(5, 5, 5)})  # made while cut off: kept
    for p in [party(16, 36, 0), party(60, 5, 60)]:
        n = t.propose("b", {"op": "do", "action": p})
        t.settle()
        assert t.result("b", n).ok
    assert t.guests["c"].state.rev == t.host.state.rev - 2  # it missed both
    t.net.cut.discard("c")
    t.send_from("c", t.guests["c"].resume())
    t.settle()
    r = t.result("c", n_off)
    assert not r.ok and r.refusal.reason == "stale"  # told, never silently lost nor saved on a stale table
    same_everywhere(t, [party(16, 36, 0), party(60, 5, 60)])


def test_a_guest_page_reloaded_resumes_from_its_own_store(vzhuh_table, tmp_path):
    t = vzhuh_table
    n = t.propose("b", {"op": "do", "action": party(16, 36, 0)})
    t.settle()
    t.net.cut.add("c")
    Store.open(tmp_path / "c").close()  # the page closed
    for p in [party(60, 5, 60), party(0, 19, 0)]:
        t.local(lambda s, p=p: s.do(p))
    t.net.cut.discard("c")
    g = t.guests["c"] = Guest(t.session("c"), "c", token=t.token)  # opened again: its ticket is stored
    assert g.ticket is not None and g.state.rev == t.host.state.rev - 2
    t.send_from("c", g.resume())
    t.settle()
    same_everywhere(t, [party(16, 36, 0), party(60, 5, 60), party(0, 19, 0)])
    assert t.result("b", n).ok


def test_a_host_restarted_from_its_store_keeps_the_table(vzhuh_table, tmp_path):
    t = vzhuh_table
    for p in [party(16, 36, 0), party(60, 5, 60)]:
        n = t.propose("b", {"op": "do", "action": p})
        t.settle()
    t.net.cut.add("c")  # c misses the last entry before the restart
    t.local(lambda s: s.do(party(0, 19, 0)))
    t.settle()
    old_epoch = t.host.epoch
    Store.open(tmp_path / "host").close()
    t.host = Host(t.session("host"), token=t.token)
    assert t.host.epoch != old_epoch and t.host.state.rev == 3 and len(t.host.peers) == 2  # 3 entries since 0
    t.net.cut.discard("c")
    for name, g in t.guests.items():
        g.disconnected()
        t.send_from(name, g.resume())
    t.settle()
    n = t.propose("c", {"op": "do", "action": party(10, 3, 4)})
    t.settle()
    assert t.result("c", n).ok
    same_everywhere(t, [party(16, 36, 0), party(60, 5, 60), party(0, 19, 0), party(10, 3, 4)])


def test_a_guest_takes_over_when_the_host_is_gone_and_the_others_join_it(whale_table):
    t, actions = whale_table
    for k, a in enumerate(actions[:12]):
        n = t.propose("bc"[k % 2], {"op": "do", "action": a})
        t.settle()
        assert t.result("bc"[k % 2], n).ok
    t.net.cut.add("host")  # the host's phone died
    late = t.propose("b", {"op": "do", "action": actions[12]})  # entered as it died: never answered
    for _ in range(10):
        t.step()
    b = t.guests.pop("b")
    assert late not in b.results
    t.host, t.host_name = b.take_over(token=t.token), "b"
    t.net.cut.discard("host")
    assert b.results[late].ok  # checked by b's own engine once b is the host
    assert t.host.state.rev == 13 and list(t.host.session.log) == actions[:13]
    c = t.guests["c"]
    c.disconnected()
    t.send_from("c", c.join(t.host.new_code()))
    t.settle()
    assert t.host.connected() == ["c"]
    for k, a in enumerate(actions[13:20]):
        if k % 2:
            t.local(lambda s, a=a: s.do(a))
        else:
            n = t.propose("c", {"op": "do", "action": a})
            t.settle()
            assert t.result("c", n).ok
    t.settle()
    same_everywhere(t, actions[:20])
    # a new phone joins the new host from nothing: it gets the whole game, the facts with it
    d = t.add_guest("d")
    t.settle()
    same_everywhere(t, actions[:20])
    assert d.store.deck_facts() == t.host.store.deck_facts()


@pytest.mark.parametrize("own", ["nothing", "alone", "unsent"])
def test_a_host_restarted_after_a_takeover_joins_the_table_and_keeps_what_only_it_had(vzhuh_table, tmp_path, own):
    """Issue 50: the host's phone died, a guest took over and the table went on. The old host,
    restarted, joins the new host: it shows the table's game, and a copy of its own that the
    table lacks — a party entered alone after the restart, or one saved just before it died
    that never reached anyone — is in its history as stopped (under a new id, with that party),
    never dropped. A copy the table holds whole files nothing."""
    t = vzhuh_table
    n = t.propose("b", {"op": "do", "action": party(16, 36, 0)})
    t.settle()
    assert t.result("b", n).ok
    game = t.host.state.game
    t.net.cut.add("host")  # the host's phone died
    if own == "unsent":  # … right after saving a party of its own
        assert t.host.session.do(party(5, 5, 5)).ok
        t.host_out(t.host.publish())
    b = t.guests.pop("b")
    t.host, t.host_name = b.take_over(token=t.token), "b"
    c = t.guests["c"]
    c.disconnected()
    t.send_from("c", c.join(t.host.new_code()))
    t.settle()
    n = t.propose("c", {"op": "do", "action": party(60, 5, 60)})
    t.settle()
    assert t.result("c", n).ok
    # the old host's phone opened again (its own store), then it joins the new host
    Store.open(tmp_path / "host").close()
    old = t.session("host")
    if own == "alone":
        assert old.do(party(5, 5, 5)).ok
    h = t.guests["h"] = Guest(old, "h", token=t.token)
    t.send_from("h", h.join(t.host.new_code()))
    t.settle()
    same_everywhere(t, [party(16, 36, 0), party(60, 5, 60)])  # it follows the table's game
    assert old.game_id == game
    rows = old.archive.archived()
    if own == "nothing":
        assert rows == []
        return
    assert [r["status"] for r in rows] == ["abandoned"] and rows[0]["game_id"] != game  # «остановлена»
    kept = old.store.archived_game(rows[0]["game_id"])
    assert kept["actions"] == [party(16, 36, 0), party(5, 5, 5)]
    assert rows[0]["summary"]["totals"] == [21, 41, 5]  # 16 + 5, 36 + 5, 0 + 5 (VZ-SCORE): its own party counts


def test_a_guest_whose_copy_forked_at_the_same_revision_shows_the_tables_copy(tmp_path):
    """The host's last party reached one guest only before it died; the other took over and
    entered another party: the first guest's copy has the game's id and revision of the table's,
    with another entry. Joining, it shows the table's copy (its session folds it again), never
    its old entry over the table's store. (An ordered channel, as the phones' data channel is.)"""
    t = Table(tmp_path, seed=7, drop=0, dup=0, delay=1)
    t.local(lambda s: s.new_game(VZ, game="vzhuh", first="Боря"))
    t.add_guest("b")
    t.add_guest("c")
    t.local(lambda s: s.do(party(16, 36, 0)))
    t.net.cut.update({"b"})
    assert t.host.session.do(party(5, 5, 5)).ok  # reaches c only
    t.host_out(t.host.publish())
    for _ in range(200):
        if t.guests["c"].state == t.host.state:
            break
        t.step()
    assert list(t.guests["c"].session.log) == [party(16, 36, 0), party(5, 5, 5)]
    t.net.cut.update({"host"})  # the host died
    t.net.cut.discard("b")
    b = t.guests.pop("b")
    t.host, t.host_name = b.take_over(token=t.token), "b"
    t.local(lambda s: s.do(party(60, 5, 60)))
    c = t.guests["c"]
    assert c.state == t.host.state  # the same game, the same revision, another entry
    c.disconnected()
    t.send_from("c", c.join(t.host.new_code()))
    t.settle()
    same_everywhere(t, [party(16, 36, 0), party(60, 5, 60)])
    assert c.session.archive.archived() == []  # (a copy of the table's: nothing of its own)


def test_a_guest_that_reloaded_takes_the_tables_copy_and_files_nothing(vzhuh_table, tmp_path):
    """A guest's copy is the table's (it holds a ticket): taken back by the table (an undo while
    its page was closed) is no entry of its own, and nothing is filed (issue 50)."""
    t = vzhuh_table
    for p in [party(16, 36, 0), party(60, 5, 60)]:
        t.local(lambda s, p=p: s.do(p))
    t.net.cut.add("c")
    Store.open(tmp_path / "c").close()  # the page closed
    t.local(lambda s: s.undo())
    t.local(lambda s: s.do(party(0, 19, 0)))
    Store.open(tmp_path / "host").close()  # the host restarted too: a snapshot, not entries
    t.host = Host(t.session("host"), token=t.token)
    t.net.cut.discard("c")
    for name, g in list(t.guests.items()):
        if name == "c":
            g = t.guests["c"] = Guest(t.session("c"), "c", token=t.token)
        g.disconnected()
        t.send_from(name, g.resume())
    t.settle()
    same_everywhere(t, [party(16, 36, 0), party(0, 19, 0)])
    assert t.guests["c"].session.archive.archived() == []


def test_the_host_names_each_phone_by_its_seat_and_a_phone_that_comes_back_is_the_same_row(vzhuh_table, tmp_path):
    """Issue 50: the host's list of phones names each by its «Это я» (else the name it gave),
    and a phone that comes back — a reload and a new scan on a new link, or a host restart —
    is the same peer with the same number and name, never a new one."""
    t = vzhuh_table
    b, c = t.guests["b"], t.guests["c"]

    def rows():
        return sorted((p.no, p.label) for p in t.host.peers.values() if p.link is not None)

    assert rows() == [(1, "b"), (2, "c")]  # no seat yet: the name each gave
    t.send_from("b", b.set_seat("Боря"))
    t.send_from("c", c.set_seat("Вика"))
    t.settle()
    assert rows() == [(1, "Боря"), (2, "Вика")]
    # b's page closed and opened again, then a new scan (a new code, a new link)
    t.net.cut.add("b")
    t.host.disconnected("b")
    Store.open(tmp_path / "b").close()
    t.net.cut.discard("b")
    b = t.guests["b"] = Guest(t.session("b"), "phone", token=t.token)
    assert b.set_seat("Боря") == []  # not linked: told after the Welcome
    t.send_from("b", b.join(t.host.new_code()))
    t.settle()
    assert rows() == [(1, "Боря"), (2, "Вика")] and len(t.host.peers) == 2
    # «Никто в отдельности» on c: the name it gave
    t.send_from("c", c.set_seat(None))
    t.settle()
    assert rows() == [(1, "Боря"), (2, "c")]
    # the host restarted from its store: the same numbers and names, as each comes back
    Store.open(tmp_path / "host").close()
    t.host = Host(t.session("host"), token=t.token)
    assert sorted((p.no, p.label) for p in t.host.peers.values()) == [(1, "Боря"), (2, "c")]
    for name, g in t.guests.items():
        g.disconnected()
        t.send_from(name, g.resume())
    t.settle()
    assert rows() == [(1, "Боря"), (2, "c")]
    # c removed; a phone of another table (its ticket unknown here) joins with the code, as a new phone
    t.host.remove(c.peer)
    t.settle()
    d = t.add_guest("d", join=False)
    d.ticket = "someone-elses-ticket"
    t.send_from("d", d.join(t.host.new_code()))
    t.settle()
    assert d.linked and rows() == [(1, "Боря"), (2, "d")]  # (the number of a phone removed is free again)


def test_remove_and_a_new_code(vzhuh_table):
    t = vzhuh_table
    old_code = t.host.new_code()
    t.host.new_code()  # the old code stops working
    d = t.add_guest("d", join=False)
    t.send_from("d", d.join(old_code))
    for _ in range(20):
        t.step()
    assert not d.linked and "secret" in [r for _, r in t.host.refusals]
    del t.guests["d"]
    b = t.guests["b"]
    ticket = b.ticket
    t.host_out(t.host.remove(b.peer))
    for _ in range(30):
        t.step()
    if not b.removed:  # its Bye was lost: hearing no heartbeat, the phone tries to come back
        b.disconnected()
        t.send_from("b", b.resume())
        for _ in range(60):
            t.step()
    assert b.removed and b.ticket is None and t.host.connected() == ["c"]
    # b's old ticket no longer works: refused, and so is its proposal; nothing changes
    del t.guests["b"]
    before = content_of(t.host.store)
    b.removed, b.ticket = False, ticket
    replies = [decode(x) for text in b.resume() for _, x in t.host.handle("b", text)]
    nonce, texts = b.propose({"op": "do", "action": party(16, 36, 0)})
    replies += [decode(x) for text in [encode_propose(b, nonce)] for _, x in t.host.handle("b", text)]
    assert [r.reason for r in replies] == ["ticket", "not-joined"]
    assert content_of(t.host.store) == before


# ---------------------------------------------------------------------------------------------
# Hostile messages
# ---------------------------------------------------------------------------------------------
def test_hostile_messages_are_refused_and_change_nothing(vzhuh_table):
    t = vzhuh_table
    n = t.propose("b", {"op": "do", "action": party(16, 36, 0)})
    t.settle()
    host = t.host
    before = (content_of(host.store), set(host.peers), host.seq, host.state)
    secret = host.new_code()
    good = json.loads(encode(Welcome("r", "p", "t", "e", 0, StateId(None, 0))))
    seen = host.state.to_json()
    hostile = {
        "no secret": json.dumps({"t": "hello", "req": "r1", "name": "Eve", "have": [None, 0], "digest": "d"}),
        "wrong secret": json.dumps({"t": "hello", "req": "r1", "secret": "nope", "name": "Eve", "have": [None, 0], "digest": "d"}),
        "bad json": '{"t": "hello", ',
        "not an object": "[1, 2, 3]",
        "oversized": json.dumps({"t": "propose", "seen": seen, "nonce": "n1",
                                 "op": {"op": "do", "action": {"type": "party", "x": "я" * MAX_BYTES}}}),
        "unknown tag": json.dumps({"t": "takeover", "secret": secret}),
        "NaN": '{"t": "propose", "seen": %s, "nonce": "n2", "op": {"op": "do", "action": {"x": NaN}}}' % json.dumps(seen),
        "deep": '{"t": "propose", "seen": %s, "nonce": "n3", "op": %s}' % (json.dumps(seen), "[" * 100000 + "]" * 100000),
        "extra field": json.dumps({**good, "admin": True}),
        "forged entry": encode(Entry("e", 99, host.state, StateId(host.state.game, host.state.rev + 1),
                                     {"change": "add", "at": 1, "new": party(0, 0, 0)})),
        "not joined": json.dumps({"t": "propose", "seen": seen, "nonce": "n4", "op": {"op": "undo"}}),
        "bytes not utf-8": b"\xff\xfe{",
    }
    for name, text in hostile.items():
        outs = host.handle("eve", text)
        assert len(outs) == 1 and outs[0][0] == "eve", name
        reply = decode(outs[0][1])
        assert isinstance(reply, Refused) and reply.reason in ("bad-message", "secret", "not-joined"), name
    wrong_types = [
        {"t": "propose", "seen": "0", "nonce": "n5", "op": {"op": "undo"}},
        {"t": "propose", "seen": [host.state.game, True], "nonce": "n6", "op": {"op": "undo"}},
        {"t": "propose", "seen": seen, "nonce": "bad nonce!", "op": {"op": "undo"}},
        {"t": "propose", "seen": seen, "nonce": "n7", "op": ["undo"]},
        {"t": "hello", "req": "r", "secret": secret, "name": "\u202eEve", "have": [None, 0], "digest": "d"},
        {"t": "hello", "req": "r", "secret": secret, "name": 5, "have": [None, 0], "digest": "d"},
    ]
    for m in wrong_types:
        assert isinstance(decode(json.dumps(m)), Bad), m
        reply = decode(host.handle("eve", json.dumps(m))[0][1])
        assert isinstance(reply, Refused) and reply.reason == "bad-message", m
    # a joined guest's malformed changes: refused by the protocol or the engine, nothing saved
    for op in [{"op": "do", "action": "party"}, {"op": "edit", "at": -1, "action": party(0, 0, 0)},
               {"op": "edit", "at": True, "action": party(0, 0, 0)}, {"op": "delete", "at": 99},
               {"op": "do", "action": {"type": "party", "penalties": {"Аня": {"points": "x"}}}},
               {"op": "new-game", "game": "vzhuh", "players": VZ, "options": {"__class__": 1}},
               {"op": "rm -rf"}, {"op": "do", "action": party(0, 0, 0), "extra": 1},
               {"op": "insert", "at": 0, "action": {"junk": 1}}, {"op": "edit", "at": 0, "action": {"type": "zzz"}}]:
        nonce = t.propose("b", op)
        t.settle()
        assert not t.result("b", nonce).ok, op
    assert (content_of(host.store), set(host.peers), host.seq, host.state) == before
    # the secret was never used: it still admits one phone, once
    d = t.add_guest("d", join=False)
    t.send_from("d", d.join(secret))
    t.settle()
    e = t.add_guest("e", join=False)
    t.send_from("e", e.join(secret))
    for _ in range(30):
        t.step()
    assert d.linked and not e.linked
    assert any(r == "secret" for link, r in host.refusals if link == "e")
    del t.guests["e"]  # refused: it holds nothing of the table
    assert t.result("b", n).ok
    same_everywhere(t, [party(16, 36, 0)])


def test_a_card_question_is_asked_on_the_guest_that_entered_it_and_its_answer_goes_first(tmp_path):
    """R-REWARD-2 needs the printed pearls of the reward card. The table does not know them for
    one card: the guest that enters that reward is asked (its relayed session checks with the
    same engine and facts), the host is not; the guest's answer reaches the host ahead of the
    entry, and every phone ends with the fact and the entry."""
    rng = random.Random(5)
    prof = synthetic_profile(rng)
    sm = simulate_game(rng, WHALES, profile=prof)
    actions = [action_to_json(x, sm.start.players) for x in sm.actions]
    r = next(i for i, a in enumerate(actions) if a["type"] == "reward")
    card = actions[r]["card"]
    pearls = None
    t = Table(tmp_path, seed=11)
    for c, f in prof.items():
        facts = facts_to_json(f)
        if c.id == card:
            pearls = facts.pop("pearls")  # the table has not told this card's pearls yet
        t.host.store.set_fact(c.id, facts)
    assert isinstance(pearls, int)
    t.local(lambda s: s.new_game(WHALES))
    t.add_guest("c")
    session = RelayedSession(Store.open(tmp_path / "b"))
    g = t.guests["b"] = Guest(session, "b", token=t.token)
    t.send_from("b", g.join(t.host.new_code()))
    t.settle()
    session.relay = lambda op: t.send_from("b", g.propose(op)[1]) or DONE
    for a in actions[:r]:
        t.local(lambda s, a=a: s.do(a))

    out = session.do(actions[r])
    assert not out.ok and out.notice.kind == "question"
    assert isinstance(session.question, FactQuestion) and (session.question.card, session.question.fact) == (
        card, "pearls")
    t.settle()
    assert t.host.session.question is None and len(t.host.session.log) == r  # nothing asked nor saved there
    assert t.guests["c"].session.question is None

    assert kity_view(session).answer_fact(card, pearls=pearls).ok
    t.settle()
    same_everywhere(t, actions[:r + 1])
    for store in [t.host.store] + [x.store for x in t.guests.values()]:
        assert store.deck_facts()[card]["pearls"] == pearls
    assert session.question is None and t.host.session.question is None
    # one answer waits for the screens: the entry's (the fact's own is nobody's business)
    assert [x.ok for x in g.results.values()] == [True]


def test_a_guest_ignores_what_its_host_did_not_send(vzhuh_table):
    t = vzhuh_table
    g = t.guests["c"]
    before = content_of(g.store)
    forged = [
        "{not json",
        encode(Entry("another-run", g.seq + 1, g.state, StateId(g.state.game, g.state.rev + 1),
                     {"change": "add", "at": 0, "new": party(0, 0, 0)})),
        encode(Welcome("not-my-request", "p", "t", "e2", 5, StateId(None, 0))),
        json.dumps({"t": "snapshot", "req": "not-mine", "epoch": "e3", "seq": 9, "state": [None, 0]}),
    ]
    for text in forged:
        assert g.handle(text) == []
    assert content_of(g.store) == before and g.state == t.host.state
    assert g.ignored[-4:] == ["not-json", "epoch", "req", "snapshot"]


# ---------------------------------------------------------------------------------------------
# Many seeds: whatever the channel does, the table ends with one log, the accepted proposals
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_concurrent_proposals_over_a_bad_channel_converge(tmp_path, seed):
    t = Table(tmp_path, seed=seed, drop=0.25, dup=0.25, delay=6)
    t.local(lambda s: s.new_game(VZ, game="vzhuh", first="Аня"))
    for name in "bcd":
        t.add_guest(name)
    t.settle()
    rng = random.Random(seed)
    points = [0, 3, 5, 10, 16, 19, 36, 60]
    sent: dict[str, tuple[str, dict]] = {}
    for _ in range(12):  # three guests propose at once, without waiting for each other
        for name in "bcd":
            p = party(*(rng.choice(points) for _ in range(3)))
            sent[t.propose(name, {"op": "do", "action": p})] = (name, p)
        for _ in range(rng.randint(0, 4)):
            t.step()
    t.settle()
    accepted = {json.dumps(p, sort_keys=True) for n, (name, p) in sent.items() if t.result(name, n).ok}
    assert all(n in t.guests[name].results for n, (name, _) in sent.items())  # every one answered
    log = [json.dumps(a, sort_keys=True) for a in t.host.session.log]
    # the log is exactly the accepted proposals (each once), nothing else
    assert sorted(log) == sorted(json.dumps(p, sort_keys=True) for n, (name, p) in sent.items() if t.result(name, n).ok)
    assert set(log) == accepted and len(log) >= 1
    same_everywhere(t, list(t.host.session.log))


def test_an_entry_carries_the_change_never_the_game(whale_table):
    """What goes to the phones for one entry is that entry (and for an undo, the word), a few
    dozen bytes, however long the game is."""
    t, actions = whale_table
    for a in actions[:40]:
        assert t.host.session.do(a).ok
    t.host_out(t.host.publish())
    t.settle()
    whole = len(json.dumps(list(t.host.session.log), ensure_ascii=False, separators=(",", ":")))
    assert t.host.session.do(actions[40]).ok
    sent = t.host.publish()
    assert sorted(link for link, _ in sent) == ["b", "c"]
    for _, text in sent:
        e = decode(text)
        assert isinstance(e, Entry) and e.step == {"change": "add", "at": 40, "new": actions[40]}
        assert len(text.encode()) * 6 < whole  # (about 270 bytes against 1961 for the log)
    assert t.host.session.undo().ok
    for _, text in t.host.publish():
        assert decode(text).step == {"change": "undo"} and len(text.encode()) < 200
    t.host_out(sent)  # the undo's own messages were lost: the guests learn it from the host's
    t.settle()        # heartbeat and ask again
    same_everywhere(t, actions[:40])


# ---------------------------------------------------------------------------------------------
# Whatever arrives, nothing escapes and nothing changes
# ---------------------------------------------------------------------------------------------
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 60, 2 ** 60) | st.floats(allow_nan=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_message_is_answered_with_a_refusal_and_changes_nothing(vzhuh_table, data):
    """Arbitrary JSON, valid messages with one field replaced by anything, and proposals of a
    linked phone whose change is anything but a legal entry: never an exception, a Refused each
    time (or an answer to a proposal that is a refusal), the host's game unchanged."""
    t = vzhuh_table
    host = t.host
    before = (content_of(host.store), set(host.peers), host.seq)
    seen = host.state.to_json()
    valid = [
        {"t": "hello", "req": "r1", "secret": "s1", "name": "Eve", "have": [None, 0], "digest": "d"},
        {"t": "resume", "req": "r1", "ticket": "t1", "have": seen, "digest": "d"},
        {"t": "propose", "seen": seen, "nonce": "n1", "op": {"op": "do", "action": party(0, 0, 0)}},
    ]
    kind = data.draw(st.sampled_from(["json", "field", "op"]))
    if kind == "json":
        text = json.dumps(data.draw(JSON))
        link = "eve"
    elif kind == "field":
        m = dict(data.draw(st.sampled_from(valid)))
        m[data.draw(st.sampled_from(sorted(m)))] = data.draw(JSON)
        text, link = json.dumps(m), data.draw(st.sampled_from(["eve", "b"]))
    else:  # a linked phone's change: an entry that is not one, or a place that is not there
        op = data.draw(st.sampled_from(["do", "edit", "insert", "delete"]))
        change = {"op": op, "action": data.draw(st.dictionaries(st.text(max_size=8), JSON, max_size=4))}
        if op != "do":
            change["at"] = data.draw(st.integers(0, 1) | st.integers(-3, 3) | JSON)
        if op == "delete":
            del change["action"]
        text, link = json.dumps({"t": "propose", "seen": seen, "nonce": "z" + data.draw(st.uuids()).hex,
                                 "op": change}), "b"
    outs = host.handle(link, text)
    replies = [decode(x) for _, x in outs]
    assert replies and all(isinstance(r, Refused) for r in replies), replies
    assert (content_of(host.store), set(host.peers), host.seq) == before


# ---------------------------------------------------------------------------------------------
# The round's setup: one draft for the whole table (issue 50)
# ---------------------------------------------------------------------------------------------
def drafts(t: Table) -> list[dict]:
    return [Draft(t.host.session).values()] + [Draft(g.session).values() for g in t.guests.values()]


def test_every_phone_sets_up_the_next_round_in_one_draft_and_any_phone_starts_it(whale_table):
    t, actions = whale_table
    first_round = actions[:next(i for i, a in enumerate(actions) if i and a["type"] == "start_round")]
    for a in first_round:
        t.local(lambda s, a=a: s.do(a))
    t.settle()
    for s in [t.host.session] + [g.session for g in t.guests.values()]:
        assert s.game.route() == "/round-end" and s.game.route_fits("/setup")  # a phone there stays
    # the trump from one guest, each player's first bonus from their own phone, the first
    # player from the host: one draft on every phone
    n = t.propose("b", {"op": "draft", "field": "trump", "value": "orca-7", "was": None})
    t.settle()
    assert t.result("b", n).ok
    unseen = [c for c in t.host.session.game.unseen_cards() if c != "5"]
    c0, c1, c2 = unseen[:3]
    assert Draft(t.host.session).put("bonus/0", c0, None).ok  # the host's own screen
    t.host_out(t.host.publish())
    nb = t.propose("b", {"op": "draft", "field": "bonus/1", "value": c1, "was": None})
    nc = t.propose("c", {"op": "draft", "field": "bonus/2", "value": c2, "was": None})
    t.settle()
    assert t.result("b", nb).ok and t.result("c", nc).ok  # different fields at once: both kept
    want = {"trump": "orca-7", "bonus/0": c0, "bonus/1": c1, "bonus/2": c2}
    assert drafts(t) == [want] * 3
    # the same field from two phones at once: the first is kept, the second refused and said
    nb = t.propose("b", {"op": "draft", "field": "leader", "value": WHALES[1], "was": None})
    nc = t.propose("c", {"op": "draft", "field": "leader", "value": WHALES[2], "was": None})
    t.settle()
    rb, rc = t.result("b", nb), t.result("c", nc)
    assert sorted([rb.ok, rc.ok]) == [False, True]
    lost = rc if rb.ok else rb
    assert lost.refusal.reason == "refused" and lost.refusal.key == "session.draft-stale"
    winner = WHALES[1] if rb.ok else WHALES[2]
    assert drafts(t) == [{**want, "leader": winner}] * 3
    # a card another player holds already is refused by the host with its rule (R-COMP)
    n = t.propose("c", {"op": "draft", "field": "bonus/2", "value": c0, "was": c2})
    t.settle()
    assert not t.result("c", n).ok and t.result("c", n).refusal.rule == "R-COMP"
    # any phone starts the round from the draft; the draft is empty everywhere after
    view = t.guests["c"].session.game
    draw = view.setup_from_card("orca-7")
    start = {"type": "start_round", "trump": draw.trump, "token": draw.token,
             "bonuses": {WHALES[0]: c0, WHALES[1]: c1, WHALES[2]: c2}, "leader": winner}
    n = t.propose("c", {"op": "do", "action": start})
    t.settle()
    assert t.result("c", n).ok
    same_everywhere(t, first_round + [start])
    assert drafts(t) == [{}] * 3
    for s in [t.host.session] + [g.session for g in t.guests.values()]:
        assert s.game.route() == "/game" and not s.game.route_fits("/setup")


def test_a_draft_lost_on_the_way_is_sent_again_and_a_phone_that_joins_later_gets_it(whale_table):
    t, _ = whale_table
    t.net.cut.add("c")
    assert Draft(t.host.session).put("trump", "orca-7", None).ok
    t.host_out(t.host.publish())
    t.settle()
    assert Draft(t.guests["b"].session).values() == {"trump": "orca-7"}
    assert Draft(t.guests["c"].session).values() == {}  # cut off: nothing reached it
    t.net.cut.discard("c")
    t.guests["c"].disconnected()
    t.send_from("c", t.guests["c"].resume())
    t.settle()
    assert Draft(t.guests["c"].session).values() == {"trump": "orca-7"}
    d = t.add_guest("d")
    t.settle()
    assert Draft(d.session).values() == {"trump": "orca-7"}
