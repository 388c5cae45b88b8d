"""The engine's words, in Russian (first) and English — shared by every game.

Every message an engine produces — explanations, violations, refusals, record errors — is a key
plus parameters; :func:`render` turns it into text for one language. Each game registers its
own messages (:func:`register_messages`), counted nouns (:func:`register_nouns`) and how its
own values are named (:func:`register_localizer`, e.g. a card). Russian plural forms come from
the CLDR plural rules in Babel (``Locale.plural_form``), never from hand-written ifs.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping

from babel import Locale

LANGS = ("ru", "en")
DEFAULT_LANG = "ru"

# One entry per message key: {"ru": ..., "en": ...}. Russian sentences avoid gendered verb
# forms, because a player's name does not tell us the grammatical gender.
MESSAGES: dict[str, dict[str, str]] = {}
# noun → lang → CLDR category → form
NOUNS: dict[str, Mapping[str, Mapping[str, str]]] = {}
_LOCALIZERS: dict[type, Callable[[Any, str], str]] = {}


def register_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add a game's messages. A key is bound once: the same key with another text is a bug."""
    for key, texts in messages.items():
        if set(texts) != set(LANGS):
            raise ValueError(f"message {key!r} must have exactly the languages {LANGS}")
        old = MESSAGES.get(key)
        if old is not None and old != texts:
            raise ValueError(f"message key {key!r} registered twice with different texts")
        MESSAGES[key] = dict(texts)


def register_nouns(nouns: Mapping[str, Mapping[str, Mapping[str, str]]]) -> None:
    for noun, forms in nouns.items():
        if NOUNS.get(noun, forms) != forms:
            raise ValueError(f"noun {noun!r} registered twice with different forms")
        NOUNS[noun] = forms


def register_localizer(typ: type, fn: Callable[[Any, str], str]) -> None:
    """How values of ``typ`` are named in a message (an enum subclass is named by its own)."""
    _LOCALIZERS[typ] = fn


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(n: int, lang: str) -> str:
    """CLDR plural category of ``n`` in ``lang`` ('one', 'few', 'many', 'other')."""
    return _locale(lang).plural_form(abs(n))


@dataclass(frozen=True, slots=True)
class Count:
    """A number with a counted noun, e.g. ``Count(3, "point")`` → «3 очка» / "3 points"."""

    n: int
    noun: str


def count_text(c: Count, lang: str) -> str:
    forms = NOUNS[c.noun][lang]
    return f"{c.n} {forms.get(plural_category(c.n, lang), forms['other'])}"


def _localize(value: Any, lang: str) -> Any:
    if hasattr(value, "localize"):
        return value.localize(lang)
    fn = _LOCALIZERS.get(type(value))
    if fn is not None:
        return fn(value, lang)
    if isinstance(value, Count):
        return count_text(value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_localize(v, lang)) for v in value)
    return value


def render(key: str, params: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    if lang not in LANGS:
        lang = DEFAULT_LANG
    template = MESSAGES[key][lang]
    return template.format(**{k: _localize(v, lang) for k, v in params.items()})
