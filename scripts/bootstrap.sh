#!/usr/bin/env bash
# Shared set-up for the README commands: a virtual environment in .venv with the project and
# its dependencies (re-installed when pyproject.toml changes). Usage: bootstrap.sh [extra]
# One stamp for the one environment: it records the extras installed, so the run command does
# not install again after the test command (the test extras include everything the app needs).
set -euo pipefail
cd "$(dirname "$0")/.."
extra="${1:-}"
py="${PYTHON:-python3}"
say() { printf 'Киты: %s\n' "$*" >&2; }
if [ ! -x .venv/bin/python ]; then
  if ! "$py" -m venv .venv 2>/dev/null; then
    rm -rf .venv
    say "cannot create a virtual environment with $py. On Debian/Ubuntu: sudo apt-get install python3-venv"
    exit 1
  fi
fi
stamp=".venv/.kity-installed"
have="$(cat "$stamp" 2>/dev/null || echo none)"
[ "$have" = "test" ] && [ "$extra" = "publish" ] && extra="test"  # the test extras include publish
if [ "$have" = none ] || [ pyproject.toml -nt "$stamp" ] || { [ -n "$extra" ] && [ "$have" != "$extra" ]; }; then
  want="$extra"
  [ "$have" = "test" ] && [ -z "$want" ] && want="test"  # keep what the test command installed
  say "installing the Python packages into .venv${want:+ (with the $want extras)} — about a minute the first time…"
  t0=$SECONDS
  if ! .venv/bin/python -m pip install --quiet -e ".${want:+[$want]}" >.venv/pip.log 2>&1; then
    tail -n 30 .venv/pip.log >&2
    say "installing the dependencies failed (full log: .venv/pip.log)."
    exit 1
  fi
  printf '%s' "$want" >"$stamp"
  say "packages installed in $((SECONDS - t0)) s."
fi
