"""Round setup: trump and token from the drawn card (or "draw for us"), each player's first
bonus, and the first player. Everything offered comes from the session; refusals (a drawn 5:
draw another, R-SETUP-2) show the engine's text."""
from __future__ import annotations

import flet as ft

from engine.kozyrnye_kity.rules import C

from ...base import ids
from ...base.i18n import t
from ...ui import TOUCH, WIDE, choice_row, probe, safe_screen, screen, section_title, tagged, use_latest
from ..view import TrumpDraw, bonus_field, draft_bonuses
from ..widgets.card_picker import CardPicker
from ...widgets.game import GameMenu, game_route, go, use_play
from ..widgets.words import token_meaning
from ..widgets.look import card_chip, card_label, fam_label, family_color
from ...widgets.notices import report
from ...session.draft import Draft

ROUTE = "/setup"
_NOTHING = object()


@ft.component
@safe_screen(ROUTE)
def RoundSetup():
    st, s, buzz = use_play()
    get_open, set_open = use_latest(None)  # (the game's state, what this phone opened) — its own
    own = ft.use_ref(None)  # what this phone entered in the draft, by field (see ``put``)
    if own.current is None:
        own.current = {}
    players = s.players
    if not s.active:
        return screen(st, ROUTE, ids.SCREEN_SETUP, t("New round"), [
            ft.Text(t("There is no game running."), size=18),
            tagged("setup-home", ft.FilledButton(t("Home"), height=TOUCH, on_click=lambda: go("/")))])

    # the table's draft (issue 50): the trump, each player's first bonus and the first player, as
    # every phone at the table enters them — each a change of the draft this phone shows (``was``)
    draft = Draft(s)
    values = draft.values()
    drawn_card = values.get("trump") if isinstance(values.get("trump"), str) else None
    shown_draw = s.game.setup_from_card(drawn_card) if drawn_card else None
    shown_draw = shown_draw if shown_draw is not None and shown_draw.ok else None
    bonuses = draft_bonuses(values, len(players))
    at = (s.game_id, s.revision)
    me = st.seat(s.game_id)
    my_seat = players.index(me) if me in players else None

    def next_open(has_trump: bool, chosen: dict) -> object:
        """What opens by itself: the trump, then this phone's player's bonus («Это я»), else
        the next player's without one."""
        if not has_trump:
            return "trump"
        if my_seat is not None:
            return my_seat if my_seat not in chosen else None
        return next((i for i in range(len(players)) if i not in chosen), None)

    kept = get_open()
    is_open = kept[1] if kept is not None and kept[0] == at else next_open(shown_draw is not None, bonuses)

    def put(name: str, value, was) -> bool:
        # a second tap before this screen showed the first (taps can come faster than drawings):
        # what this phone itself entered last is what it showed, never "another phone's" choice
        mine = own.current.get(name, _NOTHING)
        if mine is not _NOTHING and Draft(s).values().get(name) == mine:
            was = mine
        out = draft.put(name, value, was)
        if not report(st, out):
            return False
        own.current[name] = value
        buzz()
        return True

    def from_card(cid: str):
        drawn(s.game.setup_from_card(cid))

    def draw():
        drawn(s.game.draw_for_us())

    def drawn(res: TrumpDraw):
        if not report(st, res):  # refused: e.g. a 5 was drawn → draw another (R-SETUP-2)
            return
        if put("trump", res.card, drawn_card):
            set_open((at, next_open(True, bonuses)))

    def set_bonus(seat: int, cid: str):
        if put(bonus_field(seat), cid, bonuses.get(seat)):
            set_open((at, next_open(shown_draw is not None, {**bonuses, seat: cid})))

    def pick_bonus(seat: int, cid: str, ok: tuple, others: dict):
        if cid in ok:
            set_bonus(seat, cid)
        else:  # say why at once, with the rule, instead of at «Start the round»
            why = s.game.first_bonus_refusal(seat, cid, others) or t("This card is not available.")
            st.show(lambda: why, "problem", route=ROUTE)

    def start():
        if shown_draw is None:
            st.show(lambda: t("Choose the trump first: pick the drawn card or let the app draw."), "problem")
            return
        missing = [players[i] for i in range(len(players)) if i not in bonuses]
        if missing:
            st.show(lambda: t("Enter the first bonus of {players}.").format(players=", ".join(missing)), "problem")
            return
        chosen = values.get("leader")
        leader = chosen if chosen in players else (s.game.suggested_leader() or players[0])
        out = s.game.start_round(shown_draw.trump, shown_draw.token, {players[i]: c for i, c in bonuses.items()},
                                 leader)
        if report(st, out):
            buzz(True)
            go(game_route(s))

    d = {"trump": shown_draw.trump if shown_draw else None, "token": shown_draw.token if shown_draw else None,
         "drawn": drawn_card if shown_draw else None, "bonuses": bonuses, "open": is_open}

    unseen = s.game.unseen_cards()
    n_round = s.game.round_number()
    # trump and token
    if d["trump"]:
        tok = int(d["token"])
        trump_text = t("Trump: {family}, token {token} ({which} card wins)").format(
            family=fam_label(d["trump"]), token=tok, which=token_meaning(tok))
    else:
        trump_text = t("Trump not chosen yet")
    trump_box = ft.Container(
        bgcolor=family_color(d["trump"]) if d["trump"] else ft.Colors.SURFACE_CONTAINER_HIGH,
        border_radius=16, padding=14,
        content=ft.Column([
            probe(ids.SETUP_TRUMP, trump_text, size=20, weight=ft.FontWeight.BOLD,
                  color=ft.Colors.WHITE if d["trump"] else None),
            *([ft.Text(t("Drawn card: {card}").format(card=card_label(d["drawn"])), size=16,
                       color=ft.Colors.WHITE)] if d["drawn"] else []),
        ], spacing=4))
    # compact on a phone (issue 43): once the trump is known it is one line (a tap opens its
    # picker again); the open player's picker comes right under their line; «Start the round»
    # is pinned under the scrolling body — at 412×915 with four players the values of the last
    # player's first bonus and the start button are on screen without scrolling
    if d["trump"] is None or d["open"] == "trump":
        body: list[ft.Control] = [
            section_title(t("1. Trump and token")),
            ft.Text(t("Draw a card from the shuffled deck and pick it here, or let the app draw."), size=16,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            trump_box,
            ft.Row([
                tagged(ids.SETUP_DRAW, ft.FilledTonalButton(t("Draw for us"), icon=ft.Icons.CASINO_OUTLINED,
                                                            height=TOUCH + 4,
                                                            style=ft.ButtonStyle(text_style=ft.TextStyle(size=17)),
                                                            on_click=draw)),
                tagged("setup-pick-drawn", ft.OutlinedButton(t("Pick the drawn card"), icon=ft.Icons.STYLE_OUTLINED,
                                                            height=TOUCH + 4,
                                                            style=ft.ButtonStyle(text_style=ft.TextStyle(size=17)),
                                                            on_click=lambda: set_open((at, "trump")))),
            ], wrap=True, spacing=8, run_spacing=8),
        ]
    else:  # the trump in force, small: a tap opens its picker again
        body = [tagged("setup-trump-change", ft.Container(
            bgcolor=family_color(d["trump"]), border_radius=14, ink=True, tooltip=t("Tap to change"),
            padding=ft.Padding.symmetric(horizontal=14, vertical=8), on_click=lambda: set_open((at, "trump")),
            content=ft.Row([
                ft.Column([probe(ids.SETUP_TRUMP, trump_text, size=17, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE),
                           *([ft.Text(t("Drawn card: {card}").format(card=card_label(d["drawn"])), size=14,
                                      color=ft.Colors.WHITE)] if d["drawn"] else [])], spacing=2, tight=True,
                          expand=True),
                ft.Icon(ft.Icons.EDIT_OUTLINED, color=ft.Colors.WHITE, size=22),
            ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)))]
    if d["open"] == "trump":
        body.append(CardPicker(available=unseen, on_pick=from_card, prefix=ids.SETUP_TRUMP_PICK,
                               selected=d["drawn"], key="setup-trump-picker"))
    wide = bool(st.width and st.width >= WIDE)  # a tablet: the players two to a line, the picker under them
    rows: list[ft.Control] = [section_title(t("2. First bonus of each player")),
                              ft.Text(t("Each player chooses one card from their hand and lays it face up in front "
                                        "of them ({rule}).").format(rule=C.SETUP_4.rule), size=15,
                                      color=ft.Colors.ON_SURFACE_VARIANT)]
    lines: list[ft.Control] = []
    picker = None
    for i, p in enumerate(players):
        cid = d["bonuses"].get(i)
        is_open = d["open"] == i
        lines.append(tagged(ids.setup_bonus(i), selected=is_open, control=ft.OutlinedButton(
            content=ft.Row([
                ft.Text(p, size=19, weight=ft.FontWeight.W_600, expand=True, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
                card_chip(cid, size=15) if cid else ft.Text(t("tap to enter"), size=16,
                                                             color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=8),
            height=TOUCH,
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14),
                                 side=ft.BorderSide(3 if is_open else 1,
                                                    ft.Colors.PRIMARY if is_open else ft.Colors.OUTLINE_VARIANT)),
            on_click=lambda e, i=i: set_open((at, i)))))
        if is_open:
            # what cannot be this player's first bonus is greyed out; a tap on it says why
            others = {k: v for k, v in d["bonuses"].items() if k != i}
            ok = tuple(c for c in unseen if s.game.first_bonus_refusal(i, c, others) is None)
            picker = CardPicker(available=ok, on_pick=lambda c, i=i, ok=ok, others=others: pick_bonus(i, c, ok, others),
                                prefix=ids.SETUP_BONUS_PICK, selected=cid, explain=True,
                                used=t("cannot be a first bonus"), key=f"setup-bonus-picker-{i}")
            if not wide:
                lines.append(picker)
    if wide:
        rows.append(ft.ResponsiveRow([ft.Container(line, col=6) for line in lines], spacing=8, run_spacing=8))
        rows += [picker] if picker is not None else []
    else:
        rows += lines
    body.append(ft.Column(rows, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
    suggested = s.game.suggested_leader()
    leader = values.get("leader") if values.get("leader") in players else (suggested or players[0])
    body += [ft.Divider(height=1), section_title(t("3. First player")),
             ft.Text(t("Suggested: {player}, left of the last round’s first player ({rule}).").format(
                 player=suggested, rule=C.NEXT_ROUND_LEADER.rule)
                     if suggested else t("The table decides who starts."), size=16, color=ft.Colors.ON_SURFACE_VARIANT),
             choice_row([(p, p, ids.setup_leader(i)) for i, p in enumerate(players)], leader,
                        lambda v: put("leader", v, values.get("leader")))]
    start_button = tagged(ids.SETUP_START, ft.FilledButton(t("Start the round"), icon=ft.Icons.PLAY_ARROW, height=56,
                                                           style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                                           on_click=start))
    return screen(st, ROUTE, ids.SCREEN_SETUP, t("Round {n}").format(n=n_round), body, main=start_button,
                  actions=[GameMenu(key="game-menu")])  # the record as it stands, the statistics (issue 43)
