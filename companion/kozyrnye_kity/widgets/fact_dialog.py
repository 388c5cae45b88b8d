"""The deck-fact question as a dialog: shown whenever ``session.question`` is set.

The engine needed a printed fact of a card (its pearls for a reward, its bonus to use it);
the table answers once, the answer goes to the deck profile and the waiting action is retried
by the session. Known facts are pre-filled and can be corrected.
"""
from __future__ import annotations

from typing import Optional

import flet as ft

from engine.kozyrnye_kity import FAMILIES, parse_card

from ...base import ids
from ...base.i18n import lang, t
from ...ui import TOUCH, choice_row, probe, safe_render, tagged, this_session, use_app, use_latest, use_select
from ..deck_walk import Draft
from .look import card_chip, fam_label
from .words import bonus_kind_names
from ...widgets.notices import show_refusal


def _key(q) -> tuple:
    """The question a draft answers (a new question, even about the same card, starts afresh)."""
    return q.card, q.fact, id(q)


@ft.component
@safe_render
def FactQuestionHost(on_answered=None):
    """Put once on a game screen. ``on_answered(outcome, retried_action)`` runs after the answer
    was saved, with the outcome of the retried action (which may itself be refused)."""
    st, s = use_app(), this_session()
    # redrawn when the question changes; a new question, even an equal one, is another (_key)
    _, q = use_select(lambda s: (id(s.question), s.question))
    get_draft, set_draft = use_latest(None)  # (question key, Draft)
    get_hidden, set_hidden = use_latest(None)
    get_several, set_several = use_latest(None)  # the question whose symbol shows several families
    def current() -> Optional[Draft]:
        """The draft answer for the question now pending (fresh from the known facts)."""
        qq = s.question
        if qq is None:
            return None
        kd = get_draft()
        return kd[1] if kd is not None and kd[0] == _key(qq) else Draft.of_json(qq.known)

    draft = current()
    hidden = q is not None and get_hidden() == _key(q)

    def put(d: Draft):
        qq = s.question
        if qq is not None:
            set_draft((_key(qq), d))

    def edit(**kw):
        d = current()
        if d is not None:
            put(d.edit(**kw))

    def toggle_family(v: str):
        d = current()
        if d is not None:
            put(d.toggle_family(v))

    def save(d: Optional[Draft] = None):
        d = d or current()
        qq = s.question
        if qq is None or d is None:
            return
        if qq.fact == "pearls" and not d.has("pearls"):
            st.show(lambda: t("Choose the number of pearls first."), "problem")
            return
        if qq.fact == "bonus" and not d.has("bonus"):
            st.show(lambda: t("Choose the bonus first (for a trump bonus, at least one family)."), "problem")
            return
        retry = qq.retry
        out = s.game.answer_fact(qq.card, pearls=d.pearls, bonus=d.bonus())
        if on_answered:
            on_answered(out, retry)
        elif out.ok:
            st.dismiss()
        elif out.notice is not None and out.notice.kind != "question":
            show_refusal(st, out)

    def answer(**kw):
        """A tap on the answer to the question asked is the answer (issue 43): no «Save»; a
        mistake is undone like any entry."""
        d = current()
        if d is not None:
            d = d.edit(**kw)
            put(d)
            save(d)

    def later():
        qq = s.question
        if qq is not None:
            set_hidden(_key(qq))

    dialog = None
    if q is not None and not hidden and draft is not None:
        lg = lang()
        title = q.error.text(lg) if q.error is not None else t("A card fact is needed.")
        rows: list[ft.Control] = [ft.Row([card_chip(q.card, size=20)], alignment=ft.MainAxisAlignment.CENTER)]
        show_pearls = q.fact == "pearls" or draft.pearls is not None
        show_bonus = q.fact == "bonus" or draft.kind is not None
        if show_pearls:
            rows.append(ft.Text(t("Pearls on the card"), size=17, weight=ft.FontWeight.W_600))
            rows.append(choice_row([(str(n), str(n), ids.fact_pearls(n)) for n in (1, 2, 3)],
                                   str(draft.pearls) if draft.pearls else None,
                                   (lambda v: answer(pearls=int(v))) if q.fact == "pearls"
                                   else (lambda v: edit(pearls=int(v)))))
        # the bonus asked: one tap for a flip, a pearl or a trump bonus of one family; a symbol of
        # several families (or a known one corrected) is chosen family by family, then saved
        several = q.fact != "bonus" or get_several() == _key(q) or len(draft.families) > 1
        if show_bonus and not several:
            kinds = bonus_kind_names()
            rows.append(ft.Text(t("Bonus on the card"), size=17, weight=ft.FontWeight.W_600))
            rows.append(choice_row([(k, kinds[k], ids.fact_bonus(k)) for k in ("flip", "pearl")], draft.kind,
                                   lambda v: answer(kind=v, families=())))
            rows.append(ft.Text(t("Change trump to the family on the symbol:"), size=15))
            rows.append(choice_row([(f.value, fam_label(f), ids.fact_family(f.value)) for f in FAMILIES],
                                   draft.families[0] if draft.kind == "trump" and draft.families else None,
                                   lambda v: answer(kind="trump", families=(v,))))
            rows.append(tagged(ids.FACT_SEVERAL, ft.TextButton(
                t("The symbol shows several families…"), height=TOUCH,
                on_click=lambda: (set_several(_key(q)), put(draft.edit(kind="trump"))))))
        elif show_bonus:
            rows.append(ft.Text(t("Bonus on the card"), size=17, weight=ft.FontWeight.W_600))
            rows.append(choice_row([(k, name, ids.fact_bonus(k)) for k, name in bonus_kind_names().items()],
                                   draft.kind, lambda v: edit(kind=v)))
            if draft.kind == "trump":
                rows.append(ft.Text(t("Families on the symbol (one or more)"), size=15))
                rows.append(choice_row([(f.value, fam_label(f), ids.fact_family(f.value)) for f in FAMILIES],
                                       set(draft.families), toggle_family, multi=True))
        rows.append(ft.Text(t("The answer is kept for this deck and used in every later game."), size=14,
                            color=ft.Colors.ON_SURFACE_VARIANT))
        dialog = ft.AlertDialog(
            modal=True,
            title=probe(ids.FACT_QUESTION, title, size=19, weight=ft.FontWeight.W_600),
            content=ft.Container(width=520, content=ft.Column(rows, spacing=12, tight=True,
                                                              scroll=ft.ScrollMode.AUTO)),
            actions=[
                tagged(ids.FACT_LATER, ft.TextButton(t("Later"), height=TOUCH, on_click=later)),
                *([tagged(ids.FACT_SAVE, ft.FilledButton(t("Save"), icon=ft.Icons.CHECK, height=TOUCH,
                                                         on_click=lambda: save()))]
                  if q.fact != "pearls" and several else []),
            ],
        )
    ft.use_dialog(dialog)

    if q is not None and hidden:
        return tagged(ids.TABLE_QUESTION, ft.FilledTonalButton(
            t("Answer the question about «{card}»").format(card=card_name_of(q.card)), icon=ft.Icons.HELP_OUTLINE,
            height=TOUCH, on_click=lambda: set_hidden(None)))
    return ft.Container(height=0)


def card_name_of(card_id: str) -> str:
    from engine.kozyrnye_kity.i18n import card_name  # load cost: the card names' catalog, when first shown
    return card_name(parse_card(card_id), lang())
