"""``remember_event_types`` (companion/ui/__init__.py, issue 52): Flet's type of an event's payload,
worked out once per control class and event instead of at every tap, is the very type Flet works
out itself, for every event of every control the app can put on a screen."""
from __future__ import annotations

import dataclasses
import inspect

import flet as ft
import flet.controls.base_control as base

import companion.ui as ui


def _controls():
    """Every control class Flet exports, with its events (``on_…`` fields), made with no arguments
    where it can be."""
    for name in dir(ft):
        cls = getattr(ft, name)
        if not (inspect.isclass(cls) and issubclass(cls, base.BaseControl) and dataclasses.is_dataclass(cls)):
            continue
        events = [f.name for f in dataclasses.fields(cls) if f.name.startswith("on_")]
        if not events:
            continue
        try:
            control = cls()
        except Exception:  # a control with required arguments: left out
            continue
        yield control, events


def test_the_remembered_type_is_flets_own_and_is_worked_out_once(monkeypatch):
    ui.remember_event_types()
    remembered = base.get_event_field_type
    assert remembered.remembers
    original = remembered.original
    # Flet's own answer, asked from a frame of Flet's module, as its _trigger_event asks it
    flets = eval("lambda control, field_name: get_event_field_type(control, field_name)",  # noqa: S307
                 {**vars(base), "get_event_field_type": original})

    class Kept(dict):
        """The remembered types, counting each one worked out."""
        worked_out = 0

        def __setitem__(self, key, value):
            Kept.worked_out += 1
            super().__setitem__(key, value)

    monkeypatch.setattr(ui, "_EVENT_TYPES", Kept())  # nothing remembered yet
    checked = 0
    for control, events in _controls():
        for event in events:
            try:
                expected = flets(control, event)
            except RuntimeError:  # Flet cannot resolve it either: not an event the app dispatches
                continue
            assert remembered(control, event) is expected, (type(control).__name__, event)
            checked += 1
    assert checked > 50  # Container, IconButton, TextField, Switch… every kind of tap the app has
    assert Kept.worked_out == checked
    # the second time, for every one of them, nothing is worked out again
    for control, events in _controls():
        for event in events:
            if (type(control), event) in ui._EVENT_TYPES:
                remembered(control, event)
    assert Kept.worked_out == checked
    ui.remember_event_types()  # a second call changes nothing
    assert base.get_event_field_type is remembered
