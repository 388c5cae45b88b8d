"""A guest of the table: a phone that keeps and folds its own copy of the host's log
(:class:`Guest`), written into its own store only from the host's entries; its screens' changes
become proposals. Takeover: :meth:`Guest.take_over` makes it the host of its copy. Flet-free
and I/O-free."""
from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..core.history import StateId
from ..core.outcome import Outcome
from ..session.aside import holds, keep_apart
from ..session.log_session import LogSession
from ..store.repository import CurrentGame, RevisionConflict
from .content import Copy, Content, apply_step, content_of
from .host import Host, run_op
from .wire import (
    MAX_NAME, Accepted, Bad, Bye, Draft, Entry, Facts, Head, Hello, Propose, Refused, Resume, Seat, Snapshot, Welcome,
    content_of_doc, decode, encode,
)

HELD = 64           # entries a guest holds while it waits for a gap to be filled
SETTING_GUEST = "table-guest"  # guest's store: its peer id and ticket at the last host


@dataclass(frozen=True)
class Result:
    """How a proposal ended: accepted, or the host's refusal. ``same``: refused as stale, and the
    very entry it proposed is on the table (another phone entered the same first, issue 50)."""
    ok: bool
    refusal: Refused | None = None
    same: bool = False


class Guest(Copy):
    """A phone following the host: its own log session over its own store, written only from
    the host's entries. Its screens send changes through :meth:`propose` (never the session)."""

    def __init__(self, session: LogSession, name: str, *, token: Callable[[], str] | None = None):
        self.session = session
        self.store = session.store
        self.name = name
        self._token = token or (lambda: secrets.token_urlsafe(12))
        self._content = content_of(self.store)
        saved = self.store.settings().get(SETTING_GUEST)
        saved = saved if isinstance(saved, dict) else {}
        self.peer: str | None = saved.get("peer") if isinstance(saved.get("peer"), str) else None
        self.ticket: str | None = saved.get("ticket") if isinstance(saved.get("ticket"), str) else None
        # this phone's copy may hold entries of its own: it follows no table (no ticket: a phone
        # alone, a host restarted, one that continued a game by itself) until a table's copy is
        # its own (a Welcome that knew its state, or a snapshot taken): issue 50
        self.own = self.ticket is None
        self.epoch: str | None = None
        self.seq: int | None = None   # the sequence number of this phone's state in the host's run
        self.head = 0                 # the highest one the host announced
        self.removed = False
        self.online = False           # the link is up (the transport says when it is lost)
        self._req: str | None = None
        self._req_open = False        # a Hello/Resume not answered yet: sent again with the same req
        self._early: Facts | None = None  # facts of a run not welcomed yet
        self._hello: str | None = None  # the Hello (or a scan's Resume) to send again until welcomed
        self._instead: str | None = None  # a scan's Hello, sent if the host does not know this phone's ticket
        self._held: dict[int, Entry] = {}
        self._pending: "OrderedDict[str, str]" = OrderedDict()  # nonce → Propose text
        self._lost: dict[str, tuple[Propose, Refused]] = {}  # stale refusals said once this phone catches up
        self.results: dict[str, Result] = {}
        self._fseq = 0   # the number of the host's facts this phone holds (in this run)
        self.table_facts: dict[str, Any] = dict(self.store.deck_facts())  # the facts as the table has them
        self._quiet: set[str] = set()  # nonces of fact proposals (answered, but nobody waits for them)
        self._fhead = 0  # the highest the host announced
        self._dseq = self._dhead = 0  # the number of the host's draft this phone holds; the highest announced
        self.ignored: list[str] = []  # why each message was not taken (a Bad's reason, "epoch", …)
        self.heard = 0  # heartbeats heard from the host (the app compares it over time: cut off?)
        self.seat: str | None = None  # «Это я» of this phone in the current game (told to the host)
        self._seat_told = False  # the host of this link knows :attr:`seat`

    @property
    def linked(self) -> bool:
        """Welcomed by the current host, the link up, not removed."""
        return self.epoch is not None and self.online and not self.removed

    def disconnected(self) -> None:
        """The transport lost the link: this phone is cut off (its proposals wait)."""
        self.online = False

    @property
    def behind(self) -> bool:
        return self.linked and (self.seq is None or self.head > self.seq or bool(self._held)
                                or self._fhead > self._fseq or self._dhead > self._dseq)

    # ---- what the phone does ----
    def join(self, secret: str) -> list[str]:
        """Join with the secret of the host's invitation (the QR code). A phone that holds a
        ticket comes back with it first (a Resume: the host knows it as the same phone, its
        number and name kept, issue 50); a host that does not know the ticket (another table,
        or one that forgot it) gets the Hello with the secret instead."""
        was_removed = self.removed
        self._req, self._req_open, self.epoch, self.seq, self.removed = self._token(), True, None, None, False
        self.head, self._held = 0, {}
        hello = encode(Hello(self._req, secret, self.name, self.state, self._content.digest()))
        if self.ticket is not None and not was_removed:
            self._instead = hello
            self._hello = encode(Resume(self._req, self.ticket, self.state, self._content.digest()))
        else:
            self._instead, self._hello = None, hello
        return [self._hello]

    def resume(self) -> list[str]:
        """Come back (a new link, a reload, a host restarted or taken over) with the ticket."""
        if self.ticket is None or self.removed:
            return []
        if not self._req_open:
            self._req, self._req_open = self._token(), True
        return [encode(Resume(self._req, self.ticket, self.state, self._content.digest(), self.epoch, self.seq))]

    def set_seat(self, seat: str | None) -> list[str]:
        """«Это я» of this phone in the current game (None: nobody in particular): told to the
        host (its list of phones names this phone by it), now if linked, else after the Welcome."""
        seat = seat if isinstance(seat, str) and seat.strip() and len(seat) <= MAX_NAME else None
        if seat != self.seat:
            self.seat, self._seat_told = seat, False
        if self._seat_told or not self.linked:
            return []
        self._seat_told = True
        return [encode(Seat(self.seat))]

    def propose(self, op: Mapping[str, Any]) -> tuple[str, list[str]]:
        """Ask the host to make a change (``{"op": "do", "action": …}``, ``{"op": "undo"}``, …)
        on the state this phone shows. Sent now if linked, else kept until the link is back;
        either way it is answered once (:attr:`results`)."""
        texts: list[str] = []
        if op.get("op") != "fact":
            # a card's printed fact this phone learnt (its own question) goes first: the host's
            # engine needs it for the entry that asked it
            for card, facts in self.store.deck_facts().items():
                if self.table_facts.get(card) != facts:
                    quiet = self._token()
                    self._quiet.add(quiet)
                    self._pending[quiet] = encode(Propose(self.state, quiet, {"op": "fact", "card": card,
                                                                               "facts": dict(facts)}))
                    texts.append(self._pending[quiet])
                    self.table_facts[card] = facts
        nonce = self._token()
        text = encode(Propose(self.state, nonce, dict(op)))
        self._pending[nonce] = text
        return nonce, (texts + [text] if self.linked else [])

    def tick(self) -> list[str]:
        """Called now and then (a timer): send again what is unanswered; ask for what is missing."""
        outs: list[str] = []
        if self.removed:
            return outs
        if self._hello is not None:
            return [self._hello]
        if not self.linked:
            return self.resume() if self._req_open else []
        if self.behind:
            outs += self.resume()
        outs += list(self._pending.values())
        return outs

    def take_over(self, *, token: Callable[[], str] | None = None) -> Host:
        """The host is gone: this phone becomes the host of its own copy (the whole log is in
        its store); the others join it with its new code. A change made here and never
        answered is checked now as any other (its ``seen`` must still be this state)."""
        for nonce, text in self._pending.items():
            m = decode(text)
            out = run_op(self.session, m.op) if isinstance(m, Propose) and m.seen == self.state else None
            ok = isinstance(out, Outcome) and out.ok
            self.results[nonce] = Result(ok, None if ok else Refused("stale" if out is None else "refused", nonce))
            self._content = content_of(self.store)
        for nonce, (m, r) in self._lost.items():  # lost to another phone: said as they stand
            self.results[nonce] = Result(False, r, same=self.already(m.op, m.seen))
        self.epoch, self._pending, self._lost = None, OrderedDict(), {}
        self.store.set_setting(SETTING_GUEST, {})
        return Host(self.session, token=token)

    # ---- messages from the host ----
    def handle(self, data: str | bytes) -> list[str]:
        msg = decode(data)
        if isinstance(msg, Bad):
            self.ignored.append(msg.reason)
            return []
        if isinstance(msg, Welcome):
            return self._welcome(msg)
        if isinstance(msg, Snapshot):
            return self._snapshot(msg)
        if isinstance(msg, Entry):
            return self._entry(msg)
        if isinstance(msg, Facts):
            self._facts(msg)
            return []
        if isinstance(msg, Draft):
            if msg.epoch == self.epoch and msg.dseq > self._dseq:
                self._dseq, self._dhead = msg.dseq, max(self._dhead, msg.dseq)
                if msg.draft != self.store.draft():
                    self.store.set_draft(msg.draft)  # (its screens read it from the store)
                    self.session.sync()
            return []
        if isinstance(msg, Head):
            if msg.epoch == self.epoch:
                self.head, self._fhead = max(self.head, msg.seq), max(self._fhead, msg.fseq)
                self._dhead = max(self._dhead, msg.dseq)
                self.heard += 1
            return []
        if isinstance(msg, Accepted):
            self._answered(msg.nonce, Result(True))
            if msg.epoch == self.epoch:
                self.head = max(self.head, msg.seq)
            return []
        if isinstance(msg, Refused):
            if msg.nonce is not None:
                self._answered(msg.nonce, Result(False, msg))
            if msg.epoch == self.epoch and msg.seq is not None:
                self.head = max(self.head, msg.seq)
            if msg.nonce is None and msg.reason == "secret":
                self._hello = self._instead = None  # a scan is needed
            elif msg.nonce is None and msg.reason == "ticket" and self._instead is not None:
                # a scan's Resume the host does not know (another table): the scan's Hello
                self.ticket, self._hello, self._instead = None, self._instead, None
                self.store.set_setting(SETTING_GUEST, {})
                return [self._hello]
            elif msg.nonce is None and msg.reason == "ticket" and self.ticket is not None and self._req_open:
                self._forget()  # the host forgot this phone: a scan is needed (a late copy of an
                # answer to a request already answered, or to a ticket given up, changes nothing)
            elif msg.nonce is None and msg.reason == "not-joined":  # the host lost this link: come back
                self.online, self._req_open = False, True
            return []
        if isinstance(msg, Bye):
            self._forget()
            return []
        self.ignored.append("unexpected")
        return []

    def _facts(self, m: Facts) -> None:
        if m.epoch != self.epoch:
            self._early = m  # taken once this run welcomes this phone
        elif m.fseq > self._fseq:
            self._fhead = max(self._fhead, m.fseq)
            self._fseq = m.fseq
            self._take_facts(m.table)

    def _forget(self) -> None:
        """Removed from the table (or forgotten by it): linked again only by a new scan."""
        self.removed, self.epoch, self.ticket, self._hello, self._req_open = True, None, None, None, False
        self._instead = None
        self.store.set_setting(SETTING_GUEST, {})

    def _answered(self, nonce: str, result: Result) -> None:
        if nonce in self._pending:
            text = self._pending.pop(nonce)
            if nonce in self._quiet:
                self._quiet.discard(nonce)
            elif result.refusal is not None and result.refusal.reason == "stale" and result.refusal.current is not None:
                # said once this phone holds the table it lost to: is its own entry on it?
                m = decode(text)
                if isinstance(m, Propose):
                    self._lost[nonce] = (m, result.refusal)
                    self._said_lost()
                else:
                    self.results[nonce] = result
            else:
                self.results[nonce] = result

    def already(self, op: Mapping[str, Any], seen: StateId) -> bool:
        """The entry ``op`` proposed on ``seen`` is among the entries this phone's copy got
        since (another phone entered the very same first)."""
        c = self._content
        if op.get("op") != "do" or seen.game is None or seen.game != c.game_id:
            return False
        k = c.revision - seen.rev
        same = getattr(self.session.game, "same_entry", None) if self.session.active else None
        same = same or (lambda a, b: a == b)
        return k > 0 and any(same(op.get("action"), entry) for entry in c.actions[-k:])

    def _said_lost(self) -> None:
        """The stale refusals whose table this phone now holds (or has passed): each told with
        whether its entry is on the table."""
        for nonce, (m, r) in list(self._lost.items()):
            cur = r.current
            if self.state.game != cur.game or self.state.rev >= cur.rev:
                del self._lost[nonce]
                self.results[nonce] = Result(False, r, same=self.already(m.op, m.seen))

    def _welcome(self, m: Welcome) -> list[str]:
        if m.req != self._req:
            self.ignored.append("req")
            return []
        if m.epoch != self.epoch:
            self.epoch, self.seq, self._held, self.head = m.epoch, m.base, {}, m.seq
            self._fseq = self._fhead = self._dseq = self._dhead = 0
        elif self.seq is None:
            self.seq = m.base
        self.head = max(self.head, m.seq)
        self._hello, self._instead, self._req_open, self.online = None, None, False, True
        if m.base is not None:
            self.own = False  # the host knew this phone's state: it is the table's
        if self._early is not None and self._early.epoch == m.epoch:
            early, self._early = self._early, None
            self._facts(early)
        if (self.peer, self.ticket) != (m.peer, m.ticket):
            self.peer, self.ticket = m.peer, m.ticket
            self.store.set_setting(SETTING_GUEST, {"peer": m.peer, "ticket": m.ticket})
        self._seat_told = False  # (a host restarted or taken over may not know it)
        return self.set_seat(self.seat) + self._drain()

    def _snapshot(self, m: Snapshot) -> list[str]:
        if m.epoch == self.epoch:
            fresh = self.seq is None or m.seq > self.seq
        else:  # another run: only its answer to this phone's own request
            fresh = m.req is not None and m.req == self._req
        if not fresh:
            self.ignored.append("snapshot")
            return []
        if m.game is not None:
            c = content_of_doc(m.game)
            if c is None or c.state != m.state:
                self.ignored.append("snapshot")
                return []
            self._adopt(c, ended=m.ended)
        else:
            self._end(m.ended.get("status") if isinstance(m.ended, dict) else None)
        self.own = False
        if m.epoch != self.epoch:  # a new run: its numbers only
            self.epoch, self._held, self.head = m.epoch, {}, m.seq
            self._fseq = self._fhead = 0
        self.seq = m.seq
        self.head = max(self.head, m.seq)
        return self._drain()

    def _entry(self, e: Entry) -> list[str]:
        if e.epoch != self.epoch:
            self.ignored.append("epoch")
            return []
        self.head = max(self.head, e.seq)
        if self.seq is not None and e.seq <= self.seq:
            return []  # a duplicate or a late one: already in
        if len(self._held) < HELD:
            self._held[e.seq] = e
        out = self._drain()
        return out

    def _drain(self) -> list[str]:
        """Apply the held entries that follow this phone's state, in order."""
        while self.seq is not None and (self.seq + 1) in self._held:
            e = self._held.pop(self.seq + 1)
            if e.prev != self.state or not self._apply(e):
                self._held.clear()
                self.seq = None  # lost track: ask for the state again
                return self.resume()
            self.seq = e.seq
            if e.nonce is not None:
                self._answered(e.nonce, Result(True))
        if self.seq is not None:
            self._held = {s: e for s, e in self._held.items() if s > self.seq}
        if self._lost:
            self._said_lost()
        return []

    # ---- writing this phone's copy ----
    def _apply(self, e: Entry) -> bool:
        step = e.step
        kind = step.get("change")
        if kind == "end":
            self._end(step.get("status"))
            return self.state == e.next
        if kind == "game":
            c = content_of_doc({k: v for k, v in step.items() if k != "change"})
            if c is None or c.state != e.next:
                return False
            self._adopt(c)
            return self.state == c.state
        new = apply_step(self._content, step)
        if new is None or new.state != e.next:
            return False
        c = self._content
        try:
            if kind == "add":
                self.store.append_action(c.game_id, c.revision, dict(step["new"]))
            else:
                self.store.replace_log(c.game_id, c.revision, list(new.actions), list(new.redo), list(new.undo))
        except RevisionConflict:  # this phone's store was written besides the table: take the host's copy
            return False
        self._content = new
        self.session.sync()
        return True

    def _adopt(self, c: Content, ended: Mapping[str, Any] | None = None) -> None:
        """Make ``c`` this phone's current game; a game of its own that the table does not
        play is kept in its history (finished if the host finished it, else stopped). Its own
        copy of the table's game that holds entries the table lacks (it went on alone) is kept
        in its history as stopped, under a new id (issue 50): never dropped."""
        cur = self.store.current()
        if cur is not None and cur.game_id == c.game_id and self.own and not holds(c.actions, cur.actions):
            keep_apart(self.session)
            cur = self.store.current()
        if cur is not None and cur.game_id != c.game_id:
            status = ended.get("status") if isinstance(ended, Mapping) and ended.get("game_id") == cur.game_id else None
            self._end(status)
        cur = self.store.current()
        self.store.mirror_current(CurrentGame(c.game_id, dict(c.meta), list(c.actions), list(c.redo), c.revision,
                                              list(c.undo)), replacing=cur.game_id if cur is not None else None)
        self._content = content_of(self.store)
        if cur is not None and cur.game_id == c.game_id:
            self.session.reload()  # (the same game and maybe the same revision, other entries: folded again)
        else:
            self.session.sync()

    def _end(self, status: Any) -> None:
        """The table's game ended (``status``): file this phone's copy in its own history."""
        self.session.sync()
        if self.session.active:
            out = self.session.finish() if status == "finished" else None
            if out is None or not out.ok:
                self.session.abandon()
        self._content = content_of(self.store)

    def _take_facts(self, table: Mapping[str, Any]) -> None:
        mine = self.store.deck_facts()
        changed = False
        for card, facts in table.items():
            if not (isinstance(card, str) and 0 < len(card) <= 40 and isinstance(facts, dict)):
                continue
            self.table_facts[card] = facts
            if mine.get(card) != facts:
                self.store.set_fact(card, facts)
                changed = True
        if changed:
            self.session.sync()


__all__ = ["Guest", "Result"]
