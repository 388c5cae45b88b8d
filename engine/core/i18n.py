"""The words of the engine and of the app, in Russian (first) and English: one mechanism.

Words live in gettext catalogs (``.po``), read by :class:`Catalogs`: the ``.po`` files of a
language are parsed with Babel and merged into one catalog, compiled in memory to a ``.mo``
(plural forms from the catalog's ``Plural-Forms`` header, the CLDR rules as Babel writes them)
and read by :class:`gettext.GNUTranslations`. A build may compile them once ahead of time: a
``.mo`` named by the content of the ``.po`` files it was made from (:meth:`Catalogs.compiled_path`,
never stale) is read instead of parsing. The app's screens use one :class:`Catalogs` of their
own (``companion/i18n.py``, English msgids); the engine uses this module's.

Every message an engine produces — explanations, violations, refusals, record errors — is a key
plus parameters; :func:`render` turns it into text for one language. The key is the msgid of
the engine's catalogs (``vz.x.players-count``), the text its ``msgstr`` with ``{name}``
placeholders. The core and each game bring their own catalogs
(``engine/<package>/locales/<lang>/LC_MESSAGES/<package>.po``) with :func:`register_catalogs`
at import — a path only: nothing is read until a message is first rendered. A counted noun
(:class:`Count`) is an ``ngettext`` entry whose forms hold ``{n}`` (``{n} очко``). How a
game's own values are named (a card) is :func:`register_localizer`.
"""
from __future__ import annotations

import gettext
import io
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

LANGS = ("ru", "en")
DEFAULT_LANG = "ru"


@dataclass(frozen=True)
class Catalogs:
    """The gettext catalogs of one domain: ``<root>/<lang>/LC_MESSAGES/<domain>.po`` first, then
    any other ``.po`` beside it (a game's own file), merged per language (a msgid is defined
    once); compiled by a build into ``<root>/compiled/<domain>-<lang>-<crc>.mo``."""

    root: Path
    domain: str

    def po_path(self, lang: str) -> Path:
        return self.root / lang / "LC_MESSAGES" / f"{self.domain}.po"

    def po_paths(self, lang: str) -> list[Path]:
        main = self.po_path(lang)
        return [main] + sorted(p for p in main.parent.glob("*.po") if p != main)

    def read(self, lang: str):
        """The ``.po`` files of ``lang`` merged into one Babel catalog (the first definition wins)."""
        from babel.messages.pofile import read_po

        merged = None
        for path in self.po_paths(lang):
            with open(path, "rb") as f:
                cat = read_po(f, locale=lang, domain=self.domain)
            if merged is None:
                merged = cat
                continue
            for msg in cat:
                if msg.id and merged.get(msg.id if isinstance(msg.id, str) else msg.id[0]) is None:
                    merged[msg.id] = msg
        return merged

    def compile(self, lang: str) -> bytes:
        """The catalogs of ``lang`` compiled (a ``.mo``: plural forms from the catalog's header)."""
        from babel.messages.mofile import write_mo

        buf = io.BytesIO()
        write_mo(buf, self.read(lang))
        return buf.getvalue()

    def compiled_path(self, lang: str) -> Path:
        """Where a build keeps the compiled catalogs of ``lang``: named by the catalogs' content."""
        crc = 0
        for path in self.po_paths(lang):
            crc = zlib.crc32(path.read_bytes(), crc)
        return self.root / "compiled" / f"{self.domain}-{lang}-{crc:08x}.mo"

    def translations(self, lang: str) -> gettext.GNUTranslations:
        """The catalogs of ``lang`` ready to use: the build's compiled file, else compiled now."""
        path = self.compiled_path(lang)
        data = path.read_bytes() if path.is_file() else self.compile(lang)
        return gettext.GNUTranslations(io.BytesIO(data))


# ------------------------------------------------------------------------------ the engine's words
ENGINE_DIR = Path(__file__).resolve().parents[1]


def package_catalogs(package_dir: Path) -> Catalogs:
    """The catalogs of an engine package (the core or a game): ``<package>/locales``, the
    package's name for domain (``engine/vzhuh/locales/ru/LC_MESSAGES/vzhuh.po``)."""
    return Catalogs(Path(package_dir) / "locales", Path(package_dir).name)


def engine_catalogs() -> list[Catalogs]:
    """Every catalog of the engine, the core's and every game's, found in its folder (for a
    build that compiles them and for the tests; the engine itself reads only those registered)."""
    return [package_catalogs(d.parent) for d in sorted(ENGINE_DIR.glob("*/locales"))]


_CATALOGS: dict[str, Catalogs] = {}  # domain → its catalogs, in the order registered
_LOADED: dict[str, dict[str, gettext.GNUTranslations]] = {lang: {} for lang in LANGS}  # lang → domain → loaded
_LOCALIZERS: dict[type, Callable[[Any, str], str]] = {}


def register_catalogs(package_dir: Path) -> None:
    """Add the catalogs of the core or of a game, given its package folder (no I/O: they are
    read when a message is first rendered)."""
    cat = package_catalogs(package_dir)
    domain = cat.domain
    if _CATALOGS.get(domain, cat) != cat:
        raise ValueError(f"catalog domain {domain!r} registered twice at different places")
    _CATALOGS[domain] = cat


def registered_catalogs() -> list[Catalogs]:
    """The engine's catalogs registered so far (the core's and those of the games imported)."""
    return list(_CATALOGS.values())


def _loaded(lang: str) -> list[gettext.GNUTranslations]:
    loaded = _LOADED[lang]
    if len(loaded) != len(_CATALOGS):  # a game imported since: load its catalogs too
        for domain, cat in list(_CATALOGS.items()):
            if domain not in loaded:
                loaded[domain] = cat.translations(lang)
    return list(loaded.values())


def template(key: str, lang: str) -> str | None:
    """The text of message ``key`` in ``lang`` with its placeholders, or None if no catalog has it."""
    for t in _loaded(lang):
        text = t.gettext(key)
        if text != key:  # gettext answers a missing msgid with itself; no text is its own key
            return text
    return None


def _text(key: str, lang: str) -> str:
    text = template(key, lang)
    if text is None:
        raise KeyError(key)
    return text


def register_localizer(typ: type, fn: Callable[[Any, str], str]) -> None:
    """How values of ``typ`` are named in a message (an enum subclass is named by its own)."""
    _LOCALIZERS[typ] = fn


@dataclass(frozen=True, slots=True)
class Count:
    """A number with a counted noun, e.g. ``Count(3, "point")`` → «3 очка» / "3 points"."""

    n: int
    noun: str


def count_text(c: Count, lang: str) -> str:
    """``c`` with the plural form of its noun that the catalog's ``Plural-Forms`` choose."""
    m = abs(c.n)  # the form of a negative count is that of its size («-21 очко»)
    for t in _loaded(lang):
        text = t.ngettext(c.noun, c.noun, m)
        if text != c.noun:
            return text.replace("{n}", str(c.n))
    raise KeyError(c.noun)


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
    return _text(key, lang).format(**{k: _localize(v, lang) for k, v in params.items()})
