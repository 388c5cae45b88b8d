"""UI strings in Russian (first) and English, from gettext catalogs read at run time.

The catalogs are ``assets/locales/<lang>/LC_MESSAGES/kity.po`` (and one ``<game>.po`` per game
with words of its own). They are read by the one loader of engine and app,
:class:`engine.core.i18n.Catalogs` (Babel ``read_po`` → ``write_mo`` into memory →
``gettext.GNUTranslations``), so no compiled ``.mo`` file lives in the repository. The phone
edition's build compiles them once (:func:`compiled_path`, named by the catalogs' content, so it
can never be stale): a phone does not parse them at every start. Russian plural forms come from
the catalog's ``Plural-Forms`` (CLDR rules via Babel) through ``ngettext`` — never from
hand-written ifs.

The engine's own words (explanations, card and family names) are the engine's catalogs
(:mod:`engine.core.i18n`, ``engine/<game>/locales``); use :func:`lang` to ask it for the current
language.

The language belongs to each session (each browser tab or phone), not to the process: in
table mode two phones in two languages are served by one process. :func:`set_language` and
:func:`lang` use the Flet page whose event or render is running; outside any page (tests,
the command line) the process default applies.
"""
from __future__ import annotations

import gettext
import sys
from functools import lru_cache
from pathlib import Path

from engine.core.i18n import DEFAULT_LANG, LANGS, Catalogs, template

from .per_page import PerPage

DOMAIN = "kity"
LOCALES_DIR = Path(__file__).resolve().parents[2] / "assets" / "locales"

_default = DEFAULT_LANG
_by_page: PerPage[str] = PerPage()


def catalogs() -> Catalogs:
    """The app's catalogs: ``kity.po`` first, then one per game that has its own words
    (``<game>.po``), so that a new game brings its catalog in its own file."""
    return Catalogs(LOCALES_DIR, DOMAIN)


def po_path(lang: str) -> Path:
    return catalogs().po_path(lang)


def po_paths(lang: str) -> list[Path]:
    return catalogs().po_paths(lang)


def read_catalogs(lang: str):
    """The catalogs of ``lang`` merged into one Babel catalog (a msgid is defined once)."""
    return catalogs().read(lang)


def compile_catalogs(lang: str) -> bytes:
    return catalogs().compile(lang)


def compiled_path(lang: str) -> Path:
    return catalogs().compiled_path(lang)


class _GameWords(gettext.NullTranslations):
    """What the app's catalogs lack, from the engine's catalogs registered so far
    (:func:`engine.core.i18n.register_catalogs`): a game that lives outside the app's packages
    brings its screens' words in its own catalog (``tests/fifth_game/locales``). Asked only for
    a msgid the app's catalogs do not have."""

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        return template(message, self.lang) or message


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang`` (cached for the process): the build's, else compiled now;
    a msgid it lacks is looked up in the games' own catalogs (:class:`_GameWords`)."""
    t = catalogs().translations(lang)
    t.add_fallback(_GameWords(lang))
    return t


def normalize(lang: object) -> str:
    """A supported language code; anything else falls back to Russian."""
    return lang if lang in LANGS else DEFAULT_LANG


def _page():
    """The Flet page of the running session, or None outside the app."""
    ft = sys.modules.get("flet")  # Flet-free until the app imports Flet: no app, no page
    if ft is None:
        return None
    try:
        return ft.context.page
    except Exception:  # RuntimeError outside a Flet callback
        return None


def set_language(lang: str) -> str:
    """Set the language of the current session (or the process default outside the app)."""
    global _default
    code = normalize(lang)
    page = _page()
    if page is None:
        _default = code
    else:
        _by_page[page] = code
    return code


def lang() -> str:
    """The current session's UI language ("ru" or "en")."""
    page = _page()
    return _by_page.get(page, _default) if page is not None else _default


def translate(lang_: str, msg: str) -> str:
    return translations(normalize(lang_)).gettext(msg)


def translate_n(lang_: str, singular: str, plural: str, n: int) -> str:
    return translations(normalize(lang_)).ngettext(singular, plural, n)


def N_(msg: str) -> str:
    """Mark ``msg`` (an English msgid) for the catalogs where it is defined as data; it is
    translated with :func:`t` where it is shown."""
    return msg


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair of msgids defined as data; it is translated with :func:`tn`."""
    return singular, plural


def t(msg: str) -> str:
    """``msg`` (an English msgid) in the current language."""
    return translate(lang(), msg)


def tn(singular: str, plural: str, n: int) -> str:
    """The plural form for ``n`` in the current language; the text may use ``{n}``."""
    return translate_n(lang(), singular, plural, n).replace("{n}", str(n))
