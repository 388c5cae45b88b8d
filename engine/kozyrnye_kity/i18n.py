"""The words of «Козырные киты», in Russian (first) and English.

This game's messages (explanations, violations, refusals, record errors), its counted nouns
and the names of its families are the gettext catalogs
``locales/<lang>/LC_MESSAGES/kozyrnye_kity.po`` of this package, registered with the shared
:mod:`engine.core.i18n` (which reads them when a message is first rendered and takes plural
forms from the catalogs' ``Plural-Forms``); here is how cards, families and token sides are
named in a message. Russian sentences avoid gendered verb forms, because a player's name does
not tell us the grammatical gender.
"""
from __future__ import annotations

from pathlib import Path

from ..core.i18n import DEFAULT_LANG, LANGS, Count, count_text, render  # noqa: F401 — this game's words, one import
from ..core.i18n import register_catalogs, register_localizer
from .cards import Card, Family, Token


def family_name(f: Family, lang: str) -> str:
    """«косатка» / "orca": the catalogs' ``family.<record id>``."""
    return render(f"family.{f.value}", {}, lang)


def card_name(card: Card, lang: str) -> str:
    if card.family is None:
        return "5"
    return f"{family_name(card.family, lang)} {card.value}"


register_catalogs(Path(__file__).resolve().parent)
register_localizer(Card, card_name)
register_localizer(Family, family_name)
register_localizer(Token, lambda t, lang: str(int(t)))
