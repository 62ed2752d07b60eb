#!/usr/bin/env bash
# Quick start, command 1: set up (once) and run the main job.
# Today: a terminal game of Black Hole Buccaneers, you in seat 0 against three bots.
# Extra arguments go to `voidtable play` (e.g. bash run.sh --players 5 --seed 3).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
exec .venv/bin/voidtable play buccaneers --players 4 --seat 0 "$@"
