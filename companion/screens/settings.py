from __future__ import annotations

import flet as ft

from ..base import ids
from ..base.i18n import t
from ..ui import choice_row, safe_screen, screen, section_title, tagged, use_watch
from .archive import ArchivePanel

# Language names are written in their own language on purpose.
LANG_NAMES = {"ru": "Русский", "en": "English"}


@ft.component
@safe_screen("/settings")
def Settings():
    st, s = use_watch()
    theme_names = {"system": t("As on the device"), "light": t("Light"), "dark": t("Dark")}
    body = [
        section_title(t("Language")),
        tagged(ids.SET_LANG, choice_row(
            [(code, name, f"{ids.SET_LANG}-{code}") for code, name in LANG_NAMES.items()],
            st.lang, st.set_lang)),
        ft.Divider(),
        section_title(t("Theme")),
        tagged(ids.SET_THEME, choice_row(
            [(k, v, f"{ids.SET_THEME}-{k}") for k, v in theme_names.items()],
            st.theme, st.set_theme)),
        ft.Divider(),
        tagged(ids.SET_AWAKE, ft.Switch(
            label=t("Keep the screen on"),
            value=st.keep_awake,
            label_text_style=ft.TextStyle(size=17),
            on_change=lambda e: st.set_keep_awake(e.control.value),
        )),
        ft.Text(t("While the app is open, the screen does not go dark."), color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Divider(),
    ]
    if st.table and s is not None and s.active:
        nobody, me = "", st.seat(s.game_id)
        body += [
            section_title(t("This is me")),
            ft.Text(t("This phone marks your seat: your bonuses and «your turn»."), color=ft.Colors.ON_SURFACE_VARIANT),
            tagged(ids.SET_ME, choice_row(
                [(p, p, f"{ids.SET_ME}-{i}") for i, p in enumerate(s.players)]
                + [(nobody, t("Nobody in particular"), f"{ids.SET_ME}-none")],
                me if me in s.players else nobody, lambda v, game=s.game_id: st.set_me(v or None, game))),
            ft.Divider(),
        ]
    body += [ArchivePanel(key="settings-archive"), ft.Divider()]  # issue 42: to another phone
    body.append(ft.Text(t("Settings are saved on this device."), color=ft.Colors.ON_SURFACE_VARIANT))
    return screen(st, "/settings", ids.SCREEN_SETTINGS, t("Settings"), body)
