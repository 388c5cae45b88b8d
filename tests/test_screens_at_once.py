"""Issue 53: a screen opens at once, without a route animation, on every device but an iPhone.

In the phone edition the animation's frames held back every opening (the statistics' first
opening after a start, 1,700 games kept: 0.49 s with it, 0.31 s without,
scripts/bench_archive.py --kept), and a phone drew them at every screen change of the evening.
On an iPhone the Cupertino slide stays: it carries the swipe from the left edge that goes back."""
from __future__ import annotations

import flet as ft
import pytest

from companion.app import theme

NONE = ft.PageTransitionTheme.NONE


@pytest.mark.parametrize("dark", [False, True])
def test_a_screen_opens_at_once_except_on_an_iphone(dark):
    moves = theme(dark).page_transitions
    assert moves is not None, "no transitions set: Flutter's own (zoom, fade upwards) animate every opening"
    assert (moves.android, moves.linux, moves.macos, moves.windows) == (NONE, NONE, NONE, NONE)
    assert moves.ios == ft.PageTransitionTheme.CUPERTINO  # the swipe back of an installed app on an iPhone
