"""UI strings in Russian (first) and English, from gettext catalogs read at run time.

The catalogs are ``assets/locales/<lang>/LC_MESSAGES/kity.po``. They are parsed with Babel
(``read_po`` → ``write_mo`` into memory → ``gettext.GNUTranslations``), so no compiled ``.mo``
file lives in the repository. The phone edition's build compiles them once
(:func:`compiled_path`, named by the catalogs' content, so it can never be stale): a phone
does not parse them at every start. Russian plural forms come from the catalog's
``Plural-Forms`` (CLDR rules via Babel) through ``ngettext`` — never from hand-written ifs.

The engine's own words (explanations, card and family names) live in :mod:`engine.kozyrnye_kity.i18n`;
use :func:`lang` to ask it for the current language.

The language belongs to each session (each browser tab or phone), not to the process: in
table mode two phones in two languages are served by one process. :func:`set_language` and
:func:`lang` use the Flet page whose event or render is running; outside any page (tests,
the command line) the process default applies.
"""
from __future__ import annotations

import gettext
import io
import sys
import weakref
import zlib
from functools import lru_cache
from pathlib import Path

from engine.core.i18n import DEFAULT_LANG, LANGS

DOMAIN = "kity"
LOCALES_DIR = Path(__file__).resolve().parent.parent / "assets" / "locales"

_default = DEFAULT_LANG
_by_page: "weakref.WeakKeyDictionary[object, str]" = weakref.WeakKeyDictionary()


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def po_paths(lang: str) -> list[Path]:
    """The catalogs of ``lang``: the app's own (``kity.po``) first, then one per game that has
    its own words (``<game>.po``), so that a new game brings its catalog in its own file."""
    main = po_path(lang)
    return [main] + sorted(p for p in main.parent.glob("*.po") if p != main)


def read_catalogs(lang: str):
    """The catalogs of ``lang`` merged into one Babel catalog (a msgid is defined once)."""
    from babel.messages.pofile import read_po

    merged = None
    for path in po_paths(lang):
        with open(path, "rb") as f:
            cat = read_po(f, locale=lang, domain=DOMAIN)
        if merged is None:
            merged = cat
            continue
        for msg in cat:
            if msg.id and merged.get(msg.id if isinstance(msg.id, str) else msg.id[0]) is None:
                merged[msg.id] = msg
    return merged


def compile_catalogs(lang: str) -> bytes:
    """The catalogs of ``lang`` compiled (a ``.mo``: plural forms from the catalog's header)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read_catalogs(lang))
    return buf.getvalue()


def compiled_path(lang: str) -> Path:
    """Where a build keeps the compiled catalogs of ``lang``: named by the catalogs' content."""
    crc = 0
    for path in po_paths(lang):
        crc = zlib.crc32(path.read_bytes(), crc)
    return LOCALES_DIR / "compiled" / f"{DOMAIN}-{lang}-{crc:08x}.mo"


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang`` (cached for the process): the build's, else compiled now."""
    path = compiled_path(lang)
    data = path.read_bytes() if path.is_file() else compile_catalogs(lang)
    return gettext.GNUTranslations(io.BytesIO(data))


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
