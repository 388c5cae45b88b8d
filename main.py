"""Entry point for ``flet build`` / ``flet run`` (see ``[tool.flet.app]`` in pyproject.toml) and
for the phone edition (``scripts/publish.sh``: the app in the phone's browser).

On a phone the app runs natively; on this machine use ``python -m companion``.
"""
import flet as ft


async def main(page: ft.Page) -> None:
    # The phone edition loads its IndexedDB folders before the app's modules are imported: the
    # saved games, and the modules compiled at an earlier start (companion/base/platform.py). On a
    # computer or a native phone this does nothing.
    from companion.base import platform

    try:
        await platform.open_data()
    except platform.OtherTab:
        pass  # the app says so on its first screen
    from companion.app import main as app_main

    await app_main(page)


if __name__ == "__main__":
    ft.run(main)
