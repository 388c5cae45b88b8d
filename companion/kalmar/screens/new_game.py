"""New game of «Кальмар»: 2–10 players in clockwise seating order (RUL-KL-PLAYERS), the dealer,
the first card turned up (KL-SETUP-1, KL-SETUP-2, RUL-KL-FIRST-BLUE) and the house rule
«same picture, any colour» (RUL-KL-SAME-SYMBOL)."""
from __future__ import annotations

import flet as ft

from engine.kalmar.rules import C

from ...base.i18n import t
from ...ui import safe_screen, section_title, use_latest
from ...widgets.new_game import new_game_screen, note, seat_choice, use_new_game
from .. import ids
from ..view import FIRST_KINDS, NAMES_COLOUR, make_card
from .cards import switch_row, card_words, colour_row, colour_words, digit_rows, kind_rows, picked_text

ROUTE = "/kalmar/new"
MIN_SLOTS, MAX_SLOTS = 2, 10  # RUL-KL-PLAYERS: the fields offered; the engine decides what is valid


def first_card_picker(prefix: str, get, put) -> list[ft.Control]:
    """The first card turned up: kind, colour (the named colour for «Выбери цвет» / «Возьми 4…»),
    digit; and what is picked so far, in words. ``get()`` / ``put(dict)`` hold the draft."""
    d = get()
    k = d.get("kind", "digit")
    body: list[ft.Control] = [kind_rows(prefix, k, lambda v: put({**get(), "kind": v}), FIRST_KINDS)]
    if k in NAMES_COLOUR:
        body.append(ft.Text(t("The colour the dealer names ({rule}):").format(rule=C.FIRST_BLUE.rule), size=16))
    body.append(colour_row(prefix, d.get("colour"), lambda v: put({**get(), "colour": v})))
    if k == "digit":
        body.append(digit_rows(prefix, d.get("digit"), lambda v: put({**get(), "digit": v})))
    card, colour = first_card_of(d)
    text = card_words(card) + (f" · {colour_words(colour)}" if colour else "") if card else t("Pick the card")
    body.append(picked_text(ids.NEW_FIRST if prefix == "new" else ids.NEXT_CARD, text))
    return body


def first_card_of(d: dict) -> tuple[str | None, str | None]:
    """(card id, named colour) of a first-card draft; the card is None while incomplete."""
    k = d.get("kind", "digit")
    if k in NAMES_COLOUR:
        return (k, d["colour"]) if d.get("colour") else (None, None)
    return make_card(k, d.get("colour"), d.get("digit")), None


@ft.component
@safe_screen(ROUTE)
def NewGame():
    form = use_new_game(3, MIN_SLOTS, MAX_SLOTS)
    get_dealer, set_dealer = use_latest(None)
    get_first, set_first = use_latest({})
    get_same, set_same = use_latest(False)
    names = form.slots.filled()
    dealer = get_dealer()
    dealer = dealer if dealer in range(len(names)) else len(names) - 1 if names else 0

    def start():
        cur = form.slots.filled()
        dl = get_dealer()
        dl = dl if dl in range(len(cur)) else max(len(cur) - 1, 0)
        card, colour = first_card_of(get_first())
        if card is None:
            form.buzz(True)
            form.st.show(lambda: t("Pick the first card turned up ({rule}).").format(rule=C.DEAL.rule), "problem")
            return
        opts = {"dealer": cur[dl] if cur else 0, "first_card": card, "same_symbol": get_same()}
        if colour:
            opts["colour"] = colour
        form.start("kalmar", opts, then=lambda: (set_first({}), set_dealer(None)))

    options = [
        section_title(t("Who deals?")),
        note(t("The player to the dealer's left starts; play goes clockwise ({rule}).").format(rule=C.START.rule)),
        seat_choice(names, dealer, set_dealer, lambda i: ids.dealer("new", i), "kl-new-dealer-none"),
        ft.Divider(), section_title(t("The first card turned up")),
        note(t("An organizer card turned up first counts as played by the dealer ({rule}). «Обмен "
               "картами», «Отдать приказ» and «Соблюдай тишину» go back into the pile: enter the next "
               "card ({rule2}).").format(rule=C.FIRST_CARD_PLAYED.rule, rule2=C.FIRST_BLUE.rule)),
        *first_card_picker("new", get_first, set_first),
        ft.Divider(),
        switch_row(ids.NEW_SAME_SYMBOL, t("House rule: the same picture in any colour ({rule})").format(
                   rule=C.SAME_SYMBOL.rule),
                   get_same(), set_same),
        note(t("Each player is dealt 8 cards ({rule}). The first player with no cards left wins "
               "({rule2}).").format(rule=C.DEAL.rule, rule2=C.END.rule)),
    ]
    return new_game_screen(form, ROUTE, ids.SCREEN_NEW, t("New game of «Кальмар»"), options, ids.NEW_START,
                           t("Start the game"), start)
