"""«Кальмар» through the Session API on a real Store: a sitting of two games with a reverse, a
skip, a draw-4 with a colour, an order, the silence, a swap, a missed «Кальмар!», refusals that
change nothing, undo/redo, a restart, export/import, and the archive's summary. Every expected
value is worked out by hand in the comments (seats: Аня 0, Боря 1, Вика 2; clockwise = 0→1→2)."""
from __future__ import annotations

import json

import pytest

from engine import kalmar as kl
from engine.core.games import read_any

from companion.kalmar.models import GameResult
from companion.kalmar.view import card_parts, check_card, make_card, summarize
from companion.core.summary import Summary
from companion.ui.session import Session
from companion.store.repository import Store

P = ["Аня", "Боря", "Вика"]


def new(tmp_path, **kw) -> tuple[Store, Session]:
    store = Store.open(tmp_path)
    s = Session(store)
    opts = {"dealer": "Вика", "first_card": "green-5", **kw}
    out = s.new_game(P, game="kalmar", **opts)
    assert out.ok, out.text("en")
    return store, s


def ok(out):
    assert out.ok, out.text("en")
    return out


def look(s: Session) -> tuple:
    t = s.game.table()
    return t.turn, t.clockwise, t.colour, [t.counts[p] for p in P]


def test_new_game_starts_left_of_the_dealer(tmp_path):
    store, s = new(tmp_path)
    assert s.kind == "kalmar" and s.game.route() == "/kalmar"
    t = s.game.table()
    # dealer Вика (2): the player to her left, Аня (0), starts clockwise (KL-START)
    assert (t.turn, t.next, t.clockwise, t.top, t.colour) == ("Аня", "Боря", True, "green-5", "green")
    assert t.counts == {"Аня": 8, "Боря": 8, "Вика": 8} and t.pending == 0 and t.game == 1
    assert s.meta["first_card"] == "green-5" and s.meta["dealer"] == "Вика" and "same_symbol" not in s.meta


@pytest.mark.parametrize("first, colour, turn, clockwise, pending, shown", [
    ("crimson-skip", None, "Боря", True, 0, "crimson"),     # KL-SETUP-2: Аня skipped
    ("crimson-reverse", None, "Боря", False, 0, "crimson"),  # reversed: the dealer's right, Боря
    ("yellow-draw2", None, "Аня", True, 2, "yellow"),       # Аня takes 2 first
    ("draw4", "green", "Аня", True, 4, "green"),            # RUL-KL-FIRST-BLUE: the dealer named green
    ("choose", "light-blue", "Аня", True, 0, "light-blue"),
])
def test_first_card_effects(tmp_path, first, colour, turn, clockwise, pending, shown):
    kw = {"first_card": first} | ({"colour": colour} if colour else {})
    _, s = new(tmp_path, **kw)
    t = s.game.table()
    assert (t.turn, t.clockwise, t.pending, t.colour) == (turn, clockwise, pending, shown)


@pytest.mark.parametrize("kw, rule", [
    ({"first_card": "swap"}, "RUL-KL-FIRST-BLUE"),        # goes back into the pile
    ({"first_card": "draw4"}, "RUL-KL-FIRST-BLUE"),       # the dealer must name a colour
    ({"first_card": "green-5", "colour": "yellow"}, "RUL-KL-FIRST-BLUE"),
    ({"first_card": "blue-5"}, "KL-COMP"),
    ({"dealer": "Гоша"}, "KL-START"),
])
def test_new_game_refusals_cite_the_rule(tmp_path, kw, rule):
    s = Session(Store.open(tmp_path))
    out = s.new_game(P, game="kalmar", **({"dealer": "Вика", "first_card": "green-5"} | kw))
    assert not out.ok and not s.active
    assert rule in out.text("ru") and rule in out.text("en")
    out = s.new_game(["Аня"], game="kalmar", dealer=0, first_card="green-5")
    assert not out.ok and "KL-SETUP-1" in out.text("ru")


def test_a_sitting_with_every_effect(tmp_path):
    store, s = new(tmp_path)
    g = s.game
    ok(g.play("green-7"))                                   # Аня 7; → Боря
    assert look(s) == ("Боря", True, "green", [7, 8, 8])
    ok(g.play("green-reverse"))                             # Боря 7; reversed: Боря → Аня (KL-FX-REVERSE)
    assert look(s) == ("Аня", False, "green", [7, 7, 8])
    assert g.table().next == "Вика"
    ok(g.play("green-skip"))                                # Аня 6; Вика skipped → Боря (KL-FX-SKIP)
    assert look(s) == ("Боря", False, "green", [6, 7, 8])
    # draw-4 needs a colour (KL-FX-COLOUR): refused, nothing changes
    before = (s.log, s.revision)
    out = g.play("draw4")
    assert not out.ok and "KL-FX-COLOUR" in out.text("ru") and (s.log, s.revision) == before
    ok(g.play("draw4", colour="yellow"))                    # Боря 6; Аня must draw 4 (KL-FX-DRAW4)
    t = g.table()
    assert look(s) == ("Аня", False, "yellow", [6, 6, 8]) and t.pending == 4
    v = g.can_play("yellow-3")
    assert not v.ok and v.rule == "KL-FX-DRAW4"
    out = g.play("yellow-3")                                # refused: the 4 cards come first
    assert not out.ok and "KL-FX-DRAW4" in out.text("en")
    ok(g.draw())                                            # Аня takes 4 and misses the turn → Вика
    assert look(s) == ("Вика", False, "yellow", [10, 6, 8]) and g.table().pending == 0
    ok(g.play("yellow-2"))                                  # Вика 7 → Боря
    ok(g.play("order", order="yellow-9"))                   # Боря 5: Аня must play the yellow 9 (KL-FX-ORDER)
    t = g.table()
    assert look(s) == ("Аня", False, "yellow", [10, 5, 7]) and t.order == "yellow-9" and t.ordered_by == "Боря"
    v = g.can_play("yellow-1")
    assert not v.ok and v.rule == "KL-FX-ORDER"
    assert g.can_play("yellow-9").ok
    ok(g.draw(1))                                           # Аня draws looking for it: 11
    ok(g.play("yellow-9"))                                  # 10 → Вика
    assert look(s) == ("Вика", False, "yellow", [10, 5, 7]) and g.table().order is None
    ok(g.play("silence"))                                   # Вика 6: silence until Вика's next move
    assert g.table().silence_by == "Вика" and look(s)[2] == "yellow"   # RUL-KL-BLUE-COLOUR
    ok(g.broke_silence("Аня"))                              # Аня spoke: +4 = 14 (KL-FX-SILENCE)
    ok(g.draw_and_pass())                                   # Боря draws 1 and passes: 6 → Аня
    assert look(s) == ("Аня", False, "yellow", [14, 6, 6])
    ok(g.play("yellow-4"))                                  # Аня 13 → Вика
    ok(g.play("swap", swap_with="Аня"))                     # Вика 5 ⇄ Аня 13 (KL-FX-SWAP); silence ends
    t = g.table()
    assert look(s) == ("Боря", False, "yellow", [5, 6, 13]) and t.silence_by is None
    # undo and redo the swap
    ok(s.undo())
    assert look(s) == ("Вика", False, "yellow", [13, 6, 6])
    ok(s.redo())
    assert look(s) == ("Боря", False, "yellow", [5, 6, 13])
    assert g.winner() is None and not g.over() and not s.finish().ok
    ok(g.player_out("Боря"))                                # the table says Боря is out (RUL-KL-OUT)
    t = g.table()
    assert t.winner == "Боря" and g.winner() == "Боря" and g.over() and g.tally() == {"Аня": 0, "Боря": 1, "Вика": 0}
    assert g.violations() == ()
    # the next game: the deal passes clockwise from Вика to Аня (RUL-KL-NEXT-DEALER)
    assert g.next_dealer() == "Аня"
    ok(g.next_game("crimson-draw2", dealer="Аня"))          # Боря (left of Аня) draws 2 first
    t = g.table()
    assert (t.game, t.dealer, t.turn, t.pending, t.colour) == (2, "Аня", "Боря", 2, "crimson")
    assert t.counts == {"Аня": 8, "Боря": 8, "Вика": 8} and g.winner() is None
    assert g.games() == (GameResult(number=1, dealer="Вика", first_card="green-5", winner="Боря",
                                    by_swap=False, turns=12),)
    entries = s.entries()
    assert entries[-1]["round"] == 2 and entries[0]["round"] == 1 and entries[0]["trick"] == 1

    # a restart reads the same sitting from the store
    store.close()
    store2 = Store.open(tmp_path)
    s2 = Session(store2)
    assert s2.kind == "kalmar" and s2.game.table() == t and s2.log == s.log

    # the record replays to the same table (kalmar/1)
    text = s2.export_record()
    pkg, rec = read_any(text)
    assert pkg.FORMAT == "kalmar/1" and json.loads(text)["format"] == "kalmar/1"
    res = kl.replay_record(rec)
    assert res.valid and res.tally == {"Аня": 0, "Боря": 1, "Вика": 0} and res.state == s2.state

    # Вика's «Выбери цвет» on crimson is out of turn: refused, nothing changes
    out = s2.game.play("choose", colour="green", player="Вика")
    assert not out.ok and "KL-START" in out.text("ru")
    ok(s2.game.draw())                                      # Боря takes 2 → Вика
    ok(s2.game.player_out("Вика"))
    assert s2.game.tally() == {"Аня": 0, "Боря": 1, "Вика": 1}
    # a shared lead: the sitting has no single winner
    sm = summarize(s2.state)
    assert sm == Summary("kalmar", tuple(P), scores=((0, 1, 0), (0, 0, 1)), totals=(0, 1, 1), winner=None,
                         low_wins=False)
    assert sm.to_json() == {"players": P, "rounds": [[0, 1, 0], [0, 0, 1]], "totals": [0, 1, 1], "winner": None,
                            "low_wins": False, "game": "kalmar"}
    ok(s2.finish())
    [row] = s2.archive.archived()
    assert row["status"] == "finished" and row["summary"]["totals"] == [0, 1, 1]
    assert row["summary"]["game"] == "kalmar" and row["summary"]["winner"] is None


def test_the_kalmar_moment_and_a_missed_call(tmp_path):
    store = Store.open(tmp_path)
    s = Session(store)
    ok(s.new_game(["Аня", "Боря"], game="kalmar", dealer="Боря", first_card="green-9"))
    g = s.game
    for d in range(6):                                      # Аня plays 6 greens, Боря draws and passes
        ok(g.play(f"green-{d}"))
        ok(g.draw_and_pass())
    assert g.table().counts == {"Аня": 2, "Боря": 14} and g.table().call_due is None
    ok(g.play("green-6"))                                   # Аня down to one card (KL-CALL)
    t = g.table()
    assert t.call_due == "Аня" and t.one_card == ("Аня",) and t.turn == "Боря"
    ok(g.missed_call("Аня"))                                # caught: +2 = 3
    assert g.table().counts["Аня"] == 3 and g.table().call_due is None
    out = g.missed_call("Аня")                              # no call is due any more
    assert not out.ok and "KL-CALL" in out.text("en")
    ok(g.draw_and_pass())
    for d in (7, 8):
        ok(g.play(f"green-{d}"))
        ok(g.draw_and_pass())
    ok(g.play("swap", swap_with="Боря"))  # last card a swap: Боря wins (KL-END-SWAP)
    t = g.table()
    assert t.winner == "Боря" and t.by_swap and g.tally() == {"Аня": 0, "Боря": 1}
    ok(s.finish())
    [row] = s.archive.archived()
    assert row["summary"]["winner"] == "Боря" and row["summary"]["rounds"] == [[0, 1]]


def test_house_rule_same_symbol(tmp_path):
    _, s = new(tmp_path, first_card="yellow-skip", same_symbol=True)
    assert s.meta["same_symbol"] is True and s.game.table().same_symbol
    # Аня skipped by the first card (KL-SETUP-2): Боря; a green skip on a yellow skip
    v = s.game.can_play("green-skip")
    assert v.ok and v.rule == "RUL-KL-SAME-SYMBOL"
    ok(s.game.play("green-skip"))
    text = s.export_record()
    assert json.loads(text)["options"] == {"same_symbol": True}


def test_checker_without_a_game():
    v = check_card("yellow-skip", None, "green-skip")
    assert not v.ok and v.rule == "RUL-KL-SAME-SYMBOL"
    assert check_card("yellow-skip", None, "green-skip", same_symbol=True).ok
    v = check_card("green-7", None, "crimson-7")
    assert v.ok and v.rule == "KL-PLAY"
    v = check_card("green-7", None, "crimson-3")
    assert not v.ok and v.rule == "KL-PLAY" and v.text("ru") != v.text("en")
    assert check_card("choose", "yellow", "yellow-1").ok and not check_card("choose", "green", "yellow-1").ok
    assert check_card("green-7", None, "silence").ok


def test_card_picking_helpers():
    assert make_card("digit", "green", 7) == "green-7" and make_card("digit", "green") is None
    assert make_card("skip", "yellow") == "yellow-skip" and make_card("skip") is None
    assert make_card("draw4") == "draw4" and make_card(None) is None
    assert card_parts("light-blue-reverse") == ("reverse", "light-blue", None)
    assert card_parts("order") == ("order", None, None) and card_parts("x") == (None, None, None)


def test_import_of_an_exported_sitting(tmp_path):
    _, s = new(tmp_path)
    ok(s.game.play("green-7"))
    ok(s.game.player_out("Аня"))
    text = s.export_record()
    ok(s.finish())
    out = s.archive.import_record(text)
    assert out.ok and out.notice.params == {"violations": 0, "finished": True}
    rows = s.archive.archived("kalmar")
    assert len(rows) == 2 and rows[0]["summary"]["winner"] == "Аня" and rows[0]["summary"]["rounds"] == [[1, 0, 0]]
    bad = json.loads(text)
    bad["games"][0]["turns"][0]["card"] = "green-77"
    out = s.archive.import_record(json.dumps(bad))
    assert not out.ok and "games[0].turns[0].card" in out.text("en")
