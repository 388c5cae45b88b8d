"""One codec for the actions of every game: a tagged, frozen action class is its log entry.

An action class declares once how it is written — its tag (the JSON ``"type"``, e.g. ``"play"``)
and the kind of each field — with the :func:`action` decorator::

    @action("play", player=PLAYER, card=CARD, swap_with=PLAYER.at("with"))
    @dataclass(frozen=True, slots=True)
    class Play: ...

:func:`to_json` writes an action as a JSON object (the tag first, then the fields in declaration
order; a field equal to its default is left out), :meth:`Codec.from_json` reads one back and raises
:class:`~engine.core.errors.RecordError` with the path of the problem (``r.missing``, ``r.type``
and the kinds' own keys). A game lists its classes in a :class:`Codec` (its log; a record whose
entries are the same objects with another tag key, e.g. ``"act"``, keeps unknown keys with
:meth:`Codec.read`). Players are names in JSON; in an action a seat or a name (:data:`PLAYER`
keeps names, :data:`SEAT` gives seats). Like python-chess's variants and boardgame.io's moves, a
game is a list of declared moves; the rules stay in the game's ``apply``.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import RecordError
from .reading import NO_EXTRA, at_most_number, get, join, player, show, typed

TYPE = "type"


@dataclass(frozen=True)
class Kind:
    """How one field's value is written. ``json``: the JSON type it must have (checked first,
    ``r.type``; None: any); ``dump(value, players)`` → JSON; ``load(json, players, path)`` → value
    (raises :class:`RecordError`)."""

    json: type | None
    dump: Callable[[Any, Sequence[str]], Any]
    load: Callable[[Any, Sequence[str], str], Any]
    key: str | None = None  # the JSON key when it is not the field's name

    def at(self, key: str) -> "Kind":
        """The same kind under another JSON key (``swap_with`` written as ``"with"``)."""
        return Kind(self.json, self.dump, self.load, key)

    def read(self, value: Any, players: Sequence[str], path: str) -> Any:
        if self.json is not None:
            typed(value, self.json, path)
        return self.load(value, players, path)


def _name(who: Any, players: Sequence[str]) -> Any:
    """A seat as its player's name; a name (or anything else) as it is."""
    return players[who] if who.__class__ is int and 0 <= who < len(players) else who


PLAYER = Kind(str, _name, lambda v, players, path: player(v, players, path))
"""A player written by name, read as the name (an action may also hold a seat)."""
SEAT = Kind(str, _name, lambda v, players, path: list(players).index(player(v, players, path)))
"""A player written by name, read as the seat."""


def scalar(json: type, typ: type, dump: Callable[[Any], Any], load: Callable[[Any, str], Any]) -> Kind:
    """A value that needs no players: a card by its id (``dump`` = its id, ``load(id, path)`` =
    the game's reader with its own error key), a colour, a family… A value that is not a
    ``typ`` (an id as a screen sent it) is written as it is, and checked when it is read."""
    return Kind(json, lambda v, players: dump(v) if isinstance(v, typ) else v, lambda v, players, path: load(v, path))


def count(low: int = 0, high: int | None = None, rule: str = "") -> Kind:
    """A whole number ≥ ``low`` (``r.value``) and, with ``high``, at most ``high``: more is
    beyond any game by the rule ``rule`` (``r.number-big``)."""
    def load(v: int, players: Sequence[str], path: str) -> int:
        if v < low:
            raise RecordError(path, "r.value", {"value": v, "detail": f"≥ {low}"})
        return v if high is None else at_most_number(v, high, path, rule)
    return Kind(int, lambda v, players: v, load)


def listof(kind: Kind) -> Kind:
    """A JSON array of ``kind``, read as a tuple."""
    return Kind(list, lambda v, players: [kind.dump(x, players) for x in v],
                lambda v, players, path: tuple(kind.read(x, players, join(path, i)) for i, x in enumerate(v)))


def nullable(kind: Kind) -> Kind:
    """``kind`` or JSON null (None)."""
    return Kind(None, lambda v, players: None if v is None else kind.dump(v, players),
                lambda v, players, path: None if v is None else kind.read(v, players, path))


def _by_player(kind: Kind, missing: Callable[[str, str], RecordError]) -> Callable[[Mapping, Sequence[str], str], dict]:
    def load(v: Mapping, players: Sequence[str], path: str) -> dict:
        by = {}
        for name, x in v.items():
            at = join(path, name)
            player(name, players, at)
            by[name] = kind.read(x, players, at)
        for name in players:
            if name not in by:
                raise missing(name, path)
        return by
    return load


def per_player(kind: Kind, missing: Callable[[str, str], RecordError]) -> Kind:
    """An object name → ``kind`` with every player once, read as a tuple in seat order; written
    from a sequence in seat order or a mapping seat-or-name → value (in the mapping's order, as
    the table entered it). ``missing(name, path)``: the game's error for a player left out."""
    def dump(v: Any, players: Sequence[str]) -> dict:
        if isinstance(v, Mapping):
            return {_name(k, players): kind.dump(x, players) for k, x in v.items()}
        return {p: kind.dump(x, players) for p, x in zip(players, v)}

    by_player = _by_player(kind, missing)
    return Kind(dict, dump, lambda v, players, path: tuple(by_player(v, players, path)[p] for p in players))


def player_pairs(kind: Kind, missing: Callable[[str, str], RecordError]) -> Kind:
    """:func:`per_player` as a record keeps it: ``(name, value)`` pairs in the file's order (so
    that writing what was read gives the same JSON)."""
    by_player = _by_player(kind, missing)
    return Kind(dict, lambda v, players: {name: kind.dump(x, players) for name, x in v},
                lambda v, players, path: tuple(by_player(v, players, path).items()))


@dataclass(frozen=True)
class _Field:
    name: str      # the attribute
    key: str       # the JSON key
    kind: Kind
    default: Any   # MISSING: required; a value equal to it is not written


@dataclass(frozen=True)
class Spec:
    tag: str
    fields: tuple[_Field, ...]
    keys: frozenset[str] = frozenset()  # the fields' JSON keys (made once, read for every entry)

    def __post_init__(self) -> None:
        object.__setattr__(self, "keys", frozenset(f.key for f in self.fields))


def action(tag: str, **kinds: Kind) -> Callable[[type], type]:
    """Declare a dataclass an action written as ``{"type": tag, …}``: one :class:`Kind` per
    field (every field, by its attribute name; :meth:`Kind.at` for another JSON key)."""
    def deco(cls: type) -> type:
        specs = []
        for f in fields(cls):
            kind = kinds.pop(f.name)
            specs.append(_Field(f.name, kind.key or f.name, kind, f.default))
        if kinds:
            raise TypeError(f"{cls.__name__} has no fields {sorted(kinds)}")
        cls.__action__ = Spec(tag, tuple(specs))  # type: ignore[attr-defined]
        return cls
    return deco


def spec(a: Any) -> Spec:
    s = getattr(type(a), "__action__", None)
    if s is None:
        raise TypeError(f"not an action: {a!r}")
    return s


def tag(a: Any) -> str:
    """The tag of an action (or of an action class)."""
    return (a if isinstance(a, type) else type(a)).__action__.tag  # type: ignore[union-attr]


def to_json(a: Any, players: Sequence[str], tag_key: str = TYPE) -> dict:
    """An action as a JSON object: players by name, cards by id, unset optional fields left out."""
    s = spec(a)
    out: dict[str, Any] = {tag_key: s.tag}
    for f in s.fields:
        v = getattr(a, f.name)
        if f.default is not MISSING and (v is f.default or v == f.default):
            continue
        out[f.key] = f.kind.dump(v, players)
    return out


def _fields_from(obj: Mapping, s: Spec, players: Sequence[str], path: str) -> dict[str, Any]:
    values = {}
    for f in s.fields:
        if f.key not in obj:
            if f.default is MISSING:
                raise RecordError(path, "r.missing", {"field": f.key})
            continue
        values[f.name] = f.kind.read(obj[f.key], players, join(path, f.key))
    return values


class Codec:
    """A game's list of actions, read and written by tag.

    ``unknown(obj, path, codec)``: the game's error for an object whose tag it does not know
    (default: a missing or non-string tag is ``r.missing`` / ``r.type``, another ``r.value``
    listing the tags). ``exclusive``: keys that belong only to the classes declaring them: another class's
    entry holding one is refused with ``exclusive_error(key, tag, path)``."""

    def __init__(self, *classes: type, tag_key: str = TYPE,
                 unknown: Callable[[Mapping, str, "Codec"], RecordError] | None = None,
                 exclusive: Iterable[str] = (), exclusive_error: Callable[[str, str, str], RecordError] | None = None):
        self.classes = classes
        self.by_tag: dict[str, type] = {c.__action__.tag: c for c in classes}  # type: ignore[attr-defined]
        self.tags = tuple(self.by_tag)
        self.tag_key = tag_key
        self._unknown = unknown
        self._exclusive = tuple(sorted(exclusive))
        self._exclusive_error = exclusive_error

    def to_json(self, a: Any, players: Sequence[str]) -> dict:
        return to_json(a, players, self.tag_key)

    def from_json(self, d: Any, players: Sequence[str], path: str = "action") -> Any:
        return self._read(typed(d, dict, path), players, path)

    def read(self, d: Any, players: Sequence[str], path: str = "action") -> tuple[Any, Mapping[str, Any]]:
        """(the action, the object's keys the action does not know): a record keeps them."""
        obj = typed(d, dict, path)
        a = self._read(obj, players, path)
        own = spec(a).keys
        rest = {k: v for k, v in obj.items() if k != self.tag_key and k not in own}
        return a, rest or NO_EXTRA

    def _read(self, obj: Mapping, players: Sequence[str], path: str) -> Any:
        t = obj.get(self.tag_key)
        cls = self.by_tag.get(t) if isinstance(t, str) else None
        if cls is None:
            if self._unknown is not None:
                raise self._unknown(obj, path, self)
            t = get(obj, self.tag_key, str, path)
            raise RecordError(join(path, self.tag_key), "r.value", {"value": show(t), "detail": " | ".join(self.tags)})
        s: Spec = cls.__action__  # type: ignore[attr-defined]
        own = s.keys
        for key in self._exclusive:
            if key in obj and key not in own:
                raise self._exclusive_error(key, s.tag, join(path, key))  # type: ignore[misc]
        return cls(**_fields_from(obj, s, players, path))


__all__ = ["Codec", "Kind", "PLAYER", "SEAT", "Spec", "TYPE", "action", "count", "listof",
           "nullable", "per_player", "player_pairs", "scalar", "spec", "tag", "to_json"]
