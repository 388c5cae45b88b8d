"""The table's league (issue 42): the same people across every game and every evening, rated.
Flet-free; computed from the kept games every time, never stored (a corrected or deleted game
changes the league at the next look, and nothing drifts).

Input: the history rows as :meth:`Store.archived` gives them (``{game_id, seq, status,
players, summary}``, the summary read by :class:`~companion.core.summary.Summary`) and the people
registry's ``{spelling: person id}`` and ``{person id: shown name}``. A player name that is no
one's yet counts as a person of its own (``"~" + name``), so the league never loses a game.

Which games count: finished and imported ones that have a winner (or a shared win), whose
totals are whole and whose seats are different people. A stopped (``abandoned``) game does
not count, nor a damaged one. They are taken in date order (``ended``, else ``started``, else
the store's order).

Ratings: openskill's Plackett–Luce model (Weng & Lin 2011), one rating per person for all
games together and one per game. Each game ranks its players by their final totals (lowest
first where the lowest wins, ``low_wins``), the declared winners (``winner``, ``shared``)
ahead of the rest; equal totals tie. The number shown is the conservative ordinal
``μ − 3σ`` (the skill the model is 99.7 % sure the person has at least), shown as
``1000 + 20·(μ − 3σ)``: everyone starts at 1000 (μ = 25, σ = 25/3), winning raises it, and
playing more raises it a little too (σ shrinks).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional

from ..core.summary import Summary

if TYPE_CHECKING:  # the annotation only: openskill is imported on first use (load cost, below)
    from openskill.models import PlackettLuce

COUNTED = ("finished", "imported")
ALL = ""  # the scope of all games together; a game's id is the scope of that game


def _model() -> "PlackettLuce":
    """openskill's Plackett–Luce model with its defaults, imported on first use (not at the
    app's start: the phone edition compiles its sources then)."""
    from openskill.models import PlackettLuce  # on first use (load cost)

    return PlackettLuce()


def shown(mu: float, sigma: float) -> int:
    """The rating shown for a person: ``1000 + 20·(μ − 3σ)``, rounded."""
    return round(1000 + 20 * (mu - 3 * sigma))


@dataclass(frozen=True)
class Seat:
    person: str
    total: int
    place: int      # 1 = first; tied players share a place
    won: bool


@dataclass(frozen=True)
class Game:
    """One counted game, as the league reads it."""

    game_id: str
    kind: str
    date: str                 # YYYY-MM-DD of its end (or start), "" if unknown
    seats: tuple[Seat, ...]
    low_wins: bool
    names: tuple[str, ...] = ()  # the players' names as the game has them, in seat order


@dataclass
class Standing:
    """A person's line in one scope."""

    person: str
    name: str
    rating: int = 1000
    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    wins: int = 0
    best: Optional[int] = None          # best final total (per game; None in all games together)
    best_place: Optional[int] = None
    streak: int = 0                     # longest run of wins
    current_streak: int = 0
    trend: list[tuple[str, int]] = field(default_factory=list)  # (date, rating after each game)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Move:
    person: str
    name: str
    before: int
    after: int


@dataclass(frozen=True)
class Evening:
    """The games ended on one date: who won what and how the ratings (all games) moved."""

    date: str
    games: tuple[Game, ...]
    moves: tuple[Move, ...]   # by rating after, highest first


@dataclass(frozen=True)
class HeadToHead:
    a: str
    b: str
    games: int      # games they both played
    a_ahead: int    # games a finished ahead of b
    b_ahead: int
    even: int


@dataclass
class League:
    games: list[Game]
    names: dict[str, str]                               # person → shown name
    computed: dict[str, dict[str, Standing]]           # scope (ALL or a game id) → person → standing
    evenings: list[Evening]                            # most recent first
    model: Any = None

    def scope(self, scope: str = ALL) -> dict[str, Standing]:
        """person → standing in ``scope``; a game's scope is rated when first asked for
        (the league opens on all games together: half the work)."""
        if scope not in self.computed:
            self.computed[scope] = _rate(self.games, scope, self.names, self.model or _model())[0]
        return self.computed[scope]

    @property
    def scopes(self) -> "_Scopes":
        return _Scopes(self)

    def table(self, scope: str = ALL) -> list[Standing]:
        """The scope's people, best rating first (then more wins, then name)."""
        rows = list(self.scope(scope).values())
        return sorted(rows, key=lambda s: (-s.rating, -s.wins, s.name.casefold()))

    def kinds(self) -> list[str]:
        """The games that have counted games, most played first."""
        count: dict[str, int] = {}
        for g in self.games:
            count[g.kind] = count.get(g.kind, 0) + 1
        return sorted(count, key=lambda k: -count[k])

    def head_to_head(self, a: str, b: str, scope: str = ALL) -> HeadToHead:
        n = a_ahead = b_ahead = 0
        for g in self.games:
            if scope and g.kind != scope:
                continue
            seat = {s.person: s for s in g.seats}
            if a in seat and b in seat:
                n += 1
                a_ahead += seat[a].place < seat[b].place
                b_ahead += seat[b].place < seat[a].place
        return HeadToHead(a, b, n, a_ahead, b_ahead, n - a_ahead - b_ahead)

    def rival(self, person: str, scope: str = ALL) -> Optional[tuple[str, int]]:
        """The one ``person`` met most (and how often); ties: the earlier met."""
        met: dict[str, int] = {}
        for g in self._theirs(person, scope):
            for s in g.seats:
                if s.person != person:
                    met[s.person] = met.get(s.person, 0) + 1
        return max(met.items(), key=lambda kv: kv[1]) if met else None

    def nemesis(self, person: str, scope: str = ALL) -> Optional[tuple[str, int]]:
        """The one who finished ahead of ``person`` most often (and how often), or None."""
        beat: dict[str, int] = {}
        for g in self._theirs(person, scope):
            mine = next(s.place for s in g.seats if s.person == person)
            for s in g.seats:
                if s.person != person and s.place < mine:
                    beat[s.person] = beat.get(s.person, 0) + 1
        return max(beat.items(), key=lambda kv: kv[1]) if beat else None

    def _theirs(self, person: str, scope: str) -> list[Game]:
        return [g for g in self.games if (not scope or g.kind == scope) and any(s.person == person for s in g.seats)]

    def evening(self, date: str) -> Optional[Evening]:
        return next((e for e in self.evenings if e.date == date), None)


class _Scopes:
    """``league.scopes[scope]``: the scope's standings, rated on first use."""

    def __init__(self, league: League):
        self._league = league

    def __getitem__(self, scope: str) -> dict[str, Standing]:
        return self._league.scope(scope)


def _date(s: Summary) -> str:
    when = s.ended or s.started or ""
    return when[:10] if len(when) >= 10 else ""


def read_game(row: Mapping[str, Any], person_of: Mapping[str, str]) -> Optional[Game]:
    """The counted game of a history row, or None when it does not count."""
    if not isinstance(row, Mapping) or row.get("status") not in COUNTED or row.get("damaged"):
        return None
    s = Summary.from_json(row.get("summary"))
    players = s.players
    if len(players) < 2 or len(s.totals) != len(players):
        return None
    winners = set(s.shared or ()) | ({s.winner} if s.winner in players else set())
    if not winners:
        return None  # not finished (an imported record that stops mid-game)
    people = [person_of.get(p, "~" + p) for p in players]
    if len(set(people)) != len(people):
        return None  # one person in two seats (never merged so; an old archive might say it)
    low = bool(s.low_wins)
    key = [(0, 0) if p in winners else (1, t if low else -t) for p, t in zip(players, s.totals)]
    seats = tuple(Seat(person, total, 1 + sum(1 for k2 in key if k2 < k), p in winners)
                  for person, p, total, k in zip(people, players, s.totals, key))
    return Game(str(row.get("game_id", "")), s.game, _date(s), seats, low, players)


def _order(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    def when(r):
        s = r.get("summary") if isinstance(r.get("summary"), Mapping) else {}
        w = s.get("ended") or s.get("started")
        return (w if isinstance(w, str) else "", r.get("seq") if isinstance(r.get("seq"), int) else 0)
    return sorted((r for r in rows if isinstance(r, Mapping)), key=when)


def compute(rows: Iterable[Mapping[str, Any]], person_of: Mapping[str, str] | None = None,
            names: Mapping[str, str] | None = None, model: PlackettLuce | None = None) -> League:
    """The league of the history ``rows`` (any order) for the people ``person_of``
    (spelling → id) shown as ``names`` (id → name)."""
    person_of = person_of or {}
    model = model or _model()
    shown_names: dict[str, str] = dict(names or {})
    games: list[Game] = []
    for row in _order(rows):
        g = read_game(row, person_of)
        if g is None:
            continue
        games.append(g)
        for seat, p in zip(g.seats, g.names):
            shown_names.setdefault(seat.person, p)

    table, moves = _rate(games, ALL, shown_names, model)
    by_date: dict[str, list[Game]] = {}
    for g in games:
        by_date.setdefault(g.date, []).append(g)
    evenings = []
    for date in sorted(by_date, reverse=True):
        mv = tuple(sorted((Move(p, shown_names.get(p, p), b, a) for p, (b, a) in moves[date].items()),
                          key=lambda m: (-m.after, m.name.casefold())))
        evenings.append(Evening(date, tuple(by_date[date]), mv))
    return League(games, shown_names, {ALL: table}, evenings, model)


def _rate(games: list[Game], scope: str, names: Mapping[str, str],
          model: PlackettLuce) -> tuple[dict[str, Standing], dict[str, dict[str, list[int]]]]:
    """The standings of one scope (all games, or one game's), and per date each person's
    rating before the date's first game and after its last (all games: the evenings)."""
    table: dict[str, Standing] = {}
    rated: dict[str, Any] = {}
    moves: dict[str, dict[str, list[int]]] = {}
    for g in games:
        if scope and g.kind != scope:
            continue
        teams = [[rated.get(s.person) or model.rating()] for s in g.seats]
        new = model.rate(teams, ranks=[s.place for s in g.seats])
        day = moves.setdefault(g.date, {})
        for s, (r,) in zip(g.seats, new):
            rated[s.person] = r
            st = table.get(s.person)
            if st is None:
                st = table[s.person] = Standing(s.person, names.get(s.person, s.person))
            move = day.setdefault(s.person, [st.rating, st.rating])
            st.mu, st.sigma, st.rating = r.mu, r.sigma, shown(r.mu, r.sigma)
            move[1] = st.rating
            st.games += 1
            st.wins += s.won
            st.current_streak = st.current_streak + 1 if s.won else 0
            st.streak = max(st.streak, st.current_streak)
            st.best_place = s.place if st.best_place is None else min(st.best_place, s.place)
            if scope:
                better = min if g.low_wins else max
                st.best = s.total if st.best is None else better(st.best, s.total)
            st.trend.append((g.date, st.rating))
    return table, moves


def of_store(store: Any) -> League:
    """The league of a store's kept games and people."""
    people = store.people()
    return compute(store.archived(), {n: p["id"] for p in people for n in p["names"]},
                   {p["id"]: p["name"] for p in people})


__all__ = ["ALL", "COUNTED", "Evening", "Game", "HeadToHead", "League", "Move", "Seat", "Standing", "compute",
           "of_store", "read_game", "shown"]
