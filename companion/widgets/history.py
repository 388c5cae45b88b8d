"""The end of a game's history screen, the same in every game: the broken rules, the game record
out and in, and stopping the game (asked first). Presentation only: the session does the work."""
from __future__ import annotations

from typing import Any, Callable, Optional

import flet as ft

from ..i18n import t
from ..screens.records import ExportPanel, ImportPanel, violation_rows
from ..ui import section_title
from .game import leave, say_refused
from .stop import StopGameButton


def history_tail(st, s, *, violations: str, record_file: str, export: str, stop: str,
                 **where: Any) -> list[ft.Control]:
    """The controls under a game's entries. ``violations``, ``export``, ``stop``: their semantics
    identifiers; ``record_file``: the file name a record is handed out as; ``where``: how the
    broken rules name their place (``round_word`` or ``where``/``text`` of ``violation_rows``)."""
    def stop_game():
        leave(st, s.abandon(), lambda: t("The game was stopped; it stays in the history."), "/")

    return [section_title(t("Broken rules")),
            violation_rows(s.game.violations(), violations, **where),
            ft.Divider(), section_title(t("Game record")),
            ExportPanel(s.export_record, record_file, export),
            ImportPanel(),
            StopGameButton(stop_game, stop, key=f"{stop}-button")]  # asks first (issue 19, point 4)


def after_correction(st, out, close: Callable[[], None], show_changes: Callable[[Any], None],
                     refused: Optional[Callable[[Any], None]] = None) -> bool:
    """After a past entry was corrected (``out``, the session's outcome): close the editor and
    show what changed, or say that nothing did; refused: say why (``refused(out)`` when the
    screen words it itself). Returns whether it was done."""
    if not out.ok:
        say_refused(st, out, refused)
        return False
    close()
    show_changes(out.notice)
    if out.notice is None:
        st.show(lambda: t("Nothing changed."))
    return True
