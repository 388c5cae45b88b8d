"""The name a game record is handed out under, the same scheme for every game (issue 43):
``<game>_<date>_<players>.json``, e.g. ``kozyrnye-kity_2026-11-27_anya-borya-vika.json``.

Safe on every phone and file system: lower-case ASCII letters, digits, ``-`` and ``_`` only,
short. The players' names are transliterated from Cyrillic by a small table (no runtime
dependency does it; python-slugify is only a build tool's); other letters lose their accents
(é → e); whatever is left that is not ASCII is dropped. The date is the game's start in its own
UTC offset (the day the table saw), else today. Flet-free.
"""
from __future__ import annotations

import json
import re
import unicodedata
from datetime import date, datetime
from typing import Any, Iterable, Optional

# Russian letters (and the few Ukrainian and Belarusian ones) → Latin, as on a passport
# (ICAO 9303 / МВД 2014, with ё → yo and й → y, which read better in a file name)
_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "u",
}
_TABLE = str.maketrans(_CYRILLIC)
MAX_NAME = 24      # characters of one player's part
MAX_PLAYERS = 80   # characters of the players' part


def ascii_slug(text: str, limit: int = MAX_NAME) -> str:
    """``text`` as lower-case ASCII words joined by ``-`` (``"Аня Ёлкина"`` → ``"anya-yolkina"``);
    "" when nothing of it can be written so."""
    low = str(text).lower().translate(_TABLE)
    plain = unicodedata.normalize("NFKD", low).encode("ascii", "ignore").decode("ascii").lower()  # № → no
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:limit].strip("-")


def _day(started: Optional[str], today: Optional[date]) -> str:
    try:
        when = datetime.fromisoformat(started) if isinstance(started, str) and len(started) <= 40 else None
    except ValueError:
        when = None
    return (when.date() if when is not None else today or date.today()).isoformat()


def record_file_name(game: str, players: Iterable[Any], started: Optional[str] = None,
                     today: Optional[date] = None) -> str:
    """``<game>_<date>_<players>.json``. A name with nothing writable in ASCII is its seat
    (``p2``); the players' part is cut at a name's end to stay short."""
    names = [ascii_slug(p) or f"p{i}" for i, p in enumerate(players, start=1)]
    part = ""
    for n in names:
        joined = f"{part}-{n}" if part else n
        if len(joined) > MAX_PLAYERS:
            break
        part = joined
    return "_".join(x for x in (ascii_slug(game, 40) or "game", _day(started, today), part) if x) + ".json"


def record_file_name_of(text: Optional[str], today: Optional[date] = None) -> str:
    """The file name of a record's text (its ``format`` names the game; ``players``,
    ``started``); a text that is not a record still gets a safe name."""
    try:
        rec = json.loads(text) if text else {}
    except (ValueError, RecursionError):
        rec = {}
    rec = rec if isinstance(rec, dict) else {}
    fmt = rec.get("format")
    players = rec.get("players")
    return record_file_name(fmt.split("/", 1)[0] if isinstance(fmt, str) else "game",
                            players if isinstance(players, list) else [], rec.get("started"), today)


__all__ = ["ascii_slug", "record_file_name", "record_file_name_of"]


# ---- the whole archive (issue 42) ------------------------------------------------------------
ARCHIVE_PREFIX = "kity-archive_"
# An archive holds every kept game: far more than one record may (a played whale game is some
# 30–60 KB with its log, so 4 MiB would hold only about a hundred). Its own bound, for the file
# picker to refuse before reading.
ARCHIVE_MAX_BYTES = 32 * 1024 * 1024


def archive_file_name(today: Optional[date] = None) -> str:
    """``kity-archive_<date>.json``: every kept game and the people, from Settings."""
    return f"{ARCHIVE_PREFIX}{(today or date.today()).isoformat()}.json"


def is_archive_name(file_name: Any) -> bool:
    """Whether ``file_name`` is named as the app names archives of every kept game."""
    name = str(file_name or "").rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    return name.lower().startswith(ARCHIVE_PREFIX)


def import_limit(file_name: Any, record_limit: int) -> int:
    """The largest file the import takes under ``file_name`` (refused unread above it): an
    archive's bound for a file named as the app names archives, else a record's."""
    return ARCHIVE_MAX_BYTES if is_archive_name(file_name) else record_limit
