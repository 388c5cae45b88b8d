"""Issue 19, point 4, «words of each game»: the skipped player is named at the «Кальмар» table
(KL-FX-SKIP, KL-FX-DRAW2/4), and a correction in «Вжух!» speaks of a party, not a round. Every
expected value is worked out by hand in the comments (seats: Аня 0, Боря 1, Вика 2; clockwise
0→1→2; dealer Вика, so Аня starts, KL-START)."""
from __future__ import annotations

from companion.kalmar.models import Skipped
from companion.widgets.records import change_text
from companion.vzhuh.models import StarterWhy
from companion.ui.session import Session
from companion.store.repository import Store
from companion.vzhuh.view import penalty_json

P = ["Аня", "Боря", "Вика"]


def ok(out):
    assert out.ok, out.text("en")
    return out


def test_kalmar_names_the_skipped_player(tmp_path):
    s = Session(Store.open(tmp_path))
    ok(s.new_game(P, game="kalmar", dealer="Вика", first_card="green-5"))
    g = s.game
    assert g.table().skipped is None                      # nothing played yet
    ok(g.play("green-7"))                                    # Аня → Боря
    assert g.table().skipped is None                      # a digit skips nobody
    ok(g.play("green-skip"))                                 # Боря: Вика misses her turn → Аня (KL-FX-SKIP)
    t = g.table()
    assert t.turn == "Аня" and t.skipped == Skipped("Вика", "KL-FX-SKIP")
    ok(g.play("green-reverse"))                              # Аня: reversed → Вика; the skip is history now
    assert g.table().skipped is None
    ok(g.play("green-skip"))                                 # Вика, counter-clockwise: Боря skipped → Аня
    t = g.table()
    assert t.turn == "Аня" and t.skipped.player == "Боря"
    ok(g.play("green-draw2"))                                # Аня: Вика takes 2 and misses the turn
    assert g.table().skipped is None and g.table().pending == 2      # not yet: she takes them first
    ok(g.draw())                                             # Вика takes 2 → Боря (KL-FX-DRAW2)
    t = g.table()
    assert t.turn == "Боря" and t.skipped == Skipped("Вика", "KL-FX-DRAW2")
    ok(s.undo())                                             # undone: Вика has not taken them
    assert s.game.table().skipped is None


def test_vzhuh_correction_speaks_of_a_party(tmp_path):
    s = Session(Store.open(tmp_path))
    ok(s.new_game(P, game="vzhuh", first=0))
    ok(s.game.record_party({"Аня": penalty_json(points=10), "Боря": penalty_json(points=0),
                            "Вика": penalty_json(points=5)}))
    out = ok(s.edit(0, {"type": "party", "penalties": {"Аня": penalty_json(points=20), "Боря": penalty_json(points=0),
                                                      "Вика": penalty_json(points=5)}}))
    party = [c for c in out.notice.changes if c.params.get("player") == "Аня" and "round" in c.params]
    assert [c.key for c in party] == ["party-points"]
    import companion.base.i18n as i18n
    before = i18n.lang()
    try:
        i18n.set_language("ru")
        text = change_text(party[0], "vzhuh")
    finally:
        i18n.set_language(before)
    # Аня's party 1 went from 10 to 20
    assert text == "Партия 1: у игрока Аня теперь 20 (было: 10)."


def test_vzhuh_says_why_the_next_party_starts_with_that_player(tmp_path):
    """VZ-SETUP-4, VZ-NEXT (read as the party just played, N-VZ-NEXT), RUL-VZ-NEXT-TIE; seats
    Аня 0, Боря 1, Вика 2, clockwise 0→1→2."""
    from companion.vzhuh.screens.score import why_text

    s = Session(Store.open(tmp_path))
    ok(s.new_game(P, game="vzhuh", first="Боря"))
    v = s.game
    assert v.starter_why() == StarterWhy("VZ-SETUP-4", "Боря")      # chosen at the start
    pts = lambda n: penalty_json(points=n)  # noqa: E731
    # party 1: 16, 36, 0 → Боря alone has the most (36)
    ok(v.record_party({"Аня": pts(16), "Боря": pts(36), "Вика": pts(0)}))
    assert v.starter_why() == StarterWhy("VZ-NEXT", "Боря", party=1, points=36, players=("Боря",))
    # party 2 (started by Боря): 60, 5, 60 → Аня and Вика tie; from Боря clockwise: Вика (2) before Аня (0)
    ok(v.record_party({"Аня": pts(60), "Боря": pts(5), "Вика": pts(60)}))
    why = v.starter_why()
    assert why == StarterWhy("VZ-NEXT, RUL-VZ-NEXT-TIE", "Вика", party=2, points=60,
                             players=("Аня", "Вика"), previous="Боря")
    assert v.next_starter() == "Вика"
    import companion.base.i18n as i18n
    before = i18n.lang()
    try:
        i18n.set_language("ru")
        assert why_text(why) == ("Больше всех штрафных в партии 2: Аня, Вика — по 60; из них первый по часовой "
                                 "стрелке от игрока Боря, начинавшего партию 2, — Вика (VZ-NEXT, RUL-VZ-NEXT-TIE).")
        # party 3 (an extra one is not needed to see it; started by Вика): 10, 0, 10 → Аня and Вика
        # tie, and the first met clockwise from Вика is Вика herself
        ok(v.record_party({"Аня": pts(10), "Боря": pts(0), "Вика": pts(10)}))
        totals = v.totals()  # 86, 41, 70: the game is over (VZ-GAME), nobody starts a next party
        assert totals == {"Аня": 86, "Боря": 41, "Вика": 70} and v.starter_why() is None
        ok(s.undo())
        ok(v.record_party({"Аня": pts(10), "Боря": pts(30), "Вика": pts(30)}))  # 86, 71, 100: over too
        assert v.starter_why() is None
    finally:
        i18n.set_language(before)


def test_vzhuh_tie_that_includes_the_previous_starter(tmp_path):
    s = Session(Store.open(tmp_path))
    ok(s.new_game(P, game="vzhuh", first="Вика"))
    v = s.game
    pts = lambda n: penalty_json(points=n)  # noqa: E731
    # party 1 (started by Вика): 10, 0, 10 → Аня and Вика; from Вика clockwise Вика herself comes first
    ok(v.record_party({"Аня": pts(10), "Боря": pts(0), "Вика": pts(10)}))
    why = v.starter_why()
    assert why.starter == "Вика" and why.previous == "Вика" and why.players == ("Аня", "Вика")
    import companion.base.i18n as i18n
    from companion.vzhuh.screens.score import why_text
    before = i18n.lang()
    try:
        i18n.set_language("ru")
        assert why_text(why) == ("Больше всех штрафных в партии 1: Аня, Вика — по 10; из них партию 1 начинал "
                                 "игрок Вика (VZ-NEXT, RUL-VZ-NEXT-TIE).")
    finally:
        i18n.set_language(before)


def test_kalmar_names_the_player_skipped_by_the_first_card(tmp_path):
    """KL-SETUP-2: a «Пропуск хода» turned up first counts as the dealer's play: the player left of
    the dealer (Аня, dealer Вика) misses the turn and Боря starts."""
    s = Session(Store.open(tmp_path))
    ok(s.new_game(P, game="kalmar", dealer="Вика", first_card="crimson-skip"))
    t = s.game.table()
    assert t.turn == "Боря" and t.skipped == Skipped("Аня", "KL-SETUP-2")
    ok(s.game.play("crimson-3"))                             # Боря plays: the skip is history
    assert s.game.table().skipped is None


def test_a_change_is_worded_by_its_games_declaration():
    """The history's list of what a correction changed takes a game's own kinds from that
    game's declaration (``Game.change_lines``): the same kind reads «Раунд» in the whales and
    «Игра» (a deal, as the 004 rulebook says) in «Королевское наказание»; a kind another game
    declares is not worded by this one; every game's kinds (the total) read alike."""
    import companion.base.i18n as i18n
    from companion.core.game_view import Change
    points = Change("round-points", {"round": 2, "player": "Аня", "old": 7, "new": 9})
    party = Change("party-points", {"round": 2, "player": "Аня", "old": 7, "new": 9})
    total = Change("total", {"player": "Аня", "old": 7, "new": 9})
    before = i18n.lang()
    try:
        i18n.set_language("ru")
        assert change_text(points, "kozyrnye-kity") == "Раунд 2: у игрока Аня теперь 9 (было: 7)."
        assert change_text(points, "royal-mastheads") == "Игра 2: у игрока Аня теперь 9 (было: 7)."
        assert change_text(party, "vzhuh") == "Партия 2: у игрока Аня теперь 9 (было: 7)."
        assert change_text(party, "kozyrnye-kity") == "party-points"  # not a whale kind
        assert change_text(total, "vzhuh") == change_text(total, "kalmar") == change_text(total)
        i18n.set_language("en")
        assert change_text(points, "royal-mastheads") == "Deal 2: Аня now has 9 (before: 7)."
    finally:
        i18n.set_language(before)
