"""The portable game record ``kozyrnye-kity/1`` (see shared/rules/game-record-format.md).

:func:`parse_record` turns a JSON value into a :class:`GameRecord` or raises
:class:`RecordError` with the path of the problem; :func:`record_to_json` writes it back so
that writing what was read gives the same JSON value (optional keys stay absent, unknown keys
are kept). :func:`record_actions` and :func:`actions_to_record` convert between a record and
the engine's action log.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Sequence

from .cards import FAMILY_CARDS, FIVE, Bonus, BonusKind, Card, CardFacts, DeckProfile, Family, Token, parse_card
from ..core.actions import Codec, player_pairs
from ..core.errors import RecordError
from ..core.reading import NO_EXTRA as _NO_EXTRA
from ..core.reading import Limits as RecordLimits
from ..core.reading import head, listed, reader, writer
from ..core.reading import extra as _extra
from ..core.reading import get as _get
from ..core.reading import join as _join
from ..core.reading import player as _player
from ..core.reading import show as _show
from ..core.reading import typed as _typed
from .game import (
    MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, Action, ChooseLeader, ChooseReward, GameState, PlayCard, StartRound,
    TallyRound, UseBonus, new_game, per_player_error, CARD, TALLY, read_card, read_family, read_token,
)

FORMAT = "kozyrnye-kity/1"


@dataclass(frozen=True)
class Limits(RecordLimits):
    """A record's size and names (:class:`engine.core.reading.Limits`: a 5-round game is about
    30 KB), its rounds and tricks. Checked before any replay work, so a hostile or broken file
    costs little and cannot freeze the app."""

    max_rounds: int = MAX_ROUNDS  # N-RECORD-LIMIT: the engine refuses a round past it at entry
    max_tricks: int = 16   # R-SCORE-1 says 8; up to twice that is kept and reported, more is refused


LIMITS = Limits()
_CARDS = {c.id: c for c in FAMILY_CARDS + (FIVE,)}


@dataclass(frozen=True, slots=True)
class RecordUse:
    card: Card
    family: Family | None = None  # the object form {"card", "family"} when set


@dataclass(frozen=True, slots=True)
class RecordPlay:
    player: str
    card: Card
    uses: tuple[RecordUse, ...] | None = None  # None: no "use" key
    extra: Mapping[str, Any] = field(default_factory=lambda: _NO_EXTRA)


@dataclass(frozen=True, slots=True)
class RecordTrick:
    plays: tuple[RecordPlay, ...]
    reward: Card | None = None
    next_leader: str | None = None
    extra: Mapping[str, Any] = field(default_factory=lambda: _NO_EXTRA)


@dataclass(frozen=True, slots=True)
class PlayedRound:
    trump: Family
    token: Token
    bonuses: tuple[tuple[str, Card], ...]  # (player, card) in the record's order
    leader: str
    tricks: tuple[RecordTrick, ...]
    extra: Mapping[str, Any] = field(default_factory=lambda: _NO_EXTRA)


@dataclass(frozen=True, slots=True)
class TalliedRound:
    tally: tuple[tuple[str, int, int], ...]  # (player, pearls, unused bonuses)
    extra: Mapping[str, Any] = field(default_factory=lambda: _NO_EXTRA)


Round = PlayedRound | TalliedRound


@dataclass(frozen=True, slots=True)
class GameRecord:
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    target: int | None = None  # None: the key is absent (R-END default 30)
    deck: tuple[tuple[Card, CardFacts], ...] | None = None  # None: the key is absent
    extra: Mapping[str, Any] = field(default_factory=lambda: _NO_EXTRA)

    @property
    def effective_target(self) -> int:
        return 30 if self.target is None else self.target

    def profile(self) -> DeckProfile:
        return DeckProfile(dict(self.deck or ()))


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------
def _card(value: Any, path: str) -> Card:
    _typed(value, str, path)
    return read_card(value, path)


def _family(value: Any, path: str) -> Family:
    _typed(value, str, path)
    return read_family(value, path)


def parse_record(value: Any, limits: Limits | None = LIMITS) -> GameRecord:
    """A JSON value (already decoded) → :class:`GameRecord`, or :class:`RecordError`."""
    top, players = head(value, FORMAT, MIN_PLAYERS, MAX_PLAYERS, limits)
    target = _get(top, "target", int, "", required=False)
    if target is not None and target < 1:
        raise RecordError("target", "r.value", {"value": target, "detail": "> 0"})
    deck = None
    if "deck" in top:
        deck = tuple(_parse_deck(_get(top, "deck", dict, "")))
    rounds_raw = listed(top, "rounds", "", limits.max_rounds if limits is not None else None)
    rounds = []
    for i, r in enumerate(rounds_raw):
        rounds.append(_parse_round(r, players, _join("rounds", i), last=(i == len(rounds_raw) - 1), limits=limits))
    return GameRecord(players, tuple(rounds), target, deck,
                      _extra(top, {"format", "players", "target", "deck", "rounds"}))


read_record = reader(parse_record, LIMITS)


def _parse_deck(deck: Mapping) -> Iterator[tuple[Card, CardFacts]]:
    for cid, facts in deck.items():
        path = _join("deck", cid)
        card = _card(cid, path)
        if card.is_five:
            raise RecordError(path, "r.five-bonus")
        yield card, facts_from_json(facts, path)


def facts_from_json(facts: Any, path: str = "facts") -> CardFacts:
    """``{"pearls": 1–3, "bonus": {"kind": …, "families": […]}}`` (both optional) → CardFacts;
    anything else raises :class:`RecordError`."""
    _typed(facts, dict, path)
    pearls = _get(facts, "pearls", int, path, required=False)
    if pearls is not None and not 1 <= pearls <= 3:
        raise RecordError(_join(path, "pearls"), "r.value", {"value": pearls, "detail": "1–3"})
    bonus = None
    if "bonus" in facts:
        bpath = _join(path, "bonus")
        b = _get(facts, "bonus", dict, path)
        kind_raw = _get(b, "kind", str, bpath)
        try:
            kind = BonusKind(kind_raw)
        except ValueError:
            raise RecordError(_join(bpath, "kind"), "r.value", {"value": _show(kind_raw), "detail": "trump | flip | pearl"}) from None
        fams: tuple[Family, ...] = ()
        if kind is BonusKind.TRUMP:
            fl = _get(b, "families", list, bpath)
            fams = tuple(_family(f, _join(_join(bpath, "families"), j)) for j, f in enumerate(fl))
            if not fams or len(set(fams)) != len(fams):
                raise RecordError(_join(bpath, "families"), "r.value", {"value": _show(fl), "detail": "≥ 1, distinct"})
        elif "families" in b:
            raise RecordError(_join(bpath, "families"), "r.value", {"value": _show(b["families"]), "detail": kind.value})
        if set(b) - {"kind", "families"}:
            raise RecordError(bpath, "r.value", {"value": _show(sorted(set(b) - {"kind", "families"})), "detail": "kind, families"})
        bonus = Bonus(kind, fams)
    if set(facts) - {"pearls", "bonus"}:
        raise RecordError(path, "r.value", {"value": _show(sorted(set(facts) - {"pearls", "bonus"})), "detail": "pearls, bonus"})
    return CardFacts(pearls, bonus)


def facts_to_json(f: CardFacts) -> dict:
    """Inverse of :func:`facts_from_json` (unknown facts stay absent)."""
    out: dict[str, Any] = {}
    if f.pearls is not None:
        out["pearls"] = f.pearls
    if f.bonus is not None:
        out["bonus"] = f.bonus.to_json()
    return out


def profile_from_json(*sources: Mapping[str, Any]) -> DeckProfile:
    """A deck profile from stored ``{card id: facts}`` maps, later ones taking precedence
    over earlier ones and all over ``KNOWN_FACTS``. A damaged entry, or one for a 5, is left
    out: the app simply asks for that card again."""
    facts: dict[Card, CardFacts] = {}
    for source in sources:
        for cid, f in (source.items() if isinstance(source, Mapping) else ()):
            try:
                card = parse_card(cid)
                if not card.is_five:
                    new = facts_from_json(f)
                    facts[card] = facts.get(card, CardFacts()).merged(new)
            except (ValueError, RecordError):
                continue
    return DeckProfile(facts)


_PLAYED_KEYS = {"trump", "token", "bonuses", "leader", "tricks"}
# one value per player as written: (player, value) in the record's order
_BONUSES = player_pairs(CARD, per_player_error)
_TALLY = player_pairs(TALLY, per_player_error)


def _parse_round(r: Any, players: Sequence[str], path: str, last: bool, limits: Limits | None = LIMITS) -> Round:
    _typed(r, dict, path)
    if "tally" in r:
        if _PLAYED_KEYS & set(r):
            raise RecordError(path, "r.round-kind")
        pairs = _TALLY.read(_get(r, "tally", dict, path), players, _join(path, "tally"))
        return TalliedRound(tuple((name, p, u) for name, (p, u) in pairs), _extra(r, {"tally"}))
    if not _PLAYED_KEYS & set(r):
        raise RecordError(path, "r.round-kind")
    trump = _family(_get(r, "trump", str, path), _join(path, "trump"))
    token = read_token(_get(r, "token", int, path), _join(path, "token"))
    bonuses = _BONUSES.read(_get(r, "bonuses", dict, path), players, _join(path, "bonuses"))
    leader = _player(_get(r, "leader", str, path), players, _join(path, "leader"))
    traw = listed(r, "tricks", path, limits.max_tricks if limits is not None else None)
    tricks = []
    for j, t in enumerate(traw):
        tricks.append(_parse_trick(t, players, _join(_join(path, "tricks"), j), last=last and j == len(traw) - 1))
    return PlayedRound(trump, token, bonuses, leader, tuple(tricks), _extra(r, _PLAYED_KEYS))


def _parse_trick(t: Any, players: Sequence[str], path: str, last: bool) -> RecordTrick:
    _typed(t, dict, path)
    praw = _get(t, "plays", list, path)
    if not praw:
        raise RecordError(_join(path, "plays"), "r.empty-plays")
    plays = []
    for k, p in enumerate(praw):
        # fast path for the common play {"player", "card"}; anything else is checked in full
        if type(p) is dict and len(p) == 2:
            player, cid = p.get("player"), p.get("card")
            if type(player) is str and type(cid) is str and player in players and cid in _CARDS:
                plays.append(RecordPlay(player, _CARDS[cid], None, _NO_EXTRA))
                continue
        plays.append(_parse_play(p, players, _join(_join(path, "plays"), k)))
    reward = None
    if "reward" in t:
        reward = _card(t["reward"], _join(path, "reward"))
    elif not last:
        raise RecordError(path, "r.reward-missing")
    next_leader = None
    if "next_leader" in t:
        next_leader = _player(t["next_leader"], players, _join(path, "next_leader"))
    return RecordTrick(tuple(plays), reward, next_leader, _extra(t, {"plays", "reward", "next_leader"}))


def _parse_play(p: Any, players: Sequence[str], ppath: str) -> RecordPlay:
    _typed(p, dict, ppath)
    player = _player(_get(p, "player", str, ppath), players, _join(ppath, "player"))
    card = _card(_get(p, "card", str, ppath), _join(ppath, "card"))
    uses = None
    if "use" in p:
        upath = _join(ppath, "use")
        uses = tuple(_parse_use(u, _join(upath, m)) for m, u in enumerate(_get(p, "use", list, ppath)))
    return RecordPlay(player, card, uses, _extra(p, {"player", "card", "use"}))


def _parse_use(u: Any, path: str) -> RecordUse:
    if isinstance(u, dict):
        card = _card(_get(u, "card", str, path), _join(path, "card"))
        family = _family(_get(u, "family", str, path), _join(path, "family"))
        if set(u) - {"card", "family"}:
            raise RecordError(path, "r.value", {"value": _show(sorted(set(u) - {"card", "family"})), "detail": "card, family"})
        use = RecordUse(card, family)
    else:
        use = RecordUse(_card(u, path))
    if use.card.is_five:
        raise RecordError(path, "r.five-bonus")
    return use


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------
def record_to_json(rec: GameRecord) -> dict:
    out: dict[str, Any] = {"format": FORMAT, "players": list(rec.players)}
    if rec.target is not None:
        out["target"] = rec.target
    if rec.deck is not None:
        out["deck"] = {card.id: facts_to_json(f) for card, f in rec.deck}
    out["rounds"] = [_round_json(r) for r in rec.rounds]
    out.update(rec.extra)
    return out


def _round_json(r: Round) -> dict:
    if isinstance(r, TalliedRound):
        out: dict[str, Any] = {"tally": _TALLY.dump(((name, (p, u)) for name, p, u in r.tally), ())}
    else:
        out = {
            "trump": r.trump.value,
            "token": int(r.token),
            "bonuses": _BONUSES.dump(r.bonuses, ()),
            "leader": r.leader,
            "tricks": [_trick_json(t) for t in r.tricks],
        }
    out.update(r.extra)
    return out


def _trick_json(t: RecordTrick) -> dict:
    plays = []
    for p in t.plays:
        pj: dict[str, Any] = {"player": p.player}
        if p.uses is not None:
            pj["use"] = [u.card.id if u.family is None else {"card": u.card.id, "family": u.family.value} for u in p.uses]
        pj["card"] = p.card.id
        pj.update(p.extra)
        plays.append(pj)
    out: dict[str, Any] = {"plays": plays}
    if t.reward is not None:
        out["reward"] = t.reward.id
    if t.next_leader is not None:
        out["next_leader"] = t.next_leader
    out.update(t.extra)
    return out


write_record = writer(record_to_json)


# ---------------------------------------------------------------------------------------------
# Record ↔ actions
# ---------------------------------------------------------------------------------------------
def record_actions(rec: GameRecord) -> tuple[GameState, list[tuple[str, Action]]]:
    """The starting state and the action log of a record, each action with its record path."""
    state = new_game(rec.players, rec.effective_target, rec.profile())
    seat = {name: i for i, name in enumerate(rec.players)}
    actions: list[tuple[str, Action]] = []
    for i, r in enumerate(rec.rounds):
        rpath = f"rounds[{i}]"
        if isinstance(r, TalliedRound):
            by_player = {name: (p, u) for name, p, u in r.tally}
            actions.append((rpath, TallyRound(tuple(by_player[name] for name in rec.players))))
            continue
        by_player = dict(r.bonuses)
        actions.append((rpath, StartRound(r.trump, r.token, tuple(by_player[name] for name in rec.players), seat[r.leader])))
        for j, t in enumerate(r.tricks):
            tpath = f"{rpath}.tricks[{j}]"
            for k, p in enumerate(t.plays):
                ppath = f"{tpath}.plays[{k}]"
                for m, u in enumerate(p.uses or ()):
                    actions.append((f"{ppath}.use[{m}]", UseBonus(seat[p.player], u.card, u.family)))
                actions.append((ppath, PlayCard(seat[p.player], p.card)))
            if t.reward is not None:
                nl = seat[t.next_leader] if t.next_leader is not None else None
                actions.append((f"{tpath}.reward", ChooseReward(t.reward, nl)))
    return state, actions


def actions_to_record(state: GameState, actions: Sequence[Action], extra: Mapping[str, Any] | None = None) -> GameRecord:
    """The record of a game played as ``actions`` from the new game ``state``.

    ``deck`` lists the known facts of the cards the game used (rewards and bonuses). Bonus
    uses not yet followed by their card are not part of any play and are left out.
    """
    players = state.players
    rounds: list[Round] = []
    used: set[Card] = set()
    cur: dict[str, Any] | None = None  # the played round being built
    uses: list[RecordUse] = []

    def close() -> None:
        nonlocal cur
        if cur is not None:
            rounds.append(PlayedRound(cur["trump"], cur["token"], cur["bonuses"], cur["leader"],
                                      tuple(RecordTrick(tuple(t["plays"]), t.get("reward"), t.get("next_leader"))
                                            for t in cur["tricks"])))
            cur = None

    for a in actions:
        if isinstance(a, TallyRound):
            close()
            rounds.append(TalliedRound(tuple((players[i], p, u) for i, (p, u) in enumerate(a.tally))))
        elif isinstance(a, StartRound):
            close()
            cur = {"trump": a.trump, "token": a.token, "leader": players[a.leader], "tricks": [],
                   "bonuses": tuple((players[i], c) for i, c in enumerate(a.bonuses))}
            used.update(a.bonuses)
        elif cur is None:
            raise ValueError(f"{a!r} outside a played round")
        elif isinstance(a, UseBonus):
            uses.append(RecordUse(a.card, a.family))
            used.add(a.card)
        elif isinstance(a, PlayCard):
            tricks = cur["tricks"]
            if not tricks or "reward" in tricks[-1]:
                tricks.append({"plays": []})
            tricks[-1]["plays"].append(RecordPlay(players[a.seat], a.card, tuple(uses) if uses else None))
            uses = []
        elif isinstance(a, ChooseReward):
            t = cur["tricks"][-1]
            t["reward"] = a.card
            used.add(a.card)
            if a.next_leader is not None:
                t["next_leader"] = players[a.next_leader]
        elif isinstance(a, ChooseLeader):
            cur["tricks"][-1]["next_leader"] = players[a.seat]
    close()
    deck = tuple((c, f) for c, f in state.deck.items() if c in used and (f.pearls is not None or f.bonus is not None))
    deck = tuple(sorted(deck, key=lambda cf: cf[0].id))
    return GameRecord(players, tuple(rounds), state.target, deck, dict(extra or {}))


# ---------------------------------------------------------------------------------------------
# One action as JSON (the app's saved action log): each action class declares its form once
# (engine.core.actions, the kinds in .game)
# ---------------------------------------------------------------------------------------------
LOG = Codec(StartRound, UseBonus, PlayCard, ChooseReward, ChooseLeader, TallyRound)


def action_to_json(a: Action, players: Sequence[str]) -> dict:
    """An action as a JSON object naming players and cards as the record does."""
    return LOG.to_json(a, players)


def action_from_json(d: Any, players: Sequence[str], path: str = "action") -> Action:
    """Inverse of :func:`action_to_json`; malformed input raises :class:`RecordError`."""
    return LOG.from_json(d, players, path)
