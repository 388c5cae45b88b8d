"""Typed JSON reading with paths, shared by every game's record format.

:func:`load_json` decodes a record's text and refuses what could not be stored again (JSON's
NaN and Infinity, lone surrogates) or is too large; :func:`get` / :func:`typed` read a field of
a given type, and every problem raises :class:`~engine.core.errors.RecordError` with the path
of the problem in the document (``rounds[2].tricks[3].plays[0].card``). Untrusted text that a
message quotes goes through :func:`quote` or :func:`show`.
"""
from __future__ import annotations

import functools
import json
import re
from itertools import accumulate
import sys
import unicodedata
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .errors import RecordError
from .seating import names_ok
from .i18n import render

MAX_NAME = 40  # characters of a player name in every game (the app's name field takes as many)
# Arrays and objects nested deeper than this are refused before the JSON is parsed: every game's
# record nests under 10 deep (with room for what a table adds in its own keys), while a parser's
# recursion on a file nested thousands deep stops the browser's Python (issue 43).
MAX_DEPTH = 100
NO_EXTRA: Mapping[str, Any] = MappingProxyType({})
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_TYPE_NAMES = {dict: "object", list: "array", str: "string", int: "integer", bool: "boolean"}
_PLAIN_KEY = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
_CONTROL = ("Cc", "Cf", "Cs", "Zl", "Zp")


def load_json(text: str | bytes, max_bytes: int | None) -> Any:
    """The JSON value of a record's text; any problem raises :class:`RecordError`."""
    if isinstance(text, str):
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError("", "r.text") from None
    else:
        raw = text
    size = len(raw)
    if max_bytes is not None and size > max_bytes:
        raise RecordError("", "r.too-big", {"size": size, "limit": max_bytes})
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        if nested_deeper(text, MAX_DEPTH):
            raise RecordError("", "r.deep", {"limit": MAX_DEPTH})
        value = json.loads(text, parse_constant=_no_constant)
    except UnicodeDecodeError as e:
        raise RecordError("", "r.read", {"detail": Said("r.utf8", {"at": e.start + 1})}) from None
    except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError; so is a 5,000-digit int
        raise RecordError("", "r.json", {"detail": _json_problem(e)}) from None
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):  # only escapes can make a lone surrogate
        check_text(value)
    return value


# A JSON string, escapes included; an unterminated one runs to the end (so a match never fails
# and the scan stays linear whatever the text).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.S)
_NOT_BRACKET = re.compile(r'[^\[\]{}]+')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}.__getitem__


def nested_deeper(text: str, limit: int) -> bool:
    """Whether the JSON text nests arrays and objects more than ``limit`` deep, by one linear
    pass over its brackets outside strings (no recursion, whatever the depth): a pre-scan
    before :func:`json.loads`, whose recursion on a file nested thousands deep overflows the
    stack of the browser's Python (issue 43). Text that is not JSON may be counted roughly; the
    parser then says what is wrong with it."""
    if text.count("[") + text.count("{") <= limit:  # the common case: not even that many opened
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    for i in range(0, len(brackets), limit):  # a block of ``limit`` brackets at a time; in detail
        block = brackets[i:i + limit]         # only where it could go deeper than the limit
        opened = block.count("[") + block.count("{")
        if depth + opened > limit and max(accumulate(map(_STEP, block), initial=depth)) > limit:
            return True
        depth += 2 * opened - len(block)
    return False


class _Constant(ValueError):
    """NaN, Infinity or -Infinity in a record: JSON has no such numbers."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def _no_constant(name: str) -> Any:
    raise _Constant(name)


@dataclass(frozen=True, slots=True)
class Said:
    """A message of the engine's catalogs (:mod:`.i18n`) as a parameter of another: rendered in the language of the
    message that quotes it (a refusal never carries a tail in another language)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def localize(self, lang: str) -> str:
        return render(self.key, self.params, lang)


# Python's own words for a JSON syntax error (json.JSONDecodeError.msg), in the user's language.
_JSON_SYNTAX = {
    "Expecting value": "r.json-value",
    "Expecting ',' delimiter": "r.json-comma",
    "Expecting ':' delimiter": "r.json-colon",
    "Expecting property name enclosed in double quotes": "r.json-name",
    "Unterminated string starting at": "r.json-string",
    "Invalid control character at": "r.json-control",
    "Invalid \\escape": "r.json-escape",
    "Invalid \\uXXXX escape": "r.json-escape",
    "Extra data": "r.json-extra",
    "Illegal trailing comma before end of object": "r.json-comma-end",
    "Illegal trailing comma before end of array": "r.json-comma-end",
}


def _json_problem(e: BaseException) -> Said:
    """What is wrong with a record's JSON text, said in every language (never Python's English)."""
    if isinstance(e, json.JSONDecodeError):
        what = Said(_JSON_SYNTAX.get(e.msg, "r.json-syntax"))
        return Said("r.json-at", {"what": what, "line": e.lineno, "column": e.colno})
    if isinstance(e, RecursionError):
        return Said("r.json-deep")
    if isinstance(e, _Constant):
        return Said("r.json-constant", {"name": e.name})
    # CPython refuses to convert an integer literal longer than sys.get_int_max_str_digits()
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
    if "digits" in str(e):
        return Said("r.json-digits", {"limit": limit})
    return Said("r.json-syntax")


def check_text(value: Any) -> None:
    """Every string (keys too) must be real Unicode: a lone surrogate cannot be written to a
    UTF-8 file, so the app could not keep the record it accepted."""
    stack, path = [(value, "")], ""
    while stack:
        v, path = stack.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                kpath = join(path, k)
                if has_surrogate(k):
                    raise RecordError(kpath, "r.text")
                stack.append((x, kpath))
        elif isinstance(v, list):
            stack.extend((x, join(path, i)) for i, x in enumerate(v))
        elif isinstance(v, str) and has_surrogate(v):
            raise RecordError(path, "r.text")


def has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


def quote(text: str, limit: int = 40) -> str:
    """Untrusted text for a message: in quotes, control and format characters (newlines, ESC,
    BEL, direction overrides) and lone surrogates escaped, at most ``limit`` characters."""
    out = []
    for ch in text[: limit + 1]:
        cat = unicodedata.category(ch)
        out.append(ch.encode("unicode_escape").decode("ascii") if cat in _CONTROL or ch in '"\\' else ch)
    body = "".join(out[:limit])
    return f'"{body}…"' if len(text) > limit else f'"{body}"'


def bad_name(name: str, max_name: int | None = MAX_NAME) -> str | None:
    """Why ``name`` cannot be a player's name (a message key), or None."""
    if max_name is not None and len(name) > max_name:
        return "r.name-long"
    if any(unicodedata.category(ch) in _CONTROL for ch in name):
        return "r.name-chars"
    return None


def show(value: Any) -> str:
    """A value from the file for a message: JSON, with no raw control or format character,
    at most 40 characters."""
    text = "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in ("Cf", "Cs", "Zl", "Zp")
                   else ch for ch in json.dumps(value, ensure_ascii=False)[:200])
    return text if len(text) <= 40 else text[:37] + "…"


def show_any(value: Any) -> str:
    """Any value an action may hold, for a message: as JSON (:func:`show`), else its ``repr`` quoted."""
    try:
        return show(value)
    except (TypeError, ValueError):
        return quote(repr(value))


def show_input(value: Any) -> str:
    """A value the table entered, for a message: a string quoted (:func:`quote`), else :func:`show_any`."""
    return quote(value) if isinstance(value, str) else show_any(value)


def get(obj: Mapping, key: str, typ: type, path: str, *, required: bool = True) -> Any:
    if key not in obj:
        if required:
            raise RecordError(path, "r.missing", {"field": key})
        return None
    return typed(obj[key], typ, join(path, key))


def typed(value: Any, typ: type, path: str) -> Any:
    if typ is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, typ)
    if not ok:
        raise RecordError(path, "r.type", {"expected": _TYPE_NAMES[typ], "value": show(value)})
    return value


def join(path: str, key: str | int) -> str:
    """A location in the record, for messages: a key from the file is quoted and shortened
    when it is anything but a plain name (it may hold newlines or terminal escapes)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    key = _path_key(key) if len(key) <= 40 else quote(key)
    return f"{path}.{key}" if path else key


@functools.lru_cache(maxsize=512)
def _path_key(key: str) -> str:
    """The record's keys repeat (rounds, tricks, plays…): each is checked once."""
    return key if _PLAIN_KEY.match(key) else quote(key)


def extra(obj: Mapping, known: set[str]) -> Mapping[str, Any]:
    """The keys a reader does not know: kept, so writing what was read gives the same JSON."""
    out = {k: v for k, v in obj.items() if k not in known}
    return out if out else NO_EXTRA


def check_format(top: Mapping, fmt: str) -> None:
    """The record's ``format`` must be ``fmt``."""
    if top.get("format") != fmt:
        if "format" not in top:
            raise RecordError("", "r.missing", {"field": "format"})
        raise RecordError("format", "r.format", {"value": show(top.get("format")), "expected": fmt})


def players(top: Mapping, low: int, high: int, max_name: int | None = MAX_NAME) -> tuple[str, ...]:
    """The record's ``players``: ``low``–``high`` distinct, non-blank names a record can hold."""
    raw = get(top, "players", list, "")
    for i, p in enumerate(raw):
        typed(p, str, join("players", i))
    out = tuple(raw)
    if not low <= len(out) <= high or not names_ok(out):
        raise RecordError("players", "r.players", {"low": low, "high": high})
    for i, p in enumerate(out):
        why = bad_name(p, max_name)
        if why:
            raise RecordError(join("players", i), why, {"value": quote(p), "limit": max_name or 0})
    return out


@dataclass(frozen=True)
class Limits:
    """What a record of any game may hold before it is refused unread; a game's limits add the
    counts of its own lists (rounds, parties, deals, turns…). A real sitting is far inside these."""

    max_bytes: int = 4 * 1024 * 1024
    max_name: int = MAX_NAME  # characters of a player name (the app's name field takes as many)


L = TypeVar("L", bound=Limits)
R = TypeVar("R")


def reader(parse: Callable[[Any, L | None], R], default: L) -> Callable[..., R]:
    """A game's ``read_record(text, limits=default)`` from its ``parse_record(value, limits)``."""

    def read_record(text: str | bytes, limits: L | None = default) -> R:
        """Parse the text of a record (UTF-8, JSON); any problem raises :class:`RecordError`.

        What is read can also be stored: JSON's NaN and Infinity and lone surrogates (text that
        is not Unicode) are refused, and so is a record beyond ``limits`` (None: no limits, for
        benchmarks)."""
        return parse(load_json(text, limits.max_bytes if limits is not None else None), limits)

    return read_record


def writer(to_json: Callable[[R], Any]) -> Callable[[R], str]:
    """A game's ``write_record(record)`` from its ``record_to_json(record)``."""

    def write_record(rec: R) -> str:
        """The record's text as the app writes it: UTF-8 JSON, indented, one final newline."""
        return dumps(to_json(rec))

    return write_record


def head(value: Any, fmt: str, low: int, high: int, limits: Limits | None) -> tuple[Mapping, tuple[str, ...]]:
    """A record's top object and its players: an object whose ``format`` is ``fmt``, with
    ``low``–``high`` players (names at most ``limits.max_name`` long)."""
    top = typed(value, dict, "")
    check_format(top, fmt)
    return top, players(top, low, high, limits.max_name if limits is not None else None)


TIMES = ("started", "ended")  # optional ISO 8601 strings the app adds to a record


def times(top: Mapping) -> None:
    """The optional ``started``/``ended`` of a record: ISO 8601 strings, kept as unknown keys."""
    for key in TIMES:
        if key in top:
            get(top, key, str, "")


def at_most(path: str, count: int, limit: int | None) -> None:
    """More than ``limit`` entries (None: no limit) at ``path`` are refused unread."""
    if limit is not None and count > limit:
        raise RecordError(path, "r.too-many", {"count": count, "limit": limit})


def listed(obj: Mapping, key: str, path: str, limit: int | None) -> list:
    """The array ``key`` of ``obj``, with at most ``limit`` entries."""
    raw = get(obj, key, list, path)
    at_most(join(path, key), len(raw), limit)
    return raw


def at_most_number(value: int, limit: int, path: str, rule: str) -> int:
    """A whole number of a record that no game can reach (above ``limit``, by the rule ``rule``)
    is refused unread: kept, it would break what is computed from it later, e.g. a 4,000-digit
    penalty in the statistics' averages (issue 43)."""
    if value > limit:
        raise RecordError(path, "r.number-big", {"value": show(value), "limit": limit, "rule": rule})
    return value


def player(value: Any, names: Sequence[str], path: str) -> str:
    typed(value, str, path)
    if value not in names:
        raise RecordError(path, "r.player", {"value": show(value)})
    return value


def dumps(value: Any) -> str:
    """A record's text as the app writes it: UTF-8 JSON, indented, one final newline."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"

