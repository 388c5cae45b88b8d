"""The «Вжух!» move checker for disputes: the cards played on you (number × count) and your
answer — transfer, beat (number × count) or a joker — legal or not, with the arithmetic and the
rule ID (VZ-RESP). Needs no game."""
from __future__ import annotations

import flet as ft

from ...base.i18n import lang, t, tn
from ...ui import TOUCH, choice_row, probe, safe_screen, screen, section_title, tagged, use_app, use_latest
from .. import ids
from ..view import DECK_COUNTS, NUMBERS, check_move

ROUTE = "/vzhuh/check"           # from home and the rules: «Назад» returns there
GAME_ROUTE = "/vzhuh/table-check"  # from the game: «Назад» returns to the game
JOKERS = (("voila", "«Вуаля!»"), ("vzhuh", "«Вжух!»"), ("krabli", "«Крабли-бумс!»"))


def number_row(selected: int, on_pick, ident_of) -> ft.Control:
    return ft.Row([tagged(ident_of(n), selected=n == selected, control=ft.Container(
        width=52, height=52, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY if n == selected else ft.Colors.SURFACE_CONTAINER_HIGH,
        on_click=lambda e, n=n: on_pick(n),
        content=ft.Text(str(n), size=22, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY if n == selected else None)))
        for n in NUMBERS], wrap=True, spacing=6, run_spacing=6)


def stepper(what: str, value: int, on_set, high: int) -> ft.Control:
    return ft.Row([
        tagged(ids.check_step(what, -1), ft.IconButton(ft.Icons.REMOVE, icon_size=28, width=TOUCH, height=TOUCH,
                                                       tooltip=t("Less"), disabled=value <= 1,
                                                       on_click=lambda: on_set(max(1, value - 1)))),
        probe(f"vz-check-{what}-value", tn("{n} card", "{n} cards", value), size=22,
              weight=ft.FontWeight.BOLD),
        tagged(ids.check_step(what, 1), ft.IconButton(ft.Icons.ADD, icon_size=28, width=TOUCH, height=TOUCH,
                                                      tooltip=t("More"), disabled=value >= high,
                                                      on_click=lambda: on_set(min(high, value + 1)))),
    ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
@safe_screen(ROUTE)
def Checker():
    st = use_app()
    number, set_number = use_latest(4)
    count, set_count = use_latest(1)
    kind, set_kind = use_latest("beat")
    answer_number, set_answer_number = use_latest(10)
    answer_count, set_answer_count = use_latest(1)
    joker, set_joker = use_latest("voila")
    discard, set_discard = use_latest("unknown")
    last, set_last = use_latest(False)
    n, k = number(), count()
    body: list[ft.Control] = [
        section_title(t("Cards played on you")),
        number_row(n, lambda v: (set_number(v), set_count(min(count(), DECK_COUNTS[v]))), ids.check_attack_number),
        stepper("attack", k, set_count, DECK_COUNTS[n]),
        ft.Divider(),
        section_title(t("Your answer")),
        choice_row([("transfer", t("Transfer"), ids.check_kind("transfer")),
                    ("beat", t("Beat"), ids.check_kind("beat")),
                    ("joker", t("Joker"), ids.check_kind("joker"))], kind(), set_kind),
    ]
    if kind() == "transfer":
        body += [ft.Text(t("Cards of the same number, {n}:").format(n=n), size=16),
                 stepper("answer", answer_count(), set_answer_count, DECK_COUNTS[n])]
        verdict = check_move(n, k, "transfer", with_count=answer_count())
    elif kind() == "beat":
        an = answer_number()
        body += [ft.Text(t("Cards of one other number:"), size=16),
                 number_row(an, lambda v: (set_answer_number(v), set_answer_count(min(answer_count(), DECK_COUNTS[v]))),
                            ids.check_answer_number),
                 stepper("answer", answer_count(), set_answer_count, DECK_COUNTS[an])]
        verdict = check_move(n, k, "beat", with_number=an, with_count=answer_count())
    else:
        body.append(choice_row([(key, name, ids.check_joker(key)) for key, name in JOKERS], joker(), set_joker))
        if joker() == "vzhuh":
            body += [ft.Text(t("Is a card with the number {n} in the discard pile?").format(n=n), size=16),
                     choice_row([("yes", t("Yes"), ids.check_discard("yes")), ("no", t("No"), ids.check_discard("no")),
                                 ("unknown", t("Not sure"), ids.check_discard("unknown"))], discard(), set_discard)]
        body.append(tagged("vz-check-last", ft.Switch(label=t("I am the last player still holding cards"), value=last(),
                                                      label_text_style=ft.TextStyle(size=17),
                                                      on_change=lambda e: set_last(bool(e.control.value)))))
        has = {"yes": True, "no": False}.get(discard())
        verdict = check_move(n, k, "joker", joker=joker(), discard_has_needed=has, last_player=last())
    ok = verdict.ok
    body.insert(0, ft.Container(  # the verdict first: every tap below changes it, in sight
        bgcolor=ft.Colors.PRIMARY_CONTAINER if ok else ft.Colors.ERROR_CONTAINER, border_radius=16, padding=16,
        content=ft.Column([
            ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE if ok else ft.Icons.CANCEL, size=36,
                            color=ft.Colors.ON_PRIMARY_CONTAINER if ok else ft.Colors.ON_ERROR_CONTAINER),
                    probe(ids.CHECK_RULE, (t("Allowed") if ok else t("Not allowed")) + f" · {verdict.rule}", size=22,
                          weight=ft.FontWeight.BOLD,
                          color=ft.Colors.ON_PRIMARY_CONTAINER if ok else ft.Colors.ON_ERROR_CONTAINER)], spacing=10),
            probe(ids.CHECK_VERDICT, verdict.text(lang()), size=19,
                  color=ft.Colors.ON_PRIMARY_CONTAINER if ok else ft.Colors.ON_ERROR_CONTAINER),
        ], spacing=8, tight=True)))
    return screen(st, ft.use_view_path() or ROUTE, ids.SCREEN_CHECK, t("Move checker"), body)
