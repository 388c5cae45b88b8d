"""The card picker: a compact family × value grid plus a 5 button.

Reusable wherever a card is entered (the table, round setup, corrections)::

    from companion.widgets.card_picker import CardPicker, picker_ids

    CardPicker(
        available=session.unseen_cards(),   # card ids that may be entered (others: shown used)
        on_pick=lambda card_id: ...,        # called with "orca-3", "narwhal-9" or "5"
        prefix="table",                     # identifiers: "<prefix>-card-<card id>",
                                            #              "<prefix>-family-<family>"
        selected=None,                      # a card id shown as chosen (e.g. the entry being corrected)
        enabled=True,                       # False: everything greyed out (not this player's turn…)
    )

The picker knows no rule: it offers exactly the ids in ``available`` and greys out the rest
(cards already seen this round). On a phone it shows one family at a time (a row of four
family tabs, then that family's eight values, two rows of four large buttons); on a wide
screen (≥ 700 dp) the full 4 × 8 grid, one row per family. The 5 button sits below
(disabled when ``"5"`` is not in ``available``, e.g. in a 2-player game).

Tests: tap ``picker_ids(prefix).family(f)`` first when it exists (phone), then
``picker_ids(prefix).card(card_id)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Optional

import flet as ft

from engine import FAMILIES, FAMILY_CARDS, FIVE, parse_card
from engine.i18n import card_name

from ..i18n import lang, t
from ..ui import TOUCH, safe_render, tagged, use_app, use_latest
from .look import FIVE_COLOR, fam_label, family_color

WIDE = 700


@dataclass(frozen=True)
class PickerIds:
    prefix: str

    def card(self, card_id: str) -> str:
        return f"{self.prefix}-card-{card_id}"

    def family(self, family: str) -> str:
        return f"{self.prefix}-family-{family}"

    @property
    def five(self) -> str:
        return self.card(FIVE.id)


def picker_ids(prefix: str) -> PickerIds:
    return PickerIds(prefix)


def _value_button(card, ok: bool, chosen: bool, on_pick, ids_: PickerIds, *, expand: bool, size: float) -> ft.Control:
    color = family_color(card.family)
    name = card_name(card, lang())
    if chosen:
        style = ft.ButtonStyle(bgcolor=color, color=ft.Colors.WHITE, shape=ft.RoundedRectangleBorder(radius=12),
                               padding=0)
        btn = ft.FilledButton
    else:
        style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), padding=0,
                               side=ft.BorderSide(2 if ok else 1, color if ok else ft.Colors.OUTLINE_VARIANT),
                               color=ft.Colors.ON_SURFACE if ok else None)  # readable in light and dark
        btn = ft.OutlinedButton
    return ft.Container(expand=expand, content=tagged(ids_.card(card.id), selected=chosen, control=btn(
        content=ft.Text(str(card.value), size=22, weight=ft.FontWeight.BOLD,
                        semantics_label=name if ok else f"{name} — {t('already played')}",
                        style=None if ok else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)),
        width=None if expand else size, height=max(TOUCH + 4, size), style=style, disabled=not ok,
        on_click=lambda e, c=card.id: on_pick(c),
    )))


@ft.component
@safe_render
def CardPicker(available: Iterable[str], on_pick: Callable[[str], None], prefix: str = "pick",
               selected: Optional[str] = None, enabled: bool = True):
    st = use_app()
    avail = set(available) if enabled else set()
    ids_ = picker_ids(prefix)
    first = parse_card(selected).family if selected and selected != FIVE.id else None
    if first is None:
        first = next((f for f in FAMILIES if any(c.id in avail for c in FAMILY_CARDS if c.family is f)), FAMILIES[0])
    get_family, set_family = use_latest(first.value)
    wide = st.width >= WIDE

    def pick(cid: str):
        on_pick(cid)

    rows: list[ft.Control] = []
    if wide:
        for f in FAMILIES:
            cards = [c for c in FAMILY_CARDS if c.family is f]
            rows.append(ft.Row([
                ft.Container(width=130, content=ft.Text(fam_label(f), size=18, weight=ft.FontWeight.W_600,
                                                        color=family_color(f))),
                *[_value_button(c, c.id in avail, c.id == selected, pick, ids_, expand=True, size=56) for c in cards],
            ], spacing=6))
    else:
        fam = get_family()
        tabs = []
        for f in FAMILIES:
            on = f.value == fam
            left = sum(1 for c in FAMILY_CARDS if c.family is f and c.id in avail)
            color = family_color(f)
            tabs.append(ft.Container(expand=True, content=tagged(ids_.family(f.value), selected=on, control=(
                ft.FilledButton if on else ft.OutlinedButton)(
                content=ft.Text(fam_label(f), size=15, weight=ft.FontWeight.W_600 if on else None,
                                text_align=ft.TextAlign.CENTER, max_lines=2,
                                semantics_label=f"{fam_label(f)}: {left}"),
                height=TOUCH + 8,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=2), shape=ft.RoundedRectangleBorder(radius=12),
                                     bgcolor=color if on else None, color=ft.Colors.WHITE if on else ft.Colors.ON_SURFACE,
                                     side=None if on else ft.BorderSide(2, color)),
                on_click=lambda e, v=f.value: set_family(v)))))
        rows.append(ft.Row(tabs, spacing=6))
        cards = [c for c in FAMILY_CARDS if c.family.value == fam]
        for half in (cards[:4], cards[4:]):
            rows.append(ft.Row([_value_button(c, c.id in avail, c.id == selected, pick, ids_, expand=True, size=60)
                                for c in half], spacing=8))
    five_ok = FIVE.id in avail
    rows.append(tagged(ids_.five, selected=selected == FIVE.id, control=ft.OutlinedButton(
        content=ft.Text(t("5 (no family)"), size=18, weight=ft.FontWeight.W_600,
                        style=None if five_ok else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)),
        height=TOUCH + 4, disabled=not five_ok,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), color=FIVE_COLOR if five_ok else None,
                             side=ft.BorderSide(2 if five_ok else 1, FIVE_COLOR if five_ok else ft.Colors.OUTLINE_VARIANT)),
        on_click=lambda e: pick(FIVE.id))))
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
