"""Shared helpers for the engine test suite (tests/test_engine_*.py).

Small builders for cards, deck profiles, live games and hand-written game records, and a
runner for the replay command line.
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterable, Sequence

from engine.kozyrnye_kity import (
    FAMILY_CARDS, Bonus, BonusKind, Card, CardFacts, ChooseLeader, ChooseReward, DeckProfile, Family,
    GameState, Phase, PlayCard, StartRound, Token, UseBonus, apply, leader_chooser, new_game, parse_card,
    parse_record, phase, replay_record, reward_options, to_act,
)

ROOT = Path(__file__).resolve().parents[1]
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
FORMAT = "kozyrnye-kity/1"

ORCA, NARWHAL, BLUE, SPERM = Family.ORCA, Family.NARWHAL, Family.BLUE, Family.SPERM
ONE, NINE = Token.ONE, Token.NINE
FIVE_ID = "5"


def C(cid: str) -> Card:
    """``C("narwhal-2")`` → the card; ``C("5")`` → a five."""
    return parse_card(cid)


def cards(*ids: str) -> list[Card]:
    return [C(i) for i in ids]


def bonus(spec: str) -> Bonus:
    """``"flip"``, ``"pearl"``, ``"trump:orca"``, ``"trump:orca,blue"``."""
    if spec.startswith("trump:"):
        return Bonus(BonusKind.TRUMP, tuple(Family(f) for f in spec[6:].split(",")))
    return Bonus(BonusKind(spec))


def profile(facts: dict[str, tuple[int | None, str | None]] | None = None, *, base_known: bool = True) -> DeckProfile:
    """A deck profile from ``{"orca-7": (1, "flip"), "blue-4": (2, None)}`` on top of KNOWN_FACTS."""
    built = {C(cid): CardFacts(p, bonus(b) if b else None) for cid, (p, b) in (facts or {}).items()}
    return DeckProfile(built) if base_known else DeckProfile(built, base={})


def full_profile(pearls: int = 1, kind: str = "pearl") -> DeckProfile:
    """Every family card known: ``pearls`` pearls and the bonus ``kind``."""
    return DeckProfile({c: CardFacts(pearls, bonus(kind)) for c in FAMILY_CARDS}, base={})


# ---------------------------------------------------------------------------------------------
# Live play
# ---------------------------------------------------------------------------------------------
def start(players: Sequence[str], trump: Family, token: Token, firsts: Sequence[str], leader: int = 0,
          deck: DeckProfile | None = None, target: int = 30) -> GameState:
    state = new_game(players, target, deck if deck is not None else profile())
    return apply(state, StartRound(trump, token, tuple(C(c) for c in firsts), leader))


def play(state: GameState, *ids: str, strict: bool = True) -> GameState:
    """Each card is played by whoever is to act; an item ``"use:orca-7"`` uses that bonus first;
    ``"use:orca-7@blue"`` names the family of a change-trump bonus."""
    for cid in ids:
        seat = to_act(state)
        assert seat is not None, f"nobody to act in phase {phase(state)}"
        if cid.startswith("use:"):
            b, _, fam = cid[4:].partition("@")
            state = apply(state, UseBonus(seat, C(b), Family(fam) if fam else None), strict=strict)
        else:
            state = apply(state, PlayCard(seat, C(cid)), strict=strict)
    return state


def trick(state: GameState, ids: Sequence[str], reward: str, next_leader: int | None = None) -> GameState:
    state = play(state, *ids)
    state = apply(state, ChooseReward(C(reward)))
    if phase(state) is Phase.NEXT_LEADER:
        state = apply(state, ChooseLeader(next_leader if next_leader is not None else leader_chooser(state)))
    return state


def legal_round_chunks(firsts: Sequence[str], n: int) -> list[list[str]]:
    """The cards of a round without revokes: all cards of the deck for ``n`` players except the
    first bonuses, sorted by family and value (5s last), cut into 8 tricks of ``n`` cards. In
    each trick every card that does not follow is of a later family, so no revoke is possible."""
    used = set(firsts)
    fam_cards = [c.id for c in FAMILY_CARDS if c.id not in used]
    fives = [FIVE_ID] * (4 if n > 2 else 0)
    pool = (fam_cards + fives)[: 8 * n]
    return [pool[i * n:(i + 1) * n] for i in range(8)]


def auto_trick(state: GameState, ids: Sequence[str]) -> GameState:
    """Play ``ids`` then choose the first reward option; a 5-chooser names themself."""
    state = play(state, *ids)
    state = apply(state, ChooseReward(reward_options(state)[0].card))
    if phase(state) is Phase.NEXT_LEADER:
        state = apply(state, ChooseLeader(leader_chooser(state)))
    return state


# ---------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------
def record(players: Sequence[str], rounds: list[dict], deck: dict | None = None, target: int | None = None,
           **extra: Any) -> dict:
    doc: dict[str, Any] = {"format": FORMAT, "players": list(players)}
    if target is not None:
        doc["target"] = target
    if deck is not None:
        doc["deck"] = deck
    doc["rounds"] = rounds
    doc.update(extra)
    return doc


def played_round(trump: str, token: int, bonuses: dict[str, str], leader: str, tricks: list[dict]) -> dict:
    return {"trump": trump, "token": token, "bonuses": dict(bonuses), "leader": leader, "tricks": tricks}


def p(player: str, card: str, *use: Any) -> dict:
    out: dict[str, Any] = {"player": player}
    if use:
        out["use"] = list(use)
    out["card"] = card
    return out


def t(plays: list[dict], reward: str | None = None, next_leader: str | None = None) -> dict:
    out: dict[str, Any] = {"plays": plays}
    if reward is not None:
        out["reward"] = reward
    if next_leader is not None:
        out["next_leader"] = next_leader
    return out


def tally(**per: tuple[int, int]) -> dict:
    return {"tally": {name: {"pearls": a, "unused_bonuses": b} for name, (a, b) in per.items()}}


def full_deck_json(pearls: int = 1, kind: str = "pearl") -> dict:
    return {c.id: {"pearls": pearls, "bonus": {"kind": kind}} for c in FAMILY_CARDS}


def replay_json(doc: dict, lang: str = "en") -> dict:
    return replay_record(parse_record(copy.deepcopy(doc))).to_json(lang)


def violations(doc: dict) -> list[dict]:
    return replay_json(doc)["violations"]


def run_cli(*args: str, stdin: str | bytes | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    return subprocess.run([PYTHON, "-m", "engine", *args], input=data, capture_output=True, cwd=ROOT,
                          timeout=timeout)


def dumps(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False)


def rotate(seq: Sequence[Any], k: int) -> list[Any]:
    return list(seq[k:]) + list(seq[:k])


def names_in_order(players: Sequence[str], leader: int) -> Iterable[str]:
    return rotate(players, leader)
