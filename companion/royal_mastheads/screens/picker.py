"""The compact 52-card picker of «Королевское наказание»: one row per suit, the 13 ranks in order,
aces low (RM-COMP: Т < 2 < … < К). Cards already seen are greyed but stay tappable, so a mistaken
tap gets the engine's reason (RM-COMP) rather than silence. Presentation only."""
from __future__ import annotations

from typing import Callable, Mapping

import flet as ft

from ...i18n import lang, t
from ...ui import tagged
from .. import ids
from ..view import RANK_IDS, SUIT_IDS, card_id, card_text, plain, rank_text, red, suit_sign

# The web client bundles Roboto, which has no suit signs; KaTeX_Main (shipped with the client) has
# ♠ ♡ ♢ ♣. Every text of these screens that may hold a sign falls back to it (♥ ♦ drawn as ♡ ♢).
KATEX = "packages/flutter_math_fork/KaTeX_Main"
SIGNS = ft.TextStyle(font_family_fallback=[KATEX])


def glyphs(text: str) -> str:
    return text.replace("♥", "♡").replace("♦", "♢")


def txt(text: str, **kw) -> ft.Text:
    """A text that may hold suit signs."""
    return ft.Text(glyphs(text), style=SIGNS, **kw)


SUIT_COLORS = {"spades": ft.Colors.ON_SURFACE, "clubs": ft.Colors.ON_SURFACE,
               "hearts": ft.Colors.RED_700, "diamonds": ft.Colors.RED_700}


def card_label(cid: str, size: int = 20, weight=ft.FontWeight.BOLD) -> ft.Control:
    """A card as text, red for hearts and diamonds (the sign tells the suit too, not colour alone)."""
    suit = cid.split("-")[0]
    return txt(card_text(cid, lang()), size=size, weight=weight,
               color=ft.Colors.RED_700 if red(suit) else ft.Colors.ON_SURFACE)


def card_grid(on_tap: Callable[[str], None], *, seen=frozenset(), marks: Mapping[str, str] | None = None,
              colors: Mapping[str, str] | None = None, hint: frozenset | None = None, width: float = 380,
              cell_height: int = 50, only=None) -> ft.Control:
    """Four rows of 13 cards. ``seen``: greyed; ``marks``: a small text under a card (an owner's
    initial, «✓»); ``colors``: a card's background; ``hint``: cards to stress (the led suit's
    unseen cards); ``only``: when given, the other cards are greyed too."""
    marks, colors = marks or {}, colors or {}
    lg = lang()
    label_w = 26
    cell_w = max(24.0, (width - label_w - 12 * 2) / 13)
    rows = []
    for suit in SUIT_IDS:
        cells = [ft.Container(width=label_w, alignment=ft.Alignment.CENTER,
                              content=txt(suit_sign(suit), size=24, color=SUIT_COLORS[suit]))]
        for r in range(13):
            cid = card_id(suit, r)
            grey = cid in seen or (only is not None and cid not in only)
            stress = hint is not None and cid in hint
            mark = marks.get(cid, "")
            bg = colors.get(cid) or (ft.Colors.SURFACE_CONTAINER_LOW if grey else
                                     ft.Colors.PRIMARY_CONTAINER if stress else ft.Colors.SURFACE_CONTAINER_HIGHEST)
            cells.append(tagged(ids.card(cid), ft.Container(
                width=cell_w, height=cell_height, border_radius=8, ink=True, bgcolor=bg,
                opacity=0.35 if grey and not mark else 1.0,
                border=ft.Border.all(2, ft.Colors.PRIMARY) if stress else None,
                alignment=ft.Alignment.CENTER, padding=0,
                tooltip=plain(card_text(cid, lg), lg),  # tooltips use the default font: signs as words
                on_click=lambda e, c=cid: on_tap(c),
                content=ft.Column([
                    ft.Text(rank_text(r, lg), size=17 if r != 9 else 15, weight=ft.FontWeight.BOLD,
                            color=SUIT_COLORS[suit], no_wrap=True),
                    *([ft.Text(mark, size=11, weight=ft.FontWeight.W_600, no_wrap=True)] if mark else []),
                ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    alignment=ft.MainAxisAlignment.CENTER),
            )))
        rows.append(ft.Row(cells, spacing=2))
    return ft.Semantics(container=True, label=t("Cards: a row per suit, aces low"),
                        content=ft.Column(rows, spacing=3, tight=True))


__all__ = ["KATEX", "RANK_IDS", "SIGNS", "card_grid", "card_label", "glyphs", "txt"]
