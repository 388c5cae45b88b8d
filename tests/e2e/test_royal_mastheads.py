"""«Королевское наказание» in a real browser: one deal trick by trick (44 card taps; the bank fills
itself, «Исправить банк» enters it by hand),
the same deal by taken cards, a refused duplicate card, undo, and the end-of-deal breakdown.

The deal is the «suits deal» scored by hand in tests/test_rm_engine.py
(test_RM_POINTS_whole_deal_russian_by_hand): trump hearts (turned 7♥); Аня takes 5 tricks —
all 13 spades and ♥A…7; Боря 3 tricks — ♦A…Q; Вика 3 — ♣A…Q; Гоша none; the bank ♥8…K ♦K ♣K goes
to Аня (most tricks, RM-BANK). Аня 123 card points + 2000 (13 trumps, RM-BONUS-TRUMP-ALL) + 500
(8 face cards, RM-BONUS-FACE) = 2623; Боря 23; Вика 23; Гоша 0. Entered trick by trick it is
the legal play in tests/test_rm_view.py (SUITS_DEAL_TRICKS), checked by the engine there."""
from __future__ import annotations

import pytest

from companion.base import ids
from companion.royal_mastheads import ids as rm

from test_rm_view import SUITS_DEAL_BANK, SUITS_DEAL_TRICKS, suits_deal_owners

pytestmark = pytest.mark.e2e

PLAYERS = ["Аня", "Боря", "Вика", "Гоша"]


def start_set(ui) -> None:
    ui.tap_id("home-game-royal-mastheads")
    ui.tap_id(ids.HOME_NEW)
    ui.wait_id(rm.SCREEN_NEW)
    ui.fill_names(PLAYERS)
    ui.tap_id(rm.new_dealer(3))          # Гоша deals first: Аня leads (RM-DEAL-1, RM-LEAD)
    ui.tap_id(rm.NEW_START)
    ui.wait_id(rm.SCREEN_DEAL)
    ui.wait_text(rm.DEAL_TITLE, "Игра 1 из 10")
    ui.wait_text(rm.DEAL_TITLE, "Гоша")
    ui.wait_text(rm.VARIANT, "русского перевода")


def turn(ui, card: str, how: str) -> None:
    ui.tap_id(rm.card(card))
    ui.wait_text(rm.TURNED, "7♡")
    ui.tap_id(rm.START_TRICKS if how == "tricks" else rm.START_TAKEN)


def totals(ui) -> list[str]:
    return [ui.read(rm.deal_total(i)).strip() for i in range(4)]


def test_one_deal_trick_by_trick_then_by_taken_cards(ui):
    start_set(ui)
    turn(ui, "hearts-7", "tricks")
    taps = 2  # the turned card and «Взятка за взяткой»
    ui.wait_text(rm.TURNED, "козырь червы")
    ui.wait_text(rm.TO_PLAY, "Взятка 1 из 11 · ходит Аня")
    for n, trick in enumerate(SUITS_DEAL_TRICKS, 1):
        for k, card in enumerate(trick):
            ui.tap_id(rm.card(card))
            taps += 1
            if n == 1 and k == 1:
                ui.shot("royal-mastheads-trick-phone-light")
        if n == 11:
            break  # the last card closes the deal: the bank fills itself (RM-BANK)
        ui.wait_text(rm.LAST_TRICK, f"Взятка {n}: берёт")
        if n == 1:
            ui.wait_text(rm.LAST_TRICK, "Аня")
            ui.wait_text(rm.WHY, "RM-WIN")
            # A♠ 10 + A♥ 10 doubled 20 + 2♥ 2 + 7♥ 2 = 34 (RM-POINTS, RUL-RM-ORDER)
            ui.wait_text(rm.live(0), "34")
            # a refused entry: A♥ was played in trick 1; each card once (RM-COMP)
            ui.tap_id(rm.card("hearts-A"))
            ui.wait_text(ids.NOTICE, "RM-COMP")
            ui.shot("royal-mastheads-refusal-phone-light")
            ui.tap_id(ids.NOTICE_CLOSE)
        if n == 6:
            ui.shot("royal-mastheads-why-phone-light")
    ui.wait_id(rm.BREAKDOWN)
    # one tap per card and none for the bank: 2 + 44 = 46 taps for the deal (55 when each bank
    # card was tapped to its owner and recorded: 8 + 1 taps fewer)
    assert taps == 46
    assert totals(ui) == ["За игру: 2623", "За игру: 23", "За игру: 23", "За игру: 0"]
    ui.wait_text(rm.bonus(0, "RM-BONUS-TRUMP-ALL"), "+2000")
    ui.wait_text(rm.bonus(0, "RM-BONUS-FACE"), "+500")
    ui.shot("royal-mastheads-breakdown-phone-light")

    # undo: the deal is back at its bank (RM-BANK); redo
    ui.tap_id(rm.UNDO)
    ui.wait_id(rm.BANK_FILL)
    ui.tap_id(rm.REDO)
    ui.wait_id(rm.BREAKDOWN)
    # «Исправить банк»: reopened, each player's two cards entered by hand; the same points
    ui.tap_id(rm.BANK_FIX)
    ui.wait_id(rm.BANK_FILL)
    ui.wait_text(rm.live(0), "банк")
    for i, p in enumerate(PLAYERS):
        for c in SUITS_DEAL_BANK[p]:
            ui.tap_id(rm.card(c))
    ui.shot("royal-mastheads-bank-phone-light")
    ui.tap_id(rm.BANK_RECORD)
    ui.wait_id(rm.BREAKDOWN)
    assert totals(ui) == ["За игру: 2623", "За игру: 23", "За игру: 23", "За игру: 0"]

    # deal 2: Аня deals (clockwise), the same cards entered by taken cards
    ui.tap_id(rm.NEXT_DEAL)
    ui.wait_text(rm.DEAL_TITLE, "Игра 2 из 10 · сдаёт Аня")
    turn(ui, "hearts-7", "taken")
    owners = suits_deal_owners()
    keys = {p: str(i) for i, p in enumerate(PLAYERS)} | {"bank": "bank"}
    for who in PLAYERS[:3] + ["bank"]:
        ui.tap_id(rm.owner(keys[who]))
        for c, o in owners.items():
            if o == who:
                ui.tap_id(rm.card(c))
    ui.wait_text(rm.TAKEN_COUNT, "52 из 52")
    # a card tapped for another owner too: refused with the reason (RM-COMP)
    ui.tap_id(rm.owner("1"))
    ui.tap_id(rm.card("spades-A"))
    ui.wait_text(ids.NOTICE, "RM-COMP")
    ui.shot("royal-mastheads-taken-phone-light")
    ui.tap_id(rm.TAKEN_RECORD)
    ui.wait_id(rm.BREAKDOWN)
    ui.wait_text(rm.DEAL_TITLE, "Игра 3 из 10")
    assert totals(ui) == ["За игру: 2623", "За игру: 23", "За игру: 23", "За игру: 0"]  # RUL-RM-ORDER
    assert [ui.read(rm.total(i)).strip() for i in range(4)] == ["5246", "46", "46", "0"]

    # the history: the deal's entries, the record panel
    ui.tap_id(rm.HISTORY)
    ui.wait_id(rm.SCREEN_HISTORY)
    ui.tap_id(rm.hist_deal(1))
    ui.wait_text(rm.hist_entry(0), "Открыта 7♡")
    ui.shot("royal-mastheads-history-phone-light")
    assert ui.no_crash_overlay()


ALL_CARDS = [f"{s}-{r}" for s in ("spades", "hearts", "diamonds", "clubs")
             for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def play_one(ui, card: str) -> None:
    """Tap one card and wait until the table took it (the line «whose card» moves on), as a
    person sees the card land before the next tap: a tap fired while the keys are being redrawn
    may land on a neighbour on a loaded machine."""
    before = ui.read(rm.TO_PLAY)
    ui.tap_id(rm.card(card))
    ui.page.wait_for_function(
        "([sel, before]) => { const e = [...document.querySelectorAll(sel)].pop();"
        " return !!e && e.textContent !== before; }", arg=[ui.sel(rm.TO_PLAY), before], timeout=10000)


_BOXES_JS = """(sels) => Object.fromEntries(Object.entries(sels).map(([k, s]) => {
    const all = document.querySelectorAll(s);
    if (!all.length) return [k, null];
    const r = all[all.length - 1].getBoundingClientRect();
    return [k, {x: r.x, y: r.y, width: r.width, height: r.height}];
}))"""


def key_boxes(ui) -> dict[str, dict]:
    """The bounding box of every card key of the grid, as the browser lays it out — all read
    in one go (one layout; key by key, a re-render between two reads could mix two layouts)."""
    for cid in ALL_CARDS:
        ui.wait_id(rm.card(cid))
    return ui.page.evaluate(_BOXES_JS, {cid: ui.sel(rm.card(cid)) for cid in ALL_CARDS})


def assert_thumb_keys(boxes: dict[str, dict], height: int) -> None:
    """Every key at least 44×44 px, at least 4 px from every other key, and on screen (no
    scrolling to reach it)."""
    for cid, b in boxes.items():
        assert b is not None, cid
        assert b["width"] >= 44 and b["height"] >= 44, (cid, b)
        assert b["y"] >= 0 and b["y"] + b["height"] <= height, (cid, b)
    items = list(boxes.items())
    for i, (c1, a) in enumerate(items):
        for c2, b in items[i + 1:]:
            gap = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]),
                      b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]))
            assert gap >= 4, (c1, c2, a, b)


def test_card_keys_are_thumb_sized_on_a_phone(ui):
    """The 4×13 grid at 412×915: every key ≥ 44×44 px with gaps ≥ 4 px, all on screen while a
    trick is entered; the keys keep their places when a suit is led (nothing moves under a thumb)."""
    start_set(ui)
    turn(ui, "hearts-7", "tricks")
    ui.page.wait_for_timeout(600)
    before = key_boxes(ui)
    for card in SUITS_DEAL_TRICKS[0] + SUITS_DEAL_TRICKS[1][:2]:
        play_one(ui, card)
    ui.wait_text(rm.LAST_TRICK, "Взятка 1: берёт Аня")
    ui.page.wait_for_timeout(600)
    boxes = key_boxes(ui)
    assert_thumb_keys(boxes, 915)
    assert all(abs(boxes[c]["y"] - before[c]["y"]) < 1 and abs(boxes[c]["x"] - before[c]["x"]) < 1 for c in ALL_CARDS)
    widths = sorted(b["width"] for b in boxes.values())
    heights = sorted(b["height"] for b in boxes.values())
    print(f"phone keys: width {widths[0]:.1f}–{widths[-1]:.1f} px, height {heights[0]:.1f}–{heights[-1]:.1f} px, "
          f"grid bottom {max(b['y'] + b['height'] for b in boxes.values()):.0f} px")
    ui.shot("royal-mastheads-trick-phone-light", keep=True)


def test_tablet_deal_screen(ui_tablet):
    ui = ui_tablet
    start_set(ui)
    turn(ui, "hearts-7", "tricks")
    for card in SUITS_DEAL_TRICKS[0] + SUITS_DEAL_TRICKS[1][:2]:
        play_one(ui, card)
    ui.wait_text(rm.LAST_TRICK, "Взятка 1: берёт Аня")
    ui.page.wait_for_timeout(600)
    assert_thumb_keys(key_boxes(ui), 800)
    ui.shot("royal-mastheads-trick-tablet-light", keep=True)
