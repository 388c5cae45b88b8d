"""The shape of the code from its imports: circles, imports that run back up, the largest modules.

    .venv/bin/python scripts/imports.py     # companion/ and engine/ of this checkout

Read from the code's own imports by grimp (import-linter's graph; every import counts, those inside
functions too). A *circle* is a group of modules each reachable from every other by imports
(a strongly connected component of more than one module). An import *runs back up* when it goes
from a layer to one above it, the layers being those of the ``layers`` contract in pyproject.toml
(docs/architecture.md). ``.venv/bin/lint-imports`` checks the same contracts and says where one
is broken; this script only counts.
"""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "engine")


def circles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph.modules:
                    continue
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        m = stack.pop()
                        on.discard(m)
                        group.append(m)
                        if m == node:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))
    return out


def layers() -> tuple[str, list[list[str]]] | None:
    """(container, layers top first, each a list of siblings) of the ``layers`` contract."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for c in config.get("tool", {}).get("importlinter", {}).get("contracts", []):
        if c.get("type") == "layers":
            return c["containers"][0], [[s.strip() for s in layer.replace(":", "|").split("|")] for layer in c["layers"]]
    return None


def back_up(graph) -> list[tuple[str, str]]:
    """Imports from a layer to one above it."""
    found = layers()
    if found is None:
        return []
    container, levels = found
    level = {f"{container}.{name}": i for i, layer in enumerate(levels) for name in layer}

    def of(module: str) -> int | None:
        parts = module.split(".")
        return level.get(".".join(parts[:2])) if len(parts) > 1 else None

    out = []
    for m in sorted(graph.modules):
        a = of(m)
        if a is None:
            continue
        for d in sorted(graph.find_modules_directly_imported_by(m)):
            b = of(d)
            if b is not None and b < a:
                out.append((m, d))
    return out


def lines(module: str) -> int:
    base = ROOT.joinpath(*module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    return len(path.read_text(encoding="utf-8").splitlines()) if path.is_file() else 0


def main() -> None:
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    found = circles(graph)
    print(f"circles: {len(found)}")
    for group in found:
        print(f"  {len(group)} modules: {', '.join(group)}")
    up = back_up(graph)
    print(f"imports that run back up a layer: {len(up)}")
    for a, b in up:
        print(f"  {a} -> {b}")
    sizes = sorted(((lines(m), m) for m in graph.modules if m.startswith("companion")), reverse=True)[:8]
    print("largest modules of companion/: " + ", ".join(f"{m} {n}" for n, m in sizes))


if __name__ == "__main__":
    main()
