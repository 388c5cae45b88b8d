"""Issue 19, point 4, «a way back»: «Назад» (the app bar's arrow, the system back) from a checker
or calculator leads to where it was opened — to the game when opened from the game, home when
opened from home, the rules when opened from the rules. The app's route tree decides it: the
router pops to the view below in the matched chain (flet's Router with ``manage_views``)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from flet.components.router import _match_routes, _split_chain_into_view_levels

from companion.app import route_tree

REPO = Path(__file__).resolve().parents[1]


def stack(path: str) -> list[str]:
    chain = _match_routes(route_tree(), path)
    assert chain is not None, f"no screen at {path}"
    _, views = _split_chain_into_view_levels(chain)
    return [m.resolved_path or m.full_path for m, _ in views]


@pytest.mark.parametrize("path, back_to", [
    ("/vzhuh/table-check", "/vzhuh"),    # «Вжух!» move checker from the game → the game
    ("/kalmar/table-check", "/kalmar"),  # «Кальмар» «Можно ли сыграть?» from the table → the table
    ("/vzhuh/check", "/"),               # the same checkers from home → home
    ("/kalmar/check", "/"),
    ("/who-wins", "/"),                  # the whale calculator from home → home (was: the rules)
    ("/rules/who-wins", "/rules"),       # … and from the rules → the rules
])
def test_back_from_a_checker_or_calculator_leads_where_it_was_opened(path, back_to):
    views = stack(path)
    assert views[-1] == path and views[-2] == back_to


@pytest.mark.parametrize("screen, route", [
    ("companion/vzhuh/screens/score.py", "/vzhuh/table-check"),
    ("companion/kalmar/screens/table.py", "/kalmar/table-check"),
])
def test_the_game_opens_its_checker_under_itself(screen, route):
    """The game's own button opens the checker at the route under the game (so «Назад» returns)."""
    text = (REPO / screen).read_text(encoding="utf-8")
    targets = {n.value for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Constant) and isinstance(n.value, str)
               and n.value.startswith("/") and "check" in n.value}
    assert targets == {route}


def test_home_opens_the_calculator_outside_the_rules():
    from companion.base import ids
    from companion.core.packs import game
    entries = {e.ident: e.route for e in game("kozyrnye-kity").home_entries}
    assert stack(entries[ids.HOME_CALC])[-2] == "/"
