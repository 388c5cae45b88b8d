from __future__ import annotations

import logging

import flet as ft

from engine.kozyrnye_kity import FAMILIES
from engine.kozyrnye_kity.cards import parse_card
from engine.kozyrnye_kity.i18n import card_name, family_name

from ...base import ids
from ..deck_walk import PEARL_CHOICES, Draft
from ..view import kity_view
from ..widgets.words import bonus_kind_names
from ...base.i18n import lang, t, tn
from ...ui import TOUCH, choice_row, probe, safe_screen, screen, section_title, tagged, use_latest
from ...widgets.game import use_watch

log = logging.getLogger("kity")
BIG_TEXT = ft.ButtonStyle(text_style=ft.TextStyle(size=18))


@ft.component
@safe_screen("/deck")
def DeckCheck():
    st, s = use_watch()
    game = kity_view(s)  # every read and every change of a fact goes through the game's view
    cards = game.deck_cards()
    # (card index, Draft or None while untouched); read through get() in handlers
    get_pos, set_pos = use_latest(lambda: (game.deck_resume(), None))
    index, _ = get_pos()
    lg = lang()
    total = len(cards)
    card = cards[index % total]
    done = game.deck_checked()

    def current() -> tuple[int, Draft]:
        i, d = get_pos()
        if d is None:
            d = Draft.of_json(game.my_facts(cards[i]))
        return i, d

    draft = current()[1]

    def edit(**changes):
        i, d = current()
        set_pos((i, d.edit(**changes)))

    def toggle_family(v):
        i, d = current()
        set_pos((i, d.toggle_family(v)))

    def go(step):
        st.dismiss()
        set_pos(((get_pos()[0] + step) % total, None))

    def save():
        i, d = current()
        cid = cards[i]
        if not (d.has("pearls") and d.has("bonus")):
            st.show(lambda: t("Choose the pearls and the bonus first (for a trump bonus, at least one family)."),
                    "problem")
            return
        # saved in the user's profile, and a game in progress is re-scored with it at once
        answer = {"pearls": d.pearls, "bonus": d.bonus()}
        try:
            game.answer_fact(cid, **answer)
            # saved when the profile now says what the table said (a retried action that the
            # answer unblocked may itself be refused: that is the table's, not this screen's)
            saved = game.my_facts(cid) == answer
        except Exception:
            log.exception("saving facts of %s", cid)
            saved = False
        if not saved:  # the disk refused it: nothing changed
            st.show(lambda: t("This card could not be saved. Please try again."), "problem")
            return
        name = card_name(parse_card(cid), lang())
        if game.deck_checked() == total:
            st.show(lambda: t("Saved: {card}. Every card of the deck is checked.").format(card=name))
        else:
            st.show(lambda: t("Saved: {card}.").format(card=name))
        set_pos(((i + 1) % total, None))

    body = [
        ft.Text(t("Tell the app what is printed on each card: the pearls on the left and the bonus on the right. "
                  "You can stop at any time; answers are kept."), size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        probe(ids.DECK_PROGRESS, tn("{n} card of {total} checked", "{n} cards of {total} checked", done)
              .format(total=total), size=16),
        ft.ProgressBar(value=done / total, height=8, border_radius=4),
        ft.Container(
            padding=16, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Column([
                ft.Text(t("Card {i} of {total}").format(i=index + 1, total=total), color=ft.Colors.ON_SURFACE_VARIANT),
                probe(ids.DECK_CARD, card_name(parse_card(card), lg).capitalize(), size=30, weight=ft.FontWeight.BOLD),
                ft.Text(t("Pre-filled from the rulebook; correct it if your card shows something else."),
                        italic=True, color=ft.Colors.ON_SURFACE_VARIANT) if game.from_rulebook(card) else ft.Container(),
            ], spacing=4),
        ),
        section_title(t("Pearls (left side of the card)")),
        choice_row([(str(n), str(n), ids.deck_pearls(n)) for n in PEARL_CHOICES],
                   str(draft.pearls) if draft.pearls else None, lambda v: edit(pearls=int(v))),
        section_title(t("Bonus (right side of the card)")),
        choice_row([(k, name, ids.deck_bonus(k)) for k, name in bonus_kind_names().items()], draft.kind,
                   lambda v: edit(kind=v)),
    ]
    if draft.kind == "trump":
        body += [
            ft.Text(t("Which family or families does the symbol show?"), size=16),
            choice_row([(f.value, family_name(f, lg), ids.deck_family(f.value)) for f in FAMILIES],
                       draft.families, toggle_family, multi=True),
        ]
    body.append(ft.Row([
        tagged(ids.DECK_PREV, ft.OutlinedButton(t("Previous"), icon=ft.Icons.CHEVRON_LEFT, height=TOUCH + 8, style=BIG_TEXT,
                                               on_click=lambda: go(-1))),
        tagged(ids.DECK_NEXT, ft.OutlinedButton(t("Skip"), icon=ft.Icons.CHEVRON_RIGHT, height=TOUCH + 8, style=BIG_TEXT,
                                               on_click=lambda: go(1))),
        tagged(ids.DECK_SAVE, ft.FilledButton(t("Save and next"), icon=ft.Icons.CHECK, height=TOUCH + 8,
                                             style=BIG_TEXT, on_click=save)),
    ], wrap=True, spacing=8, run_spacing=8))
    return screen(st, "/deck", ids.SCREEN_DECK, t("Check my deck"), body)
