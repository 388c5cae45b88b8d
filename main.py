"""Entry point for ``flet build`` / ``flet run`` (see ``[tool.flet.app]`` in pyproject.toml).

On a phone the app runs natively; on this machine use ``python -m companion``.
"""
import flet as ft

from companion.app import main

if __name__ == "__main__":
    ft.run(main)
