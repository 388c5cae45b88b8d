"""The in-app rulebook of «Кальмар» (assets/rules/kalmar.json) against its schema, the rules digest,
the printed rulebook and the engine.

The digest (shared/rules/kalmar.md) names every rule KL-… and every ruling RUL-KL-…; each of those
IDs must be exactly one item of kalmar.json. The engine's own rulings (RUL-KL-… decided where the
digest is silent, listed in NEW_RULINGS) are items too. The engine (engine/kalmar/) cites rule IDs
in docstrings, comments and messages; each must resolve. The Russian text must contain every
paragraph of the printed rulebook (shared/seeds/003_…txt).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_JSON = REPO / "assets" / "rules" / "kalmar.json"
DIGEST = Path(__file__).resolve().parents[1] / ".." / "shared" / "rules" / "kalmar.md"
SEED = Path(__file__).resolve().parents[1] / ".." / "shared" / "seeds" / "003_4fa11ae6da5e3253.txt"
ENGINE_KALMAR = REPO / "engine" / "kalmar"

# KL-COMP, KL-SETUP-1, KL-FX-DRAW4, RUL-KL-FIRST-BLUE, … — in headings "## Components (KL-COMP)",
# bullets "- KL-SETUP-1: …" and inline mentions "RUL-KL-FIRST-BLUE: …". Not "RUL-KL-…".
RULE_ID = re.compile(r"(?<![A-Za-z0-9-])(?:RUL-)?KL(?:-[A-Z0-9]+)+(?![a-z0-9])")
ITEM_ID = re.compile(r"^(?:KL|RUL-KL|[TEN]-KL)(?:-[A-Z0-9]+)+$")
KINDS = {"rule", "ruling", "text", "example"}
SOURCES = {"rulebook", "ruling"}
LANGS = {"ru", "en"}
NOTE_PREFIX = "Пояснение команды приложения."
# The project's rulings where the digest is silent (decided with the engine, engine/kalmar/).
NEW_RULINGS = {
    "RUL-KL-PLAYERS", "RUL-KL-TURN", "RUL-KL-BLUE-COLOUR", "RUL-KL-REVERSE-TWO", "RUL-KL-PENDING",
    "RUL-KL-SILENCE-END", "RUL-KL-CALL-WINDOW", "RUL-KL-OUT", "RUL-KL-NEXT-DEALER",
}
# The digest's group codes that no printed paragraph states alone: «Что ведёт приложение».
APP_RULES = {"KL-SETUP", "KL-FX"}

# Where kalmar.json deliberately differs from the seed text (see assets/rules/README.md):
# (seed text, text in kalmar.json), applied to the seed before comparing.
EXPECTED_DIFFERENCES = [
    # the card's title printed twice by the extraction
    ("Возьми 4 карты, пропусти ход и выбери цвет. Возьми 4 карты, пропусти ход и выбери цвет.",
     "Возьми 4 карты, пропусти ход и выбери цвет."),
    # a stray copy of the end of the «Возьми 4…» paragraph after «Обмен картами»
    ("своими картами. игровой колоды четыре карты (в закрытую) и пропускает ход.", "своими картами."),
    ("дальнейших ход игры", "дальнейший ход игры"),  # typo
]
MIN_LINE = 40
FRAGMENT = 30
# The seed's page labels and the document title: not items
NOT_ITEMS = {"ЛИЦО", "оборот", "ПРАВИЛА ИГРЫ"}
HEADINGS = {"Цель игры:", "Подготовка к игре:", "Начало игры:", "Разновидности карт:", "Завершение игры:"}


@pytest.fixture(scope="module")
def rules() -> dict:
    return json.loads(RULES_JSON.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def items(rules) -> list[dict]:
    return [item for section in rules["sections"] for item in section["items"]]


@pytest.fixture(scope="module")
def item_ids(items) -> Counter:
    return Counter(item["id"] for item in items)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _digest_ids() -> list[str]:
    if not DIGEST.exists():
        pytest.skip(f"rules digest not found at {DIGEST.resolve()} (shared/ is not checked out next to the repo)")
    return sorted(set(RULE_ID.findall(DIGEST.read_text(encoding="utf-8"))))


def _seed_lines() -> list[str]:
    if not SEED.exists():
        pytest.skip(f"rulebook seed not found at {SEED.resolve()}")
    return [_norm(line) for line in SEED.read_text(encoding="utf-8").splitlines() if line.strip()]


def _engine_refs() -> tuple[list[Path], set[str], set[str]]:
    """The files scanned under engine/kalmar/, the exact rule IDs cited there, and family
    prefixes cited as ``KL-FX-…`` / ``KL-FX-{kind}``."""
    files = sorted(ENGINE_KALMAR.glob("**/*.py")) if ENGINE_KALMAR.is_dir() else []
    exact: set[str] = set()
    families: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        for m in RULE_ID.finditer(text):
            tail = text[m.end():m.end() + 2]
            if tail.startswith("-{") or tail.startswith("-…"):
                families.add(m.group())
            else:
                exact.add(m.group())
    return files, exact, families


def test_rule_id_regex():
    sample = ("## Components (KL-COMP)\n- KL-SETUP-1: deal. KL-SETUP-2: if …\n"
              "RUL-KL-FIRST-BLUE: a blue … `RUL-KL-…` entries; «… (KL-FX-DRAW4)»), KL-FX-… here.")
    assert RULE_ID.findall(sample) == ["KL-COMP", "KL-SETUP-1", "KL-SETUP-2", "RUL-KL-FIRST-BLUE", "KL-FX-DRAW4",
                                       "KL-FX"]


def test_schema(rules):
    assert set(rules) == {"sections"}
    assert isinstance(rules["sections"], list) and rules["sections"]
    section_ids = [s["id"] for s in rules["sections"]]
    assert len(section_ids) == len(set(section_ids)), "duplicate section ids"
    for section in rules["sections"]:
        assert set(section) == {"id", "title", "items"}, section.get("id")
        assert isinstance(section["id"], str) and re.fullmatch(r"[a-z][a-z0-9-]*", section["id"]), section["id"]
        assert set(section["title"]) == LANGS, section["id"]
        for lang in LANGS:
            assert isinstance(section["title"][lang], str) and section["title"][lang].strip(), (section["id"], lang)
        assert isinstance(section["items"], list) and section["items"], f"section {section['id']} is empty"
        for item in section["items"]:
            assert set(item) == {"id", "kind", "ru", "en", "source"}, item
            assert isinstance(item["id"], str) and ITEM_ID.fullmatch(item["id"]), item["id"]
            assert item["kind"] in KINDS, item["id"]
            assert item["source"] in SOURCES, item["id"]


def test_item_ids_unique(item_ids):
    duplicates = sorted(i for i, n in item_ids.items() if n > 1)
    assert not duplicates, f"item ids used more than once: {duplicates}"


def test_texts_non_empty(items):
    for item in items:
        for lang in LANGS:
            assert isinstance(item[lang], str) and item[lang].strip(), (item["id"], lang)
        assert re.search(r"[А-Яа-яЁё]", item["ru"]), f"{item['id']}: ru text has no Cyrillic"


def test_kinds_match_ids_and_sources(items):
    for item in items:
        iid, kind, source = item["id"], item["kind"], item["source"]
        # rulings are exactly the RUL-… items plus the team notes N-…
        assert (kind == "ruling") == (iid.startswith("RUL-") or iid.startswith("N-")), iid
        if kind == "ruling":
            assert source == "ruling", f"{iid}: a ruling must have source 'ruling'"
        if iid.startswith("N-"):
            assert item["ru"].startswith(NOTE_PREFIX), iid
        if iid.startswith("RUL-"):
            assert not item["ru"].startswith(NOTE_PREFIX), iid
        if kind == "rule":
            assert iid.startswith("KL-"), f"{iid}: a rule item carries a digest rule id"
            # every rule is printed, except the group codes that say what the app keeps
            assert source == ("ruling" if iid in APP_RULES else "rulebook"), iid
        if kind == "text":
            assert iid.startswith("T-KL-") and source == "rulebook", iid
        if kind == "example":
            assert iid.startswith("E-KL-") and source == "rulebook", iid


def test_every_digest_id_appears_exactly_once(item_ids):
    digest_ids = _digest_ids()
    for expected in ("KL-COMP", "KL-SETUP", "KL-SETUP-1", "KL-FX", "KL-FX-DRAW4", "KL-END-SWAP", "RUL-KL-FIRST-BLUE",
                     "RUL-KL-SAME-SYMBOL", "RUL-KL-TALLY"):
        assert expected in digest_ids, f"{expected} not found in the digest: wrong file or regex?"
    missing = [i for i in digest_ids if item_ids[i] == 0]
    repeated = [i for i in digest_ids if item_ids[i] > 1]
    assert not missing, f"digest IDs missing from kalmar.json: {missing}"
    assert not repeated, f"digest IDs used more than once in kalmar.json: {repeated}"


def test_no_rule_ids_outside_the_digest_and_the_new_rulings(item_ids):
    known = set(_digest_ids()) | NEW_RULINGS
    invented = sorted(i for i in item_ids if RULE_ID.fullmatch(i) and i not in known)
    assert not invented, f"KL-/RUL-KL- item ids that neither the digest nor NEW_RULINGS define: {invented}"


def test_rulings_are_the_digest_rulings_and_the_new_ones(items):
    digest_rulings = {i for i in _digest_ids() if i.startswith("RUL-")}
    assert not digest_rulings & NEW_RULINGS, "a new ruling is in the digest now: move it out of NEW_RULINGS"
    json_rulings = {item["id"] for item in items if item["kind"] == "ruling" and not item["id"].startswith("N-")}
    assert json_rulings == digest_rulings | NEW_RULINGS


def test_house_rule_is_a_ruling(items):
    house = next(i for i in items if i["id"] == "RUL-KL-SAME-SYMBOL")
    assert house["kind"] == "ruling" and house["source"] == "ruling"
    assert "домашнее правило" in house["ru"] and "house rule" in house["en"]


def test_rule_ids_cited_in_texts_exist(items, item_ids):
    for item in items:
        for lang in LANGS:
            for ref in RULE_ID.findall(item[lang]):
                assert ref in item_ids, f"{item['id']} ({lang}) cites unknown {ref}"


def test_engine_rule_ids_exist(item_ids):
    files, exact, families = _engine_refs()
    assert files, "engine/kalmar/ holds no Python files"
    assert all(ENGINE_KALMAR in p.parents for p in files)
    assert "KL-PLAY" in exact and "RUL-KL-SAME-SYMBOL" in exact, "the scan found no citations: wrong regex?"
    unknown = sorted(i for i in exact if i not in item_ids)
    assert not unknown, f"engine/kalmar cites rule IDs that kalmar.json lacks: {unknown}"
    for family in sorted(families):
        assert any(i.startswith(family + "-") for i in item_ids), f"engine/kalmar cites {family}-…, kalmar.json has none"


def test_digest_rulings_english_text(items):
    """A digest ruling's English text is the digest's wording (first letter capitalised)."""
    if not DIGEST.exists():
        pytest.skip(f"rules digest not found at {DIGEST.resolve()}")
    digest = _norm(DIGEST.read_text(encoding="utf-8"))
    for item in items:
        if item["id"].startswith("RUL-") and item["id"] not in NEW_RULINGS:
            m = re.search(re.escape(item["id"]) + r": (.+?)(?= - | ## |$)", digest)
            assert m, item["id"]
            expected = m.group(1).strip().rstrip(".")
            got = item["en"].strip().rstrip(".")
            assert got[:1].lower() + got[1:] == expected[:1].lower() + expected[1:], item["id"]


def test_russian_text_is_the_whole_rulebook(items):
    lines = _seed_lines()
    seed = " ".join(lines)
    for before, after in EXPECTED_DIFFERENCES:
        assert before in seed, f"expected difference {before!r} no longer in the seed: update the list"
    printed = _norm(" ".join(item["ru"] for item in items if item["source"] == "rulebook").replace("•", "-"))
    long_lines = [line for line in lines if len(line) >= MIN_LINE]
    assert len(long_lines) >= 15, "seed looks truncated"
    missing = []
    for line in long_lines:
        for before, after in EXPECTED_DIFFERENCES:
            line = line.replace(before, after)
        starts = {0, (len(line) - FRAGMENT) // 2, len(line) - FRAGMENT}  # start, middle, end
        for start in sorted(starts):
            fragment = line[start:start + FRAGMENT]
            if fragment not in printed:
                missing.append(fragment)
    assert not missing, f"rulebook text missing from kalmar.json: {missing}"
    # the short lines: text of their own, headings (section titles), or page labels and the title
    titles = {s for s in HEADINGS}
    for line in lines:
        if len(line) >= MIN_LINE:
            continue
        if line in NOT_ITEMS or line in titles:
            continue
        assert line in printed, line
    for fixed in ("дальнейший ход игры", "обменяться с ним своими картами."):
        assert fixed in printed


def test_headings_are_section_titles(rules):
    lines = _seed_lines()
    titles = {s["title"]["ru"] for s in rules["sections"]}
    for heading in HEADINGS:
        assert heading in lines, f"{heading!r} is not a line of the seed"
        assert heading.rstrip(":") in titles, heading
