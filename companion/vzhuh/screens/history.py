"""«Вжух!» history: every party with each player's penalty, corrections (the game is re-scored
and the screen says what changed), undo/redo, the game record out and in, stopping the game."""
from __future__ import annotations

import flet as ft

from ...base.i18n import t
from ...ui import TOUCH, safe_screen, screen, section_title, tagged, use_latest
from ...widgets.game import go, use_watch
from ...widgets.history import after_correction, history_tail
from ...widgets.records import changes_panel
from .. import ids
from ..view import penalty_points
from .entry import as_penalties, draft_of, entry_form, entry_hint, use_drafts
from .score import app_bar_actions

ROUTE = "/vzhuh/history"


def penalty_text(p) -> str:
    """«3×2 + 10 + джокер = 76» or «36» for a penalty from the log."""
    return draft_of(p).text()


@ft.component
@safe_screen(ROUTE)
def History():
    st, s = use_watch()
    editing, set_editing = use_latest(None)  # the log index of the party being corrected
    changes, set_changes = ft.use_state(None)
    entries = s.entries() if s.active and s.kind == "vzhuh" else []
    idx = editing()
    current = entries[idx]["action"]["penalties"] if idx is not None and idx < len(entries) else None
    drafts, selected = use_drafts((s.game_id, idx, s.revision),
                                  {p: draft_of(v) for p, v in current.items()} if current else None)
    if not s.active or s.kind != "vzhuh":
        return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), [
            ft.Text(t("No game of «Вжух!» is running."), size=18),
            ft.FilledButton(t("History and statistics"), height=TOUCH, on_click=lambda: go("/stats"))])
    players = s.players
    body: list[ft.Control] = []
    if changes is not None:
        body.append(changes_panel(changes, lambda: set_changes(None)))

    def save():
        after_correction(st, s.edit(idx, {"type": "party", "penalties": as_penalties(drafts[0](), players)}),
                         lambda: set_editing(None), set_changes)

    if idx is not None and current is not None:
        body += [section_title(t("Correct party {n}").format(n=entries[idx]["round"]))]
        body += entry_form(s.game, players, drafts, selected, narrow=st.width < 600,
                           on_problem=lambda text: st.show(lambda: text, "problem"), at=idx)
        body.append(entry_hint())
        body.append(ft.Row([
            tagged(ids.EDIT_SAVE, ft.FilledButton(t("Save the correction"), icon=ft.Icons.CHECK, height=56,
                                                  on_click=save)),
            tagged(ids.EDIT_CANCEL, ft.OutlinedButton(t("Cancel"), height=56, on_click=lambda: set_editing(None))),
        ], wrap=True, spacing=8))
        return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), body, actions=app_bar_actions(s, st))

    body.append(tagged("vz-hist-back", ft.FilledTonalButton(t("Back to the game"), icon=ft.Icons.ARROW_BACK,
                                                            height=TOUCH, on_click=lambda: go("/vzhuh"))))
    parties = {p.number: p for p in s.game.parties()}
    if not entries:
        body.append(ft.Text(t("No party has been recorded yet."), size=17))
    for e in reversed(entries):
        number = e["round"]
        party = parties.get(number)
        pens = e["action"].get("penalties", {})
        lines = [ft.Text(f"{p}: {penalty_text(pens[p])}" if "points" not in pens.get(p, {})
                         else f"{p}: {penalty_points(pens[p])}", size=16) for p in players if p in pens]
        head = (t("Party {n}").format(n=number) + (" · " + t("started by {player}").format(player=party.starter)
                                                    if party else "")
                + (" · " + t("left out of the score") if e["skipped"] else ""))
        body.append(tagged(ids.hist_party(number), ft.Container(
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=14, padding=12,
            content=ft.Column([
                ft.Row([ft.Text(head, size=18, weight=ft.FontWeight.W_600, expand=True),
                        ft.FilledTonalButton(t("Correct"), icon=ft.Icons.EDIT, height=TOUCH,
                                             on_click=lambda ev, i=e["index"]: set_editing(i))],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
                *lines,
            ], spacing=4, tight=True))))
    body += history_tail(st, s, violations="vz-hist-violations", export="vz-export",
                         stop="vz-stop", round_word=lambda n: t("party {n}").format(n=n))
    return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), body, actions=app_bar_actions(s, st))
