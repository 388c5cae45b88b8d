"""The score grid of every game: rounds as rows, players as columns under their colours, then the
totals. Each game fills the cells (its numbers, marks and words); presentation only."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import flet as ft

from ..base.i18n import t
from .look import PLAYER_COLORS

MUTED = ft.Colors.ON_SURFACE_VARIANT


@dataclass(frozen=True)
class ScoreGrid:
    first_w: int      # the first column's width (the rounds' labels)
    pad_v: int = 6    # a cell's padding above and below
    spacing: int = 2  # between the cells of a row

    def cell(self, content: ft.Control, *, hi: bool = False, expand: bool = True) -> ft.Control:
        """A cell; ``hi``: marked (the best total); ``expand=False``: the first column."""
        return ft.Container(expand=expand, width=None if expand else self.first_w, alignment=ft.Alignment.CENTER,
                            padding=ft.Padding.symmetric(vertical=self.pad_v, horizontal=2), border_radius=8,
                            bgcolor=ft.Colors.PRIMARY_CONTAINER if hi else None, content=content)

    def row(self, label: ft.Control, cells: Iterable[ft.Control]) -> ft.Row:
        """A row: ``label`` in the first column, then the players' cells."""
        return ft.Row([self.cell(label, expand=False), *cells], spacing=self.spacing)

    def head(self, corner: ft.Control, players: Sequence[str], name_size: int, name_lines: int = 2) -> ft.Row:
        """The players' row: each name under the player's colour."""
        return self.row(corner, [self.cell(ft.Column([
            ft.Container(width=28, height=4, border_radius=2, bgcolor=PLAYER_COLORS[i % len(PLAYER_COLORS)]),
            ft.Text(p, size=name_size, weight=ft.FontWeight.W_600, max_lines=name_lines,
                    text_align=ft.TextAlign.CENTER, overflow=ft.TextOverflow.ELLIPSIS)],
            spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)) for i, p in enumerate(players)])

    def rows(self, head: ft.Control, body: Iterable[ft.Control], totals: Iterable[tuple[ft.Control, bool]],
             total_size: int = 13) -> list[ft.Control]:
        """The grid's rows: the players, the rounds (``body``), «Total» and each total (marked or not)."""
        return [head, ft.Divider(height=1), *body, ft.Divider(height=1),
                self.row(ft.Text(t("Total"), size=total_size, weight=ft.FontWeight.W_600),
                         [self.cell(c, hi=hi) for c, hi in totals])]
