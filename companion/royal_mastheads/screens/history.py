"""«Королевское наказание» history: the entries of each deal (the turned card, each card played,
the bank, the taken cards), a correction of a card (the set is re-scored and the screen says what
changed), undo/redo, the broken rules, the record out and in, stopping the set."""
from __future__ import annotations

import flet as ft

from ...base.i18n import lang, t
from ...widgets.records import changes_panel
from ...ui import TOUCH, content_width, safe_screen, screen, tagged, use_latest
from ...widgets.game import go, use_watch
from ...widgets.notices import outcome_text
from ...widgets.history import after_correction, history_tail
from .. import ids
from ..app import action_text
from ..view import plain
from .parts import app_bar_actions, use_keyed
from .picker import card_grid, txt

ROUTE = "/royal-mastheads/history"
GAME = "royal-mastheads"


# The words of this game (as the rulebook: a set — «набор» — of 10 deals, each «игра»), where the
# shared history pieces say «раунд»: where a broken rule happened (a change after a correction
# is worded by the game's declaration, ``change_lines``).
def where_text(v) -> str:
    return (t("deal {round}, trick {trick}").format(round=v.round, trick=v.trick) if v.trick
            else t("deal {n}").format(n=v.round))


@ft.component
@safe_screen(ROUTE)
def History():
    st, s = use_watch()
    on = s.active and s.kind == GAME
    entries = s.entries() if on else []
    deals = sorted({e["round"] for e in entries if e["round"]})
    get_deal, set_deal = use_keyed((s.game_id, len(deals)), deals[-1] if deals else 0)
    editing, set_editing = use_latest(None)  # the log index of the entry being corrected
    changes, set_changes = ft.use_state(None)
    if not on:
        return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), [
            ft.Text(t("No set of «Королевское наказание» is running."), size=18),
            ft.FilledButton(t("History and statistics"), height=TOUCH, on_click=lambda: go("/stats"))])
    lg = lang()
    body: list[ft.Control] = []
    if changes is not None:
        body.append(changes_panel(changes, lambda: set_changes(None), text=txt))
    idx = editing()
    if idx is not None and idx < len(entries):
        e = entries[idx]
        a = e["action"]

        def refused(out):
            text = outcome_text(out)
            st.show(lambda: plain(text(), lang()), "problem")

        def pick(cid: str):
            new = dict(a)
            new["turned" if a.get("type") == "deal" else "card"] = cid
            after_correction(st, s.edit(idx, new), lambda: set_editing(None), set_changes, refused=refused)

        body += [txt(t("Correct: {entry}").format(entry=action_text(a, lg)), size=18, weight=ft.FontWeight.W_600),
                 ft.Text(t("Tap the right card. The set is scored again from this entry on."), size=15),
                 card_grid(pick, width=content_width(st) or 380),
                 tagged(ids.EDIT_CANCEL, ft.OutlinedButton(t("Cancel"), height=TOUCH,
                                                           on_click=lambda: set_editing(None)))]
        return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), body, actions=app_bar_actions(s, st))

    body.append(tagged(ids.HIST_BACK, ft.FilledTonalButton(t("Back to the game"), icon=ft.Icons.ARROW_BACK,
                                                           height=TOUCH, on_click=lambda: go("/royal-mastheads"))))
    if not entries:
        body.append(ft.Text(t("No card of this set has been entered yet."), size=17))
    else:
        chosen = get_deal() if get_deal() in deals else deals[-1]
        body.append(ft.Row([tagged(ids.hist_deal(n), selected=n == chosen, control=(
            ft.FilledButton if n == chosen else ft.OutlinedButton)(str(n), height=TOUCH, on_click=lambda e, n=n: set_deal(n)))
            for n in deals], wrap=True, spacing=6, run_spacing=6))
        rows = []
        for e in entries:
            if e["round"] != chosen:
                continue
            a = e["action"]
            where = t("trick {n}").format(n=e["trick"]) if e["trick"] else ""
            text = action_text(a, lg) + (" · " + t("left out of the score") if e["skipped"] else "")
            fixable = a.get("type") in ("deal", "play")
            rows.append(tagged(ids.hist_entry(e["index"]), ft.Container(
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=10,
                padding=ft.Padding.symmetric(horizontal=10, vertical=2),
                content=ft.Row([
                    ft.Text(where, size=13, width=80, color=ft.Colors.ON_SURFACE_VARIANT),
                    txt(text, size=16, expand=True),
                    *([ft.IconButton(ft.Icons.EDIT, tooltip=t("Correct"),
                                     on_click=lambda ev, i=e["index"]: set_editing(i))] if fixable else []),
                ], vertical_alignment=ft.CrossAxisAlignment.CENTER))))
        body.append(ft.Column(rows, spacing=4))
        body.append(ft.Text(t("A bank or taken-cards entry: undo it and enter it again."), size=14,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    body += history_tail(st, s, violations=ids.HIST_VIOLATIONS, export=ids.EXPORT,
                         stop=ids.STOP, where=where_text, text=txt)
    return screen(st, ROUTE, ids.SCREEN_HISTORY, t("History of the game"), body, actions=app_bar_actions(s, st))
