"""The phone edition's table (issue 40): «Позвать игроков» on the phone that holds the game,
«Присоединиться к столу» on the others, and the bar of a phone cut off from its table.

What the screens show comes from :data:`companion.ui.table.TABLE`; what they do goes
through the link's functions (``companion/network/link.py``). They know no rule, no WebRTC, and write no store.
"""
from __future__ import annotations

import flet as ft

from ..base import ids
from ..base.i18n import t, tn
from ..network import link as bridge
from ..network.link import TableState
from ..ui.table import TABLE
from ..ui import TOUCH, big_button, probe, safe_screen, screen, section_title, tagged, use_app
from .invite import qr_box

INVITE_ROUTE = "/invite"
JOIN_ROUTE = "/join"

# ids of this screen's controls (the tests find them by these)
SCAN_ANSWER = "table-scan-answer"
PHONES = "table-phones"
NEW_CODE = "table-new-code"
JOIN_QR = "table-join-qr"
JOIN_SCAN = "table-join-scan"
INVITE_QR = "table-invite-qr"
PROBLEM = "table-problem"
CUT_OFF = "table-cut-off"
TAKE_OVER = "table-take-over"
REJOIN = "table-rejoin"
JOIN_ASK = "table-join-ask"
JOIN_YES = "table-join-yes"
JOIN_NO = "table-join-no"


def phone_remove(peer_no: int) -> str:
    return f"table-remove-{peer_no}"


def problem_text(reason: str) -> str:
    """A refused code or scan in the user's words (reasons of docs/table-link.md)."""
    words = {
        "not-kity": lambda: t("This is not a Киты code."),
        "version": lambda: t("This code was made by a newer Киты: update the app on this phone."),
        "used": lambda: t("This code was used already: one phone per code. Make a new code."),
        "expired": lambda: t("This code no longer works: a newer one was made."),
        "unknown": lambda: t("This answer is not for this phone's code: scan the answer of the phone you invited."),
        "wrong-kind": lambda: t("This is not the code expected here: the table's code on the joining phone, "
                                "the answer on the inviting phone."),
        "no-candidates": lambda: t("This phone is not on a network: both phones need the same Wi-Fi."),
        "full": lambda: t("Nine phones are linked already: remove one first."),
        "camera-denied": lambda: t("The camera is not allowed: allow it for this page in the browser."),
        "no-webrtc": lambda: t("This browser cannot link phones (it has no WebRTC). Open Киты in Chrome, Safari "
                               "or Firefox, or enter every move on one phone."),
        "no-camera": lambda: t("This phone has no camera the page can use."),
        "insecure": lambda: t("The camera needs the app's secure address (https)."),
        "hosting": lambda: t("This phone has invited players: it cannot join another table."),
        "linked": lambda: t("This phone is at the table already: its link is kept, there is nothing to scan."),
        "answer-linked": lambda: t("This answer was taken already: that phone is at the table."),
    }
    if reason in ("empty", "too-long", "checksum", "malformed", "bad-offer", "bad-answer", "unsupported-sdp"):
        return t("The code could not be used (damaged or read in part): scan it again.")
    fn = words.get(reason)
    return fn() if fn is not None else t("That did not work; please try again.")


def _problem(table: TableState) -> list:
    if not table.problem:
        return []
    return [probe(PROBLEM, problem_text(table.problem), size=17, color=ft.Colors.ERROR)]


@ft.component
@safe_screen(INVITE_ROUTE)
def PhoneInvite():
    st = use_app()

    def first():
        if TABLE.role != "host" or TABLE.invite_url is None:
            bridge.invite()

    ft.use_effect(first, dependencies=[])
    return _InviteBody(TABLE, st.width, st.lang)


@ft.component
def _InviteBody(table: TableState, width: float, lg: str):
    st = use_app()
    size = max(220, min(340, (width or 360) - 72))
    if table.invite_url:
        qr = qr_box(bridge.invitation_qr(table.invite_url, table.invite_code or ""), size, f"qr-{table.invite_code}",
                    t("QR code of the address to join"))
        qr = tagged(INVITE_QR, qr)
    elif table.problem == "no-webrtc":  # no code will come: said below at once, no spinner (issue 47)
        qr = ft.Container(ft.Icon(ft.Icons.PHONELINK_OFF, size=96, color=ft.Colors.ERROR), height=size // 2,
                          alignment=ft.Alignment.CENTER)
    else:
        qr = ft.Container(ft.ProgressRing(), height=size, alignment=ft.Alignment.CENTER)
    phones = [ft.Row([ft.Icon(ft.Icons.PHONE_ANDROID, size=28),
                      ft.Text(t("Phone {n}").format(n=no) + (f" · {name}" if name and name != "phone" else ""),
                              size=18, expand=True),
                      tagged(phone_remove(no), ft.OutlinedButton(t("Remove"), height=TOUCH,
                                                                 on_click=lambda e, p=peer: bridge.remove(p)))],
                     vertical_alignment=ft.CrossAxisAlignment.CENTER)
              for peer, name, no in table.phones]
    if table.problem == "no-webrtc" and not table.invite_url:  # nothing to scan, nothing to link
        return screen(st, INVITE_ROUTE, ids.SCREEN_INVITE, t("Invite players"), [qr, *_problem(table)])
    body = [
        qr,
        ft.Text(t("Another phone scans this code; then scan the code it shows."), size=17,
                text_align=ft.TextAlign.CENTER),
        *_problem(table),
        big_button(t("Scan the answer"), ft.Icons.QR_CODE_SCANNER,
                   lambda e: bridge.scan(t("Point the camera at the answer code"), t("Cancel")), SCAN_ANSWER),
        section_title(t("Connected phones")),
        probe(PHONES, tn("{n} device connected", "{n} devices connected", len(phones)),
              size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        *phones,
        ft.Divider(),
        big_button(t("New code"), ft.Icons.AUTORENEW, lambda e: bridge.invite(), NEW_CODE),
        ft.Text(t("Phones on the same Wi-Fi link directly; nothing leaves the table."), size=15,
                color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER),
    ]
    return screen(st, INVITE_ROUTE, ids.SCREEN_INVITE, t("Invite players"), body)


@ft.component
@safe_screen(JOIN_ROUTE)
def Join():
    st = use_app()
    return _JoinBody(TABLE, st.width, st.lang)


def open_scanner() -> None:
    bridge.scan(t("Point the camera at the table's QR code"), t("Cancel"))


@ft.component
def _JoinBody(table: TableState, width: float, lg: str):
    st = use_app()
    size = max(220, min(340, (width or 360) - 72))
    if table.pending:
        body = [probe(JOIN_ASK, t("This phone has a game of its own running. Joining the table keeps it in the "
                                  "history as stopped: you can continue it later."), size=18),
                big_button(t("Join the table"), ft.Icons.GROUP_ADD, lambda e: bridge.join(table.pending, True),
                           JOIN_YES),
                tagged(JOIN_NO, ft.OutlinedButton(t("Keep playing here"), height=TOUCH, on_click=lambda e: _keep()))]
        return screen(st, JOIN_ROUTE, "screen-join", t("Join the table"), body)
    if table.answer:
        body = [tagged(JOIN_QR, qr_box(bridge.qr_png(table.answer), size, f"answer-{table.answer[:12]}",
                                       t("QR code of this phone's answer"))),
                probe("table-join-hint", t("Show this code to the phone that invited you"), size=20,
                      weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER)]
    elif table.joining:
        body = [ft.Container(ft.ProgressRing(), height=120, alignment=ft.Alignment.CENTER),
                ft.Text(t("Linking…"), size=18, text_align=ft.TextAlign.CENTER)]
    elif table.role == "guest" and not table.cut_off:
        # (a code refused because this phone is at the table says so itself, below: issue 50)
        body = [] if table.problem == "linked" else [
            probe("table-join-linked", t("Linked to the table: the game appears here when it starts."), size=18)]
    else:
        body = [ft.Text(t("Scan the QR code shown by the phone that holds the game."), size=17)]
    body += _problem(table)
    body.append(big_button(t("Scan again") if table.answer or table.problem else t("Scan the table's code"),
                           ft.Icons.QR_CODE_SCANNER, lambda e: open_scanner(), JOIN_SCAN))
    return screen(st, JOIN_ROUTE, "screen-join", t("Join the table"), body)


@ft.component
def TableBar(table: TableState):
    """Under every screen of a phone cut off from its table: it says so, and offers to continue
    the game alone (this phone holds the whole log) or to join again. A phone that held the
    table before it restarted says which to choose (issue 50)."""
    st = use_app()
    if table.role != "guest" or not table.cut_off:
        return ft.Container(height=0)
    said = (t("Restarted, no link to the table. If another phone went on with the game, join it; if the "
              "others wait for this phone, continue here and invite them again.") if table.restarted
            else t("No link to the table: this phone shows its own copy of the game."))
    return ft.Container(
        padding=ft.Padding.only(left=8, right=8, top=4, bottom=4),
        content=ft.Semantics(identifier=CUT_OFF, container=True, key=CUT_OFF, content=ft.Container(
            bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            content=ft.Column([
                ft.Row([ft.Icon(ft.Icons.WIFI_OFF, color=ft.Colors.ON_ERROR_CONTAINER),
                        ft.Text(said, size=14, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
                # both ways side by side (a label may take two lines): the bar stays low, and the
                # screen above it keeps its room on a phone (issue 50)
                ft.Row([ft.Container(expand=1, content=tagged(TAKE_OVER, ft.FilledButton(
                            content=_label(t("Continue on this phone")), height=TOUCH + 4,
                            on_click=lambda e: _take_over(st)))),
                        ft.Container(expand=1, content=tagged(REJOIN, ft.OutlinedButton(
                            content=_label(t("Join the table")), height=TOUCH + 4,
                            on_click=lambda e: _rejoin())))],
                       spacing=8),
            ], spacing=6, tight=True))))


def _label(text: str) -> ft.Control:
    return ft.Text(text, size=14, text_align=ft.TextAlign.CENTER, max_lines=2)


def _keep() -> None:
    bridge.keep_own_game()
    try:
        ft.context.page.navigate("/")
    except Exception:
        pass


def _take_over(st) -> None:
    """«Продолжить на этом телефоне»: this phone holds the table now, and says so — the cut-off
    refusal shown before is done with (issue 50)."""
    bridge.take_over()
    st.show(lambda: t("This phone holds the table now: the game goes on here. To bring the other phones back, "
                      "tap «Invite players» on Home."), route=None)


def _rejoin() -> None:
    open_scanner()
    try:
        ft.context.page.navigate(JOIN_ROUTE)
    except Exception:
        pass
