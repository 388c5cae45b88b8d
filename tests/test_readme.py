"""README.md tells what the app is today (issue 19 §6c): Home offers the four games, the record
section and «What is where» name every engine and every record format the engine knows."""
from __future__ import annotations

from pathlib import Path

from engine.core.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
GAME_NAMES = ("«Козырные киты»", "«Вжух!»", "«Королевское\nнаказание»", "«Кальмар»")


def section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def test_readme_home_offers_the_four_games():
    app = section((ROOT / "README.md").read_text("utf-8"), "The app")
    home = app[:app.index("\n\n", app.index("Home →"))]
    for name in GAME_NAMES:
        assert name.replace("\n", " ") in home.replace("\n", " "), name
    assert "four" in home


def test_readme_records_and_what_is_where_name_every_engine_and_format():
    text = (ROOT / "README.md").read_text("utf-8")
    records = section(text, "The game record and the replay command")
    where = section(text, "What is where")
    assert len(GAMES) == 4
    for fmt, package in GAMES.items():
        folder = package.replace(".", "/")
        assert f"`{fmt}`" in records, fmt
        assert f"assets/examples/{fmt.split('/')[0]}/" in records, fmt
        assert f"`{folder}/`" in where, folder
        assert f"`companion/{folder.split('/')[1]}/`" in where, folder
        assert (ROOT / folder).is_dir()
