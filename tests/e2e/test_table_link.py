"""The table link of the phone edition (issue 40): ``companion/web/table-link.js`` in chromium.

Not the whole phone edition: a tiny page that loads table-link.js (served from a temp folder by
``python3 -m http.server``) and stands in for Python, talking to it over the BroadcastChannel
"kity-table" as the app's worker does. Two or three browser contexts (own profiles) are the
phones; they link through the codec strings only (docs/table-link.md).
"""
from __future__ import annotations

import base64
import io
import json
import os
import shutil
import sys
import time
import zlib
from pathlib import Path

import pytest
import segno
from segno import consts

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, REPO
from .phone import serve

WEB = REPO / "companion" / "web"
CHANNEL = "kity-table"

# The stand-in for Python: what the app's worker does with `from js import BroadcastChannel`.
PAGE = """<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="table-link.js"></script></head><body style="margin:0;background:#fff">
<script>
  window.events = [];
  const python = new BroadcastChannel("%s");
  python.onmessage = (e) => window.events.push(e.data);
  window.op = (m) => python.postMessage(m);
</script></body></html>""" % CHANNEL

A45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def unbase45(text: str) -> bytes:  # RFC 9285, written here from the RFC, not from the script
    out = bytearray()
    for i in range(0, len(text), 3):
        chunk = [A45.index(c) for c in text[i:i + 3]]
        n = sum(v * 45 ** k for k, v in enumerate(chunk))
        out += n.to_bytes(2 if len(chunk) == 3 else 1, "big")
    return bytes(out)


def tamper45(code: str) -> str:
    """One character of a base45 code changed, still valid base45 (the most significant digit
    of a triple made one smaller or larger)."""
    i = 3 * (len(code) // 6) + 2
    v = A45.index(code[i])
    return code[:i] + A45[v - 1 if v else 1] + code[i + 1:]


def unbase32(text: str) -> bytes:
    return base64.b32decode(text + "=" * (-len(text) % 8))


def checked(raw: bytes, kind: int) -> bytes:
    """The packed bytes as docs/table-link.md describes them: header, kind, CRC."""
    assert raw[0] == 0xA1, "byte 0: 0xA0 | version 1"
    assert raw[1] >> 4 == kind
    assert int.from_bytes(raw[-2:], "big") == zlib.crc32(raw[:-2]) & 0xFFFF
    return raw


def qr_version(*segments) -> int:
    return segno.make_qr(list(segments), error="m", boost_error=False).version


@pytest.fixture(scope="module")
def link_site(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}")
    root = tmp_path_factory.mktemp("table-link")
    shutil.copytree(WEB, root, dirs_exist_ok=True)
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "favicon.ico").write_bytes(b"")
    url, srv = serve(root)
    yield {"url": url, "root": root}
    srv.terminate()
    srv.wait(5)


class Tab:
    """One phone: a context of its own and the page standing in for its Python."""

    def __init__(self, browser, site, url: str | None = None, hello: bool = True):
        self.ctx = browser.new_context(viewport=PHONE, locale="ru-RU")
        self.ctx.set_default_timeout(20000)
        self.left_origin: list[str] = []
        origin = site["url"]

        def keep_in(route):  # nothing leaves the page's origin (no CDN; STUN would not show here)
            if route.request.url.startswith(origin):
                route.fallback()
            else:
                self.left_origin.append(route.request.url)
                route.abort()
        self.ctx.route("**/*", keep_in)
        self.page = self.ctx.new_page()
        self.page.goto(url or site["url"])
        if hello:
            self.op(op="hello")
            self.wait("hello")

    def op(self, **msg) -> None:
        self.page.evaluate("m => op(m)", msg)

    def clear(self) -> None:
        self.page.evaluate("events.length = 0")

    def events(self, ev: str | None = None) -> list[dict]:
        return [e for e in self.page.evaluate("events") if ev is None or e["ev"] == ev]

    def wait(self, ev: str, n: int = 1, **match) -> dict:
        """The n-th event `ev` (whose fields equal `match`)."""
        js = """([ev, n, match]) => events.filter(e => e.ev === ev &&
                  Object.entries(match).every(([k, v]) => e[k] === v)).length >= n"""
        self.page.wait_for_function(js, arg=[ev, n, match])
        return [e for e in self.events(ev) if all(e.get(k) == v for k, v in match.items())][n - 1]

    def close(self) -> None:
        assert not self.left_origin, self.left_origin
        self.ctx.close()


def link(host: Tab, guest: Tab, n: int = 1) -> tuple[dict, dict, dict]:
    """Host invites, guest answers, host accepts: the codec strings are all that travel."""
    host.op(op="invite")
    invite = host.wait("invite", n)
    guest.op(op="join", code=invite["code"])
    answer = guest.wait("answer")
    host.op(op="accept", code=answer["code"])
    opened = host.wait("open", peer=invite["peer"])
    guest.wait("open", peer="host")
    return invite, answer, opened


@pytest.mark.e2e
def test_two_phones_link_by_codes_and_refuse_the_rest(browser, link_site, capsys):
    host = Tab(browser, link_site)
    host.op(op="invite")
    invite = host.wait("invite")
    assert invite["url"] == link_site["url"] + "#join=" + invite["code"]

    # a phone that opens the invitation's URL (the camera app) hears of it once Python listens
    a = Tab(browser, link_site, url=invite["url"], hello=False)
    a.page.wait_for_timeout(300)
    assert a.events() == [], "nothing is posted before Python speaks"
    assert a.page.evaluate("location.hash") == "", "the app's router never sees #join="
    a.op(op="hello")
    assert a.wait("join-link")["code"] == invite["code"]

    a.op(op="join", code=invite["code"])
    answer = a.wait("answer")
    assert answer["table"] == invite["table"]
    offer_raw = checked(unbase32(invite["code"]), 1)
    answer_raw = checked(unbase45(answer["code"]), 2)
    assert offer_raw[2:10].hex() == invite["table"]
    assert answer_raw[2:18] == offer_raw[10:26], "the answer carries the invitation's secret back"

    # a second phone scans the same invitation (as a URL this time): it may answer, but the
    # host takes one answer per invitation
    b = Tab(browser, link_site)
    b.op(op="join", code=invite["url"])
    answer_b = b.wait("answer")

    host.op(op="accept", code=answer["code"])
    t0 = time.perf_counter()
    opened = host.wait("open", peer=invite["peer"])
    link_s = time.perf_counter() - t0
    a.wait("open", peer="host")
    host.op(op="accept", code=answer_b["code"])
    assert host.wait("error", op="accept")["reason"] == "used"
    host.op(op="accept", code=answer["code"])
    assert host.wait("error", 2, op="accept")["reason"] == "used"

    # messages both ways, as they are (UTF-8 text)
    word = "Ход: 🐋 Кит-7 «Вжух!»"
    host.op(op="send", peer=invite["peer"], data=word)
    assert a.wait("message")["data"] == word
    a.op(op="send", peer="host", data=json.dumps({"seen": 3, "action": "play"}))
    got = host.wait("message")
    assert got["peer"] == invite["peer"] and json.loads(got["data"]) == {"seen": 3, "action": "play"}

    # hostile or mistaken input: refused with a reason, never thrown at the page
    tampered = invite["code"][:40] + ("A" if invite["code"][40] != "A" else "B") + invite["code"][41:]
    refusals = [
        (b, "join", tampered, "checksum"),
        (b, "join", "https://example.org/menu", "not-kity"),
        (b, "join", "WIFI:S:cafe;T:WPA;P:secret;;", "not-kity"),
        (b, "join", answer["code"], "wrong-kind"),
        (b, "join", "", "empty"),
        (b, "join", "A" * 5000, "too-long"),
        (host, "accept", invite["code"], "wrong-kind"),
        (host, "accept", tamper45(answer["code"]), "checksum"),
    ]
    for tab, op, code, reason in refusals:
        tab.clear()
        tab.op(op=op, code=code)
        assert tab.wait("error", op=op)["reason"] == reason, (op, code[:50])
    host.op(op="join", code=12345)
    assert host.wait("error", op="join")["reason"] == "not-kity"
    b.clear()
    b.op(op="unknown")
    assert b.wait("error")["reason"] == "bad-op"

    # an oversized message is refused where it is sent; a forged (binary) one where it arrives
    host.clear()
    big = "я" * (128 * 1024 + 1)  # 256 KiB + 2 bytes of UTF-8
    a.op(op="send", peer="host", data=big)
    assert a.wait("error", op="send")["reason"] == "too-big"
    a.page.evaluate("kityTableLink._channel('host').send(new Uint8Array([1, 2, 3]))")
    assert host.wait("error", op="receive")["reason"] == "bad-data"
    a.op(op="send", peer="host", data="after")
    host.wait("message", data="after")
    assert [e["data"] for e in host.events("message")] == ["after"], "neither the big nor the binary one"

    # the host drops the phone: both sides hear it; the old invitation stays dead
    host.op(op="drop", peer=invite["peer"])
    assert host.wait("close", peer=invite["peer"])["reason"] == "dropped"
    a.wait("close", peer="host")
    host.op(op="send", peer=invite["peer"], data="x")
    assert host.wait("error", op="send")["reason"] == "no-peer"

    url_prefix = invite["url"][: -len(invite["code"])]
    v_invite = qr_version((url_prefix, consts.MODE_BYTE), (invite["code"], consts.MODE_ALPHANUMERIC))
    v_invite_b64 = qr_version(url_prefix + base64.urlsafe_b64encode(offer_raw).decode().rstrip("="))
    v_answer = qr_version(answer["code"])
    v_answer_b64 = qr_version(base64.urlsafe_b64encode(answer_raw).decode().rstrip("="))
    assert v_invite <= v_invite_b64 and v_answer <= v_answer_b64
    with capsys.disabled():
        print(f"\ntable link: invitation {invite['bytes']} B → {len(invite['code'])} chars base32, URL QR "
              f"version {v_invite} (M; base64url would be {v_invite_b64}); answer {answer['bytes']} B → "
              f"{len(answer['code'])} chars base45, QR version {v_answer} (M; base64url {v_answer_b64}); "
              f"answer applied → channel open {opened.get('ms')} ms (page), {link_s * 1000:.0f} ms (test)")
    for tab in (host, a, b):
        tab.close()


@pytest.mark.e2e
def test_linking_needs_no_network(browser, link_site):
    """The pages loaded, then the server that served them is gone and every request fails:
    the host candidates of the table's Wi-Fi (here, this machine) are all a link needs. Then
    the network cut by the browser (`set_offline`): the link goes on.

    (Linking *under* chromium's `set_offline` does not work: in chromium 156 it drops the ICE
    checks of a new peer connection too — 30 requests sent, none received, as if the phone were
    in airplane mode, not on a Wi-Fi without internet; an open link is not affected.)"""
    url, srv = serve(link_site["root"])
    site = {"url": url}
    try:
        host, guest = Tab(browser, site), Tab(browser, site)
    finally:
        srv.terminate()
        srv.wait(5)
    for tab in (host, guest):
        tab.ctx.route("**/*", lambda route: route.abort())
        assert tab.page.evaluate("fetch(location.href).then(() => 'reached', () => 'cut')") == "cut"
    invite, _answer, _opened = link(host, guest)
    guest.op(op="send", peer="host", data="no server")
    assert host.wait("message")["data"] == "no server"
    for tab in (host, guest):
        tab.ctx.set_offline(True)
    host.op(op="send", peer=invite["peer"], data="offline")
    assert guest.wait("message")["data"] == "offline"
    guest.op(op="send", peer="host", data="still here")
    assert host.wait("message", 2)["data"] == "still here"
    host.ctx.close()
    guest.ctx.close()


@pytest.mark.e2e
def test_a_host_links_nine_phones_and_no_tenth(browser, link_site, capsys):
    """Up to 9 guests per host (10 players, the games' limit), one peer connection each; a
    message to each arrives at that phone only."""
    host = Tab(browser, link_site)
    guests = [Tab(browser, link_site) for _ in range(9)]
    t0 = time.perf_counter()
    peers = [link(host, g, n)[0]["peer"] for n, g in enumerate(guests, 1)]
    nine_s = time.perf_counter() - t0
    assert len(set(peers)) == 9
    for peer, g in zip(peers, guests):
        host.op(op="send", peer=peer, data=f"to {peer}")
    for peer, g in zip(peers, guests):
        assert g.wait("message")["data"] == f"to {peer}"
    assert all(len(g.events("message")) == 1 for g in guests), "each message reached its phone only"
    host.op(op="invite")
    assert host.wait("error", op="invite")["reason"] == "full"
    host.op(op="drop", peer=peers[0])
    guests[0].wait("close", peer="host")
    host.op(op="invite")  # a place is free again
    assert host.wait("invite", 10)["peer"] not in peers
    with capsys.disabled():
        print(f"\ntable link: nine phones linked one after another in {nine_s:.1f} s")
    for tab in (host, *guests):
        tab.close()


def y4m(path: Path, text: str | None, w: int = 640, h: int = 480) -> None:
    """A fake camera's video: `text` as a QR code on white (or white alone), two frames."""
    from PIL import Image

    frame = Image.new("L", (w, h), 255)
    if text is not None:
        buf = io.BytesIO()
        segno.make_qr(text, error="m").save(buf, kind="png", scale=1, border=4)
        img = Image.open(io.BytesIO(buf.getvalue())).convert("L")
        k = (min(w, h) - 40) // img.width
        img = img.resize((img.width * k, img.height * k), Image.NEAREST)
        frame.paste(img, ((w - img.width) // 2, (h - img.height) // 2))
    chroma = bytes([128]) * (w // 2 * h // 2)
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{w} H{h} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(2):
            f.write(b"FRAME\n" + frame.tobytes() + chroma + chroma)


@pytest.mark.e2e
def test_scanning_real_qr_codes_with_a_camera(browser, link_site, tmp_path, capsys):
    """The whole join path through QR codes read by the page's own scanner (jsQR here: no
    BarcodeDetector in Linux chromium) from a fake camera playing the code's picture."""
    cam = tmp_path / "camera.y4m"
    y4m(cam, None)
    camera_browser = browser.browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + [
        "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={cam}"])
    try:
        host, guest = Tab(camera_browser, link_site), Tab(camera_browser, link_site)
        assert guest.wait("hello")["scanner"] == "jsQR"

        # a camera that sees no code: the overlay waits; «Отмена / Cancel» closes it
        guest.op(op="scan")
        cancel = guest.page.locator("#kity-scan-cancel")
        cancel.wait_for()
        guest.page.wait_for_function("document.querySelector('#kity-scan video').videoWidth > 0")
        folder = REPO / "docs" / "screenshots" if os.environ.get("KITY_SCREENSHOTS") == "1" else tmp_path
        shot = folder / "table-link-scan-phone.png"
        guest.page.screenshot(path=str(shot))
        box = cancel.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44 and box["y"] + box["height"] <= PHONE["height"]
        assert "Отмена" in cancel.inner_text() and "Cancel" in cancel.inner_text()
        cancel.click()
        assert guest.wait("scan-error")["reason"] == "cancelled"
        assert guest.page.locator("#kity-scan").count() == 0
        guest.page.wait_for_timeout(200)  # the camera's track ends with the overlay
        assert guest.page.evaluate("document.querySelector('video')") is None

        host.op(op="invite")
        invite = host.wait("invite")
        y4m(cam, invite["url"])  # the host's screen, as the guest's camera sees it
        guest.op(op="scan")
        t0 = time.perf_counter()
        scanned = guest.wait("scanned")
        scan_invite_s = time.perf_counter() - t0
        assert scanned["text"] == invite["url"]
        guest.op(op="join", code=scanned["text"])
        answer = guest.wait("answer")

        y4m(cam, answer["code"])  # the guest's screen, as the host's camera sees it
        host.op(op="scan", hint="Наведите камеру на ответ", cancel="Отмена")
        t0 = time.perf_counter()
        scanned = host.wait("scanned")
        scan_answer_s = time.perf_counter() - t0
        assert scanned["text"] == answer["code"]
        host.op(op="accept", code=scanned["text"])
        opened = host.wait("open", peer=invite["peer"])
        linked_s = time.perf_counter() - t0
        guest.wait("open", peer="host")
        guest.op(op="send", peer="host", data="через камеру")
        assert host.wait("message")["data"] == "через камеру"
        with capsys.disabled():
            print(f"\ntable link by camera: invitation QR read in {scan_invite_s:.2f} s, answer QR in "
                  f"{scan_answer_s:.2f} s; answer scan started → linked {linked_s:.2f} s "
                  f"(applied → open {opened.get('ms')} ms); screenshot {shot}")
        host.close()
        guest.close()
    finally:
        camera_browser.close()


def test_the_phone_edition_ships_and_precaches_the_link(tmp_path):
    """scripts/publish.py copies companion/web/ into the build, index.html loads table-link.js
    before python.js, and the service worker lists it (no browser needed)."""
    sys.path.insert(0, str(REPO / "scripts"))
    import flet_web
    import publish

    out = tmp_path / "web"
    out.mkdir()
    shutil.copy(Path(flet_web.get_package_web_dir()) / "index.html", out / "index.html")
    publish.table_link(out, REPO)
    html = (out / "index.html").read_text(encoding="utf-8")
    assert html.index('<script src="table-link.js"></script>') < html.index('<script src="python.js"></script>')
    # issue 53: the page answers a picked file's upload itself, with or without a service worker
    assert html.index('<script src="file-import.js"></script>') < html.index('<script src="python.js"></script>')
    assert (out / "table-link.js").read_bytes() == (WEB / "table-link.js").read_bytes()
    assert (out / "file-import.js").read_bytes() == (WEB / "file-import.js").read_bytes()
    assert (out / "vendor" / "jsQR.js").is_file() and (out / "vendor" / "jsQR.LICENSE").is_file()
    publish.service_worker(out)
    sw = (out / "sw.js").read_text(encoding="utf-8")
    files = json.loads(sw.split("const FILES = ", 1)[1].split(";  //", 1)[0])
    assert {"table-link.js", "file-import.js", "vendor/jsQR.js"} <= set(files)
    import gzip
    import tarfile

    archive = publish.app_archive(REPO, [], ["companion"])  # the app's own files, no dependencies
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(archive))) as tar:
        names = tar.getnames()
    assert "companion/app.py" in names
    assert not [n for n in names if n.startswith("companion/web/")], "the page's scripts stay out of Python's archive"
