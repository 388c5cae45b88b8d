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
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import i18n
from engine.core.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
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


# ---- the catalogs themselves (engine/<package>/locales) -------------------------------------------
PLACEHOLDER = re.compile(r"\{(\w*)")


def entries(cat) -> dict:
    """msgid → msgstr (a tuple of forms for a counted noun) of one Babel catalog."""
    return {(m.id if isinstance(m.id, str) else m.id[0]): m.string for m in cat if m.id}


def test_the_engine_has_catalogs_for_the_core_and_every_game():
    domains = {c.domain for c in i18n.engine_catalogs()}
    assert {"core", "vzhuh"} <= domains
    # every registered catalog of a package in engine/ is found there (a game outside the engine's
    # folder, tests/fifth_game, registers its own: issue 18)
    assert {c.domain for c in i18n.registered_catalogs() if i18n.ENGINE_DIR in c.root.parents} <= domains


@pytest.mark.parametrize("cat", i18n.engine_catalogs(), ids=lambda c: c.domain)
def test_russian_and_english_say_the_same_things(cat):
    """Both languages hold the same keys, each with the same placeholders; a counted noun has the
    forms its catalog's Plural-Forms ask for (Russian 3: one/few/many as Babel writes the CLDR
    rule; English 2), each with {n}."""
    ru, en = cat.read("ru"), cat.read("en")
    assert (ru.num_plurals, en.num_plurals) == (3, 2)
    assert ru.plural_expr.startswith("(n%10==1 && n%100!=11 ? 0")
    ru_e, en_e = entries(ru), entries(en)
    assert list(ru_e) == list(en_e) and len(ru_e) >= 30
    for key, text in ru_e.items():
        other = en_e[key]
        if isinstance(text, tuple):
            assert len(text) == 3 and len(other) == 2 and all("{n}" in s for s in text + other), key
        else:
            assert text and other and set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(other)), key


def test_a_msgid_is_defined_once_across_the_engine_and_the_app():
    """A key is in one engine catalog only, and never an English msgid of the app's catalogs (the
    app's test checks its own catalogs the same way: tests/test_companion_i18n.py)."""
    from companion.base import i18n as ui

    seen: dict = {}
    for cat in i18n.engine_catalogs():
        for key in entries(cat.read("ru")):
            assert key not in seen, f"{key!r} in {cat.domain} and {seen[key]}"
            seen[key] = cat.domain
    app = set(entries(ui.read_catalogs("ru")))
    assert len(app) > 100 and not app & set(seen)


def test_no_compiled_engine_catalogs_in_the_repo():
    assert not list(i18n.ENGINE_DIR.rglob("*.mo"))


def test_the_catalogs_are_read_when_a_message_is_first_rendered_never_at_import():
    """A phone start imports the engine's core, and a game when it is chosen: neither reads a
    catalog (nor imports Babel's .po reader); the first message rendered reads the catalogs of
    the core and of the games imported, once."""
    code = ("import sys\n"
            "from engine.core import i18n\n"
            "read = []\n"
            "orig = i18n.Catalogs.translations\n"
            "i18n.Catalogs.translations = lambda self, lang: read.append((self.domain, lang)) or orig(self, lang)\n"
            "import engine.vzhuh\n"
            "print(read, 'babel.messages.pofile' in sys.modules)\n"
            "print(i18n.render('vz.report.party', {}, 'en'), i18n.render('vz.report.party', {}, 'ru'))\n"
            "print(i18n.render('r.json-value', {}, 'en'), sorted(read))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[] False", "Party Партия",
                                "a value is expected [('core', 'en'), ('core', 'ru'), ('vzhuh', 'en'), ('vzhuh', 'ru')]"]


def test_a_builds_compiled_catalog_is_read_and_an_edited_one_never_stale(tmp_path):
    """The phone edition's build compiles the engine's catalogs too (scripts/publish.py), named
    by their content: the compiled file is read when present, an edited .po gets another name."""
    import shutil

    src = next(c for c in i18n.engine_catalogs() if c.domain == "vzhuh")
    shutil.copytree(src.root, tmp_path / "vzhuh" / "locales")
    cat = i18n.package_catalogs(tmp_path / "vzhuh")
    assert cat.translations("ru").gettext("vz.report.party") == "Партия"
    assert cat.translations("ru").ngettext("vz.card", "vz.card", 22) == "{n} карты"
    path = cat.compiled_path("ru")
    assert path.parent == tmp_path / "vzhuh" / "locales" / "compiled" and path.name.startswith("vzhuh-ru-")
    path.parent.mkdir()
    path.write_bytes(cat.compile("ru").replace("Партия".encode(), "ПАРТИЯ".encode()))
    assert cat.translations("ru").gettext("vz.report.party") == "ПАРТИЯ"
    po = cat.po_path("ru")
    po.write_bytes(po.read_bytes() + b"\n")
    assert cat.compiled_path("ru") != path and cat.translations("ru").gettext("vz.report.party") == "Партия"


def test_whale_families_and_cards_are_named_as_before():
    """The family names were a dict of the whale engine until issue 18 (R-COMP: the four families)."""
    from engine.kozyrnye_kity import Family, parse_card
    from engine.kozyrnye_kity.i18n import card_name, family_name

    assert [family_name(f, "ru") for f in Family] == ["косатка", "нарвал", "синий кит", "кашалот"]
    assert [family_name(f, "en") for f in Family] == ["orca", "narwhal", "blue whale", "sperm whale"]
    assert (card_name(parse_card("blue-7"), "ru"), card_name(parse_card("sperm-2"), "en")) == ("синий кит 7",
                                                                                               "sperm whale 2")


def test_the_phone_build_ships_every_engine_catalog_compiled():
    """scripts/publish.py puts the compiled catalogs of the app and of the engine in the phone
    edition's archive, under the names the loader looks for: a phone never parses a .po."""
    import gettext
    import io

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import publish
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    built = publish.compiled_catalogs(publish.ROOT)
    want = {c.compiled_path(lang).relative_to(ROOT).as_posix(): c for c in i18n.engine_catalogs() for lang in i18n.LANGS}
    assert len(want) == 10 and set(want) <= set(built)  # the core and four games, in two languages
    assert any(name.startswith("assets/locales/compiled/kity-ru-") for name in built)
    ru = gettext.GNUTranslations(io.BytesIO(built[next(n for n in want if n.startswith("engine/kalmar/") and "-ru-" in n)]))
    assert ru.gettext("kl.report.clockwise") == "по часовой стрелке"
    assert [ru.ngettext("kl.win", "kl.win", n) for n in (1, 3, 5)] == ["{n} победа", "{n} победы", "{n} побед"]


NAMES_BEFORE = json.loads((ROOT / "tests" / "fixtures" / "engine-names-before.json").read_text("utf-8"))


def names_now(lang: str) -> dict:
    """How the engines name their values (``localize`` and the card texts), as the fixture keys them."""
    import engine.kalmar.cards as kc
    import engine.royal_mastheads.cards as rc
    import engine.royal_mastheads.scoring as rs
    import engine.vzhuh.deck as vd

    d = {}
    d.update({f"kalmar.Colour.{c.value}": c.localize(lang) for c in kc.Colour})
    d.update({f"kalmar.Kind.{k.value}": k.localize(lang) for k in kc.Kind})
    d.update({f"kalmar.card_text.{cid}": kc.card_text(card, lang) for cid, card in kc.CARD_IDS.items()})
    d.update({f"vzhuh.JokerKind.{j.value}": j.localize(lang) for j in vd.JokerKind})
    d.update({f"royal_mastheads.Suit.{s.value}": s.localize(lang) for s in rc.Suit})
    d.update({f"royal_mastheads.Card.{c.id}": c.localize(lang) for c in rc.CARDS})
    d.update({f"royal_mastheads.Variant.{v.value}": v.localize(lang) for v in rs.Variant})
    return d


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_cards_colours_suits_jokers_and_variants_are_named_as_before(lang):
    """``fixtures/engine-names-before.json`` was written once by the code of commit 1c8f9ee, when
    these names were still tuples in the games' modules (colours and kinds of «Кальмар», jokers of
    «Вжух!», suits, cards and rule variants of «Королевское наказание»)."""
    assert len(NAMES_BEFORE[lang]) == 131
    assert names_now(lang) == NAMES_BEFORE[lang]
