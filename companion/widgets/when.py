"""When a game was played, in the reader's language: «23 нояб. 2026, 19:05 · 70 минут».

Dates and durations come from Babel's CLDR data (no hand-written month names or plurals).
The times are the app's own (``started`` / ``ended`` in the archive and in records, ISO 8601
with the UTC offset); the engine has no clock.
"""
from __future__ import annotations

from typing import Mapping, Optional

from babel.dates import format_datetime, format_timedelta

from ..base.i18n import lang as current_lang
from ..ui.session import parse_time


def game_when(times: Mapping, lang: Optional[str] = None) -> str:
    """«date, time · length» of a game from its ``started`` / ``ended`` (either may be
    missing: an old or imported game without them gives "")."""
    lg = lang or current_lang()
    start, end = parse_time(times.get("started")), parse_time(times.get("ended"))
    when = start or end
    if when is None:
        return ""
    text = format_datetime(when, "d MMM y, HH:mm", tzinfo=when.tzinfo, locale=lg)
    if start is not None and end is not None and (end - start).total_seconds() >= 60:  # a length worth saying
        text += " · " + format_timedelta(end - start, threshold=10, locale=lg)
    return text
