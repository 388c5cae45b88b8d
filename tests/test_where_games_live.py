"""Issue 53, «A private window»: Chromium gives a private window the same quota as a normal one
and the origin's folder in both, so the app's guess never fires there and the games vanish with
the window, unsaid. Now the phone edition tells every new user once, on Home, where the games
are kept (this browser on this phone) and how to keep them (the archive, from Settings); either
key answers it, and the answer is kept in the settings: not said again after a restart."""
from __future__ import annotations

import pytest

from companion.base import i18n, ids
from companion.screens import home
from companion.store.repository import Store
from companion.ui.state import AppState


@pytest.fixture()
def store(tmp_path):
    s = Store.open(tmp_path)
    yield s
    s.close()


def test_said_once_in_the_phone_edition_and_remembered_after_a_restart(store, monkeypatch):
    monkeypatch.setattr(home, "IN_BROWSER", False)
    st = AppState.from_store(store)
    assert not home.where_due(st)  # the computer keeps its games in its data folder: not said
    monkeypatch.setattr(home, "IN_BROWSER", True)
    assert home.where_due(st)      # a new user of the phone edition
    st.set_where_told()
    assert not home.where_due(st) and store.settings().get("where_told") is True
    again = AppState.from_store(store)  # the next start
    assert again.where_told and not home.where_due(again)


def _walk(control):
    yield control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for c in (child if isinstance(child, list) else [child] if child is not None else []):
            if hasattr(c, "__dict__"):
                yield from _walk(c)


def _texts(card) -> list[str]:
    return [c.value for c in _walk(card) if type(c).__name__ == "Text"]


def _key(card, ident):
    return next(c for c in _walk(card) if getattr(c, "identifier", None) == ident).content


@pytest.mark.parametrize("lang, where, keep", [
    ("ru", "Только в этом браузере на этом телефоне",
     "время от времени сохраняйте архив: «Настройки» → «Сохранить архив»."),
    ("en", "Only in this browser on this phone", "save the archive now and then: «Settings» → «Save the archive»."),
], ids=["ru", "en"])
def test_the_note_says_where_and_how_in_big_words_with_big_keys(lang, where, keep):
    told = []
    i18n.set_language(lang)
    try:
        card = home.where_card(lambda: told.append("ok"), lambda: told.append("settings"))
        texts = _texts(card)
        assert card.identifier == ids.HOME_WHERE
        body = texts[1]
        assert body.startswith(where) and body.endswith(keep), body
        assert i18n.t("Settings") in body and i18n.t("Save the archive") in body  # the labels as shown
        sizes = [c.size for c in _walk(card) if type(c).__name__ == "Text"]
        assert min(sizes) >= 17, sizes
        ok, settings = _key(card, ids.HOME_WHERE + "-ok"), _key(card, ids.HOME_WHERE + "-settings")
        assert ok.height >= 44 and settings.height >= 44
        ok.on_click(None)
        settings.on_click(None)
        assert told == ["ok", "settings"]
    finally:
        i18n.set_language("ru")
