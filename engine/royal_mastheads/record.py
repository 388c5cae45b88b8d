"""The portable set record ``royal-mastheads/1`` (docs/records/royal-mastheads.md).

:func:`parse_record` turns a JSON value into a :class:`GameRecord` or raises
:class:`~engine.core.errors.RecordError` with the path of the problem; :func:`record_to_json`
writes it back so that writing what was read gives the same JSON value (optional keys stay
absent, unknown keys are kept at the top, in each deal, and ``started``/``ended`` are kept as
they are). :func:`record_actions` and :func:`actions_to_record` convert between a record and the
engine's actions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from engine.core.actions import player_pairs
from engine.core.errors import RecordError
from engine.core.reading import (
    NO_EXTRA, Limits as RecordLimits, extra, get, head, join, listed, player, reader, show, times, typed, writer,
)

from .cards import Card
from .game import (
    CARDS, MAX_DEALS, PLAYERS, UNSET, AcceptSharedWin, Action, Bank, Entry, GameState, PlayTrick, StartDeal, TakenCards, _Unset,
    new_set, per_player_error, read_card, replay,
)
from .scoring import TRICKS_PER_DEAL, Variant

FORMAT = "royal-mastheads/1"
_VARIANTS_TEXT = ", ".join(v.value for v in Variant)


@dataclass(frozen=True)
class Limits(RecordLimits):
    """A record's size and names (:class:`engine.core.reading.Limits`), and its deals."""

    max_deals: int = MAX_DEALS  # N-RM-RECORD-LIMIT: the engine refuses a deal past it at entry


LIMITS = Limits()


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """One deal as written: ``turned``, then either ``tricks`` (+ ``bank``: (player, two cards)
    in the file's order, or ``bank_cards``: the 8 cards as an array; both None while the deal is
    in progress) or ``taken`` ((player, cards) in the
    file's order) + ``bank_cards`` (the 8 bank cards) + ``bank_holder`` (a name, None for null,
    UNSET when the key is absent)."""

    turned: Card
    tricks: tuple[tuple[Card, ...], ...] | None = None
    bank: tuple[tuple[str, tuple[Card, ...]], ...] | None = None
    taken: tuple[tuple[str, tuple[Card, ...]], ...] | None = None
    bank_cards: tuple[Card, ...] | None = None
    bank_holder: str | None | _Unset = UNSET
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)

    @property
    def by_tricks(self) -> bool:
        return self.taken is None

    @property
    def complete(self) -> bool:
        if not self.by_tricks:
            return True
        return ((self.bank is not None or self.bank_cards is not None) and len(self.tricks or ()) == TRICKS_PER_DEAL
                and all(len(t) == PLAYERS for t in self.tricks or ()))


@dataclass(frozen=True, slots=True)
class GameRecord:
    players: tuple[str, ...]
    first_dealer: str
    variant: Variant
    deals: tuple[RecordedDeal, ...]
    shared_win: bool = False       # the key "shared_win": true is present (RUL-RM-SET-TIE)
    extra: Mapping[str, Any] = field(default_factory=lambda: NO_EXTRA)


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------
def parse_record(value: Any, limits: Limits | None = LIMITS) -> GameRecord:
    """A JSON value (already decoded) → :class:`GameRecord`, or :class:`RecordError`."""
    top, names = head(value, FORMAT, PLAYERS, PLAYERS, limits)
    first = player(get(top, "first_dealer", str, ""), names, "first_dealer")
    raw_variant = get(top, "variant", str, "")
    try:
        variant = Variant(raw_variant)
    except ValueError:
        raise RecordError("variant", "rm.r.variant", {"value": show(raw_variant), "known": _VARIANTS_TEXT}) from None
    times(top)
    shared = False
    if "shared_win" in top:
        if top["shared_win"] is not True:
            raise RecordError("shared_win", "rm.r.shared-win")
        shared = True
    raw = listed(top, "deals", "", limits.max_deals if limits is not None else None)
    deals = []
    for i, d in enumerate(raw):
        path = join("deals", i)
        deal = _parse_deal(d, names, path, last=i == len(raw) - 1)
        deals.append(deal)
    return GameRecord(names, first, variant, tuple(deals), shared,
                      extra(top, {"format", "players", "first_dealer", "variant", "deals", "shared_win"}))


read_record = reader(parse_record, LIMITS)


def _card(value: Any, path: str) -> Card:
    typed(value, str, path)
    return read_card(value, path)


def _cards(value: Any, path: str) -> tuple[Card, ...]:
    return CARDS.read(value, (), path)


# cards per player as written: (player, cards) in the file's order
_PAIRS = player_pairs(CARDS, per_player_error)


def _per_player(obj: Mapping, key: str, names: Sequence[str], path: str) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    return _PAIRS.read(get(obj, key, dict, path), names, join(path, key))


def _parse_deal(value: Any, names: Sequence[str], path: str, *, last: bool) -> RecordedDeal:
    obj = typed(value, dict, path)
    turned = _card(get(obj, "turned", str, path), join(path, "turned"))
    if "taken" in obj:
        if "tricks" in obj:
            raise RecordError(path, "rm.r.deal-both")
        taken = _per_player(obj, "taken", names, path)
        bank = _cards(get(obj, "bank", list, path), join(path, "bank"))
        holder: str | None | _Unset = UNSET
        if "bank_holder" in obj:
            h = obj["bank_holder"]
            holder = None if h is None else player(h, names, join(path, "bank_holder"))
        return RecordedDeal(turned, taken=taken, bank_cards=bank, bank_holder=holder,
                            extra=extra(obj, {"turned", "taken", "bank", "bank_holder"}))
    raw = get(obj, "tricks", list, path)
    tpath = join(path, "tricks")
    if len(raw) > TRICKS_PER_DEAL:
        raise RecordError(tpath, "rm.r.tricks-many", {"count": len(raw)})
    tricks = []
    for j, t in enumerate(raw):
        cards = _cards(t, join(tpath, j))
        short = len(cards) < PLAYERS
        if not cards or len(cards) > PLAYERS or (short and not (last and j == len(raw) - 1)):
            raise RecordError(join(tpath, j), "rm.r.trick-size", {"count": len(cards)})
        tricks.append(cards)
    bank, bank_cards = None, None
    if isinstance(obj.get("bank"), list):  # the 8 cards nobody played (RM-BANK)
        bank_cards = _cards(obj["bank"], join(path, "bank"))
    elif "bank" in obj:  # two cards per player (RM-BANK)
        bank = _per_player(obj, "bank", names, path)
    deal = RecordedDeal(turned, tricks=tuple(tricks), bank=bank, bank_cards=bank_cards,
                        extra=extra(obj, {"turned", "tricks", "bank"}))
    if not last and not deal.complete:
        detail = f"{len(tricks)}/{TRICKS_PER_DEAL}" + ("" if "bank" in obj else ", bank?")
        raise RecordError(path, "rm.r.incomplete", {"detail": detail})
    return deal


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------
def _deal_json(d: RecordedDeal) -> dict:
    out: dict[str, Any] = {"turned": d.turned.id}
    if d.by_tricks:
        out["tricks"] = [[c.id for c in t] for t in d.tricks or ()]
        if d.bank is not None:
            out["bank"] = _PAIRS.dump(d.bank, ())
        elif d.bank_cards is not None:
            out["bank"] = [c.id for c in d.bank_cards]
    else:
        out["taken"] = _PAIRS.dump(d.taken or (), ())
        out["bank"] = [c.id for c in d.bank_cards or ()]
        if d.bank_holder is not UNSET:
            out["bank_holder"] = d.bank_holder
    out.update(d.extra)
    return out


def record_to_json(rec: GameRecord) -> dict:
    """The record's JSON value (inverse of :func:`parse_record`)."""
    out: dict[str, Any] = {"format": FORMAT, "players": list(rec.players), "first_dealer": rec.first_dealer,
                           "variant": rec.variant.value, "deals": [_deal_json(d) for d in rec.deals]}
    if rec.shared_win:
        out["shared_win"] = True
    out.update(rec.extra)
    return out


write_record = writer(record_to_json)


# ---------------------------------------------------------------------------------------------
# Record ↔ actions
# ---------------------------------------------------------------------------------------------
def record_actions(rec: GameRecord) -> tuple[GameState, list[tuple[str, Action]]]:
    """The starting state and the actions of a record, each with its path in the record."""
    state = new_set(rec.players, rec.first_dealer, rec.variant)
    actions: list[tuple[str, Action]] = []
    for i, d in enumerate(rec.deals):
        path = f"deals[{i}]"
        actions.append((path + ".turned", StartDeal(d.turned)))
        if d.by_tricks:
            for j, t in enumerate(d.tricks or ()):
                actions.append((f"{path}.tricks[{j}]", PlayTrick(t)))
            if d.bank is not None:
                by = dict(d.bank)
                actions.append((path + ".bank", Bank(tuple(by[name] for name in rec.players))))
            elif d.bank_cards is not None:
                actions.append((path + ".bank", Bank(d.bank_cards)))
        else:
            by = dict(d.taken or ())
            holder = d.bank_holder
            actions.append((path + ".taken", TakenCards(tuple(by[name] for name in rec.players), d.bank_cards or (),
                                                        holder)))
    if rec.shared_win:
        actions.append(("shared_win", AcceptSharedWin()))
    return state, actions


def actions_to_record(state: GameState, actions: Sequence[Action], extra: Mapping[str, Any] | None = None) -> GameRecord:
    """The record of the set ``actions`` entered from the new set ``state``. Actions that cannot
    be applied raise :class:`~engine.core.errors.IllegalAction`; rule violations are kept
    (replay mode)."""
    final = replay(state, actions, strict=False)
    names = state.players
    deals = []
    for d in final.deals + ((final.deal,) if final.deal is not None else ()):
        if d.entry is Entry.TAKEN:
            holder = d.holder_entered
            deals.append(RecordedDeal(
                d.turned, taken=tuple((names[s], cs) for s, cs in enumerate(d.taken_entry or ())),
                bank_cards=d.bank_cards, bank_holder=holder if holder is UNSET or holder is None else names[holder]))
        else:
            tricks = tuple(t.cards for t in d.tricks) + ((d.current,) if d.current else ())
            bank = tuple((names[s], cs) for s, cs in enumerate(d.bank)) if d.bank is not None else None
            # a bank entered without owners (RM-BANK: the cards nobody played) is written as its 8 cards
            bank_cards = d.bank_cards if bank is None and d.closed else None
            deals.append(RecordedDeal(d.turned, tricks=tricks, bank=bank, bank_cards=bank_cards))
    return GameRecord(names, names[state.first_dealer], state.variant, tuple(deals), bool(final.shared_win),
                      dict(extra or {}) or NO_EXTRA)
