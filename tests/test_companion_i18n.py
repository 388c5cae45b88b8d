"""UI catalogs: every msgid used in companion/ is in both catalogs; plurals come from Babel."""
import re

import pytest
from babel.messages.pofile import read_po

from companion.base import i18n
from engine.core.i18n import LANGS

from i18n_extract import used_msgids


def catalog(lang):
    return i18n.read_catalogs(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_msgid_is_defined_in_one_catalog_only(lang):
    seen: dict = {}
    for path in i18n.po_paths(lang):
        with open(path, "rb") as f:
            for msg in read_po(f, locale=lang):
                if msg.id:
                    assert msg.id not in seen, f"{msg.id!r} in {path.name} and {seen[msg.id]}"
                    seen[msg.id] = path.name
        # Babel merges an entry written twice in one file without a word: read the text itself
        ids = re.findall(r'^msgid ((?:".*"\n)+)', path.read_text(encoding="utf-8") + "\n", re.M)
        twice = {i for i in ids if ids.count(i) > 1}
        assert not twice, f"written twice in {path.name}: {sorted(twice)}"
    assert len(seen) > 100


@pytest.mark.parametrize("lang", LANGS)
def test_every_used_msgid_is_translated(lang):
    singles, plurals = used_msgids()
    assert len(singles) > 30  # the extractor really found the UI strings
    cat = catalog(lang)
    missing = [m for m in singles if m not in cat or not cat[m].string]
    assert not missing, f"{lang}: missing {missing}"
    for s, p in plurals:
        msg = cat[s]
        assert msg is not None and isinstance(msg.id, tuple) and msg.id == (s, p), f"{lang}: plural {s!r}"
        assert all(msg.string), f"{lang}: empty plural form for {s!r}"
        assert len(msg.string) == cat.num_plurals


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_survive_translation(lang):
    cat = catalog(lang)
    for msg in cat:
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        want = set(re.findall(r"\{\w+\}", ids[-1]))
        for s in strings:
            assert set(re.findall(r"\{\w+\}", s)) == want, (lang, msg.id, s)


def test_russian_plural_forms_come_from_the_catalog():
    i18n.set_language("ru")
    try:
        forms = {n: i18n.tn("{n} entry", "{n} entries", n) for n in (1, 2, 5, 11, 21, 22, 25, 111)}
    finally:
        i18n.set_language("ru")
    assert forms == {1: "Найдена 1 запись", 2: "Найдено 2 записи", 5: "Найдено 5 записей",
                     11: "Найдено 11 записей", 21: "Найдена 21 запись", 22: "Найдено 22 записи",
                     25: "Найдено 25 записей", 111: "Найдено 111 записей"}


def test_language_switch():
    try:
        assert i18n.set_language("en") == "en"
        assert i18n.t("Rules") == "Rules" and i18n.tn("{n} entry", "{n} entries", 2) == "2 entries"
        assert i18n.set_language("ru") == "ru"
        assert i18n.t("Rules") == "Правила"
        assert i18n.set_language("de") == "ru"  # unknown language: Russian
    finally:
        i18n.set_language("ru")


def test_no_compiled_catalogs_in_the_repo():
    assert not list(i18n.LOCALES_DIR.rglob("*.mo"))


@pytest.mark.parametrize("path", ["companion/store/repository.py", "companion/store/lock.py", "companion/serve/access.py",
                                  "companion/serve/server.py"])
def test_no_russian_words_in_the_code_of_storage_and_table_mode(path):
    """Issue 18: the words these modules show (the folder-in-use message, the pages a phone
    sees without the code, the console lines) come from the catalogs: no Russian string in
    their code but the app's name. Docstrings and comments may speak Russian."""
    from pathlib import Path
    import ast

    source = (Path(__file__).resolve().parents[1] / path).read_text(encoding="utf-8")
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    russian = [node.value for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
               and re.search("[А-Яа-яЁё]", node.value.replace("Киты", ""))]
    assert russian == []


def test_the_builds_compiled_catalogs_say_the_same_and_a_changed_catalog_is_never_read_stale(tmp_path, monkeypatch):
    """The phone edition's build compiles the catalogs once (scripts/publish.py); the app reads
    them by a name made of the catalogs' content, so an edited .po is parsed again."""
    import shutil

    locales = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES_DIR, locales, ignore=shutil.ignore_patterns("compiled"))
    monkeypatch.setattr(i18n, "LOCALES_DIR", locales)
    i18n.translations.cache_clear()
    try:
        parsed = (i18n.translate("ru", "Continue game"), i18n.translate_n("ru", "{n} round", "{n} rounds", 5))
        assert parsed == ("Продолжить игру", "{n} раундов")
        # the build's file, with one word changed, so the test sees which file was read
        mo = i18n.compile_catalogs("ru").replace("Продолжить игру".encode(), "Продолжить ИГРУ".encode())
        path = i18n.compiled_path("ru")
        path.parent.mkdir()
        path.write_bytes(mo)
        i18n.translations.cache_clear()
        assert i18n.translate("ru", "Continue game") == "Продолжить ИГРУ"
        assert i18n.translate_n("ru", "{n} round", "{n} rounds", 5) == "{n} раундов"
        assert i18n.translate_n("ru", "{n} round", "{n} rounds", 2) == "{n} раунда"
        # a catalog edited after the build: its compiled file has another name, the .po is read
        po = i18n.po_path("ru")
        po.write_bytes(po.read_bytes() + b"\n")
        i18n.translations.cache_clear()
        assert i18n.compiled_path("ru") != path
        assert i18n.translate("ru", "Continue game") == "Продолжить игру"
    finally:
        i18n.translations.cache_clear()
