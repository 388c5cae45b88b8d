"""The phone edition's link (companion/network/link.py) between the page's table link and the
protocol, without a browser (issue 50): a phone's link driven with the page's events as
docs/table-link.md gives them, the other phone a protocol Host or Guest object, and a fake page
that records where the app goes. What a phone shows and where it goes is checked here; the
protocol itself in test_p2p_protocol.py."""
from __future__ import annotations

import random
import zlib

import pytest

from engine.kozyrnye_kity.record import action_to_json, facts_to_json
from engine.kozyrnye_kity.simulate import simulate_game, synthetic_profile

from companion.network import link as L
from companion.network.guest import Guest
from companion.network.host import Host
from companion.network.wire import Head, encode
from companion.session.draft import Draft
from companion.session.relay import RelayedSession
from companion.store.repository import Store

WHALES = ["Лена", "Миша", "Ёжик"]


class Page:
    """What link.py uses of a Flet page: where it is, and going elsewhere."""

    def __init__(self, route: str = "/") -> None:
        self.route = route
        self.went: list[str] = []

    def navigate(self, route: str) -> None:
        self.route = route
        self.went.append(route)

    def run_task(self, fn, *args) -> None:  # (confirm_shown: none is given here)
        pass


class State:
    """The app state as the link reads it: «Это я» per game, and whether it is a table's phone."""

    table = False

    def seat(self, game_id):
        return None


def phone(session, route: str = "/") -> L._Link:
    """A phone's link whose page ops are recorded (``link.ops``) instead of posted."""
    link = L._Link(Page(route), session, State(), route_of=lambda s: s.game.route())
    link.ops = []
    link.post = lambda **m: link.ops.append(m)
    link.said = []
    link.say = link.said.append
    return link


def sent(link: L._Link) -> list[tuple[str, str]]:
    """The messages the phone sent since last asked: (peer, text)."""
    out = [(m["peer"], m["data"]) for m in link.ops if m.get("op") == "send"]
    link.ops[:] = [m for m in link.ops if m.get("op") != "send"]
    return out


@pytest.fixture
def fresh_table(monkeypatch):
    """The link module's own state as a page starts it (one phone per test)."""
    monkeypatch.setattr(L, "TABLE", L.TableState())
    monkeypatch.setattr(L, "_link", None)


def whale_game(tmp_path):
    rng = random.Random(5)
    prof = synthetic_profile(rng)
    sm = simulate_game(rng, WHALES, profile=prof)
    return prof, [action_to_json(x, sm.start.players) for x in sm.actions]


# ---------------------------------------------------------------------------------------------
# A host's phone: its link and a guest (a protocol object)
# ---------------------------------------------------------------------------------------------
def hosted(tmp_path, route="/game"):
    """A host's phone on ``route`` running a whale game, and a guest linked to it as ``g1``."""
    prof, actions = whale_game(tmp_path)
    host_session = RelayedSession(Store.open(tmp_path / "host"))
    for card, f in prof.items():
        host_session.store.set_fact(card.id, facts_to_json(f))
    assert host_session.new_game(WHALES).ok
    h = phone(host_session, route)
    L._link = h
    host = h.become_host()
    guest = Guest(RelayedSession(Store.open(tmp_path / "guest")), "phone")
    to_host(h, guest, guest.join(host.new_code()))
    assert guest.linked
    return h, guest, actions


def to_host(h: L._Link, guest: Guest, texts, link: str = "g1") -> None:
    """The guest's messages reach the host's phone on ``link``; its answers come back."""
    pending = list(texts)
    while pending:
        for text in pending:
            h._event({"ev": "message", "peer": link, "data": text})
        pending = []
        for _, text in sent(h):
            pending += guest.handle(text)


def test_the_host_follows_to_the_round_end_when_a_guests_entry_ends_the_round(tmp_path, fresh_table):
    """Point 3: every phone goes to the round end together — the host too, when the entry that
    ends the round is a guest's."""
    h, guest, actions = hosted(tmp_path)
    s = h.session
    for k, a in enumerate(actions):  # the host's own entries up to the last one of round 1
        before = s.game.route()
        out = s.do(a)
        assert out.ok, out.text("en")
        if before == "/game" and s.game.route() != "/game":
            assert s.undo().ok  # this one ends the round: the guest enters it
            break
    h.publish()
    for _, text in sent(h):
        guest.handle(text)
    assert guest.state == h.host.state and h.page.route == "/game"
    nonce, texts = guest.propose({"op": "do", "action": actions[k]})
    to_host(h, guest, texts)
    assert guest.results[nonce].ok
    assert s.game.route() == "/round-end"
    assert h.page.route == "/round-end"  # followed, no tap
    # a guest's entry that keeps the round going moves nobody
    h.page.route = "/history"
    nonce, texts = guest.propose({"op": "undo"})
    to_host(h, guest, texts)
    assert guest.results[nonce].ok and s.game.route() == "/game"
    assert h.page.route == "/history"  # not a game screen: the host stays where it is


def test_the_hosts_list_shows_each_phone_by_its_number_and_seat_the_same_when_it_comes_back(tmp_path, fresh_table):
    """Point 2: the host's list (TABLE.phones: peer, name, number) names the phone by its «Это я»;
    the same phone back on a new link (a new scan) is the same row, not «Телефон 2»."""
    h, guest, _ = hosted(tmp_path, route="/invite")
    assert L.TABLE.phones == ((guest.peer, "", 1),)  # no seat, no name given: «Телефон 1»
    to_host(h, guest, guest.set_seat("Миша"))
    assert L.TABLE.phones == ((guest.peer, "Миша", 1),)
    h._event({"ev": "close", "peer": "g1", "reason": "closed"})
    guest.disconnected()
    assert L.TABLE.phones == ()
    to_host(h, guest, guest.join(h.host.new_code()), link="g2")  # a new code scanned, a new link
    assert guest.linked and L.TABLE.phones == ((guest.peer, "Миша", 1),)


def test_an_answer_scanned_again_says_its_phone_is_at_the_table(tmp_path, fresh_table):
    """Point 6: the answer of a phone that is linked, scanned a second time, says so (not
    "used… make a new code"); once that phone's link is gone, the page judges it again."""
    h, guest, _ = hosted(tmp_path, route="/invite")
    L.TABLE.role = "host"
    h.ops.clear()
    L.accept(" ANSWER-B ")
    assert h.ops == [{"op": "accept", "code": " ANSWER-B "}]
    h._event({"ev": "accepted", "peer": "g1"})
    h._event({"ev": "open", "peer": "g1"})
    h.ops.clear()
    L.accept("ANSWER-B")  # the same answer, scanned again
    assert h.ops == [] and L.TABLE.problem == "answer-linked"
    h._event({"ev": "close", "peer": "g1", "reason": "closed"})
    L.accept("ANSWER-B")
    assert h.ops == [{"op": "accept", "code": "ANSWER-B"}]  # the page says "used" now: true


def reloaded(tmp_path, name: str = "host", route: str = "/game") -> L._Link:
    """The phone's page opened again: the same storage, a new session and link, and the role
    its store remembers taken up (what ``link.start`` does in the browser)."""
    Store.open(tmp_path / name).close()
    r = phone(RelayedSession(Store.open(tmp_path / name)), route)
    L.TABLE, L._link = L.TableState(), r
    r.take_up()
    return r


def test_a_host_restarted_is_cut_off_on_the_tables_game_until_it_continues_and_its_phone_comes_back(
        tmp_path, fresh_table):
    """Issue 50: the host's page reloaded with its phones linked before. On the table's game it
    shows it is cut off (the bar: the table may have gone on without it), and refuses an entry
    as a cut-off guest does, nothing saved. «Продолжить на этом телефоне» makes it the host
    again, and its phone comes back to it by a scan as the same phone (its number kept)."""
    h, guest, actions = hosted(tmp_path)
    assert h.session.do(actions[0]).ok
    h.publish()
    for _, text in sent(h):
        guest.handle(text)
    game, rev = h.session.game_id, h.session.revision
    r = reloaded(tmp_path)
    s = r.session
    assert (L.TABLE.role, L.TABLE.cut_off, L.TABLE.restarted) == ("guest", True, True)
    out = s.do(actions[1])
    assert not out.ok and out.notice.error.msgid == L.CUT_OFF_WORDS
    assert (s.game_id, s.revision) == (game, rev) == (s.store.current().game_id, s.store.current().revision)
    L.take_over()
    assert (L.TABLE.role, L.TABLE.cut_off, L.TABLE.restarted) == ("host", False, False)
    assert s.do(actions[1]).ok  # continued here
    r.publish()
    guest.disconnected()
    to_host(r, guest, guest.join(r.host.new_code()), link="g2")  # a new code scanned
    assert guest.linked and L.TABLE.phones == ((guest.peer, "", 1),)  # «Телефон 1» again
    assert guest.session.log == s.log and len(s.log) == 2


def test_a_phone_that_hosted_an_earlier_game_plays_on_alone_after_a_reload(tmp_path, fresh_table):
    """Issue 50: only the game a table played with this phone as its host makes it cut off after
    a restart: a game it started with no phone linked is its own, entries saved as always."""
    h, guest, actions = hosted(tmp_path)
    h._event({"ev": "close", "peer": "g1", "reason": "closed"})  # the other phone left
    assert h.session.abandon().ok and h.session.new_game(WHALES).ok
    h.publish()
    r = reloaded(tmp_path)
    assert (L.TABLE.role, L.TABLE.cut_off, L.TABLE.restarted) == (None, False, False)
    assert r.state.table  # «Это я» stays offered: this phone holds a table
    assert r.session.do(actions[0]).ok and len(r.session.store.current().actions) == 1


# ---------------------------------------------------------------------------------------------
# A guest's phone: its link and a host (a protocol object)
# ---------------------------------------------------------------------------------------------
def invitation(table: bytes = b"\x01" * 8, kind: int = 1) -> str:
    """A code as the page packs it (docs/table-link.md «The codes»), base32."""
    body = bytes([0xA1, kind << 4]) + (table if kind == 1 else b"") + b"\x02" * 16
    body += bytes([4]) + b"\x00" * 3 + bytes([22]) + b"\x00" * 17 + b"\x03" * 32 + bytes([1, 1, 10, 0, 0, 1, 0x1F, 0x90])
    crc = zlib.crc32(body)
    data = body + bytes([(crc >> 8) & 255, crc & 255])
    out, acc, bits = "", 0, 0
    for b in data:
        acc, bits = (acc << 8) | b, bits + 8
        while bits >= 5:
            bits -= 5
            out += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[(acc >> bits) & 31]
        acc &= (1 << bits) - 1
    return out + ("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[(acc << (5 - bits)) & 31] if bits else "")


def joined(tmp_path, route="/game", host: Host | None = None, at: str = "/vzhuh"):
    """A guest's phone linked to a host (a protocol object) that runs a «Вжух!» game (or
    ``host``'s game, shown on ``at``)."""
    if host is None:
        host = Host(RelayedSession(Store.open(tmp_path / "host")))
        assert host.session.new_game(["Аня", "Боря", "Вика"], game="vzhuh", first="Боря").ok
    host.publish()
    g = phone(RelayedSession(Store.open(tmp_path / "guest")), "/join")
    L._link = g
    secret = host.new_code()
    L.join(invitation())  # (what the page answers: the answer, the open link)
    assert g.ops[-1]["op"] == "join"
    g._event({"ev": "answer", "peer": "host", "code": "ANSWER", "table": secret})
    g._event({"ev": "open", "peer": "host"})
    from_host(g, host)
    assert g.guest.linked and g.page.route == at  # just joined: to the game
    g.page.route = route
    g.ops.clear()
    return g, host


def from_host(g: L._Link, host: Host) -> None:
    """The guest's messages reach the host; the host's answers come back to the guest's phone."""
    pending = sent(g)
    while pending:
        outs = [text for _, t in pending for _, text in host.handle("g1", t)]
        for text in outs:
            g._event({"ev": "message", "peer": "host", "data": text})
        pending = sent(g)


def heartbeat(g: L._Link, host: Host) -> None:
    g._event({"ev": "message", "peer": "host", "data": encode(Head(host.epoch, host.seq, host.state, host.fseq))})


@pytest.mark.parametrize("scanned, said", [
    ("just some text", "not-kity"),
    ("https://example.org/menu", "not-kity"),
    (None, "linked"),  # an old invitation of this table, or a new one: the link is kept
    ("answer", "wrong-kind"),
])
def test_a_linked_guest_refuses_a_code_keeps_its_link_and_the_refusal_stays(tmp_path, fresh_table, scanned, said):
    """Points 4 and 5: a linked guest that scans an old invitation (or any code) keeps its live
    link — the page is never asked to join, which would close it — and the refusal stays on
    the join screen as the host's messages keep coming, until the user acts."""
    g, host = joined(tmp_path, route="/join")
    code = ("https://kity.example/#join=" + invitation(b"\x07" * 8)) if scanned is None else (
        invitation(kind=2) if scanned == "answer" else scanned)
    g._event({"ev": "scanned", "text": code})
    assert [m for m in g.ops if m.get("op") in ("join", "drop")] == []  # the live link untouched
    assert L.TABLE.problem == said and L.TABLE.answer is None and not L.TABLE.joining
    for _ in range(3):  # heartbeats: still linked, still on the join screen with its refusal
        heartbeat(g, host)
    assert g.guest.linked and not L.TABLE.cut_off
    assert g.page.route == "/join" and L.TABLE.problem == said
    # the next entry goes to the host as any other
    nonce, texts = g.guest.propose({"op": "undo"})
    assert texts


def test_a_linked_guest_opening_the_join_screen_with_nothing_said_goes_back_to_the_game(tmp_path, fresh_table):
    g, host = joined(tmp_path, route="/join")
    heartbeat(g, host)
    assert g.page.route == "/vzhuh"


def test_a_camera_refusal_on_a_linked_guest_stays_on_the_join_screen(tmp_path, fresh_table):
    """Point 4: a refusal said on the join screen of a linked guest (here the camera) stays there
    as the host's heartbeats come, not sent back to the game within a second."""
    g, host = joined(tmp_path, route="/vzhuh")
    g._event({"ev": "error", "op": "scan", "reason": "camera-denied"})
    g.page.route = "/join"
    heartbeat(g, host)
    assert g.page.route == "/join" and L.TABLE.problem == "camera-denied"


def test_the_loser_of_a_race_for_the_same_entry_is_told_it_is_on_the_table(tmp_path, fresh_table):
    """Point 6: an entry tapped on a screen that had not drawn the table's latest, when that
    latest is the very same entry, says so — not "yours was not saved"."""
    g, host = joined(tmp_path, route="/vzhuh")
    s = g.session
    party = {"type": "party", "penalties": {p: {"points": v} for p, v in (("Аня", 16), ("Боря", 36), ("Вика", 0))}}
    party = dict(s._saved(party))
    shown = s.state_id
    s.mark_shown(shown)
    assert host.session.do(party).ok  # another phone entered it first
    for _, text in host.publish():
        g._event({"ev": "message", "peer": "host", "data": text})
    assert s.state_id != shown  # this phone holds it, its screen not yet
    out = s.do(party)
    assert not out.ok and out.notice.error.msgid == L.REFUSED_WORDS["same"]
    other = dict(party, penalties={**party["penalties"], "Вика": {"points": 3}})
    out = s.do(other)
    assert not out.ok and out.notice.error.msgid == L.REFUSED_WORDS["stale"]


def test_a_guest_setting_up_the_next_round_stays_there_until_the_round_starts(tmp_path, fresh_table):
    """Issue 50: on a guest, «Следующий раунд» opened the setup and the next message from the
    host (a heartbeat, within a second) took it back to the round end. The setup shows where
    the game is: it stays there, the table's draft arriving, until the round starts."""
    prof, actions = whale_game(tmp_path)
    host = Host(RelayedSession(Store.open(tmp_path / "host")))
    s = host.session
    for card, f in prof.items():
        host.store.set_fact(card.id, facts_to_json(f))
    assert s.new_game(WHALES).ok
    end = next(i for i, a in enumerate(actions) if i and a["type"] == "start_round")
    for a in actions[:end]:  # round 1, to its end
        assert s.do(a).ok
    g, host = joined(tmp_path, route="/setup", host=host, at="/round-end")
    for _ in range(3):
        heartbeat(g, host)
    assert g.page.route == "/setup"
    assert Draft(s).put("trump", "orca-7", None).ok  # the host's own pick reaches the guest's setup
    for _, text in host.publish():
        g._event({"ev": "message", "peer": "host", "data": text})
    assert Draft(g.session).values() == {"trump": "orca-7"} and g.page.route == "/setup"
    assert s.do(actions[end]).ok  # the round starts: every phone to its table
    for _, text in host.publish():
        g._event({"ev": "message", "peer": "host", "data": text})
    assert g.page.route == "/game"
