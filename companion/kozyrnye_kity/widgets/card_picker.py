"""The card picker: a compact family × value grid plus a 5 button.

Reusable wherever a card is entered (the table, round setup, corrections)::

    from companion.widgets.card_picker import CardPicker, picker_ids

    CardPicker(
        available=session.game.unseen_cards(),   # card ids that may be entered (others: shown used)
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

from engine.kozyrnye_kity import FAMILIES, FAMILY_CARDS, FIVE, Family, parse_card
from engine.kozyrnye_kity.i18n import card_name

from ...i18n import lang, t
from ...ui import TOUCH, safe_render, tagged, use_app, use_kept, use_latest
from ...widgets.game import use_stable
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


def _value_button(card, ok: bool, chosen: bool, on_pick, ids_: PickerIds, *, expand: bool, size: float,
                  explain: bool = False, used: str = "") -> ft.Control:
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
                        semantics_label=name if ok else f"{name} — {used or t('already played')}",
                        style=None if ok else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)),
        width=None if expand else size, height=max(TOUCH + 4, size), style=style, disabled=not ok and not explain,
        on_click=lambda e, c=card.id: on_pick(c),
    )))


def _five_button(five_ok: bool, chosen: bool, pick, ids_: PickerIds, explain: bool = False,
                 used: str = "") -> ft.Control:
    label = t("5 (no family)")
    return tagged(ids_.five, selected=chosen, control=ft.OutlinedButton(
        content=ft.Text(label, size=18, weight=ft.FontWeight.W_600,
                        semantics_label=label if five_ok else f"{label} — {used or t('already played')}",
                        style=None if five_ok else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)),
        height=TOUCH + 4, disabled=not five_ok and not explain,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), color=FIVE_COLOR if five_ok else None,
                             side=ft.BorderSide(2 if five_ok else 1, FIVE_COLOR if five_ok else ft.Colors.OUTLINE_VARIANT)),
        on_click=lambda e: pick(FIVE.id)))


def _family_tag(f) -> ft.Control:
    """The family's name as a filled pill (white on the family colour): readable in light and
    dark themes alike, unlike coloured text on the dark surface (the slate of the orcas)."""
    return ft.Container(
        width=150, height=TOUCH, bgcolor=family_color(f), border_radius=12,  # «sperm whale» at 18: 110 px
        padding=ft.Padding.symmetric(horizontal=10), alignment=ft.Alignment.CENTER_LEFT,
        content=ft.Text(fam_label(f), size=18, weight=ft.FontWeight.W_600, color=ft.Colors.WHITE,
                        max_lines=1, overflow=ft.TextOverflow.ELLIPSIS))


# The picker is split into memoized parts whose props are plain values (strings, numbers,
# tuples; handlers of stable identity): a play changes one card and the count of one family, so
# only that button and that family's tab (on a tablet: its row) are rebuilt and diffed.
@ft.memo
@ft.component
@safe_render
def _ValueButton(card_id: str, ok: bool, chosen: bool, pick, prefix: str, size: float, lg: str,
                 explain: bool = False, used: str = ""):
    return _value_button(parse_card(card_id), ok, chosen, pick, picker_ids(prefix), expand=True, size=size,
                         explain=explain, used=used)


def _value_buttons(kept, cards, avail, selected, pick, prefix: str, size: float, lg: str, explain: bool = False,
                   used: str = "", why: tuple = ()) -> list[ft.Control]:
    """``kept``: the calling part's :func:`~companion.ui.use_kept`."""
    reasons = dict(why)
    return [kept(_ValueButton, c, c in avail, c == selected, pick, prefix, size, lg, explain,
                 "" if c in avail else reasons.get(c, used), key=f"v-{c}")
            for c in cards]


@ft.memo
@ft.component
@safe_render
def _FamilyRow(family: str, avail: tuple, selected: Optional[str], pick, prefix: str, lg: str, explain: bool = False,
               used: str = "", why: tuple = ()):
    """One family of the full grid (tablet): its name, then its eight values."""
    f = Family(family)
    cards = [c.id for c in FAMILY_CARDS if c.family is f]
    return ft.Row([_family_tag(f), *_value_buttons(use_kept(), cards, avail, selected, pick, prefix, 56, lg, explain,
                                                   used, why)], spacing=6)


@ft.memo
@ft.component
@safe_render
def _FamilyTab(family: str, on: bool, left: int, on_family, prefix: str, lg: str):
    """A family tab (phone); its name for screen readers tells how many values are left. The
    tab shown is filled with the family's colour; either way it is one kind of button, so a
    change of family restyles two tabs instead of replacing them."""
    f = Family(family)
    color = family_color(f)
    return ft.Container(expand=True, content=tagged(picker_ids(prefix).family(family), selected=on, control=ft.OutlinedButton(
        content=ft.Text(fam_label(f), size=15, weight=ft.FontWeight.W_600 if on else None,
                        text_align=ft.TextAlign.CENTER, max_lines=2,
                        semantics_label=f"{fam_label(f)}: {left}"),
        height=TOUCH + 8,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=2), shape=ft.RoundedRectangleBorder(radius=12),
                             bgcolor=color if on else None, color=ft.Colors.WHITE if on else ft.Colors.ON_SURFACE,
                             side=ft.BorderSide(2, color)),
        on_click=lambda e: on_family(family))))


@ft.memo
@ft.component
@safe_render
def _ValueRow(cards: tuple, avail: tuple, selected: Optional[str], pick, prefix: str, lg: str, explain: bool = False,
              used: str = "", why: tuple = ()):
    """Four values of the family shown (phone)."""
    return ft.Row(_value_buttons(use_kept(), cards, avail, selected, pick, prefix, 60, lg, explain, used, why),
                  spacing=8)


@ft.memo
@ft.component
@safe_render
def _FamilyValues(family: str, shown: bool, avail: tuple, selected: Optional[str], pick, prefix: str, lg: str,
                  explain: bool = False, used: str = "", why: tuple = ()):
    """A family's eight values in two rows of four (phone), drawn only while ``shown``."""
    cards = tuple(c.id for c in FAMILY_CARDS if c.family.value == family)
    kept = use_kept()
    return ft.Column([
        kept(_ValueRow, half, tuple(c for c in half if c in avail), selected if selected in half else None,
             pick, prefix, lg, explain, used, tuple((c, w) for c, w in why if c in half), key=f"{prefix}-values-{k}")
        for k, half in enumerate((cards[:4], cards[4:]))], spacing=8, visible=shown)


@ft.memo
@ft.component
@safe_render
def _FiveButton(five_ok: bool, chosen: bool, pick, prefix: str, lg: str, explain: bool = False, used: str = ""):
    return _five_button(five_ok, chosen, pick, picker_ids(prefix), explain, used)


@ft.memo
@ft.component
@safe_render
def CardPicker(available: Iterable[str], on_pick: Callable[[str], None], prefix: str = "pick",
               selected: Optional[str] = None, enabled: bool = True, focus: Optional[str] = None,
               turn: Optional[str] = None, explain: bool = False, used: str = "", why: tuple = ()):
    """Memoized: with the same props (``available`` as a tuple, a stable ``on_pick``) the
    parent's re-render skips it entirely. ``focus``: a family to open on (on the table, the
    led family for every player after the leader); a tab the user taps wins until the focus
    or the ``turn`` (whose card is entered) changes. ``explain``: cards that may not be entered still answer a tap (``on_pick`` gets
    them, and the screen says why, from the session); ``used`` is what screen readers hear
    for them (default «уже сыграна»); ``why``: (card id, text) pairs that say it card by card
    instead (a first bonus is not «played»)."""
    st = use_app()
    avail = frozenset(available) if enabled else frozenset()
    first = parse_card(selected).family if selected and selected != FIVE.id else None
    if first is None:
        first = next((f for f in FAMILIES if any(c.id in avail for c in FAMILY_CARDS if c.family is f)), FAMILIES[0])
    get_choice, set_choice = use_latest((None, first.value))  # (focus when the tab was chosen, family)
    # the parts get stable handlers: ``on_pick`` may be a fresh lambda on each render
    pick = use_stable(on_pick)
    on_family = use_stable(lambda f: set_choice(((focus, turn), f)))
    drawn = ft.use_ref(list)  # the families whose values were shown (phone)
    kept = use_kept()

    def get_family() -> str:
        chosen_under, fam = get_choice()
        return focus if focus is not None and chosen_under != (focus, turn) else fam
    wide = st.width >= WIDE
    lg = lang()

    def in_family(f) -> tuple:
        return tuple(c.id for c in FAMILY_CARDS if c.family is f and c.id in avail)

    def why_in(f) -> tuple:
        return tuple((c, w) for c, w in why if parse_card(c).family is f)

    rows: list[ft.Control] = []
    if wide:
        for f in FAMILIES:
            rows.append(kept(_FamilyRow, f.value, in_family(f), selected, pick, prefix, lg, explain, used, why_in(f),
                             key=f"{prefix}-row-{f.value}"))
    else:
        fam = get_family()
        rows.append(ft.Row([kept(_FamilyTab, f.value, f.value == fam, len(in_family(f)), on_family, prefix, lg,
                                 key=f"tab-{f.value}") for f in FAMILIES], spacing=6))
        # The families shown so far keep their rows, hidden while another is shown: going back to
        # one (a tab; on every phone at the table, the family just led and the one before it)
        # shows its rows again instead of building eight new buttons and dropping eight; a family
        # not shown yet costs nothing (issue 18).
        if fam not in drawn.current:
            drawn.current.append(fam)
        for f in (f for f in FAMILIES if f.value in drawn.current):
            rows.append(kept(_FamilyValues, f.value, f.value == fam, in_family(f), selected, pick, prefix, lg, explain,
                             used, why_in(f), key=f"{prefix}-values-{f.value}"))
    rows.append(kept(_FiveButton, FIVE.id in avail, selected == FIVE.id, pick, prefix, lg, explain, used,
                     key=f"{prefix}-five"))
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
