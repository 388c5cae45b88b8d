"""The phone edition's table as the screens see it (issue 40): the link's :class:`TableState`
(``companion/network/link.py``, Flet-free) made observable, one per tab — a screen that reads
it redraws when the link changes it."""
from __future__ import annotations

import flet as ft

from ..network.link import TableState

TABLE = ft.observable(TableState)()
