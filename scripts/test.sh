#!/usr/bin/env bash
# The test command of the README: sets up everything it needs, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh test
if [ ! -x /usr/bin/chromium ]; then
  # Debian's chromium drives the browser tests (Playwright never downloads a browser here).
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver >/dev/null
fi
exec .venv/bin/python -m pytest "$@"
