"""«Позвать игроков» / Invite players: the QR code of the table's join address, the address
and the code in large type, how many devices are connected; on the computer that runs the
app, a new code and the end of table mode. Without table mode it says how to start it.

The screen shows what :mod:`companion.serve.server` holds and sends it the host's two commands;
it knows no rule and writes no store.
"""
from __future__ import annotations

import asyncio

import flet as ft

from ..base import ids
from ..base.i18n import t, tn
from ..serve.server import WITHDRAWN_TOPIC, current as tablemode
from ..ui import PAD, TOUCH, big_button, probe, safe_screen, screen, section_title, tagged, use_app

ROUTE = "/invite"
POLL_SECONDS = 1.5  # how often the count of connected devices is looked at while shown


def qr_box(png: bytes, size: float, key: str, label: str) -> ft.Control:
    """A big QR code on white, centred (the computer's invitation and the phones' codes)."""
    return ft.Container(
        alignment=ft.Alignment.CENTER,
        content=ft.Container(
            ft.Image(src=png, width=size, height=size, fit=ft.BoxFit.CONTAIN, semantics_label=label),
            bgcolor=ft.Colors.WHITE, border_radius=16, padding=8, key=key,
        ),
    )


@ft.component
@safe_screen(ROUTE)
def Invite():
    st = use_app()
    page = ft.context.page
    mode = tablemode()
    devices, set_devices = ft.use_state(mode.devices if mode else 0)
    paused, set_paused = ft.use_state(mode.paused if mode else 0)  # new joins wait (many wrong codes)
    version, set_version = ft.use_state(0)  # bumped after a new code / the end
    confirm, set_confirm = ft.use_state(None)  # "new" | "end" | None

    async def watch_devices():
        while mode is not None:
            await asyncio.sleep(POLL_SECONDS)
            set_devices(mode.devices)
            set_paused(mode.paused)

    def start_watch():
        task = page.run_task(watch_devices)
        return lambda: task.cancel()

    ft.use_effect(start_watch, dependencies=[])

    def new_code():
        set_confirm(None)
        page.pubsub.send_all_on_topic(WITHDRAWN_TOPIC, None)  # the phones leave for the code page
        mode.new_code()
        set_version(version + 1)
        st.show(lambda: t("A new code. The old one no longer works; phones that joined with it must scan again."),
                route=ROUTE)

    def end_table():
        set_confirm(None)
        page.pubsub.send_all_on_topic(WITHDRAWN_TOPIC, None)  # the phones leave for «the table is closed»
        mode.end()
        set_version(version + 1)
        st.show(lambda: t("Table mode is over: the phones are disconnected and nothing is reachable from the network."),
                route=ROUTE)

    texts = {
        "new": (t("Make a new code?"), t("Phones that joined with the old code are disconnected and must scan again."),
                t("New code"), new_code, ids.INVITE_NEW_YES),
        "end": (t("End table mode?"), t("The phones are disconnected. This computer keeps the game."),
                t("End table mode"), end_table, ids.INVITE_END_YES),
    }
    dialog = None
    if confirm in texts:
        title, body, yes, act, yes_id = texts[confirm]
        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(title),
            content=ft.Text(body, size=17),
            actions=[tagged(yes_id, ft.FilledButton(yes, height=TOUCH, on_click=act)),
                     ft.TextButton(t("Cancel"), height=TOUCH, on_click=lambda: set_confirm(None))],
        )
    ft.use_dialog(dialog)

    if mode is None:
        body = [
            probe(ids.INVITE_OFF, t("Only this device can open Киты now."), size=20, weight=ft.FontWeight.W_600),
            ft.Text(t("To let every phone at the table follow the game, start Киты in table mode on the computer "
                      "that runs it:"), size=17),
            ft.Container(ft.Text("bash scripts/run.sh --table", size=18, selectable=True,
                                 font_family="monospace"),
                         bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=8, padding=12),
            ft.Text(t("Then the phones scan the QR code shown here. They need the same Wi-Fi."),
                    size=17, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        return screen(st, ROUTE, ids.SCREEN_INVITE, t("Invite players"), body)

    if mode.ended:
        body = [
            probe(ids.INVITE_ENDED, t("Table mode is over."), size=22, weight=ft.FontWeight.W_600),
            ft.Text(t("Phones cannot join any more. To invite them again, restart Киты with --table."), size=17),
            big_button(t("Home"), ft.Icons.HOME_OUTLINED, lambda: page.navigate("/"), "invite-home"),
        ]
        return screen(st, ROUTE, ids.SCREEN_INVITE, t("Invite players"), body)

    url = mode.join_url()
    wide = st.width >= 700
    qr_size = 380 if wide else max(220, min(340, (st.width or 360) - 72))
    qr = qr_box(mode.qr_png(url), qr_size, f"qr-{mode.code}", t("QR code of the address to join"))
    code = ft.Column([
        ft.Text(t("Table code"), size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        probe(ids.INVITE_CODE, mode.shown_code, size=44 if wide else 38, weight=ft.FontWeight.BOLD),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    address = ft.Column([
        ft.Text(t("Or open this address on the phone:"), size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        probe(ids.INVITE_URL, url, size=20, weight=ft.FontWeight.W_500),
    ], spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    count = probe(ids.INVITE_DEVICES, tn("{n} device connected", "{n} devices connected", devices), size=20,
                  weight=ft.FontWeight.W_600)
    info = [code, address,
            ft.Row([ft.Icon(ft.Icons.PHONE_ANDROID, size=28), count], alignment=ft.MainAxisAlignment.CENTER)]
    if paused:
        info.append(probe(ids.INVITE_PAUSED, t("Many wrong codes were tried: new phones can join again in {s} s. "
                                               "Phones already here stay.").format(s=paused),
                          size=17, color=ft.Colors.ERROR))
    if not mode.addresses:
        info.append(ft.Text(t("This computer has no address in a local network: phones cannot join."),
                            size=17, color=ft.Colors.ERROR))
    info.append(ft.Text(t("The code keeps strangers out; it does not encrypt. Use it on a Wi-Fi you trust."),
                        size=15, color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER))
    host_controls = []
    if st.host:
        host_controls = [
            ft.Divider(),
            section_title(t("For the host")),
            big_button(t("New code"), ft.Icons.AUTORENEW, lambda: set_confirm("new"), ids.INVITE_NEW),
            big_button(t("End table mode"), ft.Icons.WIFI_OFF, lambda: set_confirm("end"), ids.INVITE_END),
        ]
    if wide:
        body = [ft.Row([qr, ft.Container(ft.Column(info, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                                         expand=True, padding=PAD)],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER)] + host_controls
    else:
        body = [qr] + info + host_controls
    return screen(st, ROUTE, ids.SCREEN_INVITE, t("Invite players"), body)
