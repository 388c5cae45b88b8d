"""Words of the «Козырные киты» screens: bonus kinds and effects, the token's sides, the tie."""
from __future__ import annotations

import flet as ft

from engine.kozyrnye_kity.i18n import render
from engine.kozyrnye_kity.rules import C

from ...base.i18n import lang, t
from ...ui import probe
from .look import fam_label


def bonus_kind_names() -> dict[str, str]:
    """The bonuses a card can print, kind → name, in the table's order (the deck check and the
    fact question both offer them)."""
    return {"trump": t("Change trump"), "flip": t("Flip the token"), "pearl": t("+1 pearl")}


def bonus_text(session, card_id: str) -> str:
    """What a bonus card does, from the deck facts the table told the app ("?" if unknown)."""
    b = session.game.card_facts(card_id).get("bonus")
    if not b:
        return t("bonus unknown")
    kind = b["kind"]
    if kind == "trump":
        return t("trump: {families}").format(families=" / ".join(fam_label(f) for f in b["families"]))
    if kind == "flip":
        return t("flip the token")
    return t("+1 pearl")


def bonus_effect(session, round_no: int, trick_no: int, card_id: str) -> str:
    """What the bonus ``card_id`` used in that trick did, as the fold applied it (the trick's
    bonus events: R-BONUS-TRUMP, RUL-BONUS-SAME-TRUMP, R-BONUS-FLIP, R-BONUS-PEARL): «козырь
    теперь …», «жетон перевёрнут: теперь 1 (…)», «+1 жемчужина…»; "" when the fold has no such
    use (an entry left out of the score)."""
    game = session.game
    done = game.trick(round_no, trick_no)  # a decided trick keeps its events
    if done is not None:
        events = done.events
    else:  # the trick being played
        r = game.round_state(round_no)
        events = r.events if r is not None and getattr(r, "trick_number", None) == trick_no else ()
    ev = next((e for e in events if e.card.id == card_id), None)
    if ev is None:
        return ""
    if ev.kind == "flip":
        tok = int(ev.token)
        return t("the token is flipped: now {token} ({which} card wins)").format(token=tok, which=token_meaning(tok))
    if ev.kind == "trump":
        return t("trump is now {family}").format(family=fam_label(ev.family))
    if ev.kind == "same_trump":
        return t("{family} is trump already: nothing changes").format(family=fam_label(ev.family))
    if ev.kind == "pearl":
        return t("+1 pearl into their own pile")
    return ""


def token_meaning(token: int) -> str:
    """"старшая"/"highest" (from the engine's words for the token's sides)."""
    try:
        return render(f"explain.which.{int(token)}", {}, lang())
    except Exception:
        return ""


def tie_banner(ident: str, tied) -> ft.Control:
    """The players tied at the top after a round (the session decides: R-END, RUL-WINNER-MANY)."""
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=16, padding=14,
        content=probe(ident, t("{players} share the top score: no winner yet, play another round "
                               "({rule}, {rule2}).").format(players=", ".join(tied), rule=C.END.rule,
                                                             rule2=C.WINNER_MANY.rule),
                      size=18, color=ft.Colors.ON_TERTIARY_CONTAINER))

