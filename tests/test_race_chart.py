"""The round end's race chart keeps a few grid lines whatever the target: a step of 10 for any
height drew 100,000 lines and labels for a race to a million points (a target the new game form
takes) and froze the page at the round end."""
from __future__ import annotations

import pytest

from companion.kozyrnye_kity.screens.round_end import grid_step

NICE = {5 * 10 ** k for k in range(8)} | {10 ** k for k in range(1, 9)} | {2 * 10 ** k for k in range(1, 9)}


@pytest.mark.parametrize("top, step", [(30, 5), (40, 5), (45, 10), (80, 10), (150, 20), (1_000_000, 200_000)])
def test_the_step_is_round_and_the_lines_few(top, step):
    assert grid_step(top) == step
    assert grid_step(top) in NICE and top / grid_step(top) <= 8
