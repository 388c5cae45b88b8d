"""The host of the table: the phone that orders the log (:class:`Host`). A guest's proposal is run
through the host's own log session (:func:`run_op`: so the game's engine checks it, for every
game) and answered; every saved change goes to every guest as one :class:`~.wire.Entry`.
Flet-free and I/O-free: it is handed a received message and returns the messages to send."""
from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine.core.errors import GameError, RecordError

from ..core.history import NO_GAME, StateId
from ..core.outcome import Notice, Outcome
from ..core.packs import BY_ID
from ..session.draft import Draft as TableDraft
from ..session.log_session import LogSession
from ..session.shared import shared
from .content import EMPTY, Content, Copy, content_of, step_between
from .wire import (
    MAX_NAME, Accepted, Bad, Bye, Draft, Entry, Facts, Head, Hello, Propose, Refused, Resume, Seat, Snapshot, Welcome, _No,
    _nat, _token, decode, encode,
)

log = logging.getLogger("kity")

RING = 256          # entries a host keeps to catch a guest up without a whole copy
NONCES = 128        # answers a host keeps per guest (duplicated proposals)
SETTING_PEERS = "table-peers"  # host's store: peer → its name, number, seat and its ticket's hash
SETTING_HOSTED = "table-hosted"  # host's store: the game it held with phones linked (issue 50: after
# a restart that game is the table's, which may have gone on without this phone)


def _safe(value: Any) -> Any:
    """A notice's parameters as plain JSON (what is not JSON becomes its text)."""
    try:
        return json.loads(json.dumps(value, ensure_ascii=False, default=str))
    except (TypeError, ValueError, RecursionError):
        return {}


def refusal_of(out: Outcome, nonce: str | None, host: "Host") -> Refused:
    """A log session's refusal as a message: the rule and its text in each language, or the
    notice's key and parameters (the guest words them in its own language)."""
    n = out.notice
    reason = "refused"
    if n is not None and n.kind in ("question", "conflict", "stale", "storage"):
        reason = n.kind
    err = n.error if n is not None else None
    words = {}
    if err is not None:
        for lang in ("ru", "en"):
            try:
                words[lang] = err.text(lang)
            except Exception:  # an error's words must never stop the answer
                words[lang] = str(err)
    return Refused(reason, nonce, host.state, host.seq, host.epoch, rule=str(getattr(err, "rule", "") or ""),
                   key=(n.key if n is not None and err is None else str(getattr(err, "key", "") or "")),
                   params=_safe(dict(n.params)) if n is not None and err is None else {}, text=words)


# ---------------------------------------------------------------------------------------------
# What a proposal may ask (checked before the log session sees it)
# ---------------------------------------------------------------------------------------------
_OPTION = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


def run_op(session: LogSession, op: Mapping[str, Any]) -> Outcome | str:
    """Run one proposed change through the log session; a string names what was malformed."""
    kind = op.get("op")
    keys = set(op) - {"op"}

    def action() -> dict:
        a = op.get("action")
        if not isinstance(a, dict):
            raise _No("action")
        return a

    def at() -> int:
        return _nat(op.get("at"))

    try:
        if kind == "do" and keys == {"action"}:
            return session.do(action())
        if kind in ("undo", "redo", "finish", "abandon") and not keys:
            return getattr(session, kind)()
        if kind in ("edit", "insert") and keys == {"at", "action"}:
            index, entry = at(), action()
            states = session.states
            if session.active and 0 <= index < len(states):
                # a past entry that no longer fits is kept (the session's rule), one the game
                # cannot even read is not: a phone's screen never makes one
                try:
                    session.game.apply(states[index], entry, strict=False)
                except RecordError as e:
                    return Outcome(False, Notice("refused", error=e))
                except GameError:
                    pass
            return getattr(session, kind)(index, entry)
        if kind == "delete" and keys == {"at"}:
            return session.delete(at())
        if kind == "fact" and keys == {"card", "facts"}:
            # a card's printed fact, answered on a guest (the whale game's deck profile): the
            # game's view checks and records it, and re-scores the game with it
            card, facts, learn = op.get("card"), op.get("facts"), getattr(session.game, "answer_fact", None)
            if (learn is None or not isinstance(card, str) or not 0 < len(card) <= 40 or not isinstance(facts, dict)
                    or not set(facts) <= {"pearls", "bonus"} or not facts):
                return "fact"
            return learn(card, pearls=facts.get("pearls"), bonus=facts.get("bonus"))
        if kind == "draft" and keys == {"field", "value", "was"}:
            # the table's draft (a round's setup): the race of its fields and the game's rules
            # are the draft's to check (session/draft.py); its values are plain JSON
            value, was = op.get("value"), op.get("was")
            if not all(v is None or isinstance(v, (str, int)) for v in (value, was)):
                return "draft"
            return TableDraft(session).take(op.get("field"), value, was)
        if kind == "new-game" and keys <= {"game", "players", "options"}:
            players, options, game = op.get("players"), op.get("options", {}), op.get("game")
            if (not isinstance(players, list) or len(players) > 10
                    or not all(isinstance(p, str) and len(p) <= 200 for p in players)
                    or not isinstance(options, dict) or not isinstance(game, str)
                    or not all(isinstance(k, str) and _OPTION.match(k) and k not in ("game", "players")
                               for k in options)
                    or not all(v is None or isinstance(v, (str, int, float, bool)) for v in options.values())):
                return "new-game"
            if game not in BY_ID:
                return "game"
            return session.new_game(players, game=game, **options)
    except _No as e:
        return str(e)
    return "op"


@dataclass
class PeerInfo:
    peer: str
    name: str
    link: Any = None  # the transport's handle of its channel while connected
    answers: "OrderedDict[str, str]" = field(default_factory=OrderedDict)  # nonce → the answer sent
    no: int = 0  # «Телефон N»: given once, kept while the phone is of this table (it comes back the same)
    seat: str | None = None  # its «Это я» in the current game (a Seat message)

    @property
    def label(self) -> str:
        """What the host's list calls it beside its number: its seat, else the name it gave."""
        return self.seat or (self.name if self.name != "phone" else "")


class Host(Copy):
    """The phone that orders the table's log. ``session``: its own log session (the app's
    screens on this phone use it directly and call :meth:`publish` after a change)."""

    def __init__(self, session: LogSession, *, token: Callable[[], str] | None = None):
        self.session = session
        self.store = session.store
        self._token = token or (lambda: secrets.token_urlsafe(18))
        self.epoch = self._token()
        self.seq = 0
        self._content = content_of(self.store)
        self._ring: deque[tuple[int, Content, str | None]] = deque(maxlen=RING)  # seq, state after, entry text
        self._ring.append((0, self._content, None))
        self._code: str | None = None
        self._code_used: tuple[str, str, str, str] | None = None  # (secret, req, peer, ticket) of its one use
        self.peers: dict[str, PeerInfo] = {}
        self._tickets: dict[str, str] = {}  # ticket hash → peer
        settings = self.store.settings()
        self._hosted = settings.get(SETTING_HOSTED)  # (kept by :meth:`_mark_hosted`)
        saved = settings.get(SETTING_PEERS)
        for peer, v in (saved.items() if isinstance(saved, dict) else ()):
            if isinstance(v, dict) and isinstance(v.get("ticket"), str) and isinstance(v.get("name"), str):
                no, seat = v.get("no"), v.get("seat")
                self.peers[peer] = PeerInfo(
                    peer, v["name"], no=no if isinstance(no, int) and not isinstance(no, bool) and no > 0 else 0,
                    seat=seat if isinstance(seat, str) and seat and len(seat) <= MAX_NAME else None)
                self._tickets[v["ticket"]] = peer
        for p in self.peers.values():  # (kept by an older app: numbered now, in their order)
            if not p.no:
                p.no = self._next_no()
        self._facts = self.store.deck_facts()
        self.fseq = 1 if self._facts else 0  # the facts' own number in this run (0: none to send)
        self._draft = self.store.draft()
        self.dseq = 1 if self._draft else 0  # the draft's own number in this run (0: none to send)
        self._gen = self.store.generation  # the store's generation at the last publish
        self.refusals: deque[tuple[Any, str]] = deque(maxlen=100)  # (link, reason) of the last refusals

    # ---- reading ----
    def connected(self) -> list[str]:
        """The names of the phones linked now."""
        return [p.name for p in self.peers.values() if p.link is not None]

    def _next_no(self) -> int:
        return max((p.no for p in self.peers.values()), default=0) + 1

    # ---- the invitation ----
    def new_code(self, secret: str | None = None) -> str:
        """A new one-time secret for the next invitation; the previous one stops working.
        ``secret``: one chosen by the transport (the phone edition puts it in the invitation's
        QR code as its table id, docs/table-link.md), else a random one."""
        self._code, self._code_used = (_token(secret) if secret is not None else self._token()), None
        return self._code

    def remove(self, peer: str) -> list[tuple[Any, str]]:
        """Drop ``peer``: its ticket stops working; it is told if linked."""
        p = self.peers.pop(peer, None)
        if p is None:
            return []
        self._tickets = {t: q for t, q in self._tickets.items() if q != peer}
        self._save_peers()
        return [(p.link, encode(Bye("removed")))] if p.link is not None else []

    def disconnected(self, link: Any) -> None:
        """The transport lost ``link`` (the peer may come back with its ticket)."""
        for p in self.peers.values():
            if p.link == link:
                p.link = None

    # ---- messages ----
    def handle(self, link: Any, data: str | bytes) -> list[tuple[Any, str]]:
        """A message from ``link``: the messages to send, as (link, text)."""
        msg = decode(data)
        if isinstance(msg, Bad):
            return self._refuse(link, Refused("bad-message", key=msg.reason, params={"detail": msg.detail}))
        if isinstance(msg, Hello):
            return self._hello(link, msg)
        if isinstance(msg, Resume):
            return self._resume(link, msg)
        peer = self._peer_of(link)
        if peer is None:
            return self._refuse(link, Refused("not-joined"))
        if isinstance(msg, Propose):
            return self._propose(peer, msg)
        if isinstance(msg, Seat):
            if peer.seat != msg.name:
                peer.seat = msg.name
                self._save_peers()
            return []
        return self._refuse(link, Refused("bad-message", key="unexpected", params={"detail": msg.TAG}))

    def _refuse(self, link: Any, r: Refused) -> list[tuple[Any, str]]:
        self.refusals.append((link, r.reason))
        return [(link, encode(r))]

    def _peer_of(self, link: Any) -> PeerInfo | None:
        return next((p for p in self.peers.values() if p.link == link and link is not None), None)

    def _hello(self, link: Any, m: Hello) -> list[tuple[Any, str]]:
        used = self._code_used
        if used is not None and used[:2] == (m.secret, m.req) and used[2] in self.peers:
            # the same Hello again (its Welcome was lost or it came twice): the same admission
            peer, ticket = used[2:]
            self.peers[peer].link = link
            base, outs = self._catch_up(link, m.req, m.have, m.digest, None, None)
            return [(link, encode(Welcome(m.req, peer, ticket, self.epoch, self.seq, self.state, base)))] + outs
        if self._code is None or not secrets.compare_digest(m.secret, self._code):
            reason = "secret-used" if self._code_used is not None and self._code_used[0] == m.secret else "secret"
            return self._refuse(link, Refused("secret", key=reason))
        peer, ticket = self._token(), self._token()
        self._code = None
        self.peers[peer] = PeerInfo(peer, m.name, link, no=self._next_no())
        self._tickets[_hash(ticket)] = peer
        self._save_peers()
        base, outs = self._catch_up(link, m.req, m.have, m.digest, None, None)
        self._code_used = (m.secret, m.req, peer, ticket)
        self._mark_hosted()
        return [(link, encode(Welcome(m.req, peer, ticket, self.epoch, self.seq, self.state, base)))] + outs

    def _resume(self, link: Any, m: Resume) -> list[tuple[Any, str]]:
        peer = self._tickets.get(_hash(m.ticket))
        if peer is None or peer not in self.peers:
            return self._refuse(link, Refused("ticket"))
        for p in self.peers.values():  # one link per peer; a link is one peer's
            if p.link == link and p.peer != peer:
                p.link = None
        self.peers[peer].link = link
        base, outs = self._catch_up(link, m.req, m.have, m.digest, m.epoch, m.seq)
        self._mark_hosted()
        return [(link, encode(Welcome(m.req, peer, m.ticket, self.epoch, self.seq, self.state, base)))] + outs

    def _catch_up(self, link: Any, req: str, have: StateId, digest: str, epoch: str | None,
                  seq: int | None) -> tuple[int | None, list[tuple[Any, str]]]:
        """What brings a guest at ``have`` to the host's state: the entries after it, or a
        snapshot; and the guest's sequence number in this run (None: a snapshot)."""
        outs: list[tuple[Any, str]] = []
        if self._facts:
            outs.append((link, encode(Facts(self.epoch, self.fseq, self._facts))))
        if self._draft:
            outs.append((link, encode(Draft(self.epoch, self.dseq, self._draft))))
        base = None
        if epoch == self.epoch and seq is not None:
            base = next((s for s, c, _ in self._ring if s == seq and c.state == have), None)
        if base is None:  # another run, or a reloaded page: the content must be the same
            base = next((s for s, c, _ in reversed(self._ring) if c.state == have and c.digest() == digest), None)
        if base is None:
            return None, outs + [(link, self._snapshot(req, have))]
        return base, outs + [(link, text) for s, _, text in self._ring if s > base and text is not None]

    def _snapshot(self, req: str | None, have: StateId) -> str:
        ended = None
        if have.game is not None and have.game != self._content.game_id:
            row = next((r for r in self.store.archived() if r.get("game_id") == have.game), None)
            if row is not None and row.get("status") in ("finished", "abandoned"):
                ended = {"game_id": have.game, "status": row["status"]}
        c = self._content
        return encode(Snapshot(req, self.epoch, self.seq, c.state, c.doc() if c.game_id is not None else None, ended))

    def _propose(self, p: PeerInfo, m: Propose) -> list[tuple[Any, str]]:
        link = p.link
        if m.nonce in p.answers:  # a duplicate: the same answer again, nothing applied twice
            return [(link, p.answers[m.nonce])]
        outs: list[tuple[Any, str]] = []
        if _session_state(self.session) != self.state:
            outs = self.publish()  # this phone's own change not sent yet
        if m.seen != self.state:
            answer = Refused("stale", m.nonce, self.state, self.seq, self.epoch, key="session.stale")
            self.refusals.append((link, "stale"))
            at = next((s for s, c, _ in reversed(self._ring) if c.state == m.seen), None)
            if at is not None:  # the proposer's copy came from this run: the entries it lacks
                outs += [(link, text) for s, _, text in self._ring if s > at and text is not None]
        else:
            before = self.seq
            try:
                out = run_op(self.session, m.op)
            except Exception:  # the engine met something it did not expect: refused, nothing saved
                log.exception("proposal %s failed", m.nonce)
                out = "error"
            if isinstance(out, str):
                answer = Refused("bad-op" if out != "error" else "error", m.nonce, self.state, self.seq,
                                 self.epoch, key=out)
                self.refusals.append((link, answer.reason))
            else:
                outs += self.publish(nonce=m.nonce)
                if out.ok or self.seq > before:
                    answer = Accepted(m.nonce, self.epoch, self.seq, self.state)
                else:
                    answer = refusal_of(out, m.nonce, self)
                    self.refusals.append((link, answer.reason))
        text = encode(answer)
        p.answers[m.nonce] = text
        while len(p.answers) > NONCES:
            p.answers.popitem(last=False)
        return outs + [(link, text)]

    # ---- broadcasting ----
    def tick(self) -> list[tuple[Any, str]]:
        """Called now and then (a timer, about once a second): where the host is, to every linked
        guest (a few dozen bytes)."""
        return self._broadcast(encode(Head(self.epoch, self.seq, self.state, self.fseq, self.dseq)))

    def publish(self, nonce: str | None = None) -> list[tuple[Any, str]]:
        """Send every change saved since the last call (by a guest's proposal or this phone's
        own screens) to every linked guest, and the deck facts and the table's draft if they
        changed."""
        outs: list[tuple[Any, str]] = []
        gen, sh = self.store.generation, shared(self.store)
        if not (sh is not None and sh.generation == gen == self._gen + 1):  # (else the one write was that change)
            facts = self.store.deck_facts()
            if facts != self._facts:
                self._facts, self.fseq = facts, self.fseq + 1
                outs += self._broadcast(encode(Facts(self.epoch, self.fseq, facts)))
            draft = self.store.draft()
            if draft != self._draft:
                self._draft, self.dseq = draft, self.dseq + 1
                outs += self._broadcast(encode(Draft(self.epoch, self.dseq, draft)))
        self._gen = gen
        new = self._read()
        old = self._content
        if new.state == old.state and (len(new.actions), len(new.undo), len(new.redo)) == (
                len(old.actions), len(old.undo), len(old.redo)):
            return outs
        step = step_between(old, new)
        steps: list[tuple[dict, Content]] = []
        if step is not None:
            steps.append((step, new))
        else:
            if old.game_id is not None and old.game_id != new.game_id:
                row = next((r for r in self.store.archived() if r.get("game_id") == old.game_id), None)
                status = row.get("status") if row is not None else None
                status = status if status in ("finished", "abandoned") else "abandoned"
                steps.append(({"change": "end", "status": status}, EMPTY))
            if new.game_id is not None:
                steps.append(({"change": "game", **new.doc()}, new))
        prev = old
        for k, (s, after) in enumerate(steps):
            self.seq += 1
            last = k == len(steps) - 1
            text = encode(Entry(self.epoch, self.seq, prev.state, after.state, s, nonce if last else None))
            self._ring.append((self.seq, after, text))
            outs += self._broadcast(text)
            prev = after
        self._content = new
        self._mark_hosted()
        return outs

    def _mark_hosted(self) -> None:
        """Remember the game this phone holds while phones are linked to it (a write only when
        that game changes): restarted, this phone knows that game is the table's."""
        game = self._content.game_id
        if game is not None and game != self._hosted and any(p.link is not None for p in self.peers.values()):
            self.store.set_setting(SETTING_HOSTED, game)
            self._hosted = game

    def _read(self) -> Content:
        """The store's game: as the log session that wrote it last shared it, when nothing
        was written since (nothing read nor parsed), else read from the store."""
        sh, last = shared(self.store), self._content
        if (sh is not None and sh.generation == self.store.generation and last.game_id is not None
                and sh.game_id == last.game_id):
            return Content(sh.game_id, sh.revision, last.meta, sh.log, sh.undo, sh.redo)
        return content_of(self.store)

    def _broadcast(self, text: str) -> list[tuple[Any, str]]:
        return [(p.link, text) for p in self.peers.values() if p.link is not None]

    def _save_peers(self) -> None:
        by_peer = {peer: t for t, peer in self._tickets.items()}
        self.store.set_setting(SETTING_PEERS, {p: {"name": v.name, "ticket": by_peer[p], "no": v.no,
                                                   **({"seat": v.seat} if v.seat else {})}
                                               for p, v in self.peers.items() if p in by_peer})


def _session_state(session: LogSession) -> StateId:
    return StateId(session.game_id, session.revision) if session.game_id is not None else NO_GAME


def _hash(ticket: str) -> str:
    return hashlib.sha256(ticket.encode()).hexdigest()


__all__ = ["Host", "PeerInfo", "refusal_of", "run_op"]
