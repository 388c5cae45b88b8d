"""The rules text shown in the app: ``assets/rules/<game>.json``, read and filtered.

Schema: ``{"sections": [{"id", "title": {"ru", "en"}, "items": [{"id", "kind":
"rule|ruling|text|example", "ru", "en", "source"}]}]}``. Pure data: no UI, no game logic.
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

log = logging.getLogger("kity")

RULES_DIR = Path(__file__).resolve().parents[2] / "assets" / "rules"
RULES_FILE = RULES_DIR / "kozyrnye-kity.json"  # the first game's
KINDS = ("rule", "ruling", "text", "example")


@dataclass(frozen=True)
class Item:
    id: str
    kind: str
    text: str
    source: str


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    items: tuple[Item, ...]


def rules_path(name: str = RULES_FILE.name) -> Path:
    """The bundled rules file ``name`` of a game (``companion/<game>/app.py`` names it).
    KITY_RULES_FILE lets a test point the app at a fixture instead."""
    return Path(os.environ.get("KITY_RULES_FILE") or RULES_DIR / name)


def load(path: Optional[Path] = None) -> Optional[dict]:
    """The parsed rules document, or None when it is missing or unreadable (logged)."""
    p = path or rules_path()
    try:
        with open(p, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        log.warning("rules file missing: %s", p)
        return None
    except (OSError, ValueError):
        log.exception("rules file unreadable: %s", p)
        return None
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list):
        log.error("rules file has the wrong shape: %s", p)
        return None
    return data


def _text(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("ru") or value.get("en") or "")
    return "" if value is None else str(value)


def sections(data: Optional[dict], lang: str, query: str = "") -> list[Section]:
    """The sections in ``lang`` whose items match ``query`` (case-insensitive, in the item's
    ID, its text or its source; a query matching a section title keeps the whole section).
    Sections without matching items are left out. Malformed entries are skipped."""
    q = query.strip().casefold()
    out: list[Section] = []
    for s in (data or {}).get("sections", []):
        if not isinstance(s, dict):
            continue
        title = _text(s.get("title"), lang)
        whole = bool(q) and q in title.casefold()
        items = []
        for it in s.get("items") or []:
            if not isinstance(it, dict):
                continue
            item = Item(
                id=str(it.get("id") or ""),
                kind=it.get("kind") if it.get("kind") in KINDS else "text",
                text=_text(it.get(lang) or it.get("ru") or it.get("en"), lang),
                source=str(it.get("source") or ""),
            )
            hay = f"{item.id}\n{item.text}\n{item.source}".casefold()
            if not q or whole or q in hay:
                items.append(item)
        if items:
            out.append(Section(str(s.get("id") or ""), title, tuple(items)))
    return out


def count(secs: list[Section]) -> int:
    return sum(len(s.items) for s in secs)
