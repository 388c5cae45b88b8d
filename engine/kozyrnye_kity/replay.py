"""Replaying a game record: every trick checked, every round scored (game-record-format.md).

:func:`replay_record` folds the engine in replay mode (``strict=False``) over the record's
actions, so each broken rule becomes a violation and the game is still scored as entered.
A record that cannot be scored at all raises :class:`RecordError` (exit status 2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.replay import Replayed, fold_record

from .game import RoundState, RoundSummary, apply, round_points
from .i18n import DEFAULT_LANG, render
from .record import GameRecord, record_actions


class ReplayResult(Replayed):
    """The replayed record (``record``: a :class:`GameRecord`) and the state it ends in
    (``state``: a :class:`GameState`); violations, valid, finished and winner as every game's."""

    def round_rows(self) -> list[tuple[RoundSummary | RoundState, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
        """(round, pearls, unused bonuses, points) per round, the running round last."""
        rows: list[Any] = [(s, s.pearls, s.unused, s.points) for s in self.state.rounds]
        r = self.state.round
        if r is not None:
            rows.append((r, r.pile, tuple(len(b) for b in r.bonuses), round_points(r)))
        return rows

    def totals(self) -> tuple[int, ...]:
        t = [0] * self.state.n
        for _, _, _, pts in self.round_rows():
            for i, p in enumerate(pts):
                t[i] += p
        return tuple(t)

    def figures(self) -> dict:
        players = self.state.players

        def per(values: tuple[int, ...]) -> dict[str, int]:
            return dict(zip(players, values))

        rounds = []
        for rnd, pearls, unused, points in self.round_rows():
            detail = rnd if isinstance(rnd, RoundState) else rnd.detail
            tricks = []
            for t in (detail.tricks if detail is not None else ()):
                tricks.append({
                    "winner": players[t.winner],
                    "reward": t.reward.id,
                    "gained": t.gained,
                    "next_leader": players[t.next_leader] if t.next_leader is not None else None,
                    "trump": t.trump.value,
                    "token": int(t.token),
                })
            rounds.append({"points": per(points), "pearls": per(pearls), "unused_bonuses": per(unused), "tricks": tricks})
        return {
            "totals": per(self.totals()),
            "rounds": rounds,
        }

    def text(self, lang: str = DEFAULT_LANG) -> str:
        players = self.state.players
        lines = [render("report.title", {"players": ", ".join(players)}, lang), ""]
        rows = [[render("report.round", {}, lang)] + list(players)]
        for k, (rnd, pearls, unused, points) in enumerate(self.round_rows(), start=1):
            label = str(k)
            if isinstance(rnd, RoundSummary) and rnd.tallied:
                label += f" ({render('report.tallied', {}, lang)})"
            elif isinstance(rnd, RoundState):
                label += f" ({render('report.running', {}, lang)})"
            rows.append([label] + [render("report.cell", {"points": pt, "pearls": pe, "pairs": un // 2}, lang)
                                   for pt, pe, un in zip(points, pearls, unused)])
        rows.append([render("report.total", {}, lang)] + [str(t) for t in self.totals()])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        for i, row in enumerate(rows):
            lines.append("  ".join(cell.ljust(w) if j == 0 else cell.rjust(w) for j, (cell, w) in enumerate(zip(row, widths))).rstrip())
            if i == 0 or i == len(rows) - 2:
                lines.append("  ".join("-" * w for w in widths))
        lines.append(render("report.legend", {}, lang))
        lines.append("")
        if self.winner is not None:
            lines.append(render("report.winner", {"player": self.winner}, lang))
        else:
            lines.append(render("report.unfinished", {"target": self.state.target}, lang))
        lines.append("")
        lines += self.violation_lines(lang, "report.no_violations", "report.violations", lambda v: (
            render("report.where", {"round": v.round, "trick": v.trick}, lang) if v.trick is not None
            else render("report.where_round", {"round": v.round}, lang)), who=False)
        return "\n".join(lines) + "\n"


def replay_record(rec: GameRecord) -> ReplayResult:
    """Replay ``rec``; raises :class:`RecordError` when it cannot be scored."""
    state, actions = record_actions(rec)
    return ReplayResult(rec, fold_record(state, actions, apply, missing=lambda e: (
        "r.fact", {"what": _FactName(e.fact), "card": e.card})))


@dataclass(frozen=True)
class _FactName:
    fact: str

    def localize(self, lang: str) -> str:
        return render(f"r.fact.{self.fact}", {}, lang)
