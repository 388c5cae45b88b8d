"""The one observable app state, and the actions components send to it.

Components render this state and call its methods; they never write the store or know a
game rule. The store (a plain object) is held in a private field, which never notifies.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import flet as ft

from . import i18n

log = logging.getLogger("kity")

THEMES = ("system", "light", "dark")
# setting keys in Store.settings()
KEY_LANG, KEY_THEME, KEY_AWAKE = "language", "theme", "keep_awake"


@dataclass(frozen=True)
class Notice:
    """A calm message. ``text`` is called at render time, so it follows a language switch."""

    text: Callable[[], str]
    kind: str = "info"  # "info" | "problem"
    route: Optional[str] = None  # shown on this screen only (None: on any screen)


@ft.observable
@dataclass
class AppState:
    lang: str = "ru"
    theme: str = "system"
    keep_awake: bool = False
    width: float = 0
    notice: Optional[Notice] = None
    _store: Any = field(default=None, repr=False)

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
        )
        st._store = store
        i18n.set_language(st.lang)
        return st

    @property
    def store(self) -> Any:
        return self._store

    # ---- settings
    def _save(self, key: str, value: Any) -> bool:
        try:
            self._store.set_setting(key, value)
            return True
        except Exception:  # disk full, read-only folder…: keep running, tell the user calmly
            log.exception("saving setting %s", key)
            self.show(lambda: i18n.t("The setting could not be saved. It applies until the app is closed."),
                      "problem")
            return False

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
        self.notice = Notice(text, kind, route)

    def dismiss(self) -> None:
        self.notice = None

    def report_crash(self, message: str) -> None:
        """The session-level error guard: log everything, show a calm sentence."""
        log.error("unhandled error: %s", message)
        self.show(lambda: i18n.t("Something went wrong. Nothing was lost; please try again."), "problem")
