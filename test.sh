#!/usr/bin/env bash
# Quick start, command 2: set up (once) and run every test.
set -euo pipefail
cd "$(dirname "$0")"
VOIDTABLE_EXTRAS=test bash scripts/setup.sh
# Types (config in pyproject.toml: strict for engine, agents and sim) and every test; both must pass.
# mypy is single-threaded, so it runs beside the tests' first minute instead of before them.
mypy_log=$(mktemp)
trap 'rm -f "$mypy_log"' EXIT
.venv/bin/mypy > "$mypy_log" 2>&1 &
mypy_pid=$!
status=0
.venv/bin/python -m pytest -n auto -q "$@" || status=$?
if wait "$mypy_pid"; then
    tail -n 1 "$mypy_log"
else
    cat "$mypy_log"
    echo "mypy found type errors (above)" >&2
    status=1
fi
exit "$status"
