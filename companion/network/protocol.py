"""The table's log between phones: one host orders it, every guest keeps and folds its own copy.

Flet-free and I/O-free ("sans-IO"): a :class:`Host` or a :class:`Guest` is handed a received
message (text) and returns the messages to send; the transport (WebRTC data channels in the phone
edition, a fake lossy channel in ``tests/test_p2p_protocol.py``) only carries them.

**The state id** is the one the log session and the store already use for compare-and-swap:
the current game's id and its stored ``revision`` (+1 per saved change; a new game starts at 0),
:class:`StateId` ``(game, rev)``; ``(None, 0)`` when no game is running. A guest's copy is written
into its own store with the host's game id and revision (``Store.mirror_current``, then the
store's own ``append_action`` / ``replace_log``), so the two numbers mean the same on every phone,
after a host restart, and after a takeover.

What travels (as boardgame.io's master does it: one authority, the client's state id checked):

* A guest sends :class:`Propose` ``(seen, nonce, op)``: an entry (``do``), undo, redo, a
  correction (``edit``), an inserted or deleted entry, a new game, finish or abandon. The host
  refuses it if ``seen`` is not its state (:class:`Refused` ``"stale"`` with the current id;
  the guest then catches up), else runs it through its own log session (so the game's engine
  checks it, for every game) and answers :class:`Accepted` or :class:`Refused` with the engine's
  rule and text. A nonce answered once is answered the same way again (a duplicated proposal
  is never applied twice; a stale ``seen`` could not be applied anyway).
* Every saved change goes to every guest as one :class:`Entry` — the change, never a screen:
  ``{"change": "add"|"insert"|"edit"|"delete", "at", "new"}`` (the log session's own redo
  form of a change), ``{"change": "undo"}``, ``{"change": "redo"}`` (the guest walks its
  copy of the same undo history), ``{"change": "game", ...}`` (a whole game: a new game, or
  a jump the host cannot express as one change) and ``{"change": "end", "status"}``. Each entry
  has the host's run (``epoch``) and a sequence number ``seq`` (+1 per entry): a guest applies
  entry ``seq + 1`` on top of its state ``prev`` only; a duplicate is ignored, a gap is held and
  the guest asks again (:class:`Resume`); the host's heartbeat (:class:`Head`,
  :meth:`Host.tick`) tells a guest that lost the last entry. The deck facts of the host's
  store (what the whale game asks the table) go as :class:`Facts`, the whole table with its
  own counter. A guest's card question is asked on the guest (its relayed session checks an
  entry with the same engine and facts first): its answer goes to the host as a ``fact``
  proposal ahead of the entry that needed it (:meth:`Guest.propose`).
* Joining: the host's invitation holds a one-time secret (:meth:`Host.new_code`); a
  :class:`Hello` with it (once) is answered by a :class:`Welcome` with a ticket for coming back
  (:class:`Resume`, no new scan). The host then sends the entries after the guest's state when
  it holds them (same run and sequence number; or a state of its recent ones whose content
  digest matches), else a :class:`Snapshot` of the whole game.
* Takeover: a guest holds the whole log in its own store, so :meth:`Guest.take_over` makes it
  the host of its copy; the others join it with its code, and the digest of their state lets
  them catch up without a new copy.

Every message is a frozen dataclass with a tag, written as compact JSON. :func:`decode` checks
the size, the JSON, the tag and every field's type and never raises: what it cannot take is a
:class:`Bad` (a typed refusal); the host answers it with a :class:`Refused` and changes nothing.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import math
import re
import secrets
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from engine.core.errors import GameError, RecordError
from engine.core.reading import bad_name

from ..base.tokens import TOKEN
from ..core.history import NO_GAME, StateId, histories, walk
from ..core.outcome import Notice, Outcome
from ..core.packs import BY_ID
from ..session.log_session import LogSession
from ..session.shared import shared
from ..store.repository import CurrentGame, RevisionConflict

log = logging.getLogger("kity")

MAX_BYTES = 256 * 1024  # one message, encoded (a data channel's safe size in chromium)
MAX_NAME = 40
RING = 256          # entries a host keeps to catch a guest up without a whole copy
NONCES = 128        # answers a host keeps per guest (duplicated proposals)
HELD = 64           # entries a guest holds while it waits for a gap to be filled
SETTING_PEERS = "table-peers"  # host's store: peer → its name and its ticket's hash
SETTING_GUEST = "table-guest"  # guest's store: its peer id and ticket at the last host


# ---------------------------------------------------------------------------------------------
# The state id and a game's content
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Content:
    """A game as a store holds it (histories in the log session's explicit form)."""

    game_id: str | None = None
    revision: int = 0
    meta: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple = ()
    undo: tuple = ()
    redo: tuple = ()

    @property
    def state(self) -> StateId:
        return StateId(self.game_id, self.revision) if self.game_id is not None else NO_GAME

    def digest(self) -> str:
        """A short hash of everything in it: two copies at one state id hold the same game."""
        text = json.dumps([self.game_id, self.revision, self.meta, list(self.actions), list(self.undo),
                           list(self.redo)], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def doc(self) -> dict:
        return {"game_id": self.game_id, "revision": self.revision, "meta": dict(self.meta),
                "actions": list(self.actions), "undo": list(self.undo), "redo": list(self.redo)}


EMPTY = Content()


def content_of(store) -> Content:
    """What ``store`` holds now."""
    cur = store.current()
    if cur is None:
        return EMPTY
    undo, redo = histories(cur)
    return Content(cur.game_id, cur.revision, dict(cur.meta), tuple(cur.actions), tuple(undo), tuple(redo))


def apply_step(c: Content, step: Mapping[str, Any]) -> Content | None:
    """The content after one incremental change (add/insert/edit/delete, undo, redo), walked
    as the log session walks its histories (:func:`companion.core.history.walk`); None when it
    does not fit ``c``."""
    if c.game_id is None or step.get("change") not in ("undo", "redo", "add", "insert", "edit", "delete"):
        return None
    if step.get("change") == "add" and step.get("at") != len(c.actions):
        return None
    walked = walk(c.actions, c.undo, c.redo, step)
    if walked is None:
        return None
    return dataclasses.replace(c, revision=c.revision + 1, actions=tuple(walked.log), undo=tuple(walked.undo),
                               redo=tuple(walked.redo))


def step_between(old: Content, new: Content) -> dict | None:
    """The one incremental change that turns ``old`` into ``new`` (checked by applying it), or
    None (then the whole game travels)."""
    if old.game_id is None or old.game_id != new.game_id or new.revision != old.revision + 1:
        return None
    n = len(old.actions)
    if (len(new.actions) == n + 1 and not new.redo and len(new.undo) == len(old.undo) + 1
            and new.undo[-1] == {"change": "add", "at": n} and new.actions[:n] == old.actions
            and new.undo[:-1] == old.undo):
        return {"change": "add", "at": n, "new": new.actions[n]}  # (the same objects: compared by identity)
    candidates: list[dict] = []
    if len(new.undo) == len(old.undo) - 1:
        candidates.append({"change": "undo"})
    if len(new.redo) == len(old.redo) - 1:
        candidates.append({"change": "redo"})
    if new.undo and not new.redo:
        top = new.undo[-1]
        kind, at = top.get("change"), top.get("at")
        if kind in ("add", "insert", "edit") and isinstance(at, int) and 0 <= at < len(new.actions):
            candidates.append({"change": kind, "at": at, "new": new.actions[at]})
        elif kind == "delete" and isinstance(at, int):
            candidates.append({"change": "delete", "at": at})
    for step in candidates:
        got = apply_step(old, step)
        if got is not None and (got.actions, got.undo, got.redo) == (new.actions, new.undo, new.redo):
            return step
    return None


# ---------------------------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------------------------
class _No(Exception):
    """A field that is not what its message declares (inside :func:`decode` only)."""


def _token(v: Any) -> str:
    if not isinstance(v, str) or not TOKEN.match(v):
        raise _No("token")
    return v


def _name(v: Any) -> str:
    """A phone's name as the table shows it: what a player's name may be (engine.core.reading)."""
    if not isinstance(v, str) or not v.strip() or bad_name(v, MAX_NAME) is not None:
        raise _No("name")
    return v


def _text(v: Any) -> str:
    if not isinstance(v, str) or len(v) > 4000:
        raise _No("text")
    return v


def _nat(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 2 ** 53:
        raise _No("number")
    return v


def _state(v: Any) -> StateId:
    if not isinstance(v, list) or len(v) != 2:
        raise _No("state")
    game = None if v[0] is None else _token(v[0])
    rev = _nat(v[1])
    if game is None and rev != 0:
        raise _No("state")
    return StateId(game, rev)


def _obj(v: Any) -> dict:
    if not isinstance(v, dict):
        raise _No("object")
    return v


def _opt(kind: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        return None if v is None else kind(v)
    check.optional = True  # type: ignore[attr-defined]
    return check


_KINDS: dict[str, Callable[[Any], Any]] = {
    "token": _token, "name": _name, "text": _text, "nat": _nat, "state": _state, "obj": _obj,
    "token?": _opt(_token), "state?": _opt(_state), "nat?": _opt(_nat), "obj?": _opt(_obj),
}
TAGS: dict[str, type] = {}


def message(tag: str, **kinds: str):
    """Declare a message: its tag (the JSON ``"t"``) and the kind of each field."""
    def deco(cls):
        cls.TAG, cls.KINDS = tag, {k: _KINDS[v] for k, v in kinds.items()}
        TAGS[tag] = cls
        return cls
    return deco


class Message:
    TAG: ClassVar[str]
    KINDS: ClassVar[dict]

    def to_json(self) -> dict:
        out: dict[str, Any] = {"t": self.TAG}
        fields = self.__dataclass_fields__  # type: ignore[attr-defined]
        for name in self.KINDS:
            v = getattr(self, name)
            f = fields[name]
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            if v is None or (default is not dataclasses.MISSING and v == default):
                continue
            out[name] = v.to_json() if isinstance(v, StateId) else v
        return out


@message("hello", req="token", secret="token", name="name", have="state", digest="token")
@dataclass(frozen=True)
class Hello(Message):
    """Guest → host: join with the invitation's one-time secret; ``have``: the state it holds."""
    req: str
    secret: str
    name: str
    have: StateId
    digest: str


@message("resume", req="token", ticket="token", have="state", digest="token", epoch="token?", seq="nat?")
@dataclass(frozen=True)
class Resume(Message):
    """Guest → host: come back (or ask again after a gap) with the ticket its Welcome gave."""
    req: str
    ticket: str
    have: StateId
    digest: str
    epoch: str | None = None
    seq: int | None = None


@message("welcome", req="token", peer="token", ticket="token", epoch="token", seq="nat", head="state", base="nat?")
@dataclass(frozen=True)
class Welcome(Message):
    """Host → guest: admitted. ``seq``/``head``: where the host is; ``base``: the sequence
    number the guest's own state has in this run (None: a Snapshot follows)."""
    req: str
    peer: str
    ticket: str
    epoch: str
    seq: int
    head: StateId
    base: int | None = None


@message("propose", seen="state", nonce="token", op="obj")
@dataclass(frozen=True)
class Propose(Message):
    """Guest → host: make this change on the game the guest saw at ``seen``."""
    seen: StateId
    nonce: str
    op: dict


@message("entry", epoch="token", seq="nat", prev="state", next="state", step="obj", nonce="token?")
@dataclass(frozen=True)
class Entry(Message):
    """Host → guests: one saved change, from ``prev`` to ``next`` (``nonce``: the proposal it was)."""
    epoch: str
    seq: int
    prev: StateId
    next: StateId
    step: dict
    nonce: str | None = None


@message("snapshot", req="token?", epoch="token", seq="nat", state="state", game="obj?", ended="obj?")
@dataclass(frozen=True)
class Snapshot(Message):
    """Host → guest: the whole current game (None: none), and how the guest's last game ended."""
    req: str | None
    epoch: str
    seq: int
    state: StateId
    game: dict | None = None
    ended: dict | None = None


@message("facts", epoch="token", fseq="nat", table="obj")
@dataclass(frozen=True)
class Facts(Message):
    """Host → guests: the deck facts of the host's store (the whole table, numbered)."""
    epoch: str
    fseq: int
    table: dict


@message("accepted", nonce="token", epoch="token", seq="nat", state="state")
@dataclass(frozen=True)
class Accepted(Message):
    nonce: str
    epoch: str
    seq: int
    state: StateId


@message("refused", reason="token", nonce="token?", current="state?", seq="nat?", epoch="token?",
         rule="text", key="text", params="obj", text="obj")
@dataclass(frozen=True)
class Refused(Message):
    """A refusal: ``reason`` ("stale", "refused" — the game's rule —, "question", "secret",
    "ticket", "not-joined", "bad-message", "bad-op", "error"), the host's state, and the
    words: a rule and its text in each language, or a message key with its parameters."""
    reason: str
    nonce: str | None = None
    current: StateId | None = None
    seq: int | None = None
    epoch: str | None = None
    rule: str = ""
    key: str = ""
    params: dict = field(default_factory=dict)
    text: dict = field(default_factory=dict)


@message("head", epoch="token", seq="nat", state="state", fseq="nat")
@dataclass(frozen=True)
class Head(Message):
    """Host → guests, now and then (:meth:`Host.tick`): where the host is. A guest that lost
    the last entry learns it is behind; one that hears nothing for a while is cut off."""
    epoch: str
    seq: int
    state: StateId
    fseq: int = 0


@message("bye", reason="token")
@dataclass(frozen=True)
class Bye(Message):
    """Host → guest: removed from the table (a new scan is needed)."""
    reason: str


@dataclass(frozen=True)
class Bad:
    """A message refused by :func:`decode` (never an exception): why, in a word."""
    reason: str  # "too-big" | "not-json" | "not-object" | "unknown-tag" | "bad-field" | "missing-field" | "extra-field"
    detail: str = ""


def encode(msg: Message) -> str:
    return json.dumps(msg.to_json(), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def decode(data: str | bytes) -> Message | Bad:
    """The message in ``data``, or a :class:`Bad`. Never raises."""
    try:
        if isinstance(data, str):
            if len(data) > MAX_BYTES or len(data.encode("utf-8", "surrogatepass")) > MAX_BYTES:
                return Bad("too-big")
        elif isinstance(data, (bytes, bytearray)):
            if len(data) > MAX_BYTES:
                return Bad("too-big")
            data = bytes(data).decode("utf-8")
        else:
            return Bad("not-json", type(data).__name__)
        value = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError, UnicodeError) as e:
        return Bad("not-json", type(e).__name__)
    if not isinstance(value, dict):
        return Bad("not-object")
    cls = TAGS.get(value.get("t")) if isinstance(value.get("t"), str) else None
    if cls is None:
        return Bad("unknown-tag", str(value.get("t"))[:40])
    extra = set(value) - set(cls.KINDS) - {"t"}
    if extra:
        return Bad("extra-field", sorted(extra)[0][:40])
    kwargs = {}
    for name, kind in cls.KINDS.items():
        if name not in value:
            f = cls.__dataclass_fields__[name]
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                return Bad("missing-field", name)
            continue
        try:
            kwargs[name] = kind(value[name])
        except _No as e:
            return Bad("bad-field", f"{name}: {e}")
    try:
        _deep_ok(value)
    except (_No, RecursionError):
        return Bad("bad-field", "depth")
    return cls(**kwargs)


def _deep_ok(v: Any, depth: int = 0) -> None:
    """JSON no deeper than 32 levels and with no float that is not finite."""
    if depth > 32:
        raise _No("depth")
    if isinstance(v, dict):
        for x in v.values():
            _deep_ok(x, depth + 1)
    elif isinstance(v, list):
        for x in v:
            _deep_ok(x, depth + 1)
    elif isinstance(v, float) and not math.isfinite(v):
        raise _No("number")


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
    if n is not None and n.kind in ("question", "conflict", "storage"):
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


# ---------------------------------------------------------------------------------------------
# The host
# ---------------------------------------------------------------------------------------------
@dataclass
class PeerInfo:
    peer: str
    name: str
    link: Any = None  # the transport's handle of its channel while connected
    answers: "OrderedDict[str, str]" = field(default_factory=OrderedDict)  # nonce → the answer sent


class Host:
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
        saved = self.store.settings().get(SETTING_PEERS)
        for peer, v in (saved.items() if isinstance(saved, dict) else ()):
            if isinstance(v, dict) and isinstance(v.get("ticket"), str) and isinstance(v.get("name"), str):
                self.peers[peer] = PeerInfo(peer, v["name"])
                self._tickets[v["ticket"]] = peer
        self._facts = self.store.deck_facts()
        self.fseq = 1 if self._facts else 0  # the facts' own number in this run (0: none to send)
        self._gen = self.store.generation  # the store's generation at the last publish
        self.refusals: deque[tuple[Any, str]] = deque(maxlen=100)  # (link, reason) of the last refusals

    # ---- reading ----
    @property
    def state(self) -> StateId:
        return self._content.state

    @property
    def content(self) -> Content:
        return self._content

    def connected(self) -> list[str]:
        """The names of the phones linked now."""
        return [p.name for p in self.peers.values() if p.link is not None]

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
        self.peers[peer] = PeerInfo(peer, m.name, link)
        self._tickets[_hash(ticket)] = peer
        self._save_peers()
        base, outs = self._catch_up(link, m.req, m.have, m.digest, None, None)
        self._code_used = (m.secret, m.req, peer, ticket)
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
        return [(link, encode(Welcome(m.req, peer, m.ticket, self.epoch, self.seq, self.state, base)))] + outs

    def _catch_up(self, link: Any, req: str, have: StateId, digest: str, epoch: str | None,
                  seq: int | None) -> tuple[int | None, list[tuple[Any, str]]]:
        """What brings a guest at ``have`` to the host's state: the entries after it, or a
        snapshot; and the guest's sequence number in this run (None: a snapshot)."""
        outs: list[tuple[Any, str]] = []
        if self._facts:
            outs.append((link, encode(Facts(self.epoch, self.fseq, self._facts))))
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
            answer = Refused("stale", m.nonce, self.state, self.seq, self.epoch, key="session.conflict")
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
        return self._broadcast(encode(Head(self.epoch, self.seq, self.state, self.fseq)))

    def publish(self, nonce: str | None = None) -> list[tuple[Any, str]]:
        """Send every change saved since the last call (by a guest's proposal or this phone's
        own screens) to every linked guest, and the deck facts if they changed."""
        outs: list[tuple[Any, str]] = []
        gen, sh = self.store.generation, shared(self.store)
        if not (sh is not None and sh.generation == gen == self._gen + 1):  # (else the one write was that change)
            facts = self.store.deck_facts()
            if facts != self._facts:
                self._facts, self.fseq = facts, self.fseq + 1
                outs += self._broadcast(encode(Facts(self.epoch, self.fseq, facts)))
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
        return outs

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
        self.store.set_setting(SETTING_PEERS, {p: {"name": v.name, "ticket": by_peer[p]}
                                               for p, v in self.peers.items() if p in by_peer})


def _session_state(session: LogSession) -> StateId:
    return StateId(session.game_id, session.revision) if session.game_id is not None else NO_GAME


def _hash(ticket: str) -> str:
    return hashlib.sha256(ticket.encode()).hexdigest()


# ---------------------------------------------------------------------------------------------
# A guest
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Result:
    """How a proposal ended: accepted, or the host's refusal."""
    ok: bool
    refusal: Refused | None = None


class Guest:
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
        self.epoch: str | None = None
        self.seq: int | None = None   # the sequence number of this phone's state in the host's run
        self.head = 0                 # the highest one the host announced
        self.removed = False
        self.online = False           # the link is up (the transport says when it is lost)
        self._req: str | None = None
        self._req_open = False        # a Hello/Resume not answered yet: sent again with the same req
        self._early: Facts | None = None  # facts of a run not welcomed yet
        self._hello: str | None = None  # the Hello to send again until welcomed
        self._held: dict[int, Entry] = {}
        self._pending: "OrderedDict[str, str]" = OrderedDict()  # nonce → Propose text
        self.results: dict[str, Result] = {}
        self._fseq = 0   # the number of the host's facts this phone holds (in this run)
        self.table_facts: dict[str, Any] = dict(self.store.deck_facts())  # the facts as the table has them
        self._quiet: set[str] = set()  # nonces of fact proposals (answered, but nobody waits for them)
        self._fhead = 0  # the highest the host announced
        self.ignored: list[str] = []  # why each message was not taken (a Bad's reason, "epoch", …)
        self.heard = 0  # heartbeats heard from the host (the app compares it over time: cut off?)

    @property
    def state(self) -> StateId:
        return self._content.state

    @property
    def content(self) -> Content:
        return self._content

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
                                or self._fhead > self._fseq)

    # ---- what the phone does ----
    def join(self, secret: str) -> list[str]:
        """Join with the secret of the host's invitation (the QR code)."""
        self._req, self._req_open, self.epoch, self.seq, self.removed = self._token(), True, None, None, False
        self.head, self._held = 0, {}
        self._hello = encode(Hello(self._req, secret, self.name, self.state, self._content.digest()))
        return [self._hello]

    def resume(self) -> list[str]:
        """Come back (a new link, a reload, a host restarted or taken over) with the ticket."""
        if self.ticket is None or self.removed:
            return []
        if not self._req_open:
            self._req, self._req_open = self._token(), True
        return [encode(Resume(self._req, self.ticket, self.state, self._content.digest(), self.epoch, self.seq))]

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
        self.epoch, self._pending = None, OrderedDict()
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
        if isinstance(msg, Head):
            if msg.epoch == self.epoch:
                self.head, self._fhead = max(self.head, msg.seq), max(self._fhead, msg.fseq)
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
                self._hello = None  # a scan is needed
            elif msg.nonce is None and msg.reason == "ticket":  # the host forgot this phone: a scan is needed
                self._forget()
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
        self.store.set_setting(SETTING_GUEST, {})

    def _answered(self, nonce: str, result: Result) -> None:
        if nonce in self._pending:
            del self._pending[nonce]
            if nonce in self._quiet:
                self._quiet.discard(nonce)
            else:
                self.results[nonce] = result

    def _welcome(self, m: Welcome) -> list[str]:
        if m.req != self._req:
            self.ignored.append("req")
            return []
        if m.epoch != self.epoch:
            self.epoch, self.seq, self._held, self.head = m.epoch, m.base, {}, m.seq
            self._fseq = self._fhead = 0
        elif self.seq is None:
            self.seq = m.base
        self.head = max(self.head, m.seq)
        self._hello, self._req_open, self.online = None, False, True
        if self._early is not None and self._early.epoch == m.epoch:
            early, self._early = self._early, None
            self._facts(early)
        if (self.peer, self.ticket) != (m.peer, m.ticket):
            self.peer, self.ticket = m.peer, m.ticket
            self.store.set_setting(SETTING_GUEST, {"peer": m.peer, "ticket": m.ticket})
        return self._drain()

    def _snapshot(self, m: Snapshot) -> list[str]:
        if m.epoch == self.epoch:
            fresh = self.seq is None or m.seq > self.seq
        else:  # another run: only its answer to this phone's own request
            fresh = m.req is not None and m.req == self._req
        if not fresh:
            self.ignored.append("snapshot")
            return []
        if m.game is not None:
            c = _content_of_doc(m.game)
            if c is None or c.state != m.state:
                self.ignored.append("snapshot")
                return []
            self._adopt(c, ended=m.ended)
        else:
            self._end(m.ended.get("status") if isinstance(m.ended, dict) else None)
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
        return []

    # ---- writing this phone's copy ----
    def _apply(self, e: Entry) -> bool:
        step = e.step
        kind = step.get("change")
        if kind == "end":
            self._end(step.get("status"))
            return self.state == e.next
        if kind == "game":
            c = _content_of_doc({k: v for k, v in step.items() if k != "change"})
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
        play is kept in its history (finished if the host finished it, else stopped)."""
        cur = self.store.current()
        if cur is not None and cur.game_id != c.game_id:
            status = ended.get("status") if isinstance(ended, Mapping) and ended.get("game_id") == cur.game_id else None
            self._end(status)
        cur = self.store.current()
        self.store.mirror_current(CurrentGame(c.game_id, dict(c.meta), list(c.actions), list(c.redo), c.revision,
                                              list(c.undo)), replacing=cur.game_id if cur is not None else None)
        self._content = content_of(self.store)
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


def _content_of_doc(d: Mapping[str, Any]) -> Content | None:
    """A whole game as a message carries it, checked as the store would check it."""
    try:
        game_id, rev, meta = _token(d.get("game_id")), _nat(d.get("revision")), _obj(d.get("meta"))
    except _No:
        return None
    lists = [d.get(k) for k in ("actions", "undo", "redo")]
    if set(d) - {"game_id", "revision", "meta", "actions", "undo", "redo"}:
        return None
    if not all(isinstance(x, list) and all(isinstance(a, dict) for a in x) for x in lists):
        return None
    return Content(game_id, rev, dict(meta), tuple(lists[0]), tuple(lists[1]), tuple(lists[2]))


__all__ = [
    "Accepted", "Bad", "Bye", "Content", "Entry", "Facts", "Guest", "Head", "Hello", "Host", "MAX_BYTES", "Message",
    "NO_GAME", "Propose", "Refused", "Result", "Resume", "Snapshot", "StateId", "Welcome", "apply_step",
    "content_of", "decode", "encode", "run_op", "step_between",
]
