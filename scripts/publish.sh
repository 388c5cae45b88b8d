#!/usr/bin/env bash
# The phone edition: build/web/, a folder of static files in which the whole app runs in the
# browser (README «On a phone»). Offline; sets up .venv first (flet-cli comes with the
# `publish` extra, which the test extra includes). Serve it locally with
#   python3 -m http.server -d build/web 8700 --bind 127.0.0.1
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh publish
exec .venv/bin/python scripts/publish.py "$@"
