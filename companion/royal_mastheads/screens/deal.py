"""The «Королевское наказание» table screen, by the set's phase:

* between deals — the last deal's breakdown, then the turned card of the next deal (RM-DEAL-2)
  and how the deal will be entered;
* a deal trick by trick — the live tricks, points and bank holder, the trick on the table, the
  52-card picker (one tap per card; seen cards greyed, the led suit stressed, RM-FOLLOW), the
  last trick's winner and why, a revoke shown when its proof arrives (RUL-RM-REVOKE);
* after the 11th trick the bank fills itself: it is the 8 cards nobody played (RM-BANK), and the
  deal closes; «Исправить банк» reopens it — fill it again, or enter each player's two cards;
* a deal by taken cards — each card tapped to whoever took it or to the bank (RUL-RM-ORDER);
* after 10 deals — the winner (RM-SET), or the shared-win choice (RUL-RM-SET-TIE).

Everything shown comes from the game's view; the screen computes nothing of the game."""
from __future__ import annotations

import flet as ft

from engine.royal_mastheads.rules import C

from ...base.i18n import lang, t, tn
from ...ui import (
    TOUCH, choice_row, column, content_width, frame, probe, safe_render, safe_screen, section_title, tagged, use_app,
    use_kept, use_select,
)
from ...widgets.game import go, leave, play_button, use_play, use_stable
from ...widgets.notices import outcome_text
from .. import ids
from ..view import BANK, card_text, plain
from .parts import MUTED, breakdown, color, frame_actions, header, live_strip, score_table, turned_line, use_keyed
from .picker import SIGNS, card_grid, card_label, glyphs, txt

ROUTE = "/royal-mastheads"
GAME = "royal-mastheads"


def banner(ident: str, text: str, *, strong: bool = False, problem: bool = False) -> ft.Control:
    bg = (ft.Colors.ERROR_CONTAINER if problem else ft.Colors.PRIMARY_CONTAINER if strong
          else ft.Colors.TERTIARY_CONTAINER)
    fg = (ft.Colors.ON_ERROR_CONTAINER if problem else ft.Colors.ON_PRIMARY_CONTAINER if strong
          else ft.Colors.ON_TERTIARY_CONTAINER)
    return ft.Container(bgcolor=bg, border_radius=16, padding=12,
                        content=probe(ident, glyphs(text), style=SIGNS, size=19 if strong else 16,
                                      weight=ft.FontWeight.BOLD if strong else None, color=fg))


def big(text: str, icon, on_click, ident: str, *, disabled: bool = False, tonal: bool = False) -> ft.Control:
    return tagged(ident, play_button(text, icon, on_click, filled=not tonal, disabled=disabled))


def _on(s) -> bool:
    return s is not None and s.active and s.kind == GAME


@ft.component
@safe_screen(ROUTE)
def Deal():
    """The screen's frame: the app bar and the message bar, drawn again only when a set starts
    or ends and when the app's state changes (the width, the language). What an entry changes
    is drawn by :func:`DealBody` and the undo and redo buttons, which follow the session
    (issue 52)."""
    use_app()
    on = use_select(_on)
    return frame(ROUTE, probe(ids.SCREEN_DEAL, t("The table") if on else "«Королевское наказание»"),
                 DealBody(key="rm-deal-body"), frame_actions() if on else None)


@ft.component
@safe_render
def DealBody():
    """The set on the table, by its phase: it follows the session and draws again on every
    change; what did not change is handed back as it was (the picker's suits, the players'
    boxes, the last trick)."""
    st, s, buzz = use_play()
    view = s.game
    on = s.active and s.kind == GAME
    deal_key = (s.game_id, view.deal_number() if on else 0)
    # hooks first, always in the same order
    get_turned, set_turned = use_keyed(deal_key, None)
    get_picking, set_picking = use_keyed((s.game_id, view.deals_closed() if on else 0), False)
    get_mode, set_mode = use_keyed(deal_key, "tricks")
    get_owners, set_owners = use_keyed(deal_key, {})
    get_owner, set_owner = use_keyed(deal_key, None)
    get_holder, set_holder = use_keyed(deal_key, "rule")
    kept = use_kept()  # the picker's suits that look as they did are handed back as they were
    grid_tap = ft.use_ref(None)
    on_grid = use_stable(lambda c: grid_tap.current(c))  # the picker's handler, of stable identity
    on_taken = use_stable(lambda *_: set_mode("taken"))  # (the button passes its event)
    if not on:
        return column(st, [
            ft.Text(t("No set of «Королевское наказание» is running."), size=18),
            ft.FilledButton(t("New set"), icon=ft.Icons.ADD, height=TOUCH + 8,
                            on_click=lambda: go("/royal-mastheads/new"))])
    narrow = st.width < 600
    width = content_width(st) or 380  # the column the grid lives in (keys ≥ 44 px, picker.grid_layout)
    phase = view.phase()
    lg = lang()
    players = view.players

    def problem(text: str):
        buzz(True)
        st.show(lambda: plain(text, lang()), "problem")

    def refused(out):
        buzz(True)
        text = outcome_text(out)
        st.show(lambda: plain(text(), lang()), "problem")

    body: list[ft.Control] = [header(view, kept)]

    # ---- the set is over, or tied -----------------------------------------------------------
    if phase in ("over", "tie"):
        totals = view.totals()
        if phase == "over":
            shared = view.shared_win()
            if shared:
                body.append(banner(ids.WINNER, t("A shared win: {players}, {points} each ({rule}).").format(
                    players=", ".join(shared), points=totals[shared[0]], rule=C.SET_TIE.rule), strong=True))
            else:
                w = view.winner()
                body.append(banner(ids.WINNER, t("{player} wins the set with {points} ({rule}).").format(
                    player=w, points=totals.get(w, 0), rule=C.SET.rule), strong=True))

            def finish():
                leave(st, s.finish(), lambda: t("The game is in the history."), "/stats", refused=refused)

            body.append(big(t("Finish: put the game in the history"), ft.Icons.DONE_ALL, finish, ids.FINISH))
        else:
            tied = view.tied()
            body.append(banner(ids.TIE, t("{players} share the highest total, {points}. Play one more deal to "
                                          "break it, or accept a shared win ({rule}).").format(
                players=", ".join(tied), points=totals[tied[0]], rule=C.SET_TIE.rule), strong=True))

            def another():
                out = view.another_deal()
                if not out.ok:
                    refused(out)

            def share():
                out = view.accept_shared_win()
                if not out.ok:
                    refused(out)

            body.append(ft.Row([big(t("One more deal"), ft.Icons.REPLAY, another, ids.ANOTHER_DEAL),
                                big(t("Shared win"), ft.Icons.HANDSHAKE, share, ids.SHARED_WIN, tonal=True)],
                               wrap=True, spacing=8, run_spacing=8))
        body += [score_table(view, narrow), breakdown(view)]
        body += _bank_fix(view, refused, st.show)
        return column(st, body)

    # ---- between deals: the breakdown, then the turned card ---------------------------------
    if phase == "deal":
        closed = view.deals_closed()
        if closed and not get_picking():
            body.append(breakdown(view))
            body.append(big(t("Next: deal {n}").format(n=view.deal_number()), ft.Icons.ARROW_FORWARD,
                            lambda: set_picking(True), ids.NEXT_DEAL))
            body += _bank_fix(view, refused, st.show)
            body.append(score_table(view, narrow))
            return column(st, body)
        chosen = get_turned()

        def start(mode: str):
            card = get_turned()
            if card is None:
                problem(t("Tap the turned card first ({rule}).").format(rule=C.DEAL_2.rule))
                return
            out = view.start_deal(card)
            if out.ok:
                buzz()
                set_mode(mode)
            else:
                refused(out)

        body.append(ft.Text(t("{dealer} deals 13 cards each and turns the top card: its suit is trump ({rule}). "
                              "Tap it:").format(dealer=view.dealer(), rule=C.DEAL_2.rule), size=16))
        body.append(card_grid(lambda c: set_turned(c), width=width,
                              colors={chosen: ft.Colors.PRIMARY_CONTAINER} if chosen else None,
                              marks={chosen: "✓"} if chosen else None))
        body.append(probe(ids.TURNED, glyphs(t("Turned card: {card}").format(card=card_text(chosen, lg))) if chosen
                          else t("Turned card: not chosen yet"), style=SIGNS, size=17, weight=ft.FontWeight.W_600))
        body.append(ft.Row([
            big(t("Trick by trick"), ft.Icons.PLAY_ARROW, lambda: start("tricks"), ids.START_TRICKS,
                disabled=chosen is None),
            big(t("By taken cards, after the deal"), ft.Icons.STYLE, lambda: start("taken"), ids.START_TAKEN,
                disabled=chosen is None, tonal=True),
        ], wrap=True, spacing=8, run_spacing=8))
        body.append(ft.Text(t("Both ways give the same points ({rule}). {player} leads the first trick "
                              "({rule2}).").format(player=view.first_leader(), rule=C.ORDER.rule, rule2=C.LEAD.rule),
                            size=14, color=MUTED))
        if closed:
            body.append(score_table(view, narrow))
        return column(st, body)

    lv = view.live()
    body.append(turned_line(view, lv, kept))
    deal_problems = [v for v in view.violations() if v.round == lv.deal]

    # ---- a deal by taken cards --------------------------------------------------------------
    if phase == "play" and get_mode() == "taken" and not view.deal_started_by_tricks():
        owners = get_owners()
        sel = get_owner() or players[0]
        keys = list(players) + [BANK]
        initials = {p: p[:2] for p in players}
        initials[BANK] = t("bank")
        owner_color = {p: color(i) for i, p in enumerate(players)}
        owner_color[BANK] = ft.Colors.TERTIARY

        def tap(cid: str):
            cur = dict(get_owners())
            me = get_owner() or players[0]
            who = cur.get(cid)
            if who is None:
                cur[cid] = me
            elif who == me:
                del cur[cid]
            else:
                problem(t("{card} is already with {owner}: each card is taken once ({rule}). Choose {owner} and tap "
                          "it to take it back.").format(card=card_text(cid, lang()),
                                                        owner=who if who != BANK else t("the bank"), rule=C.COMP.rule))
                return
            set_owners(cur)

        def record():
            out = view.taken(get_owners(), get_holder())
            if out.ok:
                buzz(True)
                st.show(lambda: t("Deal {n} recorded.").format(n=lv.deal))
            else:
                refused(out)

        chips = []
        for i, k in enumerate(keys):
            n = sum(1 for v in owners.values() if v == k)
            name = k if k != BANK else t("Bank")
            chips.append(tagged(ids.owner(str(i) if k != BANK else "bank"), selected=k == sel, control=ft.Container(
                on_click=lambda e, k=k: set_owner(k), ink=True, border_radius=12,
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if k == sel else ft.Colors.SURFACE_CONTAINER_HIGH,
                border=ft.Border.all(3 if k == sel else 1, owner_color[k] if k == sel else ft.Colors.OUTLINE_VARIANT),
                content=ft.Column([ft.Text(name, size=15, weight=ft.FontWeight.W_600, max_lines=1),
                                   ft.Text(tn("{n} card", "{n} cards", n).format(n=n), size=13)],
                                  spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))))
        body.append(ft.Text(t("After the deal: choose who, then tap every card they took; the bank's 8 cards "
                              "under «Bank» ({rule}).").format(rule=C.ORDER.rule), size=15))
        body.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
        body.append(card_grid(tap, width=width, marks={c: initials[o] for c, o in owners.items()},
                              colors={c: ft.Colors.with_opacity(0.35, owner_color[o]) for c, o in owners.items()}))
        body.append(probe(ids.TAKEN_COUNT, t("Cards entered: {n} of 52 (each once, {rule})").format(
            n=len(owners), rule=C.COMP.rule),
                          size=16, weight=ft.FontWeight.W_600))
        body.append(section_title(t("Whose is the bank?")))
        body.append(choice_row([("rule", t("Most tricks ({rule})").format(rule=C.BANK.rule), ids.holder("rule"))]
                               + [(p, p, ids.holder(str(i))) for i, p in enumerate(players)]
                               + [(None, t("Nobody ({rule})").format(rule=C.BANK_TIE.rule), ids.holder("none"))],
                               get_holder(), set_holder))
        body.append(ft.Row([
            big(t("Record deal {n}").format(n=lv.deal), ft.Icons.CHECK, record, ids.TAKEN_RECORD,
                disabled=not owners),
            tagged(ids.SWITCH_TRICKS, ft.TextButton(t("Enter trick by trick instead"), height=TOUCH,
                                                    on_click=lambda: set_mode("tricks"))),
        ], wrap=True, spacing=8))
        return column(st, body)

    # ---- the bank after the 11th trick -------------------------------------------------------
    if phase == "bank":
        owners = get_owners()
        sel = get_owner() or players[0]
        unseen = view.unseen()

        def count(p):
            return sum(1 for v in owners.values() if v == p)

        def tap(cid: str):
            cur = dict(get_owners())
            me = get_owner() or players[0]
            who = cur.get(cid)
            if who == me:
                del cur[cid]
            elif who is not None:
                problem(t("{card} is already in the bank from {owner} ({rule}).").format(
                    card=card_text(cid, lang()), owner=who, rule=C.BANK.rule))
                return
            elif cid not in unseen:
                problem(t("{card} was played in a trick this deal; the bank holds the 8 cards not played ({rule}, "
                          "{rule2}).").format(card=card_text(cid, lang()), rule=C.BANK.rule, rule2=C.COMP.rule))
                return
            elif sum(1 for v in cur.values() if v == me) >= 2:
                problem(t("{player} put exactly two cards into the bank ({rule}).").format(player=me, rule=C.BANK.rule))
                return
            else:
                cur[cid] = me
                if sum(1 for v in cur.values() if v == me) == 2:  # next player without two
                    rest = [p for p in players if sum(1 for v in cur.values() if v == p) < 2]
                    if rest:
                        set_owner(rest[0])
            set_owners(cur)

        def record():
            pairs = {p: [c for c, o in get_owners().items() if o == p] for p in players}
            out, found = view.bank(pairs)
            if out.ok:
                buzz(True)
                st.show(lambda: t("Deal {n} recorded.").format(n=lv.deal))
            else:
                refused(out)

        def fill():
            out, found = view.fill_bank()
            if out.ok:
                buzz(True)
                st.show(lambda: t("Deal {n} recorded.").format(n=lv.deal))
            else:
                refused(out)

        body.append(live_strip(view, lv, narrow=narrow))
        body.append(big(t("The bank: the {n} cards not played ({rule})").format(n=len(unseen), rule=C.BANK.rule),
                        ft.Icons.SAVINGS,
                        fill, ids.BANK_FILL, disabled=len(unseen) != 8))
        body.append(section_title(t("Or each player's two cards ({rule})").format(rule=C.BANK.rule)))
        chips = []
        for i, p in enumerate(players):
            mine = [c for c, o in owners.items() if o == p]
            chips.append(tagged(ids.owner(str(i)), selected=p == sel, control=ft.Container(
                on_click=lambda e, p=p: set_owner(p), ink=True, border_radius=12,
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if p == sel else ft.Colors.SURFACE_CONTAINER_HIGH,
                border=ft.Border.all(3 if p == sel else 1, color(i) if p == sel else ft.Colors.OUTLINE_VARIANT),
                content=ft.Column([ft.Text(p, size=15, weight=ft.FontWeight.W_600, max_lines=1),
                                   txt(" ".join(card_text(c, lang()) for c in mine) or "—", size=14)],
                                  spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))))
        body.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
        body.append(card_grid(tap, width=width, only=frozenset(unseen),
                              marks={c: o[:2] for c, o in owners.items()},
                              colors={c: ft.Colors.with_opacity(0.35, color(players.index(o))) for c, o in owners.items()}))
        body.append(ft.Text(t("Bright: the 8 cards not played. Done: {n} of 8.").format(n=len(owners)), size=14,
                            color=MUTED))
        body.append(big(t("Record the bank and close deal {n}").format(n=lv.deal), ft.Icons.CHECK, record,
                        ids.BANK_RECORD, disabled=any(count(p) != 2 for p in players)))
        if deal_problems:
            body.append(banner(ids.DEAL_PROBLEMS, "\n".join(v.text(lg) for v in deal_problems), problem=True))
        body.append(_last_trick(view))
        return column(st, body)

    # ---- a deal trick by trick ---------------------------------------------------------------
    led, follow, others = view.playable()

    def play(cid: str):
        out, found = view.play(cid)
        if not out.ok:
            refused(out)
            return
        if found:
            buzz(True)
            texts = "\n".join(v.text(lang()) for v in found)
            st.show(lambda: plain(texts, lang()), "problem")
        elif view.bank_filled():  # the 11th trick closed the deal; the bank filled itself (RM-BANK)
            buzz(True)
            st.show(lambda: t("Deal {n} recorded: the bank is the 8 cards not played ({rule}).").format(
                n=lv.deal, rule=C.BANK.rule))
        else:
            buzz()

    body.append(live_strip(view, lv, narrow=narrow, kept=kept))
    current = dict(lv.current)
    leader_seat = players.index(lv.current[0][0]) if lv.current else players.index(lv.to_play)
    slots = []
    for k in range(4):
        p = players[(leader_seat + k) % 4]
        slots.append(kept(_slot, p, current.get(p), p == lv.to_play, lg, key=f"slot-{k}"))
    turn_text = (t("Trick {n} of 11 · {player} leads").format(n=lv.trick, player=lv.to_play) if not lv.current
                 else t("Trick {n} of 11 · {player}'s card").format(n=lv.trick, player=lv.to_play))
    if led:
        turn_text += " · " + t("must follow {suit} if able ({rule})").format(suit=card_text(f"{led}-A", lg)[-1],
                                                                         rule=C.FOLLOW.rule)
    # on a phone the line takes two lines' height whether a suit is led or not: the card keys
    # below never move under a thumb between two taps
    body.append(ft.Column([kept(_to_play, glyphs(turn_text), narrow, key="to-play"),
                           ft.Semantics(identifier=ids.TRICK, label=" ".join(
                               f"{p} {card_text(c, lg)}" for p, c in lv.current) or "—", container=True,
                               content=ft.Row(slots, spacing=4))], spacing=4, tight=True, key="rm-trick-area"))
    grid_tap.current = play
    body.append(card_grid(on_grid, width=width, seen=view.seen(), hint=follow if led else None,
                          only=(follow | others) if (follow or others) else None, kept=kept))
    if deal_problems:
        body.append(banner(ids.DEAL_PROBLEMS, "\n".join(v.text(lg) for v in deal_problems), problem=True))
    body.append(kept(_last_trick_of, view.last_trick(), lg, key="last-trick"))
    if lv.trick == 1 and not lv.current:
        body.append(kept(_switch_taken, lg, on_taken, key="switch-taken"))
    return column(st, body)


def _slot(p: str, cid: str | None, to_play: bool, lg: str, *, key: str) -> ft.Control:
    """A player's place in the trick on the table: their card, «?» for the player to play."""
    return ft.Container(
        expand=True, height=54, border_radius=10, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if cid else None,
        border=ft.Border.all(2 if to_play else 1, ft.Colors.PRIMARY if to_play else ft.Colors.OUTLINE_VARIANT),
        content=ft.Column([ft.Text(p, size=12, max_lines=1, color=MUTED),
                           card_label(cid, 19) if cid else ft.Text("?" if to_play else "", size=18)],
                          spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))


def _to_play(text: str, narrow: bool, *, key: str) -> ft.Control:
    to_play = probe(ids.TO_PLAY, text, style=SIGNS, size=17, weight=ft.FontWeight.W_600)
    return ft.Container(height=48, content=to_play, alignment=ft.Alignment.BOTTOM_LEFT) if narrow else to_play


def _switch_taken(lg: str, on_taken, *, key: str) -> ft.Control:
    return tagged(ids.SWITCH_TAKEN, ft.TextButton(t("Enter this deal by taken cards instead"), height=TOUCH,
                                                  on_click=on_taken))


def _bank_fix(view, refused, shown=None) -> list[ft.Control]:
    """«Исправить банк»: the last deal's bank was filled by itself (RM-BANK); take it back to fill
    it again or enter each player's two cards."""
    if not view.bank_filled():
        return []

    def fix():
        n = view.deals_closed()
        out = view.reopen_bank()
        if not out.ok:
            refused(out)
        elif shown is not None:
            shown(lambda: t("Deal {n}: the bank is open again — fill it, or enter each player's two cards "
                            "({rule}).").format(n=n, rule=C.BANK.rule))

    return [ft.Row([
        tagged(ids.BANK_FIX, ft.OutlinedButton(t("Correct the bank"), icon=ft.Icons.EDIT, height=TOUCH, on_click=fix)),
        ft.Text(t("The bank was filled with the 8 cards not played ({rule}).").format(rule=C.BANK.rule), size=13,
                color=MUTED, expand=True),
    ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)]


def _last_trick(view) -> ft.Control:
    return _last_trick_of(view.last_trick(), lang())


def _last_trick_of(last, lg: str, key: str | None = None) -> ft.Control:
    """The last trick (``last``: the view's :class:`LastTrick`, or None), as the screen keeps it."""
    if last is None:
        return ft.Container()
    cards = " · ".join(f"{p} {card_text(c, lg)}" for p, c in last.cards)
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=12, padding=10, key="rm-last-trick",
        content=ft.Column([
            probe(ids.LAST_TRICK, t("Trick {n}: {player} takes it").format(n=last.number, player=last.winner),
                  size=17, weight=ft.FontWeight.W_600),
            txt(cards, size=14),
            ft.Semantics(identifier=ids.WHY, container=True, content=ft.Column(
                [txt(line, size=13, color=MUTED) for line in last.why], spacing=1, tight=True)),
        ], spacing=2, tight=True))
