"""The card picker: the whole deck as one grid of keys (family × value) plus a 5 button.

Reusable wherever a card is entered (the table, round setup, corrections)::

    from companion.widgets.card_picker import CardPicker, picker_ids

    CardPicker(
        available=session.game.unseen_cards(),   # card ids that may be entered (others: shown used)
        on_pick=lambda card_id: ...,        # called with "orca-3", "narwhal-9" or "5"
        prefix="table",                     # identifiers: "<prefix>-card-<card id>"
        selected=None,                      # a card id shown as chosen (e.g. the entry being corrected)
        enabled=True,                       # False: everything greyed out (not this player's turn…)
    )

The picker knows no rule: it offers exactly the ids in ``available`` and greys out the rest
(cards already seen this round). Every card is one tap (issue 43): on a phone the four families
are four blocks of two rows of four keys (≥ 44 px, gaps between), two blocks a line, each under
its family's name; on a wide screen (≥ 700 dp) one row per family, its name first. The 5 button
sits below (disabled when ``"5"`` is not in ``available``, e.g. in a 2-player game).

Tests: tap ``picker_ids(prefix).card(card_id)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Optional

import flet as ft

from engine.kozyrnye_kity import FAMILIES, FAMILY_CARDS, FIVE, Family, parse_card
from engine.kozyrnye_kity.i18n import card_name

from ...base.i18n import lang, t
from ...ui import SAME, TOUCH, safe_render, tagged, use_app, use_kept, use_select
from ...widgets.game import use_stable
from .look import FIVE_COLOR, fam_label, family_color

WIDE = 700


@dataclass(frozen=True)
class PickerIds:
    prefix: str

    def card(self, card_id: str) -> str:
        return f"{self.prefix}-card-{card_id}"

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


def _family_pill(f) -> ft.Control:
    """The family's name over its block of keys on a phone: a small pill in the family colour."""
    return ft.Row([ft.Container(
        height=22, bgcolor=family_color(f), border_radius=8, padding=ft.Padding.symmetric(horizontal=8),
        alignment=ft.Alignment.CENTER_LEFT,
        content=ft.Text(fam_label(f), size=14, weight=ft.FontWeight.W_600, color=ft.Colors.WHITE, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS))])


def _kept_pill(f, lg: str, *, key: str) -> ft.Control:
    """:func:`_family_pill` as a family's part keeps it (``lg``: drawn again in another language)."""
    return _family_pill(f)


# The picker is split into memoized parts whose props are plain values (strings, numbers,
# tuples; handlers of stable identity): a play changes one card of one family, so only that
# family's part and that button are rebuilt and diffed (issue 18).
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


KEY_GAP = 4  # between the keys of a family on a phone: 8 keys of 44.5 px in half of 412 px


@ft.memo
@ft.component
@safe_render
def _Family(family: str, wide: bool, avail: tuple, selected: Optional[str], pick, prefix: str, lg: str,
            explain: bool = False, used: str = "", why: tuple = ()):
    """One family's eight values. Tablet: a row, its name first. Phone: a block of two rows of
    four under its name; two blocks share a line, so the whole deck is on screen at once."""
    return _family(use_kept(), family, wide, avail, selected, pick, prefix, lg, explain, used, why)


def _of_family(family: str, cards: tuple) -> tuple:
    """The ids (or (id, …) pairs) of ``cards`` that are of ``family``."""
    head = family + "-"
    return tuple(c for c in cards if (c if isinstance(c, str) else c[0]).startswith(head))


@ft.memo
@ft.component
@safe_render
def _FollowedFamily(family: str, wide: bool, follow, selected: Optional[str], pick, prefix: str, lg: str,
                    explain: bool = False, used: str = ""):
    """:func:`_Family` that follows the session itself (``follow``, see :func:`CardPicker`): a card
    entered draws its family's block again, not the whole picker."""
    def select(s):
        got = follow(s)
        return SAME if got is SAME else (_of_family(family, got[0]), _of_family(family, got[1]))

    avail, why = use_select(select)
    return _family(use_kept(), family, wide, avail, selected, pick, prefix, lg, explain, used, why)


def _family(kept, family: str, wide: bool, avail: tuple, selected: Optional[str], pick, prefix: str, lg: str,
            explain: bool = False, used: str = "", why: tuple = ()) -> ft.Control:
    f = Family(family)
    cards = [c.id for c in FAMILY_CARDS if c.family is f]
    if wide:
        return ft.Row([_family_tag(f), *_value_buttons(kept, cards, avail, selected, pick, prefix, 56, lg, explain,
                                                       used, why)], spacing=6)
    keys = _value_buttons(kept, cards, avail, selected, pick, prefix, TOUCH, lg, explain, used, why)
    return ft.Column([
        kept(_kept_pill, f, lg, key="pill"),
        ft.Row(keys[:4], spacing=KEY_GAP),
        ft.Row(keys[4:], spacing=KEY_GAP),
    ], spacing=KEY_GAP, expand=True)


@ft.memo
@ft.component
@safe_render
def _FiveButton(five_ok: bool, chosen: bool, pick, prefix: str, lg: str, explain: bool = False, used: str = ""):
    return _five_button(five_ok, chosen, pick, picker_ids(prefix), explain, used)


@ft.memo
@ft.component
@safe_render
def _FollowedFive(follow, chosen: bool, pick, prefix: str, lg: str, explain: bool = False, used: str = ""):
    five_ok = use_select(lambda s: SAME if (got := follow(s)) is SAME else FIVE.id in got[0])
    return _five_button(five_ok, chosen, pick, picker_ids(prefix), explain, used)


@ft.memo
@ft.component
@safe_render
def CardPicker(available: Iterable[str], on_pick: Callable[[str], None], prefix: str = "pick",
               selected: Optional[str] = None, enabled: bool = True, explain: bool = False, used: str = "",
               why: tuple = (), follow: Optional[Callable] = None):
    """Memoized: with the same props (``available`` as a tuple, a stable ``on_pick``) the
    parent's re-render skips it entirely. The whole deck is on screen: one tap is one card
    (issue 43). ``explain``: cards that may not be entered still answer a tap (``on_pick`` gets
    them, and the screen says why, from the session); ``used`` is what screen readers hear
    for them (default «уже сыграна»); ``why``: (card id, text) pairs that say it card by card
    instead (a first bonus is not «played»). ``follow``: instead of ``available`` and ``why``,
    a function of the session that gives both (or :data:`~companion.ui.SAME`: keep what is
    shown); each family's block then follows the session itself, and a card entered draws
    one block again, not the picker (the table, issue 52). A function of stable identity."""
    if follow is not None:
        return _followed(follow, on_pick, prefix, selected, explain, used)
    st = use_app()
    avail = frozenset(available) if enabled else frozenset()
    # the parts get a stable handler: ``on_pick`` may be a fresh lambda on each render
    pick = use_stable(on_pick)
    kept = use_kept()
    wide = st.width >= WIDE
    lg = lang()

    def part(f) -> ft.Control:
        return kept(_Family, f.value, wide, tuple(c.id for c in FAMILY_CARDS if c.family is f and c.id in avail),
                    selected if selected and selected.startswith(f.value + "-") else None, pick, prefix, lg,
                    explain, used, tuple((c, w) for c, w in why if c.startswith(f.value + "-")),
                    key=f"{prefix}-family-{f.value}")

    if wide:
        rows = [part(f) for f in FAMILIES]
    else:
        rows = [ft.Row([part(a), part(b)], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)
                for a, b in (FAMILIES[:2], FAMILIES[2:])]
    rows.append(kept(_FiveButton, FIVE.id in avail, selected == FIVE.id, pick, prefix, lg, explain, used,
                     key=f"{prefix}-five"))
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _followed(follow, on_pick, prefix: str, selected: Optional[str], explain: bool, used: str) -> ft.Control:
    """:func:`CardPicker`'s body with ``follow``: the same blocks, each following the session."""
    st = use_app()
    pick = use_stable(on_pick)
    kept = use_kept()
    wide = st.width >= WIDE
    lg = lang()

    def part(f) -> ft.Control:
        return kept(_FollowedFamily, f.value, wide, follow,
                    selected if selected and selected.startswith(f.value + "-") else None, pick, prefix, lg,
                    explain, used, key=f"{prefix}-family-{f.value}")

    if wide:
        rows = [part(f) for f in FAMILIES]
    else:
        rows = [ft.Row([part(a), part(b)], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)
                for a, b in (FAMILIES[:2], FAMILIES[2:])]
    rows.append(kept(_FollowedFive, follow, selected == FIVE.id, pick, prefix, lg, explain, used,
                     key=f"{prefix}-five"))
    return ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
