"""«Сотня» for the log session (Flet-free): what the session asks, and names and numbers for the screens."""
from typing import Any, Mapping

from companion.core.game_view import GameView, changed_end, winner_name
from companion.core.summary import Summary

from . import GAME
from . import game as g

def points(text: str) -> int | str:
    """A field's whole number, or its text as typed (then the rules refuse it, S5-ROUND)."""
    v = str(text).strip()
    return int(v) if v.isascii() and v.isdigit() and len(v) < 10 else v

class View(GameView):
    game, format, end_rule, engine = GAME.id, g.FORMAT, g.C.END.rule, g  # new_meta, apply, record, read_import, route:
    # the defaults (companion/core/game_view.py)

    def start_state(self, meta: Mapping[str, Any]) -> g.State:
        return g.new_game(meta["players"], meta["target"])

    def summarize(self, s: g.State | None) -> Summary:
        return Summary(self.game) if s is None else Summary(self.game, s.players, s.rounds, s.totals, winner_name(s))

    def diff(self, old: g.State | None, new: g.State) -> list:
        return [] if old is None else changed_end(old, new, old.totals, new.totals)

    def position(self, before: g.State, action: Mapping[str, Any]) -> tuple[int, int]:
        return len(before.rounds) + 1, 0

    def status(self) -> str | None:
        return g.status(self.state, self.lang)

    def record_round(self, texts: Mapping[str, str]):
        """One round: every player's points as typed (S5-ROUND)."""
        return self.do(g.Round({p: points(x) for p, x in texts.items()}))

VIEW = View
