"""The 52-card picker of «Королевское наказание»: a block per suit, the 13 ranks in order, aces low
(RM-COMP: Т < 2 < … < К) — one row on a tablet, two rows on a phone, every key at least 44×44 px. Cards already seen are greyed but stay tappable, so a mistaken
tap gets the engine's reason (RM-COMP) rather than silence. Presentation only."""
from __future__ import annotations

from typing import Callable, Mapping

import flet as ft

from ...base.i18n import lang, t
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


KEY_MIN = 44   # px: a key a thumb can hit (every tappable at least 44×44 at 412×915)
KEY_GAP = 5    # px between keys: visible gaps
SUIT_GAP = 10  # px between suits
LABEL_W = 24   # px: the suit sign in front of a suit's keys


def grid_layout(width: float) -> tuple[int, float]:
    """(keys per row, key width) for a grid ``width`` px wide: all 13 ranks of a suit in one row
    when each key keeps at least 44 px (a tablet), else two rows of 7 and 6 (a phone)."""
    avail = width - LABEL_W - KEY_GAP
    for per_row in (13, 7):
        key_w = (avail - (per_row - 1) * KEY_GAP) / per_row
        if key_w >= KEY_MIN:
            return per_row, min(key_w, 64.0)
    return 7, float(KEY_MIN)


def card_grid(on_tap: Callable[[str], None], *, seen=frozenset(), marks: Mapping[str, str] | None = None,
              colors: Mapping[str, str] | None = None, hint: frozenset | None = None, width: float = 380,
              cell_height: int = 46, only=None, kept=None) -> ft.Control:
    """All 52 cards, a block per suit (ranks in order, aces low): one row of 13 on a wide screen,
    two rows (Т…7, 8…К) on a phone — every key at least 44×44 px with visible gaps, all four
    suits on screen at once (no tab to switch). The suits keep their places (♠ ♥ ♦ ♣): a key
    never moves under a thumb between two taps; the led suit is stressed instead. ``seen``: greyed; ``marks``: a small text under a
    card (an owner's initial, «✓»); ``colors``: a card's background; ``hint``: cards to stress
    (the led suit's unseen cards); ``only``: when given, the other cards are greyed too.
    ``kept``: the calling screen's :func:`~companion.ui.use_kept` (with an ``on_tap`` of stable
    identity): a key that looks as it did is handed back as it was, so a card entered makes its
    own key again and its suit's rows, not the suit's 13 keys nor the 52 (issue 52), and a key
    whose face (its rank and mark) did not change keeps its face."""
    marks, colors = marks or {}, colors or {}
    lg = lang()
    per_row, cell_w = grid_layout(width)
    height = max(cell_height, KEY_MIN)
    blocks = []
    for suit in SUIT_IDS:
        keys = []
        for r in range(13):
            cid = card_id(suit, r)
            grey = cid in seen or (only is not None and cid not in only)
            stress = hint is not None and cid in hint
            mark = marks.get(cid, "")
            bg = colors.get(cid) or (ft.Colors.SURFACE_CONTAINER_LOW if grey else
                                     ft.Colors.PRIMARY_CONTAINER if stress else ft.Colors.SURFACE_CONTAINER_HIGHEST)
            if kept is None:
                keys.append(_key(cid, grey, stress, mark, bg, cell_w, height, lg, on_tap, _face(suit, r, mark, lg)))
            else:
                face = kept(_face, suit, r, mark, lg, key=f"face-{cid}")
                keys.append(kept(_key, cid, grey, stress, mark, bg, cell_w, height, lg, on_tap, face, key=f"key-{cid}"))
        label = _suit_label(suit) if kept is None else kept(_suit_label, suit, key=f"label-{suit}")
        args = (tuple(keys), per_row, label)
        blocks.append(kept(_suit_block, *args, key=f"suit-{suit}") if kept is not None else _suit_block(*args))
    return ft.Semantics(container=True, label=t("Cards: a row per suit, aces low"), key="rm-cards",
                        content=ft.Column(blocks, spacing=SUIT_GAP, tight=True))


def _key(cid: str, grey: bool, stress: bool, mark: str, bg: str, cell_w: float, height: float, lg: str, on_tap,
         face: ft.Control, key: str | None = None) -> ft.Control:
    """One card's key: greyed (``grey``: seen, or not playable now), stressed (``stress``: the led
    suit's), with ``mark`` under its rank (``face``: :func:`_face`)."""
    return tagged(ids.card(cid), ft.Container(
        width=cell_w, height=height, border_radius=8, ink=True, bgcolor=bg,
        opacity=0.35 if grey and not mark else 1.0,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if stress else None,
        alignment=ft.Alignment.CENTER, padding=0,
        tooltip=plain(card_text(cid, lg), lg),  # tooltips use the default font: signs as words
        on_click=lambda e, c=cid: on_tap(c),
        content=face,
    ))


def _suit_block(keys: tuple, per_row: int, label: ft.Control, key: str | None = None) -> ft.Control:
    """A suit's 13 keys (:func:`_key`, ranks in order) in rows of ``per_row``, after its sign
    (``label``, :func:`_suit_label`)."""
    rows = [ft.Row(list(keys[i:i + per_row]), spacing=KEY_GAP) for i in range(0, 13, per_row)]
    return ft.Row([label, ft.Column(rows, spacing=KEY_GAP, tight=True)], spacing=KEY_GAP,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _suit_label(suit: str, key: str | None = None) -> ft.Control:
    """The suit's sign in front of its keys."""
    return ft.Container(width=LABEL_W, alignment=ft.Alignment.CENTER,
                        content=txt(suit_sign(suit), size=24, color=SUIT_COLORS[suit]))


def _face(suit: str, r: int, mark: str, lg: str, key: str | None = None) -> ft.Control:
    """What a key of :func:`_suit_block` shows: its rank, and ``mark`` under it."""
    return ft.Column([
        ft.Text(rank_text(r, lg), size=19 if r != 9 else 17, weight=ft.FontWeight.BOLD,
                color=SUIT_COLORS[suit], no_wrap=True),
        *([ft.Text(mark, size=11, weight=ft.FontWeight.W_600, no_wrap=True)] if mark else []),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        alignment=ft.MainAxisAlignment.CENTER)


__all__ = ["KATEX", "KEY_GAP", "KEY_MIN", "RANK_IDS", "SIGNS", "card_grid", "card_label", "glyphs", "grid_layout", "txt"]
