"""Issue 19, point 4, «words of each game»: the skipped player is named at the «Кальмар» table
(KL-FX-SKIP, KL-FX-DRAW2/4), and a correction in «Вжух!» speaks of a party, not a round. Every
expected value is worked out by hand in the comments (seats: Аня 0, Боря 1, Вика 2; clockwise
0→1→2; dealer Вика, so Аня starts, KL-START)."""
from __future__ import annotations

from companion.screens.records import change_text
from companion.session import Session
from companion.storage import Store
from companion.vzhuh.view import penalty_json

P = ["Аня", "Боря", "Вика"]


def ok(out):
    assert out.ok, out.text("en")
    return out


def test_kalmar_names_the_skipped_player(tmp_path):
    s = Session(Store.open(tmp_path))
    ok(s.new_game(P, game="kalmar", dealer="Вика", first_card="green-5"))
    g = s.game
    assert g.table()["skipped"] is None                      # nothing played yet
    ok(g.play("green-7"))                                    # Аня → Боря
    assert g.table()["skipped"] is None                      # a digit skips nobody
    ok(g.play("green-skip"))                                 # Боря: Вика misses her turn → Аня (KL-FX-SKIP)
    t = g.table()
    assert t["turn"] == "Аня" and t["skipped"] == {"player": "Вика", "rule": "KL-FX-SKIP"}
    ok(g.play("green-reverse"))                              # Аня: reversed → Вика; the skip is history now
    assert g.table()["skipped"] is None
    ok(g.play("green-skip"))                                 # Вика, counter-clockwise: Боря skipped → Аня
    t = g.table()
    assert t["turn"] == "Аня" and t["skipped"]["player"] == "Боря"
    ok(g.play("green-draw2"))                                # Аня: Вика takes 2 and misses the turn
    assert g.table()["skipped"] is None and g.table()["pending"] == 2      # not yet: she takes them first
    ok(g.draw())                                             # Вика takes 2 → Боря (KL-FX-DRAW2)
    t = g.table()
    assert t["turn"] == "Боря" and t["skipped"] == {"player": "Вика", "rule": "KL-FX-DRAW2"}
    ok(s.undo())                                             # undone: Вика has not taken them
    assert s.game.table()["skipped"] is None


def test_vzhuh_correction_speaks_of_a_party(tmp_path):
    s = Session(Store.open(tmp_path))
    ok(s.new_game(P, game="vzhuh", first=0))
    ok(s.game.record_party({"Аня": penalty_json(points=10), "Боря": penalty_json(points=0),
                            "Вика": penalty_json(points=5)}))
    out = ok(s.edit(0, {"type": "party", "penalties": {"Аня": penalty_json(points=20), "Боря": penalty_json(points=0),
                                                      "Вика": penalty_json(points=5)}}))
    party = [c for c in out.notice.changes if c.params.get("player") == "Аня" and "round" in c.params]
    assert [c.key for c in party] == ["party-points"]
    import companion.i18n as i18n
    before = i18n.lang()
    try:
        i18n.set_language("ru")
        text = change_text(party[0])
    finally:
        i18n.set_language(before)
    # Аня's party 1 went from 10 to 20
    assert text == "Партия 1: у игрока Аня теперь 20 (было: 10)."
