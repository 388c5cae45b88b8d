#!/usr/bin/env bash
# The test command of the README: sets up everything it needs, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'Киты: %s\n' "$*" >&2; }
bash scripts/bootstrap.sh test
if [ ! -x /usr/bin/chromium ]; then
  # Debian's chromium drives the browser tests (Playwright never downloads a browser here).
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  say "installing Debian's chromium for the browser tests (apt-get${sudo_cmd:+ with sudo}) — one to two minutes…"
  t0=$SECONDS
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver >/dev/null
  say "chromium installed in $((SECONDS - t0)) s."
fi
say "running the tests (about 30–40 minutes on 2 cores, most of it the browser tests)…"
exec .venv/bin/python -m pytest "$@"
