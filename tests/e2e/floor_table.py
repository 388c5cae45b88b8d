"""The same-work floor of a tap on the whale table (issue 52), for ``scripts/bench_phone.py``: a
plain Flet app — no Киты import, no components, one ``page.update()`` a tap — that draws what the
phone edition's whale table draws at 412×915 when a new game's first card is entered: the same
accessibility nodes and identifiers, the same look, and the same changes on a card (the key
struck, the card in the trick, the turn, the picker's label and the bonuses of the next player,
«undo» usable, the message bar closed) and on «undo» (all of it back, and the message bar says
what was taken back). What Flet and the browser cost for that work is the floor of Киты's tap.

Its state is the bench's game (tests/e2e/test_game_flow.py: Аня, Борис, Вера; seed 5; trump
косатка 7 drawn, so the token shows 9; first bonuses кашалот 3, кашалот 4, синий кит 3; Аня
leads нарвал 1). Published as any Flet app (``scripts/publish.py --app``: this file is its
``main.py``).
"""
from __future__ import annotations

import flet as ft

# the identifiers of Киты's whale table (companion/base/ids.py; tests/test_floor_table.py checks them)
SCREEN, HISTORY, UNDO, REDO, MENU = "screen-table", "table-history", "table-undo", "table-redo", "game-menu"
TRUMP, TOKEN, TRUMP_TILE = "table-trump", "table-token", "table-trump-tile"
TURN, ROUND, TRICK = "table-turn", "table-round", "table-trick"
NOTICE, NOTICE_CLOSE = "notice", "notice-close"
PICK = "table-card-{card}"
TURN_BONUS = "turn-bonus-{card}"
TOTAL, PILE, ROUND_POINTS = "player-total-{seat}", "player-pile-{seat}", "player-round-{seat}"
BONUSES, BONUS = "player-bonuses-{seat}", "bonus-{seat}-{card}"

SEED = "#1E6A8D"
FAMILIES = [("orca", "косатка", "#37474F"), ("narwhal", "нарвал", "#00796B"), ("blue", "синий кит", "#1565C0"),
            ("sperm", "кашалот", "#8D5524")]
FIVE_COLOR = "#6A1B9A"
PLAYER_COLORS = ["#1E88E5", "#E53935", "#43A047"]
PLAYERS = ["Аня", "Борис", "Вера"]
FIRST_BONUS = {"sperm-3": "Аня", "sperm-4": "Борис", "blue-3": "Вера"}
CARD, WHO = "narwhal-1", "Аня"  # the card the bench enters, and who plays it
TOUCH, KEY_GAP = 48, 4
AT_ONCE = ft.ButtonStyle(animation_duration=0)  # as Киты's theme: a button's look changes at once


def name(card: str) -> str:
    fam, value = card.split("-")
    return f"{dict((f, n) for f, n, _ in FAMILIES)[fam]} {value}"


def color(card: str) -> str:
    return dict((f, c) for f, _, c in FAMILIES)[card.split("-")[0]]


def theme() -> ft.Theme:
    return ft.Theme(color_scheme_seed=SEED, use_material3=True, visual_density=ft.VisualDensity.STANDARD,
                    button_theme=ft.ButtonTheme(style=AT_ONCE), filled_button_theme=ft.FilledButtonTheme(style=AT_ONCE),
                    outlined_button_theme=ft.OutlinedButtonTheme(style=AT_ONCE),
                    text_button_theme=ft.TextButtonTheme(style=AT_ONCE),
                    icon_button_theme=ft.IconButtonTheme(style=AT_ONCE))


def probe(ident: str, text: str, **kw) -> tuple[ft.Semantics, ft.Text]:
    t = ft.Text(text, **kw)
    return ft.Semantics(identifier=ident, content=t), t


def main(page: ft.Page) -> None:
    page.title = "Floor"
    page.theme, page.dark_theme, page.padding, page.spacing = theme(), ft.Theme(color_scheme_seed=SEED), 0, 0
    state = {"played": False}

    # the app bar: its title, the game history, undo / redo, the menu
    undo = ft.IconButton(ft.Icons.UNDO, tooltip="Отменить", icon_size=28, disabled=True, on_click=lambda e: take_back())
    page.appbar = ft.AppBar(leading=ft.IconButton(ft.Icons.ARROW_BACK, tooltip="Назад"),
                            title=ft.Semantics(identifier=SCREEN, content=ft.Text("Стол")), actions=[
        ft.Semantics(identifier=HISTORY, content=ft.IconButton(ft.Icons.HISTORY, tooltip="Ход игры", icon_size=28)),
        ft.Row([ft.Semantics(identifier=UNDO, content=undo),
                ft.Semantics(identifier=REDO, content=ft.IconButton(ft.Icons.REDO, tooltip="Вернуть", icon_size=28,
                                                                    disabled=True)),
                ft.Semantics(identifier=MENU, content=ft.PopupMenuButton(
                    icon=ft.Icons.MORE_VERT, icon_size=28, tooltip="Меню", items=[
                        ft.PopupMenuItem(content=ft.Text(t, size=17), icon=i, height=52) for t, i in (
                            ("Сохранить запись игры", ft.Icons.DOWNLOAD), ("Скопировать запись игры", ft.Icons.COPY),
                            ("История и статистика", ft.Icons.INSIGHTS))]))], spacing=0, tight=True)])

    # trump and token
    trump = ft.Semantics(identifier=TRUMP_TILE, container=True, expand=3, content=ft.Container(
        expand=True, height=152, bgcolor="#37474F", border_radius=20, padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        content=ft.Column([ft.Text("Козырь", size=16, color=ft.Colors.WHITE),
                           probe(TRUMP, "косатка", color=ft.Colors.WHITE, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                                 style=ft.TextStyle(size=46, weight=ft.FontWeight.BOLD, height=1.05))[0]],
                          spacing=0, tight=True)))
    token = ft.Container(
        expand=2, height=152, border_radius=20, padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        bgcolor=ft.Colors.TERTIARY, content=ft.Column([
            ft.Text("Жетон", size=16, color=ft.Colors.ON_TERTIARY),
            ft.Row([probe(TOKEN, "9", size=48, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY)[0],
                    ft.Icon(ft.Icons.ARROW_UPWARD, size=30, color=ft.Colors.ON_TERTIARY)],
                   spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Text("старшая", size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY)], spacing=0, tight=True))

    # whose turn, the trick
    turn_probe, turn = probe(TURN, f"Ход: {WHO}", size=24, weight=ft.FontWeight.BOLD,
                             color=ft.Colors.ON_PRIMARY_CONTAINER)
    banner = ft.Container(bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=16,
                          padding=ft.Padding.symmetric(horizontal=16, vertical=10), content=ft.Row([
                              ft.Icon(ft.Icons.PAN_TOOL_ALT_OUTLINED, size=28, color=ft.Colors.ON_PRIMARY_CONTAINER),
                              ft.Column([turn_probe], spacing=0, expand=True)], spacing=12))
    empty = ft.Text("Во взятке пока нет карт.", size=17, color=ft.Colors.ON_SURFACE_VARIANT)
    white = ft.Colors.WHITE
    chip = ft.Container(expand=1, height=52, bgcolor=color(CARD), border_radius=10,
                        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
                        content=ft.Semantics(label=f"{name(CARD)} ({WHO})", exclude_semantics=True, container=True,
                                             content=ft.Column([
                                                 ft.Text(name(CARD).rsplit(" ", 1)[0], size=12, color=white, max_lines=1,
                                                         overflow=ft.TextOverflow.ELLIPSIS),
                                                 ft.Row([ft.Text(CARD.split("-")[1], size=22, weight=ft.FontWeight.BOLD,
                                                                 color=white),
                                                         ft.Text(WHO, size=12, italic=True, color=white, max_lines=1,
                                                                 overflow=ft.TextOverflow.ELLIPSIS, expand=True)],
                                                        spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)],
                                                 spacing=0, tight=True)))
    cards = ft.Row([empty], wrap=False, spacing=6, run_spacing=8)
    trick = ft.Semantics(identifier=TRICK, label="Во взятке пока нет карт.", container=True, exclude_semantics=True,
                         expand=True, content=cards)
    trick_part = ft.Column([
        probe(ROUND, "Раунд 1 · взятка 1", size=16, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SURFACE_VARIANT)[0],
        ft.Row([ft.Container(width=0, height=52), trick], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=6)

    # the picker's label, the bonuses of the player to act
    label = ft.Text(f"Карта игрока {WHO}:", size=18, weight=ft.FontWeight.W_600)
    bonus_box = ft.Container(border_radius=14, padding=ft.Padding.symmetric(horizontal=10, vertical=6))

    def turn_bonuses(who: str) -> None:
        mine = [c for c, p in FIRST_BONUS.items() if p == who]
        bonus_box.bgcolor, bonus_box.height = ft.Colors.SECONDARY_CONTAINER, 84
        bonus_box.content = ft.Row([
            ft.Text(f"{who} может сначала сыграть бонус:", size=15, color=ft.Colors.ON_SECONDARY_CONTAINER, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            *[ft.Semantics(identifier=TURN_BONUS.format(card=c), content=ft.FilledButton(
                name(c), icon=ft.Icons.BOLT, height=TOUCH,
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=16), shape=ft.RoundedRectangleBorder(radius=12),
                                     padding=ft.Padding.symmetric(horizontal=10)))) for c in mine]],
            wrap=True, spacing=6, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    turn_bonuses(WHO)

    # the picker: four blocks of two rows of four keys, two blocks a line, and the 5
    keys: dict[str, tuple] = {}

    def key(card: str) -> ft.Control:
        text = ft.Text(card.split("-")[1], size=22, weight=ft.FontWeight.BOLD)
        button = ft.OutlinedButton(content=text, height=52, on_click=lambda e, c=card: play(c))
        keys[card] = (text, button)
        look(card, card not in FIRST_BONUS, f"первый бонус игрока {FIRST_BONUS.get(card, '')}")
        return ft.Container(expand=True, content=ft.Semantics(identifier=PICK.format(card=card), selected=False,
                                                             content=button))

    def look(card: str, ok: bool, why: str = "уже сыграна") -> None:
        text, button = keys[card]
        text.semantics_label = name(card) if ok else f"{name(card)} — {why}"
        text.style = None if ok else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
        button.style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), padding=0,
                                      side=ft.BorderSide(2 if ok else 1, color(card) if ok else ft.Colors.OUTLINE_VARIANT),
                                      color=ft.Colors.ON_SURFACE if ok else None)

    def block(fam: str, fam_name: str, fam_color: str) -> ft.Control:
        ks = [key(f"{fam}-{v}") for v in (1, 2, 3, 4, 6, 7, 8, 9)]
        pill = ft.Row([ft.Container(height=22, bgcolor=fam_color, border_radius=8,
                                    padding=ft.Padding.symmetric(horizontal=8), alignment=ft.Alignment.CENTER_LEFT,
                                    content=ft.Text(fam_name, size=14, weight=ft.FontWeight.W_600, color=white,
                                                    max_lines=1, overflow=ft.TextOverflow.ELLIPSIS))])
        return ft.Column([pill, ft.Row(ks[:4], spacing=KEY_GAP), ft.Row(ks[4:], spacing=KEY_GAP)], spacing=KEY_GAP,
                         expand=True)

    blocks = [block(*f) for f in FAMILIES]
    five = ft.Semantics(identifier=PICK.format(card="5"), selected=False, content=ft.OutlinedButton(
        content=ft.Text("5 (без семейства)", size=18, weight=ft.FontWeight.W_600, semantics_label="5 (без семейства)"),
        height=52, style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12), color=FIVE_COLOR,
                                        side=ft.BorderSide(2, FIVE_COLOR))))
    picker = ft.Column([ft.Row(blocks[:2], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
                        ft.Row(blocks[2:], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START), five],
                       spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # the players: the standings, below the picker
    def panel(seat: int, who: str) -> ft.Control:
        c = PLAYER_COLORS[seat]
        bonuses = [ft.Semantics(identifier=BONUS.format(seat=seat, card=b), content=ft.OutlinedButton(
            f"{name(b)} · бонус ?", height=TOUCH,
            style=ft.ButtonStyle(text_style=ft.TextStyle(size=15), color=ft.Colors.ON_SURFACE_VARIANT,
                                 shape=ft.RoundedRectangleBorder(radius=12),
                                 side=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))
                   for b, p in FIRST_BONUS.items() if p == who]
        return ft.Container(border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=16, padding=12,
                            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, content=ft.Column([
                                ft.Row([ft.Container(width=14, height=14, bgcolor=c, border_radius=7),
                                        ft.Text(who, size=22, weight=ft.FontWeight.BOLD, expand=True, max_lines=1,
                                                overflow=ft.TextOverflow.ELLIPSIS),
                                        probe(TOTAL.format(seat=seat), "Итого: 0 очков", size=20,
                                              weight=ft.FontWeight.W_600)[0]], spacing=8),
                                ft.Row([ft.Icon(ft.Icons.CIRCLE, size=14, color=ft.Colors.TERTIARY),
                                        probe(PILE.format(seat=seat), "0 жемчужин", size=16)[0], ft.Text("·", size=16),
                                        probe(ROUND_POINTS.format(seat=seat), "за раунд: 0 очков", size=20,
                                              weight=ft.FontWeight.W_600)[0]], spacing=6, wrap=True),
                                ft.ProgressBar(value=0, bar_height=8, border_radius=4, color=c,
                                               semantics_label="0 из 50"),
                                ft.Semantics(identifier=BONUSES.format(seat=seat), container=True, content=ft.Row(
                                    bonuses, wrap=True, spacing=6, run_spacing=6))], spacing=8))

    body = ft.Column([ft.Container(ft.Column(
        [ft.Row([trump, token], spacing=10, vertical_alignment=ft.CrossAxisAlignment.START), banner, trick_part,
         ft.Container(height=0),  # where Киты's table keeps its fact question (none asked)
         label,
         bonus_box, picker, *[panel(i, p) for i, p in enumerate(PLAYERS)]],
        spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.symmetric(horizontal=12, vertical=12))], expand=True, scroll=ft.ScrollMode.AUTO)

    # the message bar, pinned under the body
    notice_text = ft.Text("", color=ft.Colors.ON_SECONDARY_CONTAINER, size=16)
    notice = ft.Container(alignment=ft.Alignment.CENTER, padding=ft.Padding.only(left=8, right=8, bottom=8, top=4),
                          visible=False, content=ft.Container(
                              bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12,
                              padding=ft.Padding.only(left=16, top=8, bottom=8, right=4),
                              content=ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SECONDARY_CONTAINER),
                                              ft.Container(ft.Semantics(identifier=NOTICE, content=notice_text), expand=True),
                                              ft.Semantics(identifier=NOTICE_CLOSE, content=ft.IconButton(
                                                  ft.Icons.CLOSE, icon_color=ft.Colors.ON_SECONDARY_CONTAINER,
                                                  tooltip="Закрыть", on_click=lambda e: close()))],
                                             vertical_alignment=ft.CrossAxisAlignment.CENTER)))

    def close() -> None:
        notice.visible = False
        page.update()

    def show(who: str, played: bool) -> None:
        """The table with (``played``) or without the card entered, ``who`` to act; only the
        controls that change are sent (``page.update(*those)``), as a Flet app is written to be quick."""
        look(CARD, not played)
        cards.controls = [chip, ft.Container(expand=1), ft.Container(expand=1)] if played else [empty]
        trick.label = f"{WHO}: {name(CARD)}" if played else "Во взятке пока нет карт."
        turn.value, label.value = f"Ход: {who}", f"Карта игрока {who}:"
        turn_bonuses(who)
        undo.disabled = not played
        state["played"] = played
        page.update(keys[CARD][1], trick, turn, label, bonus_box, undo, notice)

    def play(card: str) -> None:
        if card != CARD or state["played"]:
            return
        notice.visible = False
        show("Борис", True)

    def take_back() -> None:
        if not state["played"]:
            return
        notice_text.value, notice.visible = f"Отменено: {WHO} — {name(CARD)}.", True
        show(WHO, False)

    page.add(body, notice)


if __name__ == "__main__":
    ft.run(main)
