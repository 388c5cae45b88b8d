"""Words for what a correction changed, and the export/import panels of game records.

Shared by the score pad, history and statistics screens. Presentation only: every number shown
here was computed by the engine (through the session); texts with rule IDs come from the engine.
"""
from __future__ import annotations

import asyncio
import logging
import os
import uuid
from pathlib import Path
from typing import Any, Awaitable, Callable, NamedTuple, Optional

import flet as ft

from engine.core.games import MAX_BYTES

from ..base import ids
from ..core import packs
from ..base.file_names import import_limit, is_archive_name, record_file_name_of
from ..base.i18n import lang, t, tn
from ..base.platform import IN_BROWSER, off_loop, wait_saved
from ..ui.session import Notice
from .notices import action_text, session_text
from .services import page_services
from ..ui import TOUCH, probe, safe_render, section_title, tagged, use_app, use_latest, use_session

log = logging.getLogger("kity")


# ---------------------------------------------------------------------------------------------
# Session notices and changes → text
# ---------------------------------------------------------------------------------------------
def notice_text(notice) -> str:
    """The text of a session :class:`Notice` in the current language (engine texts keep their rule IDs)."""
    if notice is None:
        return ""
    try:
        if notice.kind == "changed":
            return t("Corrected. What changed:")
        text = session_text(notice)
        if notice.kind == "import" and notice.key == "session.archive-stopped":
            return text
        if notice.kind == "import" and notice.key == "session.archive-imported":
            # an archive's games are filed as they were kept: their rules are not replayed (issue 53)
            text += " " + t("The games were taken in as they were kept; their rules were not checked again.")
        elif notice.kind == "import":
            n = int(notice.params.get("violations", 0) or 0)
            text += " " + (tn("{n} rule was broken in it:", "{n} rules were broken in it:", n) if n
                           else t("No rule was broken in it."))
        return text
    except Exception:
        log.exception("notice text")
        return t("Something went wrong. Nothing was lost; please try again.")


def change_text(c, game: str = "") -> str:
    """One line of what a correction changed: a kind of ``game``'s own in the words its
    declaration gives it (:attr:`Game.change_lines`); every game's kinds worded here."""
    p = dict(c.params)
    lg = lang()
    k = c.key
    try:
        own = dict(packs.game(game).change_lines) if game else {}
    except KeyError:
        own = {}
    if k in own:
        return t(own[k]).format(**p)
    if k == "total":
        return t("Total of {player}: now {new} (before: {old}).").format(**p)
    if k == "violation-new":
        return t("New problem: {text}").format(text=p["violation"].text(lg))
    if k == "violation-gone":
        return t("No longer a problem: {text}").format(text=p["violation"].text(lg))
    if k == "entry-dropped":
        return t("Entry {n} no longer fits and is left out of the score: {entry}").format(
            n=int(p["index"]) + 1, entry=action_text(p.get("action") or {}, p.get("game", "")))
    if k == "winner":
        return (t("Winner now: {player}.").format(player=p["new"]) if p.get("new")
                else t("There is no winner now."))
    return k


def changes_panel(notice, on_close: Callable, ident: str = ids.HIST_CHANGES,
                  text: Callable[..., ft.Text] = ft.Text) -> ft.Control:
    """A calm card listing what an edit (or an import) changed, in the words of the notice's
    game; ``text`` makes its texts (e.g. with suit signs)."""
    game = notice.params.get("game", "")
    fg = ft.Colors.ON_SECONDARY_CONTAINER
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=ft.Padding.only(left=16, top=8, bottom=12, right=4),
        content=ft.Column([
            ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, color=fg),
                    ft.Container(ft.Text(notice_text(notice), size=17, weight=ft.FontWeight.W_600, color=fg),
                                 expand=True),
                    tagged(f"{ident}-close", ft.IconButton(ft.Icons.CLOSE, tooltip=t("Close"), on_click=on_close,
                                                           icon_color=fg))]),
            ft.Semantics(identifier=ident, content=ft.Column(
                [text(f"• {change_text(c, game)}", size=16, color=fg) for c in notice.changes], spacing=6)),
        ], spacing=4, tight=True),
    )


def violation_rows(violations, ident: str, round_word: Callable[[int], str] | None = None,
                   where: Callable[[Any], str] | None = None, text: Callable[..., ft.Text] = ft.Text) -> ft.Control:
    """The broken rules of a game; ``round_word`` names a round for games that call it
    otherwise (a party), ``where`` the whole place of a violation (a deal and its trick)."""
    lg = lang()
    if not violations:
        return probe(ident, t("No rule was broken."), size=16, color=ft.Colors.ON_SURFACE_VARIANT)
    fg = ft.Colors.ON_ERROR_CONTAINER
    rows = []
    for v in violations:
        place = (where(v) if where is not None
                 else t("round {round}, trick {trick}").format(round=v.round, trick=v.trick) if v.trick
                 else round_word(v.round) if round_word else t("round {round}").format(round=v.round))
        rows.append(ft.Container(
            bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=12,
            content=ft.Column([
                ft.Text(f"{v.rule} · {place}", size=15, weight=ft.FontWeight.W_600, color=fg),
                text(v.text(lg), size=16, color=fg),
            ], spacing=2, tight=True)))
    return ft.Semantics(identifier=ident, content=ft.Column(rows, spacing=8))


# ---------------------------------------------------------------------------------------------
# Export: save a file (web: a download), copy, share
# ---------------------------------------------------------------------------------------------
async def _read_picked(svc: dict, f, picks: Optional["PagePicks"] = None) -> bytes:
    """The bytes of a picked file: from its path where the platform gives one (phones,
    desktop), in the browser from the handle the page gave (``picks``) or else uploaded to the
    page, on a computer uploaded to this app over HTTP; never in a websocket message."""
    if f.path:
        return await off_loop(Path(f.path).read_bytes)
    if f.bytes is not None:  # read whole by the platform (the app never asks for it: with_data=False)
        return f.bytes
    if IN_BROWSER:  # an empty file has nothing to send (its upload would never report 100 %)
        return await _read_in_browser(svc, f, picks) if f.size else b""
    upload_dir = os.environ.get("FLET_UPLOAD_DIR")
    if not upload_dir:
        raise OSError("uploads are not set up")
    page = ft.context.page
    name = f"import-{uuid.uuid4().hex}.json"
    fut = asyncio.get_running_loop().create_future()
    svc["uploads"][f.name] = fut
    try:
        await svc["picker"].upload([ft.FilePickerUploadFile(upload_url=page.get_upload_url(name, 120), id=f.id,
                                                            name=f.name)])
        error = await asyncio.wait_for(fut, 120)
        if error:
            raise OSError(str(error))
        path = Path(upload_dir) / name
        try:
            return await off_loop(path.read_bytes)
        finally:
            path.unlink(missing_ok=True)
    finally:
        svc["uploads"].pop(f.name, None)


def progress_box(ident: str, words: str, done: int, total: int, *extra: ft.Control) -> ft.Control:
    """A long piece of work a step at a time (an archive taken in or saved): its words («… игра N
    из M»), a bar of ``done`` of ``total`` (running, with no total yet), and ``extra`` keys."""
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=12,
        content=ft.Column([
            probe(ident, words, size=17, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.ProgressBar(value=done / total if total else None, bar_height=10, border_radius=5),
            *extra,
        ], spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


EXPORT_CHANNEL = "kity-export"  # where Python hands a file to the page to save (companion/web/file-export.js)
SAVED_WITHIN = 10.0             # s: the page's answer; none, and the web client saves the file


async def save_in_browser(name: str, data: bytes, kind: str = "application/json",
                          within: float = SAVED_WITHIN) -> bool:
    """The phone edition: the page saves ``data`` as the file ``name`` (a download), handed over
    on the BroadcastChannel :data:`EXPORT_CHANNEL` (companion/web/file-export.js; issue 53: the
    web client's own download of the 29 MiB archive froze the screen 30–40 s). True once the
    page said it saved it; False when no page answered within ``within`` seconds or it failed
    (the caller then saves through the web client)."""
    import js  # Pyodide: the worker's JavaScript globals
    from pyodide.ffi import create_proxy, to_js  # (the same)

    key = f"/kity-export/{uuid.uuid4().hex}"
    answered: asyncio.Future = asyncio.get_running_loop().create_future()

    def heard(e) -> None:
        try:
            d = e.data
            if getattr(d, "kityExported", None) == key and not answered.done():
                answered.set_result(getattr(d, "error", None))
        except Exception:  # another message on the channel, or one this page could not read
            log.debug("file export message", exc_info=True)

    channel = js.BroadcastChannel.new(EXPORT_CHANNEL)
    proxy = create_proxy(heard)
    channel.onmessage = proxy
    try:
        buf = js.Uint8Array.new(len(data))
        buf.assign(data)
        # a Blob made here, in the worker: the page gets it without a copy of its bytes on the
        # screen's thread (a 29 MiB copy there was a frame gap)
        blob = js.Blob.new(to_js([buf]), to_js({"type": kind}, dict_converter=js.Object.fromEntries))
        channel.postMessage(to_js({"kityExport": key, "name": name, "type": kind, "bytes": blob},
                                  dict_converter=js.Object.fromEntries))
        try:
            error = await asyncio.wait_for(asyncio.shield(answered), within)
        except (TimeoutError, asyncio.TimeoutError):
            return False
        if error:
            log.warning("the page could not save %s: %s", name, error)
            return False
        return True
    finally:
        channel.onmessage = None
        channel.close()
        proxy.destroy()


class Export(NamedTuple):
    """How a game record is handed out (:func:`use_export`): click handlers; ``share`` is None
    where there is no share sheet (a browser)."""
    save: Callable
    copy: Callable
    share: Optional[Callable]


def use_export(get_text: Callable[[], Optional[str]]) -> Export:
    """The handlers that hand out the record ``get_text()`` gives: as a file (a download in a
    browser, the phone edition too), to the clipboard, to the share sheet. The file's name is
    the one scheme of every game (:func:`companion.base.file_names.record_file_name_of`: game, date,
    players). Shared by the export panels and the game menu (issue 43)."""
    st = use_app()
    svc = page_services(ft.context.page)
    page = ft.context.page

    def text_or_tell() -> Optional[str]:
        text = get_text()
        if not text:
            st.show(lambda: t("This game has no record to export."), "problem")
        return text

    def handing(what: str, failed: Callable[[], str], hand: Callable[[str, str], Awaitable[None]]):
        """A button's handler: the record's text handed out by ``hand``; a failure is logged and said."""
        async def run(*_):
            text = text_or_tell()
            if not text:
                return
            try:
                await hand(text, record_file_name_of(text))
            except Exception:
                log.exception("%s record", what)
                st.show(failed, "problem")
        return run

    async def to_file(text: str, file_name: str):
        await svc["picker"].save_file(dialog_title=t("Save the game record"), file_name=file_name,
                                      src_bytes=text.encode("utf-8"))
        if page.web:
            st.show(lambda: t("The game record was downloaded: {name}").format(name=file_name))

    async def to_clipboard(text: str, _name: str):
        await svc["clip"].set(text)
        st.show(lambda: t("The game record was copied. Paste it into a message or a file."))

    async def to_share_sheet(text: str, file_name: str):
        await svc["share"].share_files([ft.ShareFile.from_bytes(text.encode("utf-8"), mime_type="application/json",
                                                              name=file_name)], title=file_name)

    return Export(handing("save", lambda: t("The file could not be saved. Try «Copy» instead."), to_file),
                  handing("copy", lambda: t("The record could not be copied on this device."), to_clipboard),
                  # the share sheet exists on phones; in a browser the file download does the job
                  None if page.web else handing(
                      "share", lambda: t("Sharing is not available here. Use «Save file» or «Copy»."),
                      to_share_sheet))


@ft.component
@safe_render
def ExportPanel(get_text: Callable[[], Optional[str]], ident: str):
    """Buttons that hand out a game record: as a file, to the clipboard, or to the share sheet."""
    out = use_export(get_text)
    buttons = [
        tagged(f"{ident}-save", ft.FilledTonalButton(t("Save file"), icon=ft.Icons.DOWNLOAD, height=TOUCH,
                                                     on_click=out.save, style=_big())),
        tagged(f"{ident}-copy", ft.OutlinedButton(t("Copy"), icon=ft.Icons.COPY, height=TOUCH,
                                                  on_click=out.copy, style=_big())),
    ]
    if out.share is not None:
        buttons.append(tagged(f"{ident}-share", ft.OutlinedButton(t("Share"), icon=ft.Icons.SHARE, height=TOUCH,
                                                                  on_click=out.share, style=_big())))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)


def _big() -> ft.ButtonStyle:
    return ft.ButtonStyle(text_style=ft.TextStyle(size=17), shape=ft.RoundedRectangleBorder(radius=12))


# ---------------------------------------------------------------------------------------------
# Import: pick a file or paste the text
# ---------------------------------------------------------------------------------------------
IMPORT_CACHE = "records-import"  # the service worker's cache of files being imported (scripts/publish.py)
IMPORT_CHANNEL = "kity-import"   # where the page hands a picked file over (companion/web/file-import.js)
HANDED_WITHIN = 10.0             # s after the upload ended: the bytes are on their way from the page
PICKED_WITHIN = 1.0              # s after the picker answered: the page's handle of the file is on its way


def size_refusal(file_name: Any, size: Any) -> Optional[Notice]:
    """Why a file of ``size`` bytes named ``file_name`` is refused unread (too large for a game
    record, or for an archive of games when it is named as one), else None."""
    limit = import_limit(file_name, MAX_BYTES)  # an archive of every kept game may be larger
    try:
        size = int(size)
    except (TypeError, ValueError):
        return None
    if size <= limit:
        return None
    key = "session.archive-too-big" if is_archive_name(file_name) else "session.file-too-big"
    return Notice("refused", key, {"size": size, "limit": limit})


class BrowserReadFailed(OSError):
    """The phone edition could not receive a picked file."""


def _listen(on_data: Callable[[Any], None]) -> Callable[[], None]:
    """Hear the page on :data:`IMPORT_CHANNEL` (the browser only): ``on_data`` gets each
    message's data (one it cannot read is passed over); returns what stops the listening."""
    import js  # Pyodide: the worker's JavaScript globals
    from pyodide.ffi import create_proxy  # (the same)

    def heard(e) -> None:
        try:
            on_data(e.data)
        except Exception:  # another message on the channel, or one this page could not read
            log.debug("file import message", exc_info=True)

    channel = js.BroadcastChannel.new(IMPORT_CHANNEL)
    proxy = create_proxy(heard)
    channel.onmessage = proxy

    def stop() -> None:
        channel.onmessage = None
        channel.close()
        proxy.destroy()
    return stop


class PagePicks:
    """The files the page's file input gave while one pick is on, by name and size: the page
    posts each picked file's handle (companion/web/file-import.js), no byte of it read there.
    Read in this worker, a picked file needs no upload: the web client's upload copied a 30 MB
    archive byte by byte on the screen's thread, a 0.4 s freeze (issue 53)."""

    def __init__(self) -> None:
        self.files: dict[tuple[str, int], Any] = {}
        self.came = asyncio.Event()
        self.close = _listen(self._heard)

    def _heard(self, d) -> None:
        name = getattr(d, "kityPicked", None)
        if name is not None:
            self.files[(str(name), int(d.size))] = d.file
            self.came.set()

    async def file(self, name: str, size: int, within: Optional[float] = None) -> Any:
        """The handle of the file picked as ``name`` of ``size`` bytes; None when none came
        within ``within`` s (default :data:`PICKED_WITHIN`) of asking."""
        key = (str(name), int(size))
        end = asyncio.get_running_loop().time() + (PICKED_WITHIN if within is None else within)
        while key not in self.files:
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                return None
            self.came.clear()
            try:
                await asyncio.wait_for(self.came.wait(), left)
            except (TimeoutError, asyncio.TimeoutError):
                return None
        return self.files[key]


def page_picks() -> Optional[PagePicks]:
    """What the page says of the next pick, heard from before the picker opens (None off the
    browser, or where the page cannot say it)."""
    if not IN_BROWSER:
        return None
    try:
        return PagePicks()
    except Exception:
        log.debug("no picked files from the page", exc_info=True)
        return None


async def _read_in_browser(svc: dict, f, picks: Optional[PagePicks] = None) -> bytes:
    """The phone edition (no server). First the picked file's handle the page gave (``picks``):
    read here, in the worker. Without one, the web client uploads the picked file (``PUT
    …/kity-import/<id>``), the page answers that upload itself and hands the bytes over on the
    BroadcastChannel :data:`IMPORT_CHANNEL` (companion/web/file-import.js; with or without a
    service worker, issue 53: without one the first pick was refused), read here once. A page
    without that script leaves the upload to the service worker, which keeps it in its cache
    :data:`IMPORT_CACHE`. Only a file within the size limit gets here: nothing is read before."""
    import js  # Pyodide: the worker's JavaScript globals

    if picks is not None:
        handle = await picks.file(f.name, f.size)
        if handle is not None:
            try:
                return bytes((await handle.arrayBuffer()).to_py())
            except Exception:  # the upload below may still bring it
                log.warning("a picked file not read from its handle", exc_info=True)

    path = f"/kity-import/{uuid.uuid4().hex}"
    loop = asyncio.get_running_loop()
    handed: asyncio.Future = loop.create_future()

    def heard(d) -> None:
        if getattr(d, "kityImport", None) == path and not handed.done():
            handed.set_result(bytes(d.bytes.to_py()))

    stop = _listen(heard)
    uploaded = loop.create_future()
    svc["uploads"][f.name] = uploaded
    try:
        await svc["picker"].upload([ft.FilePickerUploadFile(upload_url=path, id=f.id, name=f.name)])
        await asyncio.wait({handed, uploaded}, timeout=120, return_when=asyncio.FIRST_COMPLETED)
        if not handed.done():
            if not uploaded.done():
                raise BrowserReadFailed("the file was not handed over")
            if uploaded.result():
                raise BrowserReadFailed(str(uploaded.result()))
            try:  # the upload ended: the page's message may come a moment later
                await asyncio.wait_for(asyncio.shield(handed), HANDED_WITHIN)
            except (TimeoutError, asyncio.TimeoutError):
                return await _from_service_worker(js, path)
        return handed.result()
    finally:
        svc["uploads"].pop(f.name, None)
        stop()


async def _from_service_worker(js, path: str) -> bytes:
    """The upload as the app's service worker kept it (a page without file-import.js)."""
    caches = getattr(js, "caches", None)
    if caches is None:  # no service worker here (plain http under a LAN name): nothing kept
        raise BrowserReadFailed("the file did not reach the app")
    cache = await caches.open(IMPORT_CACHE)
    try:
        hit = await cache.match(path)
        if not hit:
            raise BrowserReadFailed("the file did not reach the app")
        return bytes((await hit.arrayBuffer()).to_py())
    finally:
        await cache.delete(path)


@ft.component
@safe_render
def ImportPanel():
    """Read a game record into the history; show its violations or the clear reason it was refused."""
    session = use_session()
    svc = page_services(ft.context.page)
    get_text, set_text = use_latest("")
    result, set_result = ft.use_state(None)  # (ok, notice)
    progress, set_progress = ft.use_state(None)  # an archive being taken in: (games looked at, games)
    stop = ft.use_ref(False)

    async def run(data) -> None:
        if session.archive.is_archive(data):
            await run_archive(data)
            return
        # off the event loop: a large record must not freeze the other tabs and phones
        out = await off_loop(session.archive.import_record, data)
        set_result((out.ok, out.notice))

    async def run_archive(data) -> None:
        """An archive of every kept game, a step at a time (issue 53): a bar of the games done
        and «Остановить»; between two steps the screen is live (the taps, the bar, the other
        tabs and phones). Stopped, the games taken in so far are kept."""
        steps = session.archive.import_archive_steps(data)

        def step():  # (progress, None) or (None, the outcome at the end)
            try:
                return next(steps), None
            except StopIteration as end:
                return None, end.value

        stop.current = False
        set_result(None)
        set_progress((0, 0))
        looked = total = 0
        try:
            while True:
                if stop.current:
                    steps.close()
                    set_result((True, Notice("import", "session.archive-stopped", {"looked": looked, "total": total})))
                    return
                got, out = await off_loop(step)
                if out is not None:
                    set_result((out.ok, out.notice))
                    return
                looked, total = got
                # the step's games copied to IndexedDB first (the phone edition holds the screen's
                # messages while a copy runs: with no pause the copies would chain and the bar
                # would not move); on the computer nothing to wait for
                await wait_saved()
                set_progress(got)
                await asyncio.sleep(0)  # the bar goes out, a tap on «Остановить» comes in
        finally:
            steps.close()
            set_progress(None)

    async def pick():
        picks = page_picks()  # heard from before the picker opens
        try:
            # the size first, the bytes only for a file that can be a record, every time (issue 43:
            # handing a 60 MB file's bytes to the browser's Python froze the screen 15 s before the
            # size refusal; issue 53: so did the second pick of a phone with no service worker)
            files = await svc["picker"].pick_files(dialog_title=t("Choose a game record"), with_data=False,
                                                   file_type=ft.FilePickerFileType.CUSTOM,
                                                   allowed_extensions=["json", "txt"])
            if not files:
                return
            f = files[0]
            too_big = size_refusal(f.name, f.size)
            if too_big is not None:  # refused before a byte is read
                set_result((False, too_big))
                return
            data = await _read_picked(svc, f, picks)
        except Exception:
            log.exception("pick record")
            set_result((False, None))
            return
        finally:
            if picks is not None:
                picks.close()
        await run(data)

    async def paste_import():
        await run(get_text())

    body = [
        section_title(t("Import a game record")),
        # the games by their names, not their record formats (issue 43: «kozyrnye-kity/1» is no word for a player)
        ft.Text(t("A game record file of any of these games, from this app or another table: {games}.").format(
            games=", ".join(g.title for g in packs.LIST)),
                size=15, color=ft.Colors.ON_SURFACE_VARIANT),
        tagged(ids.IMPORT_PICK, ft.FilledTonalButton(t("Choose a file"), icon=ft.Icons.UPLOAD_FILE, height=TOUCH,
                                                     on_click=pick, style=_big(), disabled=progress is not None)),
    ]
    if progress is not None:  # right under the key that started it; the paste field waits meanwhile
        looked, total = progress
        body.append(progress_box(
            ids.IMPORT_PROGRESS, t("Taking the archive in: game {looked} of {total}").format(
                looked=looked, total=total) if total else t("Reading the archive…"), looked, total,
            tagged(ids.IMPORT_STOP, ft.OutlinedButton(t("Stop taking it in"), icon=ft.Icons.STOP,
                                                      height=TOUCH, style=_big(),
                                                      on_click=lambda: setattr(stop, "current", True)))))
        return ft.Column(body, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    if result is not None:  # under the key too: seen where the person looks
        ok, notice = result
        if ok:
            vs = [c.params["violation"] for c in notice.changes if c.key == "violation-new"] if notice else []
            body.append(ft.Container(
                bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=12,
                content=ft.Column([probe(ids.IMPORT_RESULT, notice_text(notice), size=17,
                                         color=ft.Colors.ON_SECONDARY_CONTAINER),
                                   *([violation_rows(vs, ids.IMPORT_VIOLATIONS)] if vs else [])],
                                  spacing=8, tight=True)))
        else:
            text = notice_text(notice) if notice else t("The file could not be read.")
            body.append(ft.Container(
                bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=12,
                content=probe(ids.IMPORT_RESULT, t("Not imported, nothing was changed: {reason}").format(reason=text),
                              size=17, color=ft.Colors.ON_ERROR_CONTAINER)))
    body += [
        tagged(ids.IMPORT_TEXT, ft.TextField(label=t("…or paste the record here"), multiline=True, min_lines=2,
                                             max_lines=6, value=get_text(), text_size=15,
                                             on_change=lambda e: set_text(e.control.value))),
        tagged(ids.IMPORT_GO, ft.OutlinedButton(t("Import the pasted text"), icon=ft.Icons.INPUT, height=TOUCH,
                                                disabled=not get_text().strip(), on_click=paste_import,
                                                style=_big())),
    ]
    return ft.Column(body, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
