"""No text is cut at 412×915, in Russian or in English, on any screen of an evening (issue 43):
Home, Settings, the rules, each game's new-game screen and its running game's main screen.
The statistics and the histories have their own sweep (test_export_and_stats_text); the cut
text is found the same way (:func:`cut_texts`: a text whose box is narrower than its words).
"""
from __future__ import annotations

import pytest

from companion.base import ids
from companion.kalmar import ids as kl
from companion.royal_mastheads import ids as rm
from companion.ui.session import Session
from companion.store.repository import Store
from companion.vzhuh import ids as vz

from .test_export_and_stats_text import HOME_OF, running, sweep, to_english
from .test_pad_history_stats import data_dir, goto, start  # noqa: F401 — the seeded server's fixtures

pytestmark = pytest.mark.e2e

NEW_OF = {"kozyrnye-kity": ("/new", ids.SCREEN_NEW), "vzhuh": ("/vzhuh/new", vz.SCREEN_NEW),
          "kalmar": ("/kalmar/new", kl.SCREEN_NEW), "royal-mastheads": ("/royal-mastheads/new", rm.SCREEN_NEW)}


@pytest.mark.parametrize("game", ["kozyrnye-kity", "vzhuh", "kalmar", "royal-mastheads"])
def test_no_text_is_cut_on_the_screens_of_an_evening(start, data_dir, game):
    """In Russian, then in English as a person switches: in Settings, where the Russian sweep ends
    (one start of the app for both languages)."""
    store = Store.open(data_dir)
    store.set_setting("language", "ru")
    running(Session(store), game)
    store.close()
    ui = start()
    problems = []
    for lang in ("ru", "en"):
        if lang == "en":
            to_english(ui)
            goto(ui, "/", ids.SCREEN_HOME)
        problems += sweep(ui, f"{lang} home")
        ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_id(HOME_OF[game])
        problems += sweep(ui, f"{lang} {game} game")
        ui.shot(f"sweep-{game}-{lang}-phone")
        for route, screen in [NEW_OF[game], ("/rules", ids.SCREEN_RULES), ("/settings", ids.SCREEN_SETTINGS)]:
            goto(ui, route, screen)
            problems += sweep(ui, f"{lang} {route}")
    assert not problems, "\n".join(problems)
