"""The in-app rulebook (assets/rules/kozyrnye-kity.json) against its schema, the rules digest and the engine.

The digest (shared/rules/kozyrnye-kity.md) names every rule R-… and every ruling RUL-…; each of
those IDs must be one item of kozyrnye-kity.json, so a rule ID shown anywhere in the app can be traced to
its text. The engine cites rule IDs in docstrings, comments and messages; each must resolve too.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_JSON = REPO / "assets" / "rules" / "kozyrnye-kity.json"
DIGEST = Path(__file__).resolve().parents[1] / ".." / "shared" / "rules" / "kozyrnye-kity.md"
ENGINE = REPO / "engine" / "kozyrnye_kity"

# R-COMP, R-SETUP-2, R-FIVE-REWARD, RUL-TIE-CARDS, …
RULE_ID = re.compile(r"\bR(?:UL)?-[A-Z0-9]+(?:-[A-Z0-9]+)*")
ITEM_ID = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$")
KINDS = {"rule", "ruling", "text", "example"}
SOURCES = {"rulebook", "ruling"}
LANGS = {"ru", "en"}


@pytest.fixture(scope="module")
def rules() -> dict:
    return json.loads(RULES_JSON.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def items(rules) -> list[dict]:
    return [item for section in rules["sections"] for item in section["items"]]


@pytest.fixture(scope="module")
def item_ids(items) -> Counter:
    return Counter(item["id"] for item in items)


def _digest_ids() -> list[str]:
    if not DIGEST.exists():
        pytest.skip(f"rules digest not found at {DIGEST.resolve()} (shared/ is not checked out next to the repo)")
    return sorted(set(RULE_ID.findall(DIGEST.read_text(encoding="utf-8"))))


def _engine_refs() -> tuple[set[str], set[str]]:
    """Exact rule IDs cited in engine/kozyrnye_kity/*.py (ranges like ``R-FIVE-1…3`` give both ends), and family
    prefixes cited as ``R-WIN-{token}`` / ``R-WIN-…``."""
    exact: set[str] = set()
    families: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in RULE_ID.finditer(text):
            rule_id, tail = m.group(), text[m.end():m.end() + 2]
            if tail.startswith("-{") or tail.startswith("-…"):
                families.add(rule_id)  # a template or a family (R-WIN-{token}, R-WIN-…): some ID must extend it
                continue
            exact.add(rule_id)
            last = re.match(r"…([A-Z0-9]+)\b", text[m.end():])
            if last:  # a range such as R-FIVE-1…3: its last ID too
                exact.add(rule_id.rsplit("-", 1)[0] + "-" + last.group(1))
    return exact, families


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
        if iid.startswith("RUL-"):
            assert kind == "ruling", iid
        if kind == "ruling":
            assert source == "ruling", f"{iid}: a ruling must have source 'ruling'"
        if iid.startswith("R-"):
            assert kind == "rule" and source == "rulebook", iid
        if kind == "rule":
            assert iid.startswith("R-"), f"{iid}: a rule item carries a digest rule id"
        if kind in ("text", "example"):
            assert source == "rulebook", iid


def test_every_digest_id_appears_exactly_once(item_ids):
    digest_ids = _digest_ids()
    assert any(i.startswith("RUL-") for i in digest_ids), "no rulings found in the digest: wrong file?"
    missing = [i for i in digest_ids if item_ids[i] == 0]
    repeated = [i for i in digest_ids if item_ids[i] > 1]
    assert not missing, f"digest IDs missing from kozyrnye-kity.json: {missing}"
    assert not repeated, f"digest IDs used more than once in kozyrnye-kity.json: {repeated}"


def test_no_rule_ids_outside_the_digest(item_ids):
    digest_ids = set(_digest_ids())
    invented = sorted(i for i in item_ids if RULE_ID.fullmatch(i) and i not in digest_ids)
    assert not invented, f"R-/RUL- item ids that the digest does not define: {invented}"


def test_rule_ids_cited_in_texts_exist(items, item_ids):
    for item in items:
        for lang in LANGS:
            for ref in RULE_ID.findall(item[lang]):
                assert ref in item_ids, f"{item['id']} ({lang}) cites unknown {ref}"


def test_engine_rule_ids_exist(item_ids):
    exact, families = _engine_refs()
    assert exact, "no rule IDs found under engine/"
    unknown = sorted(i for i in exact if i not in item_ids)
    assert not unknown, f"engine cites rule IDs that kozyrnye-kity.json lacks: {unknown}"
    for family in sorted(families):
        assert any(i.startswith(family + "-") for i in item_ids), f"engine cites {family}-…, kozyrnye-kity.json has none"


def test_digest_rulings_english_text(items):
    """A ruling's English text is the digest's wording (first letter capitalised)."""
    if not DIGEST.exists():
        pytest.skip(f"rules digest not found at {DIGEST.resolve()}")
    digest = re.sub(r"\s+", " ", DIGEST.read_text(encoding="utf-8"))
    for item in items:
        if item["id"].startswith("RUL-"):
            m = re.search(re.escape(f"- {item['id']}: ") + r"(.+?)(?= - RUL-| ## |$)", digest)
            assert m, item["id"]
            expected = m.group(1).strip().replace("**", "").replace('"', "")
            got = item["en"].replace("“", "").replace("”", "")
            assert got[:1].lower() + got[1:] == expected[:1].lower() + expected[1:], item["id"]
