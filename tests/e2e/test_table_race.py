"""Issue 43: two phones at the table tap at the same instant — one wins, the other is told.

Each entry is made on the state its phone showed; one made on a state the table has left is
refused, and its phone says why and shows the table as it is. A host (this computer's browser)
and two phones (tests/e2e/test_table_mode.py); phone B is on a slow Wi-Fi: what it sends reaches
the table :data:`LATE_MS` later (its page's websocket sends are held back that long, in order).
B taps, A taps a moment later: B's tap, made before A's and so on the table as it was, arrives
after A's entry has reached the table and B's copy of the game — the race of the issue, every
time:

* different cards: before, both were saved (B's card as the next player's) and nobody was told;
* the same card: before, B was refused by the rules (a card already played), not told why;
* an undo against an entry: before, B's undo took back A's entry, which B had never seen.

Now B's entry is refused in each case, nothing more is written, and B says that another phone
entered first (for the same card: that it is on the table once, issue 50); A's entry stands. Then B, having seen it all, enters alone: taken at once.
"""
from __future__ import annotations

import time

import pytest

from companion.base import ids
from companion.base.i18n import translate

from . import test_game_flow as flow
from .conftest import STARTUP_TIMES, TABLET
from .test_table_mode import devices, stored_log, table_server, to_table  # noqa: F401 (fixtures)

pytestmark = pytest.mark.e2e

LATE_MS = 500
SLOW_WIFI = """(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { setTimeout(() => send.call(this, data), %d); };
})();""" % LATE_MS
TOLD = translate("ru", "Another phone made its entry first: the table is updated, yours was not saved.")
SAME = translate("ru", "Another phone entered the same first: it is on the table once.")  # issue 50
P0, P1 = flow.PLAYERS[:2]


def at_once(*taps) -> None:
    """Tap each (phone, control) in turn, a few milliseconds apart."""
    boxes = [ui.by_id(ident).bounding_box() for ui, ident in taps]
    for (ui, _), box in zip(taps, boxes):
        ui.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def settled(server, size: int) -> list:
    """The stored log once the race is over: it has changed from ``size`` entries, and B's late
    tap has arrived and been answered."""
    deadline = time.monotonic() + 10
    while len(stored_log(server)) == size and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(3 * LATE_MS / 1000 + 0.5)
    return stored_log(server)


def told(ui) -> str:
    """What the phone says in its message bar ("" if nothing), then closes it."""
    if not ui.page.locator(ui.sel(ids.NOTICE)).count():
        return ""
    text = ui.read(ids.NOTICE)
    ui.tap_id(ids.NOTICE_CLOSE)
    return text


def test_two_phones_at_once_one_wins_the_other_is_told(devices, table_server):  # noqa: F811
    host = devices.open(TABLET, phone=False)
    a = devices.open()
    b = devices.open(url="none")
    b.page.add_init_script(SLOW_WIFI)
    STARTUP_TIMES.append(b.open())
    flow.start_game(host)
    g = flow.Game(host)
    flow.setup_round(host, g.bonuses)
    to_table(a)
    to_table(b)
    card = flow.picker_ids(ids.TABLE_PICK).card
    base = len(stored_log(table_server))
    ca = g.legal(P0)
    follow = [c for c in g.hands[P1] if c.split("-")[0] == ca.split("-")[0]]
    cb = (follow or g.hands[P1])[0]  # a card the next player may play after ca

    def race(b_taps: str, what: str, size: int, shot: str = "", words: str = TOLD) -> list:
        at_once((b, b_taps), (a, card(ca) if size == base else card(cb)))
        log = settled(table_server, size)
        assert len(log) == size + 1, f"{what}: {log[base:]}"  # A's entry, and nothing of B's
        if shot:
            b.shot(shot)
        said_b, said_a = told(b), told(a)
        assert words in said_b, f"{what}: B says {said_b!r}"
        assert TOLD not in said_a and SAME not in said_a, said_a
        return log

    # 1. different cards: A enters the first player's, B the one the second player could play
    log = race(card(cb), "different cards", base, shot="table-race-told-phone-light")
    assert log[-1] == {"type": "play", "player": P0, "card": ca}  # before: + Миша's cb, nobody told
    for ui in (a, b, host):
        ui.wait_text(ids.TABLE_TURN, P1)
    host.tap_id(ids.TABLE_UNDO)
    for ui in (a, b, host):
        ui.wait_text(ids.TABLE_TURN, P0)
    assert len(stored_log(table_server)) == base

    # 2. the same card on both phones
    log = race(card(ca), "the same card", base, words=SAME)  # B's card is on the table: said so
    assert log[-1] == {"type": "play", "player": P0, "card": ca}
    for ui in (a, b, host):
        ui.wait_text(ids.TABLE_TURN, P1)

    # 3. an undo against an entry: A enters the second player's card while B undoes the first
    log = race(ids.TABLE_UNDO, "undo against an entry", base + 1)
    assert log[-2:] == [{"type": "play", "player": P0, "card": ca},  # before: B's undo took cb back
                        {"type": "play", "player": P1, "card": cb}]

    # B has seen it all now: its undo (alone) is taken, and says what it took back
    for ui in (a, b, host):
        ui.wait_text(ids.TABLE_TURN, flow.PLAYERS[2])
    b.tap_id(ids.TABLE_UNDO)
    for ui in (a, b, host):
        ui.wait_text(ids.TABLE_TURN, P1)
    assert stored_log(table_server) == log[:-1]
    assert TOLD not in told(b)
