"""The end of a game's history screen, the same in every game: the broken rules, the game record
out and in, and stopping the game (asked first). Presentation only: the session does the work.

And what a long history draws (issue 43): a 200-round game holds over 9,000 entries, and drawing
them all took 15.7 s in the phone edition (and 5.4 s to leave). The history draws its rounds as
headings, the latest rounds open up to :data:`OPEN_ENTRIES` entries (always the latest one), the
others closed until tapped; and it lists the latest :data:`ROUND_PAGE` rounds, earlier ones on
demand (:func:`round_view`). A short game is drawn whole, as before."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

import flet as ft

from ..base.i18n import t, tn
from .records import ExportPanel, ImportPanel, violation_rows
from ..ui import TOUCH, section_title, tagged
from .game import leave, say_refused
from .stop import StopGameButton


def history_tail(st, s, *, violations: str, export: str, stop: str,
                 **where: Any) -> list[ft.Control]:
    """The controls under a game's entries. ``violations``, ``export``, ``stop``: their semantics
    identifiers (the record's file is named by its game, date and players: one scheme for every
    game, :func:`companion.base.file_names.record_file_name_of`); ``where``: how the broken rules
    name their place (``round_word`` or ``where``/``text`` of ``violation_rows``)."""
    def stop_game():
        leave(st, s.abandon(), lambda: t("The game was stopped; it stays in the history."), "/")

    return [section_title(t("Broken rules")),
            violation_rows(s.game.violations(), violations, **where),
            ft.Divider(), section_title(t("Game record")),
            ExportPanel(s.export_record, export),
            ImportPanel(),
            StopGameButton(stop_game, stop, key=f"{stop}-button")]  # asks first (issue 19, point 4)


def after_correction(st, out, close: Callable[[], None], show_changes: Callable[[Any], None],
                     refused: Optional[Callable[[Any], None]] = None) -> bool:
    """After a past entry was corrected (``out``, the session's outcome): close the editor and
    show what changed, or say that nothing did; refused: say why (``refused(out)`` when the
    screen words it itself). Returns whether it was done."""
    if not out.ok:
        say_refused(st, out, refused)
        return False
    close()
    show_changes(out.notice)
    if out.notice is None:
        st.show(lambda: t("Nothing changed."))
    return True


OPEN_ENTRIES = 60   # entries drawn open at first: the latest rounds up to this many (the latest always)
ROUND_PAGE = 10     # rounds listed at first, and added by each «earlier rounds»


@dataclass(frozen=True)
class RoundView:
    """What a history draws: ``listed`` rounds (oldest first) as headings, the ``opened`` ones
    with their entries; ``earlier``: how many rounds before the first listed wait for a tap;
    ``counts``: each round's number of entries; ``skip``: the entries of the rounds not listed
    (they come first: a log holds its rounds one after the other)."""

    listed: tuple
    opened: frozenset
    earlier: int
    counts: Mapping = field(default_factory=dict)
    skip: int = 0


def round_sizes(entries: Iterable[Mapping]) -> list[tuple[Any, int]]:
    """(round, how many entries) in the order the rounds first come."""
    return list(Counter(e["round"] for e in entries).items())


def round_view(sizes: Sequence[tuple[Any, int]], toggled: Mapping[Any, bool] | None = None,
               shown: int = ROUND_PAGE, must_open: Iterable[Any] = ()) -> RoundView:
    """Which rounds a history lists and opens. By default the latest rounds are open while
    their entries add up to at most :data:`OPEN_ENTRIES` (the latest one always), and the
    latest ``shown`` rounds are listed; ``toggled``: rounds the user opened (True) or closed
    (False); ``must_open``: rounds that are listed and open whatever else (the entry just
    corrected, with what it changed below it)."""
    toggled = toggled or {}
    rounds = [r for r, _n in sizes]
    opened, total = set(), 0
    for r, n in reversed(sizes):
        total += n
        if opened and total > OPEN_ENTRIES:
            break
        opened.add(r)
    opened = {r for r in rounds if toggled.get(r, r in opened)}
    must = [r for r in must_open if r in rounds]
    opened |= set(must)
    first = max(0, len(rounds) - max(ROUND_PAGE, shown))
    for r in must:
        first = min(first, rounds.index(r))
    return RoundView(tuple(rounds[first:]), frozenset(opened), first, dict(sizes), sum(n for _r, n in sizes[:first]))


def round_heading(title: str, count: int, opened: bool, on_toggle: Callable[[], None], ident: str) -> ft.Control:
    """A round's heading that opens and closes it (≥ 44 px); closed, it says how many entries
    it holds."""
    words = [ft.Text(title, size=18, weight=ft.FontWeight.W_600)]
    if not opened:
        words.append(ft.Text(tn("{n} entry, tap to show", "{n} entries, tap to show", count), size=14,
                             color=ft.Colors.ON_SURFACE_VARIANT))
    return tagged(ident, ft.Container(
        content=ft.Row([ft.Column(words, spacing=0, tight=True, expand=True),
                        ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE, color=ft.Colors.PRIMARY)],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.only(left=4, top=8, bottom=4, right=12), border_radius=12, ink=True,
        height=None if not opened else TOUCH + 4, on_click=lambda e: on_toggle()), selected=opened)


def earlier_rounds_button(earlier: int, on_click: Callable[[], None], ident: str) -> ft.Control:
    """«Показать ещё N более ранних раундов» above the rounds listed."""
    return tagged(ident, ft.OutlinedButton(
        tn("Show {n} earlier round", "Show {n} earlier rounds", min(ROUND_PAGE, earlier)), icon=ft.Icons.EXPAND_LESS,
        height=TOUCH, on_click=lambda e: on_click(), style=ft.ButtonStyle(text_style=ft.TextStyle(size=17))))
