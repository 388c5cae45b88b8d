"""``python -m tests.fifth_game``: the app with «Сотня» added (the browser test's launcher)."""
from . import register

register()  # first: the shell builds its routes once, when it is imported
from companion.app import run  # noqa: E402

run()
