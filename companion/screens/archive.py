"""The whole archive out of this device (issue 42): every kept game and the people of the table in
one file, which the history's «Import a game record» of another device (a new phone) takes in
(:meth:`LogSession.import_record` files an archive as one). Renders and hands out; the session
writes the text."""
from __future__ import annotations

import logging

import flet as ft

from ..base import ids
from ..base.file_names import archive_file_name
from ..base.i18n import t
from ..ui import TOUCH, safe_render, section_title, tagged, use_app, use_session
from ..widgets.records import _services

log = logging.getLogger("kity")


@ft.component
@safe_render
def ArchivePanel():
    st, session = use_app(), use_session()
    svc = _services()
    page = ft.context.page

    async def save(_e=None):
        try:
            text = session.archive.export_archive()
            name = archive_file_name()
            await svc["picker"].save_file(dialog_title=t("Save the archive"), file_name=name,
                                          src_bytes=text.encode("utf-8"))
            if page.web:
                st.show(lambda: t("The archive was downloaded: {name}").format(name=name))
        except Exception:
            log.exception("save archive")
            st.show(lambda: t("The file could not be saved."), "problem")

    return ft.Column([
        section_title(t("All games and people")),
        ft.Text(t("One file with every kept game and the people of the table, to move them to another phone: "
                  "there, open «History and statistics» and import the file."), size=15,
                color=ft.Colors.ON_SURFACE_VARIANT),
        tagged(ids.SET_ARCHIVE, ft.FilledTonalButton(t("Save the archive"), icon=ft.Icons.DOWNLOAD, height=TOUCH,
                                                     on_click=save)),
    ], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.START)
