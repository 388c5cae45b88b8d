"""Find the UI msgids used in companion/: literal arguments of t(...), N_(...), tn(...) and Nn_(...)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "companion"


def used_msgids(root: Path = ROOT) -> tuple[set[str], set[tuple[str, str]]]:
    singles: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            args = node.args
            if name in ("t", "N_") and args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                singles.add(args[0].value)
            elif name in ("tn", "Nn_") and len(args) >= 2 and all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args[:2]):
                plurals.add((args[0].value, args[1].value))
    return singles, plurals
