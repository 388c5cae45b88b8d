"""Issue 18, one translation mechanism: the engine's words say exactly what they said before.

``fixtures/engine-words-before.json`` was written ONCE by the code of commit ceeb4a9 (the words
still in Python dicts): every message key of the four games and the core rendered in Russian
and English with a sample value for each of its placeholders, and every counted noun with a
spread of numbers (0–30, 100–112, 121, 122, 125, 1000–1002, 1011, 1021 and a few negative
ones). Whatever the words are kept in, every text must stay byte-identical.
"""
from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from engine.core import i18n
from engine.core.games import GAMES

BEFORE = json.loads((Path(__file__).resolve().parent / "fixtures" / "engine-words-before.json").read_text("utf-8"))


@pytest.fixture(scope="module", autouse=True)
def every_game():
    for pkg in sorted(set(GAMES.values())):
        importlib.import_module(pkg)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_message_renders_as_before(lang):
    assert len(BEFORE["messages"]) == 290
    changed = {key: (i18n.render(key, m["params"], lang), m[lang]) for key, m in BEFORE["messages"].items()
               if i18n.render(key, m["params"], lang) != m[lang]}
    assert not changed


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_counted_noun_reads_as_before(lang):
    assert len(BEFORE["nouns"]) == 16
    for noun, texts in BEFORE["nouns"].items():
        now = " | ".join(i18n.count_text(i18n.Count(n, noun), lang) for n in BEFORE["counts"])
        assert now == texts[lang], noun


def test_russian_counts_by_hand():
    """CLDR Russian (one: 1, 21, 101 but not 11, 111; few: 2–4, 22–24; many: 0, 5–20, 25–30)."""
    got = [i18n.count_text(i18n.Count(n, "point"), "ru") for n in (1, 2, 5, 11, 21, 22, 25, 111, 0)]
    assert got == ["1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка", "25 очков", "111 очков",
                   "0 очков"]
    assert [i18n.count_text(i18n.Count(n, "point"), "en") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
