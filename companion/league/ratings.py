"""The table's league (issue 42): the same people across every game and every evening, rated.
Flet-free; computed from the kept games every time, never stored (a corrected or deleted game
changes the league at the next look, and nothing drifts).

Input: the history rows as :meth:`Store.archived` gives them (``{game_id, seq, status,
players, summary}``, the summary read by :class:`~companion.core.summary.Summary`) and the people
registry's ``{spelling: person id}`` and ``{person id: shown name}``. A player name that is no
one's yet counts as a person of its own (``"~" + name``), so the league never loses a game.

Which games count: a finished game, and an imported one that names a winner (or a shared
win), whose totals are whole and whose seats are different people. A finished game that names
no winner ended level at the top (a «Кальмар» sitting whose tally has two leaders, RUL-KL-TALLY):
the leaders share first place. A stopped (``abandoned``) game does not count, nor a damaged one,
nor an imported record that names no winner (it may stop mid-game).

Order: the games are rated in the order of the instant they ended (``ended``, else
``started``). The times are read once, as aware datetimes (ISO 8601, extended or basic format;
a time without an offset is read as UTC). A game with no readable time is rated where the
history lists it: right after the game filed before it (the store's ``seq``), or first.

Evenings: the games of one sitting — in rating order, no gap over :data:`SITTING_GAP` (4 hours)
between the end of the sitting so far and the next game's start — even past midnight. An
evening is named by the date on which it began, in the table's own time zone (the offset its
first game's time carries). A game with no time is an evening of its own, of unknown date.

Ratings: openskill's Plackett–Luce model (Weng & Lin 2011; its update written out below with
openskill's defaults and arithmetic, held to openskill's own numbers by tests/test_league_model.py,
where openskill is the reference), one rating per person for all
games together and one per game. Each game ranks its players by their final totals (lowest
first where the lowest wins, ``low_wins``), the declared winners (``winner``, ``shared``)
ahead of the rest; equal totals tie. The number shown is openskill's skill estimate μ, as
``1000 + 20·(μ − 25)``: everyone starts at 1000; a sole winner never loses points (μ of the
first place only rises), a player who keeps losing falls, and playing more does not by itself
raise it. While σ (how unsure the model still is) is above :data:`NEWCOMER_SIGMA` the person
is a newcomer (about their first 8 games): the number may still move a lot. The conservative
``μ − 3σ`` was shown before (issue 42): it rose with every game played whatever the results
(issue 51).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
import math
from typing import Any, Generator, Iterable, Mapping, Optional

from ..base.steps import run_through
from ..core.summary import Summary

COUNTED = ("finished", "imported")
ALL = ""  # the scope of all games together; a game's id is the scope of that game
SITTING_GAP = timedelta(hours=4)  # a longer pause between two games ends an evening
NEWCOMER_SIGMA = 7.0  # σ above this: a newcomer (σ starts at 25/3 ≈ 8.33; ~8 games to fall below 7)
START = 1000   # the number everyone starts at (μ = 25)
SCALE = 20     # shown points per unit of μ


class Rating:
    """A person's rating in the model: μ (skill) and σ (how unsure)."""

    __slots__ = ("mu", "sigma")

    def __init__(self, mu: float, sigma: float):
        self.mu, self.sigma = mu, sigma


class PlackettLuce:
    """openskill's Plackett–Luce model (``openskill.models.PlackettLuce()``, its defaults) for
    what the league asks of it: games of one-person teams ranked by place, no scores, no
    weights. The same arithmetic in the same order (the tests hold it to openskill's own
    numbers, exactly), without the cost of openskill in the phone edition (issue 53: its import
    and its checks and copies in every update were over a second of the league's opening with
    1,700 games kept)."""

    mu = 25.0
    sigma = 25.0 / 3.0
    beta = 25.0 / 6.0
    kappa = 0.0001
    tau = 25.0 / 300.0

    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma)

    def rate(self, teams: list[list[Rating]], ranks: list[int]) -> list[list[Rating]]:
        """The new ratings of the one-person ``teams`` after a game ranked ``ranks`` (1 = first;
        equal ranks tie), in the order given; the ratings given are left as they were."""
        if len(ranks) != len(teams) or any(len(team) != 1 for team in teams):
            raise ValueError("one person a team, one rank a team")
        tau_squared = self.tau * self.tau
        sigmas = [math.sqrt(team[0].sigma * team[0].sigma + tau_squared) for team in teams]
        order = sorted(range(len(teams)), key=lambda i: ranks[i])  # stable: ties keep their order
        mus = [float(teams[i][0].mu) for i in order]
        sigmas = [sigmas[i] for i in order]
        rank = [int(r) for r in sorted(ranks)]
        sigma_squared = [s ** 2 for s in sigmas]  # a team of one: its σ² is the person's
        beta_squared = self.beta ** 2
        collective = 0.0
        for s2 in sigma_squared:
            collective += s2 + beta_squared
        c = math.sqrt(collective)
        n = len(mus)
        sum_q: list[Optional[float]] = [None] * n
        for i in range(n):
            summed = math.exp(mus[i] / c)
            for q in range(n):
                if rank[i] >= rank[q]:
                    sum_q[q] = summed if sum_q[q] is None else sum_q[q] + summed
        a = [sum(1 for q in range(n) if rank[q] == rank[i]) for i in range(n)]
        out: list[Rating] = []
        for i in range(n):
            omega = delta = 0.0
            i_mu_over_c = math.exp(mus[i] / c)
            for q in range(n):
                x = i_mu_over_c / sum_q[q]
                if rank[q] <= rank[i]:
                    delta += x * (1 - x) / a[q]
                    if q == i:
                        omega += (1 - x) / a[q]
                    else:
                        omega -= x / a[q]
            omega *= sigma_squared[i] / c
            delta *= sigma_squared[i] / c ** 2
            delta *= math.sqrt(sigma_squared[i]) / c  # openskill's default γ
            mu, sigma = mus[i], sigmas[i]
            share = sigma ** 2 / sigma_squared[i]
            if omega >= 0:
                mu += share * omega * 1.0
                sigma *= math.sqrt(max(1 - share * delta * 1.0, self.kappa))
            else:
                mu += share * omega / 1.0
                sigma *= math.sqrt(max(1 - share * delta / 1.0, self.kappa))
            out.append(Rating(mu, sigma))
        back: list[list[Rating]] = [[]] * n
        for at, i in enumerate(order):
            back[i] = [out[at]]
        return back


def _model() -> PlackettLuce:
    return PlackettLuce()


def shown(mu: float) -> int:
    """The rating shown for a person: ``1000 + 20·(μ − 25)``, rounded (openskill's μ: a win
    never lowers it, and it does not grow by games played alone; see the module's notes)."""
    return round(START + SCALE * (mu - 25.0))


_UTC = timezone.utc
_EARLIEST = datetime.min.replace(tzinfo=_UTC)


def parse_when(value: Any) -> Optional[datetime]:
    """An ISO 8601 time of a summary (``started``, ``ended``) as an aware datetime: extended
    (``2026-03-07T19:30:00+03:00``) or basic (``20260307T193000+0300``) format; one without an
    offset is read as UTC. Anything else: None."""
    if not isinstance(value, str) or not 8 <= len(value) <= 40:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=_UTC)


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
    date: str                 # YYYY-MM-DD on which it began (its own offset), "" if unknown
    seats: tuple[Seat, ...]
    low_wins: bool
    names: tuple[str, ...] = ()  # the players' names as the game has them, in seat order
    start: Optional[datetime] = None  # aware; None if unknown
    end: Optional[datetime] = None


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

    @property
    def newcomer(self) -> bool:
        """The model is still unsure of them (σ above :data:`NEWCOMER_SIGMA`)."""
        return self.sigma > NEWCOMER_SIGMA


@dataclass(frozen=True)
class Move:
    person: str
    name: str
    before: int
    after: int


@dataclass(frozen=True)
class Evening:
    """The games of one sitting: who won what and how the ratings (all games) moved."""

    date: str                 # YYYY-MM-DD on which it began, "" if unknown
    games: tuple[Game, ...]
    moves: tuple[Move, ...]   # by rating after, highest first
    key: str = ""             # unique: the date; a date's later sittings "<date>-2", …; "unknown", …


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

    def evening(self, key: str) -> Optional[Evening]:
        """The evening of ``key`` (:attr:`Evening.key`: a date names its first sitting)."""
        return next((e for e in self.evenings if e.key == key), None)


class _Scopes:
    """``league.scopes[scope]``: the scope's standings, rated on first use."""

    def __init__(self, league: League):
        self._league = league

    def __getitem__(self, scope: str) -> dict[str, Standing]:
        return self._league.scope(scope)


def _times(summary: Any) -> tuple[Optional[datetime], Optional[datetime]]:
    if not isinstance(summary, Mapping):
        return None, None
    return parse_when(summary.get("started")), parse_when(summary.get("ended"))


def read_game(row: Mapping[str, Any], person_of: Mapping[str, str],
              times: Optional[tuple[Optional[datetime], Optional[datetime]]] = None) -> Optional[Game]:
    """The counted game of a history row, or None when it does not count. ``times``: its
    ``(started, ended)`` already read (else read here)."""
    if not isinstance(row, Mapping) or row.get("status") not in COUNTED or row.get("damaged"):
        return None
    s = Summary.from_json(row.get("summary"))
    players = s.players
    if len(players) < 2 or len(s.totals) != len(players):
        return None
    low = bool(s.low_wins)
    winners = set(s.shared or ()) | ({s.winner} if s.winner in players else set())
    if not winners and row.get("status") == "finished":
        # finished with no winner named: level at the top (a «Кальмар» sitting, RUL-KL-TALLY);
        # the leaders share first place
        best = (min if low else max)(s.totals)
        winners = {p for p, t in zip(players, s.totals) if t == best}
    if not winners:
        return None  # not finished (an imported record that stops mid-game)
    people = [person_of.get(p, "~" + p) for p in players]
    if len(set(people)) != len(people):
        return None  # one person in two seats (refused since issue 51; an old archive might say it)
    key = [(0, 0) if p in winners else (1, t if low else -t) for p, t in zip(players, s.totals)]
    seats = tuple(Seat(person, total, 1 + sum(1 for k2 in key if k2 < k), p in winners)
                  for person, p, total, k in zip(people, players, s.totals, key))
    start, end = times if times is not None else _times(row.get("summary"))
    began = start or end
    return Game(str(row.get("game_id", "")), s.game, began.date().isoformat() if began else "", seats, low,
                players, start, end)


def _seq(row: Mapping[str, Any]) -> int:
    seq = row.get("seq")
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else 0


def _ordered(rows: Iterable[Mapping[str, Any]], person_of: Mapping[str, str]) -> list[Game]:
    """The counted games of ``rows`` in rating order: by the instant each ended (else began);
    a game with no time right after the row filed before it (any row with a time, counted or
    not: where the history lists it), or first. Each row's times are read once."""
    filed = []
    for row in rows:
        if isinstance(row, Mapping):
            start, end = _times(row.get("summary"))
            filed.append((_seq(row), end or start, row, (start, end)))
    filed.sort(key=lambda f: f[0])
    keyed = []
    anchor = _EARLIEST
    for seq, when, row, times in filed:
        if when is not None:
            anchor = when
        game = read_game(row, person_of, times)
        if game is not None:
            keyed.append(((when, 0, seq) if when is not None else (anchor, 1, seq), game))
    keyed.sort(key=lambda kg: kg[0])
    return [g for _, g in keyed]


def _sittings(games: list[Game]) -> list[list[int]]:
    """The games (indexes in rating order) of each evening, in the order each began: a game
    with no time is one of its own."""
    out: list[list[int]] = []
    current: Optional[list[int]] = None
    until: Optional[datetime] = None
    for i, g in enumerate(games):
        begin, finish = g.start or g.end, g.end or g.start
        if begin is None or finish is None:
            out.append([i])
            continue
        if current is not None and until is not None and begin - until <= SITTING_GAP:
            current.append(i)
            until = max(until, finish)
        else:
            current = [i]
            out.append(current)
            until = finish
    return out


STEP = 100  # games rated a step (compute_steps): a few tens of ms in the phone edition


def compute(rows: Iterable[Mapping[str, Any]], person_of: Mapping[str, str] | None = None,
            names: Mapping[str, str] | None = None, model: Optional[PlackettLuce] = None) -> League:
    """The league of the history ``rows`` (any order) for the people ``person_of``
    (spelling → id) shown as ``names`` (id → name)."""
    return run_through(compute_steps(rows, person_of, names, model))


def compute_steps(rows: Iterable[Mapping[str, Any]], person_of: Mapping[str, str] | None = None,
                  names: Mapping[str, str] | None = None,
                  model: Optional[PlackettLuce] = None) -> Generator[None, None, League]:
    """:func:`compute` a step at a time (:data:`STEP` games rated a step): the league made while
    the phone is idle (:meth:`companion.league.standings.Standings.warm_steps`) lets a tap in
    between."""
    person_of = person_of or {}
    model = model or _model()
    shown_names: dict[str, str] = dict(names or {})
    games = _ordered(rows, person_of)
    for g in games:
        for seat, p in zip(g.seats, g.names):
            shown_names.setdefault(seat.person, p)
    yield

    table, moves = yield from _rate_steps(games, ALL, shown_names, model)
    evenings = []
    used: dict[str, int] = {}
    for group in _sittings(games):
        first = games[group[0]]
        date = first.date
        base = date or "unknown"
        used[base] = used.get(base, 0) + 1
        key = base if used[base] == 1 else f"{base}-{used[base]}"
        span: dict[str, list[int]] = {}  # person → [before their first game here, after their last]
        for i in group:
            for p, (before, after) in moves[i].items():
                span.setdefault(p, [before, after])[1] = after
        mv = tuple(sorted((Move(p, shown_names.get(p, p), b, a) for p, (b, a) in span.items()),
                          key=lambda m: (-m.after, m.name.casefold())))
        evenings.append((group[0], Evening(date, tuple(games[i] for i in group), mv, key)))
    evenings.sort(key=lambda ie: -ie[0])  # most recent first
    return League(games, shown_names, {ALL: table}, [e for _, e in evenings], model)


def _rate(games: list[Game], scope: str, names: Mapping[str, str],
          model: PlackettLuce) -> tuple[dict[str, Standing], list[dict[str, tuple[int, int]]]]:
    """The standings of one scope (all games, or one game's), and per game of the scope each
    of its players' rating before and after it (all games: the evenings' moves)."""
    return run_through(_rate_steps(games, scope, names, model))


def _rate_steps(games: list[Game], scope: str, names: Mapping[str, str], model: PlackettLuce
                ) -> Generator[None, None, tuple[dict[str, Standing], list[dict[str, tuple[int, int]]]]]:
    """:func:`_rate`, a step every :data:`STEP` games."""
    table: dict[str, Standing] = {}
    rated: dict[str, Any] = {}
    moves: list[dict[str, tuple[int, int]]] = []
    for n, g in enumerate(games, start=1):
        if n % STEP == 0:
            yield
        if scope and g.kind != scope:
            continue
        teams = [[rated.get(s.person) or model.rating()] for s in g.seats]
        new = model.rate(teams, ranks=[s.place for s in g.seats])
        move: dict[str, tuple[int, int]] = {}
        for s, (r,) in zip(g.seats, new):
            rated[s.person] = r
            st = table.get(s.person)
            if st is None:
                st = table[s.person] = Standing(s.person, names.get(s.person, s.person))
            before = st.rating
            st.mu, st.sigma, st.rating = r.mu, r.sigma, shown(r.mu)
            move[s.person] = (before, st.rating)
            st.games += 1
            st.wins += s.won
            st.current_streak = st.current_streak + 1 if s.won else 0
            st.streak = max(st.streak, st.current_streak)
            st.best_place = s.place if st.best_place is None else min(st.best_place, s.place)
            if scope:
                better = min if g.low_wins else max
                st.best = s.total if st.best is None else better(st.best, s.total)
            st.trend.append((g.date, st.rating))
        moves.append(move)
    return table, moves


def of_store(store: Any) -> League:
    """The league of a store's kept games and people."""
    return run_through(of_store_steps(store))


def of_store_steps(store: Any) -> Generator[None, None, League]:
    """:func:`of_store` a step at a time (:func:`compute_steps`)."""
    people = store.people()
    return (yield from compute_steps(store.archived(), {n: p["id"] for p in people for n in p["names"]},
                                     {p["id"]: p["name"] for p in people}))


__all__ = ["ALL", "COUNTED", "Evening", "Game", "HeadToHead", "League", "Move", "NEWCOMER_SIGMA", "SITTING_GAP",
           "Seat", "Standing", "compute", "compute_steps", "of_store", "of_store_steps", "parse_when", "read_game", "shown"]
