"""Replaying a ``kalmar/1`` record: every entered move checked (KL-PLAY, KL-DRAW, KL-FX-…,
KL-CALL, KL-START), the winner of each game (KL-END, KL-END-SWAP) and the sitting's tally
(RUL-KL-TALLY) computed.

:func:`replay_record` folds the engine in replay mode (``strict=False``), so each broken rule
becomes a violation and the game goes on as entered. A record that cannot be applied at all
raises :class:`~engine.core.errors.RecordError` (exit status 2) with the path of the entry.
"""
from __future__ import annotations

from engine.core.replay import Replayed, fold_record
from engine.core.i18n import DEFAULT_LANG, Count, count_text, render
from engine.core.seating import Direction

from .cards import card_id
from .game import GameResult, apply
from .record import GameRecord, record_actions


class ReplayResult(Replayed):
    """The replayed record (``record``: a :class:`GameRecord`) and the state it ends in
    (``state``: a :class:`GameState`); violations, valid, finished and winner as every game's."""

    @property
    def tally(self) -> dict[str, int]:
        return dict(zip(self.state.players, self.state.tally))

    @property
    def games(self) -> tuple[GameResult, ...]:
        """Every game of the record: those over, then the one in progress (winner None)."""
        st = self.state
        if st.winner is not None:
            return st.results
        return st.results + (GameResult(st.game, st.dealer, st.first_card, None, st.turns),)

    def _live(self) -> dict | None:
        st = self.state
        if st.winner is not None:
            return None
        p = st.players
        return {
            "game": st.game,
            "turn": p[st.turn],
            "next": p[st.next_player],
            "direction": "clockwise" if st.direction is Direction.CLOCKWISE else "counterclockwise",
            "top": card_id(st.top),
            "colour": st.colour.value if st.colour is not None else None,
            "pending_draw": st.pending_draw,
            "order": card_id(st.order) if st.order is not None else None,
            "silence_until": p[st.silence_by] if st.silence_by is not None else None,
            "call_due": p[st.call_due] if st.call_due is not None else None,
            "counts": dict(zip(p, st.counts)),
        }

    def figures(self) -> dict:
        p = self.state.players
        return {
            "options": {"same_symbol": self.state.options.same_symbol},
            "games": [{"number": g.number, "dealer": p[g.dealer], "first_card": card_id(g.first_card),
                       "winner": p[g.winner] if g.winner is not None else None, "by_swap": g.swap,
                       "turns": g.turns} for g in self.games],
            "tally": self.tally,
            "live": self._live(),
        }

    def text(self, lang: str = DEFAULT_LANG) -> str:
        st = self.state
        p = st.players
        lines = [render("kl.report.title", {"players": ", ".join(p)}, lang),
                 render("kl.report.options", {"value": render("kl.report.on" if st.options.same_symbol
                                                              else "kl.report.off", {}, lang)}, lang), ""]
        for g in self.games:
            params = {"game": g.number, "dealer": p[g.dealer], "card": g.first_card,
                      "turns": Count(g.turns, "kl.turn")}
            if g.winner is not None:
                key = "kl.report.game-swap" if g.swap else "kl.report.game"
                lines.append(render(key, {**params, "winner": p[g.winner]}, lang))
            elif g.number != st.game or st.winner is not None:
                lines.append(render("kl.report.game-abandoned", params, lang))
            else:
                direction = render("kl.report.clockwise" if st.direction is Direction.CLOCKWISE
                                   else "kl.report.counterclockwise", {}, lang)
                lines.append(render("kl.report.game-live", {**params, "turn": p[st.turn], "next": p[st.next_player],
                                                            "top": st.top, "colour": st.colour or "—",
                                                            "direction": direction}, lang))
                if st.pending is not None:
                    lines.append("  " + render("kl.report.pending", {"player": p[st.turn],
                                                                     "cards": Count(st.pending_draw, "kl.card")}, lang))
                if st.order is not None:
                    lines.append("  " + render("kl.report.order", {"player": p[st.turn], "card": st.order}, lang))
                if st.silence_by is not None:
                    lines.append("  " + render("kl.report.silence", {"player": p[st.silence_by]}, lang))
                if st.call_due is not None:
                    lines.append("  " + render("kl.report.call", {"player": p[st.call_due]}, lang))
                counts = ", ".join(f"{name} {c}" for name, c in zip(p, st.counts))
                lines.append("  " + render("kl.report.counts", {"counts": counts}, lang))
        lines.append("")
        tally = ", ".join(f"{name} — {count_text(Count(w, 'kl.win'), lang)}" for name, w in zip(p, st.tally))
        lines.append(render("kl.report.tally", {"tally": tally}, lang))
        lines.append("")
        lines += self.violation_lines(lang, "kl.report.no-violations", "kl.report.violations",
                                      lambda v: render("kl.report.where", {"game": v.round, "entry": v.trick}, lang))
        return "\n".join(lines) + "\n"


def replay_record(rec: GameRecord) -> ReplayResult:
    """Replay ``rec``; raises :class:`RecordError` when it cannot be applied."""
    return ReplayResult(rec, fold_record(None, record_actions(rec), apply))
