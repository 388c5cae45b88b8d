"""Issue 43: the phone edition's start screen (``scripts/publish.py``: LOADING, put into the
build's index.html) speaks the device's language — Russian when navigator.language is ru, else
English — and the player's words: «Загружаем Киты…», «В первый раз это занимает до минуты…»,
never «Запускаем Python…». Its script is run here by node against a stand-in of the page's few
elements, at every step the page goes through (start, web client, Python, ready, failure)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import publish  # noqa: E402

NODE = shutil.which("node")

PAGE = """
const els = {};
const el = id => els[id] || (els[id] = {id, textContent: "", style: {}, dataset: {}, remove() {}});
global.document = {documentElement: {lang: "ru"}, getElementById: el};
global.navigator = {language: LANGUAGE};
const timers = [];
global.setTimeout = (f, ms) => timers.push(f);
global.window = {addEventListener: () => {}};
const seen = [];
const look = what => seen.push([what, el("kity-loading-text").textContent, el("kity-loading-hint").textContent,
                                document.documentElement.lang]);
SCRIPT
look("start");
for (const step of ["client", "python", "ready"]) { window.kityLoading(step); look(step); }
window.kityFailed("");
look("failed");
console.log(JSON.stringify(seen));
"""


def shown(language: str) -> dict[str, tuple[str, str, str]]:
    """What the start screen says at each step on a device whose navigator.language is ``language``."""
    script = re.search(r"<script>(.*?)</script>", publish.LOADING, re.S).group(1)
    src = PAGE.replace("LANGUAGE", json.dumps(language)).replace("SCRIPT", script)
    out = subprocess.run([NODE, "-e", src], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return {step: (text, hint, lang) for step, text, hint, lang in json.loads(out.stdout)}


@pytest.mark.skipif(NODE is None, reason="no node to run the page's script")
@pytest.mark.parametrize("language", ["ru-RU", "ru"])
def test_a_russian_device_reads_russian_and_no_jargon(language):
    s = shown(language)
    assert s["start"] == ("Загружаем Киты…", "В первый раз это занимает до минуты; потом Киты открываются и без "
                          "интернета.", "ru")
    assert [s[k][0] for k in ("client", "python", "ready", "failed")] == [
        "Готовим экран…", "Запускаем Киты…", "Почти готово…", "Киты не запустились. Обновите страницу."]
    assert not any(re.search(r"[A-Za-z]", text + hint) for text, hint, _ in s.values())


@pytest.mark.skipif(NODE is None, reason="no node to run the page's script")
@pytest.mark.parametrize("language", ["en-US", "de-DE", "", "rus"])
def test_any_other_device_reads_english(language):
    s = shown(language)
    assert s["start"] == ("Loading Киты…", "The first time takes up to a minute; after that Киты opens without "
                          "the internet too.", "en")
    assert [s[k][0] for k in ("client", "python", "ready", "failed")] == [
        "Preparing the screen…", "Starting Киты…", "Almost ready…", "Киты did not start. Reload the page."]
    # no Russian but the app's name
    assert not any(re.search(r"[А-Яа-яЁё]", (text + hint).replace("Киты", "")) for text, hint, _ in s.values())


def test_the_start_screen_has_no_jargon_and_asks_nothing_off_the_page():
    assert "Python" not in re.sub(r"//.*", "", publish.LOADING)  # comments aside
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", publish.LOADING)
