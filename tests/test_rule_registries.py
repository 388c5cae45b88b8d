"""Every game's rule registry (engine/<game>/rules.py) against its rules digest and messages.

A registry binds each violation's and refusal's code, rule ID and message key once; here every
rule ID must exist in the game's digest (../shared/rules/<game>.md, found next to the
repository), every key must have a Russian and an English text, and a text that names a rule
must name the member's own rule — so a message can never cite another rule than the one it
belongs to.
"""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from engine.core import i18n
from engine.core.games import GAMES
from engine.core.rules import RuleRegistry

SHARED_RULES = Path(__file__).resolve().parents[1] / ".." / "shared" / "rules"
RULE_ID = re.compile(r"\b(?:RUL|R|VZ|RM|KL)(?:-[A-Z0-9]+)+\b")
PACKAGES = sorted({pkg for pkg in GAMES.values()})


def registries(pkg: str) -> list[type[RuleRegistry]]:
    mod = importlib.import_module(pkg + ".rules")
    importlib.import_module(pkg)  # registers the game's messages
    return [v for v in vars(mod).values() if isinstance(v, type) and issubclass(v, RuleRegistry) and v is not RuleRegistry]


def digest_ids(pkg: str) -> set[str]:
    name = pkg.rsplit(".", 1)[1].replace("_", "-")
    path = SHARED_RULES / f"{name}.md"
    if not path.exists():
        pytest.skip(f"rules digest not found at {path.resolve()} (shared/ is not next to the repository)")
    return set(RULE_ID.findall(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("pkg", PACKAGES)
def test_every_game_has_a_registry(pkg):
    regs = registries(pkg)
    assert regs, f"{pkg}.rules has no RuleRegistry"
    assert sum(len(r) for r in regs) >= 5


@pytest.mark.parametrize("pkg", PACKAGES)
def test_registry_rule_ids_are_in_the_digest(pkg):
    ids = digest_ids(pkg)
    unknown = sorted({f"{m.name}: {m.rule}" for r in registries(pkg) for m in r if m.rule not in ids})
    assert not unknown, f"{pkg}: registry rule IDs missing from the digest: {unknown}"


@pytest.mark.parametrize("pkg", PACKAGES)
def test_registry_messages_exist_and_cite_their_own_rule(pkg):
    problems = []
    for reg in registries(pkg):
        for m in reg:
            texts = {lang: i18n.template(m.key, lang) for lang in i18n.LANGS}
            if None in texts.values():
                problems.append(f"{m.name}: no message {m.key!r}")
                continue
            for lang, text in texts.items():
                cited = set(RULE_ID.findall(text))
                if "{rule}" in text:
                    continue  # the rule is the member's own, passed by the engine
                if cited and m.rule not in cited:
                    problems.append(f"{m.name} ({m.rule}): the {lang} text cites {sorted(cited)}")
    assert not problems, "\n".join(problems)


def test_the_wrong_rule_message_of_old_is_gone():
    """A round without trump or token was refused under R-SETUP-2 with a text citing R-SETUP."""
    from engine.kozyrnye_kity import GameState, IllegalAction, StartRound, apply, new_game, parse_card

    s: GameState = new_game(["А", "Б"])
    bad = StartRound(trump=None, token=None, bonuses=(parse_card("orca-1"), parse_card("orca-2")), leader=0)
    with pytest.raises(IllegalAction) as e:
        apply(s, bad)
    assert e.value.rule == "R-SETUP-2"
    assert "(R-SETUP-2)" in e.value.text("ru") and "(R-SETUP-2)" in e.value.text("en")


def test_codes_keys_and_rules_bound_once():
    """No two members of one game share (code, rule, key): each is one entry."""
    for pkg in PACKAGES:
        seen = {}
        for reg in registries(pkg):
            for m in reg:
                triple = (m.code, m.rule, m.key)
                assert triple not in seen, f"{pkg}: {m.name} repeats {seen[triple]}"
                seen[triple] = m.name
