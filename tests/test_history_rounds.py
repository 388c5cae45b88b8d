"""Issue 43: a long game's history draws what is on screen.

A 200-round whale game (the record limit, N-RECORD-LIMIT) holds over 9,000 entries; «Ход игры»
drew them all (15.7 s in the phone edition, 5.4 s back to the table). Now its rounds are
headings, the latest rounds open up to OPEN_ENTRIES entries, the latest ROUND_PAGE rounds listed
and earlier ones on demand; a short game is drawn whole, as before. The times are printed by
``scripts/bench_history.py`` (not timed here).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.base import ids
from companion.widgets.history import OPEN_ENTRIES, ROUND_PAGE, round_sizes, round_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))


@pytest.fixture(scope="module")
def long_session(tmp_path_factory):
    from bench_history import long_game
    from companion.ui.session import Session
    from companion.store.repository import Store

    meta, actions = long_game(200)
    store = Store.open(tmp_path_factory.mktemp("long"))
    cur = store.start_game(meta)
    store.replace_log(cur.game_id, 0, actions, [])
    s = Session(store)
    assert s.active and len(s.entries()) == len(actions) > 9000
    yield s
    store.close()


def _keys(rows):
    return [getattr(r, "key", None) for r in rows]


def test_a_200_round_history_draws_its_latest_rounds_only(long_session):
    from companion.kozyrnye_kity.screens.history import _groups

    s = long_session
    entries = s.entries()
    last = entries[-1]
    assert last["round"] == 200
    view = round_view(round_sizes(entries))
    rows = _groups(s, entries, lambda i: None, None, view, lambda r: None)
    keys = _keys(rows)
    drawn = [k for k in keys if k and k.startswith("history-entry-")]
    assert ids.hist_entry(last["index"]) in drawn      # the latest entry is there
    assert ids.hist_entry(0) not in keys                # round 1's are not
    assert 0 < len(drawn) <= OPEN_ENTRIES < len(entries)
    headings = [k for k in keys if k and k.startswith("history-round-")]
    assert headings == [ids.hist_round(n) for n in range(191, 201)]  # the latest 10 rounds listed
    assert len(rows) < 250                              # not 11,000 controls
    # every entry of round 200 is drawn, none of round 191 (closed: its heading only)
    assert all(ids.hist_entry(e["index"]) in drawn for e in entries if e["round"] == 200)
    assert not any(ids.hist_entry(e["index"]) in drawn for e in entries if e["round"] == 191)


def test_a_closed_round_opens_with_a_tap_and_the_latest_one_closes():
    sizes = [(n, 46) for n in range(1, 201)]
    view = round_view(sizes)
    assert view.opened == {200} and view.earlier == 190 and view.listed == tuple(range(191, 201))
    view = round_view(sizes, {190: True, 200: False})
    assert view.opened == {190} and 200 in view.listed
    assert round_view([(n, 20) for n in range(1, 11)]).opened == {8, 9, 10}  # short rounds: the latest three


def test_earlier_rounds_come_on_demand():
    sizes = [(n, 46) for n in range(1, 201)]
    assert ROUND_PAGE == 10
    view = round_view(sizes, shown=40)
    assert view.listed == tuple(range(161, 201)) and view.earlier == 160
    assert round_view(sizes, shown=400).earlier == 0


def test_the_round_of_an_entry_just_corrected_is_listed_and_open():
    sizes = [(n, 46) for n in range(1, 201)]
    view = round_view(sizes, {5: False}, must_open=[5])
    assert 5 in view.opened and view.listed[0] == 5 and view.earlier == 4


def test_a_short_game_is_drawn_whole():
    view = round_view([(1, 1), (2, 1), (3, 1), (4, 1)])  # a score pad: one tally a round
    assert view.opened == {1, 2, 3, 4} and view.listed == (1, 2, 3, 4) and view.earlier == 0
    one_big = round_view([(1, OPEN_ENTRIES * 2)])  # the latest round is open however long
    assert one_big.opened == {1}
