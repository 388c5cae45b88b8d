"""Who may reach the app (companion.serve.access): the guard in front of Flet's web server.

Two layers of tests, both over real sockets on 127.0.0.1:
* the guard around a tiny ASGI app (HTTP answers with ``Access-Control-Allow-Origin: *`` like
  Flet's; a websocket that echoes), served by uvicorn in a thread: every rule of the guard,
  including a new code closing the websockets opened with the old one;
* the real app (``python -m companion``) in default mode: the hole the issue found is closed.
"""
from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from app_process import free_port, running_app
from companion.serve.access import (
    ALPHABET, APP_GRACE, CLOSE_REFUSED, CODE_LETTERS, MAX_WRONG, WINDOW, Guard, TableAccess, new_code, normalize_code, show_code,
)

async def tiny_app(scope, receive, send):
    """Answers like Flet's server does: a page with ``Access-Control-Allow-Origin: *`` and the
    cross-origin isolation headers, and a websocket that echoes every text message."""
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/plain"), (b"access-control-allow-origin", b"*"),
                                (b"cross-origin-opener-policy", b"same-origin"),
                                (b"cross-origin-embedder-policy", b"require-corp")]})
        await send({"type": "http.response.body", "body": b"the app"})
    elif scope["type"] == "websocket":
        msg = await receive()
        assert msg["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        while True:
            msg = await receive()
            if msg["type"] == "websocket.disconnect":
                return
            await send({"type": "websocket.send", "text": "echo:" + (msg.get("text") or "")})


class Served:
    """``app`` served by uvicorn on a free loopback port, in a thread."""

    def __init__(self, app):
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    ws="websockets-sansio", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)

    def url(self, path="/", host=None):
        return f"http://{host or '127.0.0.1'}:{self.port}{path}"

    def get(self, path="/", headers=None):
        """(status, headers, body) of a GET; errors are answers too."""
        req = urllib.request.Request(self.url(path), headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                return r.status, r.headers, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read().decode()

    def ws(self, origin="same", headers=None, path="/ws"):
        o = f"http://127.0.0.1:{self.port}" if origin == "same" else origin
        return connect(f"ws://127.0.0.1:{self.port}{path}", origin=o, additional_headers=headers or {},
                       open_timeout=5)


def refused_status(fn) -> int:
    with pytest.raises(InvalidStatus) as e:
        fn()
    return e.value.response.status_code


# ---------------------------------------------------------------------------------------------
# Every mode
# ---------------------------------------------------------------------------------------------
def test_default_mode_refuses_a_foreign_origin_and_accepts_its_own():
    with Served(Guard(tiny_app, port=0)) as s:
        s.server.config.app.port = str(s.port)  # the guard knows the port it serves
        assert refused_status(lambda: s.ws(origin="https://evil.example")) == 403
        assert refused_status(lambda: s.ws(origin=None)) == 403  # no Origin: not the app's page
        assert refused_status(lambda: s.ws(origin=f"http://localhost:{s.port + 1}")) == 403
        with s.ws() as ws:
            ws.send("hello")
            assert ws.recv(timeout=5) == "echo:hello"


def test_no_wildcard_cors_no_isolation_and_no_api_docs():
    """Not isolated: the page then draws text on one thread (the comment at
    ``FLET_HEADERS_DROPPED``); the app's own headers pass."""
    with Served(Guard(tiny_app, port=0)) as s:
        s.server.config.app.port = str(s.port)
        status, headers, body = s.get("/")
        assert status == 200 and body == "the app"
        assert headers.get("Access-Control-Allow-Origin") is None
        assert headers.get("Cross-Origin-Opener-Policy") is None
        assert headers.get("Cross-Origin-Embedder-Policy") is None
        assert headers.get("Content-Type") == "text/plain"
        for path in ("/docs", "/openapi.json", "/redoc"):
            assert s.get(path)[0] == 404


def test_a_name_pointed_at_this_machine_is_refused():
    """DNS rebinding: a page of evil.example whose name resolves to 127.0.0.1."""
    with Served(Guard(tiny_app, port=0)) as s:
        s.server.config.app.port = str(s.port)
        assert s.get("/", {"Host": f"evil.example:{s.port}"})[0] == 421
        assert s.get("/", {"Host": f"localhost:{s.port}"})[0] == 200
        assert s.get("/", {"Host": f"127.0.0.1:{s.port + 1}"})[0] == 421


# ---------------------------------------------------------------------------------------------
# Table mode
# ---------------------------------------------------------------------------------------------
# A phone: uvicorn takes the client address from X-Forwarded-For when the peer is on this
# machine (its default), which is how these tests reach the guard "from the LAN".
PHONE = "192.168.77.21"
OTHER_PHONE = "192.168.77.22"


def as_phone(ip=PHONE, cookie=None):
    h = {"X-Forwarded-For": ip}
    if cookie:
        h["Cookie"] = f"kity_table={cookie}"
    return h


def table(code="ABCD2345", clock=time.monotonic):
    acc = TableAccess(code, clock=clock)
    return acc, Guard(tiny_app, port=0, access=acc)


def test_the_code_has_40_bits_and_reads_forgivingly():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == CODE_LETTERS and set(c) <= set(ALPHABET) for c in codes)
    assert len(ALPHABET) ** CODE_LETTERS >= 2 ** 40
    assert show_code("ABCD2345") == "ABCD-2345"
    assert normalize_code("abcd-2345") == "ABCD2345"
    assert normalize_code(" O1l i ") == "0111"  # O is zero, I and L are one
    assert TableAccess("abcd 2345").code == "ABCD2345"  # KITY_TABLE_CODE may be typed loosely


def test_table_mode_needs_the_code_then_the_cookie():
    acc, guard = table()
    with Served(guard) as s:
        guard.port = str(s.port)
        for who in (as_phone(), {}):  # a phone, and this machine's own browser
            status, _, body = s.get("/", who)
            assert status == 403
            assert "Спросите код у хозяина стола" in body and "Ask the host" in body
            assert s.get("/main.dart.js", who)[0] == 403  # nothing but a few icons without the cookie
            assert s.get("/favicon.png", who)[0] == 200
        status, headers, body = s.get("/?code=abcd-2345", as_phone())
        assert status == 200 and body == "the app"
        cookie = headers.get("Set-Cookie")
        assert cookie.startswith(f"kity_table={acc.token};")
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
        assert s.get("/main.dart.js", as_phone(cookie=acc.token))[0] == 200
        assert s.get("/main.dart.js", as_phone(cookie="forged"))[0] == 403
        assert s.get("/main.dart.js", as_phone(cookie=acc.host_token))[0] == 403  # the host's is the host's
        _, headers, _ = s.get("/?code=ABCD2345")
        assert headers.get("Set-Cookie").startswith(f"kity_table={acc.host_token};")


def test_table_mode_websocket_needs_the_cookie_and_the_origin():
    acc, guard = table()
    with Served(guard) as s:
        guard.port = str(s.port)
        assert refused_status(lambda: s.ws(headers=as_phone())) == 403
        assert refused_status(lambda: s.ws(headers=as_phone(cookie="forged"))) == 403
        assert refused_status(lambda: s.ws(origin="https://evil.example", headers=as_phone(cookie=acc.token))) == 403
        with s.ws(headers=as_phone(cookie=acc.token)) as ws:
            ws.send("a")
            assert ws.recv(timeout=5) == "echo:a"
            assert acc.devices == 1


def test_ten_wrong_codes_in_a_minute_give_429_for_that_address():
    now = [1000.0]
    acc, guard = table(clock=lambda: now[0])
    with Served(guard) as s:
        guard.port = str(s.port)
        statuses = [s.get(f"/?code=WRONG{i:03d}", as_phone())[0] for i in range(MAX_WRONG)]
        assert statuses == [403] * (MAX_WRONG - 1) + [429]
        status, _, body = s.get("/?code=ABCD2345", as_phone())  # even the right code waits now
        assert status == 429 and "Подождите минуту" in body
        assert s.get("/", as_phone())[0] == 429
        assert refused_status(lambda: s.ws(headers=as_phone())) == 403
        assert s.get("/?code=ABCD2345", as_phone(OTHER_PHONE))[0] == 200  # another address is not held
        now[0] += 61  # a minute later the address may try again
        assert s.get("/?code=ABCD2345", as_phone())[0] == 200


def test_a_new_code_disconnects_the_phones_joined_with_the_old_one():
    acc, guard = table()
    with Served(guard) as s:
        guard.port = str(s.port)
        old = acc.token
        with s.ws(headers=as_phone(cookie=old)) as phone, s.ws(headers={"Cookie": f"kity_table={acc.host_token}"}) as host:
            phone.send("x")
            assert phone.recv(timeout=5) == "echo:x"
            acc.renew()  # from another thread, as the invite screen's handler does
            with pytest.raises(ConnectionClosed) as e:
                for _ in range(50):
                    phone.recv(timeout=5)
            assert e.value.rcvd is not None and e.value.rcvd.code == CLOSE_REFUSED
            host.send("still here")  # the host's browser shows the new code
            assert host.recv(timeout=5) == "echo:still here"
            assert acc.devices == 1
        assert s.get("/", as_phone(cookie=old))[0] == 403
        assert refused_status(lambda: s.ws(headers=as_phone(cookie=old))) == 403
        _, headers, _ = s.get("/?code=ABCD2345", as_phone())  # a fixed code stays, its cookie is new
        assert headers.get("Set-Cookie").startswith(f"kity_table={acc.token};") and acc.token != old
        with s.ws(headers=as_phone(cookie=acc.token)) as ws2:
            ws2.send("y")
            assert ws2.recv(timeout=5) == "echo:y"


def test_after_the_end_of_table_mode_phones_are_out_and_this_machine_stays():
    acc, guard = table()
    with Served(guard) as s:
        guard.port = str(s.port)
        phone_cookie = acc.token
        with s.ws(headers=as_phone(cookie=phone_cookie)) as phone:
            acc.end()
            with pytest.raises(ConnectionClosed):
                for _ in range(50):
                    phone.recv(timeout=5)
        status, _, body = s.get("/?code=ABCD2345", as_phone())
        assert status == 403 and "закрыл стол" in body
        assert s.get("/", as_phone(cookie=phone_cookie))[0] == 403
        assert s.get("/")[0] == 200  # this machine: as without table mode


# ---------------------------------------------------------------------------------------------
# The real app, default mode
# ---------------------------------------------------------------------------------------------
@pytest.fixture
def real_app(tmp_path):
    with running_app(tmp_path / "data") as (port, proc):
        yield port, proc


def test_real_app_default_mode_closes_the_hole(real_app):
    port, proc = real_app
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
        assert r.status == 200
        assert r.headers.get("Access-Control-Allow-Origin") is None
        assert r.headers.get("Cross-Origin-Embedder-Policy") is None  # Flet's server sends it
    with pytest.raises(InvalidStatus) as e:
        connect(f"ws://127.0.0.1:{port}/ws", origin="https://evil.example", open_timeout=5)
    assert e.value.response.status_code == 403
    with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}", open_timeout=5) as ws:
        assert ws.protocol.state.name == "OPEN"  # the app's own page may connect


def test_real_app_listens_on_loopback_only(real_app):
    port, proc = real_app
    listening = Path("/proc/net/tcp").read_text().splitlines()[1:] if Path("/proc/net/tcp").exists() else []
    if not listening:
        pytest.skip("no /proc/net/tcp on this system")
    ours = [line.split()[1] for line in listening if line.split()[3] == "0A" and line.split()[1].endswith(f":{port:04X}")]
    assert ours == ["0100007F:%04X" % port]  # 127.0.0.1 only, nothing on 0.0.0.0 or a LAN address


# ---------------------------------------------------------------------------------------------
# Issue 17 §1: a path that walks (``..``, ``%2e%2e``, ``//``, ``\``) never passes the code
# ---------------------------------------------------------------------------------------------
def raw_get(port: int, target: str, headers=None) -> int:
    """The status of a GET whose request target is sent exactly as written (no client-side
    normalisation of ``..`` or ``%2e``)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", f"127.0.0.1:{port}")
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        r = conn.getresponse()
        r.read()
        return r.status
    finally:
        conn.close()


# Every form of walking the issue names, and a few of their cousins: each one reaches a file
# behind the code once a server resolves it (the tiny app answers 200 to anything).
WALKING = [
    "/icons/../main.dart.js",
    "/icons/../examples/kozyrnye-kity/two-players.json",
    "/favicon.png/../rules/vzhuh.json",
    "/icons/%2e%2e/main.dart.js",
    "/icons/%2E%2E/main.dart.js",
    "/icons/%2e%2E/main.dart.js",
    "/icons/.%2e/main.dart.js",
    "/icons/%2e./main.dart.js",
    "/icons/..%2fmain.dart.js",
    "/icons/..%2Fmain.dart.js",
    "/icons//../main.dart.js",
    "//icons/icon-192.png",
    "/icons//icon-192.png",
    "/icons/..\\main.dart.js",
    "/icons\\..\\main.dart.js",
    "/icons/%5c..%5cmain.dart.js",
    "/icons/./icon-192.png",
    "/manifest.json/..",
]


@pytest.mark.parametrize("target", WALKING)
def test_a_walking_path_is_refused_without_the_code(target):
    """Issue 17 §1: the guard decides on the normalised path and refuses ``..``, ``%2e%2e`` (any
    case), ``//`` and backslashes outright — with or without a cookie, in table mode or not."""
    acc, guard = table()
    with Served(guard) as s:
        guard.port = str(s.port)
        assert raw_get(s.port, target, as_phone()) in (400, 403, 404)
        assert raw_get(s.port, target, as_phone(cookie=acc.token)) == 400  # refused outright
    with Served(Guard(tiny_app, port=0)) as s:  # default mode: this machine, no code
        s.server.config.app.port = str(s.port)
        assert raw_get(s.port, target) == 400


def test_the_public_files_are_an_exact_list():
    """Issue 17 §1: only the named icons pass without the code — not a file "under" them."""
    from companion.serve.access import PUBLIC_FILES

    acc, guard = table()
    with Served(guard) as s:
        guard.port = str(s.port)
        for path in sorted(PUBLIC_FILES):
            assert raw_get(s.port, path, as_phone()) == 200, path
        for path in ("/icons/", "/icons/main.dart.js", "/icons/x/../../main.dart.js", "/favicon.png/x",
                     "/favicon.pngx", "/manifest.json.bak", "/icons", "/main.dart.js", "/rules/vzhuh.json"):
            assert raw_get(s.port, path, as_phone()) in (400, 403), path


@pytest.fixture
def real_table(tmp_path):
    with running_app(tmp_path / "data", "--table", KITY_TABLE_CODE="ABCD2345") as (port, proc):
        yield port, proc


def test_real_table_mode_serves_nothing_by_walking(real_table):
    """Issue 17 §1 against Flet's own static server (which resolves ``..``): the three paths the
    attack found answered 200 before the fix."""
    port, _ = real_table
    phone = {"X-Forwarded-For": PHONE}
    assert raw_get(port, "/favicon.png", phone) == 200  # the public files still come
    assert raw_get(port, "/icons/icon-192.png", phone) == 200
    assert raw_get(port, "/main.dart.js", phone) == 403
    for target in ("/icons/../main.dart.js", "/icons/../examples/kozyrnye-kity/two-players.json",
                   "/favicon.png/../rules/vzhuh.json", "/icons/%2e%2e/main.dart.js", "/icons/%2E%2e/rules/vzhuh.json"):
        assert raw_get(port, target, phone) in (400, 403, 404), target


# ---------------------------------------------------------------------------------------------
# Issue 17 §2: a websocket closed before it registers is released
# ---------------------------------------------------------------------------------------------
def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_guard_releases_a_websocket_the_app_never_ends():
    """Issue 17 §2 at the guard: an app that, like Flet 1.0.5's FletApp.handle() before a
    session exists, never returns after the client went away — the connection still leaves the
    count, and the app's task is not kept."""
    import asyncio

    started, ended = [], []

    async def stuck_app(scope, receive, send):
        await receive()
        await send({"type": "websocket.accept"})
        started.append(1)
        try:
            while (await receive())["type"] != "websocket.disconnect":
                pass
            await asyncio.Event().wait()  # a send loop that only stops once a session exists
        finally:
            ended.append(1)

    acc = TableAccess("ABCD2345")
    guard = Guard(stuck_app, port=0, access=acc)
    with Served(guard) as s:
        guard.port = str(s.port)
        for _ in range(20):
            with s.ws(headers=as_phone(cookie=acc.token)):
                pass
        for _ in range(3):  # a client that spoke may hold a session: the app gets its grace
            with s.ws(headers=as_phone(cookie=acc.token)) as ws:
                ws.send("register?")
        deadline = time.monotonic() + APP_GRACE + 5
        while (acc.devices or len(ended) < 23) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(started) == 23
        assert acc.devices == 0
        assert len(ended) == 23  # every stuck app task was ended, none is held
    started.clear(), ended.clear()
    with Served(Guard(stuck_app, port=0)) as s:  # default mode: the same
        s.server.config.app.port = str(s.port)
        for _ in range(10):
            with s.ws():
                pass
        deadline = time.monotonic() + 5
        while len(ended) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(started) == len(ended) == 10


@pytest.mark.timeout(180)
def test_real_table_mode_survives_1000_sockets_closed_before_registering(tmp_path):
    """Issue 17 §2 on the real app in table mode: 1,000 websockets opened and closed before the
    client registers → the device count is 0, the server's memory grows by ≤ 5 MB, and it stops
    at once with no traceback (before: «Подключено 1201 устройство», ~30 KB a socket, 1,200
    tracebacks on stopping)."""
    import os
    import subprocess
    import sys

    port = free_port()
    env = dict(os.environ, KITY_PORT=str(port), KITY_DATA_DIR=str(tmp_path / "data"), KITY_NO_BROWSER="1",
               KITY_TABLE_CODE="ABCD2345")
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("table_server_worker.py"))],
                            env=env, cwd=Path(__file__).resolve().parents[1], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()

    def devices() -> int:
        before = len(lines)
        proc.stdin.write("devices\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for line in lines[before:]:
                if line.startswith("devices="):
                    return int(line.split("=")[1])
            time.sleep(0.02)
        raise AssertionError("no answer: " + "".join(lines))

    try:
        deadline = time.monotonic() + 30
        while raw_get_or_none(port, "/") is None:
            assert proc.poll() is None and time.monotonic() < deadline, "".join(lines)
            time.sleep(0.1)
        status, headers = raw_get_headers(port, "/?code=ABCD2345", as_phone())
        assert status == 200
        cookie = headers["Set-Cookie"].split(";")[0].split("=", 1)[1]
        url, origin = f"ws://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}"

        def cycles(n: int) -> None:
            for _ in range(n):
                with connect(url, origin=origin, additional_headers=as_phone(cookie=cookie), open_timeout=5):
                    pass

        cycles(100)  # the server's first connections load what every connection uses
        time.sleep(0.5)
        rss0 = _rss_kb(proc.pid)
        cycles(1000)
        deadline = time.monotonic() + 10
        while devices() != 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert devices() == 0
        growth_kb = _rss_kb(proc.pid) - rss0
        assert growth_kb <= 5 * 1024, f"memory grew by {growth_kb} KB over 1,000 sockets"
        with connect(url, origin=origin, additional_headers=as_phone(cookie=cookie), open_timeout=5):
            assert devices() == 1  # a real connection is still counted
        t0 = time.monotonic()
        proc.terminate()
        proc.wait(15)
        stop_s = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    reader.join(5)
    out = "".join(lines)
    assert "Traceback" not in out and "Error" not in out, out[-3000:]
    assert stop_s < 2.5, f"stopping took {stop_s:.1f} s"  # nothing left for the 3 s grace to wait for


def raw_get_or_none(port: int, target: str):
    try:
        return raw_get(port, target)
    except OSError:
        return None


def raw_get_headers(port: int, target: str, headers=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{target}", headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.headers


# ---------------------------------------------------------------------------------------------
# Issue 17 §4: wrong-code counting
# ---------------------------------------------------------------------------------------------
def test_a_flood_of_addresses_neither_unblocks_a_blocked_one_nor_grows_the_table():
    """Before: 10,001 distinct addresses emptied the table and unblocked a blocked address."""
    from companion.serve.access import MAX_TRACKED

    now = [1000.0]
    acc = TableAccess("ABCD2345", clock=lambda: now[0])
    for _ in range(MAX_WRONG):
        acc.wrong(PHONE)
    assert acc.blocked(PHONE)
    for i in range(MAX_TRACKED + 1):
        acc.wrong(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}")
    assert acc.blocked(PHONE)  # still blocked while its window runs
    assert len(acc._wrong) <= MAX_TRACKED  # the table stays bounded
    now[0] += WINDOW + 1
    assert not acc.blocked(PHONE)  # its window is over


def test_wrong_codes_from_rotating_addresses_pause_new_joins():
    """Before: codes from 20 rotating addresses were never limited. Now 100 wrong codes a minute
    from anyone pause new joins (phones already in and this machine stay); the host's invite
    screen says so; a minute later joins work again."""
    from companion.serve.access import MAX_WRONG_ALL

    now = [1000.0]
    acc, guard = table(clock=lambda: now[0])
    with Served(guard) as s:
        guard.port = str(s.port)
        joined = acc.token
        addresses = [f"192.168.77.{100 + k}" for k in range(20)]
        statuses = [s.get(f"/?code=WRONG{i:03d}", as_phone(addresses[i % 20]))[0] for i in range(MAX_WRONG_ALL + 20)]
        assert statuses[:MAX_WRONG_ALL - 1] == [403] * (MAX_WRONG_ALL - 1)  # nobody alone reaches 10
        assert set(statuses[MAX_WRONG_ALL:]) == {429}
        assert acc.paused() > 0
        status, _, body = s.get("/?code=ABCD2345", as_phone("192.168.77.250"))  # a new phone waits too
        assert status == 429 and "Слишком много неверных кодов" in body and "Too many wrong codes" in body
        assert s.get("/main.dart.js", as_phone(PHONE, cookie=joined))[0] == 200  # a phone already in stays
        assert s.get("/?code=ABCD2345")[0] == 200  # this machine's own browser is never paused
        now[0] += WINDOW + 1
        assert acc.paused() == 0
        assert s.get("/?code=ABCD2345", as_phone("192.168.77.250"))[0] == 200


def test_the_invite_screen_says_when_joins_are_paused():
    """The host's invite screen reads the pause from the table mode and says it in both
    languages (the catalogs hold the sentence)."""
    import inspect

    from companion.base import i18n
    from companion.screens import invite
    from companion.serve.server import TableMode

    now = [1000.0]
    acc = TableAccess("ABCD2345", clock=lambda: now[0])
    mode = TableMode(8550, [], acc)
    assert mode.paused == 0
    for i in range(200):
        acc.wrong(f"192.168.1.{i % 250}")
    assert 0 < mode.paused <= WINDOW
    msgid = "Many wrong codes were tried: new phones can join again in {s} s. Phones already here stay."
    assert "mode.paused" in inspect.getsource(invite)
    ru, en = i18n.translate("ru", msgid), i18n.translate("en", msgid)
    assert ru != msgid and "{s}" in ru and "неверный код" in ru
    assert en == msgid


def test_a_taken_port_suggests_a_free_port_other_than_itself(capsys):
    """Issue 17 §4: the message always said KITY_PORT=8551, even when 8551 was the port taken."""
    import re
    import socket

    from companion.serve.server import serve

    holder = socket.socket()
    try:
        try:
            holder.bind(("127.0.0.1", 8551))
            holder.listen(1)
        except OSError:
            pass  # taken already (another Киты?): taken all the same
        assert serve(tiny_app, port=8551, table=False, open_browser=False) == 1
        out = capsys.readouterr().out
        suggested = {int(n) for n in re.findall(r"KITY_PORT=(\d+)", out)}
        assert len(suggested) == 1 and 8551 not in suggested, out
        (other,) = suggested
        with socket.socket() as probe_sock:
            probe_sock.bind(("127.0.0.1", other))  # really free
        assert "порт 8551 занят" in out and "port 8551 is in use" in out
    finally:
        holder.close()
