"""Shared pieces of every game's screens: where the game continues, navigation, haptics."""
from __future__ import annotations

import logging

import flet as ft

log = logging.getLogger("kity")


def game_route(session) -> str:
    """The screen on which the current game continues (its view says, from the game's phase)."""
    if session is None or not session.active or session.state is None:
        return "/"
    return session.game.route()


def go(route: str) -> None:
    try:
        page = ft.context.page
        if page.route != route:
            page.navigate(route)
    except Exception:
        log.exception("navigate %s", route)


def use_stable(fn):
    """A function of stable identity that always calls the latest ``fn`` (handlers passed as
    props to memoized components: a fresh closure on each render would defeat the memo)."""
    ref = ft.use_ref(None)
    ref.current = fn
    return ft.use_callback(lambda *a, **kw: ref.current(*a, **kw), [])


def use_haptics():
    """A function that gives a short buzz on the device (strong ref, defensive: a no-op on web)."""
    ref = ft.use_ref(None)
    if ref.current is None:
        try:
            ref.current = ft.HapticFeedback()
        except Exception:
            log.warning("haptic feedback not available", exc_info=True)
            ref.current = False

    def buzz(strong: bool = False):
        h = ref.current
        if not h:
            return

        async def run():
            try:
                await (h.heavy_impact() if strong else h.medium_impact())
            except Exception:
                pass

        try:
            ft.context.page.run_task(run)
        except Exception:
            pass

    return buzz
