#!/usr/bin/env bash
# The test command of the README: sets up everything it needs, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'Киты: %s\n' "$*" >&2; }
bash scripts/bootstrap.sh test
# Two workers (pytest-xdist; KITY_TEST_WORKERS to change): a browser test mostly waits for the
# page, so two run side by side on 2 cores; the tests of one module stay on one worker, and the
# modules go out in the order tests/conftest.py gives them (the longest first, so that the two
# workers end together; xdist's own order, the modules with the most tests first, leaves the
# longest browser modules for the end).
workers=(-n "${KITY_TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder)
if [ "${1:-}" = "--fast" ]; then
  # the inner loop: everything but the browser tests (README «Tests»)
  shift
  say "running every test but the browser tests (about 2 minutes on 2 cores)…"
  exec .venv/bin/python -m pytest "${workers[@]}" --ignore=tests/e2e "$@"
fi
# Debian's browsers drive the browser tests (Playwright never downloads a browser here): chromium;
# Firefox ESR and WebKitGTK's WebKitWebDriver (the engine of Safari) under a virtual X display for
# the phone edition (issue 47); DejaVu Sans, the phone edition's fallback font (scripts/publish.py).
need=()
[ -x /usr/bin/chromium ] || need+=(chromium chromium-driver)
[ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || need+=(xvfb xauth)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  say "installing Debian's ${need[*]} for the browser tests (apt-get${sudo_cmd:+ with sudo}) — two to three minutes…"
  t0=$SECONDS
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
  say "installed in $((SECONDS - t0)) s."
fi
say "running the tests (about 20 minutes on 2 cores, most of it the browser tests)…"
exec .venv/bin/python -m pytest "${workers[@]}" "$@"
