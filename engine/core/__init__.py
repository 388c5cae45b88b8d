"""The shared core of every game's engine: errors and violations (:mod:`.errors`), the rule
registry (:mod:`.rules`), the fold/apply driver with strict and replay modes (:mod:`.driver`),
typed JSON reading with paths (:mod:`.reading`), words and plurals (:mod:`.i18n`; the core's own
words in ``locales/<lang>/LC_MESSAGES/core.po``), seating and direction (:mod:`.seating`), a
generic score pad (:mod:`.scorepad`) and the games known by record format (:mod:`.games`). No
game's rule lives here."""
from pathlib import Path

from . import driver, i18n, reading  # noqa: F401

i18n.register_catalogs(Path(__file__).resolve().parent)
