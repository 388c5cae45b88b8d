"""App state actions and the error guard's hook into flet (an internal of flet 1.0.5)."""
import inspect

import flet as ft
from flet.messaging.session import Session

from companion.base import i18n
from companion.ui.state import AppState
from companion.store.repository import Store


def test_the_session_error_hook_still_exists():
    # app.main replaces page.session.error; if flet renames it, the crash overlay comes back
    assert ft.__version__.startswith("1.0.")
    assert "message" in inspect.signature(Session.error).parameters


def test_settings_are_stored_and_applied(tmp_path):
    store = Store.open(tmp_path)
    try:
        st = AppState.from_store(store)
        assert (st.lang, st.theme, st.keep_awake) == ("ru", "system", False)
        st.set_lang("en")
        st.set_theme("dark")
        st.set_theme("purple")  # ignored
        st.set_keep_awake(True)
        assert store.settings() == {"language": "en", "theme": "dark", "keep_awake": True}
        again = AppState.from_store(store)
        assert (again.lang, again.theme, again.keep_awake) == ("en", "dark", True)
        assert i18n.lang() == "en"
    finally:
        i18n.set_language("ru")
        store.close()


def test_bad_stored_settings_fall_back(tmp_path):
    store = Store.open(tmp_path)
    try:
        store.set_setting("language", "klingon")
        store.set_setting("theme", 42)
        st = AppState.from_store(store)
        assert (st.lang, st.theme) == ("ru", "system")
    finally:
        store.close()


class BrokenStore:
    def settings(self):
        return {}

    def set_setting(self, key, value):
        raise OSError("disk full")


def test_a_failing_save_is_a_calm_message_not_a_crash():
    st = AppState.from_store(BrokenStore())
    st.set_theme("dark")
    assert st.theme == "dark" and st.notice.kind == "problem"
    assert "сохранить" in st.notice.text()
    st.report_crash("Traceback ...\nValueError: boom")
    assert "Traceback" not in st.notice.text() and "попробуйте" in st.notice.text()
    st.dismiss()
    assert st.notice is None


def test_this_is_me_is_kept_per_game_across_a_restart(tmp_path):
    """«Это я» (issue 50): the phone's own store keeps the seat of each game; a reload or a
    restart (a new AppState from the same store) finds it again, for that game only."""
    store = Store.open(tmp_path)
    try:
        st = AppState.from_store(store)
        st.table = True
        assert st.seat("game-a") is None
        st.set_me("Вика", "game-a")
        st.set_me("Боря", "game-b")
        assert (st.seat("game-a"), st.seat("game-b")) == ("Вика", "Боря")
        again = AppState.from_store(store)  # the page reloaded, or the phone restarted
        assert (again.seat("game-a"), again.seat("game-b"), again.seat("game-c"), again.seat(None)) == (
            "Вика", "Боря", None, None)
        again.set_me(None, "game-a")  # «Никто в отдельности»
        assert AppState.from_store(store).seat("game-a") is None
        assert AppState.from_store(store).seat("game-b") == "Боря"
        for k in range(40):  # only the latest games are kept
            again.set_me("Аня", f"g{k}")
        kept = AppState.from_store(store)
        assert kept.seat("g39") == "Аня" and kept.seat("g0") is None and len(kept.seats) == 30
        store.set_setting("me", ["not", "a", "map"])  # a damaged setting: nobody, never an error
        assert AppState.from_store(store).seats == {}
    finally:
        store.close()
