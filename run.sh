#!/usr/bin/env bash
# Quick start, command 1: set up (once) and run the main job: the table in the browser.
# Starts `voidtable serve` and prints the URL to open; Ctrl-C stops it (tables are kept in ./voidtable-data).
# Extra arguments go to `voidtable serve` (e.g. bash run.sh --port 8080, or --host 0.0.0.0 to let friends in).
# The terminal game is still there: .venv/bin/voidtable play buccaneers --players 4 --seat 0
set -euo pipefail
cd "$(dirname "$0")"
VOIDTABLE_EXTRAS=web bash scripts/setup.sh
exec .venv/bin/voidtable serve --data voidtable-data "$@"
