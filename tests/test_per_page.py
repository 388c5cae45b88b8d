"""companion.base.per_page: a value per Flet page, found by the page itself, gone with it."""
import gc

from companion.base.per_page import PerPage


class Page:
    """Like a Flet page, a dataclass-like object whose ``==`` compares its fields: here it
    counts how often it is asked."""

    compared = 0

    def __init__(self, route: str) -> None:
        self.route = route

    def __eq__(self, other):
        Page.compared += 1
        return isinstance(other, Page) and other.route == self.route

    __hash__ = object.__hash__


def test_a_page_finds_its_own_value_without_comparing_pages():
    m: PerPage[str] = PerPage()
    a, b = Page("/"), Page("/")  # equal, but two tabs
    m[a] = "ru"
    m[b] = "en"
    Page.compared = 0
    assert (m.get(a), m.get(b)) == ("ru", "en")
    assert m.get(Page("/x"), "none") == "none"
    assert Page.compared == 0
    m[a] = "en"  # set again: the same entry
    assert m.get(a) == "en"


def test_a_value_goes_with_its_page():
    m: PerPage[str] = PerPage()
    a = Page("/")
    m[a] = "ru"
    assert len(m._values) == 1
    del a
    gc.collect()
    assert m._values == {}
