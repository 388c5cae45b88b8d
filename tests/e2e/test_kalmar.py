"""«Кальмар» in a real browser: a whole game played out by tapping — a reverse, a skip, a draw-4
with a colour, an order, the silence, a swap, «Выбери цвет», a draw-2, a caught missed «Кальмар!»,
a refused card with its rule ID — then the winner, the tally and the next game; the checker with
the house rule. Whose turn, direction, colour and counts after each effect are worked out by hand
in the comments (seats: Аня 0, Боря 1, Вика 2; clockwise 0→1→2; dealer Вика, so Аня starts).

Taps are counted per turn (every tap from one player's turn to the next player's) and printed:
``taps per turn: min/median/max``; table events that are nobody's turn (a broken silence, a
caught missed call) and the refused attempt are counted apart."""
from __future__ import annotations

import statistics

import pytest

from companion.base import ids
from companion.kalmar import ids as kl

from .conftest import PHONE, TABLET

pytestmark = pytest.mark.e2e

PLAYERS = ["Аня", "Боря", "Вика"]
TURN_TAPS: list[int] = []
KEYS_AT: list[tuple[int, float]] = []  # (turn, y of the entry's first key) whenever the entry shows


class Counter:
    def __init__(self, ui):
        self.ui, self.n = ui, 0

    def tap(self, ident: str) -> None:
        self.n += 1
        self.ui.tap_id(ident)
        if "-kind-" in ident and not ident.endswith("-silence"):  # the rows below follow the kind: wait for it (a person looks anyway)
            self.ui.page.wait_for_function(
                """id => [...document.querySelectorAll(`[flt-semantics-identifier="${id}"]`)]
                     .some(e => ['aria-selected', 'aria-checked', 'aria-current']
                             .some(a => e.getAttribute(a) === 'true'))""",
                arg=ident, timeout=10000)


def turn(ui, c: Counter, *taps: str, then: str | None = None) -> None:
    """One player's turn: the taps, then wait for whose turn it is next."""
    start = c.n
    first_key = ui.page.locator(ui.sel(kl.kind("play", "digit")))
    if first_key.count():  # the entry keys (not a draw to take or an order to answer)
        KEYS_AT.append((len(TURN_TAPS) + 1, first_key.last.bounding_box()["y"]))
    for ident in taps:
        c.tap(ident)
    TURN_TAPS.append(c.n - start)
    if then is not None:
        ui.wait_text(kl.TURN, then)


def digit_card(colour: str, d: int) -> tuple[str, str]:
    return kl.colour("play", colour), kl.digit("play", d)


def organizer(kind: str, colour: str | None = None) -> tuple[str, ...]:
    return (kl.kind("play", kind),) + ((kl.colour("play", colour),) if colour else ())


def counts(ui) -> list[str]:
    return [ui.read(kl.count(i)).strip() for i in range(len(PLAYERS))]


def assert_counts(ui, *expected: int) -> None:
    for i, (p, n) in enumerate(zip(PLAYERS, expected)):
        ui.wait_text(kl.count(i), f"{p} {n}")


def start_game(ui) -> None:
    ui.tap_id("home-game-kalmar")
    ui.tap_id(ids.HOME_NEW)
    ui.wait_id(kl.SCREEN_NEW)
    ui.fill_names(PLAYERS)
    ui.tap_id(kl.dealer("new", 2))                          # Вика deals
    ui.tap_id(kl.colour("new", "green"))
    ui.tap_id(kl.digit("new", 5))
    ui.wait_text(kl.NEW_FIRST, "зелёная 5")
    ui.shot("kalmar-new-phone-light")
    ui.tap_id(kl.NEW_START)
    ui.wait_id(kl.SCREEN_TABLE)


def test_a_played_out_game_by_tapping(ui):
    TURN_TAPS.clear()
    KEYS_AT.clear()
    start_game(ui)
    c = Counter(ui)
    ui.wait_text(kl.TURN, "Аня")                            # left of the dealer (KL-START)
    ui.wait_text(kl.NEXT, "Боря")
    ui.wait_text(kl.DIRECTION, "по часовой")
    ui.wait_text(kl.COLOUR, "зелёный")
    ui.shot("kalmar-table-phone-light")

    turn(ui, c, *digit_card("green", 7), then="Боря")       # T1 Аня 7
    turn(ui, c, *organizer("reverse", "green"), then="Аня")  # T2 Боря 7; reversed: Боря → Аня (KL-FX-REVERSE)
    ui.wait_text(kl.DIRECTION, "против часовой")
    ui.wait_text(kl.NEXT, "Вика")
    assert_counts(ui, 7, 7, 8)
    turn(ui, c, *organizer("skip", "green"), then="Боря")   # T3 Аня 6; Вика skipped (KL-FX-SKIP)
    ui.wait_text(kl.NEXT, "Аня")
    turn(ui, c, *organizer("draw4", "yellow"), then="Аня")  # T4 Боря 6; Аня takes 4 (KL-FX-DRAW4)
    ui.wait_text(kl.COLOUR, "жёлтый")
    ui.wait_text(kl.PENDING, "Аня берёт 4 карты")
    ui.shot("kalmar-pending-phone-light")
    turn(ui, c, kl.TAKE, then="Вика")                       # T5 Аня 10, misses the turn
    assert_counts(ui, 10, 6, 8)

    # a refused card: a crimson 3 on the yellow colour (KL-PLAY); nothing is entered
    refused = c.n
    c.tap(kl.colour("play", "crimson"))
    c.tap(kl.digit("play", 3))
    ui.wait_text(ids.NOTICE, "KL-PLAY")
    ui.shot("kalmar-refusal-phone-light")
    refused = c.n - refused
    ui.wait_text(kl.TURN, "Вика")
    assert_counts(ui, 10, 6, 8)

    turn(ui, c, *digit_card("yellow", 2), then="Боря")      # T6 Вика 7
    turn(ui, c, kl.kind("play", "order"), kl.colour("order", "yellow"), kl.digit("order", 9),
         then="Аня")                                        # T7 Боря 5: Аня must play the yellow 9 (KL-FX-ORDER)
    ui.wait_text(kl.ORDER, "жёлтая 9")
    ui.shot("kalmar-order-phone-light")
    turn(ui, c, kl.DRAW_ONE, kl.PLAY_ORDERED, then="Вика")  # T8 Аня draws 1 (11), plays it (10)
    assert_counts(ui, 10, 5, 7)
    turn(ui, c, kl.kind("play", "silence"), then="Боря")    # T9 Вика 6: silence until Вика moves
    ui.wait_text(kl.SILENCE, "Вика")
    ui.wait_text(kl.COLOUR, "жёлтый")                       # RUL-KL-BLUE-COLOUR
    ui.shot("kalmar-silence-phone-light")
    events = c.n
    c.tap(kl.silence_by(0))                                 # Аня spoke: +4 = 14 (KL-FX-SILENCE)
    events = c.n - events
    ui.wait_text(kl.count(0), "Аня 14")
    turn(ui, c, kl.DRAW_PASS, then="Аня")                   # T10 Боря 6
    turn(ui, c, *digit_card("yellow", 4), then="Вика")      # T11 Аня 13
    turn(ui, c, kl.kind("play", "swap"), kl.player("swap", 0), then="Боря")  # T12 Вика 5 ⇄ Аня 13 (KL-FX-SWAP)
    assert_counts(ui, 5, 6, 13)
    assert ui.page.locator(ui.sel(kl.SILENCE)).count() == 0  # Вика moved: the silence is over

    turn(ui, c, *digit_card("yellow", 8), then="Аня")       # T13 Боря 5
    turn(ui, c, *digit_card("yellow", 1), then="Вика")      # T14 Аня 4
    turn(ui, c, kl.DRAW_PASS, then="Боря")                  # T15 Вика 14
    turn(ui, c, *organizer("skip", "yellow"), then="Вика")  # T16 Боря 4; Аня skipped
    turn(ui, c, *organizer("reverse", "yellow"), then="Аня")  # T17 Вика 13; clockwise again: Вика → Аня
    ui.wait_text(kl.DIRECTION, "по часовой")
    ui.wait_text(kl.NEXT, "Боря")
    turn(ui, c, *digit_card("yellow", 6), then="Боря")      # T18 Аня 3
    turn(ui, c, kl.DRAW_PASS, then="Вика")                  # T19 Боря 5
    turn(ui, c, *organizer("choose", "green"), then="Аня")  # T20 Вика 12 names green (KL-FX-COLOUR)
    ui.wait_text(kl.COLOUR, "зелёный")
    assert_counts(ui, 3, 5, 12)
    turn(ui, c, *digit_card("green", 2), then="Боря")       # T21 Аня 2
    turn(ui, c, *digit_card("green", 2), then="Вика")       # T22 Боря 4
    turn(ui, c, kl.DRAW_PASS, then="Аня")                   # T23 Вика 13
    turn(ui, c, *digit_card("green", 3), then="Боря")       # T24 Аня 1: «Кальмар!» (KL-CALL)
    ui.wait_text(kl.CALL, "Аня")
    ui.shot("kalmar-call-phone-light")
    e = c.n
    c.tap(kl.MISSED_CALL)                                   # not called, caught: +2 = 3
    events += c.n - e
    ui.wait_text(kl.count(0), "Аня 3")
    turn(ui, c, *digit_card("green", 5), then="Вика")       # T25 Боря 3
    turn(ui, c, kl.DRAW_PASS, then="Аня")                   # T26 Вика 14
    turn(ui, c, *digit_card("green", 8), then="Боря")       # T27 Аня 2
    turn(ui, c, *digit_card("green", 9), then="Вика")       # T28 Боря 2
    turn(ui, c, kl.DRAW_PASS, then="Аня")                   # T29 Вика 15
    turn(ui, c, *digit_card("green", 1), then="Боря")       # T30 Аня 1 (called this time)
    turn(ui, c, *organizer("draw2", "green"), then="Вика")  # T31 Боря 1; Вика takes 2 (KL-FX-DRAW2)
    ui.wait_text(kl.PENDING, "Вика берёт 2 карты")
    assert_counts(ui, 1, 1, 15)
    turn(ui, c, kl.TAKE, then="Аня")                        # T32 Вика 17
    turn(ui, c, *digit_card("green", 0))                    # T33 Аня 0: Аня wins (KL-END)
    ui.wait_text(kl.WINNER, "Аня")
    ui.wait_text(kl.WINNER, "KL-END")
    ui.wait_text(kl.tally(0), "Аня: 1")
    ui.wait_text(kl.tally(1), "Боря: 0")
    ui.shot("kalmar-end-phone-light")

    taps = sorted(TURN_TAPS)
    report = (f"taps per turn over {len(taps)} turns: min {taps[0]}, median {statistics.median(taps)}, "
              f"max {taps[-1]}, mean {statistics.mean(taps):.2f}; table events {events} taps; "
              f"refused attempt {refused} taps; total {c.n}")
    print("\n" + report)
    (ui.shots_dir.parent / "kalmar-taps.txt").write_text(report)
    assert len(taps) == 33 and taps[-1] <= 3 and statistics.median(taps) <= 2
    # the keys stay under the thumb through a skip, the silence, a «Кальмар!» and one card left
    assert len(KEYS_AT) >= 25 and len({y for _, y in KEYS_AT}) == 1, f"entry keys at (turn, y): {KEYS_AT}"

    # the next game: the deal passes clockwise from Вика to Аня; Боря (left of Аня) starts
    assert ui.selected(kl.dealer("next", 0))
    ui.tap_id(kl.colour("next", "crimson"))
    ui.tap_id(kl.digit("next", 4))
    ui.tap_id(kl.NEXT_GAME)
    ui.wait_text(kl.TURN, "Боря")
    ui.wait_text(kl.SCREEN_TABLE, "Игра 2")
    assert_counts(ui, 8, 8, 8)
    # undo the next game: back at the end of game 1, then the sitting goes into the history
    ui.tap_id(kl.UNDO)
    ui.wait_text(kl.WINNER, "Аня")
    ui.tap_id(kl.HISTORY)
    ui.wait_id(kl.SCREEN_HISTORY)
    ui.wait_text(kl.HIST_ENTRIES, "Аня: зелёная 0")
    ui.shot("kalmar-history-phone-light")
    ui.tap_id(kl.HIST_BACK)
    ui.tap_id(kl.FINISH)
    ui.wait_id(ids.SCREEN_STATS)
    ui.wait_text(ids.STATS_GAMES, "Аня")


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_checker_with_the_house_rule(browser, server, tmp_path, request, size):
    from .conftest import _ui

    gen = _ui(browser, server, request, tmp_path, PHONE if size == "phone" else TABLET)
    ui = next(gen)
    try:
        ui.tap_id("home-game-kalmar")
        ui.tap_id(kl.HOME_CHECK)
        ui.wait_id(kl.SCREEN_CHECK)
        # top: a yellow skip; the card: a green skip — another colour, the same picture
        ui.tap_id(kl.kind("top", "skip"))
        ui.tap_id(kl.colour("top", "yellow"))
        ui.tap_id(kl.kind("card", "skip"))
        ui.tap_id(kl.colour("card", "green"))
        ui.wait_text(kl.CHECK_RULE, "Нельзя · RUL-KL-SAME-SYMBOL")
        ui.tap_id(kl.CHECK_SAME_SYMBOL)
        ui.wait_text(kl.CHECK_RULE, "Можно · RUL-KL-SAME-SYMBOL")
        ui.shot(f"kalmar-checker-{size}-light")
        # a blue card always fits (KL-PLAY)
        ui.tap_id(kl.kind("card", "draw4"))
        ui.wait_text(kl.CHECK_RULE, "Можно · KL-PLAY")
    finally:
        next(gen, None)


def test_table_on_a_tablet(ui_tablet):
    ui = ui_tablet
    start_game(ui)
    ui.tap_id(kl.kind("play", "reverse"))
    ui.tap_id(kl.colour("play", "green"))
    ui.wait_text(kl.DIRECTION, "против часовой")
    ui.wait_text(kl.TURN, "Вика")                           # Аня reversed: Аня → Вика
    ui.shot("kalmar-table-tablet-light")
    key = ui.page.locator(ui.sel(kl.kind("play", "digit"))).last
    before = key.bounding_box()
    count = ui.by_id(kl.count(0)).bounding_box()
    ui.tap_id(kl.kind("play", "silence"))                   # Вика: the silence until she moves (KL-FX-SILENCE)
    ui.wait_text(kl.SILENCE, "Вика")
    ui.wait_text(kl.TURN, "Боря")
    # the silence stands in the column beside the entry, under the cards in hand: the keys and
    # the counts stay put, and who broke it can be tapped without scrolling
    assert key.bounding_box()["y"] == before["y"]
    assert ui.by_id(kl.count(0)).bounding_box()["y"] == count["y"]
    banner = ui.by_id(kl.SILENCE).bounding_box()
    assert banner["x"] > before["x"] + 600, (banner, before)
    for i in range(3):
        b = ui.by_id(kl.silence_by(i)).bounding_box()
        assert b["y"] + b["height"] <= TABLET["height"] and b["height"] >= 44, b
    ui.shot("kalmar-silence-tablet-light")
