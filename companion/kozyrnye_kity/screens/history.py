"""History of the current game: every entry in order, grouped by round and trick; undo/redo;
tap a past play, reward or tallied round to correct it; what changed; violations; export and
import of game records. The session does the work; this screen shows what it says.
"""
from __future__ import annotations

import flet as ft

from engine.kozyrnye_kity.cards import Family, parse_card
from engine.kozyrnye_kity.i18n import card_name, family_name

from ...base import ids
from ...base.i18n import lang, t
from ...ui import (
    TOUCH, big_button, probe, safe_render, safe_screen, screen, section_title, tagged, use_app, use_session,
)
from ..widgets.card_picker import CardPicker
from ..widgets.words import bonus_effect
from ...widgets.game import go
from ...widgets.history import ROUND_PAGE, RoundView, earlier_rounds_button, round_heading, round_sizes, round_view
from ...widgets.notices import report, show_refusal
from ...widgets.when import game_when
from .pad import tally_inputs
from ...widgets.records import ExportPanel, ImportPanel, changes_panel, violation_rows

EDITABLE = ("play", "reward", "tally")


def _card(cid: str) -> str:
    try:
        return card_name(parse_card(cid), lang())
    except Exception:
        return str(cid)


def entry_lines(session, e: dict) -> tuple[str, str]:
    """(main line, detail line) of one log entry, in the current language."""
    a = e["action"]
    kind = a.get("type")
    lg = lang()
    detail = ""
    if kind == "start_round":
        main = t("Round {round}: trump {family}, token {token}").format(
            round=e["round"], family=family_name(Family(a["trump"]), lg), token=a["token"])
        bonuses = ", ".join(f"{p} — {_card(c)}" for p, c in a.get("bonuses", {}).items())
        detail = t("First bonuses: {bonuses}. {player} leads.").format(bonuses=bonuses, player=a.get("leader", ""))
    elif kind == "use":
        main = t("{player} uses the bonus {card}").format(player=a["player"], card=_card(a["card"]))
        did = bonus_effect(session, e["round"], e["trick"], a["card"]) if not e["skipped"] else ""
        if did:  # what it did (issue 43): «… — жетон перевёрнут: теперь 1 (побеждает младшая карта)»
            main += " — " + did
        elif a.get("family"):
            main += ": " + family_name(Family(a["family"]), lg)
    elif kind == "play":
        main = f"{a['player']}: {_card(a['card'])}"
    elif kind == "reward":
        tr = session.game.trick_info(e["round"], e["trick"]) if not e["skipped"] else None
        if tr is not None and tr.reward == a["card"]:  # who took it, from whom, and the gain
            owner = next((who for cid, who in tr.plays if cid == tr.reward and who != tr.winner), None)
            main = (t("{winner} takes {card} from {owner}: +{gained}").format(
                winner=tr.winner, card=_card(a["card"]), owner=owner, gained=tr.gained) if owner
                else t("{winner} takes {card}: +{gained}").format(winner=tr.winner, card=_card(a["card"]), gained=tr.gained))
        else:
            main = t("Reward: {card}").format(card=_card(a["card"]))
        if a.get("next_leader"):
            detail = t("{player} leads the next trick").format(player=a["next_leader"])
    elif kind == "leader":
        main = t("{player} leads the next trick").format(player=a["player"])
    elif kind == "tally":
        main = t("Round tally")
        pts = session.game.points_by_round()
        r = pts[e["round"] - 1] if 0 < e["round"] <= len(pts) and not e["skipped"] else None
        parts = []
        for p, v in a.get("tally", {}).items():
            nums = f"{v.get('pearls', 0)} + {v.get('unused_bonuses', 0)}"
            parts.append(f"{p}: {r[p]} ({nums})" if r and p in r else f"{p}: {nums}")
        detail = "; ".join(parts)
    else:
        main = str(kind)
    if e["skipped"]:
        detail = (detail + " " if detail else "") + t("(does not fit any more: left out of the score)")
    return main, detail


def _entry_row(session, e: dict, on_tap) -> ft.Control:
    main, detail = entry_lines(session, e)
    kind = e["action"].get("type")
    editable = kind in EDITABLE
    text = ft.Column([
        ft.Text(main, size=18, weight=ft.FontWeight.W_600 if kind in ("start_round", "tally") else None,
                color=ft.Colors.ERROR if e["skipped"] else None),
        *([ft.Text(detail, size=14, color=ft.Colors.ON_SURFACE_VARIANT)] if detail else []),
    ], spacing=2, tight=True, expand=True)
    row = ft.Row([text, *([ft.Icon(ft.Icons.EDIT_OUTLINED, size=20, color=ft.Colors.PRIMARY)] if editable else [])],
                 vertical_alignment=ft.CrossAxisAlignment.CENTER)
    box = ft.Container(content=row, padding=ft.Padding.symmetric(horizontal=12, vertical=12),
                       border_radius=12, ink=editable,
                       on_click=(lambda ev, i=e["index"]: on_tap(i)) if editable else None)
    return ft.Semantics(identifier=ids.hist_entry(e["index"]), button=editable, container=True,
                        content=box,
                        key=ids.hist_entry(e["index"]))


def _groups(session, entries, on_tap, after: tuple[int, ft.Control] | None = None,
            view: RoundView | None = None, on_toggle=None) -> list[ft.Control]:
    """The entries under their round and trick headings; ``after``: (entry index, control) to
    show right below that entry — what a correction changed, where the eye is. ``view``: which
    rounds are listed and open (a long history, :func:`round_view`); ``on_toggle(round)`` opens
    or closes one. Without it every round is listed and open."""
    out: list[ft.Control] = []
    cur_round, cur_trick = None, None
    for e in (entries[view.skip:] if view is not None else entries):  # the rounds not listed come first
        r = e["round"]
        if view is not None and r not in view.listed:
            continue
        shut = view is not None and r not in view.opened
        if r != cur_round:
            cur_round, cur_trick = r, None
            title = t("Round {n}").format(n=r)
            out.append(round_heading(title, view.counts[r], not shut, lambda r=r: on_toggle(r), ids.hist_round(r))
                       if view is not None else
                       ft.Container(section_title(title), padding=ft.Padding.only(top=8)))
        if shut:
            continue
        if e["trick"] and e["trick"] != cur_trick:
            cur_trick = e["trick"]
            tr = session.game.trick_info(e["round"], e["trick"])
            head = t("Trick {n}").format(n=e["trick"])
            if tr is not None:
                head += " — " + t("{player} takes it").format(player=tr.winner)
            out.append(ft.Container(ft.Text(head, size=15, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY),
                                    padding=ft.Padding.only(left=12, top=4)))
        out.append(_entry_row(session, e, on_tap))
        if after is not None and e["index"] == after[0]:
            out.append(after[1])
    return out


@ft.component
@safe_render
def EditDialogHost(index, on_done, on_corrected=None):
    """The correction dialog for log entry ``index`` (None: closed); ``on_corrected((index,
    notice))`` after a correction that changed something (the history shows what, by that entry)."""
    session = use_session()
    st = use_app()
    vals, set_vals = ft.use_state(None)
    entries = session.entries()
    e = entries[index] if index is not None and 0 <= index < len(entries) else None
    a = e["action"] if e else None

    def apply(new_action):
        # a card put into a round twice is refused as at the table (R-COMP, the view's check_edit)
        out = session.edit(index, new_action)
        on_done()
        if show_refusal(st, out):
            return
        if out.notice is None:
            st.show(lambda: t("Corrected. Nothing else changed."))
        else:
            st.dismiss()
            if on_corrected is not None:
                on_corrected((index, session.notice))

    dialog = None
    if a is not None:
        kind = a.get("type")
        title, content, actions = "", None, [
            tagged(ids.HIST_EDIT_CANCEL, ft.TextButton(t("Cancel"), height=TOUCH, on_click=lambda: (set_vals(None), on_done())))]
        if kind == "tally":
            players = session.players
            cur = vals if vals is not None and vals.get("index") == index else {
                "index": index,
                **{("pearls", s): str(a["tally"].get(p, {}).get("pearls", 0)) for s, p in enumerate(players)},
                **{("unused", s): str(a["tally"].get(p, {}).get("unused_bonuses", 0)) for s, p in enumerate(players)}}

            def set_value(k, seat, v):
                nv = dict(cur)
                nv[(k, seat)] = v
                set_vals(nv)

            def save():
                def num(x):
                    try:
                        return int(x or 0)
                    except ValueError:
                        return 0
                set_vals(None)
                apply({"type": "tally", "tally": {p: {"pearls": num(cur.get(("pearls", s))),
                                                      "unused_bonuses": num(cur.get(("unused", s)))}
                                                  for s, p in enumerate(players)}})

            title = t("Correct round {n}").format(n=e["round"])
            content = tally_inputs(players, cur, set_value,
                                   id_of=lambda k, s: f"edit-{k}-{s}",
                                   step_of=lambda k, s, d: f"edit-{k}-{s}-{'plus' if d > 0 else 'minus'}")
            actions.append(tagged(ids.HIST_EDIT_SAVE, ft.FilledButton(t("Save the correction"), height=TOUCH,
                                                                      on_click=save)))
        elif kind == "reward":
            tr = session.game.trick_info(e["round"], e["trick"])
            plays = list(tr.plays) if tr is not None else []
            title = t("Which card did the winner take?")
            buttons, seen = [], set()
            for c, who in plays:  # each card with whose it is — two 5s are two choices (R-REWARD-1)
                ident = ids.hist_option(c) if c not in seen else f"{ids.hist_option(c)}-{session.players.index(who)}"
                chosen = c == a["card"] and c not in seen
                seen.add(c)
                buttons.append(tagged(ident, selected=chosen, control=(ft.FilledButton if chosen else ft.OutlinedButton)(
                    f"{_card(c)} · {who}", height=TOUCH + 4, style=ft.ButtonStyle(text_style=ft.TextStyle(size=18)),
                    on_click=lambda ev, c=c: apply({**a, "card": c}))))
            content = ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
        elif kind == "play":
            title = t("Which card did {player} play?").format(player=a["player"])
            deck = list(session.game.deck())
            content = CardPicker(available=deck, on_pick=lambda c: apply({**a, "card": c}),
                                 prefix="history-pick", selected=a["card"])
        if content is not None:
            dialog = ft.AlertDialog(
                modal=True, title=ft.Text(title),
                content=ft.Container(width=620, content=ft.Column([content], tight=True, scroll=ft.ScrollMode.AUTO)
                                     if kind == "tally" else content),
                actions=actions)
    ft.use_dialog(dialog)
    return ft.Container(height=0)


@ft.component
@safe_screen("/history")
def History():
    st = use_app()
    session = use_session()
    # opened from the table, its back arrow returns there (the route nests: /game/history)
    here = ft.context.page.route if str(ft.context.page.route).endswith("/history") else "/history"
    editing, set_editing = ft.use_state(None)
    corrected, set_corrected = ft.use_state(None)  # (entry, its notice): «Что изменилось» goes by it
    toggled, set_toggled = ft.use_state({})  # rounds opened or closed by a tap (a long history: issue 43)
    shown, set_shown = ft.use_state(ROUND_PAGE)  # rounds listed

    def undo():
        report(st, session.undo())

    def redo():
        report(st, session.redo())

    def close_changes():
        set_corrected(None)
        session.dismiss_notice()

    if not session.active:
        body = [
            probe(ids.HIST_EMPTY, t("No game is in progress. Finished games are in «History and statistics»."),
                  size=18),
            big_button(t("History and statistics"), ft.Icons.INSIGHTS, lambda: go("/stats"), "history-to-stats"),
            ft.Divider(),
            ImportPanel(),
        ]
        return screen(st, here, ids.SCREEN_HISTORY, t("Game history"), body)

    entries = session.entries()
    small = ft.ButtonStyle(text_style=ft.TextStyle(size=17), shape=ft.RoundedRectangleBorder(radius=12))
    started = game_when({"started": session.started})
    body: list[ft.Control] = [
        *([probe(ids.HIST_STARTED, t("Started: {when}").format(when=started), size=16,
                 color=ft.Colors.ON_SURFACE_VARIANT)] if started else []),
        ft.Row([
            tagged(ids.HIST_UNDO, ft.OutlinedButton(t("Undo"), icon=ft.Icons.UNDO, height=TOUCH, style=small,
                                                    disabled=not session.can_undo, on_click=undo)),
            tagged(ids.HIST_REDO, ft.OutlinedButton(t("Redo"), icon=ft.Icons.REDO, height=TOUCH, style=small,
                                                    disabled=not session.can_redo, on_click=redo)),
            tagged(ids.HIST_BACK, ft.FilledTonalButton(
                t("Back to the game"), icon=ft.Icons.ARROW_BACK, height=TOUCH, style=small,
                on_click=lambda: go("/pad" if session.mode == "pad" else "/game"))),
        ], wrap=True, spacing=8, run_spacing=8),
    ]
    n = session.notice
    by_entry = None
    if n is not None and n.kind in ("undone", "redone") and n.changes:
        at = n.params.get("index")  # an undo or redo of a past entry: what changed, by that entry
        if isinstance(at, int) and 0 <= at < len(entries):
            by_entry = (at, changes_panel(n, close_changes))
        else:
            body.append(changes_panel(n, close_changes))
    elif n is not None and n.kind == "changed" and n.changes:
        if corrected is not None and corrected[1] is n and 0 <= corrected[0] < len(entries):
            # right below the entry just corrected (the history may be thousands of pixels long)
            by_entry = (corrected[0], changes_panel(n, close_changes))
        else:  # changed from elsewhere (a deck fact…): at the top
            body.append(changes_panel(n, close_changes))
    if entries:
        body.append(ft.Text(t("Tap a card, a reward or a tallied round to correct it."), size=15,
                            color=ft.Colors.ON_SURFACE_VARIANT))
        sizes = round_sizes(entries)
        view = round_view(sizes, toggled, shown,
                          [entries[by_entry[0]]["round"]] if by_entry is not None else ())
        if view.earlier:
            body.append(earlier_rounds_button(view.earlier, lambda: set_shown(len(view.listed) + ROUND_PAGE),
                                              ids.HIST_EARLIER))

        def toggle(r):
            set_toggled({**toggled, r: r not in view.opened})

        body += _groups(session, entries, set_editing, by_entry, view, toggle)
    else:
        body.append(probe(ids.HIST_EMPTY, t("Nothing has been entered in this game yet."), size=17))
    body += [
        ft.Divider(),
        section_title(t("Rules broken in this game")),
        violation_rows(session.game.violations(), ids.HIST_VIOLATIONS),
        ft.Divider(),
        section_title(t("Game record")),
        ft.Text(t("The whole game as a file (kozyrnye-kity/1): to keep, to share, to check elsewhere."),
                size=15, color=ft.Colors.ON_SURFACE_VARIANT),
        ExportPanel(session.export_record, ids.HIST_EXPORT),
        ft.Divider(),
        ImportPanel(),
        EditDialogHost(editing, lambda: set_editing(None), set_corrected),
    ]
    return screen(st, here, ids.SCREEN_HISTORY, t("Game history"), body)
