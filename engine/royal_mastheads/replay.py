"""Replaying a ``royal-mastheads/1`` record: every trick decided (RM-WIN) and checked (RM-COMP,
RM-FOLLOW with RUL-RM-REVOKE), every deal scored (RM-POINTS, RM-BONUS, RM-BANK,
RUL-RM-BANK-TIE, RUL-RM-BANK-CARDS) and the set decided (RM-SET, RUL-RM-SET-TIE).

:func:`replay_record` folds the engine in replay mode (``strict=False``), so each broken rule
becomes a violation and the deal is still scored as entered. A record that cannot be applied
at all raises :class:`~engine.core.errors.RecordError` (exit status 2) with the path of the
action that failed.
"""
from __future__ import annotations


from engine.core.replay import Replayed, fold_record
from engine.core.i18n import DEFAULT_LANG, Count, render

from .game import DEALS, Entry, apply, tied
from .record import GameRecord, record_actions


class ReplayResult(Replayed):
    """The replayed record (``record``: a :class:`GameRecord`) and the state it ends in
    (``state``: a :class:`GameState`); violations, valid and winner as every game's."""

    @property
    def finished(self) -> bool:
        return self.state.over  # a shared win accepted ends the set without one winner (RUL-RM-SET-TIE)

    @property
    def shared_win(self) -> tuple[str, ...]:
        return tuple(self.state.players[s] for s in self.state.shared_win)

    @property
    def tied(self) -> tuple[str, ...]:
        return tuple(self.state.players[s] for s in tied(self.state))

    @property
    def totals(self) -> dict[str, int]:
        return dict(zip(self.state.players, self.state.totals))

    def figures(self) -> dict:
        st = self.state
        names = st.players
        deals = []
        for d in st.deals:
            sc = d.score
            deals.append({
                "number": d.number,
                "extra": d.number > DEALS,
                "dealer": names[d.dealer],
                "turned": d.turned.id,
                "trump": d.trump_suit.value,
                "masthead": d.turned.id.split("-", 1)[1] if d.masthead is not None else None,
                "entry": d.entry.value,
                "bank_holder": names[sc.holder] if sc.holder is not None else None,
                "tricks_won": dict(zip(names, d.trick_counts)),
                "trick_winners": [names[t.winner] for t in d.tricks],
                "scores": {names[s]: {
                    "card_points": {"num": ss.card_points.num, "face": ss.card_points.face, "ace": ss.card_points.ace,
                                    "doubled": ss.card_points.doubled, "total": ss.card_points.total},
                    "bonuses": [{"rule": b.rule, "points": b.points} for b in ss.bonuses],
                    "total": ss.total} for s, ss in enumerate(sc.seats)},
            })
        return {
            "shared_win": list(self.shared_win),
            "tied": list(self.tied),
            "variant": st.variant.value,
            "totals": self.totals,
            "deals": deals,
            "in_progress": ({"number": st.deal.number, "tricks": len(st.deal.tricks)} if st.deal is not None else None),
        }

    def text(self, lang: str = DEFAULT_LANG) -> str:
        st = self.state
        names = st.players
        lines = [render("rm.report.title", {"players": ", ".join(names)}, lang),
                 render("rm.report.variant", {"variant": st.variant}, lang), ""]
        head = [render("rm.report.deal", {}, lang), render("rm.report.dealer", {}, lang),
                render("rm.report.turned", {}, lang)] + list(names) + [render("rm.report.bank", {}, lang)]
        rows = [head]
        bonus_lines = []
        for d in st.deals:
            sc = d.score
            label = str(d.number) + (f" ({render('rm.report.extra', {}, lang)})" if d.number > DEALS else "")
            cells = [f"{s.card_points.total} + {s.bonus_points} = {s.total}" for s in sc.seats]
            holder = names[sc.holder] if sc.holder is not None else render("rm.report.nobody", {}, lang)
            rows.append([label, names[d.dealer], d.turned.localize(lang)] + cells + [holder])
            for s, ss in enumerate(sc.seats):
                if ss.bonuses:
                    rows_text = ", ".join(f"{b.rule} {b.points}" for b in ss.bonuses)
                    bonus_lines.append(f"- {render('rm.report.where', {'deal': d.number}, lang)}, {names[s]}: {rows_text}")
        rows.append([render("rm.report.total", {}, lang), "", ""] + [str(t) for t in st.totals] + [""])
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        for i, row in enumerate(rows):
            lines.append("  ".join(c.ljust(w) if j < 3 or j == len(row) - 1 else c.rjust(w)
                                   for j, (c, w) in enumerate(zip(row, widths))).rstrip())
            if i == 0 or i == len(rows) - 2:
                lines.append("  ".join("-" * w for w in widths))
        lines.append(render("rm.report.legend", {}, lang))
        if bonus_lines:
            lines.append(render("rm.report.bonuses", {}, lang))
            lines.extend(bonus_lines)
        lines.append("")
        if st.deal is not None:
            lines.append(render("rm.report.in-progress", {"deal": st.deal.number, "tricks": len(st.deal.tricks)}, lang))
        if st.winner is not None:
            lines.append(render("rm.report.winner", {"player": names[st.winner],
                                                     "points": Count(st.totals[st.winner], "rm.point"),
                                                     "deals": Count(st.ended_after, "rm.deal-gen")}, lang))
        elif st.shared_win:
            lines.append(render("rm.report.shared", {"players": ", ".join(self.shared_win),
                                                     "points": Count(st.totals[st.shared_win[0]], "rm.point")}, lang))
        elif self.tied:
            lines.append(render("rm.report.tie", {"players": ", ".join(self.tied),
                                                  "points": Count(max(st.totals), "rm.point")}, lang))
        else:
            lines.append(render("rm.report.unfinished", {"played": len(st.deals), "deals": DEALS}, lang))
        lines.append("")
        lines += self.violation_lines(lang, "rm.report.no-violations", "rm.report.violations", lambda v: (
            render("rm.report.where-trick", {"deal": v.round, "trick": v.trick}, lang) if v.trick
            else render("rm.report.where", {"deal": v.round}, lang)))
        return "\n".join(lines) + "\n"


def replay_record(rec: GameRecord) -> ReplayResult:
    """Replay ``rec``; raises :class:`RecordError` when it cannot be applied."""
    state, actions = record_actions(rec)
    return ReplayResult(rec, fold_record(state, actions, apply))


__all__ = ["ReplayResult", "replay_record", "Entry"]
