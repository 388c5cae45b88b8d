"""Replaying a ``vzhuh/1`` record: every party checked (VZ-CHECK), scored (VZ-SCORE), its
starter computed (VZ-SETUP-4, VZ-NEXT) and the winner decided (VZ-GAME, VZ-TIE, RUL-VZ-TIE).

:func:`replay_record` folds the engine in replay mode (``strict=False``), so each broken rule
becomes a violation and the party is still scored as entered. A record that cannot be scored
at all raises :class:`~engine.core.errors.RecordError` (exit status 2).
"""
from __future__ import annotations

from engine.core.replay import Replayed, fold_record
from engine.core.i18n import DEFAULT_LANG, Count, render

from .game import PARTIES, Points, apply, next_starter, standings, tied, totals
from .record import GameRecord, record_actions


class ReplayResult(Replayed):
    """The replayed record (``record``: a :class:`GameRecord`) and the state it ends in
    (``state``: a :class:`GameState`); violations, valid, finished and winner as every game's."""

    @property
    def totals(self) -> dict[str, int]:
        return dict(zip(self.state.players, totals(self.state)))

    @property
    def tied(self) -> tuple[str, ...]:
        return tuple(self.state.players[s] for s in tied(self.state))

    @property
    def next_starter(self) -> str | None:
        s = next_starter(self.state)
        return self.state.players[s] if s is not None else None

    def figures(self) -> dict:
        players = self.state.players
        return {
            "totals": self.totals,
            "standings": [{"place": s.place, "player": players[s.seat], "total": s.total} for s in standings(self.state)],
            "parties": [{"number": p.number, "extra": p.extra, "starter": players[p.starter],
                         "points": dict(zip(players, p.points))} for p in self.state.parties],
            "tied": list(self.tied),
            "next_starter": self.next_starter,
        }

    def text(self, lang: str = DEFAULT_LANG) -> str:
        st = self.state
        players = st.players
        lines = [render("vz.report.title", {"players": ", ".join(players)}, lang), ""]
        rows = [[render("vz.report.party", {}, lang)] + list(players) + [render("vz.report.starter", {}, lang)]]
        for p in st.parties:
            label = str(p.number) + (f" ({render('vz.report.extra', {}, lang)})" if p.extra else "")
            cells = [f"{pts}*" if isinstance(pen, Points) else str(pts) for pen, pts in zip(p.penalties, p.points)]
            rows.append([label] + cells + [players[p.starter]])
        rows.append([render("vz.report.total", {}, lang)] + [str(t) for t in totals(st)] + [""])
        place = {s.seat: s.place for s in standings(st)}
        rows.append([render("vz.report.place", {}, lang)] + [str(place[s]) for s in range(st.n)] + [""])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        for i, row in enumerate(rows):
            lines.append("  ".join(c.ljust(w) if j in (0, len(row) - 1) else c.rjust(w)
                                   for j, (c, w) in enumerate(zip(row, widths))).rstrip())
            if i == 0 or i == len(rows) - 3:
                lines.append("  ".join("-" * w for w in widths))
        lines.append(render("vz.report.legend", {}, lang))
        lines.append("")
        t = totals(st)
        if self.winner is not None:
            lines.append(render("vz.report.winner", {
                "player": self.winner, "points": Count(t[st.winner], "vz.point"),
                "parties": Count(st.ended_after, "vz.party-gen")}, lang))
        else:
            if self.tied:
                lines.append(render("vz.report.tie", {"players": ", ".join(self.tied),
                                                      "points": Count(min(t), "vz.point")}, lang))
            else:
                lines.append(render("vz.report.unfinished", {"played": len(st.parties), "rounds": PARTIES}, lang))
            lines.append(render("vz.report.next", {"player": self.next_starter}, lang))
        lines.append("")
        lines += self.violation_lines(lang, "vz.report.no-violations", "vz.report.violations",
                                      lambda v: render("vz.report.where", {"party": v.round}, lang))
        return "\n".join(lines) + "\n"


def replay_record(rec: GameRecord) -> ReplayResult:
    """Replay ``rec``; raises :class:`RecordError` when it cannot be scored."""
    state, actions = record_actions(rec)
    return ReplayResult(rec, fold_record(state, actions, apply))
