"""The layers of companion/ and engine/ hold (issue 49): import-linter checks the contracts of
pyproject.toml ([tool.importlinter]; docs/architecture.md draws them) — imports only go down
the layers of companion/, no Flet below ui/, the engine imports nothing of the app, each game's
package stands alone, and no import circle anywhere. A broken contract fails here with
import-linter's own report (which import, on which line, breaks which contract)."""
from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import companion

ROOT = Path(__file__).resolve().parent.parent
LINT = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def lint(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", LINT, "--no-cache", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_the_import_contracts_are_kept():
    run = lint()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 5 kept, 0 broken." in run.stdout, run.stdout


def test_a_circle_breaks_a_contract_with_its_own_words(tmp_path):
    """A copy of the code with one import added that closes a circle (the store importing the
    log session, which imports the store) fails, and import-linter says where."""
    copy = tmp_path / "repo"
    copy.mkdir()
    for name in ("companion", "engine"):
        subprocess.run(["cp", "-r", str(ROOT / name), str(copy / name)], check=True)
    (copy / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    lock = copy / "companion" / "store" / "lock.py"
    lock.write_text(lock.read_text(encoding="utf-8") + "\nfrom ..session import log_session  # a circle\n",
                    encoding="utf-8")
    run = lint(cwd=copy)
    assert run.returncode == 1, run.stdout
    assert "companion.store.lock -> companion.session.log_session" in run.stdout, run.stdout
    assert "No cycles are allowed in companion." in run.stdout, run.stdout


MODULES = sorted(m.name for m in pkgutil.walk_packages(companion.__path__, "companion."))


@pytest.mark.parametrize("name", MODULES)
def test_every_module_of_the_app_imports(name):
    """Every module imports, those only the phone edition or table mode loads too (the
    contracts see only the imports that find a module: one that names a module moved away
    would fail only where it is loaded)."""
    importlib.import_module(name)
