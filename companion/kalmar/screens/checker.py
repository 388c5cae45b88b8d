"""«Можно ли сыграть?» — the checker of «Кальмар»: a card against the table now (a pending draw,
an order in force, the colour in force, the house rule of the game) or against any top card
and colour; the verdict names its rule (KL-PLAY, RUL-KL-SAME-SYMBOL, KL-FX-ORDER, KL-FX-DRAW2,
KL-FX-DRAW4). The same engine checker refuses every card entered at the table."""
from __future__ import annotations

import flet as ft

from engine.kalmar.rules import C

from ...base.i18n import lang, t
from ...ui import choice_row, probe, safe_screen, screen, section_title, tagged, use_latest, use_watch
from .. import ids
from ..view import BLUE, check_card, make_card
from .cards import running, switch_row, card_face, card_words, colour_row, colour_words, digit_rows, kind_rows

ROUTE = "/kalmar/check"           # from home and the rules: «Назад» returns there
GAME_ROUTE = "/kalmar/table-check"  # from the game: «Назад» returns to the game


def picker(prefix: str, get, put, *, colour_label: str | None = None) -> list[ft.Control]:
    d = get()
    k = d.get("kind", "digit")
    out: list[ft.Control] = [kind_rows(prefix, k, lambda v: put({**get(), "kind": v}))]
    if k not in BLUE or colour_label:
        if k in BLUE and colour_label:
            out.append(ft.Text(colour_label, size=15))
        out.append(colour_row(prefix, d.get("colour"), lambda v: put({**get(), "colour": v})))
    if k == "digit":
        out.append(digit_rows(prefix, d.get("digit"), lambda v: put({**get(), "digit": v})))
    return out


def card_of(d: dict) -> str | None:
    return make_card(d.get("kind", "digit"), d.get("colour"), d.get("digit"))


@ft.component
@safe_screen(ROUTE)
def Checker():
    st, s = use_watch()
    get_top, set_top = use_latest({"kind": "digit", "colour": "green", "digit": 7})
    get_card, set_card = use_latest({"kind": "digit", "colour": "crimson", "digit": 7})
    get_same, set_same = use_latest(False)
    get_src, set_src = use_latest("table")
    live = running(s) and s.game.winner() is None
    src = get_src() if live else "free"
    card = card_of(get_card())
    body: list[ft.Control] = []
    if live:
        body.append(choice_row([("table", t("The table now"), "kl-check-src-table"),
                                ("free", t("Any top card"), "kl-check-src-free")], src, set_src))
    if src == "table":
        tb = s.game.table()
        verdict = s.game.can_play(card) if card else None
        body.append(tagged(ids.CHECK_TABLE, ft.Row([
            card_face(tb.top, tb.colour, width=56, height=76),
            ft.Text(t("On top: {card} · colour {colour} · {player} to move").format(
                card=card_words(tb.top), colour=colour_words(tb.colour), player=tb.turn), size=16,
                expand=True)], spacing=10)))
    else:
        top = card_of(get_top())
        tcol = get_top().get("colour") if get_top().get("kind") in BLUE else None
        verdict = check_card(top, tcol, card, get_same()) if card and top else None
        body.append(section_title(t("The top card")))
        body += picker("top", get_top, set_top, colour_label=t("The colour in force:"))
        body.append(switch_row(ids.CHECK_SAME_SYMBOL, t("House rule: the same picture in any colour "
                                                        "({rule})").format(rule=C.SAME_SYMBOL.rule), get_same(), set_same))
    body.append(ft.Divider())
    body.append(section_title(t("The card to play")))
    body += picker("card", get_card, set_card)
    if verdict is None:
        head = ft.Container(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, border_radius=16, padding=16,
                            content=probe(ids.CHECK_RULE, t("Pick the card"), size=20))
    else:
        ok = verdict.ok
        fg = ft.Colors.ON_PRIMARY_CONTAINER if ok else ft.Colors.ON_ERROR_CONTAINER
        head = ft.Container(  # the verdict first: every tap below changes it, in sight
            bgcolor=ft.Colors.PRIMARY_CONTAINER if ok else ft.Colors.ERROR_CONTAINER, border_radius=16, padding=16,
            content=ft.Column([
                ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE if ok else ft.Icons.CANCEL, size=36, color=fg),
                        ft.Container(probe(ids.CHECK_RULE, (t("Allowed") if ok else t("Not allowed"))
                                           + f" · {verdict.rule}", size=21, weight=ft.FontWeight.BOLD, color=fg),
                                     expand=True)], spacing=10),
                probe(ids.CHECK_VERDICT, verdict.text(lang()), size=18, color=fg),
            ], spacing=8, tight=True))
    body.insert(0, head)
    return screen(st, ft.use_view_path() or ROUTE, ids.SCREEN_CHECK, t("Can I play this?"), body)
