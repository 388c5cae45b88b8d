"""Shared pieces of the game screens: where the game continues, haptics, bonus texts."""
from __future__ import annotations

import logging
from typing import Optional

import flet as ft

from engine.kozyrnye_kity import parse_card
from engine.kozyrnye_kity.game import Phase
from engine.kozyrnye_kity.i18n import render

from ..i18n import lang, t
from .look import fam_label

log = logging.getLogger("kity")


def game_route(session) -> str:
    """The screen on which the current game continues (from the session's phase)."""
    if session is None or not session.active or session.state is None:
        return "/"
    if session.mode == "pad":
        return "/pad"
    ph = session.game.phase()
    if ph is Phase.SETUP:
        return "/round-end" if session.state.rounds else "/setup"
    if ph is Phase.OVER:
        return "/round-end"
    return "/game"


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


def bonus_text(session, card_id: str) -> str:
    """What a bonus card does, from the deck facts the table told the app ("?" if unknown)."""
    try:
        b = session.game.profile.bonus(parse_card(card_id))
    except Exception:
        b = None
    if b is None:
        return t("bonus unknown")
    kind = b.kind.value
    if kind == "trump":
        return t("trump: {families}").format(families=" / ".join(fam_label(f) for f in b.families))
    if kind == "flip":
        return t("flip the token")
    return t("+1 pearl")


def event_text(ev) -> str:
    """A bonus use in the current trick, in the engine's words."""
    key = {"trump": "explain.bonus_trump", "same_trump": "explain.bonus_same_trump", "flip": "explain.bonus_flip",
           "pearl": "explain.bonus_pearl"}.get(ev.kind)
    if key is None:
        return ""
    params = {"player": ev.player, "card": ev.card}
    if ev.family is not None:
        params["family"] = ev.family
    if ev.token is not None:
        params["token"] = ev.token
    try:
        return render(key, params, lang())
    except Exception:
        return ""


def token_meaning(token: int) -> str:
    """"старшая"/"highest" (from the engine's words for the token's sides)."""
    try:
        return render(f"explain.which.{int(token)}", {}, lang())
    except Exception:
        return ""


def player_name(session, seat: Optional[int]) -> str:
    return session.players[seat] if seat is not None and 0 <= seat < len(session.players) else "—"


def tie_banner(ident: str, tied) -> ft.Control:
    """The players tied at the top after a round (the session decides: R-END, RUL-WINNER-MANY)."""
    from ..ui import probe

    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=16, padding=14,
        content=probe(ident, t("{players} share the top score: no winner yet, play another round "
                               "(R-END, RUL-WINNER-MANY).").format(players=", ".join(tied)),
                      size=18, color=ft.Colors.ON_TERTIARY_CONTAINER))
