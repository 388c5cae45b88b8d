#!/usr/bin/env bash
# Shared set-up for the README commands: a virtual environment in .venv with the project and
# its dependencies (re-installed when pyproject.toml changes). Usage: bootstrap.sh [extra]
set -euo pipefail
cd "$(dirname "$0")/.."
extra="${1:-}"
py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$py" -m venv .venv
fi
stamp=".venv/.kity-installed${extra:+-$extra}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  if ! .venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}" >.venv/pip.log 2>&1; then
    tail -n 30 .venv/pip.log >&2
    echo "Installing the dependencies failed (full log: .venv/pip.log)." >&2
    exit 1
  fi
  touch "$stamp"
fi
