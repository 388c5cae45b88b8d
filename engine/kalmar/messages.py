"""The words of «Кальмар», Russian first, English second, are the gettext catalogs
``locales/<lang>/LC_MESSAGES/kalmar.po`` of this package; :func:`register` (run at import of the
package) tells :mod:`engine.core.i18n` where they are, and they are read when a message is first
rendered.

Every key (msgid) starts with ``kl.`` so it never meets another game's. Russian sentences avoid
gendered verb forms (a name does not tell the grammatical gender) and name cards in the nominative
(«зелёная 7», after a dash or in parentheses); counted nouns go through
:class:`engine.core.i18n.Count` and the plural entries of the catalogs. The text of every
rule-bound message names its own rule ID (see :mod:`.rules`).
"""
from __future__ import annotations

from pathlib import Path

from engine.core.i18n import register_catalogs


def register() -> None:
    register_catalogs(Path(__file__).resolve().parent)
