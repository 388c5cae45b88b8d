"""Serving Киты in the browser: this computer only, or the whole table by invitation.

* Default: the app listens on ``127.0.0.1`` only.
* Table mode (``python -m companion --table``): it also listens on each private LAN address
  of this machine, and every request needs the table's code (see :mod:`companion.serve.access`).
  The phones join with ``http://<address>:<port>/?code=<code>`` (the invite screen shows it as
  a QR code). Ending table mode stops the LAN listener: nothing is reachable from the network
  any more.

Both listeners serve one ASGI app: Flet's web app (``ft.run(..., export_asgi_app=True)``)
behind the :class:`~companion.serve.access.Guard`. The loopback server runs Flet's lifespan; the LAN
server is a second uvicorn server on the same event loop without one.
"""
from __future__ import annotations

import asyncio
import inspect
import io
import ipaddress
import logging
import math
import os
import socket
import sys
import webbrowser
from dataclasses import dataclass, field
from typing import Callable, Optional

from .access import Guard, TableAccess, show_code
from ..base.i18n import LANGS, N_, translate

log = logging.getLogger("kity")

_CURRENT: Optional["TableMode"] = None
# Published (Flet pubsub) when the host makes a new code or ends table mode: each phone's app
# leaves for the table's page before its connection closes (companion/app.py).
WITHDRAWN_TOPIC = "kity/access-withdrawn"


# A page whose connection dropped keeps its Flet session this many seconds (a phone whose Wi-Fi
# blinked comes back to its screen as it was); then the session is released. Flet's own default
# keeps it an hour: every phone that ever joined stayed in the server's memory (issue 43).
KEEP_CLOSED = 5


def current() -> Optional["TableMode"]:
    """The running table mode of this process, or None (default mode, or a phone build)."""
    return _CURRENT


def release_when_gone(page) -> None:
    """End ``page``'s Flet session once its connection has been gone :data:`KEEP_CLOSED`
    seconds without coming back: Flet's ``close()`` of a session (its pubsub, its pending
    calls), and it leaves Flet's registry, so the page, its controls and its log session are
    garbage. A computer-served page only (a socket the guard saw close, see
    :mod:`companion.serve.access`); Flet's own expiry (``FLET_SESSION_TIMEOUT``, set to the same
    grace by :func:`serve`) is the backstop."""
    session = page.session
    try:
        name = page.name  # the key under which Flet 1.0.5 registers the session (FletApp)
    except AttributeError:
        return
    gone = [0]  # disconnections so far: a timer is for the one it was set on

    def release(seen: int) -> None:
        if gone[0] == seen and session.connection is None:
            asyncio.ensure_future(_forget(session, name))

    def on_disconnect(_e) -> None:
        gone[0] += 1
        asyncio.get_running_loop().call_later(KEEP_CLOSED, release, gone[0])

    page.on_disconnect = on_disconnect


async def _forget(session, page_name: str) -> None:
    """Take ``session`` out of Flet's registry and close it (``FletAppManager.delete_session``).
    The key is Flet's own (page name, session id, a hash of the client's address and user
    agent); it is used only if it finds this very session, so a later Flet that keys its
    sessions otherwise is left to its own expiry."""
    try:
        from flet.utils import sha1  # table mode's web server only (load cost: the phone edition has none)
        from flet_web.fastapi.flet_app_manager import app_manager  # (the same)
    except ImportError:  # no web server here
        return
    page = session.page
    ip = page.client_ip or ""
    if ip in ("127.0.0.1", "::1"):
        ip = ""
    key = f"{page_name}_{session.id}_{sha1(ip + (page.client_user_agent or ''))}"
    try:
        if await app_manager.get_session(key) is session:
            await app_manager.delete_session(key)
    except Exception:
        log.warning("a closed session was not released", exc_info=True)


def lan_addresses() -> list[str]:
    """This machine's private IPv4 addresses (no loopback, no link-local), in a stable order."""
    try:
        import ifaddr  # when table mode starts (load cost)
        adapters = ifaddr.get_adapters()
    except Exception:  # no interface list on this platform: no LAN address then
        log.warning("could not list the network interfaces", exc_info=True)
        return []
    found = []
    for adapter in adapters:
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6: (address, flowinfo, scope) — phones join over IPv4
            try:
                a = ipaddress.IPv4Address(ip.ip)
            except ValueError:
                continue
            if a.is_private and not (a.is_loopback or a.is_link_local or a.is_unspecified):
                found.append(str(a))
    return sorted(set(found), key=lambda s: tuple(int(x) for x in s.split(".")))


@dataclass
class TableMode:
    """What the invite screen shows and may change: the code, the join addresses, how many
    devices are connected; a new code; the end of table mode."""

    port: int
    addresses: list[str]
    access: TableAccess
    _stop_lan: Optional[Callable[[], None]] = field(default=None, repr=False)

    @property
    def code(self) -> str:
        return self.access.code

    @property
    def shown_code(self) -> str:
        return show_code(self.access.code)

    @property
    def ended(self) -> bool:
        return self.access.ended

    @property
    def devices(self) -> int:
        return self.access.devices

    @property
    def paused(self) -> int:
        """Whole seconds until new phones may join again after many wrong codes (0: they may)."""
        return math.ceil(self.access.paused())

    def join_urls(self) -> list[str]:
        return [f"http://{a}:{self.port}/?code={self.code}" for a in self.addresses]

    def local_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/?code={self.code}"

    def join_url(self) -> str:
        """The address the phones should use (the first LAN address), else this computer's."""
        urls = self.join_urls()
        return urls[0] if urls else self.local_url()

    def qr_png(self, url: Optional[str] = None) -> bytes:
        """The join URL as a QR code: PNG bytes, dark on white, with its quiet zone."""
        import segno  # when the code is first shown (load cost)

        buf = io.BytesIO()
        segno.make(url or self.join_url(), error="m").save(buf, kind="png", scale=10, dark="#102a36", light="#ffffff")
        return buf.getvalue()

    def new_code(self) -> str:
        """A new code: the old one stops working and the phones joined with it are cut off."""
        return self.access.renew()

    def end(self) -> None:
        """Stop table mode: the LAN listener closes; this computer's browser stays."""
        self.access.end()
        if self._stop_lan is not None:
            self._stop_lan()


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.setblocking(False)
    return sock


def free_port_near(port: int, addresses: list[str] = ()) -> int:
    """A port other than ``port`` that this machine can listen on now (on loopback and on
    ``addresses``): the next ones up first, else one the system picks."""
    for candidate in [p for p in range(port + 1, port + 50) if p <= 65535] + [0]:
        socks = []
        try:
            socks.append(_listen("127.0.0.1", candidate))
            found = socks[0].getsockname()[1]
            socks.extend(_listen(a, found) for a in addresses)
            if found != port:
                return found
        except OSError:
            continue
        finally:
            for sock in socks:
                sock.close()
    return port + 1


def _say(line: str = "") -> None:
    print(line, flush=True)


def _both(msg: str, sep: str = " / ") -> str:
    """``msg`` (an English msgid) in Russian, then in English: the console speaks to whoever
    started the app, in both languages (from the catalogs, companion/base/i18n.py)."""
    return sep.join(translate(lang, msg) for lang in LANGS)


def quiet_send_message() -> bool:
    """Flet 1.0.5's web server formats every message it sends into a debug line, whether or not
    debug logging is on (``transport_log.debug(f"send_message: {message}")`` in
    ``FletApp.send_message``): the repr of every control of every update, a tenth of the
    server's CPU at a table of four. Send the same bytes without it. Done only where the method
    is still that code (a later Flet keeps its own); returns whether it was done."""
    try:
        from flet_web.fastapi import flet_app  # table mode's web server only (load cost)
    except ImportError:  # no web server here (the phone edition)
        return False
    cls = flet_app.FletApp
    if getattr(cls.send_message, "_kity_quiet", False):
        return True
    try:
        source = inspect.getsource(cls.send_message)
    except (OSError, TypeError):
        return False
    if ('transport_log.debug(f"send_message: {message}")' not in source
            or "self.__send_queue.put_nowait" not in source):
        return False
    packb, encode, base = flet_app.msgpack.packb, flet_app.configure_encode_object_for_msgpack, flet_app.BaseControl

    def send_message(self, message):
        if flet_app.transport_log.isEnabledFor(logging.DEBUG):
            flet_app.transport_log.debug("send_message: %s", message)
        body = packb([message.action, message.body], default=encode(base))
        self._FletApp__send_queue.put_nowait(b"\x00" + body)

    send_message._kity_quiet = True
    cls.send_message = send_message
    return True


def serve(asgi_app, *, port: int, table: bool, fixed_code: Optional[str] = None,
          open_browser: bool = True) -> int:
    """Serve ``asgi_app`` (Flet's web app) until stopped; return the exit status."""
    global _CURRENT
    import uvicorn  # (the same)

    quiet_send_message()
    # Flet's expiry of a closed session, the backstop of release_when_gone (read by each
    # connection as it opens)
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(KEEP_CLOSED + 5))

    addresses = lan_addresses() if table else []
    access = TableAccess(fixed_code) if table else None
    hosts = ["127.0.0.1", "localhost", *addresses]
    guard = Guard(asgi_app, port=port, hosts=hosts, access=access)
    try:
        local_sock = _listen("127.0.0.1", port)
        lan_socks = [_listen(a, port) for a in addresses]
    except OSError as e:
        other = free_port_near(port, addresses)
        for lang in LANGS:
            _say(translate(lang, N_("Kity: port {port} is in use ({error}). Is Киты already running? "
                                    "A free port: KITY_PORT={other}")).format(port=port, error=e.strerror, other=other))
        return 1

    def config(lifespan: str) -> uvicorn.Config:
        # A websocket that never registers keeps a Flet task waiting for ever: without a
        # limit, stopping the app would wait for it.
        return uvicorn.Config(guard, ws="websockets-sansio", lifespan=lifespan, log_level="warning",
                              access_log=False, timeout_graceful_shutdown=3)

    local = uvicorn.Server(config("on"))
    lan = uvicorn.Server(config("off")) if lan_socks else None
    if table:
        mode = TableMode(port, addresses, access)

        def stop_lan() -> None:
            if lan is not None:
                lan.should_exit = True

        mode._stop_lan = stop_lan
        _CURRENT = mode
        _say(f"Киты — {_both(N_('table mode'))}")
        if addresses:
            for url in mode.join_urls():
                _say(f"{_both(N_('Join'))}: {url}")
        else:
            _say(_both(N_("No LAN address: phones cannot join; this computer only."), " "))
            _say(f"{_both(N_('Join'))}: {mode.local_url()}")
        _say(f"{_both(N_('Table code'))}: {mode.shown_code}")
        _say(_both(N_("Phones: scan the QR code on the «Invite players» screen."), " "))
        url = mode.local_url()
    else:
        url = f"http://127.0.0.1:{port}/"
        _say(f"Киты: {url}  ({_both(N_('this computer only'))}; Ctrl+C — {_both(N_('quit'))})")
    if open_browser:
        _open(url)

    async def run_all() -> None:
        tasks = [asyncio.create_task(local.serve(sockets=[local_sock]))]
        if lan is not None:
            tasks.append(asyncio.create_task(lan.serve(sockets=lan_socks)))
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        if local.should_exit or tasks[0] in done:  # the app is stopping: the LAN goes too
            if lan is not None:
                lan.should_exit = True
        await asyncio.gather(*tasks, return_exceptions=True)

    try:
        asyncio.run(run_all())
    except KeyboardInterrupt:
        pass
    finally:
        _CURRENT = None
    return 0


def _open(url: str) -> None:
    """Open the browser when there is a screen to open it on (not in tests, not over SSH)."""
    if os.environ.get("KITY_NO_BROWSER") or os.environ.get("FLET_FORCE_WEB_SERVER"):
        return
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        _say(_both(N_("No display: open the address above in a browser."), " "))
        return
    try:
        webbrowser.open(url)
    except Exception:
        log.warning("could not open the browser", exc_info=True)
