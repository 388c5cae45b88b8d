"""Who may reach the app: one ASGI layer in front of Flet's web server, in every mode.

Flet's web server has no access control of its own: anyone who can reach the port may open
``/ws``, there is no ``Origin`` check, and every answer carries
``Access-Control-Allow-Origin: *`` (see ``../shared/notes/flet-tinydb-facts.md``). So every
request passes this :class:`Guard` first:

* **Host** — the ``Host`` header must name this machine as the app serves it (loopback, or in
  table mode one of its LAN addresses). A page whose own name was made to point at 127.0.0.1
  (DNS rebinding) is refused.
* **Origin** — a websocket is accepted only from the app's own origin (``http://<Host>``):
  no other web page open in the same browser can read or change the games.
* **No wildcard CORS** — ``Access-Control-Allow-Origin`` is removed from every answer.
* **Table mode** (``access`` given): every request needs the table's code — ``?code=…`` once,
  which sets an HttpOnly, SameSite=Strict cookie — or that cookie. Without them: a short RU/EN
  page and 403 (the websocket is refused); after :data:`MAX_WRONG` wrong codes in
  :data:`WINDOW` seconds from one address: 429 for that address; after :data:`MAX_WRONG_ALL`
  wrong codes in :data:`WINDOW` seconds from anyone (many addresses guessing together): a
  pause for new joins (429, said on the host's invite screen) — phones already in and this
  machine's own browser stay. Blocked addresses are remembered while their window runs. A new code makes every
  phone's cookie worthless and closes the phones' connections (this machine's own browser,
  which shows the new code, stays). Client addresses are those uvicorn gives: the socket's
  peer, or ``X-Forwarded-For`` when the peer is a proxy on this machine (uvicorn's default).
* **Paths** — in every mode, a path that could walk once a server resolves it (``.`` or ``..``
  segments, ``%2e`` in any case, ``//``, a backslash or ``%5c``, an encoded ``/``, a control
  character) is refused with 400 before anything else; the decision on the public files is
  taken on the normalised path, against an exact list (:data:`PUBLIC_FILES`).
* Flet's API documentation pages (``/docs``, ``/openapi.json``…) are never served.

Nothing here knows Flet or a game rule; the table's code and its state live in
:class:`TableAccess` (plain data, shared with the invite screen through ``companion.tablemode``).
"""
from __future__ import annotations

import asyncio
import functools
import hmac
import html
import ipaddress
import posixpath
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Awaitable, Callable, Iterable, Optional
from urllib.parse import parse_qs

from ..base.i18n import LANGS, N_, translate

COOKIE = "kity_table"
MAX_WRONG = 10   # wrong codes from one address …
WINDOW = 60.0    # … within this many seconds → 429 for that address
MAX_WRONG_ALL = 100  # wrong codes from all addresses within WINDOW → new joins pause (429)
MAX_TRACKED = 10_000  # addresses whose wrong codes are remembered (a blocked one is never dropped)
APP_GRACE = 2.0  # seconds the app's handler has to end after its client's socket closed
CLOSE_REFUSED = 4403  # websocket close code when access is refused or withdrawn
WITHDRAW_GRACE = 1.0  # seconds a phone cut off by a new code keeps its socket, to be sent away
# What a browser may fetch without the cookie: the icons a phone asks for on its own (they
# are fetched without credentials) and nothing that shows or changes a game. An exact list of
# files (Flet's web build: index.html's icons and the manifest's), compared with the whole
# normalised path — nothing "under" or "beside" them.
PUBLIC_FILES = frozenset({
    "/favicon.png", "/manifest.json", "/icons/apple-touch-icon-192.png", "/icons/icon-192.png",
    "/icons/icon-512.png", "/icons/icon-maskable-192.png", "/icons/icon-maskable-512.png",
})
HIDDEN_PATHS = ("/docs", "/redoc", "/openapi.json")
# Crockford's base32 without the look-alikes I, L, O, U: 8 letters carry 40 bits.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LETTERS = 8

Scope = dict
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


def new_code(rng: Optional[secrets.SystemRandom] = None) -> str:
    """A fresh table code: 8 letters of base32 (40 bits of randomness)."""
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(ALPHABET) for _ in range(CODE_LETTERS))


def normalize_code(text: str) -> str:
    """What a person may type: any case, with spaces or dashes; O is read as 0, I and L as 1."""
    return text.upper().replace("-", "").replace(" ", "").replace("O", "0").replace("I", "1").replace("L", "1")


def show_code(code: str) -> str:
    """The code as shown to people: ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}" if len(code) == CODE_LETTERS else code


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@dataclass(eq=False)
class Connection:
    """One open websocket (one browser tab), on the server's event loop ``loop``."""

    client: str
    token: Optional[str]
    loop: asyncio.AbstractEventLoop
    closed: asyncio.Event = field(default_factory=asyncio.Event)

    def close(self, after: float = 0.0) -> None:
        """Withdraw the connection, ``after`` seconds from now; safe from any thread (the
        invite screen's handlers run on worker threads)."""
        self.loop.call_soon_threadsafe(self.loop.call_later, after, self.closed.set)


class TableAccess:
    """The table's code, the cookie tokens it gives, wrong-code counts, open connections.

    Two cookies: the phones' (``token``) and this machine's own browser's (``host_token``,
    given when the code is used from a loopback address). A new code replaces the phones'
    token and closes their connections; the host's browser stays, so the invite screen can
    show the new code. ``fixed_code`` (``KITY_TABLE_CODE``) replaces the random code, for tests
    and demos; ``clock`` is injectable for tests. The reads (``code``, ``devices``) come from
    the invite screen's thread; the rest runs on the server's event loop."""

    def __init__(self, fixed_code: Optional[str] = None, clock: Callable[[], float] = time.monotonic):
        self._fixed = normalize_code(fixed_code) if fixed_code else None
        self._clock = clock
        self._wrong: dict[str, deque] = {}
        self._wrong_all: deque = deque()  # when each wrong code (from anyone) came, within WINDOW
        self.connections: set[Connection] = set()
        self.ended = False
        self.host_token = secrets.token_urlsafe(32)
        self.code = ""
        self.token = ""
        self.renew()

    # ---- the code
    def renew(self) -> str:
        """A new code (the fixed one again, if fixed) and a new cookie for the phones: every
        phone's cookie stops working and every phone's connection is closed."""
        self.code = self._fixed or new_code()
        self.token = secrets.token_urlsafe(32)
        self._close_phones()
        return self.code

    def end(self) -> None:
        """Table mode is over: no code works any more and every phone is disconnected; this
        machine's own browser stays, as without table mode."""
        self.ended = True
        self.token = secrets.token_urlsafe(32)
        self._close_phones()

    def _close_phones(self) -> None:
        """The phones' cookie is already worthless; their open connections close
        :data:`WITHDRAW_GRACE` seconds later, time for the app to send each phone to the
        table's page, which says why and takes the new code (``companion/app.py``)."""
        for c in list(self.connections):
            if not is_loopback(c.client):
                c.close(after=WITHDRAW_GRACE)

    def code_ok(self, text: str) -> bool:
        return not self.ended and hmac.compare_digest(normalize_code(text).encode(), self.code.encode())

    def cookie_for(self, client: str) -> str:
        """The cookie a right code gives to ``client``."""
        return self.host_token if is_loopback(client) else self.token

    def admits(self, client: str, cookie: Optional[str]) -> bool:
        """Whether ``client`` with ``cookie`` may pass without a code."""
        if is_loopback(client):
            return self.ended or _same(cookie, self.host_token) or _same(cookie, self.token)
        return not self.ended and _same(cookie, self.token)

    # ---- wrong codes
    def blocked(self, client: str) -> bool:
        """Whether ``client`` sent :data:`MAX_WRONG` wrong codes within the last :data:`WINDOW`
        seconds."""
        q = self._wrong.get(client)
        if not q:
            return False
        self._expire(q, self._clock())
        if not q:
            del self._wrong[client]
        return len(q) >= MAX_WRONG

    def paused(self) -> float:
        """Seconds until new joins are taken again: > 0 once :data:`MAX_WRONG_ALL` wrong codes
        came from anyone within :data:`WINDOW` (many addresses guessing together); 0 otherwise.
        Read by the invite screen's thread too (a plain read of a deque)."""
        q = self._wrong_all  # the newest MAX_WRONG_ALL wrong codes; read, never changed here
        try:
            oldest = q[0] if len(q) >= MAX_WRONG_ALL else None
        except IndexError:
            return 0.0
        if oldest is None:
            return 0.0
        left = oldest + WINDOW - self._clock()
        return left if left > 0 else 0.0

    def wrong(self, client: str) -> None:
        """Count a wrong code from ``client``. The table of addresses stays bounded
        (:data:`MAX_TRACKED`) without forgetting an address that is blocked: expired entries go
        first, then the addresses that are not blocked, oldest first."""
        now = self._clock()
        self._wrong_all.append(now)
        while len(self._wrong_all) > MAX_WRONG_ALL:  # the newest MAX_WRONG_ALL say all there is
            self._wrong_all.popleft()
        if client not in self._wrong and len(self._wrong) >= MAX_TRACKED:
            self._make_room(now)
            if len(self._wrong) >= MAX_TRACKED:
                return  # every remembered address is blocked: the pause holds new joins anyway
        self._wrong.setdefault(client, deque()).append(now)

    def _make_room(self, now: float) -> None:
        for addr in list(self._wrong):
            q = self._wrong[addr]
            self._expire(q, now)
            if not q:
                del self._wrong[addr]
        free = [a for a, q in self._wrong.items() if len(q) < MAX_WRONG]
        free.sort(key=lambda a: self._wrong[a][-1])
        for addr in free[:max(1, len(self._wrong) - MAX_TRACKED + 1 + MAX_TRACKED // 10)]:
            del self._wrong[addr]

    @staticmethod
    def _expire(q: deque, now: float) -> None:
        while q and now - q[0] > WINDOW:
            q.popleft()

    @property
    def devices(self) -> int:
        """Open app connections (each browser tab or phone that shows the game)."""
        return len(self.connections)


def _same(given: Optional[str], expected: str) -> bool:
    return bool(given) and hmac.compare_digest(given.encode(), expected.encode())


# --------------------------------------------------------------------------------------------
# Pages shown instead of the app
# --------------------------------------------------------------------------------------------
_PAGE = """<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Киты</title><style>
body{{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1.2rem;
font-size:1.25rem;line-height:1.5;color:#123;background:#f4f8fa}}
h1{{font-size:1.6rem}} p.en{{color:#456}} input,button{{font-size:1.4rem;padding:.5rem .8rem;
border-radius:.6rem;border:1px solid #789}} button{{background:#1E6A8D;color:#fff;border:0}}
</style></head><body><h1>{title_ru}</h1><p>{text_ru}</p><p class="en">{text_en}</p>{form}</body></html>"""

_FORM = """<form method="get" action="/"><label>{code}<br>
<input name="code" autocomplete="off" autocapitalize="characters" size="10" required></label>
<button type="submit">{join}</button></form>"""

# The pages: (title, text, with the code form). English msgids; both languages come from the
# catalogs (companion/base/i18n.py), Russian first (a phone's language is not known before it joins).
_PAGES = {
    "forbidden": (N_("This is a Киты table"), N_(
        "Ask the host for the table's code: it is on the «Invite players» screen. Scan the QR code or type the code."),
        True),
    "wrong": (N_("The code did not work"), N_(
        "This code does not work (the host may have made a new one). Ask the host for the table's code."), True),
    "too_many": (N_("Too many tries"), N_(
        "Too many wrong codes. Wait a minute and ask the host for the table's code."), False),
    "paused": (N_("Too many wrong codes"), N_(
        "Too many wrong codes were tried, so the table takes no new phones for a moment. "
        "Wait a minute and type the code again."), False),
    "ended": (N_("The game at the table is over"), N_("The host has closed the table to phones."), False),
    "bad_path": (N_("Wrong address"), N_(
        "The page's address has stray dots or slashes. Open Киты at the address the app shows."), False),
    "bad_host": (N_("Wrong address"), N_("Open Киты at the address the app shows."), False),
}


@functools.lru_cache(maxsize=None)
def page_html(kind: str) -> str:
    """The page shown instead of the app (a key of ``_PAGES``), in Russian and English."""
    title, text, form = _PAGES[kind]

    def say(lang: str, msg: str) -> str:
        return html.escape(translate(lang, msg), quote=False)

    def both(msg: str) -> str:
        return " / ".join(say(lang, msg) for lang in LANGS)

    return _PAGE.format(title_ru=say("ru", title), text_ru=say("ru", text), text_en=say("en", text),
                        form=_FORM.format(code=both(N_("Table code")), join=both(N_("Join"))) if form else "")


# --------------------------------------------------------------------------------------------
# The guard
# --------------------------------------------------------------------------------------------
_WALKING = ("%2e", "%2f", "%5c", "\\", "//")


def walks(path: str, raw_path: Optional[bytes] = None) -> bool:
    """Whether a request path could name another file once a server resolves it: a ``.`` or
    ``..`` segment, ``%2e`` (any case), ``//``, a backslash (plain or ``%5c``), an encoded
    ``/`` or a control character — in the decoded path or in the raw one. Such paths are
    refused outright: no page of the app needs one."""
    texts = [path]
    if raw_path is not None:
        texts.append(raw_path.decode("latin-1"))
    for text in texts:
        low = text.lower()
        if not low.startswith("/") or any(w in low for w in _WALKING):
            return True
        if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in low):
            return True
        if any(seg in (".", "..") for seg in low.split("/")):
            return True
    return False


def _headers(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in scope.get("headers", ()):
        out.setdefault(k.decode("latin-1").lower(), v.decode("latin-1"))
    return out


def _split_host(host: str) -> tuple[str, Optional[str]]:
    """``"[::1]:8550"`` → ``("::1", "8550")``; ``"a:80"`` → ``("a", "80")``."""
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, rest[1:] if rest.startswith(":") else None
    name, sep, port = host.rpartition(":")
    return (name, port) if sep else (host, None)


class Guard:
    """ASGI middleware: see the module docstring. ``hosts`` are the names and addresses under
    which the app may be reached (without port); ``port`` the port it serves."""

    def __init__(self, app, *, port: int, hosts: Iterable[str] = ("127.0.0.1", "localhost", "::1"),
                 access: Optional[TableAccess] = None):
        self.app = app
        self.port = str(port)
        self.hosts = {h.lower() for h in hosts}
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            return await self.app(scope, receive, send)
        headers = _headers(scope)
        client = (scope.get("client") or ("", 0))[0]
        if not self._host_ok(headers.get("host", "")):
            return await self._refuse(kind, send, 421 if kind == "http" else None, page_html("bad_host"))
        path = scope.get("path", "/")
        if walks(path, scope.get("raw_path")):
            return await self._refuse(kind, send, 400, page_html("bad_path"))
        path = posixpath.normpath(path)  # the same path, now that nothing in it may walk
        if kind == "http" and path.startswith(HIDDEN_PATHS):
            return await _page(send, 404, "")
        if kind == "websocket" and not self._origin_ok(headers):
            return await self._refuse(kind, send, None, "")
        cookie = None
        acc = self.access
        if acc is not None:
            cookie = _cookie(headers.get("cookie", ""))
            verdict = self._table_verdict(kind, path, scope, client, cookie)
            if isinstance(verdict, tuple):
                return await self._refuse(kind, send, *verdict)
            if verdict == "set-cookie":
                cookie = acc.cookie_for(client)
                send = _with_cookie(send, cookie)
        if kind == "websocket":
            return await self._websocket(scope, receive, send, client, cookie)
        return await self.app(scope, receive, without_flet_headers(send))

    # ---- checks
    def _host_ok(self, host: str) -> bool:
        name, port = _split_host(host.strip().lower())
        return name in self.hosts and port in (None, self.port)

    def _origin_ok(self, headers: dict[str, str]) -> bool:
        origin = headers.get("origin")
        return origin is not None and origin.lower() == f"http://{headers.get('host', '').lower()}"

    def _table_verdict(self, kind, path, scope, client, cookie):
        """``"pass"``, ``"set-cookie"`` (a right code: pass and give the cookie), or
        ``(status, page)`` to refuse."""
        acc = self.access
        if acc.admits(client, cookie):
            return "pass"
        if acc.ended:
            return 403, page_html("ended")
        codes = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("code") if kind == "http" else None
        if acc.blocked(client):
            return 429, page_html("too_many")
        if codes and not is_loopback(client) and acc.paused():
            return 429, page_html("paused")  # many addresses guessing: no new phone joins for a while
        if codes:
            if acc.code_ok(codes[0]):
                return "set-cookie"
            acc.wrong(client)
            return (429, page_html("too_many")) if acc.blocked(client) else (403, page_html("wrong"))
        if kind == "http" and path in PUBLIC_FILES:
            return "pass"
        return 403, page_html("forbidden")

    async def _refuse(self, kind: str, send: Send, status: Optional[int], body: str) -> None:
        if kind == "websocket":
            await send({"type": "websocket.close", "code": CLOSE_REFUSED})  # before accept: HTTP 403
        else:
            await _page(send, status or 403, body)

    # ---- websockets
    async def _websocket(self, scope: Scope, receive: Receive, send: Send, client: str, token) -> None:
        """The guard owns the connection's life, in every mode: once the client's socket is
        closed (or the guard withdrew it), the connection leaves the count at once, and the
        app's handler gets :data:`APP_GRACE` seconds to finish (none if the client never sent a
        message, so never registered) before it is cancelled. Flet
        1.0.5's ``FletApp.handle()`` never returns for a socket closed before the client
        registered a session (it waits on a send loop that only stops once a session exists):
        without this, each such socket stayed counted and held (~30 KB), and stopping the
        server printed one traceback for each. A send that finds the socket already closed
        ends the connection the same way, quietly: the app then ends its session as for any
        goodbye (Flet's ``disconnect``; :func:`companion.serve.server.release_when_gone`)."""
        acc = self.access
        conn = Connection(client, token, asyncio.get_running_loop())
        if acc is not None:
            acc.connections.add(conn)
        closed_by_us = False
        gone = asyncio.Event()  # the client's socket is closed: nothing more can come or go
        spoke = [False]  # the client sent a message (Flet's first one registers a session)

        def leave() -> None:
            gone.set()
            if acc is not None:
                acc.connections.discard(conn)

        async def guarded_receive() -> dict:
            nonlocal closed_by_us
            if not conn.closed.is_set():
                got = asyncio.ensure_future(receive())
                stop = asyncio.ensure_future(conn.closed.wait())
                try:
                    done, _ = await asyncio.wait({got, stop}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for f in (got, stop):
                        if not f.done():
                            f.cancel()
                if got in done:
                    message = got.result()
                    if message["type"] == "websocket.receive":
                        spoke[0] = True
                    elif message["type"] == "websocket.disconnect":
                        leave()
                    return message
            if not closed_by_us:
                closed_by_us = True
                try:
                    await send({"type": "websocket.close", "code": CLOSE_REFUSED})
                except Exception:  # already gone
                    pass
            leave()
            return {"type": "websocket.disconnect", "code": CLOSE_REFUSED}

        async def guarded_send(message: dict) -> None:
            if closed_by_us or gone.is_set():
                return  # the connection is over: the app's last words go nowhere
            try:
                await send(message)
            except OSError:
                # The client's socket closed before its goodbye was read (a phone killed, its
                # Wi-Fi gone): the same end. Raised, it stopped Flet's handler before it let the
                # session go — kept for ever, connected (issue 43), with a traceback each time.
                leave()

        app_task = asyncio.ensure_future(self.app(scope, guarded_receive, guarded_send))
        gone_wait = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({app_task, gone_wait}, return_when=asyncio.FIRST_COMPLETED)
            if not app_task.done() and spoke[0]:
                # The client is gone: the app has its moment to end the session it may hold
                # (a client that never spoke has none: nothing to wait for).
                await asyncio.wait({app_task}, timeout=APP_GRACE)
        finally:
            gone_wait.cancel()
            leave()
            if not app_task.done():
                app_task.cancel()
                await asyncio.gather(app_task, return_exceptions=True)
        if not app_task.cancelled() and app_task.exception() is not None:
            raise app_task.exception()


def _cookie(header: str) -> Optional[str]:
    try:
        jar = SimpleCookie()
        jar.load(header)
    except Exception:
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel else None


def _with_cookie(send: Send, token: str) -> Send:
    value = f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict".encode()

    async def wrapped(message: dict) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": list(message.get("headers", ())) + [(b"set-cookie", value)]}
        await send(message)

    return wrapped


# Headers Flet's web server adds to every answer that this app does not send:
# * ``Access-Control-Allow-Origin: *`` (any other page could read ours);
# * ``Cross-Origin-Opener-Policy`` / ``-Embedder-Policy``: they make the page cross-origin
#   isolated, and there Flutter's skwasm renderer lays text out on the page's thread while a
#   worker thread draws it. That skwasm shares Skia's glyph cache between the two threads
#   without a lock (flutter/flutter#190039; Flutter's main line has the fix, #190048, the web
#   client of Flet 1.0.5 does not): the heap is corrupted as text changes, and the page shows
#   letters swapped or dropped, freezes or crashes. Here: «Коыырь» for «Козырь» and names cut
#   to one letter in 7 of 9 screenshot runs of the whale table, none of 2 without these
#   headers; and chromium's page crashed in the browser tests while player names were typed
#   (issue 18). Without them the page draws on one thread, as the phone edition (plain files)
#   always has.
FLET_HEADERS_DROPPED = {b"access-control-allow-origin", b"cross-origin-opener-policy",
                        b"cross-origin-embedder-policy"}


def without_flet_headers(send: Send) -> Send:
    async def wrapped(message: dict) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [(k, v) for k, v in message.get("headers", ())
                                              if k.lower() not in FLET_HEADERS_DROPPED]}
        await send(message)

    return wrapped


async def _page(send: Send, status: int, body: str) -> None:
    data = body.encode("utf-8")
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"content-length", str(len(data)).encode()),
        (b"cache-control", b"no-store"),
    ]})
    await send({"type": "http.response.body", "body": data})

