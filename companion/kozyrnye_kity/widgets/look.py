"""The cards of «Козырные киты» on screen: family colours, names, card chips (presentation only)."""
from __future__ import annotations

from typing import Optional

import flet as ft

from engine.kozyrnye_kity import Family, parse_card
from engine.kozyrnye_kity.i18n import card_name, family_name

from ...base.i18n import lang
from ...widgets.look import PLAYER_COLORS  # noqa: F401 — the players' colours, for this game's screens

# One calm, distinct colour per whale family; white text on it reads in light and dark themes.
FAMILY_COLORS = {
    Family.ORCA: "#37474F",     # slate
    Family.NARWHAL: "#00796B",  # teal
    Family.BLUE: "#1565C0",     # blue
    Family.SPERM: "#8D5524",    # brown
}
FIVE_COLOR = "#6A1B9A"          # the 5s: purple, no family



def family_color(family: Optional[Family | str]) -> str:
    if family is None:
        return FIVE_COLOR
    return FAMILY_COLORS[Family(family)]


def card_color(card_id: str) -> str:
    return family_color(parse_card(card_id).family)


def card_label(card_id: str) -> str:
    """The card's name in the current language ("косатка 3", "5")."""
    return card_name(parse_card(card_id), lang())


def fam_label(family: Family | str) -> str:
    return family_name(Family(family), lang())


def card_chip(card_id: str, *, size: int = 18, ident: Optional[str] = None, faded: bool = False,
              caption: Optional[str] = None, height: Optional[int] = None) -> ft.Control:
    """A card as a coloured pill: value big, family name small (a 5 is just "5"); ``height``:
    fixed, where a line of chips must keep one height."""
    c = parse_card(card_id)
    name = card_label(card_id)
    inner = []
    if c.family is not None:
        inner.append(ft.Text(fam_label(c.family), size=size - 2, color=ft.Colors.WHITE))
    inner.append(ft.Text(str(c.value), size=size + 6, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE))
    if caption:
        inner.append(ft.Text(caption, size=size - 4, color=ft.Colors.WHITE, italic=True))
    box = ft.Container(
        bgcolor=card_color(card_id),
        opacity=0.45 if faded else 1.0,
        border_radius=12, height=height,
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        content=ft.Row(inner, spacing=8, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    )
    # screen readers (and tests) hear the card's name once, e.g. "косатка 3"
    label = f"{name} ({caption})" if caption else name
    return ft.Semantics(identifier=ident, label=label, exclude_semantics=True, container=True, content=box,
                        key=ident)
