"""«Сотня» (record format ``sotnya/1``): its rules (RULES.md) on the games core. The record is its
header plus the log: ``{"format", "players", "target", "rounds": [log entries], "started"?, "ended"?}``."""
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from engine.core.actions import Codec, Kind, action, count, per_player
from engine.core.driver import Driver, replace
from engine.core.errors import RecordError, Violation
from engine.core.i18n import register_catalogs, render
from engine.core.reading import MAX_NAME, bad_name, quote, show
from engine.core.records import LogFormat, LogRecord
from engine.core.replay import Replayed, fold_record
from engine.core.rules import Citation, RuleRegistry
from engine.core import scorepad, seating

FORMAT, LOW, HIGH = "sotnya/1", 2, 6  # S5-SETUP: 2–6 players
register_catalogs(Path(__file__).resolve().parent)  # locales/<lang>/LC_MESSAGES/fifth_game.po

class V(RuleRegistry):
    SETUP = ("setup", "S5-SETUP", "s5.x.setup")
    POINTS = ("points", "S5-ROUND", "s5.x.points")
    AFTER_END = ("after-end", "S5-END", "s5.v.after-end")

class C(Citation):
    ROUND = "S5-ROUND"
    END = "S5-END"
    TIE = "S5-TIE"
ANY = Kind(None, lambda v, names: v, lambda v, names, path: v)  # judged by the rules (S5-ROUND), not the codec

@action("round", points=per_player(ANY, lambda name, path: RecordError(path, "r.missing", {"field": quote(name)})))
@dataclass(frozen=True, slots=True)
class Round:
    points: Any  # S5-ROUND: by seat, or a mapping name → points
LOG = Codec(Round)

@dataclass(frozen=True, slots=True)
class State:
    players: tuple[str, ...]
    target: int
    rounds: tuple[tuple[int, ...], ...] = ()
    violations: tuple[Violation, ...] = ()
    winner: int | None = None  # a seat, once the game is over (S5-END)
    end = property(lambda s: scorepad.EndRule(target=s.target))  # S5-END, S5-TIE: the highest wins; a tie plays on
    totals = property(lambda s: scorepad.totals(s.rounds, len(s.players)))
    leaders = property(lambda s: scorepad.best(s.totals, s.end) if s.rounds else ())  # the highest total

def new_game(players, target: Any = 100) -> State:
    p = tuple(players)
    if (not LOW <= len(p) <= HIGH or not seating.names_ok(p) or any(bad_name(n) for n in p)
            or target.__class__ is not int or target < 1):
        raise V.SETUP.refusal({"low": LOW, "high": HIGH, "limit": MAX_NAME})
    return State(p, target)

def _round(ctx, s: State, a: Round) -> State:
    pts = tuple(a.points.get(p) for p in s.players) if isinstance(a.points, Mapping) else tuple(a.points)
    for i, name in enumerate(s.players):  # S5-ROUND: every player, a whole number ≥ 0
        if (x := pts[i] if i < len(pts) else None).__class__ is not int or x < 0:
            raise ctx.refuse(V.POINTS, {"player": quote(name), "value": show(x)})
    n = len(s.rounds) + 1
    if s.winner is not None:  # S5-END: nothing after the end (in a record: a violation, the round kept)
        ctx.violate(V.AFTER_END, {"round": n, "winner": s.players[s.winner]}, round=n, trick=None, player=None)
    s = replace(s, rounds=s.rounds + (pts[:len(s.players)],))
    return s if s.winner is not None else replace(s, winner=scorepad.winner_after(s.totals, n, s.end))

DRIVER = Driver({Round: _round}, lambda s: f"{len(s.rounds)} rounds, totals {s.totals}")
def apply(state: State, a: Any, *, strict: bool = True) -> State:
    return DRIVER.apply(state, a, strict=strict)

def status(s: State, lang: str) -> str | None:
    """Who won (S5-END), or who plays on after a tie (S5-TIE); None while the game goes on."""
    if s.winner is not None:  # the total the game ended with (a record may hold rounds after the end)
        w, k = scorepad.decide(s.rounds, len(s.players), s.end)
        return render("s5.won", {"player": s.players[w], "points": scorepad.totals(s.rounds[:k], len(s.players))[w]}, lang)
    if tie := scorepad.tied_best(s.totals, len(s.rounds), s.end):
        return render("s5.tie", {"players": ", ".join(s.players[i] for i in tie), "points": s.totals[tie[0]]}, lang)
    return None

RECORD = LogFormat(FORMAT, LOG, LOW, HIGH, {"target": count(1)}, "rounds")  # the header plus the log
parse_record, read_record = RECORD.parse, RECORD.read

class Result(Replayed):
    def text(self, lang: str = "ru") -> str:
        return "\n".join([" · ".join(f"{p} {t}" for p, t in zip(self.state.players, self.state.totals)),
                          *filter(None, [status(self.state, lang)]), *(f"- [{v.rule}] #{v.round}: {v.text(lang)}" for v in self.violations)])

def replay_record(rec: LogRecord) -> Result:
    """S5-ROUND…S5-TIE over the record's rounds; a round that cannot be scored: a RecordError at its path."""
    return Result(rec, fold_record(new_game(rec.players, rec.header["target"]), rec.actions, apply))
