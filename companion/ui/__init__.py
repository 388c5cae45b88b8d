"""Small building blocks shared by the screens: probes, guards, the screen frame, buttons.

Everything here is presentation only: no game rule, no storage.
"""
from __future__ import annotations

import functools
import importlib
import logging
import weakref
from typing import Callable, Iterable, Optional

import flet as ft
import flet.controls.base_control as _flet_base
from flet.components.utils import current_component

from ..base import ids
from ..base.i18n import t
from ..base.per_page import PerPage
from .state import AppState

log = logging.getLogger("kity")

StateCtx = ft.create_context(None)
SessionCtx = ft.create_context(None)  # this tab's companion.ui.session.Session
_SESSIONS: PerPage = PerPage()  # page → its session (this_session)

TOUCH = 48        # minimum touch target (dp)
BIG = 64          # height of the big home buttons
MAX_CONTENT = 760  # content column width on tablets
PAD = 16


@functools.lru_cache(maxsize=None)
def later(module: str, name: str) -> Callable[[], ft.Control]:
    """A route's screen, imported the first time it is shown: the app starts without any game's
    screens (the phone edition compiles each module in the browser; issue 16). One function per
    screen, however many routes show it."""
    def show():
        return getattr(importlib.import_module(module), name)()
    show.__name__ = show.__qualname__ = name
    return show


def routes_of(package: str, screens: Iterable) -> list[ft.Route]:
    """The routes of a game's declared screens (:class:`companion.core.game_view.Screen`), each screen
    imported from ``<package>.screens`` when first shown."""
    def route(sc) -> ft.Route:
        module, name = sc.component.rsplit(".", 1)
        return ft.Route(path=sc.path, component=later(f"{package}.screens.{module}", name),
                        children=[route(c) for c in sc.children] if sc.children else None)
    return [route(sc) for sc in screens]


_EVENT_TYPES: dict = {}  # (control class, "on_…") → the type of its event's payload


def remember_event_types() -> None:
    """Flet 1.0.5 works out the type of an event's payload at every tap it dispatches
    (``get_event_field_type``: every annotation of every class of the control turned into
    text, some 600 Python calls a tap, issue 52). The answer depends only on the control's
    class and the event: it is worked out once for each, the same way, and kept. Once per
    process; nothing changes where Flet has no such function."""
    base = _flet_base
    original = getattr(base, "get_event_field_type", None)
    if original is None or getattr(original, "remembers", False):
        return
    # called from a frame whose globals are those of Flet's own caller, as it reads them
    resolve = eval("lambda control, field_name: get_event_field_type(control, field_name)",  # noqa: S307
                   dict(vars(base)))

    def get_event_field_type(control, field_name: str):
        key = (control.__class__, field_name)
        try:
            return _EVENT_TYPES[key]
        except KeyError:
            found = _EVENT_TYPES[key] = resolve(control, field_name)
            return found

    get_event_field_type.remembers = True
    get_event_field_type.original = original
    base.get_event_field_type = get_event_field_type


def use_app() -> AppState:
    return ft.use_context(StateCtx)


def use_session():
    """This tab's game session (observable: a component that uses it re-renders on change)."""
    return ft.use_context(SessionCtx)


def hold_session(page: ft.Page, session) -> None:
    """Make ``session`` the one :func:`this_session` finds on ``page``."""
    _SESSIONS[page] = session


def this_session():
    """This tab's session, read without following its changes (for handlers; what a component
    shows comes from :func:`use_select`). Found by the page: ``use_context`` would subscribe
    to it, and a context lookup from a part that redraws on its own can fail (Flet 1.0.5 keeps
    a memoized part's children pointing at the parent instance that first drew them)."""
    try:
        return _SESSIONS.get(ft.context.page)
    except RuntimeError:  # outside a Flet callback
        return None


def use_select(select: Callable, source=None, fields: tuple = ("version", None)):
    """``select(session)``, a plain value (a string, a number, a tuple) drawn from the session;
    the component re-renders when that value changes, not on every change of the session as
    with :func:`use_session` (as Redux's ``useSelector`` does). Home lies under every game
    screen in the view stack and follows the session this way: an entry does not redraw it on
    any device at the table (issue 18).

    The session announces every change by its ``version``; the selection is computed again
    then (in the session's own context, the same place Flet's own subscription would schedule
    the re-render) and compared with the value this render used.

    ``source``: another observable to select from (the notice board), whose changes are
    announced by ``fields``. A selector may answer :data:`SAME` («not mine to show now»: a part
    of a round's table when the round is over and its body is about to take it away): the part
    keeps what it shows, and is not drawn again for it."""
    s = this_session() if source is None else source
    value = select(s)
    _, bump = ft.use_state(0)
    box = ft.use_ref(None)
    if value is SAME:
        value = box.current.value if box.current is not None else None
    if box.current is None:
        sel = box.current = _Selection(select, value)
        sel.dispose = s.subscribe(sel.listener(s, bump, fields)) if s is not None else None
    else:
        box.current.select, box.current.value = select, value
    ft.use_effect(lambda: None, [], cleanup=lambda: box.current.close())
    return value


SAME = object()  # a selector's answer: keep what is shown (see use_select)


class _Selection:
    """One :func:`use_select`: the latest selector, the value last rendered, the subscription."""

    __slots__ = ("select", "value", "dispose")

    def __init__(self, select: Callable, value) -> None:
        self.select, self.value, self.dispose = select, value, None

    def listener(self, s, bump: Callable, fields: tuple = ("version", None)) -> Callable:
        def changed(_sender, field) -> None:
            if field not in fields:
                return
            try:
                new = self.select(s)
            except Exception:  # the render shows the calm message (safe_render) and logs it
                new = _Selection
            if new is not SAME and new != self.value:
                self.value = new  # one re-render however many changes come before it
                bump(lambda n: n + 1)
        return changed

    def close(self) -> None:
        if self.dispose is not None:
            self.dispose()
            self.dispose = None


def use_watch():
    """(app state, session) of a screen that renders again whenever the session changes (the
    session may be None before the app has one): ``use_context`` subscribes it to the session."""
    return use_app(), use_session()


def use_kept():
    """``kept(Part, *args, key=…, **kwargs)``: the part exactly as the last render made it when
    it is called with equal values, else a new one. Flet's diff passes a part it already holds
    by (the same object: no state to migrate, nothing to walk or send), where a memoized part
    made afresh costs a reconcile and a walk of its body each time. So a body that follows the
    session redraws only the parts whose values changed, at the cost of the parts that did (the
    whale table: the trump, the players, the fact question, the cards of the trick, on every
    device at every entry; issue 18). ``Part``: a component, or a function that makes controls
    (it is given ``key`` too). Only what the last render made is kept; the parts of one body
    need distinct keys."""
    k = ft.use_ref(_Kept).current
    k.last, k.now = k.now, {}
    me = weakref.ref(current_component())

    def kept(part: Callable, *args, key: str, **kwargs):
        old = k.last.get(key)
        if old is not None and old[0] is part and old[1] == args and old[2] == kwargs:
            made = old[3]
            # This body may be drawn by a new object of the same component, which took over the
            # state (and these parts) of the one that made them: a part finds its contexts
            # (use_app…) through the component that holds it, so it now names this one.
            if getattr(made, "_parent_component", None) is not None:
                made._parent_component = me
        else:
            made = part(*args, key=key, **kwargs)
        k.now[key] = (part, args, kwargs, made)
        return made
    return kept


class _Kept:
    """What :func:`use_kept` made in the last render and in this one, by key."""

    __slots__ = ("last", "now")

    def __init__(self) -> None:
        self.last, self.now = {}, {}


def use_latest(initial):
    """Like ``use_state``, but handlers read the value through ``get()``: taps can arrive
    faster than re-renders, and a closure over the rendered value would then be stale."""
    value, set_value = ft.use_state(initial)
    box = ft.use_ref(None)
    if box.current is None:
        box.current = [value]

    def get():
        return box.current[0]

    def set_(new):
        box.current[0] = new
        set_value(new)

    return get, set_


def probe(ident: str, text: str, **kw) -> ft.Control:
    """A text that tests and screen readers read via its semantics identifier."""
    return ft.Semantics(identifier=ident, content=ft.Text(text, **kw), key=ident)


def tagged(ident: str, control: ft.Control, selected: Optional[bool] = None) -> ft.Control:
    """Give an interactive control a stable identifier (its name stays its visible text);
    ``selected`` is announced to screen readers (and read by tests). The identifier is also
    the key: Flutter web does not update an identifier in place, so a control whose
    identifier changes must be a new control."""
    return ft.Semantics(identifier=ident, selected=selected, content=control, key=ident)


def at_least(height: float, control: ft.Control) -> ft.Control:
    """``control`` in a slot never lower than ``height``: a part whose content comes and goes
    (a trick's cards) keeps its place, so what lies below it, a picker, stays under the thumb.
    A zero-wide box of that height beside the control sets the row's height (Flet 1.0.5 has
    no minimum-size constraint); give the control ``expand=True`` to have it fill the width."""
    return ft.Row([ft.Container(width=0, height=height), control],
                  spacing=0, vertical_alignment=ft.CrossAxisAlignment.START)


def render_problem() -> ft.Control:
    return ft.Container(
        padding=PAD,
        border_radius=12,
        bgcolor=ft.Colors.ERROR_CONTAINER,
        content=probe("render-problem", t("This part could not be shown. Your data is safe."),
                      color=ft.Colors.ON_ERROR_CONTAINER, size=16),
    )


def safe_render(fn):
    """Put under ``@ft.component``: an exception while rendering becomes a calm message.

    (Unguarded, a render exception silently freezes every later update of the session.)"""

    @functools.wraps(fn)
    def wrapper(*a, **kw):
        try:
            return fn(*a, **kw)
        except Exception:
            log.exception("render failed: %s", fn.__name__)
            return render_problem()

    return wrapper


def safe_screen(route: str):
    """Like :func:`safe_render` for a routed screen: the fallback is a whole calm View."""

    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            try:
                return fn(*a, **kw)
            except Exception:
                log.exception("screen failed: %s", route)
                return ft.View(
                    route=route,
                    appbar=ft.AppBar(title=ft.Text(t("Kity"))),
                    padding=PAD,
                    controls=[
                        render_problem(),
                        big_button(t("Home"), ft.Icons.HOME_OUTLINED,
                                   lambda: ft.context.page.navigate("/"), "fallback-home"),
                    ],
                )

        return wrapper

    return deco


def content_width(st: AppState) -> Optional[float]:
    if not st.width:
        return None
    return max(240.0, min(st.width - 2 * PAD, MAX_CONTENT))


def screen(st: AppState, route: str, ident: str, title: str, body: Iterable[ft.Control],
           *, actions: Optional[list] = None, appbar: bool = True, main: Optional[ft.Control] = None) -> ft.View:
    """The frame of every screen: app bar with a readable title, a centred scrolling column,
    and the calm notice pinned at the bottom (visible wherever the user has scrolled to).
    ``main``: the screen's main action (its start button), pinned below the scrolling body, so
    that it is on screen without scrolling on a phone (issue 43)."""
    content = column(st, body)
    if main is not None:
        content = ft.Column([content, pinned(st, main)], expand=True, spacing=0,
                            horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return frame(route, probe(ident, title) if appbar else None, content, actions)


def pinned(st: AppState, control: ft.Control) -> ft.Control:
    """``control`` in a bar under a screen's scrolling body, as wide as the body's column."""
    return ft.Container(
        alignment=ft.Alignment.TOP_CENTER, bgcolor=ft.Colors.SURFACE,
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        padding=ft.Padding.symmetric(horizontal=0 if st.width else PAD, vertical=10),
        content=ft.Container(width=content_width(st), content=control))


# What every screen shows under its body (the storage warning, the phone edition's table bar):
# registered by the app (app.py), which knows them; the frame draws them in that order.
_UNDER_EVERY_SCREEN: list[Callable[[], list]] = []


def under_every_screen(make: Callable[[], list]) -> None:
    """Draw ``make()`` (a list of controls, maybe empty) under every screen's body."""
    _UNDER_EVERY_SCREEN.append(make)


def frame(route: str, title: Optional[ft.Control], body: ft.Control, actions: Optional[list] = None) -> ft.View:
    """A screen's frame: the app bar (``title``, ``actions``; none without a title), ``body``,
    what the app draws under every screen (:func:`under_every_screen`), and the calm notice
    pinned at the bottom (visible wherever the user has scrolled to)."""
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=title, actions=actions or []) if title is not None else None,
        padding=0,
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[body, *(c for make in _UNDER_EVERY_SCREEN for c in make()), NoticeBar(route)],
    )


def column(st: AppState, body: Iterable[ft.Control]) -> ft.Control:
    """A screen's content: one centred column (:func:`content_width`) that scrolls."""
    return ft.Column(
        expand=True,
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[ft.Container(
            width=content_width(st),
            padding=ft.Padding.symmetric(horizontal=0 if st.width else PAD, vertical=PAD),
            content=ft.Column(list(body), spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        )],
    )


# A game's table from WIDE px on (a tablet): the game and what stands beside it (the players,
# what is in force) share the width MAIN : SIDE beside a gap, inside the page padding; a
# phone's one column has its own padding (:func:`two_columns`)
WIDE, MAIN, SIDE, GAP, PHONE_PAD = 900, 3, 2, 16, 12


def two_columns(main: list, side: list, wide: bool) -> ft.Control:
    """Tablet: ``main`` on the left, ``side`` on the right, each scrolling on its own;
    phone: one column, ``side`` below ``main``."""
    if wide:
        return ft.Container(ft.Row([
            ft.Container(expand=MAIN, content=ft.Column(main, spacing=10, scroll=ft.ScrollMode.AUTO,
                                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)),
            ft.Container(expand=SIDE, content=ft.Column(side, spacing=10, scroll=ft.ScrollMode.AUTO,
                                                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)),
        ], spacing=GAP, expand=True, vertical_alignment=ft.CrossAxisAlignment.START), padding=PAD, expand=True)
    return ft.Column([ft.Container(ft.Column(main + side, spacing=12,
                                             horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                                   padding=ft.Padding.symmetric(horizontal=PHONE_PAD, vertical=PHONE_PAD))],
                     expand=True, scroll=ft.ScrollMode.AUTO)


def big_button(text: str, icon, on_click: Callable, ident: str, *, primary: bool = False) -> ft.Control:
    style = ft.ButtonStyle(
        shape=ft.RoundedRectangleBorder(radius=16),
        padding=ft.Padding.symmetric(horizontal=20, vertical=12),
        text_style=ft.TextStyle(size=20, weight=ft.FontWeight.W_500),
        icon_size=28,
        alignment=ft.Alignment.CENTER_LEFT,
    )
    cls = ft.FilledButton if primary else ft.FilledTonalButton
    return tagged(ident, cls(text, icon=icon, on_click=on_click, height=BIG, style=style, expand=True))


def tile_button(text: str, icon, on_click: Callable, ident: str) -> ft.Control:
    """A home key half as wide as :func:`big_button` and as tall as it with its gap: the icon
    above a one-line label (two of them share a row on a phone)."""
    style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=16), padding=ft.Padding.symmetric(horizontal=8,
                                                                                                     vertical=6))
    label = ft.Column([ft.Icon(icon, size=26), ft.Text(text, size=17, weight=ft.FontWeight.W_500, no_wrap=True,
                                                       text_align=ft.TextAlign.CENTER)],
                      spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    return tagged(ident, ft.FilledTonalButton(content=label, on_click=on_click, height=BIG + 12, expand=True,
                                              style=style))


def choice_row(options: list[tuple[str, str, str]], selected, on_select: Callable[[str], None],
               *, multi: bool = False) -> ft.Control:
    """A row of large toggle buttons: ``options`` are (value, text, identifier).

    The chosen one is filled and has a check mark (not colour alone)."""

    def chosen(v):
        return v in selected if multi else v == selected

    buttons = []
    for value, text, ident in options:
        on = chosen(value)
        cls = ft.FilledButton if on else ft.OutlinedButton
        buttons.append(tagged(ident, selected=on, control=cls(
            text,
            icon=ft.Icons.CHECK if on else None,
            height=TOUCH + 4,
            style=ft.ButtonStyle(text_style=ft.TextStyle(size=17),
                                 shape=ft.RoundedRectangleBorder(radius=12)),
            on_click=lambda e, v=value: on_select(v),
        )))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)


def section_title(text: str) -> ft.Control:
    return ft.Text(text, size=18, weight=ft.FontWeight.W_600)


_SHOWN_AT: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # an info notice → the game's state it was said on


def _shown_on(route: str) -> Callable:
    """The board's notice if it is shown on ``route``, else None. A calm confirmation («Вика
    +1») belongs to the moment: once the game has moved on, a screen drawn again does not say it
    again (issue 50: it was shown again minutes later, back on the table). A problem stays until
    it is closed or the next action."""
    def shown(board):
        n = board.notice
        if n is None or (n.route is not None and n.route != route):
            return None
        if n.kind != "problem":
            s = this_session()
            if s is not None:
                at = s.state_id
                if _SHOWN_AT.setdefault(n, at) != at:
                    return None
        return n
    return shown


@ft.component
@safe_render
def NoticeBar(route: str):
    """The calm message of this screen. It follows only the notice shown on its ``route``
    (:func:`use_select` on the board): a message shown or closed on the table does not redraw
    the bar of Home under it in the view stack (issue 52: two renders a tap, one for nothing).
    Closing a message hides the bar and keeps its box (one property changes, not a box
    made and dropped at every entry); a new message of the same kind changes only its words
    (:func:`_NoticeText`)."""
    st = use_app()
    n = use_select(_shown_on(route), st.board, ("notice", None))
    last = ft.use_ref(None)
    if n is not None:
        last.current = n.kind == "problem"
    kept = use_kept()
    if last.current is None:  # nothing said yet on this screen
        return ft.Container(height=0)
    return ft.Container(visible=n is not None, content=kept(_notice_box, last.current, content_width(st), route,
                                                            st.board, st.dismiss, key="notice-box"))


def _notice_box(problem: bool, width: Optional[float], route: str, board, dismiss, *, key: str) -> ft.Control:
    fg = ft.Colors.ON_ERROR_CONTAINER if problem else ft.Colors.ON_SECONDARY_CONTAINER
    return ft.Container(
        alignment=ft.Alignment.CENTER,
        padding=ft.Padding.only(left=8, right=8, bottom=8, top=4),
        content=ft.Container(
        width=width,
        bgcolor=ft.Colors.ERROR_CONTAINER if problem else ft.Colors.SECONDARY_CONTAINER,
        border_radius=12,
        padding=ft.Padding.only(left=16, top=8, bottom=8, right=4),
        content=ft.Row(
            [
                ft.Icon(ft.Icons.INFO_OUTLINE, color=fg),
                ft.Container(_NoticeText(board, route, fg, key="notice-text"), expand=True),
                tagged(ids.NOTICE_CLOSE, ft.IconButton(ft.Icons.CLOSE, icon_color=fg, tooltip=t("Close"),
                                                       on_click=dismiss)),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    ), key=key)


@ft.component
@safe_render
def _NoticeText(board, route: str, fg):
    """The words of the message bar: drawn again only when another message is shown. It finds
    no context (the bar's box is kept from an earlier drawing of the bar, whose object Flet 1.0.5
    leaves its parts pointing at): the board is a prop."""
    n = use_select(lambda b: _shown_on(route)(b) or SAME, board, ("notice", None))
    return probe(ids.NOTICE, n.text() if n is not None else "", color=fg, size=16)
