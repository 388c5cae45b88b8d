"""The words of «Королевское наказание», Russian first, English second, are the gettext
catalogs ``locales/<lang>/LC_MESSAGES/royal_mastheads.po`` of this package; :func:`register`
(run at import of the package) tells :mod:`engine.core.i18n` where they are, and they are read
when a message is first rendered.

Every key (msgid) starts with ``rm.`` so it never meets another game's. Russian sentences avoid
gendered verb forms (a name does not tell the grammatical gender); counted nouns go through
:class:`engine.core.i18n.Count` and the plural entries of the catalogs. The text of every
rule-bound message ends with its own rule ID (see :mod:`.rules`). In the Russian rulebook a deal
is «игра» and the 10 deals are «набор»; the words here follow it.
"""
from __future__ import annotations

from pathlib import Path

from engine.core.i18n import register_catalogs


def register() -> None:
    register_catalogs(Path(__file__).resolve().parent)
