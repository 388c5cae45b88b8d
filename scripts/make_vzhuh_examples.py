"""Regenerate the example records of «Вжух!» in assets/examples/vzhuh/ (seeded, reproducible).

The games come from engine.vzhuh.simulate: each party's penalty cards are dealt from the real
83-card deck shuffled with a seeded random.Random, so every party is within the deck. The seed
search below is deterministic (the first seed from 1 up that gives the wanted shape). Each
record says in its "note" that it is simulated; the violation example is a simulated game with
one penalty changed by hand on purpose, and its note says which.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.vzhuh import (  # noqa: E402
    Simulated, actions_to_record, parse_record, record_to_json, replay_record, simulate_game, write_record,
)

OUT = ROOT / "assets" / "examples" / "vzhuh"
NOTE = ("Смоделированная игра (engine.vzhuh.simulate, seed {seed}): штрафные карты каждой партии розданы из "
        "перемешанной колоды, это не запись настоящей игры. / A simulated game (engine.vzhuh.simulate, seed {seed}): "
        "each party's penalty cards were dealt from a shuffled deck; not a real game.")
VIOLATION_NOTE = (" В партии 2 штраф игрока {player} заменён вручную на 3 карты с числом 30 (в колоде их 2, VZ-COMP), "
                  "чтобы показать нарушение. / In party 2 the penalty of {player} was replaced by hand with 3 cards of 30 "
                  "(the deck has 2, VZ-COMP) to show a violation.")


def find(players: tuple[str, ...], want, **kw) -> tuple[int, Simulated]:
    for seed in range(1, 100_000):
        sim = simulate_game(random.Random(seed), players, **kw)
        if want(sim):
            return seed, sim
    raise SystemExit("no seed found")


def tie_then_extra(sim: Simulated) -> bool:
    if sim.final.ended_after != 4:
        return False
    t = [sum(p.points[s] for p in sim.final.parties[:3]) for s in range(sim.final.n)]
    return t.count(min(t)) > 1


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    made = []
    seed, sim = find(("Андрей", "Тёма", "Лена", "Женя"), lambda s: s.final.ended_after == 3, max_cards=8)
    rec = actions_to_record(sim.start, sim.actions, {"note": NOTE.format(seed=seed)})
    made.append(("finished-three-parties.json", rec))

    seed, sim = find(("Маша", "Петя", "Оля"), tie_then_extra, max_cards=2, points_rate=0.3)
    rec = actions_to_record(sim.start, sim.actions, {"note": NOTE.format(seed=seed)})
    made.append(("tie-extra-party.json", rec))

    seed, sim = find(("Оля", "Коля", "Галя"), lambda s: s.final.ended_after == 3, max_cards=6)
    value = record_to_json(actions_to_record(sim.start, sim.actions))
    player = value["players"][1]
    value["parties"][1]["penalties"][player] = {"cards": {"30": 3}, "jokers": 0}
    value["note"] = NOTE.format(seed=seed) + VIOLATION_NOTE.format(player=player)
    made.append(("violation.json", parse_record(value)))

    for name, rec in made:
        (OUT / name).write_text(write_record(rec), encoding="utf-8")
        r = replay_record(rec)
        print(f"{name}: valid={r.valid} finished={r.finished} winner={r.winner} parties={len(r.state.parties)}")


if __name__ == "__main__":
    main()
