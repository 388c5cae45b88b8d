"""«Остановить игру» with a question first (issue 19, point 4): what stopping does — the game
goes to the history as stopped and can be continued from there — and two answers,
«Остановить» / «Продолжить игру». Presentation only: ``on_stop`` does the stopping."""
from __future__ import annotations

from typing import Callable, Optional

import flet as ft

from ..base.i18n import t
from ..ui import TOUCH, tagged


def stop_dialog(on_stop: Callable, on_keep: Callable, ident: str, question: Optional[str] = None) -> ft.AlertDialog:
    """The question itself (also used by the home screen, where another game was chosen)."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("Stop the game?"), size=22, weight=ft.FontWeight.BOLD),
        content=tagged(f"{ident}-question", ft.Text(question or t(
            "The game ends without a winner and goes to the history as stopped. You can continue it later "
            "from «History and statistics»."), size=17)),
        actions=[
            tagged(f"{ident}-yes", ft.OutlinedButton(t("Stop"), icon=ft.Icons.STOP_CIRCLE_OUTLINED, height=TOUCH,
                                                     on_click=lambda e: on_stop())),
            tagged(f"{ident}-no", ft.FilledButton(t("Continue the game"), height=TOUCH,
                                                  on_click=lambda e: on_keep())),
        ],
        actions_alignment=ft.MainAxisAlignment.END,
    )


@ft.component
def StopGameButton(on_stop: Callable, ident: str, text: Optional[str] = None):
    """The button; the stopping happens only after «Остановить» in the dialog."""
    asking, set_asking = ft.use_state(False)

    def stop():
        set_asking(False)
        on_stop()

    ft.use_dialog(stop_dialog(stop, lambda: set_asking(False), ident) if asking else None)
    return tagged(ident, ft.OutlinedButton(text or t("Stop the game"), icon=ft.Icons.STOP_CIRCLE_OUTLINED,
                                           height=TOUCH, on_click=lambda e: set_asking(True)))
