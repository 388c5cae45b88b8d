"""The one action codec (engine/core/actions.py, issue 18 «each action written once»): a tagged
frozen class is its log entry. A small made-up action set checks the codec on its own; then each
game's view is driven through a real session and the saved log entry must be, key for key and in
the same order, the dict the view built by hand before the codec (the literals below are copied
from the views as they were: stored logs stay byte-identical JSON)."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from engine.core.actions import PLAYER, SEAT, Codec, action, count, listof, per_player, player_pairs, scalar, tag, to_json
from engine.core.errors import RecordError

from companion.ui.session import Session
from companion.store.repository import Store

P = ("Аня", "Боря", "Вика")


@action("step", who=SEAT.at("player"), steps=count(1), note=scalar(str, str, str, lambda v, path: v))
@dataclass(frozen=True, slots=True)
class Step:
    who: int
    steps: int
    note: str | None = None


@action("score", points=per_player(count(0), lambda name, path: RecordError(path, "r.missing", {"field": name})))
@dataclass(frozen=True, slots=True)
class Score:
    points: tuple[int, ...]


@action("swap", a=PLAYER, b=PLAYER, cards=listof(count(0)))
@dataclass(frozen=True, slots=True)
class Swap:
    a: str | int
    b: str | int
    cards: tuple[int, ...] = ()


@action("stop")
@dataclass(frozen=True, slots=True)
class Stop:
    pass


TOY = Codec(Step, Score, Swap, Stop)


def test_an_action_is_written_tag_first_fields_in_order_defaults_left_out():
    assert to_json(Step(2, 3), P) == {"type": "step", "player": "Вика", "steps": 3}
    assert list(to_json(Step(0, 1, "x"), P)) == ["type", "player", "steps", "note"]
    assert TOY.to_json(Stop(), P) == {"type": "stop"}
    assert TOY.to_json(Swap(0, "Вика", (1, 2)), P) == {"type": "swap", "a": "Аня", "b": "Вика", "cards": [1, 2]}
    assert tag(Step) == "step" and tag(Stop()) == "stop" and TOY.tags == ("step", "score", "swap", "stop")


def test_reading_gives_the_same_action_back_seats_as_seats_names_as_names():
    for a in (Step(1, 2), Step(0, 1, "x"), Score((3, 0, 5)), Swap("Аня", "Боря", (4,)), Stop()):
        assert TOY.from_json(json.loads(json.dumps(TOY.to_json(a, P))), P) == a


def test_a_player_mapping_is_written_in_the_order_it_was_entered_and_read_in_seat_order():
    # the table entered Вика's score first: the log keeps that order; the action is by seat
    d = TOY.to_json(Score({"Вика": 5, 0: 3, "Боря": 0}), P)
    assert list(d["points"]) == ["Вика", "Аня", "Боря"]
    assert TOY.from_json(d, P) == Score((3, 0, 5))


def test_a_record_reads_one_value_per_player_in_the_file_order():
    pairs = player_pairs(count(0), lambda name, path: RecordError(path, "r.missing", {"field": name}))
    raw = {"Вика": 5, "Аня": 3, "Боря": 0}
    assert pairs.read(raw, P, "p") == (("Вика", 5), ("Аня", 3), ("Боря", 0))
    assert list(pairs.dump(pairs.read(raw, P, "p"), P)) == ["Вика", "Аня", "Боря"]  # written back as read
    with pytest.raises(RecordError) as e:
        pairs.read({"Вика": 5, "Аня": 3}, P, "p")
    assert e.value.path == "p" and e.value.detail_params == {"field": "Боря"}


@pytest.mark.parametrize("bad, path, key", [
    (5, "action", "r.type"),
    ({}, "action", "r.missing"),                                   # no "type"
    ({"type": 1}, "action.type", "r.type"),
    ({"type": "jump"}, "action.type", "r.value"),
    ({"type": "step", "steps": 1}, "action", "r.missing"),         # no "player"
    ({"type": "step", "player": "Гоша", "steps": 1}, "action.player", "r.player"),
    ({"type": "step", "player": "Аня", "steps": 0}, "action.steps", "r.value"),
    ({"type": "step", "player": "Аня", "steps": "1"}, "action.steps", "r.type"),
    ({"type": "score", "points": {"Аня": 1, "Боря": 2}}, "action.points", "r.missing"),  # Вика left out
    ({"type": "score", "points": {"Аня": 1, "Гоша": 2}}, "action.points.\"Гоша\"", "r.player"),
    ({"type": "swap", "a": "Аня", "b": "Боря", "cards": [1, -1]}, "action.cards[1]", "r.value"),
])
def test_malformed_entries_raise_record_error_with_the_path(bad, path, key):
    with pytest.raises(RecordError) as e:
        TOY.from_json(bad, P)
    assert (e.value.path, e.value.detail_key) == (path, key)
    assert e.value.text("ru") and e.value.text("en")


def test_unknown_tag_lists_the_tags():
    with pytest.raises(RecordError) as e:
        TOY.from_json({"type": "jump"}, P, "log[2]")
    assert e.value.detail_params["detail"] == "step | score | swap | stop" and e.value.path == "log[2].type"


def test_a_record_keeps_unknown_keys_and_may_name_the_tag_otherwise():
    rec = Codec(Step, tag_key="act")
    a, extra = rec.read({"act": "step", "player": "Боря", "steps": 2, "comment": "ok"}, P, "turns[0]")
    assert a == Step(1, 2) and dict(extra) == {"comment": "ok"}
    assert rec.to_json(a, P) == {"act": "step", "player": "Боря", "steps": 2}


def test_exclusive_keys_belong_only_to_the_classes_that_declare_them():
    codec = Codec(Step, Stop, exclusive=("steps",),
                  exclusive_error=lambda key, t, path: RecordError(path, "r.value", {"value": key, "detail": t}))
    with pytest.raises(RecordError) as e:
        codec.from_json({"type": "stop", "steps": 1}, P)
    assert e.value.path == "action.steps"
    assert codec.from_json({"type": "stop", "other": 1}, P) == Stop()  # any other key is not refused


def test_an_undeclared_class_or_field_is_a_programming_error():
    with pytest.raises(TypeError):
        to_json(object(), P)
    with pytest.raises(TypeError):
        action("x", nope=PLAYER)(Stop)


# ---------------------------------------------------------------- the views' entries, as before
def _session(tmp_path, players, **kw) -> Session:
    s = Session(Store.open(tmp_path))
    out = s.new_game(list(players), **kw)
    assert out.ok, out.text("en")
    return s


def test_kalmar_view_entries_are_saved_as_before(tmp_path):
    s = _session(tmp_path, P, game="kalmar", dealer="Вика", first_card="green-5")
    # dealer Вика: Аня starts clockwise (KL-START); the top card is green-5
    assert s.game.play("green-7").ok                      # Аня: green on green (KL-PLAY)
    assert s.game.play("draw4", colour="yellow").ok       # Боря names yellow (KL-FX-DRAW4)
    assert s.game.draw().ok                               # Вика takes the 4 due
    assert s.game.draw(1).ok                              # Аня draws one (KL-DRAW) …
    assert s.game.pass_().ok                              # … and passes
    assert s.log == ({"type": "play", "player": "Аня", "card": "green-7"},
                     {"type": "play", "player": "Боря", "card": "draw4", "colour": "yellow"},
                     {"type": "draw", "player": "Вика"},
                     {"type": "draw", "player": "Аня", "count": 1},
                     {"type": "pass", "player": "Аня"})


def test_vzhuh_view_entry_is_saved_as_before(tmp_path):
    s = _session(tmp_path, P, game="vzhuh", first=0)
    pens = {"Аня": {"points": 3}, "Боря": {"cards": {"3": 1}, "jokers": 0}, "Вика": {"points": 0}}
    assert s.game.record_party(pens).ok
    assert s.log == ({"type": "party", "penalties": pens},)
    assert list(s.log[0]["penalties"]) == ["Аня", "Боря", "Вика"]


def test_whale_view_entries_are_saved_as_before_in_the_order_entered(tmp_path):
    s = _session(tmp_path, ("Лена", "Миша"), target=30)
    # the bonuses entered Миша first: the old view kept dict(bonuses) as given
    assert s.game.start_round("orca", 9, {"Миша": "blue-2", "Лена": "blue-1"}, "Лена").ok
    assert s.game.play("Лена", "sperm-3").ok
    assert s.log == ({"type": "start_round", "trump": "orca", "token": 9,
                      "bonuses": {"Миша": "blue-2", "Лена": "blue-1"}, "leader": "Лена"},
                     {"type": "play", "player": "Лена", "card": "sperm-3"})
    assert list(s.log[0]["bonuses"]) == ["Миша", "Лена"]


def test_royal_mastheads_view_entries_are_saved_as_before(tmp_path):
    s = _session(tmp_path, ("Аня", "Боря", "Вика", "Гоша"), game="royal-mastheads", first_dealer=0)
    assert s.game.start_deal("hearts-7").ok
    out, _ = s.game.play("spades-2")  # the player after the dealer leads (RM-LEAD)
    assert out.ok, out.text("en")
    assert s.log == ({"type": "deal", "turned": "hearts-7"}, {"type": "play", "card": "spades-2"})


def test_kalmar_history_words_are_chosen_by_the_action_class():
    from companion.kalmar.app import action_text, words
    from engine.kalmar.record import LOG
    assert set(words()) == set(LOG.classes)  # a new action of the log cannot go without words
    assert action_text({"type": "jump"}) == "jump"
    assert "Боря" in action_text({"type": "out", "player": "Боря"})


def test_royal_mastheads_history_words_are_chosen_by_the_action_class(monkeypatch):
    """RM's log entries (RM-DEAL-2, RM-BANK, RUL-RM-SET-TIE…) are worded by one table keyed by the
    classes of its log codec."""
    from companion.base import i18n
    monkeypatch.setattr(i18n, "_default", "ru")  # outside the app: the process's language
    from companion.royal_mastheads.app import action_text, words
    from engine.royal_mastheads.actions import LOG
    assert set(words()) == set(LOG.classes)  # a new action of the log cannot go without words
    assert action_text({"type": "jump"}) == "jump"
    assert action_text({"type": "play", "player": "Боря", "card": "spades-10"}, "ru") == "Боря: 10♠"
    assert action_text({"type": "bank", "bank": {"Аня": ["hearts-2", "clubs-Q"]}}, "ru") == "Банк: Аня 2♥ Д♣"
    assert action_text({"type": "shared-win"}) == "Общая победа принята (RUL-RM-SET-TIE)"


def test_whales_history_words_are_chosen_by_the_action_class(monkeypatch):
    """«Козырные киты»'s log entries (R-TRICK, R-BONUS, R-SCORE…) are worded by one table keyed by
    the classes of its log codec; an entry of no known class is its tag, not «Подсчёт раунда»."""
    from companion.base import i18n
    monkeypatch.setattr(i18n, "_default", "ru")
    from companion.kozyrnye_kity.app import action_text, words
    from engine.kozyrnye_kity.record import LOG
    assert set(words()) == set(LOG.classes)
    assert action_text({"type": "jump"}) == "jump"
    assert action_text({"type": "tally", "tally": {}}) == "Подсчёт раунда"
    assert action_text({"type": "play", "player": "Лена", "card": "sperm-3"}) == "Лена: кашалот 3"
    assert action_text({"type": "leader", "player": "Миша"}) == "Следующую взятку начинает Миша"
