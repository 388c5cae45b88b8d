"""The replay command: ``python -m engine replay FILE|- [--json] [--lang ru|en]`` — exit status 0/1/2,
status 2 prints exactly one line on stderr and never a traceback (game-record-format.md)."""
from __future__ import annotations

import copy
import functools
import json
import re

import pytest

from engine_helpers import dumps, run_cli
from test_engine_record import BAD, VIOLATION_CASES, WORKED, _check_shape


def _one_line_error(proc) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    err = proc.stderr.decode("utf-8")
    assert "Traceback" not in err and "Traceback" not in proc.stdout.decode("utf-8", "replace")
    assert err.endswith("\n") and err.count("\n") == 1 and err.strip(), repr(err)
    assert proc.stdout == b""
    return err.strip()


def test_cli_valid_record_exit_0_text_and_json(tmp_path):
    f = tmp_path / "game.json"
    f.write_text(dumps(WORKED), encoding="utf-8")
    proc = run_cli("replay", str(f))
    assert proc.returncode == 0 and proc.stderr == b""
    text = proc.stdout.decode("utf-8")
    assert "Андрей" in text and "Лена" in text and "Нарушений нет" in text
    proc = run_cli("replay", str(f), "--json", "--lang", "en")
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    _check_shape(out, WORKED["players"])
    assert out["valid"] is True and out["rounds"][0]["tricks"][0]["winner"] == "Лена"


@pytest.mark.parametrize("name", ["revoke", "missing-next-leader", "play-after-end", "five-as-bonus"])
def test_cli_violations_exit_1(name):
    doc, expected = VIOLATION_CASES[name]
    proc = run_cli("replay", "-", "--json", stdin=dumps(doc))
    assert proc.returncode == 1 and proc.stderr == b""
    out = json.loads(proc.stdout)
    assert [(v["code"], v["rule"], v["round"], v["trick"], v["player"]) for v in out["violations"]] == expected
    for lang in ("ru", "en"):
        proc = run_cli("replay", "-", "--lang", lang, stdin=dumps(doc))
        assert proc.returncode == 1
        text = proc.stdout.decode("utf-8")
        for code, rule, *_ in expected:
            assert f"[{rule}] {code}" in text


def test_cli_json_is_exactly_one_object():
    doc, _ = VIOLATION_CASES["revoke"]
    proc = run_cli("replay", "-", "--json", stdin=dumps(doc))
    out, end = json.JSONDecoder().raw_decode(proc.stdout.decode("utf-8"))
    assert isinstance(out, dict) and proc.stdout.decode("utf-8")[end:].strip() == ""


STATUS2 = [
    ("bad json", b"{\"format\": "),
    ("empty", b""),
    ("random bytes", bytes(range(256))),
    ("wrong format", dumps({**WORKED, "format": "kozyrnye-kity/0"}).encode()),
    ("json array", b"[]"),
]
for desc, mutate, _path in BAD:
    STATUS2.append((desc, dumps(mutate(copy.deepcopy(WORKED))).encode()))


@pytest.mark.parametrize("desc,data", STATUS2, ids=[s[0] for s in STATUS2])
def test_cli_unreadable_record_exit_2_one_line(desc, data):
    line = _one_line_error(run_cli("replay", "-", "--lang", "en", stdin=data))
    assert line.startswith("game record")


@pytest.mark.parametrize("lang,pattern", [("ru", "[а-яё]"), ("en", "^game record")])
def test_cli_status_2_language(lang, pattern):
    line = _one_line_error(run_cli("replay", "-", "--lang", lang, stdin=dumps({**WORKED, "format": "x"})))
    assert re.search(pattern, line, re.I)


def test_cli_missing_file_exit_2(tmp_path):
    _one_line_error(run_cli("replay", str(tmp_path / "nope.json")))


def test_cli_missing_deck_fact_names_the_card():
    doc = copy.deepcopy(WORKED)
    doc["deck"] = {}
    line = _one_line_error(run_cli("replay", "-", "--lang", "en", stdin=dumps(doc)))
    assert "orca" in line and "7" in line and "use[0]" in line


def test_cli_huge_integer_exit_2():
    data = '{"format": "kozyrnye-kity/1", "players": ["A", "B"], "target": ' + "9" * 5000 + ', "rounds": []}'
    _one_line_error(run_cli("replay", "-", stdin=data))


# ---- one command for every game: the record's "format" chooses (engine/core/games.py) ----
EXAMPLES = sorted((__import__("pathlib").Path(__file__).resolve().parents[1] / "assets" / "examples").glob("*/*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_cli_replays_every_game_by_its_format(path):
    fmt = json.loads(path.read_text(encoding="utf-8"))["format"]
    assert fmt.split("/")[0] == path.parent.name  # each game's examples in the folder named after it
    proc = run_cli("replay", str(path), "--json")
    # the examples with a violation say so in their name (revoke, violation); the others are valid
    broken = path.stem in ("revoke", "violation")
    assert proc.returncode == (1 if broken else 0), proc.stderr
    assert json.loads(proc.stdout)["valid"] is (not broken)


def test_cli_every_game_has_examples():
    from engine.core.games import GAMES

    assert {p.parent.name for p in EXAMPLES} == {f.split("/")[0] for f in GAMES}


def test_cli_unknown_format_names_the_known_ones():
    err = _one_line_error(run_cli("replay", "-", "--lang", "en", stdin=b'{"format": "uno/1", "players": []}'))
    assert '"uno/1"' in err and "kozyrnye-kity/1" in err and "vzhuh/1" in err


# ---- every refusal in the user's language (issue 19 §6b): Python's own English never shows ----
ONE_EXAMPLE_PER_GAME = {p.parent.name: p for p in EXAMPLES}
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _huge_integer(path) -> str:
    """The game's example with a 5000-digit integer: CPython refuses to read it (over its
    4300-digit limit) with an English message of its own."""
    text = path.read_text(encoding="utf-8")
    return "{" + '"x": ' + "7" * 5000 + ", " + text.split("{", 1)[1]


@pytest.mark.parametrize("game", sorted(ONE_EXAMPLE_PER_GAME))
def test_huge_integer_refused_in_the_users_language_by_each_game_reader(game):
    """§6b: each game's record reader refuses a 5000-digit integer in Russian and in English,
    without Python's tail («Exceeds the limit (4300 digits)…»)."""
    import importlib

    from engine.core.errors import RecordError
    from engine.core.games import GAMES

    fmt = next(f for f in GAMES if f.split("/")[0] == game)
    read_record = importlib.import_module(GAMES[fmt]).read_record
    with pytest.raises(RecordError) as e:
        read_record(_huge_integer(ONE_EXAMPLE_PER_GAME[game]))
    ru, en = e.value.text("ru"), e.value.text("en")
    assert ru == "запись игры: это не JSON: число длиннее 4300 цифр", ru
    assert en == "game record: not JSON: a number longer than 4300 digits", en
    assert not LATIN_WORD.search(ru.replace("JSON", ""))


@pytest.mark.parametrize("game", sorted(ONE_EXAMPLE_PER_GAME))
def test_cli_huge_integer_refused_in_russian_for_each_game(game, tmp_path):
    """§6b: ``python -m engine replay`` on such a file: exit 2, one line, all Russian."""
    f = tmp_path / "huge.json"
    f.write_text(_huge_integer(ONE_EXAMPLE_PER_GAME[game]), encoding="utf-8")
    line = _one_line_error(run_cli("replay", str(f), "--lang", "ru"))
    assert line == "запись игры: это не JSON: число длиннее 4300 цифр", line


@pytest.mark.parametrize("data,ru", [
    (b'{"format": ', "ожидается значение (строка 1, позиция 12)"),
    (b'{"format" "x"}', "ожидается двоеточие (строка 1, позиция 11)"),
    (b'{"a": 1} {}', "лишний текст после конца записи (строка 1, позиция 10)"),
    (b'{"a": NaN}', "NaN — не число JSON"),
    (b'{"a": "\\q"}', "неверная последовательность после обратной косой черты (строка 1, позиция 8)"),
    (b"\xff{}", "текст не в кодировке UTF-8 (байт 1)"),
])
def test_cli_json_refusals_in_russian(data, ru):
    """§6b: the JSON syntax errors are said in Russian too (not json's English ``msg``)."""
    line = _one_line_error(run_cli("replay", "-", "--lang", "ru", stdin=data))
    quoted = ("JSON", "UTF", "NaN")  # names, not words of another language
    assert line.endswith(ru) and not LATIN_WORD.search(functools.reduce(lambda s, q: s.replace(q, ""), quoted, line)), line
