"""The new-game screen of every game, in one piece: the running game (continue it or stop it), the
players in clockwise order, the game's own options, and the start button. A game's screen
(``companion/<game>/screens/new_game.py``) keeps its own form state, fills the options and says
what to start; the session (the game's view) decides what is valid. Presentation and form state
only."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

import flet as ft

from ..base.i18n import t
from ..ui import choice_row, probe, screen, tagged
from .game import game_route, go, leave, say_refused, use_play
from .players import Slots, known_names, player_fields, running_game_box, use_slots


@dataclass
class NewGameForm:
    """What a game's new-game screen works with: the app, the session, haptics, the name fields."""

    st: Any
    s: Any
    buzz: Callable[..., None]
    slots: Slots

    def start(self, game: str, options: dict, then: Optional[Callable[[], None]] = None) -> bool:
        """Start ``game`` with the names filled in and ``options`` (the session checks them); once
        started, the form is cleared (``then`` clears the game's own fields) and the game opens.
        A refusal is shown in the message bar. Returns whether it started."""
        out = self.s.new_game(self.slots.filled(), game=game, **options)
        if not out.ok:
            say_refused(self.st, out)
            return False
        self.st.dismiss()
        self.buzz(True)
        self.slots.reset()
        if then is not None:
            then()
        go(game_route(self.s))
        return True

    def abandon(self) -> None:
        """Stop the running game (asked first by the stop button); it stays in the history."""
        leave(self.st, self.s.abandon(), lambda: t("The game was stopped; it stays in the history."), None)


def use_new_game(start: int, lo: int, hi: int) -> NewGameForm:
    """The form of a new game with ``start`` name fields at first, ``lo``..``hi`` offered (hooks:
    call it first, in the game's component)."""
    st, s, buzz = use_play()
    return NewGameForm(st, s, buzz, use_slots(start, lo, hi))


def note(text: str) -> ft.Control:
    """An explanation under an option (with its rule IDs)."""
    return ft.Text(text, size=15, color=ft.Colors.ON_SURFACE_VARIANT)


def seat_choice(names: Sequence[str], chosen: int, on_pick: Callable[[int], None],
                ident: Callable[[int], str], none_ident: str) -> ft.Control:
    """One player of the names entered so far (who deals, who starts), or a hint while none is."""
    if names:
        return choice_row([(i, n, ident(i)) for i, n in enumerate(names)], chosen, on_pick)
    return probe(none_ident, t("Enter the players first."), size=16)


def new_game_screen(form: NewGameForm, route: str, ident: str, title: str, options: list[ft.Control],
                    start_ident: str, start_label: str, on_start: Callable[[], Any]) -> ft.Control:
    """The screen: the running game, the players, a divider, the game's ``options``; the start
    button pinned under them, on screen however long the form is (issue 43: at 412×915 with
    three players it was below the fold)."""
    st, s = form.st, form.s
    body: list[ft.Control] = []
    if s.active:
        body.append(running_game_box(s, lambda: go(game_route(s)), form.abandon))
    body += player_fields(form.slots, known_names(st))
    body += [ft.Divider(), *options]
    start = tagged(start_ident, ft.FilledButton(start_label, icon=ft.Icons.PLAY_ARROW, height=56,
                                                style=ft.ButtonStyle(text_style=ft.TextStyle(size=20)),
                                                on_click=on_start))
    return screen(st, route, ident, title, body, main=start)


__all__ = ["NewGameForm", "new_game_screen", "note", "seat_choice", "use_new_game"]
