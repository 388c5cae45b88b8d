"""The in-app rulebook of «Королевское наказание» (assets/rules/royal-mastheads.json) against its
schema, the rules digest, the Russian rulebook and the engine.

The digest (shared/rules/royal-mastheads.md) names every rule RM-… and every ruling RUL-RM-…;
each of those IDs must be exactly one item of royal-mastheads.json. Rulings the app team added
after the digest are listed in NEW_RULINGS. The engine (engine/royal_mastheads/) cites rule IDs
in docstrings, comments and messages; each must resolve too. The Russian text must be the whole
rulebook (shared/seeds/004_…txt), paragraph by paragraph, in its printed order.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_JSON = REPO / "assets" / "rules" / "royal-mastheads.json"
DIGEST = Path(__file__).resolve().parents[1] / ".." / "shared" / "rules" / "royal-mastheads.md"
SEED = Path(__file__).resolve().parents[1] / ".." / "shared" / "seeds" / "004_1a56c6e87b458239.txt"
ENGINE = REPO / "engine" / "royal_mastheads"

RULE_ID = re.compile(r"(?<![A-Za-z0-9-])(?:RUL-)?RM(?:-[A-Z0-9]+)+(?![a-z0-9])")
ITEM_ID = re.compile(r"^(?:RM|RUL-RM|[TEN]-RM)(?:-[A-Z0-9]+)+$")
KINDS = {"rule", "ruling", "text", "example"}
SOURCES = {"rulebook", "ruling"}
LANGS = {"ru", "en"}
NOTE_PREFIX = "Пояснение команды приложения."
# rulings of the app team that the digest does not have (assets/rules/README.md)
NEW_RULINGS = {"RUL-RM-ACE-MAST", "RUL-RM-VARIANT-TRUMP-ALL"}
# digest rulings stated without "ID: text" (in parentheses or a heading): their English is ours
OWN_WORDING = {"RUL-RM-REVOKE", "RUL-RM-VARIANT"}
# (seed text, text in the JSON), applied to the seed before comparing (README: the stray "|")
EXPECTED_DIFFERENCES = [("\n|", "")]
MIN_LINE = 40
FRAGMENT = 30


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


def _seed() -> str:
    if not SEED.exists():
        pytest.skip(f"rulebook seed not found at {SEED.resolve()}")
    text = SEED.read_text(encoding="utf-8")
    for before, after in EXPECTED_DIFFERENCES:
        fixed = text.replace(before, after)
        assert fixed != text, f"expected difference {before!r} no longer in the seed: update the list"
        text = fixed
    return text


def _engine_refs() -> tuple[list[Path], set[str], set[str]]:
    files = sorted(ENGINE.glob("**/*.py")) if ENGINE.is_dir() else []
    exact: set[str] = set()
    families: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        for m in RULE_ID.finditer(text):
            tail = text[m.end():m.end() + 2]
            if tail.startswith("-{") or tail.startswith("-…") or tail.startswith("-*"):
                families.add(m.group())
            else:
                exact.add(m.group())
    return files, exact, families


def test_rule_id_regex():
    sample = ("## A deal («игра», RM-DEAL)\n- RM-DEAL-1: the first dealer. | RM-BONUS-3T | 25 |\n"
              "(RUL-RM-BANK-TIE: nobody) `RUL-RM-…` entries; RM-POINTS-… rows")
    assert RULE_ID.findall(sample) == ["RM-DEAL", "RM-DEAL-1", "RM-BONUS-3T", "RUL-RM-BANK-TIE", "RM-POINTS"]


def test_schema(rules):
    assert set(rules) == {"sections"}
    section_ids = [s["id"] for s in rules["sections"]]
    assert len(section_ids) == len(set(section_ids)), "duplicate section ids"
    for section in rules["sections"]:
        assert set(section) == {"id", "title", "items"}, section.get("id")
        assert re.fullmatch(r"[a-z][a-z0-9-]*", section["id"]), section["id"]
        assert set(section["title"]) == LANGS
        assert all(isinstance(section["title"][lang], str) and section["title"][lang].strip() for lang in LANGS)
        assert isinstance(section["items"], list) and section["items"], f"section {section['id']} is empty"
        for item in section["items"]:
            assert set(item) == {"id", "kind", "ru", "en", "source"}, item
            assert ITEM_ID.fullmatch(item["id"]), item["id"]
            assert item["kind"] in KINDS and item["source"] in SOURCES, item["id"]


def test_item_ids_unique(item_ids):
    assert not [i for i, n in item_ids.items() if n > 1]


def test_texts_non_empty(items):
    for item in items:
        for lang in LANGS:
            assert isinstance(item[lang], str) and item[lang].strip(), (item["id"], lang)
        assert re.search(r"[А-Яа-яЁё]", item["ru"]), f"{item['id']}: ru text has no Cyrillic"


def test_kinds_match_ids_and_sources(items):
    for item in items:
        iid, kind, source = item["id"], item["kind"], item["source"]
        assert (kind == "ruling") == (iid.startswith("RUL-") or iid.startswith("N-")), iid
        if kind == "ruling":
            assert source == "ruling", iid
        if iid.startswith("N-"):
            assert item["ru"].startswith(NOTE_PREFIX), iid
        if iid.startswith("RUL-"):
            assert not item["ru"].startswith(NOTE_PREFIX), iid
        if kind == "rule":
            assert iid.startswith("RM-") and source == "rulebook", iid
        if kind == "text":
            assert iid.startswith("T-RM-") and source == "rulebook", iid


def test_every_digest_id_appears_exactly_once(item_ids):
    digest_ids = _digest_ids()
    for expected in ("RM-COMP", "RM-DEAL-1", "RM-BONUS-3T", "RM-POINTS-TRUMP", "RUL-RM-ORDER", "RUL-RM-VARIANT",
                     "RUL-RM-REVOKE", "RUL-RM-SET-TIE"):
        assert expected in digest_ids, f"{expected} not found in the digest: wrong file or regex?"
    assert not [i for i in digest_ids if item_ids[i] == 0], "digest IDs missing from royal-mastheads.json"
    assert not [i for i in digest_ids if item_ids[i] > 1], "digest IDs used more than once"


def test_no_rule_ids_outside_the_digest(item_ids):
    digest_ids = set(_digest_ids()) | NEW_RULINGS
    invented = sorted(i for i in item_ids if RULE_ID.fullmatch(i) and i not in digest_ids)
    assert not invented, f"RM-/RUL-RM- item ids that neither the digest nor NEW_RULINGS define: {invented}"


def test_rulings_are_the_digest_rulings_and_the_new_ones(items):
    digest_rulings = {i for i in _digest_ids() if i.startswith("RUL-")}
    json_rulings = {item["id"] for item in items if item["kind"] == "ruling" and not item["id"].startswith("N-")}
    assert json_rulings == digest_rulings | NEW_RULINGS
    assert not NEW_RULINGS & digest_rulings, "a new ruling is now in the digest: drop it from NEW_RULINGS"


def test_the_variant_section_lists_the_differences(rules):
    variant = [s for s in rules["sections"] if s["id"] == "variant"]
    assert variant, "a section for the original-rules variant"
    ids = [i["id"] for i in variant[0]["items"]]
    assert ids[0] == "RUL-RM-VARIANT" and len(ids) >= 5


def test_rule_ids_cited_in_texts_exist(items, item_ids):
    for item in items:
        for lang in LANGS:
            for ref in RULE_ID.findall(item[lang]):
                assert ref in item_ids, f"{item['id']} ({lang}) cites unknown {ref}"


def test_engine_rule_ids_exist(item_ids):
    files, exact, families = _engine_refs()
    assert files and all(ENGINE in p.parents for p in files)
    unknown = sorted(i for i in exact if i not in item_ids)
    assert not unknown, f"engine/royal_mastheads cites rule IDs that royal-mastheads.json lacks: {unknown}"
    for family in sorted(families):
        assert any(i.startswith(family + "-") for i in item_ids), f"engine cites {family}-…, the JSON has none"


def test_digest_rulings_english_text(items):
    if not DIGEST.exists():
        pytest.skip(f"rules digest not found at {DIGEST.resolve()}")
    digest = _norm(DIGEST.read_text(encoding="utf-8"))
    for item in items:
        iid = item["id"]
        if not iid.startswith("RUL-") or iid in NEW_RULINGS or iid in OWN_WORDING:
            continue
        m = re.search(re.escape(iid) + r": (.+?)(?= - | ## |$)", digest)
        assert m, iid
        expected = m.group(1).strip().rstrip(".")
        if expected.count(")") > expected.count("("):
            expected = expected[:-1].rstrip(".")
        got = item["en"].strip().rstrip(".")
        assert got[:1].lower() + got[1:] == expected[:1].lower() + expected[1:], iid


def test_russian_text_is_the_whole_rulebook_in_order(items):
    seed = _seed()
    printed = _norm(" ".join(item["ru"] for item in items if item["source"] == "rulebook"))
    assert printed == _norm(seed)
    # and line by line, as in the other games' tests
    long_lines = [_norm(line) for line in seed.splitlines() if len(_norm(line)) >= MIN_LINE]
    assert len(long_lines) >= 20, "seed looks truncated"
    for line in long_lines:
        for start in sorted({0, (len(line) - FRAGMENT) // 2, len(line) - FRAGMENT}):
            assert line[start:start + FRAGMENT] in printed
    for line in ("Цель игры:", "Очки после розыгрыша всех", "все козырные карты - 2000 очков.", "Kieva."):
        assert line in printed, line
