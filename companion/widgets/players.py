"""The players of a new game, for every game: names in clockwise seating order, names from
earlier games one tap away, reorder and remove (presentation and form state only; the game's
view decides what is valid)."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable

import flet as ft

from engine.core.reading import MAX_NAME

from ..base import ids
from ..base.i18n import t
from ..ui import TOUCH, probe, section_title, tagged, use_latest
from .look import PLAYER_COLORS
from .stop import StopGameButton

log = logging.getLogger("kity")


@dataclass
class Slots:
    """The name fields of the form: read ``names()``, change them with the methods."""

    names: Callable[[], list[str]]
    _set: Callable[[list[str]], None]
    lo: int
    hi: int
    start: int

    def set_name(self, i: int, v: str) -> None:
        cur = list(self.names())
        cur[i] = v
        self._set(cur)

    def add(self) -> None:
        cur = list(self.names())
        if len(cur) < self.hi:
            self._set(cur + [""])

    def remove(self, i: int) -> None:
        cur = list(self.names())
        if len(cur) > self.lo:
            self._set(cur[:i] + cur[i + 1:])

    def up(self, i: int) -> None:
        cur = list(self.names())
        j = (i - 1) % len(cur)
        cur[i], cur[j] = cur[j], cur[i]
        self._set(cur)

    def quick(self, name: str) -> None:
        """A name from an earlier game: into the first empty field, or a new one."""
        cur = list(self.names())
        if name in (n.strip() for n in cur):
            return
        for i, n in enumerate(cur):
            if not n.strip():
                cur[i] = name
                self._set(cur)
                return
        if len(cur) < self.hi:
            self._set(cur + [name])

    def filled(self) -> list[str]:
        return [n.strip() for n in self.names() if n.strip()]

    def reset(self) -> None:
        self._set([""] * self.start)


def use_slots(start: int, lo: int, hi: int) -> Slots:
    get, set_ = use_latest([""] * start)
    return Slots(get, set_, lo, hi, start)


def known_names(st) -> list[str]:
    """Names from earlier games, most recent first, each person of the table once under their
    shown name (issue 42: the chips pick people; a renamed or merged person is one chip)."""
    try:
        people = st.store.people()
        shown = {n: p["name"] for p in people for n in p["names"]}
        names = [shown.get(n, n) for n in st.store.player_names() if isinstance(n, str)]
        return list(dict.fromkeys(names + [p["name"] for p in people]))
    except Exception:
        log.exception("player names")
        return []


def player_fields(slots: Slots, known: list[str]) -> list[ft.Control]:
    """The section «Players, clockwise»: a field per player, add, names from earlier games, the order."""
    names = slots.names()
    body: list[ft.Control] = [section_title(t("Players, clockwise")),
                              ft.Text(t("Enter the names in seating order, going clockwise round the table."), size=16,
                                      color=ft.Colors.ON_SURFACE_VARIANT)]
    for i, n in enumerate(names):
        body.append(ft.Row([
            ft.Container(width=12, height=40, bgcolor=PLAYER_COLORS[i % len(PLAYER_COLORS)], border_radius=6),
            ft.Container(expand=True, content=ft.Semantics(identifier=ids.new_name(i), key=f"name-{i}", content=ft.TextField(
                label=t("Player {n}").format(n=i + 1), value=n, text_size=19, dense=False,
                max_length=MAX_NAME,  # what a game record may hold (engine.core.reading.MAX_NAME)
                on_change=lambda e, i=i: slots.set_name(i, e.control.value)))),
            tagged(ids.new_up(i), ft.IconButton(ft.Icons.ARROW_UPWARD, tooltip=t("Move up"), icon_size=26,
                                                on_click=lambda e, i=i: slots.up(i))),
            tagged(ids.new_remove(i), ft.IconButton(ft.Icons.CLOSE, tooltip=t("Remove"), icon_size=26,
                                                    disabled=len(names) <= slots.lo,
                                                    on_click=lambda e, i=i: slots.remove(i))),
        ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if len(names) < slots.hi:
        body.append(tagged(ids.NEW_ADD, ft.TextButton(t("Add a player"), icon=ft.Icons.PERSON_ADD_ALT, height=TOUCH,
                                                      style=ft.ButtonStyle(text_style=ft.TextStyle(size=17)),
                                                      on_click=slots.add)))
    free = [n for n in known if n not in (x.strip() for x in names)][:12]
    if free:
        body.append(ft.Text(t("Players from earlier games:"), size=16))
        body.append(ft.Row([tagged(ids.new_chip(n), ft.FilledTonalButton(
            n, icon=ft.Icons.PERSON_OUTLINE, height=TOUCH, on_click=lambda e, n=n: slots.quick(n))) for n in free],
            wrap=True, spacing=8, run_spacing=8))
    order = slots.filled()
    body.append(probe(ids.NEW_ORDER, t("Order: {names}").format(names=" · ".join(order))
                      if order else t("Order: —"), size=16, color=ft.Colors.ON_SURFACE_VARIANT))
    return body


def running_game_box(s, on_continue: Callable, on_abandon: Callable) -> ft.Control:
    """«A game is running»: continue it or stop it (a new game needs the old one ended)."""
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=16, padding=14,
        content=ft.Column([
            ft.Text(t("A game is running: {players}.").format(players=", ".join(s.players)), size=17,
                    color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.Row([
                tagged("new-continue", ft.FilledButton(t("Continue it"), height=TOUCH, on_click=on_continue)),
                StopGameButton(on_abandon, "new-abandon", t("Stop it"), key="new-abandon-button"),
            ], wrap=True, spacing=8, run_spacing=8),
        ], spacing=8))
