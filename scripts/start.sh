#!/usr/bin/env bash
# Sets everything up and opens the studio on the bundled sample scenario. Without a
# display, says so and runs the headless pipeline on the sample instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/studio "$@"
