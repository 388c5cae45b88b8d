"""Work done a step at a time (a generator that yields its progress and returns its result),
run through at once where nobody watches the steps (issue 53: the archive import), or on the
event loop with a pause between two steps where it must not hold anything up (:func:`run_idle`:
the league made ahead after the start)."""
from __future__ import annotations

import asyncio
from typing import Callable, Generator, Optional, TypeVar

R = TypeVar("R")


def run_through(steps: Generator[object, None, R]) -> R:
    """Every step of ``steps``, one after the other; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def unless(stale: Callable[[], bool], steps: Generator[object, None, R]) -> Generator[None, None, Optional[R]]:
    """The steps of ``steps``, given up as soon as ``stale()`` says so after one (None then);
    its return value otherwise (work made ahead whose ground may change between two steps)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return None if stale() else done.value
        yield
        if stale():
            return None


PAUSE = 0.005  # s between two steps of run_idle: a timer, so the page's messages (a tap) come first


async def run_idle(steps: Generator[object, None, R]) -> R:
    """Every step of ``steps`` on the event loop, handing it back between two (one Python
    thread in the phone edition: a tap waits at most one step); its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        await asyncio.sleep(PAUSE)
