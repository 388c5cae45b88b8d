"""The table's messages on the wire: every message is a frozen dataclass declared once with its
tag and the kind of each field (:func:`message`), written as compact JSON (:func:`encode`).
:func:`decode` checks the size, the JSON, the tag and every field's type and never raises: what it
cannot take is a :class:`Bad` (a typed refusal). What each message means is said in
``companion/network/__init__.py``; a host answers them in :mod:`.host`, a guest in :mod:`.guest`.
Flet-free and I/O-free."""
from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from engine.core.reading import bad_name

from ..base.tokens import TOKEN
from ..core.history import StateId
from .content import Content

MAX_BYTES = 256 * 1024  # one message, encoded (a data channel's safe size in chromium)
MAX_NAME = 40


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
    "token?": _opt(_token), "state?": _opt(_state), "nat?": _opt(_nat), "obj?": _opt(_obj), "name?": _opt(_name),
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


@message("draft", epoch="token", dseq="nat", draft="obj")
@dataclass(frozen=True)
class Draft(Message):
    """Host → guests: the table's draft (``session/draft.py``: a round's setup being entered),
    the whole of it, numbered in the host's run; a guest keeps the newest."""
    epoch: str
    dseq: int
    draft: dict


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


@message("seat", name="name?")
@dataclass(frozen=True)
class Seat(Message):
    """Guest → host, after each Welcome and when it changes: the seat this phone marked as its
    own («Это я») in the current game (None: nobody in particular): the host names the phone by
    it in its list of phones (issue 50). A host that does not know it refuses it and nothing
    else changes."""
    name: str | None = None


@message("head", epoch="token", seq="nat", state="state", fseq="nat", dseq="nat")
@dataclass(frozen=True)
class Head(Message):
    """Host → guests, now and then (:meth:`Host.tick`): where the host is (its entries, facts
    and draft). A guest that lost the last one learns it is behind; one that hears nothing
    for a while is cut off."""
    epoch: str
    seq: int
    state: StateId
    fseq: int = 0
    dseq: int = 0


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


def content_of_doc(d: Mapping[str, Any]) -> Content | None:
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


__all__ = ["MAX_BYTES", "Accepted", "Bad", "Bye", "Entry", "Facts", "Head", "Hello", "Message", "Propose", "Refused",
           "Resume", "Seat", "Snapshot", "Welcome", "content_of_doc", "decode", "encode", "message"]
