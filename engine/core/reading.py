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
import unicodedata
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from .errors import RecordError

MAX_NAME = 40  # characters of a player name in every game (the app's name field takes as many)
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
        value = json.loads(text, parse_constant=_no_constant)
    except UnicodeDecodeError as e:
        raise RecordError("", "r.read", {"detail": f"UTF-8: {e.reason}"}) from None
    except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError; so is a 5,000-digit int
        if isinstance(e, json.JSONDecodeError):
            detail = f"{e.msg}, line {e.lineno}, column {e.colno}"
        else:
            detail = "nested too deep" if isinstance(e, RecursionError) else str(e).split(";")[0]
        raise RecordError("", "r.json", {"detail": detail}) from None
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):  # only escapes can make a lone surrogate
        check_text(value)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


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
    if not low <= len(out) <= high or len(set(out)) != len(out) or any(not p.strip() for p in out):
        raise RecordError("players", "r.players", {"low": low, "high": high})
    for i, p in enumerate(out):
        why = bad_name(p, max_name)
        if why:
            raise RecordError(join("players", i), why, {"value": quote(p), "limit": max_name or 0})
    return out


def player(value: Any, names: Sequence[str], path: str) -> str:
    typed(value, str, path)
    if value not in names:
        raise RecordError(path, "r.player", {"value": show(value)})
    return value


def dumps(value: Any) -> str:
    """A record's text as the app writes it: UTF-8 JSON, indented, one final newline."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


# The record messages every game shares.
MESSAGES = {
    "r.json": {"ru": "это не JSON: {detail}", "en": "not JSON: {detail}"},
    "r.read": {"ru": "файл не прочитать: {detail}", "en": "cannot read the file: {detail}"},
    "r.missing": {"ru": "нет обязательного поля «{field}»", "en": "the required field “{field}” is missing"},
    "r.type": {"ru": "ожидается {expected}, а здесь {value}", "en": "expected {expected}, found {value}"},
    "r.player": {"ru": "неизвестный игрок {value}", "en": "unknown player {value}"},
    "r.value": {"ru": "недопустимое значение {value}: {detail}", "en": "invalid value {value}: {detail}"},
    "r.too-big": {"ru": "файл слишком большой для записи игры ({size} байт, наибольший — {limit})",
                  "en": "the file is too large for a game record ({size} bytes, at most {limit})"},
    "r.too-many": {"ru": "слишком много элементов для настоящей игры ({count}, наибольшее — {limit})",
                   "en": "too many entries for a real game ({count}, at most {limit})"},
    "r.text": {"ru": "текст с недопустимыми символами (не Юникод)", "en": "text with invalid characters (not Unicode)"},
    "r.name-long": {"ru": "имя {value} длиннее {limit} знаков", "en": "the name {value} is longer than {limit} characters"},
    "r.name-chars": {"ru": "в имени {value} есть управляющие символы", "en": "the name {value} holds control characters"},
    "r.format": {"ru": "формат должен быть «{expected}», а не {value}", "en": "the format must be “{expected}”, not {value}"},
    "r.format-unknown": {"ru": "неизвестный формат записи {value}; известны: {known}",
                         "en": "unknown record format {value}; known: {known}"},
    "r.players": {"ru": "игроков должно быть от {low} до {high}, с разными непустыми именами",
                  "en": "there must be {low} to {high} players with different non-empty names"},
    "r.where": {"ru": "запись игры, {path}: {detail}", "en": "game record, {path}: {detail}"},
    "r.where-top": {"ru": "запись игры: {detail}", "en": "game record: {detail}"},
}
