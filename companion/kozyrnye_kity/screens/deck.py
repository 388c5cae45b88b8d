from __future__ import annotations

import logging

import flet as ft

from engine.kozyrnye_kity import FAMILIES, KNOWN_FACTS
from engine.kozyrnye_kity.i18n import card_name, family_name

from engine.kozyrnye_kity.record import facts_to_json

from .. import deck_walk, ids
from ..deck_walk import CARDS, Draft
from ..i18n import lang, t, tn
from ..ui import TOUCH, choice_row, probe, safe_screen, screen, section_title, tagged, use_app, use_latest

log = logging.getLogger("kity")
BIG_TEXT = ft.ButtonStyle(text_style=ft.TextStyle(size=18))


@ft.component
@safe_screen("/deck")
def DeckCheck():
    st = use_app()
    store = st.store
    profile = deck_walk.profile(store.deck_facts())
    # (card index, Draft or None while untouched); read through get() in handlers
    get_pos, set_pos = use_latest(lambda: (deck_walk.resume_index(profile), None))
    index, _ = get_pos()
    lg = lang()
    total = len(CARDS)
    card = CARDS[index % total]
    done = deck_walk.checked(profile)

    def current() -> tuple[int, Draft]:
        i, d = get_pos()
        if d is None:
            d = Draft.of(deck_walk.profile(store.deck_facts()).facts(CARDS[i]))
        return i, d

    draft = current()[1]

    def edit(**changes):
        i, d = current()
        set_pos((i, Draft(**{**d.__dict__, **changes})))

    def toggle_family(v):
        i, d = current()
        fams = set(d.families) ^ {v}
        edit(families=tuple(f.value for f in FAMILIES if f.value in fams))  # the table's order

    def go(step):
        st.dismiss()
        set_pos(((get_pos()[0] + step) % total, None))

    def save():
        i, d = current()
        c = CARDS[i]
        try:
            facts = d.facts()
        except ValueError:
            st.show(lambda: t("Choose the pearls and the bonus first (for a trump bonus, at least one family)."),
                    "problem")
            return
        try:
            store.set_fact(c.id, facts_to_json(facts))
        except Exception:
            log.exception("saving facts of %s", c.id)
            st.show(lambda: t("This card could not be saved. Please try again."), "problem")
            return
        name = card_name(c, lang())
        if deck_walk.checked(deck_walk.profile(store.deck_facts())) == total:
            st.show(lambda: t("Saved: {card}. Every card of the deck is checked.").format(card=name))
        else:
            st.show(lambda: t("Saved: {card}.").format(card=name))
        set_pos(((i + 1) % total, None))

    bonus_names = [("trump", t("Change trump")), ("flip", t("Flip the token")), ("pearl", t("+1 pearl"))]
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
                probe(ids.DECK_CARD, card_name(card, lg).capitalize(), size=30, weight=ft.FontWeight.BOLD),
                ft.Text(t("Pre-filled from the rulebook; correct it if your card shows something else."),
                        italic=True, color=ft.Colors.ON_SURFACE_VARIANT) if card in KNOWN_FACTS else ft.Container(),
            ], spacing=4),
        ),
        section_title(t("Pearls (left side of the card)")),
        choice_row([(str(n), str(n), ids.deck_pearls(n)) for n in deck_walk.PEARL_CHOICES],
                   str(draft.pearls) if draft.pearls else None, lambda v: edit(pearls=int(v))),
        section_title(t("Bonus (right side of the card)")),
        choice_row([(k, name, ids.deck_bonus(k)) for k, name in bonus_names], draft.kind,
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
