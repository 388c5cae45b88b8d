"""Regenerate the example records of «Козырные киты» in assets/examples/kozyrnye-kity/ (seeded, reproducible).

The games are simulated from real shuffled hands by engine.kozyrnye_kity.simulate. The pearls and bonuses in
their "deck" are made up for the example — the printed values of most cards are unknown to us —
and each record says so in its "note".
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.kozyrnye_kity import actions_to_record, replay_record, write_record  # noqa: E402
from engine.kozyrnye_kity.simulate import RevokeAt, simulate_game  # noqa: E402

NOTE = ("Пример для демонстрации: жемчужины и бонусы в «deck» придуманы для примера, это не значения "
        "с настоящих карт. / Example only: the pearls and bonuses in \"deck\" are made up, not the printed cards.")

EXAMPLES = [
    # file, players, seed, revoke
    ("four-players-finished.json", ("Андрей", "Тёма", "Лена", "Женя"), 4, None),
    ("two-players.json", ("Маша", "Петя"), 2, None),
    ("revoke.json", ("Оля", "Коля", "Галя"), 3, RevokeAt(2, 2)),
]


def main() -> None:
    out = ROOT / "assets" / "examples" / "kozyrnye-kity"
    out.mkdir(parents=True, exist_ok=True)
    for name, players, seed, revoke in EXAMPLES:
        sim = simulate_game(random.Random(seed), players, revoke_at=revoke)
        rec = actions_to_record(sim.start, sim.actions, extra={"note": NOTE})
        result = replay_record(rec)
        assert result.finished, name
        assert (revoke is None) == result.valid, (name, result.violations)
        (out / name).write_text(write_record(rec), encoding="utf-8")
        print(f"{name}: {len(rec.rounds)} rounds, winner {result.winner}, violations {len(result.violations)}")


if __name__ == "__main__":
    main()
