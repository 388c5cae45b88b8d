"""The people of a table (issue 42): who sat at the games, as persons with a stable id, not
as names typed into one game. Pure functions over the registry document, which the repository
(:class:`companion.store.repository.Store`) keeps as the one document of ``profile.json``'s table
``people`` and writes in one atomic write per change::

    {"people": [{"id": "3f2a…", "name": "Аня", "names": ["Аня", "Anya", "аня"]}, …]}

``name`` is how the person is shown; ``names`` are every spelling that means this person in a
game's players (the shown name among them): a game's player name maps to the person whose
``names`` hold it, so a rename or a merge needs no change to any stored game — every game
follows. One spelling belongs to at most one person. A spelling in no one's ``names`` is not
yet a person (an imported record's names are asked once, then remembered here).

Every change returns a new document (the old one is never changed) or raises
:class:`PeopleError` with a message key (``people.*``) and params; nothing is half done.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional

from engine.core.reading import bad_name

from ..base.tokens import TOKEN as GAME_ID

MAX_PEOPLE = 10_000


class PeopleError(ValueError):
    """A change of the people that cannot be made: ``key`` is a message key, ``params`` its
    fields (no UI text here)."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params


def valid_people(doc: Any) -> bool:
    """The registry's shape: unique ids, non-empty shown names among their own spellings, no
    spelling shared by two people."""
    if not isinstance(doc, Mapping) or not isinstance(doc.get("people"), list):
        return False
    people = doc["people"]
    if len(people) > MAX_PEOPLE:
        return False
    ids, spellings = set(), set()
    for p in people:
        if not (isinstance(p, Mapping) and isinstance(p.get("id"), str) and GAME_ID.match(p["id"])
                and isinstance(p.get("name"), str) and p["name"]
                and isinstance(p.get("names"), list) and p["name"] in p["names"]
                and all(isinstance(n, str) and n for n in p["names"])):
            return False
        if p["id"] in ids or spellings.intersection(p["names"]) or len(set(p["names"])) != len(p["names"]):
            return False
        ids.add(p["id"])
        spellings.update(p["names"])
    return True


EMPTY: dict = {"people": []}


def people(doc: Mapping) -> list[dict]:
    """``[{id, name, names}]`` in the order they were made (copies)."""
    return [{"id": p["id"], "name": p["name"], "names": list(p["names"])} for p in doc.get("people", [])]


def name_map(doc: Mapping) -> dict[str, str]:
    """``{spelling: person id}``."""
    return {n: p["id"] for p in doc.get("people", []) for n in p["names"]}


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise PeopleError("people.empty-name")
    name = name.strip()
    why = bad_name(name)
    if why:
        raise PeopleError("people.bad-name", name=name)
    return name


def _find(doc: Mapping, pid: Any) -> dict:
    for p in doc.get("people", []):
        if p["id"] == pid:
            return p
    raise PeopleError("people.unknown", id=str(pid))


def add(doc: Mapping, name: Any, new_id: Callable[[], str]) -> tuple[dict, str]:
    """The person of ``name``: an existing one whose spellings hold it (the document
    unchanged), else a new person so named."""
    name = _check_name(name)
    known = name_map(doc).get(name)
    if known is not None:
        return dict(doc), known
    pid = new_id()
    return {"people": people(doc) + [{"id": pid, "name": name, "names": [name]}]}, pid


def add_names(doc: Mapping, names: Iterable[Any], new_id: Callable[[], str]) -> tuple[dict, int]:
    """A person for each spelling that is not one yet (one per spelling: the same spelling is
    the same person); names that cannot be a name are left out. Returns the document and how
    many people were made."""
    before = len(doc.get("people", []))
    for name in names:
        try:
            doc, _ = add(doc, name, new_id)
        except PeopleError:
            continue
    return dict(doc), len(doc.get("people", [])) - before


Together = Optional[Callable[[set, set], bool]]  # (spellings a, spellings b) → did they sit at one game


def _not_at_one_game(person: Mapping, name: str, together: Together) -> None:
    """``name`` cannot become a spelling of ``person`` if both sat at one game (a person is in
    one seat: that game would have them twice)."""
    if together is not None and name not in person["names"] and together({name}, set(person["names"])):
        raise PeopleError("people.name-played-together", name=name, person=person["name"])


def map_name(doc: Mapping, name: Any, pid: str, together: Together = None) -> dict:
    """``name`` now means the person ``pid`` (an imported record's spelling, answered once).
    Refused for a spelling of someone else, and (``together``) for a name that sat at a game
    with the person."""
    name = _check_name(name)
    person = _find(doc, pid)
    owner = name_map(doc).get(name)
    if owner == pid:
        return dict(doc)
    if owner is not None:
        raise PeopleError("people.name-taken", name=name, person=_find(doc, owner)["name"])
    _not_at_one_game(person, name, together)
    return {"people": [dict(p, names=p["names"] + [name]) if p["id"] == pid else p for p in people(doc)]}


def rename(doc: Mapping, pid: str, name: Any, together: Together = None) -> dict:
    """Show the person ``pid`` as ``name``; the new spelling means them too (their old ones
    still do: the games already kept say the old name). A spelling of another person is
    refused (merge the two instead), and (``together``) a name that sat at a game with them."""
    name = _check_name(name)
    person = _find(doc, pid)
    owner = name_map(doc).get(name)
    if owner is not None and owner != pid:
        raise PeopleError("people.name-taken", name=name, person=_find(doc, owner)["name"])
    _not_at_one_game(person, name, together)
    return {"people": [dict(p, name=name, names=p["names"] + ([name] if name not in p["names"] else []))
                       if p["id"] == pid else p for p in people(doc)]}


def merge(doc: Mapping, keep: str, gone: str, together: Together = None) -> dict:
    """``gone`` is ``keep`` under another spelling: ``keep`` takes all its spellings and
    ``gone`` is no more. ``together(names_a, names_b)`` says whether the two sat at one game
    (then they are two people, and the merge is refused)."""
    if keep == gone:
        raise PeopleError("people.same")
    a, b = _find(doc, keep), _find(doc, gone)
    if together is not None and together(set(a["names"]), set(b["names"])):
        raise PeopleError("people.played-together", a=a["name"], b=b["name"])
    return {"people": [dict(p, names=p["names"] + b["names"]) if p["id"] == keep else p
                       for p in people(doc) if p["id"] != gone]}


def one_seat(doc: Mapping, players: Iterable[Any]) -> None:
    """A new game's players are different people: two spellings of one person (after a merge,
    «Вика» and «Виктория») are refused with ``people.one-seat`` (the same spelling twice is
    the game's own refusal)."""
    spelling_of: dict[str, str] = {}
    known = name_map(doc)
    for name in players:
        pid = known.get(name) if isinstance(name, str) else None
        if pid is None:
            continue
        if pid in spelling_of and spelling_of[pid] != name:
            raise PeopleError("people.one-seat", a=spelling_of[pid], b=name, person=_find(doc, pid)["name"])
        spelling_of.setdefault(pid, name)


def only_imported(rows: Iterable[Mapping], also: Iterable[str] = ()) -> set[str]:
    """The player names of the history ``rows`` found only in imported records (status
    ``imported``), not in a game of this table nor in ``also`` (the running game's): each is
    asked who it is, wherever the first start's offer stands; the offer makes people of the
    table's names only (issue 51)."""
    imported: set[str] = set()
    table: set[str] = set(also)
    for r in rows:
        names = r.get("players") if isinstance(r, Mapping) else None
        if isinstance(names, list):
            (imported if r.get("status") == "imported" else table).update(n for n in names if isinstance(n, str))
    return imported - table


def combine(doc: Mapping, other: Any, new_id: Callable[[], str]) -> dict:
    """Take in the people of an imported archive: a person whose id is known here gains the
    spellings that are no one's here; an unknown id whose spellings mean someone here becomes
    that someone (same spelling, same person); the rest are added with their own ids (or a new
    one if theirs is taken). ``other`` of the wrong shape adds no one."""
    if not valid_people(other):
        return dict(doc)
    out = people(doc)
    for theirs in people(other):
        taken = {n: p["id"] for p in out for n in p["names"]}
        mine = next((p for p in out if p["id"] == theirs["id"]), None)
        if mine is None:
            owner = next((taken[n] for n in theirs["names"] if n in taken), None)
            mine = next((p for p in out if p["id"] == owner), None)
        free = [n for n in theirs["names"] if n not in taken]
        if mine is not None:
            mine["names"] += free
        elif free:
            name = theirs["name"] if theirs["name"] in free else free[0]
            out.append({"id": theirs["id"], "name": name, "names": free})
    return {"people": out}


__all__ = ["EMPTY", "MAX_PEOPLE", "PeopleError", "add", "add_names", "combine", "map_name", "merge",
           "name_map", "one_seat", "only_imported", "people", "rename", "valid_people"]
