from __future__ import annotations

import flet as ft

from .. import ids
from ..i18n import t
from ..ui import choice_row, safe_screen, screen, section_title, tagged, use_app

# Language names are written in their own language on purpose.
LANG_NAMES = {"ru": "Русский", "en": "English"}


@ft.component
@safe_screen("/settings")
def Settings():
    st = use_app()
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
        ft.Text(t("Settings are saved on this device."), color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    return screen(st, "/settings", ids.SCREEN_SETTINGS, t("Settings"), body)
