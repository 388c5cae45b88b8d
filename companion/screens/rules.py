from __future__ import annotations

import flet as ft

from ..base import ids, rules_data
from ..core.packs import DEFAULT_GAME, game as pack
from ..base.i18n import t, tn
from ..ui import TOUCH, probe, safe_render, safe_screen, screen, tagged, use_watch

_DATA: dict = {}


def rules_document(name: str = rules_data.RULES_FILE.name):
    """A game's rules file, read once per process (None if it is missing: the screen says so calmly)."""
    if name not in _DATA:
        _DATA[name] = rules_data.load(rules_data.rules_path(name))
    return _DATA[name]


def kind_label(kind: str) -> str:
    return {"ruling": t("our ruling"), "example": t("example"), "text": "", "rule": ""}.get(kind, "")


@ft.component
@safe_render
def RuleCard(item: rules_data.Item):
    ruling = item.kind == "ruling"
    head = [ft.Container(
        ft.Text(item.id, size=14, weight=ft.FontWeight.BOLD,
                color=ft.Colors.ON_PRIMARY_CONTAINER if not ruling else ft.Colors.ON_TERTIARY_CONTAINER),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if not ruling else ft.Colors.TERTIARY_CONTAINER,
        border_radius=8, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
    )] if item.id else []
    label = kind_label(item.kind)
    if label:
        head.append(ft.Row([
            ft.Icon(ft.Icons.GAVEL if ruling else ft.Icons.LIGHTBULB_OUTLINE, size=18,
                    color=ft.Colors.TERTIARY if ruling else ft.Colors.SECONDARY),
            ft.Text(label, size=14, italic=True, color=ft.Colors.TERTIARY if ruling else ft.Colors.SECONDARY),
        ], spacing=4, tight=True))
    body = [ft.Row(head, spacing=10, wrap=True)] if head else []
    body.append(ft.Text(item.text, size=17))
    return ft.Semantics(identifier=ids.rule_item(item.id or "text"), key=item.id or None, content=ft.Container(
        content=ft.Column(body, spacing=6),
        padding=ft.Padding.only(left=14, right=12, top=10, bottom=10),
        border_radius=12,
        bgcolor=ft.Colors.with_opacity(0.35, ft.Colors.TERTIARY_CONTAINER) if ruling else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1.5, ft.Colors.TERTIARY) if ruling else None,
    ))


@ft.component
@safe_screen("/rules")
def Rules():
    st, s = use_watch()
    game = pack(s.kind if s is not None else DEFAULT_GAME)  # the game being played, or chosen at home
    query, set_query = ft.use_state("")
    doc = rules_document(game.rules_file)
    go = ft.context.page.navigate
    body: list[ft.Control] = [ft.Row([
        tagged(b.ident, ft.FilledTonalButton(t(b.label), icon=getattr(ft.Icons, b.icon), height=TOUCH + 8,
                                            on_click=lambda e, r=b.route: go(r)))
        for b in game.rules_buttons], wrap=True, spacing=8)]
    if doc is None:
        body.append(probe(ids.RULES_COUNT, t("The rules text is not available in this version of the app."),
                          size=17))
        return screen(st, "/rules", ids.SCREEN_RULES, f"{t('Rules')} {game.title}", body)
    secs = rules_data.sections(doc, st.lang, query)
    n = rules_data.count(secs)
    body += [
        tagged(ids.RULES_SEARCH, ft.TextField(
            label=t("Search by words or rule ID"), value=query, prefix_icon=ft.Icons.SEARCH,
            on_change=lambda e: set_query(e.control.value or ""), text_size=18)),
        ft.Row([
            ft.Container(probe(ids.RULES_COUNT, tn("{n} entry", "{n} entries", n) if query.strip()
                               else t("Rule IDs help settle disputes. Rulings marked «our ruling» are this app's decisions where the rulebook is silent."),
                               color=ft.Colors.ON_SURFACE_VARIANT, size=15), expand=True),
            ft.TextButton(t("Clear"), on_click=lambda: set_query(""), height=TOUCH) if query else ft.Container(),
        ]),
    ]
    if not secs:
        body.append(ft.Text(t("Nothing found. Try another word or an ID like R-FIVE-LEAD."), size=17))
    items: list[ft.Control] = []
    for s in secs:
        items.append(ft.Container(ft.Text(s.title, size=21, weight=ft.FontWeight.W_600),
                                  padding=ft.Padding.only(top=12)))
        items += [RuleCard(it, key=f"{s.id}/{it.id}/{i}") for i, it in enumerate(s.items)]
    body.append(ft.Semantics(identifier=ids.RULES_LIST, content=ft.Column(
        items, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)))
    return screen(st, "/rules", ids.SCREEN_RULES, f"{t('Rules')} {game.title}", body)
