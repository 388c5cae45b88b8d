"""Shared pieces of every game's screens: the session they watch, where the game continues,
navigation, haptics, leaving a game that was finished or stopped."""
from __future__ import annotations

import logging
from typing import Callable, Optional

import flet as ft

from ..base import ids
from ..base.i18n import lang, t
from ..ui import safe_render, tagged, this_session, use_app, use_kept, use_select, use_watch
from .notices import show_refusal, undo_button, undo_buttons, undo_step
from .records import use_export

log = logging.getLogger("kity")


def game_route(session) -> str:
    """The screen on which the current game continues (its view says, from the game's phase)."""
    if session is None or not session.active or session.state is None:
        return "/"
    return session.game.route()


def go(route: str) -> None:
    try:
        page = ft.context.page
        if page.route != route:
            page.navigate(route)
    except Exception:
        log.exception("navigate %s", route)


def use_stable(fn):
    """A function of stable identity that always calls the latest ``fn`` (handlers passed as
    props to memoized components: a fresh closure on each render would defeat the memo)."""
    ref = ft.use_ref(None)
    ref.current = fn
    return ft.use_callback(lambda *a, **kw: ref.current(*a, **kw), [])


def use_haptics():
    """A function that gives a short buzz on the device (strong ref, defensive: a no-op on web)."""
    ref = ft.use_ref(None)
    if ref.current is None:
        try:
            ref.current = ft.HapticFeedback()
        except Exception:
            log.warning("haptic feedback not available", exc_info=True)
            ref.current = False

    def buzz(strong: bool = False):
        h = ref.current
        if not h:
            return

        async def run():
            try:
                await (h.heavy_impact() if strong else h.medium_impact())
            except Exception:
                pass

        try:
            ft.context.page.run_task(run)
        except Exception:
            pass

    return buzz


def use_play():
    """:func:`use_watch` and a buzz (:func:`use_haptics`): a screen on which the table enters its play."""
    st, s = use_watch()
    return st, s, use_haptics()


def say_refused(st, out, refused: Optional[Callable] = None) -> None:
    """Say why the session refused (``out``): ``refused(out)`` when the screen words it itself,
    else the session's words in the message bar."""
    if refused is not None:
        refused(out)
    else:
        show_refusal(st, out)


def leave(st, out, said: Callable[[], str], to: Optional[str], *, follow: bool = False,
          refused: Optional[Callable] = None) -> bool:
    """After the game was finished or stopped (``out``, the session's outcome): say ``said`` and
    open ``to`` (None: stay); the message stays on the screen it was said on unless ``follow``.
    Refused: say why (``refused(out)`` when the screen words it itself). Returns whether it was
    done."""
    if not out.ok:
        say_refused(st, out, refused)
        return False
    st.show(said, route=to if follow else None)
    if to is not None:
        go(to)
    return True


def bar_button(ident: str, icon, tooltip: str, route: str, icon_size: Optional[int] = None) -> ft.Control:
    """An app-bar button that opens ``route``; not shown on that screen itself (the history's
    own link on the history: its room goes to the title, which a phone's bar cut, issue 43)."""
    try:  # the route shown (not a hook: a bar is built by plain functions, some of them only sometimes)
        here = ft.context.page.route
    except Exception:  # drawn outside a page (a test that builds the bar alone)
        here = None
    button = tagged(ident, ft.IconButton(icon, tooltip=tooltip, icon_size=icon_size, on_click=lambda: go(route)))
    button.visible = here != route
    return button


@ft.component
@safe_render
def UndoRedo(undo_id: str, redo_id: str, after: Optional[Callable[[], None]] = None, icon_size: Optional[int] = None,
             menu: bool = True, shown: Optional[Callable[[str], str]] = None):
    """:func:`undo_buttons` as a part of their own, for a screen whose frame does not follow
    every entry: it follows only whether each can be used (``use_select``), so an entry that
    changes neither does not redraw them (issue 18). ``menu``: the game's menu (:func:`GameMenu`)
    follows them, at the bar's end (a bar that goes on after them puts it last itself);
    ``shown``: as :func:`undo_buttons`'."""
    st = use_app()
    can_undo, can_redo = use_select(lambda s: (s.can_undo, s.can_redo))
    kept = use_kept()  # the button whose use did not change is handed back as it was (issue 52)
    s = this_session()
    on_undo = use_stable(lambda *_: undo_step(st, s.undo, after, shown))  # (a button passes its event)
    on_redo = use_stable(lambda *_: undo_step(st, s.redo, after, shown))
    lg = lang()
    return ft.Row([kept(undo_button, undo_id, True, not can_undo, icon_size, on_undo, lg=lg, key="undo"),
                   kept(undo_button, redo_id, False, not can_redo, icon_size, on_redo, lg=lg, key="redo"),
                   *([GameMenu(icon_size, key="game-menu")] if menu else [])], spacing=0, tight=True)


def _running_record() -> Optional[str]:
    """The running game's record as it stands now (None: no game runs on this tab)."""
    s = this_session()
    return s.export_record() if s is not None and s.active else None


@ft.memo
@ft.component
@safe_render
def GameMenu(icon_size: Optional[int] = None):
    """The menu (⋮) at the end of a running game's app bar, the same in every game (issue 43):
    the game's record as it stands — a file (a download in a browser and in the phone edition),
    the clipboard, the share sheet on a phone — at any moment, a round not yet begun too; and
    the history and statistics of its kind. Ends the bar of :func:`game_bar` and of
    :class:`UndoRedo`, so every game's screens have it. Memoized: a bar drawn again for an entry
    passes it by (its items change only with the language, which redraws the whole frame)."""
    out = use_export(_running_record)

    def item(ident: str, text: str, icon, on_click) -> ft.PopupMenuItem:
        return ft.PopupMenuItem(content=tagged(ident, ft.Text(t(text), size=17)), icon=icon, height=52,
                                on_click=on_click)

    items = [item(ids.GAME_MENU_SAVE, "Save the game record", ft.Icons.DOWNLOAD, out.save),
             item(ids.GAME_MENU_COPY, "Copy the game record", ft.Icons.COPY, out.copy)]
    if out.share is not None:
        items.append(item(ids.GAME_MENU_SHARE, "Share the game record", ft.Icons.SHARE, out.share))
    items.append(item(ids.GAME_MENU_STATS, "History and statistics", ft.Icons.INSIGHTS, lambda: go("/stats")))
    return tagged(ids.GAME_MENU, ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, icon_size=icon_size, items=items,
                                                    tooltip=t("Menu")))


def game_bar(s, st, undo: str, redo: str, history: str, history_route: str, *more: ft.Control,
             shown: Optional[Callable[[str], str]] = None) -> list[ft.Control]:
    """The app bar of a game screen: undo, redo (``shown``: how the game's texts are put in the
    message bar), the game's history, then the game's ``more`` buttons and its menu (:func:`GameMenu`)."""
    return [*undo_buttons(s, st, undo, redo, shown=shown),
            bar_button(history, ft.Icons.HISTORY, t("History"), history_route), *more, GameMenu(key="game-menu")]


def play_button(text: str, icon, on_click, *, filled: bool = True, height: int = 56, size: int = 18,
                **kw) -> ft.Control:
    """A large button of a game screen (filled, or tonal for the second choice), rounded, with large
    text; ``kw`` go to the button (``expand``, ``disabled``). The screen tags it."""
    cls = ft.FilledButton if filled else ft.FilledTonalButton
    return cls(text, icon=icon, height=height, on_click=on_click, **kw,
               style=ft.ButtonStyle(text_style=ft.TextStyle(size=size), shape=ft.RoundedRectangleBorder(radius=14)))
