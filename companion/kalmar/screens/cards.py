"""Pieces of the «Кальмар» screens: a card face, and the compact card entry — a row of kinds, a
row of colours, a row of digits, one tap each (and a row of players for «Обмен картами»).
Presentation only: which card is legal is the engine's (through the view)."""
from __future__ import annotations

from typing import Callable, Iterable

import flet as ft

from ...base.i18n import N_, lang, t
from ...ui import probe, tagged
from .. import ids
from ..view import BLUE, COLOURS, KINDS, card_parts, card_text, colour_text

COLOUR_HEX = {"crimson": "#C2185B", "green": "#2E7D32", "light-blue": "#4FC3F7", "yellow": "#FDD835"}
ON_COLOUR = {"crimson": ft.Colors.WHITE, "green": ft.Colors.WHITE, "light-blue": "#0D2B3E", "yellow": "#3E2F00"}
BLUE_HEX = "#1A237E"  # «синие» organizer cards: no colour of their own
BLUE_SELECTED = "#C5CAE9"  # the chosen blue card in the entry: light, ringed in its dark blue

KIND_LABEL = {"digit": N_("Digit"), "skip": N_("Skip a turn"), "draw2": "+2", "reverse": N_("Reverse"),
              "choose": N_("Colour"), "draw4": "+4", "swap": N_("Swap"), "order": N_("Order"),
              "silence": N_("Silence")}
KIND_ICON = {"skip": ft.Icons.BLOCK, "reverse": ft.Icons.SWAP_VERT, "choose": ft.Icons.PALETTE,
             "swap": ft.Icons.SWAP_HORIZ, "order": ft.Icons.CAMPAIGN, "silence": ft.Icons.VOLUME_OFF}


def running(s) -> bool:
    """A game of «Кальмар» is on the table: the session (``s``, maybe None) has its state."""
    return s is not None and s.active and s.kind == "kalmar" and s.state is not None


def wide(ident: str, control: ft.Control, selected: bool | None = None) -> ft.Control:
    """Like :func:`companion.ui.tagged`, for a control that fills its share of a row (the
    semantics wrapper, not the control inside, takes the row's space)."""
    return ft.Semantics(identifier=ident, selected=selected, content=control, key=ident, expand=True)


def kind_label(k: str) -> str:
    return t(KIND_LABEL[k]) if k in ("digit", "skip", "reverse", "choose", "swap", "order", "silence") else KIND_LABEL[k]


def card_words(card: str | None) -> str:
    return card_text(card, lang())


def short_words(card: str | None) -> str:
    """A card in a few letters, under its face: «зелёная 5», «Пропуск», «+4», «Тишина»."""
    k, _, _ = card_parts(card)
    return card_words(card) if k in (None, "digit") else kind_label(k)


def colour_words(colour: str | None) -> str:
    return colour_text(colour, lang())


def card_face(card: str | None, colour: str | None = None, *, width: int = 76, height: int = 104) -> ft.Control:
    """A card as the table sees it: its colour (blue organizers: dark blue with a stripe of the
    colour in force), its digit, picture or «+2»/«+4»."""
    k, c, d = card_parts(card)
    bg = COLOUR_HEX.get(c, BLUE_HEX)
    fg = ON_COLOUR.get(c, ft.Colors.WHITE)
    if k == "digit":
        mark: ft.Control = ft.Text(str(d), size=46, weight=ft.FontWeight.BOLD, color=fg)
    elif k in ("draw2", "draw4"):
        mark = ft.Text("+2" if k == "draw2" else "+4", size=34, weight=ft.FontWeight.BOLD, color=fg)
    elif k in KIND_ICON:
        mark = ft.Icon(KIND_ICON[k], size=42, color=fg)
    else:
        mark = ft.Text("?", size=40, color=fg)
    stripe = []
    if k in BLUE and colour in COLOUR_HEX:  # the colour in force after a blue card (KL-FX-COLOUR, RUL-KL-BLUE-COLOUR)
        stripe = [ft.Container(height=16, border_radius=6, bgcolor=COLOUR_HEX[colour])]
    return ft.Container(
        width=width, height=height, border_radius=12, bgcolor=bg, padding=6,
        border=ft.Border.all(3, ft.Colors.with_opacity(0.35, ft.Colors.BLACK)),
        content=ft.Column([ft.Container(mark, alignment=ft.Alignment.CENTER, expand=True), *stripe],
                          spacing=2, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


def _tile(ident: str, on: bool, on_click: Callable, content: ft.Control, *, bg=None, height: int = 50,
          expand: bool = True, label: str | None = None) -> ft.Control:
    return wide(ident, selected=on, control=ft.Container(
        expand=expand, height=height, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
        bgcolor=bg if bg is not None else (ft.Colors.PRIMARY if on else ft.Colors.SURFACE_CONTAINER_HIGH),
        border=ft.Border.all(4, ft.Colors.ON_SURFACE) if on and bg is not None else None,
        on_click=lambda e: on_click(), content=content, tooltip=label))


def kind_rows(prefix: str, selected: str | None, on_pick: Callable[[str], None],
              kinds: Iterable[str] = KINDS) -> ft.Control:
    """Two rows: the coloured kinds (digit, skip, +2, reverse) and the blue organizers."""
    kinds = list(kinds)
    rows = []
    for group in ([k for k in kinds if k not in BLUE], [k for k in kinds if k in BLUE]):
        if not group:
            continue
        tiles = []
        for k in group:
            on = k == selected
            blue = k in BLUE
            # the chosen blue card turns light with a dark ring, so it stands out among the dark
            # blue ones (issue 19, point 4: a dark teal among dark blues could not be told apart)
            fg = (BLUE_HEX if blue else ft.Colors.ON_PRIMARY) if on else (ft.Colors.WHITE if blue else None)
            bg = (BLUE_SELECTED if blue else ft.Colors.PRIMARY) if on else (BLUE_HEX if blue else ft.Colors.SURFACE_CONTAINER_HIGH)
            tiles.append(wide(ids.kind(prefix, k), selected=on, control=ft.Container(
                expand=True, height=50, border_radius=12, ink=True, alignment=ft.Alignment.CENTER, bgcolor=bg,
                border=ft.Border.all(4, BLUE_HEX) if on and blue else None,
                padding=ft.Padding.symmetric(horizontal=2),
                on_click=lambda e, k=k: on_pick(k),
                content=ft.Text(kind_label(k), size=15, weight=ft.FontWeight.W_600, color=fg, no_wrap=True,
                                overflow=ft.TextOverflow.ELLIPSIS))))
        rows.append(ft.Row(tiles, spacing=6))
    return ft.Column(rows, spacing=6)


def colour_row(prefix: str, selected: str | None, on_pick: Callable[[str], None], kept=None) -> ft.Control:
    """The four colours, one tap each. ``kept``: the drawing part's :func:`~companion.ui.use_kept`,
    with an ``on_pick`` of stable identity: a colour whose tile looks as it did is handed back
    as it was (a colour chosen or a move made draws one or two tiles again, not four)."""
    lg = lang()
    return ft.Row([kept(_colour_tile, prefix, c, c == selected, lg, on_pick, key=f"colour-{prefix}-{c}")
                   if kept is not None else _colour_tile(prefix, c, c == selected, lg, on_pick)
                   for c in COLOURS], spacing=6, key=f"kl-colours-{prefix}")


def _colour_tile(prefix: str, c: str, on: bool, lg: str, on_pick: Callable[[str], None], *,
                 key: str | None = None) -> ft.Control:
    return wide(ids.colour(prefix, c), selected=on, control=ft.Container(
        expand=True, height=54, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
        bgcolor=COLOUR_HEX[c], on_click=lambda e, c=c: on_pick(c),
        border=ft.Border.all(4, ft.Colors.ON_SURFACE) if on else None,
        content=ft.Row([*([ft.Icon(ft.Icons.CHECK, size=18, color=ON_COLOUR[c])] if on else []),
                        ft.Text(colour_words(c), size=14, weight=ft.FontWeight.W_600, color=ON_COLOUR[c],
                                no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)],
                       spacing=2, tight=True, alignment=ft.MainAxisAlignment.CENTER)))


def digit_rows(prefix: str, selected: int | None, on_pick: Callable[[int], None]) -> ft.Control:
    def tile(d: int) -> ft.Control:
        on = d == selected
        return wide(ids.digit(prefix, d), selected=on, control=ft.Container(
            expand=True, height=50, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE_CONTAINER_HIGH,
            on_click=lambda e, d=d: on_pick(d),
            content=ft.Text(str(d), size=22, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY if on else None)))

    return ft.Column([ft.Row([tile(d) for d in range(5)], spacing=6),
                      ft.Row([tile(d) for d in range(5, 10)], spacing=6)], spacing=6)


def player_row(prefix: str, players: Iterable[str], selected: str | None, on_pick: Callable[[str], None],
               skip: str | None = None) -> ft.Control:
    tiles = []
    for i, p in enumerate(players):
        if p == skip:
            continue
        on = p == selected
        tiles.append(tagged(ids.player(prefix, i), selected=on, control=ft.FilledButton(
            p, height=50, on_click=lambda e, p=p: on_pick(p),
            style=ft.ButtonStyle(text_style=ft.TextStyle(size=17), shape=ft.RoundedRectangleBorder(radius=12))
        ) if on else ft.OutlinedButton(
            p, height=50, on_click=lambda e, p=p: on_pick(p),
            style=ft.ButtonStyle(text_style=ft.TextStyle(size=17), shape=ft.RoundedRectangleBorder(radius=12)))))
    return ft.Row(tiles, wrap=True, spacing=8, run_spacing=8)


def picked_text(ident: str, text: str) -> ft.Control:
    return probe(ident, text, size=17, weight=ft.FontWeight.W_600)


def switch_row(ident: str, text: str, value: bool, on_set: Callable[[bool], None]) -> ft.Control:
    """A switch with a label that wraps on a phone (tapping the label toggles it too)."""
    return ft.Row([
        tagged(ident, ft.Switch(value=value, on_change=lambda e: on_set(bool(e.control.value)))),
        ft.Container(ft.Text(text, size=16), expand=True, on_click=lambda e: on_set(not value)),
    ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
