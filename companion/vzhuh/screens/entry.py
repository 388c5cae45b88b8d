"""Entering a party's penalties: a player at a time, card by card (the nine numbers and the
joker, counts shown, the sum live) or typed as a number. Shared by the score screen and the
correction in the history. The form keeps taps; the game's view checks and scores them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import flet as ft

from engine.vzhuh.rules import C

from ...base.i18n import t
from ...ui import TOUCH, probe, tagged, use_latest
from ...widgets.look import PLAYER_COLORS
from .. import ids
from ..view import JOKER_PENALTY, NUMBERS, penalty_json, penalty_points

JOKER = "J"


@dataclass(frozen=True)
class Draft:
    """One player's penalty while it is entered: the taps in order (numbers and ``"J"``),
    or a typed number."""

    taps: tuple = ()
    typed: int | None = None

    def as_json(self) -> dict:
        if self.typed is not None:
            return penalty_json(points=self.typed)
        counts: dict[int, int] = {}
        for x in self.taps:
            if x != JOKER:
                counts[x] = counts.get(x, 0) + 1
        return penalty_json(counts, jokers=sum(1 for x in self.taps if x == JOKER))

    def count(self, x) -> int:
        return sum(1 for y in self.taps if y == x)

    def text(self) -> str:
        """«3×2 + 10 + джокер = 76» / «36 (числом)»."""
        if self.typed is not None:
            return t("{n} (typed)").format(n=self.typed)
        if not self.taps:
            return "0"
        parts = []
        for n in NUMBERS:
            c = self.count(n)
            if c:
                parts.append(f"{n}×{c}" if c > 1 else str(n))
        j = self.count(JOKER)
        if j:
            parts.append(t("joker") if j == 1 else t("jokers ×{n}").format(n=j))
        total = str(penalty_points(self.as_json()))
        text = " + ".join(parts)
        return total if text == total else f"{text} = {total}"


def draft_of(p: Mapping) -> Draft:
    """The form's draft of a penalty from the log (for a correction)."""
    if "points" in p:
        return Draft(typed=int(p["points"]))
    taps: list = []
    for n, c in p.get("cards", {}).items():
        taps += [int(n)] * c
    return Draft(tuple(taps) + (JOKER,) * p.get("jokers", 0))


def use_drafts(key, initial: Mapping[str, Draft] | None = None):
    """(get, set) of {player: Draft} for the party ``key`` (a new key — the party went in,
    here or on another phone — starts a fresh form), and (get, set) of the selected player."""
    get_box, set_box = use_latest((key, dict(initial or {})))
    get_sel, set_sel = use_latest((key, 0))

    def get() -> dict:
        k, d = get_box()
        return d if k == key else dict(initial or {})

    def put(d: dict) -> None:
        set_box((key, d))

    def sel() -> int:
        k, i = get_sel()
        return i if k == key else 0

    return (get, put), (sel, lambda i: set_sel((key, i)))


def as_penalties(drafts: Mapping[str, Draft], players) -> dict[str, dict]:
    return {p: drafts.get(p, Draft()).as_json() for p in players}


def entry_hint() -> ft.Control:
    return ft.Text(t("A joker among the penalty cards counts {n} ({rule}). Faded: none left in the deck "
                     "({rule2}).").format(n=JOKER_PENALTY, rule=C.J_PENALTY.rule, rule2=C.CHECK.rule), size=13,
                   color=ft.Colors.ON_SURFACE_VARIANT)


def entry_form(view, players, drafts, selected, *, narrow: bool, on_problem: Callable[[str], None],
               at: int | None = None, totals: Mapping[str, int] | None = None, kept=None,
               pad=None) -> list[ft.Control]:
    """The player chips (each with the party sum so far), the pad of the selected player and
    the typed-number field. ``drafts``/``selected``: the (get, set) pairs of :func:`use_drafts`;
    ``at``: the log index of the party being corrected (None: the next party); ``totals``: each
    player's total so far, shown small under the party's sum. ``kept`` (the screen's
    :func:`~companion.ui.use_kept`) and ``pad`` (a ref the pad's taps go through, and a handler
    of stable identity that calls it): the pad's keys that look as they did are handed back as
    they were (issue 52)."""
    get_d, set_d = drafts
    get_sel, set_sel = selected
    d = get_d()
    sel = min(get_sel(), len(players) - 1)
    me = players[sel]
    mine = d.get(me, Draft())
    left, jokers_left = view.cards_left(as_penalties(d, players))

    def put(draft: Draft):
        cur = dict(get_d())
        cur[me] = draft
        set_d(cur)

    def tap(x):
        cur = get_d().get(me, Draft())
        try_draft(Draft(cur.taps + (x,)) if cur.typed is None else Draft((x,)))

    def try_draft(new: Draft) -> bool:
        """Take ``new`` as this player's penalty unless the engine refuses it — e.g. more
        cards of a number than the deck holds, or a sum no cards can make (VZ-CHECK): then
        say why at once."""
        trial = dict(get_d())
        trial[me] = new
        problem = view.entry_problem(as_penalties(trial, players), me, at)
        if problem is not None:
            on_problem(problem)
            return False
        put(new)
        return True

    def undo_tap():
        cur = get_d().get(me, Draft())
        put(Draft(cur.taps[:-1]) if cur.typed is None else Draft())

    typed_value = use_latest("")

    def choose(i: int) -> None:
        """Another player's pad: a sum typed but not set (or refused, VZ-CHECK) was that of the
        player shown, so the field is emptied and does not follow to the next one."""
        if i != get_sel():
            typed_value[1]("")
        set_sel(i)

    def typed_ok():
        text = (typed_value[0]() or "").strip()
        if not text.isdigit():
            on_problem(t("Type the penalty as a whole number, e.g. 36."))
            return
        if try_draft(Draft(typed=int(text))):
            typed_value[1]("")

    chips = []
    for i, p in enumerate(players):
        on = i == sel
        pts = penalty_points(d.get(p, Draft()).as_json())
        chips.append(tagged(ids.entry_player(i), selected=on, control=ft.Container(
            on_click=lambda e, i=i: choose(i), border_radius=14, ink=True,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(3, PLAYER_COLORS[i % len(PLAYER_COLORS)]) if on else
            ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            content=ft.Column([
                ft.Text(p, size=17, weight=ft.FontWeight.W_600, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(str(pts), size=22, weight=ft.FontWeight.BOLD),
                *([ft.Text(t("total {n}").format(n=totals[p]), size=12, color=ft.Colors.ON_SURFACE_VARIANT)]
                  if totals and p in totals else []),
            ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        )))
    size = 58 if narrow else 66  # a phone: two rows of five; a tablet: one row of ten

    if pad is not None:
        pad[0].current = tap

    def key(x, label: str, count: int, spare: int, ident: str) -> ft.Control:
        if kept is not None and pad is not None:
            return kept(_pad_key, x, label, count, spare, ident, size, pad[1], key=f"pad-{ident}")
        return _pad_key(x, label, count, spare, ident, size, tap, key=ident)

    keys = [key(n, str(n), mine.count(n) if mine.typed is None else 0, left[n], ids.entry_number(n)) for n in NUMBERS]
    keys.append(key(JOKER, t("Joker"), mine.count(JOKER) if mine.typed is None else 0, jokers_left, ids.ENTRY_JOKER))
    return [
        ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
        ft.Container(
            border=ft.Border.all(2, PLAYER_COLORS[sel % len(PLAYER_COLORS)]), border_radius=16, padding=10,
            content=ft.Column([
                ft.Row([
                    ft.Text(t("{player}'s penalty:").format(player=me), size=16),
                    probe(ids.ENTRY_SUM, mine.text(), size=20, weight=ft.FontWeight.BOLD, expand=True),
                ], wrap=True, spacing=6),
                ft.Row(keys, wrap=True, spacing=6, run_spacing=6, alignment=ft.MainAxisAlignment.CENTER),
                ft.Row([
                    tagged(ids.ENTRY_UNDO, ft.IconButton(ft.Icons.UNDO, tooltip=t("Take back a card"), icon_size=26,
                                                         width=TOUCH, height=TOUCH,
                                                         disabled=not mine.taps and mine.typed is None,
                                                         on_click=undo_tap)),
                    tagged(ids.ENTRY_CLEAR, ft.IconButton(ft.Icons.BACKSPACE_OUTLINED, tooltip=t("Clear"), icon_size=24,
                                                          width=TOUCH, height=TOUCH,
                                                          disabled=not mine.taps and mine.typed is None,
                                                          on_click=lambda: put(Draft()))),
                    ft.Container(expand=True, content=tagged(ids.ENTRY_TYPED, ft.TextField(
                        label=t("Or type the sum"), value=typed_value[0](), text_size=19, dense=True,
                        keyboard_type=ft.KeyboardType.NUMBER, input_filter=ft.NumbersOnlyInputFilter(),
                        on_change=lambda e: typed_value[1](e.control.value), on_submit=lambda e: typed_ok()))),
                    tagged(ids.ENTRY_TYPED_OK, ft.FilledTonalButton(  # nothing typed, nothing to set
                        t("Set"), height=TOUCH, disabled=not (typed_value[0]() or "").strip(), on_click=typed_ok)),
                ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),  # keys 48×48, gaps 8 (issue 19)
            ], spacing=10, tight=True),
        ),
    ]


def _pad_key(x, label: str, count: int, spare: int, ident: str, size: int, on_tap, *, key: str) -> ft.Control:
    """A key of the pad as the screen keeps it (see :func:`entry_form`): the same as its ``key()``."""
    faded = spare <= 0
    return tagged(ident, ft.Container(
        width=size, height=size, border_radius=14, ink=True, on_click=lambda e, x=x: on_tap(x),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if count else ft.Colors.SURFACE_CONTAINER_HIGH,
        opacity=0.45 if faded else 1.0, alignment=ft.Alignment.CENTER,
        content=ft.Column([
            ft.Text(label, size=24 if x != JOKER else 15, weight=ft.FontWeight.BOLD),
            ft.Text(f"×{count}" if count else " ", size=14, color=ft.Colors.ON_SECONDARY_CONTAINER),
        ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
    ))
