"""Work done a step at a time (a generator that yields its progress and returns its result),
run through at once where nobody watches the steps (issue 53: the archive import)."""
from __future__ import annotations

from typing import Generator, TypeVar

R = TypeVar("R")


def run_through(steps: Generator[object, None, R]) -> R:
    """Every step of ``steps``, one after the other; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
