"""The in-app rulebook of «Вжух!» (assets/rules/vzhuh.json) against its schema, the rules digest,
the printed rulebook and the engine.

The digest (shared/rules/vzhuh.md) names every rule VZ-… and every ruling RUL-VZ-…; each of those
IDs must be exactly one item of vzhuh.json. The engine (engine/vzhuh/) cites rule IDs in
docstrings, comments and messages; each must resolve too. The Russian text must contain every
paragraph of the printed rulebook (shared/seeds/002_…txt).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_JSON = REPO / "assets" / "rules" / "vzhuh.json"
DIGEST = Path(__file__).resolve().parents[1] / ".." / "shared" / "rules" / "vzhuh.md"
SEED = Path(__file__).resolve().parents[1] / ".." / "shared" / "seeds" / "002_8e3482b9fb2dc575.txt"
ENGINE_VZHUH = REPO / "engine" / "vzhuh"

# VZ-COMP, VZ-SETUP-1, VZ-J-VOILA, RUL-VZ-NEXT-TIE, … — in headings "## Components (VZ-COMP)",
# bullets "- VZ-SETUP-1: …" and inline mentions "(RUL-VZ-NEXT-TIE: …)". Not "RUL-VZ-…".
RULE_ID = re.compile(r"(?<![A-Za-z0-9-])(?:RUL-)?VZ(?:-[A-Z0-9]+)+(?![a-z0-9])")
ITEM_ID = re.compile(r"^(?:VZ|RUL-VZ|[TEN]-VZ)(?:-[A-Z0-9]+)+$")
KINDS = {"rule", "ruling", "text", "example"}
SOURCES = {"rulebook", "ruling"}
LANGS = {"ru", "en"}
NOTE_PREFIX = "Пояснение команды приложения."

# Where vzhuh.json deliberately differs from the seed text (see assets/rules/README.md):
# (seed text, text in vzhuh.json), applied to the seed before comparing.
EXPECTED_DIFFERENCES = [
    ("**", ""),  # bold markup in the seed; the app text is plain
    ("COSMO DROME GAMES", "COSMODROME GAMES"),  # the logo, printed on three lines
]
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


def _engine_refs() -> tuple[list[Path], set[str], set[str]]:
    """The files scanned under engine/vzhuh/, the exact rule IDs cited there, and family prefixes
    cited as ``VZ-J-{kind}`` / ``VZ-J-…``."""
    files = sorted(ENGINE_VZHUH.glob("**/*.py")) if ENGINE_VZHUH.is_dir() else []
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
    sample = (
        "## Components (VZ-COMP)\n- VZ-SETUP-1: shuffle. VZ-SETUP-2: a player …\n"
        "(RUL-VZ-NEXT-TIE: on a tie) `RUL-VZ-…` entries; «… (VZ-BEAT)»)."
    )
    assert RULE_ID.findall(sample) == ["VZ-COMP", "VZ-SETUP-1", "VZ-SETUP-2", "RUL-VZ-NEXT-TIE", "VZ-BEAT"]


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
        # rulings are exactly the digest's RUL-… items plus the team notes N-…
        assert (kind == "ruling") == (iid.startswith("RUL-") or iid.startswith("N-")), iid
        if kind == "ruling":
            assert source == "ruling", f"{iid}: a ruling must have source 'ruling'"
        if iid.startswith("N-"):
            assert item["ru"].startswith(NOTE_PREFIX), iid
        if iid.startswith("RUL-"):
            assert not item["ru"].startswith(NOTE_PREFIX), iid
        if kind == "rule":
            assert iid.startswith("VZ-"), f"{iid}: a rule item carries a digest rule id"
            # every rule is printed, except VZ-CHECK: what the app checks
            assert source == ("ruling" if iid == "VZ-CHECK" else "rulebook"), iid
        if kind == "text":
            assert iid.startswith("T-VZ-") and source == "rulebook", iid
        if kind == "example":
            assert iid.startswith("E-VZ-") and source == "rulebook", iid


def test_every_digest_id_appears_exactly_once(item_ids):
    digest_ids = _digest_ids()
    for expected in ("VZ-COMP", "VZ-SETUP-1", "VZ-J-KRABLI", "VZ-CHECK", "RUL-VZ-TIE", "RUL-VZ-NEXT-TIE"):
        assert expected in digest_ids, f"{expected} not found in the digest: wrong file or regex?"
    missing = [i for i in digest_ids if item_ids[i] == 0]
    repeated = [i for i in digest_ids if item_ids[i] > 1]
    assert not missing, f"digest IDs missing from vzhuh.json: {missing}"
    assert not repeated, f"digest IDs used more than once in vzhuh.json: {repeated}"


def test_no_rule_ids_outside_the_digest(item_ids):
    digest_ids = set(_digest_ids())
    invented = sorted(i for i in item_ids if RULE_ID.fullmatch(i) and i not in digest_ids)
    assert not invented, f"VZ-/RUL-VZ- item ids that the digest does not define: {invented}"


def test_rulings_are_the_digest_rulings(items):
    digest_rulings = {i for i in _digest_ids() if i.startswith("RUL-")}
    json_rulings = {item["id"] for item in items if item["kind"] == "ruling" and not item["id"].startswith("N-")}
    assert json_rulings == digest_rulings


def test_rule_ids_cited_in_texts_exist(items, item_ids):
    for item in items:
        for lang in LANGS:
            for ref in RULE_ID.findall(item[lang]):
                assert ref in item_ids, f"{item['id']} ({lang}) cites unknown {ref}"


def test_engine_rule_ids_exist(item_ids):
    files, exact, families = _engine_refs()
    # engine/vzhuh/ may not exist yet or hold no citations: then nothing is checked, but the scan ran
    assert isinstance(files, list) and all(p.suffix == ".py" for p in files)
    if files:
        assert all(ENGINE_VZHUH in p.parents for p in files)
    unknown = sorted(i for i in exact if i not in item_ids)
    assert not unknown, f"engine/vzhuh cites rule IDs that vzhuh.json lacks: {unknown}"
    for family in sorted(families):
        assert any(i.startswith(family + "-") for i in item_ids), f"engine/vzhuh cites {family}-…, vzhuh.json has none"


def test_digest_rulings_english_text(items):
    """A ruling's English text is the digest's wording (first letter capitalised)."""
    if not DIGEST.exists():
        pytest.skip(f"rules digest not found at {DIGEST.resolve()}")
    digest = _norm(DIGEST.read_text(encoding="utf-8"))
    for item in items:
        if item["id"].startswith("RUL-"):
            m = re.search(re.escape(item["id"]) + r": (.+?)(?= - | ## |$)", digest)
            assert m, item["id"]
            expected = m.group(1).strip().rstrip(".")
            if expected.count(")") > expected.count("("):  # a ruling given in parentheses
                expected = expected[:-1].rstrip(".")
            got = item["en"].strip().rstrip(".")
            assert got[:1].lower() + got[1:] == expected[:1].lower() + expected[1:], item["id"]


def test_russian_text_is_the_whole_rulebook(items):
    if not SEED.exists():
        pytest.skip(f"rulebook seed not found at {SEED.resolve()}")
    seed = _norm(SEED.read_text(encoding="utf-8"))
    for before, after in EXPECTED_DIFFERENCES:
        seed_fixed = seed.replace(before, after)
        assert seed_fixed != seed, f"expected difference {before!r} no longer in the seed: update the list"
        seed = seed_fixed
    printed = " ".join(item["ru"] for item in items if item["source"] == "rulebook")
    printed = _norm(printed.replace("•", "-"))
    lines = [_norm(line).replace("**", "") for line in SEED.read_text(encoding="utf-8").splitlines()]
    long_lines = [line for line in lines if len(line) >= MIN_LINE]
    assert len(long_lines) >= 20, "seed looks truncated"
    missing = []
    for line in long_lines:
        for before, after in EXPECTED_DIFFERENCES:
            line = line.replace(before, after)
        # three fragments per line: start, middle, end
        starts = {0, (len(line) - FRAGMENT) // 2, len(line) - FRAGMENT}
        for start in sorted(starts):
            fragment = line[start:start + FRAGMENT]
            if fragment not in printed:
                missing.append(fragment)
    assert not missing, f"rulebook text missing from vzhuh.json: {missing}"
    # and the short lines (headings, credits) that are text of their own
    for line in ("Приятной вам игры!", "Авторы благодарят:", "Мирославу Цыганкову.", "www.cosmodrome.games",
                 "COSMODROME GAMES"):
        assert line in printed, line
