"""Issue 53, «Without a service worker»: the phone edition reads a picked file through an upload
that only the app's service worker answered, so with none (plain http under a LAN name, service
workers off) the first pick of any file was refused, and the next pick read the whole file
before its size was looked at. Now the page answers the upload itself and hands the bytes over
on a BroadcastChannel (companion/web/file-import.js): Python's side of it, without a browser —
the worker's ``js`` and ``pyodide.ffi`` faked, the page played by the fake picker."""
from __future__ import annotations

import asyncio
import sys
import types

import pytest

from companion.widgets import records
from test_session_helpers import run_coroutine

RECORD = '{"format": "vzhuh/1"}'.encode()


class Channel:
    """``BroadcastChannel`` as the worker sees it."""

    def __init__(self, name: str):
        self.name, self.onmessage, self.closed = name, None, False
        PAGE.channels.append(self)

    def close(self) -> None:
        self.closed = True


class Buffer:
    def __init__(self, data: bytes):
        self.data = data

    def to_py(self):
        return memoryview(self.data)


class File:
    """A picked file's handle as the worker gets it: read only when asked."""

    def __init__(self, data: bytes):
        self.data, self.reads = data, 0

    async def arrayBuffer(self):  # noqa: N802 — the JavaScript name
        self.reads += 1
        return Buffer(self.data)


class Proxy:
    def __init__(self, fn):
        self.fn, self.destroyed = fn, False

    def __call__(self, e):
        return self.fn(e)

    def destroy(self) -> None:
        self.destroyed = True


class Page:
    """What the page does when the web client uploads a picked file: file-import.js posts the
    bytes (``hands``: before or after the upload's end is reported; None: no such script)."""

    def __init__(self):
        self.channels: list[Channel] = []
        self.hands: str | None = "before"
        self.uploads: dict = {}
        self.uploaded: list[str] = []

    def post(self, path: str, data: bytes) -> None:
        for c in self.channels:
            if c.name == records.IMPORT_CHANNEL and c.onmessage is not None and not c.closed:
                c.onmessage(types.SimpleNamespace(data=types.SimpleNamespace(kityImport=path, bytes=Buffer(data))))

    def give(self, name: str, data: bytes) -> None:
        """The page's file input gave a file: file-import.js posts its handle, unread."""
        for c in self.channels:
            if c.name == records.IMPORT_CHANNEL and c.onmessage is not None and not c.closed:
                c.onmessage(types.SimpleNamespace(data=types.SimpleNamespace(
                    kityPicked=name, size=len(data), file=File(data))))

    async def upload(self, files) -> None:
        self.uploaded.append(files[0].name)
        f = files[0]
        assert f.upload_url.startswith("/kity-import/")
        done = self.uploads[f.name]
        loop = asyncio.get_running_loop()
        if self.hands == "before":
            self.post("/kity-import/someone-else", b"not this one")  # another pick's bytes: not taken
            self.post(f.upload_url, RECORD)
            loop.call_soon(done.set_result, None)
        elif self.hands == "after":
            loop.call_soon(done.set_result, None)
            loop.call_later(0.05, self.post, f.upload_url, RECORD)
        else:
            loop.call_soon(done.set_result, None)  # a 204 from nowhere, and no bytes


PAGE = Page()


@pytest.fixture()
def worker(monkeypatch):
    """The browser's Python as far as the file import goes: no service worker (no ``caches``)."""
    global PAGE
    PAGE = Page()
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(BroadcastChannel=types.SimpleNamespace(new=Channel)))
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(records, "HANDED_WITHIN", 0.5, raising=False)
    monkeypatch.setattr(records, "IN_BROWSER", True)
    svc = {"picker": PAGE, "uploads": PAGE.uploads}
    return svc


def picked(size: int = len(RECORD)):
    return types.SimpleNamespace(name="vzhuh.json", id=0, size=size, path=None, bytes=None)


@pytest.mark.parametrize("when", ["before", "after"])
def test_the_first_pick_is_read_without_a_service_worker(worker, when):
    PAGE.hands = when
    assert run_coroutine(records._read_picked(worker, picked())) == RECORD
    assert PAGE.channels and all(c.closed and c.onmessage is None for c in PAGE.channels)  # nothing left listening
    assert worker["uploads"] == {}


def test_a_page_that_hands_nothing_is_said_not_read_and_never_hangs(worker):
    PAGE.hands = None
    with pytest.raises(records.BrowserReadFailed):
        run_coroutine(asyncio.wait_for(records._read_picked(worker, picked()), 5))
    assert all(c.closed for c in PAGE.channels)


def test_the_size_is_refused_before_anything_is_read():
    """Refused from the size the picker gives alone (the pick asks for no bytes: ``with_data``
    is never set), for a record and for an archive alike."""
    import inspect

    assert records.size_refusal("big.json", 20 * 2**20).key == "session.file-too-big"
    assert records.size_refusal("kity-archive_2026-11-29.json", 60 * 2**20).key == "session.archive-too-big"
    src = inspect.getsource(records.ImportPanel)
    assert "with_data=False" in src and "with_data=IN_BROWSER" not in src


def test_a_picked_files_handle_is_read_here_and_nothing_is_uploaded(worker, monkeypatch):
    """The page posts the picked file's handle (companion/web/file-import.js): read in the
    worker, the web client is never asked to upload it (its upload copied a 30 MB archive byte
    by byte on the screen's thread: a 0.4 s freeze). Another file's handle is not taken."""
    monkeypatch.setattr(records, "PICKED_WITHIN", 2.0)

    async def go():
        picks = records.page_picks()  # opened before the picker, as the import panel does
        try:
            PAGE.give("other.json", b"not this one")
            asyncio.get_running_loop().call_later(0.05, PAGE.give, "vzhuh.json", RECORD)  # after the picker answered
            return await records._read_picked(worker, picked(), picks)
        finally:
            picks.close()

    assert run_coroutine(go()) == RECORD
    assert PAGE.uploaded == []
    assert all(c.closed and c.onmessage is None for c in PAGE.channels)


def test_no_handle_from_the_page_means_the_upload_as_before(worker, monkeypatch):
    monkeypatch.setattr(records, "PICKED_WITHIN", 0.1)

    async def go():
        picks = records.page_picks()
        try:
            return await records._read_picked(worker, picked(), picks)
        finally:
            picks.close()

    assert run_coroutine(go()) == RECORD
    assert PAGE.uploaded == ["vzhuh.json"]
