"""``use_kept`` (companion/ui/__init__.py): a body that draws again hands back the very part it made last
time when the part's values are equal, so Flet's diff passes it by (issue 18: the whale table's
unchanged parts on every phone at every entry). Flet-free: the hook's one ref is a plain box
that lives across the "renders" below, as Flet's ``use_ref`` does across a component's renders
(also when a new object of the component takes over the state of the old one)."""
from __future__ import annotations

import weakref
from types import SimpleNamespace

import pytest

import companion.ui as ui


class Drawing:
    """The component object that renders: Flet's ``current_component()``."""


@pytest.fixture()
def render(monkeypatch):
    """Each call is one render of the same component (``by``: the object that draws it, a new
    one that took over the state, or by default the same one as before); it returns that
    render's ``kept``."""
    ref = SimpleNamespace(current=None)
    drawing = [Drawing()]

    def use_ref(initial=None):  # Flet's: a callable initial value is called, once
        if ref.current is None:
            ref.current = initial() if callable(initial) else initial
        return ref
    monkeypatch.setattr(ui.ft, "use_ref", use_ref)
    monkeypatch.setattr(ui, "current_component", lambda: drawing[0])

    def one_render(by=None):
        if by is not None:
            drawing[0] = by
        return ui.use_kept()
    return one_render


def part(*args, key, **kwargs):
    """A part as a component function makes it: a new object on every call, which names the
    component that made it (Flet's ``_parent_component``: its contexts are found through it)."""
    return SimpleNamespace(args=args, key=key, kwargs=kwargs, _parent_component=weakref.ref(ui.current_component()))


def other(*args, key, **kwargs):
    return SimpleNamespace(args=args, key=key, kwargs=kwargs)


def test_equal_values_give_the_same_part_and_a_change_a_new_one(render):
    kept = render()
    a, b = kept(part, "Аня", 3, key="p0"), kept(part, "Боря", 0, key="p1", to_act=True)
    kept = render()
    assert kept(part, "Аня", 3, key="p0") is a                      # equal values: the same object
    assert kept(part, "Боря", 0, key="p1", to_act=True) is b
    kept = render()
    a2 = kept(part, "Аня", 4, key="p0")                              # a value changed
    b2 = kept(part, "Боря", 0, key="p1", to_act=False)               # a keyword changed
    assert a2 is not a and a2.args == ("Аня", 4)
    assert b2 is not b and b2.kwargs == {"to_act": False}
    kept = render()
    assert kept(part, "Аня", 4, key="p0") is a2                      # and the new one is kept next


def test_only_what_the_last_render_made_is_kept(render):
    """A part that was not drawn in between was unmounted by Flet: it is made again."""
    kept = render()
    a = kept(part, 1, key="result")
    render()                                                        # a render without it
    kept = render()
    assert kept(part, 1, key="result") is not a


def test_the_key_and_the_part_both_count(render):
    kept = render()
    a = kept(part, 1, key="x")
    kept = render()
    assert kept(other, 1, key="x") is not a                          # another part under the key
    assert kept(part, 1, key="y") is not a                           # the same values, another key


def test_a_kept_part_names_the_object_that_draws_it_now(render):
    """Flet makes a new object of a component on its parent's redraw and hands it the old one's
    state: a part kept from the old one must find its contexts through the new one."""
    kept = render()
    a = kept(part, 1, key="picker")
    new_self = Drawing()
    kept = render(by=new_self)
    assert kept(part, 1, key="picker") is a
    assert a._parent_component() is new_self


def test_a_card_played_makes_its_own_key_again_not_its_suits_13(render):
    """The «Королевское наказание» picker (issue 52): a card entered in the middle of a trick
    greys one key; the suit's other 12 keys, and the other suits' blocks, are the objects the
    last render made (Flet's diff passes them by)."""
    from companion.royal_mastheads.screens.picker import card_grid

    def keys_of(grid):  # suit → its 13 keys (Semantics tagged rm-card-…), in rank order
        out = {}
        for block in grid.content.controls:
            rows = block.controls[1].controls
            ks = [k for row in rows for k in row.controls]
            out[ks[0].identifier.split("-")[2]] = ks
        return out

    on_tap = lambda c: None  # noqa: E731 (of stable identity, as DealBody's)
    first = keys_of(card_grid(on_tap, seen=frozenset({"spades-A"}), kept=render()))
    again = keys_of(card_grid(on_tap, seen=frozenset({"spades-A", "hearts-7"}), kept=render()))
    assert all(a is b for s in ("spades", "diamonds", "clubs") for a, b in zip(first[s], again[s]))
    changed = [r for r, (a, b) in enumerate(zip(first["hearts"], again["hearts"])) if a is not b]
    assert [first["hearts"][r].identifier for r in changed] == ["rm-card-hearts-7"]
    assert again["hearts"][changed[0]].content.opacity == 0.35   # greyed: seen (RM-COMP)
    assert first["hearts"][changed[0]].content.opacity == 1.0
