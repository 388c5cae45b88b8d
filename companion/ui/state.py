"""The one observable app state of a session, and the actions components send to it.

Components render this state and call its methods; they never write the store or know a
game rule. The store (a plain object) is held in a private field, which never notifies.

Settings (language, theme, keep awake) are this device's: normally they are kept in the data
folder; in table mode each phone keeps its own in its browser (``device`` is then a small
async key-value store, Flet's ``SharedPreferences``), so a phone in English does not switch
the host to English. «Это я» (:meth:`AppState.seat`) is the seat this device plays in a game,
kept per game (game id → player): on a phone of the phone edition in its own store's settings, in
table mode on the device; it is this device's, never the shared log's (issue 50).
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import flet as ft

from ..base import i18n
from ..core import packs

log = logging.getLogger("kity")

THEMES = ("system", "light", "dark")
# setting keys in Store.settings()
KEY_LANG, KEY_THEME, KEY_AWAKE = "language", "theme", "keep_awake"
KEY_GAME = "game"
KEY_ME = "me"  # this device's own: {game id: the player this device is} («Это я», issue 50)
SEATS_KEPT = 30  # games whose «Это я» a device keeps (the oldest forgotten first)
KEY_WHERE_TOLD = "where_told"  # the phone edition told this browser where its games live (issue 53)
DEVICE_PREFIX = "kity."


@dataclass(frozen=True)
class Notice:
    """A calm message. ``text`` is called at render time, so it follows a language switch."""

    text: Callable[[], str]
    kind: str = "info"  # "info" | "problem"
    route: Optional[str] = None  # shown on this screen only (None: on any screen)


@ft.observable
@dataclass
class NoticeBoard:
    """The calm message of a session, an observable of its own: showing or closing a message
    redraws the notice bar only, not every screen that reads the app state (a tap at the table
    shows or closes one; issue 16: the phone edition's tap → screen time)."""

    notice: Optional[Notice] = None


@ft.observable
@dataclass
class AppState:
    lang: str = "ru"
    theme: str = "system"
    keep_awake: bool = False
    width: float = 0
    seats: dict = field(default_factory=dict)  # «Это я»: game id → the player this device is
    game: str = "kozyrnye-kity"  # the game chosen on the home screen (when none is running)
    table: bool = False  # this session is one of the devices of table mode
    host: bool = True    # this device runs the app (it may make a new code, end table mode)
    where_told: bool = False  # told once where the games live and how to keep them (issue 53)
    _store: Any = field(default=None, repr=False)
    _device: Any = field(default=None, repr=False)  # async get/set store of this device, in table mode
    _board: NoticeBoard = field(default_factory=NoticeBoard, repr=False)

    # ---- construction
    @classmethod
    def from_store(cls, store: Any, width: float = 0) -> "AppState":
        s = store.settings() if store is not None else {}
        theme = s.get(KEY_THEME)
        st = cls(
            lang=i18n.normalize(s.get(KEY_LANG)),
            theme=theme if theme in THEMES else "system",
            keep_awake=bool(s.get(KEY_AWAKE, False)),
            width=width or 0,
            where_told=s.get(KEY_WHERE_TOLD) is True,
        )
        if s.get(KEY_GAME) in packs.BY_ID:
            st.game = s[KEY_GAME]
        st.seats = _seats(s.get(KEY_ME))
        st._store = store
        i18n.set_language(st.lang)
        return st

    @property
    def store(self) -> Any:
        return self._store

    @property
    def board(self) -> NoticeBoard:
        """The observable the notice bar follows (:class:`NoticeBoard`)."""
        return self._board

    @property
    def notice(self) -> Optional[Notice]:
        return self._board.notice

    # ---- settings
    def use_device_settings(self, device: Any, host: bool) -> None:
        """Table mode: this session's settings live on its device (``device.get/set``, async)."""
        self._device, self.table, self.host = device, True, host

    async def load_device_settings(self) -> None:
        """Table mode: take this device's own settings, where it has saved any."""
        if self._device is None:
            return
        try:
            got = {k: await self._device.get(DEVICE_PREFIX + k) for k in (KEY_LANG, KEY_THEME, KEY_AWAKE, KEY_ME)}
        except Exception:  # no storage in this browser: the defaults stay
            log.warning("device settings not readable", exc_info=True)
            return
        if got[KEY_LANG] in i18n.LANGS:
            i18n.set_language(got[KEY_LANG])
            self.lang = got[KEY_LANG]
        if got[KEY_THEME] in THEMES:
            self.theme = got[KEY_THEME]
        if isinstance(got[KEY_AWAKE], bool):
            self.keep_awake = got[KEY_AWAKE]
        if isinstance(got[KEY_ME], str) and got[KEY_ME]:
            try:
                self.seats = _seats(json.loads(got[KEY_ME]))
            except ValueError:  # an older app kept one name for every game: not this game's
                pass

    def _save(self, key: str, value: Any) -> bool:
        if self._device is not None:
            self._save_on_device(key, value)
            return True
        try:
            self._store.set_setting(key, value)
            return True
        except Exception:  # disk full, read-only folder…: keep running, tell the user calmly
            log.exception("saving setting %s", key)
            self.show(lambda: i18n.t("The setting could not be saved. It applies until the app is closed."),
                      "problem")
            return False

    def _save_on_device(self, key: str, value: Any) -> None:
        device = self._device

        async def save():
            try:
                if value is None:
                    await device.remove(DEVICE_PREFIX + key)
                else:
                    await device.set(DEVICE_PREFIX + key, value)
            except Exception:  # private browsing, no storage: the setting holds for this visit
                log.warning("device setting %s not saved", key, exc_info=True)

        try:
            ft.context.page.run_task(save)
        except Exception:
            log.warning("device setting %s not saved", key, exc_info=True)

    def seat(self, game_id: Optional[str]) -> Optional[str]:
        """«Это я» in the game ``game_id``: the player this device is (None: nobody in particular)."""
        return self.seats.get(game_id) if game_id else None

    def set_me(self, player: Optional[str], game_id: Optional[str]) -> None:
        """«Это я»: in the game ``game_id`` this device is ``player``'s (None: nobody in particular).
        Kept per game, the latest :data:`SEATS_KEPT` games."""
        if not game_id:
            return
        seats = {g: p for g, p in self.seats.items() if g != game_id}
        if player:
            seats[game_id] = player
        seats = dict(list(seats.items())[-SEATS_KEPT:])
        self._save(KEY_ME, json.dumps(seats, ensure_ascii=False) if self._device is not None else seats)
        self.seats = seats

    def set_lang(self, lang: str) -> None:
        lang = i18n.normalize(lang)
        self._save(KEY_LANG, lang)
        i18n.set_language(lang)
        self.lang = lang

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            return
        self._save(KEY_THEME, theme)
        self.theme = theme

    def set_game(self, game: str) -> None:
        """The game the table plays (its entries on the home screen, its rules)."""
        if game not in packs.BY_ID:
            return
        self._save(KEY_GAME, game)
        self.game = game

    def set_where_told(self) -> None:
        """Where the games live was said and read: not said again (kept in the settings)."""
        self._save(KEY_WHERE_TOLD, True)
        self.where_told = True

    def set_keep_awake(self, on: bool) -> None:
        self._save(KEY_AWAKE, bool(on))
        self.keep_awake = bool(on)

    # ---- calm messages
    def show(self, text: Callable[[], str], kind: str = "info", route: Optional[str] = None) -> None:
        if route is None:
            try:  # the screen the user is on: the message does not follow them elsewhere
                route = ft.context.page.route or None
            except Exception:
                route = None
        self._board.notice = Notice(text, kind, route)

    def dismiss(self) -> None:
        self._board.notice = None

    def report_crash(self, message: str) -> None:
        """The session-level error guard: log everything, show a calm sentence."""
        log.error("unhandled error: %s", message)
        self.show(lambda: i18n.t("Something went wrong. Nothing was lost; please try again."), "problem")


def _seats(value: Any) -> dict:
    """«Это я» as kept: game id → player name, what is not one left out."""
    if not isinstance(value, dict):
        return {}
    return {g: p for g, p in value.items() if isinstance(g, str) and g and isinstance(p, str) and p}
