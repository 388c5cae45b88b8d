"""The whole archive out of this device (issue 42): every kept game and the people of the table in
one file, which the history's «Import a game record» of another device (a new phone) takes in
(:meth:`LogSession.import_record` files an archive as one). Renders and hands out; the session
writes the text."""
from __future__ import annotations

import asyncio
import logging

import flet as ft

from ..base import ids
from ..base.file_names import archive_file_name
from ..base.i18n import t
from ..base.platform import IN_BROWSER, off_loop
from ..ui import TOUCH, safe_render, section_title, tagged, use_app, use_session
from ..widgets.records import progress_box, save_in_browser
from ..widgets.services import page_services

log = logging.getLogger("kity")


@ft.component
@safe_render
def ArchivePanel():
    st, session = use_app(), use_session()
    page = ft.context.page
    svc = page_services(page)
    progress, set_progress = ft.use_state(None)  # the archive being written: (games done, games)

    async def save(_e=None):
        """Every kept game read and written out a step at a time (issue 53, as the import): a
        bar of the games done; between two steps the screen is live."""
        steps = session.archive.export_archive_steps()

        def step():  # (progress, None) or (None, the file's bytes at the end)
            try:
                return next(steps), None
            except StopIteration as end:
                return None, end.value

        set_progress((0, 0))
        try:
            while True:
                got, data = await off_loop(step)
                if data is not None:
                    break
                set_progress(got)
                await asyncio.sleep(0)  # the bar goes out, the other taps come in
            name = archive_file_name()
            # the phone edition: the page saves it (the web client's download froze the screen)
            if not (IN_BROWSER and await save_in_browser(name, data)):
                await svc["picker"].save_file(dialog_title=t("Save the archive"), file_name=name,
                                              src_bytes=data)
            if page.web:
                st.show(lambda: t("The archive was downloaded: {name}").format(name=name))
        except Exception:
            log.exception("save archive")
            st.show(lambda: t("The file could not be saved."), "problem")
        finally:
            steps.close()
            set_progress(None)

    body = [
        section_title(t("All games and people")),
        ft.Text(t("One file with every kept game and the people of the table, to move them to another phone: "
                  "there, open «History and statistics» and import the file."), size=15,
                color=ft.Colors.ON_SURFACE_VARIANT),
        tagged(ids.SET_ARCHIVE, ft.FilledTonalButton(t("Save the archive"), icon=ft.Icons.DOWNLOAD, height=TOUCH,
                                                     on_click=save, disabled=progress is not None)),
    ]
    if progress is not None:  # right under the key that started it
        done, total = progress
        body.append(progress_box(ids.EXPORT_PROGRESS, t("Saving the archive: game {done} of {total}").format(
            done=done, total=total) if total else t("Reading the games…"), done, total))
    return ft.Column(body, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.START)
