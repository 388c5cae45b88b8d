"""Issue 53, the archive going out in the phone edition: the web client's own download of the
29 MiB archive froze the screen 30–40 s, so Python hands the bytes to the page on a
BroadcastChannel and the page saves them (companion/web/file-export.js). Python's side of it,
without a browser — the worker's ``js`` and ``pyodide.ffi`` faked, the page played here."""
from __future__ import annotations

import asyncio
import sys
import types
from pathlib import Path

import pytest

from companion.widgets import records
from test_session_helpers import run_coroutine

ROOT = Path(__file__).resolve().parents[1]


class Bytes:
    """A JavaScript Uint8Array as the worker makes one."""

    def __init__(self, n: int):
        self.data = bytearray(n)

    def assign(self, data) -> None:
        self.data[:] = bytes(data)


class Blob:
    """A JavaScript Blob made in the worker (the page gets it without copying its bytes)."""

    def __init__(self, parts, options):
        self.parts, self.options = list(parts), options


class Channel:
    def __init__(self, name: str):
        self.name, self.onmessage, self.closed = name, None, False
        PAGE.channels.append(self)

    def postMessage(self, message) -> None:  # noqa: N802 (JavaScript's name)
        PAGE.heard(self, message)

    def close(self) -> None:
        self.closed = True


class Proxy:
    def __init__(self, fn):
        self.fn, self.destroyed = fn, False

    def __call__(self, e):
        return self.fn(e)

    def destroy(self) -> None:
        self.destroyed = True


class Page:
    """file-export.js: saves what it is handed and says so (``answers``: "saved", "failed", or
    None: a page without the script)."""

    def __init__(self):
        self.channels: list[Channel] = []
        self.answers: str | None = "saved"
        self.saved: list[tuple[str, str, bytes]] = []

    def heard(self, sender: Channel, message: dict) -> None:
        if self.answers is None:
            return
        key = message["kityExport"]
        if self.answers == "saved":
            blob = message["bytes"]
            assert isinstance(blob, Blob) and blob.options == {"type": message["type"]}
            self.saved.append((message["name"], message["type"], b"".join(bytes(p.data) for p in blob.parts)))
            reply = types.SimpleNamespace(kityExported=key)
        else:
            reply = types.SimpleNamespace(kityExported=key, error="QuotaExceededError")
        loop = asyncio.get_running_loop()
        other = types.SimpleNamespace(data=types.SimpleNamespace(kityExported="/kity-export/another-one"))
        loop.call_soon(sender.onmessage, other)  # another save's answer: not this one's
        loop.call_soon(sender.onmessage, types.SimpleNamespace(data=reply))


PAGE = Page()


@pytest.fixture()
def worker(monkeypatch):
    global PAGE
    PAGE = Page()
    js = types.SimpleNamespace(BroadcastChannel=types.SimpleNamespace(new=Channel),
                               Uint8Array=types.SimpleNamespace(new=Bytes), Blob=types.SimpleNamespace(new=Blob),
                               Object=types.SimpleNamespace(fromEntries=dict))
    monkeypatch.setitem(sys.modules, "js", js)
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy
    ffi.to_js = lambda value, dict_converter=None: dict_converter(value.items()) if isinstance(value, dict) \
        else list(value)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)


def test_the_page_saves_the_bytes_it_is_handed(worker):
    data = "{\"format\":\"kity-archive/1\",\"games\":[],\"people\":[{\"name\":\"Аня\"}]}".encode()
    assert run_coroutine(records.save_in_browser("kity-archive_2026-11-29.json", data)) is True
    assert PAGE.saved == [("kity-archive_2026-11-29.json", "application/json", data)]
    assert PAGE.channels and all(c.closed and c.onmessage is None for c in PAGE.channels)  # nothing left listening


@pytest.mark.parametrize("answers", [None, "failed"])
def test_a_page_that_does_not_save_it_is_said_so_and_never_hangs(worker, answers):
    """No file-export.js (an older page), or the page could not save: False, and the caller
    hands the file to the web client instead."""
    PAGE.answers = answers
    assert run_coroutine(asyncio.wait_for(records.save_in_browser("a.json", b"{}", within=0.3), 5)) is False
    assert PAGE.saved == [] and all(c.closed for c in PAGE.channels)


def test_the_build_loads_the_page_script():
    """scripts/publish.py copies companion/web/ into the build and index.html loads the script
    that answers on the channel Python posts to."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("publish", ROOT / "scripts" / "publish.py")
    publish = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(publish)
    assert "file-export.js" in publish.PAGE_SCRIPTS
    script = (ROOT / "companion" / "web" / "file-export.js").read_text(encoding="utf-8")
    assert f'new BroadcastChannel("{records.EXPORT_CHANNEL}")' in script
    assert "kityExported" in script and "kityExport" in script
