#!/usr/bin/env bash
# Sets everything up and runs the whole test suite (GUI tests run offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
