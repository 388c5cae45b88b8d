"""The record royal-mastheads/1 (docs/records/royal-mastheads.md): reading with paths, limits,
write-back identity, record ↔ actions, the replay report and the command line."""
from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import royal_mastheads as rm
from engine.core.errors import RecordError
from engine.core.games import read_any

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "assets" / "examples" / "royal-mastheads"
P = ("Аня", "Боря", "Вика", "Гоша")


def simulated(seed=11, variant="russian", rate=0.0, **kw):
    s = rm.simulate_set(random.Random(seed), P, variant=variant, taken_rate=rate, **kw)
    return s, rm.record_to_json(rm.actions_to_record(s.start, s.actions))


@pytest.fixture(scope="module")
def value():
    return simulated(seed=12, rate=0.3)[1]


def read(v):
    return rm.parse_record(json.loads(json.dumps(v)))


def test_write_back_is_the_same_json_value(value):
    v = copy.deepcopy(value)
    v["started"], v["ended"] = "2024-05-01T19:00:00+03:00", "2024-05-01T22:10:00+03:00"
    v["note"] = {"any": ["thing"]}
    v["deals"][0]["photo"] = "x.jpg"
    rec = read(v)
    assert rm.record_to_json(rec) == v
    assert json.loads(rm.write_record(rec)) == v
    assert rm.write_record(rec).endswith("}\n")


def test_taken_deal_and_holder_round_trip(value):
    v = copy.deepcopy(value)
    taken = [d for d in v["deals"] if "taken" in d]
    assert taken, "the fixture has a deal entered by taken cards"
    taken[0]["bank_holder"] = None
    r = rm.replay_record(read(v))
    assert rm.record_to_json(r.record) == v
    start, actions = rm.record_actions(r.record)
    v2 = rm.record_to_json(rm.actions_to_record(start, [a for _, a in actions]))
    assert v2["deals"][v["deals"].index(taken[0])]["bank_holder"] is None


def test_variant_is_saved_and_read():
    s, v = simulated(variant="original", max_deals=2)
    assert v["variant"] == "original"
    r = rm.replay_record(read(v))
    assert r.state.variant is rm.Variant.ORIGINAL and r.to_json()["variant"] == "original"
    assert "оригинальные правила" in r.text("ru") and "RUL-RM-VARIANT" in r.text("en")


@pytest.mark.parametrize("mutate,path", [
    (lambda v: v.pop("format"), ""),
    (lambda v: v.update(format="vzhuh/1"), "format"),
    (lambda v: v.update(players=["А", "Б", "В"]), "players"),
    (lambda v: v.update(players=["А", "Б", "В", "x" * 41]), "players[3]"),
    (lambda v: v.update(players=["А", "Б", "В", "Г\x1b"]), "players[3]"),
    (lambda v: v.update(first_dealer="Даша"), "first_dealer"),
    (lambda v: v.pop("variant"), ""),
    (lambda v: v.update(variant="house"), "variant"),
    (lambda v: v.update(started=1), "started"),
    (lambda v: v.update(shared_win=False), "shared_win"),
    (lambda v: v.update(deals={}), "deals"),
    (lambda v: v["deals"][0].update(turned="hearts-1"), "deals[0].turned"),
    (lambda v: v["deals"][0].update(turned=7), "deals[0].turned"),
    (lambda v: v["deals"][0]["tricks"][2].__setitem__(1, "joker"), "deals[0].tricks[2][1]"),
    (lambda v: v["deals"][0]["tricks"][2].pop(), "deals[0].tricks[2]"),
    (lambda v: v["deals"][0]["tricks"].append(v["deals"][0]["tricks"][0]), "deals[0].tricks"),
    (lambda v: v["deals"][0]["tricks"].pop(), "deals[0]"),
    (lambda v: v["deals"][0].pop("bank"), "deals[0]"),
    (lambda v: v["deals"][0]["bank"].pop("Аня"), "deals[0].bank"),
    (lambda v: v["deals"][0]["bank"].update(Даша=[]), 'deals[0].bank."Даша"'),
    (lambda v: v["deals"][0]["bank"]["Аня"].pop(), "deals[0].bank"),
    (lambda v: v["deals"][0].update(taken={}), "deals[0]"),
    (lambda v: v["deals"].__setitem__(0, 5), "deals[0]"),
])
def test_unreadable_records_name_the_path(mutate, path):
    v = copy.deepcopy(simulated(seed=3, max_deals=2)[1])
    mutate(v)
    with pytest.raises(RecordError) as e:
        rm.replay_record(read(v))
    assert e.value.path == path, e.value.text("en")
    assert e.value.text("ru") and e.value.text("en")


def test_limits():
    _, v = simulated(seed=4, max_deals=1)
    v["deals"] = v["deals"] * 31
    with pytest.raises(RecordError) as e:
        read(v)
    assert e.value.path == "deals" and "30" in e.value.text("en")
    with pytest.raises(RecordError) as e:
        rm.read_record(b" " * (4 * 1024 * 1024 + 1))
    assert e.value.detail_key == "r.too-big"
    with pytest.raises(RecordError):
        rm.read_record(b"\xff\xfe")
    with pytest.raises(RecordError):
        rm.read_record('{"format": "royal-mastheads/1", "x": NaN}')


def test_taken_deal_reading():
    _, v = simulated(seed=5, rate=1.0, max_deals=1)
    d = v["deals"][0]
    assert set(d) == {"turned", "taken", "bank"} and len(d["bank"]) == 8
    bad = copy.deepcopy(v)
    bad["deals"][0]["tricks"] = []
    with pytest.raises(RecordError) as e:
        read(bad)
    assert e.value.path == "deals[0]" and e.value.detail_key == "rm.r.deal-both"
    bad = copy.deepcopy(v)
    bad["deals"][0]["bank_holder"] = "Даша"
    with pytest.raises(RecordError) as e:
        read(bad)
    assert e.value.path == "deals[0].bank_holder"


def test_a_set_in_progress_reads_and_replays():
    s, v = simulated(seed=6, max_deals=3)
    v["deals"][-1]["tricks"] = v["deals"][-1]["tricks"][:4]
    v["deals"][-1]["tricks"][-1] = v["deals"][-1]["tricks"][-1][:2]
    del v["deals"][-1]["bank"]
    r = rm.replay_record(read(v))
    assert r.valid and not r.finished and r.state.deal.number == 3 and len(r.state.deal.current) == 2
    start, actions = rm.record_actions(r.record)
    assert rm.record_to_json(rm.actions_to_record(start, [a for _, a in actions])) == v
    assert "Идёт игра 3" in r.text("ru") and r.to_json()["in_progress"] == {"number": 3, "tricks": 3}


def test_record_actions_and_actions_to_record_are_inverse(value):
    rec = read(value)
    start, actions = rm.record_actions(rec)
    assert rm.actions_to_record(start, [a for _, a in actions]) == rec


def test_report_and_json_with_a_revoke():
    for seed in range(100):
        rng = random.Random(seed)
        turned, hands = rm.deal_hands(rng, 0)
        sd = rm.play_deal(rng, 0, turned, hands, revoke=(1, 2))
        if sd.revoked:
            break
    assert sd.revoked
    start = rm.new_set(P, 0)
    rec = rm.actions_to_record(start, sd.trick_actions())
    r = rm.replay_record(rm.read_record(rm.write_record(rec)))
    assert not r.valid and not r.finished and r.winner is None
    j = r.to_json("en")
    assert j["violations"][0]["code"] == "revoke" and j["violations"][0]["trick"] == 2
    assert j["violations"][0]["rule"] == "RM-FOLLOW" and j["violations"][0]["player"] == "Вика"
    assert j["deals"][0]["scores"]["Аня"]["total"] == r.state.deals[0].score.seats[0].total
    text = r.text("ru")
    assert "[RM-FOLLOW] revoke, игра 1, взятка 2, Вика" in text and "Нарушений" not in text
    assert " = " in text and "Итого" in text


def test_finished_set_report():
    s, v = simulated(seed=9)
    r = rm.replay_record(read(v))
    assert r.valid and r.finished and r.winner == P[s.final.winner]
    ru, en = r.text("ru"), r.text("en")
    assert f"Победитель: {r.winner}" in ru and "(RM-SET)" in ru and "Нарушений нет." in ru
    assert f"Winner: {r.winner}" in en
    assert r.to_json()["totals"] == dict(zip(P, s.final.totals))


def test_shared_win_in_the_record():
    from tests.test_rm_engine import _tied_set  # a set tied after 10 deals
    s = _tied_set()
    start = rm.new_set(P, 0)
    # rebuild the actions of the tied set and accept the tie
    actions = []
    for d in s.deals:
        actions += [rm.StartDeal(d.turned), rm.TakenCards(d.taken_entry, d.bank_cards)]
    rec = rm.actions_to_record(start, actions + [rm.AcceptSharedWin()])
    v = rm.record_to_json(rec)
    assert v["shared_win"] is True
    r = rm.replay_record(read(v))
    assert r.finished and r.winner is None and r.shared_win == ("Аня", "Боря", "Вика")
    assert "RUL-RM-SET-TIE" in r.text("ru")
    v.pop("shared_win")
    r = rm.replay_record(read(v))
    assert not r.finished and r.tied == ("Аня", "Боря", "Вика") and "RUL-RM-SET-TIE" in r.text("en")
    v["deals"] = v["deals"][:9]
    v["shared_win"] = True
    with pytest.raises(RecordError) as e:
        rm.replay_record(read(v))
    assert e.value.path == "shared_win"


def test_read_any_dispatches_by_format(value):
    pkg, rec = read_any(json.dumps(value, ensure_ascii=False))
    assert pkg is rm and rec == read(value)


@pytest.mark.parametrize("name,status", [("finished-russian.json", 0), ("finished-original.json", 0),
                                         ("revoke.json", 1)])
def test_examples_replay_from_the_command_line(name, status):
    path = EXAMPLES / name
    if not path.exists():
        pytest.skip(f"{path} not generated (scripts/make_rm_examples.py)")
    value = json.loads(path.read_text(encoding="utf-8"))
    assert "simulated" in value["note"].lower() or "смоделирован" in value["note"].lower()
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path), "--json"], cwd=REPO,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == status, out.stderr
    j = json.loads(out.stdout)
    assert j["finished"] is (status == 0)
    assert rm.write_record(rm.read_record(path.read_bytes())) == path.read_text(encoding="utf-8")


def test_the_documented_example_replays_to_the_documented_json():
    doc = (REPO / "docs" / "records" / "royal-mastheads.md").read_text(encoding="utf-8")
    import re
    record, output = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    r = rm.replay_record(rm.parse_record(record))
    assert r.to_json("ru") == output
    assert rm.record_to_json(r.record) == record


def test_RM_BANK_bank_without_owners_in_the_record():
    """RM-BANK: a deal whose bank was entered without owners (the cards nobody played) is written
    with ``bank`` as an array of its 8 cards, reads back, replays to the same totals as the same
    deal with the bank by owners (old records stay readable) and writes back the same."""
    s, v = simulated(seed=7, max_deals=2)
    by_owner = copy.deepcopy(v)
    assert isinstance(v["deals"][0]["bank"], dict)  # the older form, two per player
    flat = copy.deepcopy(v)
    for d in flat["deals"]:
        d["bank"] = sorted((c for cs in d["bank"].values() for c in cs), key=lambda c: rm.parse_card(c))
    r_old, r_new = rm.replay_record(read(by_owner)), rm.replay_record(read(flat))
    assert r_new.valid and r_old.totals == r_new.totals
    assert rm.record_to_json(r_new.record) == flat
    # the app's log: {"type": "bank"} (no cards) → the record holds the 8 cards as an array
    start, pairs = rm.record_actions(read(by_owner))
    actions = []
    for _, a in pairs:
        actions.append(rm.Bank() if isinstance(a, rm.Bank) else a)
    assert rm.record_to_json(rm.actions_to_record(start, actions))["deals"] == flat["deals"]
    wrong = copy.deepcopy(flat)
    wrong["deals"][0]["bank"] = wrong["deals"][0]["bank"][:7]
    with pytest.raises(RecordError) as e:
        rm.replay_record(read(wrong))
    assert e.value.path == "deals[0].bank"


def test_a_player_left_out_is_said_alike_in_the_log_and_the_record():
    """One error for cards per player (rm.r.per-player), in the log's «taken» and the record's bank."""
    taken = {"Аня": [], "Боря": [], "Вика": []}
    with pytest.raises(RecordError) as log:
        rm.action_from_json({"type": "taken", "taken": taken, "bank": []}, P)
    v = copy.deepcopy(simulated(seed=3, max_deals=2)[1])
    v["deals"][0]["bank"].pop("Гоша")
    with pytest.raises(RecordError) as record:
        rm.replay_record(read(v))
    assert log.value.detail_key == record.value.detail_key == "rm.r.per-player"
    for lang in ("ru", "en"):
        assert '"Гоша"' in record.value.text(lang)
        assert log.value.text(lang).replace("action.taken", "deals[0].bank") == record.value.text(lang)
