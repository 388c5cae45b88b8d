"""The people of the table as a service beside the live game (issue 42, issue 49): who sat at the
games, renamed, merged, and the names an imported record brings, asked once. The log session
holds one (``session.people``); screens ask it, the store keeps (``companion/store/people.py``
is the registry document). Flet-free.

Every change returns an :class:`~companion.core.outcome.Outcome` and tells its owner
(``changed``: the session's version grows, so the screens that show the people redraw)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ..core.outcome import DONE, Outcome, not_saved, refused
from ..store.people import PeopleError, one_seat
from ..store.repository import Store


class People:
    """The people of ``store``; ``changed`` is called after each change."""

    def __init__(self, store: Store, changed: Callable[[], None]):
        self._store, self._changed = store, changed

    def people_offer(self) -> list[str]:
        """The kept games' names the first start after the change offers to make people of
        (issue 42); empty once answered."""
        try:
            return self._store.people_offer()
        except (OSError, ValueError, KeyError, TypeError):  # an offer never stands in the way of home
            return []

    def answer_people_offer(self, accept: bool) -> Outcome:
        """Make people of those names (same spelling → same person), or not; asked once."""
        try:
            self._store.answer_people_offer(accept)
        except (OSError, ValueError) as e:
            return refused("session.not-saved", {"reason": getattr(e, "strerror", None) or type(e).__name__})
        self._changed()
        return DONE

    def _change(self, method: str, *args: Any) -> Outcome:
        try:
            getattr(self._store, method)(*args)
        except PeopleError as e:
            return refused(e.key, e.params)
        except OSError as e:
            return not_saved(e)
        self._changed()
        return DONE

    def rename_person(self, person_id: str, name: str) -> Outcome:
        return self._change("rename_person", person_id, name)

    def merge_people(self, keep: str, gone: str) -> Outcome:
        return self._change("merge_people", keep, gone)

    def map_name(self, name: str, person_id: str) -> Outcome:
        """An imported record's spelling means this person (asked once, remembered)."""
        return self._change("map_name", name, person_id)

    def name_is_new_person(self, name: str) -> Outcome:
        """An imported record's spelling is a person of their own."""
        return self._change("add_person", name)

    def names_to_ask(self) -> list[str]:
        """Names of the kept games that are no one's yet and not in the first start's offer
        (an imported record's names, wherever the offer stands): each is asked once."""
        try:
            offered = set(self._store.people_offer())
            return [n for n in self._store.unmapped_names() if n not in offered]
        except (OSError, ValueError, KeyError, TypeError):
            return []

    def one_seat(self, players: Sequence[Any]) -> Outcome | None:
        """A new game's players are different people (issue 51): two spellings of one person
        are refused, else None."""
        try:
            one_seat(self._store.people_registry(), players)
        except PeopleError as e:
            return refused(e.key, e.params)
        return None

    def from_names(self, names: list[str]) -> None:
        """A finished game's names are its table's people (issue 42: same spelling, same
        person); a failure leaves the game kept and its names become people later."""
        try:
            self._store.people_from_names(list(names))
        except (OSError, ValueError):
            pass


__all__ = ["People"]
