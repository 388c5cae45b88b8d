"""The view → screen contract (issue 18, «typed view models»): a screen reads a view's frozen
values by attribute, cites rules through the engine's registries (``V.MEMBER.rule``,
``C.MEMBER.rule``) or the view, never as a string literal of its own; the shared widgets know no
game."""
from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from pathlib import Path

import pytest

from engine.core.games import GAMES
from engine.core.rules import Citation

ROOT = Path(__file__).resolve().parents[1]
COMPANION = ROOT / "companion"
SHARED_RULES = ROOT / ".." / "shared" / "rules"
RULE_ID = re.compile(r"\b(?:RUL|R|VZ|RM|KL)(?:-[A-Z0-9]+)+\b")

# Files that still spell rule IDs, each with exactly this many until it is done; the list only
# shrinks. The new-game and history screens wait for their de-duplication (another piece of
# issue 18).
NOT_YET: dict[str, int] = {}  # every screen cites from the registries now


def screen_files() -> list[Path]:
    files = [*COMPANION.glob("*/screens/*.py"), *COMPANION.glob("widgets/*.py"), *COMPANION.glob("*/widgets/*.py")]
    return sorted(files)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (a module's, a class's, a function's)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def rule_literals(source: str, name: str = "<source>") -> list[tuple[int, str]]:
    """(line, rule ID) of every rule ID spelled in a string literal of code — comments and
    docstrings do not count."""
    tree = ast.parse(source, name)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [(node.lineno, m) for m in RULE_ID.findall(node.value)]
    return sorted(found)


def test_the_scan_finds_a_planted_rule_id_and_ignores_comments_and_docstrings():
    planted = '''"""A screen (KL-END)."""
def banner():
    """Shows KL-CALL."""
    x = 1  # KL-FX-SKIP in a comment is fine
    return t("«Кальмар!» — {player} has one card left (KL-CALL)"), f"{x} (RUL-KL-TALLY)"
'''
    assert rule_literals(planted) == [(5, "KL-CALL"), (5, "RUL-KL-TALLY")]
    assert rule_literals('t("Wins ({rule})").format(rule=C.TALLY.rule)  # RUL-KL-TALLY') == []


def test_screens_and_widgets_spell_no_rule_id():
    """Rule citations come from the registries (V.MEMBER.rule, C.MEMBER.rule) or the view."""
    bad, counts = [], {}
    for path in screen_files():
        rel = path.relative_to(ROOT).as_posix()
        found = rule_literals(path.read_text(encoding="utf-8"), rel)
        counts[rel] = len(found)
        if rel not in NOT_YET:
            bad += [f"{rel}:{line}: {rule}" for line, rule in found]
    assert not bad, "rule IDs spelled in screen code:\n" + "\n".join(bad)
    # the files still waiting keep no more than they had, and the list shrinks when one is done
    assert {k: counts.get(k, 0) for k in NOT_YET} == NOT_YET


def citations() -> list[tuple[str, type[Citation]]]:
    out = []
    for pkg in sorted(set(GAMES.values())):
        mod = importlib.import_module(pkg + ".rules")
        out += [(pkg, v) for v in vars(mod).values()
                if isinstance(v, type) and issubclass(v, Citation) and v is not Citation]
    return out


def test_every_game_cites_through_a_registry():
    assert {pkg.rsplit(".", 1)[1] for pkg, _ in citations()} == {"kalmar", "royal_mastheads", "vzhuh", "kozyrnye_kity"}


@pytest.mark.parametrize("pkg,reg", citations(), ids=lambda x: x if isinstance(x, str) else x.__name__)
def test_citations_name_rules_of_the_digest_or_the_rules_text(pkg, reg):
    """Every citation is a rule ID of ../shared/rules/<game>.md or one of the project's rulings
    in assets/rules/<game>.json (RUL-…)."""
    name = pkg.rsplit(".", 1)[1].replace("_", "-")
    digest = SHARED_RULES / f"{name}.md"
    if not digest.exists():
        pytest.skip(f"rules digest not found at {digest.resolve()}")
    known = set(RULE_ID.findall(digest.read_text(encoding="utf-8")))
    known |= set(RULE_ID.findall((ROOT / "assets" / "rules" / f"{name}.json").read_text(encoding="utf-8")))
    unknown = [f"{m.name}: {m.rule}" for m in reg if m.rule not in known]
    assert not unknown, unknown
    assert len({m.rule for m in reg}) == len(reg), "a rule cited under two names"


@pytest.mark.parametrize("module,names", [
    ("companion.kalmar.models", ("Table", "Skipped", "GameResult")),
    ("companion.royal_mastheads.models", ("Live", "LastTrick", "Bonus", "SeatResult", "DealResult")),
    ("companion.vzhuh.models", ("StarterWhy", "Party")),
    ("companion.kozyrnye_kity.view", ("RoundRow", "RoundCell", "TrickInfo", "Revoke")),
])
def test_view_models_are_frozen_values(module, names):
    mod = importlib.import_module(module)
    for name in names:
        cls = getattr(mod, name)
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, name
        value = cls(**{f.name: None for f in dataclasses.fields(cls)})
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, dataclasses.fields(cls)[0].name, 1)


def test_rm_views_hand_frozen_values(tmp_path):
    """RM-DEAL-2: the turned hearts-7 names trump; the live deal is a Live value, read by
    attribute, and cannot be changed by a screen."""
    from companion.royal_mastheads.models import Live
    from companion.ui.session import Session
    from companion.store.repository import Store

    s = Session(Store.open(tmp_path))
    assert s.new_game(["Аня", "Боря", "Вика", "Гоша"], game="royal-mastheads", first_dealer="Гоша").ok
    assert s.game.start_deal("hearts-7").ok
    lv = s.game.live()
    assert isinstance(lv, Live) and (lv.turned, lv.trump, lv.trick, lv.current) == ("hearts-7", "hearts", 1, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        lv.trick = 2


# ---------------------------------------------------------------------------------------------
# the shared widgets know no game
# ---------------------------------------------------------------------------------------------
GAME_PACKAGES = ("kozyrnye_kity", "vzhuh", "royal_mastheads", "kalmar")
GAME_ONLY_KEYS = ("trick-winner", "round-points", "party-points", "session.five-no-facts")


def game_imports(source: str) -> list[str]:
    """The modules of a game a source imports (the engine's or the app's)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        out += [n for n in names if any(g in n.split(".") for g in GAME_PACKAGES)]
    return out


def test_the_scan_finds_a_planted_game_import():
    assert game_imports("from engine.kozyrnye_kity.i18n import render\nimport flet") == ["engine.kozyrnye_kity.i18n"]
    assert game_imports("from ..vzhuh import ids") == ["vzhuh"]
    assert game_imports("from ..packs import game") == []


@pytest.mark.parametrize("path", sorted(COMPANION.glob("widgets/*.py")), ids=lambda p: p.name)
def test_shared_widgets_import_no_game_and_word_no_game_key(path):
    source = path.read_text(encoding="utf-8")
    assert game_imports(source) == []
    tree = ast.parse(source)
    keys = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert not keys & set(GAME_ONLY_KEYS)


def test_a_games_own_changes_are_worded_by_its_declaration(tmp_path):
    """A corrected «Вжух!» party is said in the game's words («Партия», not «Раунд»; issue 19,
    point 4), which the game declares; the shared notices only word every game's kinds."""
    from companion.base import i18n
    from companion.ui.session import Session
    from companion.store.repository import Store
    from companion.vzhuh import GAME
    from companion.vzhuh.view import penalty_json
    from companion.widgets.notices import session_text

    assert dict(GAME.change_words) == {"party-points": "Party {round}, {player}: from {old} to {new}."}
    s = Session(Store.open(tmp_path))
    players = ["Аня", "Боря", "Вика"]
    assert s.new_game(players, game="vzhuh", first=0).ok
    assert s.game.record_party({p: penalty_json(points=n) for p, n in zip(players, (10, 0, 5))}).ok
    out = s.edit(0, {"type": "party", "penalties": {p: penalty_json(points=n) for p, n in zip(players, (20, 0, 5))}})
    assert out.ok
    before = i18n.lang()
    try:
        i18n.set_language("ru")
        text = session_text(out.notice)
    finally:
        i18n.set_language(before)
    # Аня's party 1 went from 10 to 20, her total too
    assert "Партия 1, Аня: было 10, стало 20." in text and "Раунд" not in text


def test_a_five_fact_is_refused_with_the_engines_words(tmp_path):
    """RUL-FIVE-BONUS: a 5 prints neither pearls nor a bonus; the deck profile refuses a fact for
    it in the engine's words (the shared notices know no whale key)."""
    from engine.kozyrnye_kity import parse_card

    from companion.ui.session import Session
    from companion.store.repository import Store

    s = Session(Store.open(tmp_path))
    assert s.new_game(["Аня", "Боря", "Вика"], game="kozyrnye-kity", target=30).ok
    five = next(c for c in s.game.deck() if parse_card(c).is_five)
    out = s.game.answer_fact(five, pearls=1)
    assert not out.ok and out.notice.error is not None and out.notice.error.rule == "RUL-FIVE-BONUS"
    assert out.text("ru") == "На пятёрке нет ни жемчужин, ни бонуса (RUL-FIVE-BONUS)."
    assert out.text("en") == "A 5 shows no pearls and no bonus (RUL-FIVE-BONUS)."


# ---------------------------------------------------------------------------------------------
# the screens' parts render the values, their citations included (no browser)
# ---------------------------------------------------------------------------------------------
def _texts(control, out=None) -> list[str]:
    out = [] if out is None else out
    for name in ("value", "text"):
        v = getattr(control, name, None)
        if isinstance(v, str):
            out.append(v)
    for name in ("content", "controls"):
        v = getattr(control, name, None)
        for x in (v if isinstance(v, list) else [v] if v is not None and hasattr(v, "__dict__") else []):
            _texts(x, out)
    return out


@pytest.fixture
def russian():
    from companion.base import i18n

    before = i18n.lang()
    i18n.set_language("ru")
    yield
    i18n.set_language(before)


def test_kalmar_status_card_reads_the_table_value(tmp_path, russian):
    """KL-START: dealer Вика, so Аня starts; her «Пропуск хода» makes Боря miss the turn
    (KL-FX-SKIP) and Вика moves; Аня has 8 − 1 = 7 cards (KL-SETUP-1)."""
    from companion.kalmar.screens.table import counts_row, status_card
    from companion.ui.session import Session
    from companion.store.repository import Store

    s = Session(Store.open(tmp_path))
    assert s.new_game(["Аня", "Боря", "Вика"], game="kalmar", dealer="Вика", first_card="green-5").ok
    assert s.game.play("green-skip").ok
    tb = s.game.table()
    shown = _texts(status_card(tb, lines=2))
    assert "Пропуск: Боря (KL-FX-SKIP)" in shown and "Вика" in shown and "дальше: Аня" in shown
    assert _texts(counts_row(tb, s.players))[1:] == ["Аня 7", "Боря 8", "Вика 8"]


def test_rm_breakdown_cites_each_line_through_the_registry(tmp_path, russian):
    """The deal of tests/test_rm_view.py (worked out there by hand): Аня's aces 20
    (RM-POINTS-ACE), trumps doubled +44 (RM-POINTS-TRUMP), all the trumps +2000
    (RM-BONUS-TRUMP-ALL); the bank's 8 cards go to her (RM-BANK, RUL-RM-BANK-CARDS)."""
    from companion.royal_mastheads.screens.parts import breakdown
    from companion.ui.session import Session
    from companion.store.repository import Store
    from test_rm_view import SUITS_DEAL_TRICKS

    s = Session(Store.open(tmp_path))
    assert s.new_game(["Аня", "Боря", "Вика", "Гоша"], game="royal-mastheads", first_dealer="Гоша").ok
    assert s.game.start_deal("hearts-7").ok
    for trick in SUITS_DEAL_TRICKS:
        for card in trick:
            assert s.game.play(card)[0].ok
    shown = _texts(breakdown(s.game))
    assert "Тузы: 20 (RM-POINTS-ACE)" in shown and "Козыри вдвойне: +44 (RM-POINTS-TRUMP)" in shown
    assert "Все козырные карты: +2000 (RM-BONUS-TRUMP-ALL)" in shown
    assert shown[-1] == "8 карт банка достались игроку Аня (RM-BANK, RUL-RM-BANK-CARDS)."
