"""The phone edition's table: Python (in the web worker) ↔ the page's table link (issue 40).

``companion/web/table-link.js`` owns the WebRTC links and the camera on the page's main thread
and talks over the same-origin ``BroadcastChannel("kity-table")`` (docs/table-link.md: Python
posts *ops*, the page posts *events*). This module drives a protocol :class:`Host` or
:class:`Guest` (``companion/network/host.py``, ``guest.py``) for this tab's session:

* **host**: its screens change its own session as always; every store change is published to
  the linked phones (the store's watcher, on the asyncio loop); a guest's proposal is run
  through the same session, so the screens redraw by its ``version``.
* **guest**: the session's changes become proposals (:class:`~.relay.RelayedSession`): sent to
  the host, answered later (a refusal is said in the message bar); the host's entries are
  written into this phone's own store and folded by its own session (``Guest._apply``), so the
  screen redraws and the phone keeps the whole game. **Cut off** (the link closed, or no
  heartbeat for :data:`CUT_OFF_SECONDS`): a change is refused with a message (never kept to be
  sent later), a bar says so under every screen, and «Продолжить на этом телефоне» makes this
  phone the host of its copy (``Guest.take_over``).
* **a host restarted** (issue 50): on the game it held with phones linked it is cut off as a
  guest is (the bar, entries refused), since the table may have gone on without it; «Продолжить
  на этом телефоне» makes it the host again (its phones come back to it by a scan), «Присоединиться
  к столу» joins the table that went on. What it holds that the table lacks is kept in its
  history as stopped (``Guest._adopt``, ``session/aside.py``).

The invitation's one-time secret of the protocol travels in the QR code as the link's table id
(8 random bytes, hex): the joining phone returns it in its Hello. The link itself checks its own
one-time secret in the answer (table-link.js). Messages are handled on the asyncio loop (no
threads in the browser): the channel's handler only schedules ``page.run_task``.

Flet-free: the page, the session and the app state are handed in by :func:`start` and used as
given (``page.run_task``, ``page.navigate``), with what the screens do as callbacks (``say``: a
refusal said in the message bar; ``route_of``: the screen a game in progress is on;
``confirm``: the screen drew the table's latest). Screens read :data:`TABLE` (the app makes it
observable: ``companion/ui/table.py``; role, invitation, answer, phones, cut off) and call the
functions at the bottom (:func:`invite`, :func:`accept`, :func:`scan`, …); they know nothing of
WebRTC. Outside the browser nothing here runs (:func:`start` is not called).
"""
from __future__ import annotations

import asyncio
import base64
import binascii
import io
import logging
import re
import secrets
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional

from ..base.i18n import translate
from ..core.outcome import DONE, Notice, Outcome
from ..core.packs import follow_routes
from .guest import SETTING_GUEST, Guest, Result
from .host import SETTING_HOSTED, SETTING_PEERS, Host
from .wire import Refused

log = logging.getLogger("kity")

CHANNEL = "kity-table"
TICK_SECONDS = 1.0      # the host's heartbeat; a guest's resend of what is unanswered
CUT_OFF_SECONDS = 5.0   # a guest that heard nothing from its host for so long is cut off


@dataclass
class TableState:
    """What the table screens show. ``role``: None (this phone alone), "host" or "guest"."""

    role: Optional[str] = None
    invite_url: Optional[str] = None   # host: the invitation shown as a QR code
    invite_code: Optional[str] = None
    answer: Optional[str] = None       # guest: its answer, shown as a QR code to the host
    joining: bool = False              # guest: an invitation scanned, the link not up yet
    pending: Optional[str] = None      # an invitation waiting for «join?» (this phone runs a game of its own)
    phones: tuple = ()                 # host: (peer id, name) of the phones linked now
    cut_off: bool = False              # guest: no link with the host
    restarted: bool = False            # cut off: this phone held the table before it restarted (issue 50)
    problem: Optional[str] = None      # the last refusal of a code (a reason of docs/table-link.md)
    ready: bool = False                # the page's table link answered


TABLE = TableState()  # the app's observable one once started (start(table=...))

# What a guest is told (msgids of kity.po; worded when shown, in this phone's language)
# (short: the bar under it, the same moment, says both ways on — issue 50: the bar and a
# long refusal hid all but two rows of the card picker at 412×915)
CUT_OFF_WORDS = "Not saved: no link to the table."
REFUSED_WORDS = {
    "stale": "Another phone made its entry first: the table is updated, yours was not saved.",
    "same": "Another phone entered the same first: it is on the table once.",
    "question": "First answer the question about a card on the phone that invited you.",
    "refused": "The table did not take this change; nothing was saved.",
}


class Words:
    """A refusal worded here (a notice's ``error`` brings its own text in each language)."""

    rule = ""
    key = ""

    def __init__(self, msgid: str):
        self.msgid = msgid

    def text(self, lang: str) -> str:
        return translate(lang, self.msgid)


def qr_png(data: Any) -> bytes:
    """A QR code as PNG bytes (segno): ``data`` a text, or segments (text, mode)."""
    import segno  # when a code is first shown (load cost: the phone edition starts without it)

    qr = segno.make_qr(data, error="m", boost_error=False) if isinstance(data, list) else segno.make_qr(data, error="m")
    buf = io.BytesIO()
    qr.save(buf, kind="png", scale=10, border=2, dark="#102a36", light="#ffffff")
    return buf.getvalue()


def invitation_qr(url: str, code: str) -> bytes:
    """The invitation URL in two segments: the address in byte mode, the base32 code in
    alphanumeric mode (docs/table-link.md: version 9 instead of 10)."""
    from segno import consts  # when a code is first shown (load cost)

    if code and url.endswith(code):
        return qr_png([(url[:-len(code)], consts.MODE_BYTE), (code, consts.MODE_ALPHANUMERIC)])
    return qr_png(url)


_B32 = re.compile(r"^[A-Z2-7]+$")
_B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def _unbase32(text: str) -> Optional[bytes]:
    if not _B32.match(text):
        return None
    try:  # (the codes leave out base32's padding)
        return base64.b32decode(text + "=" * (-len(text) % 8))
    except binascii.Error:
        return None


def _unbase45(text: str) -> Optional[bytes]:
    out = bytearray()
    for i in range(0, len(text), 3):
        part = text[i:i + 3]
        if len(part) == 1 or any(ch not in _B45 for ch in part):
            return None
        n = sum(_B45.index(ch) * 45 ** k for k, ch in enumerate(part))
        if n > (0xFFFF if len(part) == 3 else 0xFF):
            return None
        out += n.to_bytes(2 if len(part) == 3 else 1, "big")
    return bytes(out)


def code_kind(text: Any) -> Optional[str]:
    """What a scanned text is, read as the page's ``decode`` reads it (table-link.js; the codes
    of docs/table-link.md): ``"invite"``, ``"answer"``, or None (not a Киты code). Only its
    first two bytes are judged (Киты's mark and the kind): a damaged invitation is still one."""
    if not isinstance(text, str):
        return None
    s = text.strip()[:1024]
    at = s.find("#join=")
    if at >= 0:
        s = re.split(r"[&#?]", s[at + 6:])[0]
    elif re.match(r"^[a-z][a-z0-9+.-]*://", s, re.I):
        return None
    data = _unbase32(s) if s else None
    if data is None and s:
        data = _unbase45(s)
    if data is None or len(data) < 4 or data[0] & 0xF0 != 0xA0:
        return None
    return {1: "invite", 2: "answer"}.get(data[1] >> 4)


def _quietly(obj: Any, name: str, value: Any) -> None:
    """Set a field of an observable without a redraw: «Это я» in the settings reads
    ``AppState.table`` when it is drawn; a redraw of every part that reads the app state, set
    off from a message handler, finds no context (Flet 1.0.5) and fails. The session's
    ``relay`` (where its changes go) is nothing a screen draws: set it without redrawing
    every part that reads the session."""
    object.__setattr__(obj, name, value)


@dataclass
class _Link:
    page: Any
    session: Any
    state: Any
    say: Callable[[Refused], None] = lambda r: None       # a refusal, said in the message bar
    route_of: Callable[[Any], str] = lambda s: "/"         # the screen a game in progress is on
    confirm_shown: Optional[Callable[[Any, Any], Any]] = None  # async (page, session): the screen drew it
    channel: Any = None
    host: Optional[Host] = None
    guest: Optional[Guest] = None
    secret: Optional[str] = None            # guest: the protocol secret of the invitation scanned
    nonces: set = field(default_factory=set)  # guest: proposals of this phone not answered yet
    heard: int = 0
    heard_at: float = 0.0
    hello_ok: bool = False
    accepting: Optional[str] = None  # host: the answer given to the page, not yet accepted
    answered: dict = field(default_factory=dict)  # host: an answer accepted → its link, while it lives
    admitted: set = field(default_factory=set)  # host: the link ids of phones admitted (a new one: invite the next)
    proxy: Any = None
    publishing: bool = False  # a guest's proposal is being run (its handler publishes)
    first: bool = False  # guest: an invitation scanned, the table not shown yet
    trace: bool = False  # scripts/bench_p2p.py asked for the times of each step (posted as «mark» ops)

    # ---- the channel ----
    def post(self, **m: Any) -> None:
        from js import Object  # the browser's own modules: only there (start is called there only)
        from pyodide.ffi import to_js  # (the same)

        self.channel.postMessage(to_js(m, dict_converter=Object.fromEntries))

    def send(self, peer: str, text: str) -> None:
        self.post(op="send", peer=peer, data=text)

    def mark(self, name: str) -> None:
        """When ``name`` happened (wall clock, ms), for scripts/bench_p2p.py once it asked."""
        if self.trace:
            self.post(op="mark", name=name, t=time.time() * 1000)

    def on_message(self, e: Any) -> None:
        try:
            data = e.data.to_py() if hasattr(e.data, "to_py") else None
        except Exception:
            data = None
        if isinstance(data, dict) and isinstance(data.get("ev"), str):
            self.page.run_task(self.event, data)

    # ---- events from the page ----
    async def event(self, ev: dict) -> None:
        try:
            self._event(ev)
        except Exception:
            log.exception("table event %s", ev.get("ev"))

    def _event(self, ev: dict) -> None:
        kind, peer = ev.get("ev"), ev.get("peer")
        if kind == "hello":
            self.hello_ok, TABLE.ready = True, True
            if ev.get("webrtc") is False:  # this browser cannot link phones: the table screens say so
                TABLE.problem = "no-webrtc"
        elif kind == "trace":
            self.trace = True
        elif kind == "invite":
            TABLE.invite_url, TABLE.invite_code, TABLE.problem = ev.get("url"), ev.get("code"), None
        elif kind == "answer":
            table = ev.get("table")
            self.secret = table if isinstance(table, str) else None
            TABLE.answer, TABLE.problem = ev.get("code"), None
        elif kind == "accepted":
            TABLE.problem = None
            if self.accepting is not None and isinstance(peer, str):
                self.answered[self.accepting] = peer  # (forgotten when that link closes)
                self.accepting = None
        elif kind == "open":
            self._open(peer)
        elif kind == "message" and isinstance(ev.get("data"), str):
            self._message(peer, ev["data"])
        elif kind == "close":
            self._close(peer, ev.get("reason"))
        elif kind == "join-link" and isinstance(ev.get("code"), str):
            join(ev["code"])
        elif kind == "scanned" and isinstance(ev.get("text"), str):
            self._scanned(ev["text"])
        elif kind == "scan-error":
            if ev.get("reason") != "cancelled":
                TABLE.problem = str(ev.get("reason"))
        elif kind == "error" and ev.get("op") in ("join", "accept", "invite", "scan"):
            TABLE.problem = str(ev.get("reason"))
            if ev.get("op") == "join":
                TABLE.joining, self.first = False, False
            elif ev.get("op") == "accept":
                self.accepting = None

    def _scanned(self, text: str) -> None:
        if TABLE.role == "host" or (TABLE.invite_code is not None and TABLE.role != "guest"):
            accept(text)
        else:
            join(text)

    def _open(self, peer: Any) -> None:
        if peer == "host" and self.guest is not None and self.secret is not None:
            self.guest.set_seat(self.my_seat())  # (not linked yet: told right after the Welcome)
            for text in self.guest.join(self.secret):
                self.send("host", text)
            self.secret = None

    def _close(self, peer: Any, reason: Any) -> None:
        self.answered = {code: p for code, p in self.answered.items() if p != peer}
        if peer == "host" and self.guest is not None and reason in ("closed", "failed", "timeout", "dropped"):
            self.guest.disconnected()
            self._refresh_guest()
        elif self.host is not None and isinstance(peer, str):
            self.host.disconnected(peer)
            self._refresh_host()

    def _message(self, peer: Any, data: str) -> None:
        if peer == "host" and self.guest is not None:
            g = self.guest
            self.mark("heard")
            self.heard_at = time.monotonic()  # any message is a sign of life
            _quietly(self.session, "relay", None)  # the host's entries write this phone's copy
            try:
                outs = g.handle(data)
            finally:
                _quietly(self.session, "relay", self._propose if self.guest is g else None)
            self.mark("applied")
            outs += g.set_seat(self.my_seat())
            for text in outs:
                self.send("host", text)
            self._answers()
            self._refresh_guest()
            self._follow()
            self.confirm()
        elif self.host is not None and isinstance(peer, str):
            before = self.route_of(self.session) if self.session.active else None
            self.publishing = True  # (the proposal's own entry goes with its nonce)
            try:
                outs = self.host.handle(peer, data)
            finally:
                self.publishing = False
            for link, text in outs:
                if link is not None:
                    self.send(link, text)
            self.confirm()
            self._follow_host(before)
            if peer not in self.admitted and any(p.link == peer for p in self.host.peers.values()):
                self.admitted.add(peer)
                invite()  # admitted: the next phone's invitation is ready at once
            self._refresh_host()

    def confirm(self) -> None:
        """After a change from another phone: once this phone's screen has drawn it, its taps
        are made on it (``confirm``: companion/ui/session.py's confirm_shown; a tap that comes
        before was made on the old screen and is refused as stale)."""
        shown = getattr(self.session, "shown", None)
        if self.confirm_shown is not None and shown is not None and shown != self.session.state_id:
            self.page.run_task(self.confirm_shown, self.page, self.session)

    # ---- host ----
    def become_host(self) -> Host:
        if self.host is None:
            self.host = Host(self.session)
            _quietly(self.state, "table", True)
            TABLE.role = "host"
        return self.host

    def store_changed(self) -> None:
        """This phone's store changed (the store's watcher; told once the session that wrote has
        shared its state): this phone's own change goes to the linked phones now, before this
        phone draws it, so the others draw it at the same time. A guest's proposal being run
        is published by its handler, with the proposal's nonce."""
        if self.host is not None and not self.publishing:
            self.publish()

    def publish(self) -> None:
        if self.host is None:
            return
        for link, text in self.host.publish():
            if link is not None:
                self.send(link, text)

    def _refresh_host(self) -> None:
        h = self.host
        if h is None:
            return
        # each phone by its number and its seat (or the name it gave): the same phone, come back on
        # a new link, is the same row (keyed by the peer of its ticket, issue 50)
        linked = tuple((p.peer, p.label, p.no) for p in h.peers.values() if p.link is not None)
        if linked != TABLE.phones:
            TABLE.phones = linked

    # ---- guest ----
    def become_guest(self) -> Guest:
        if self.guest is None:
            self.guest = Guest(self.session, self.my_seat() or "phone")
        _quietly(self.session, "relay", self._propose)
        _quietly(self.state, "table", True)
        TABLE.role = "guest"
        return self.guest

    def my_seat(self) -> Optional[str]:
        """«Это я» of this phone in the game it shows (the app state keeps it per game)."""
        seat = getattr(self.state, "seat", None)
        return seat(self.session.game_id) if seat is not None else None

    def _propose(self, op: dict):
        g = self.guest
        if g is None or not g.linked:
            return Outcome(False, Notice("refused", error=Words(CUT_OFF_WORDS)))
        shown = getattr(self.session, "shown", None)
        if shown is not None and shown != g.state:
            # tapped on a screen that did not show the table's latest entry yet: refused here,
            # as the host would (the entry came from another phone first; maybe the very same)
            same = shown.game == g.state.game and g.already(op, shown)
            return Outcome(False, Notice("refused", error=Words(REFUSED_WORDS["same" if same else "stale"])))
        nonce, outs = g.propose(op)
        self.nonces.add(nonce)
        for text in outs:
            self.send("host", text)
        return DONE

    def _answers(self) -> None:
        g = self.guest
        if g is None:
            return
        for nonce in [n for n in self.nonces if n in g.results]:
            self.nonces.discard(nonce)
            result: Result = g.results.pop(nonce)
            if not result.ok and result.refusal is not None:
                self.say(replace(result.refusal, reason="same") if result.same else result.refusal)

    def _refresh_guest(self) -> None:
        g = self.guest
        if g is None:
            return
        if g.heard != self.heard:
            self.heard, self.heard_at = g.heard, time.monotonic()
        cut = not g.linked and not TABLE.joining
        if TABLE.cut_off != cut:
            TABLE.cut_off = cut
        if g.linked:
            TABLE.joining = False
            TABLE.answer = None
        if g.removed:
            self.leave_guest()

    def _follow(self) -> None:
        """A guest follows the game to the screen it is on now (as table mode's phones do)."""
        s, page = self.session, self.page
        if not s.active:
            return
        target = self.route_of(s)
        route = page.route or "/"
        if route in ("/join", "/invite", "/") and self.guest is not None and self.guest.linked:
            # just joined: to the game; on the join screen a refusal (a code, the camera) stays
            # until the user acts on it (issue 50)
            if self.first or route == "/invite" or (route == "/join" and not TABLE.problem and not TABLE.pending):
                self.first = False
                page.navigate(target)
        elif route in follow_routes() and target != route and not s.game.route_fits(route):
            # (a screen that shows where the game is stays: the next round's setup after a
            # round's end, where this phone sets it up — issue 50)
            page.navigate(target)

    def _follow_host(self, before: Optional[str]) -> None:
        """A guest's change moved the game to another screen (its entry ended the round, an
        undo took the round end back): the host goes there too, as every guest does (issue 50).
        A message that moves nothing leaves the host where it is (round setup, history…)."""
        s, page = self.session, self.page
        if not s.active:
            return
        target, route = self.route_of(s), page.route or "/"
        if target != before and route in follow_routes() and target != route and not s.game.route_fits(route):
            page.navigate(target)

    def leave_guest(self) -> None:
        _quietly(self.session, "relay", None)
        self.guest = None
        if TABLE.role == "guest":
            TABLE.role, TABLE.cut_off, TABLE.restarted = None, False, False

    def take_up(self) -> None:
        """The role the store remembers, as the page starts. A guest with its ticket: cut off
        (its copy shown, its entries refused) until a scan brings it back. A phone that held the
        table's game with phones linked (issue 50): cut off as well, since the table may have
        gone on without it (a guest took over): it refuses entries and offers to join, or to
        continue here — then it is the host again and its phones come back to it by a scan, as
        the same phones. Anything else: this phone alone."""
        settings = self.session.store.settings()
        saved, peers = settings.get(SETTING_GUEST), settings.get(SETTING_PEERS)
        if isinstance(saved, dict) and saved.get("ticket"):
            self.become_guest()
            TABLE.cut_off = True
        elif peers and self.session.active and settings.get(SETTING_HOSTED) == self.session.game_id:
            self.become_guest()  # (no ticket: a scan of the table's code joins it; its copy is its own)
            TABLE.cut_off, TABLE.restarted = True, True
        elif peers:
            _quietly(self.state, "table", True)  # this phone holds a table: «Это я» stays offered (issue 50)

    # ---- timers ----
    async def ticker(self) -> None:
        tries = 0
        while True:
            try:
                if not self.hello_ok and tries < 30:
                    tries += 1
                    self.post(op="hello")
                if self.host is not None:
                    for link, text in self.host.tick():
                        if link is not None:
                            self.send(link, text)
                g = self.guest
                if g is not None:
                    if g.heard != self.heard:
                        self.heard, self.heard_at = g.heard, time.monotonic()
                        if not g.linked and g.epoch is not None and not g.removed:
                            g.online = True  # the host is heard again: come back on this link
                            g._req_open = True
                            for text in g.resume():
                                self.send("host", text)
                            g.online = False
                    elif g.linked and time.monotonic() - self.heard_at > CUT_OFF_SECONDS:
                        g.disconnected()
                    if g.linked or g._hello is not None:
                        for text in g.tick() + g.set_seat(self.my_seat()):
                            self.send("host", text)
                    self._refresh_guest()
            except Exception:
                log.exception("table tick")
            await asyncio.sleep(TICK_SECONDS)


_link: Optional[_Link] = None


def start(page: Any, session: Any, state: Any, table: TableState, *, say: Callable[[Refused], None],
          route_of: Callable[[Any], str], confirm: Optional[Callable[[Any, Any], Any]] = None) -> None:
    """In the browser: open the channel to the page's table link, and take up the role the
    store remembers (a guest cut off by a reload shows so, with its copy of the game).
    ``table``: what the screens read (the app's observable :class:`TableState`); ``say``,
    ``route_of``, ``confirm``: what the screens do (see the module's docstring)."""
    global _link, TABLE
    from js import BroadcastChannel  # the browser's own modules: only there
    from pyodide.ffi import create_proxy  # (the same)

    TABLE = table
    link = _link = _Link(page, session, state, say=say, route_of=route_of, confirm_shown=confirm)
    link.channel = BroadcastChannel.new(CHANNEL)
    link.proxy = create_proxy(link.on_message)
    link.channel.onmessage = link.proxy
    session.store.watch(link.store_changed)
    link.take_up()
    link.post(op="hello")
    page.run_task(link.ticker)


def active() -> bool:
    return _link is not None


# ---- what the screens call -----------------------------------------------------------------
def invite() -> None:
    """Host: a new invitation (the previous one not answered stops working)."""
    if _link is None:
        return
    if TABLE.role == "guest" and _link.guest is not None and _link.guest.linked:
        return  # a guest does not invite: its host does
    if _link.guest is not None:
        _link.leave_guest()
    host = _link.become_host()
    secret = secrets.token_hex(8)
    host.new_code(secret)
    TABLE.invite_url = TABLE.invite_code = None
    _link.post(op="invite", table=secret)


def accept(code: str) -> None:
    """Host: the joining phone's answer (scanned). The answer of a phone linked (or linking) by
    it already is said so, not "used" (issue 50)."""
    if _link is None:
        return
    key = code.strip() if isinstance(code, str) else code
    if key in _link.answered:
        TABLE.problem = "answer-linked"
        return
    _link.accepting = key
    _link.post(op="accept", code=code)


def join(code: str, confirmed: bool = False) -> None:
    """Guest: answer an invitation (scanned, or the page opened at ``#join=``). A phone running
    a game of its own asks first (the Join screen): joining files that game in its history as
    stopped (it can be continued later)."""
    if _link is None:
        return
    if _link.host is not None and _link.host.peers and any(p.link for p in _link.host.peers.values()):
        TABLE.problem = "hosting"
        return
    if not confirmed and TABLE.role != "guest" and _link.session.active:
        TABLE.pending, TABLE.problem = code, None
        _show_join()
        return
    g = _link.guest
    if TABLE.role == "guest" and g is not None and g.linked:
        # linked now: an old invitation, or a new one of the table it is at, would only cut the
        # live link (the page closes it on ``join``): refused here, the link kept (issue 50)
        kind = code_kind(code)
        TABLE.pending, TABLE.answer = None, None
        TABLE.problem = "linked" if kind == "invite" else "wrong-kind" if kind == "answer" else "not-kity"
        _show_join()
        return
    TABLE.pending = None
    _link.host = None
    _link.become_guest()
    TABLE.joining, TABLE.answer, TABLE.problem, TABLE.cut_off, TABLE.restarted = True, None, None, False, False
    _link.first = True
    _link.post(op="join", code=code)
    _show_join()


def _show_join() -> None:
    try:
        if _link is not None and _link.page.route != "/join":
            _link.page.navigate("/join")
    except Exception:
        log.debug("join screen not opened", exc_info=True)


def keep_own_game() -> None:
    """«Отмена» to «join?»: the invitation is dropped, this phone's game goes on."""
    TABLE.pending = None


def scan(hint: str, cancel: str) -> None:
    """Open the page's scanner (a QR code read is judged by :func:`join` or :func:`accept`)."""
    if _link is not None:
        TABLE.problem = None
        _link.post(op="scan", hint=hint, cancel=cancel)


def remove(peer: str) -> None:
    """Host: drop a linked phone (its ticket stops working; it is told)."""
    if _link is None or _link.host is None:
        return
    p = _link.host.peers.get(peer)
    link = p.link if p is not None else None
    for to, text in _link.host.remove(peer):
        if to is not None:
            _link.send(to, text)
    if link is not None:
        asyncio.get_event_loop().call_later(0.5, lambda: _link.post(op="drop", peer=link))
    _link._refresh_host()


def take_over() -> None:
    """Guest cut off: continue the game on this phone (it becomes the host of its copy; a host
    restarted is the host of its table again, its phones known: issue 50)."""
    if _link is None or _link.guest is None:
        return
    g = _link.guest
    _quietly(_link.session, "relay", None)
    _link.host = g.take_over()
    _link.guest = None
    _link.post(op="drop", peer="host")
    TABLE.role, TABLE.cut_off, TABLE.answer, TABLE.joining, TABLE.restarted = "host", False, None, False, False
    _link.session.sync()



