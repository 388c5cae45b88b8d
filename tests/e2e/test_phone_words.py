"""Issue 43: the phone edition's start screen speaks the device's language, in the player's
words — the built index.html (``scripts/publish.py``) and what a phone shows before the app is
up: «Загружаем Киты…» on a ru-RU device, «Loading Киты…» on an en-US one, never «Python»; and
nothing is asked off the page's origin meanwhile."""
from __future__ import annotations

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.e2e

RU = {"steps": ("Загружаем Киты…", "Готовим экран…", "Запускаем Киты…", "Почти готово…"),
      "hint": "В первый раз это занимает до минуты; потом Киты открываются и без интернета."}
EN = {"steps": ("Loading Киты…", "Preparing the screen…", "Starting Киты…", "Almost ready…"),
      "hint": "The first time takes up to a minute; after that Киты opens without the internet too."}


def test_the_built_page_carries_the_players_words(site):
    html = (site["out"] / "index.html").read_text(encoding="utf-8")
    for words in (RU, EN):
        assert all(step in html for step in words["steps"]) and words["hint"] in html
    assert "Starting Python" not in html and "Запускаем Python" not in html


@pytest.mark.parametrize("locale, words, lang", [("ru-RU", RU, "ru"), ("en-US", EN, "en")])
def test_the_start_screen_speaks_the_devices_language(browser, site, locale, words, lang):
    ctx = browser.new_context(viewport=PHONE, locale=locale, color_scheme="light", service_workers="block")
    left: list[str] = []
    origin = site["url"]

    def guard(route):  # nothing may leave the page's origin (issue 16)
        if route.request.url.startswith((origin, "data:", "blob:")):
            route.fallback()
        else:
            left.append(route.request.url)
            route.abort()

    ctx.route("**/*", guard)
    try:
        page = ctx.new_page()
        page.goto(origin, wait_until="domcontentloaded")
        page.wait_for_function("() => document.getElementById('kity-loading-text')?.textContent")
        text, hint, page_lang, up = page.evaluate("""() => [
            document.getElementById('kity-loading-text').textContent,
            document.getElementById('kity-loading-hint').textContent,
            document.documentElement.lang,
            !document.getElementById('kity-loading') || !!document.getElementById('kity-loading').dataset.gone]""")
        assert not up, "the app was up before its start screen could be read"
        assert text in words["steps"], text
        assert (hint, page_lang) == (words["hint"], lang)
        assert "Python" not in page.inner_text("#kity-loading")
        page.wait_for_timeout(1500)  # the next step («Готовим экран…») in the same words
        assert page.inner_text("#kity-loading-text") in words["steps"]
        assert left == []
    finally:
        ctx.close()
