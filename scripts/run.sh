#!/usr/bin/env bash
# The run command of the README: sets up what it needs, then starts Киты offline in web mode
# on http://127.0.0.1:${KITY_PORT:-8550} and opens it in the browser.
#   KITY_PORT=8600 KITY_DATA_DIR=/tmp/kity bash scripts/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/python -m companion "$@"
