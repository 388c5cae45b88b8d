"""«Кальмар» history: every entry of the sitting in words, undo/redo, broken rules (of an
imported record), the record out and in, stopping the sitting."""
from __future__ import annotations

import flet as ft

from ...base.i18n import t
from ...ui import TOUCH, safe_screen, screen, tagged
from ...widgets.game import go, use_watch
from ...widgets.history import history_tail
from ...widgets.records import action_text
from .. import ids
from .table import app_bar_actions

ROUTE = "/kalmar/history"


@ft.component
@safe_screen(ROUTE)
def History():
    st, s = use_watch()
    if not s.active or s.kind != "kalmar":
        return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), [
            ft.Text(t("No game of «Кальмар» is running."), size=18),
            ft.FilledButton(t("History and statistics"), height=TOUCH, on_click=lambda: go("/stats"))])
    entries = s.entries()
    body: list[ft.Control] = [tagged(ids.HIST_BACK, ft.FilledTonalButton(
        t("Back to the game"), icon=ft.Icons.ARROW_BACK, height=TOUCH, on_click=lambda: go("/kalmar")))]
    if not entries:
        body.append(ft.Text(t("Nothing has been entered yet."), size=17))
    rows = []
    for e in reversed(entries[-200:]):
        a = e["action"]
        where = (t("Game {n}").format(n=e["round"]) if a.get("type") == "next-game"
                 else t("Game {n}, entry {m}").format(n=e["round"], m=e["trick"]))
        rows.append(tagged(ids.entry(e["index"]), ft.Container(
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12, padding=10,
            content=ft.Column([ft.Text(where + (" · " + t("left out of the score") if e["skipped"] else ""),
                                       size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                               ft.Text(action_text(a, "kalmar"), size=17)], spacing=2, tight=True))))
    body.append(ft.Semantics(identifier=ids.HIST_ENTRIES, container=True, content=ft.Column(rows, spacing=6,
                                                                                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH)))
    body += history_tail(st, s, violations="kl-hist-violations", export="kl-export",
                         stop=ids.STOP, round_word=lambda n: t("game {n}").format(n=n))
    return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), body, actions=app_bar_actions())
