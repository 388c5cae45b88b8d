"""Entering a party's penalties: a player at a time, card by card (the nine numbers and the
joker, counts shown, the sum live) or typed as a number. Shared by the score screen and the
correction in the history. The form keeps taps; the game's view checks and scores them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import flet as ft

from engine.vzhuh.rules import C

from ...base.i18n import lang, t
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


class DraftsBox:
    """Where :func:`use_drafts` keeps a form's drafts when the part that draws the form may be
    taken away and come back: the «Вжух!» score screen's entry is gone while the winner shows,
    and an undo of the last party brings that party's entry back with it."""

    __slots__ = ("drafts", "selected")

    def __init__(self) -> None:
        self.drafts: list = []
        self.selected: list = []


def _use_cell(initial, cell: list | None):
    """(get, set) as :func:`~companion.ui.use_latest`'s; ``cell`` (a list of at most one value):
    the value lives there instead of in this component's state."""
    if cell is None:
        return use_latest(initial)
    _, bump = ft.use_state(0)
    if not cell:
        cell.append(initial)

    def set_(new) -> None:
        cell[0] = new
        bump(lambda n: n + 1)

    return (lambda: cell[0]), set_


def use_drafts(key, initial: Mapping[str, Draft] | None = None, keep: DraftsBox | None = None):
    """(get, set) of {player: Draft} for the party ``key`` (a new key — the party went in,
    here or on another phone — starts a fresh form), and (get, set) of the selected player.
    ``keep``: where they live (see :class:`DraftsBox`); None: in this component."""
    get_box, set_box = _use_cell((key, dict(initial or {})), keep.drafts if keep is not None else None)
    get_sel, set_sel = _use_cell((key, 0), keep.selected if keep is not None else None)

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


class PadHandlers:
    """The entry form's handlers of one component, called through functions of stable identity
    (:func:`entry_form`'s kept parts hold these, not a render's closures): ``now`` is the
    latest render's."""

    __slots__ = ("now", "tap", "choose", "undo", "clear", "typed", "typed_ok")

    def __init__(self) -> None:
        self.now: dict[str, Callable] = {}
        self.tap = lambda x: self.now["tap"](x)
        self.choose = lambda i: self.now["choose"](i)
        self.undo = lambda: self.now["undo"]()
        self.clear = lambda: self.now["clear"]()
        self.typed = lambda value: self.now["typed"](value)
        self.typed_ok = lambda: self.now["typed_ok"]()


def entry_form(view, players, drafts, selected, *, narrow: bool, on_problem: Callable[[str], None],
               at: int | None = None, totals: Mapping[str, int] | None = None, kept=None,
               pad: PadHandlers | None = None) -> list[ft.Control]:
    """The player chips (each with the party sum so far), the pad of the selected player and
    the typed-number field. ``drafts``/``selected``: the (get, set) pairs of :func:`use_drafts`;
    ``at``: the log index of the party being corrected (None: the next party); ``totals``: each
    player's total so far, shown small under the party's sum. ``kept`` (the screen's
    :func:`~companion.ui.use_kept`) and ``pad`` (the component's :class:`PadHandlers`, which the
    taps go through): the chips, the pad's keys and its tools that look as they did are handed
    back as they were (issue 52)."""
    get_d, set_d = drafts
    get_sel, set_sel = selected
    d = get_d()
    sel = min(get_sel(), len(players) - 1)
    me = players[sel]
    mine = d.get(me, Draft())
    left, jokers_left = view.cards_left(as_penalties(d, players))
    lg = lang()

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

    now = {"tap": tap, "choose": choose, "undo": undo_tap, "clear": lambda: put(Draft()),
           "typed": lambda value: typed_value[1](value), "typed_ok": typed_ok}
    if kept is not None and pad is not None:
        pad.now = now
        h, part = pad, kept
    else:  # drawn afresh each time, with this render's handlers
        h = PadHandlers()
        h.now = now

        def part(fn, *args, key: str):
            return fn(*args, key=key)

    chips = [part(_chip, i, p, i == sel, penalty_points(d.get(p, Draft()).as_json()),
                  t("total {n}").format(n=totals[p]) if totals and p in totals else None, h.choose,
                  key=f"chip-{i}") for i, p in enumerate(players)]
    size = 58 if narrow else 66  # a phone: two rows of five; a tablet: one row of ten

    def key(x, label: str, count: int, spare: int, ident: str) -> ft.Control:
        return part(_pad_key, x, label, count, spare, ident, size, h.tap, key=f"pad-{ident}")

    keys = [key(n, str(n), mine.count(n) if mine.typed is None else 0, left[n], ids.entry_number(n)) for n in NUMBERS]
    keys.append(key(JOKER, t("Joker"), mine.count(JOKER) if mine.typed is None else 0, jokers_left, ids.ENTRY_JOKER))
    empty = not mine.taps and mine.typed is None
    return [
        ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
        ft.Container(
            border=ft.Border.all(2, PLAYER_COLORS[sel % len(PLAYER_COLORS)]), border_radius=16, padding=10,
            content=ft.Column([
                part(_pad_head, me, mine.text(), lg, key="pad-head"),
                ft.Row(keys, wrap=True, spacing=6, run_spacing=6, alignment=ft.MainAxisAlignment.CENTER),
                part(_pad_tools, empty, typed_value[0](), lg, h, key="pad-tools"),
            ], spacing=10, tight=True),
        ),
    ]


# The parts of the entry form, each as :func:`entry_form` keeps them (``key``: where it keeps it;
# the control itself has none, as before). Their handlers are a :class:`PadHandlers`' own.
def _chip(i: int, p: str, on: bool, pts: int, total: str | None, choose, *, key: str) -> ft.Control:
    """A player's chip: the name, the party's sum so far, and ``total``, the total before it."""
    return tagged(ids.entry_player(i), selected=on, control=ft.Container(
        on_click=lambda e: choose(i), border_radius=14, ink=True,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(3, PLAYER_COLORS[i % len(PLAYER_COLORS)]) if on else
        ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        content=ft.Column([
            ft.Text(p, size=17, weight=ft.FontWeight.W_600, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text(str(pts), size=22, weight=ft.FontWeight.BOLD),
            *([ft.Text(total, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if total is not None else []),
        ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
    ))


def _pad_head(me: str, text: str, lg: str, *, key: str) -> ft.Control:
    """«Аня: штраф:» and the sum entered so far."""
    return ft.Row([
        ft.Text(t("{player}'s penalty:").format(player=me), size=16),
        probe(ids.ENTRY_SUM, text, size=20, weight=ft.FontWeight.BOLD, expand=True),
    ], wrap=True, spacing=6)


def _pad_tools(empty: bool, typed: str, lg: str, h: PadHandlers, *, key: str) -> ft.Control:
    """Take back a card, clear, and the typed sum with its «Set» (``empty``: nothing entered)."""
    return ft.Row([
        tagged(ids.ENTRY_UNDO, ft.IconButton(ft.Icons.UNDO, tooltip=t("Take back a card"), icon_size=26,
                                             width=TOUCH, height=TOUCH, disabled=empty, on_click=h.undo)),
        tagged(ids.ENTRY_CLEAR, ft.IconButton(ft.Icons.BACKSPACE_OUTLINED, tooltip=t("Clear"), icon_size=24,
                                              width=TOUCH, height=TOUCH, disabled=empty, on_click=h.clear)),
        ft.Container(expand=True, content=tagged(ids.ENTRY_TYPED, ft.TextField(
            label=t("Or type the sum"), value=typed, text_size=19, dense=True,
            keyboard_type=ft.KeyboardType.NUMBER, input_filter=ft.NumbersOnlyInputFilter(),
            on_change=lambda e: h.typed(e.control.value), on_submit=lambda e: h.typed_ok()))),
        tagged(ids.ENTRY_TYPED_OK, ft.FilledTonalButton(  # nothing typed, nothing to set
            t("Set"), height=TOUCH, disabled=not (typed or "").strip(), on_click=h.typed_ok)),
    ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)  # keys 48×48, gaps 8 (issue 19)


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
