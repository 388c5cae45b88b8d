from __future__ import annotations

from dataclasses import replace

import flet as ft

from engine.kozyrnye_kity import FAMILIES, FAMILY_CARDS, FIVE, Family, Token
from engine.kozyrnye_kity.i18n import card_name, family_name

from .. import calc
from ...base import ids
from ...base.i18n import lang, t
from ...ui import TOUCH, choice_row, probe, safe_screen, screen, section_title, tagged, use_app, use_latest


BIG_TEXT = ft.ButtonStyle(text_style=ft.TextStyle(size=17))


def _value_button(card, on_add) -> ft.Control:
    # the visible text is the value; screen readers hear the whole card name
    return tagged(ids.calc_card(card.id), ft.OutlinedButton(
        content=ft.Text(str(card.value), size=20, weight=ft.FontWeight.W_600,
                        semantics_label=card_name(card, lang())),
        width=56, height=56,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), padding=0),
        on_click=lambda e: on_add(card),
    ))


def result_dialog(c: calc.Calc, on_close, on_new) -> ft.AlertDialog | None:
    """The winner and the engine's step-by-step explanation, as a dialog (visible wherever the
    user has scrolled to). None when the input cannot be decided."""
    try:
        players, ex = calc.decide(c)
    except calc.Problem:
        return None
    lg = lang()
    winner = t("{player} takes the trick with {card}.").format(
        player=players[ex.winner_index], card=card_name(c.plays[ex.winner_index], lg))
    return ft.AlertDialog(
        modal=True,
        title=ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS_OUTLINED, color=ft.Colors.PRIMARY, size=32),
                      ft.Container(probe(ids.CALC_WINNER, winner, size=22, weight=ft.FontWeight.BOLD),
                                   expand=True)]),
        content=ft.Container(width=560, content=ft.Column([
            ft.Text(t("Why:"), size=16, weight=ft.FontWeight.W_600),
            ft.Semantics(identifier=ids.CALC_EXPLAIN, content=ft.Column(
                [ft.Text(f"{i}. {line}", size=16) for i, line in enumerate(ex.lines(lg), start=1)],
                spacing=8)),
        ], spacing=10, tight=True, scroll=ft.ScrollMode.AUTO)),
        actions=[
            tagged(ids.CALC_NEW, ft.TextButton(t("New trick"), height=TOUCH, on_click=on_new)),
            tagged(ids.CALC_CLOSE, ft.FilledButton(t("Close"), height=TOUCH, on_click=on_close)),
        ],
    )


@ft.component
@safe_screen("/rules/who-wins")
def Calculator():
    st = use_app()
    get_c, set_c = use_latest(calc.Calc())
    get_family, set_family = use_latest(FAMILIES[0].value)
    get_decided, set_decided = use_latest(False)
    c, family, decided = get_c(), get_family(), get_decided()
    lg = lang()

    def update(fn):
        """Apply ``fn`` to the latest input; a calm message instead if the engine refuses."""
        try:
            new = fn(get_c())
        except calc.Problem as p:
            st.show(p.text, "problem")
            return
        st.dismiss()
        set_decided(False)
        set_c(new)

    def add(card):
        update(lambda cur: calc.add(cur, card))

    def decide():
        try:
            calc.decide(get_c())
        except calc.Problem as p:
            st.show(p.text, "problem")
            return
        st.dismiss()
        set_decided(True)

    def new_trick():
        set_decided(False)
        set_c(calc.Calc(trump=get_c().trump, token=get_c().token))

    ft.use_dialog(result_dialog(c, lambda: set_decided(False), new_trick) if decided else None)

    labels = calc.player_labels(len(c.plays))
    plays = ft.Column(
        [ft.Text(f"{labels[i]}: {card_name(card, lg)}", size=18) for i, card in enumerate(c.plays)]
        or [ft.Text(t("No cards yet. Tap the cards in the order they were played."),
                    color=ft.Colors.ON_SURFACE_VARIANT, size=16)],
        spacing=4,
    )
    fam_cards = [card for card in FAMILY_CARDS if card.family.value == family]
    body = [
        ft.Text(t("Enter a trick as it lies on the table and see who takes it, with the rule behind every step."),
                size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        section_title(t("Trump")),
        tagged(ids.CALC_TRUMP, choice_row(
            [(f.value, family_name(f, lg), ids.calc_trump_family(f.value)) for f in FAMILIES],
            c.trump.value if c.trump else None,
            lambda v: update(lambda cur: replace(cur, trump=Family(v))))),
        section_title(t("Token")),
        tagged(ids.CALC_TOKEN, choice_row(
            [(str(int(tok)), str(int(tok)), ids.calc_token_side(int(tok))) for tok in Token],
            str(int(c.token)) if c.token else None,
            lambda v: update(lambda cur: replace(cur, token=Token(int(v)))))),
        ft.Divider(),
        section_title(t("Cards in the order played")),
        ft.Semantics(identifier=ids.CALC_PLAYS, content=plays),
        ft.Row([
            tagged(ids.CALC_UNDO, ft.OutlinedButton(t("Remove last"), icon=ft.Icons.UNDO, height=TOUCH, style=BIG_TEXT,
                                                   disabled=not c.plays, on_click=lambda: update(calc.undo))),
            tagged(ids.CALC_CLEAR, ft.OutlinedButton(t("Start over"), icon=ft.Icons.REFRESH, height=TOUCH, style=BIG_TEXT,
                                                    on_click=lambda: update(lambda cur: calc.Calc()))),
        ], wrap=True, spacing=8, run_spacing=8),
        ft.Text(t("Family of the next card"), size=16),
        choice_row([(f.value, family_name(f, lg), f"calc-family-{f.value}") for f in FAMILIES],
                   family, lambda v: set_family(v)),
        ft.Row([_value_button(card, add) for card in fam_cards], wrap=True, spacing=6, run_spacing=6),
        tagged(ids.calc_card(FIVE.id), ft.OutlinedButton(
            t("5 (no family)"), height=56, style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12),
                                                                text_style=ft.TextStyle(size=18)),
            on_click=lambda: add(FIVE))),
        tagged(ids.CALC_DECIDE, ft.FilledButton(t("Who wins?"), icon=ft.Icons.EMOJI_EVENTS_OUTLINED, height=60,
                                                style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                                on_click=decide)),
    ]
    # the view's route is where it was opened («/who-wins» from home, «/rules/who-wins» from the
    # rules): «Назад» returns there (issue 19, point 4)
    return screen(st, ft.use_view_path() or "/rules/who-wins", ids.SCREEN_CALC, t("Who wins the trick?"), body)
