#!/usr/bin/env bash
# Quick start, command 2: set up (once) and run every test.
set -euo pipefail
cd "$(dirname "$0")"
VOIDTABLE_EXTRAS=test bash scripts/setup.sh
# Types first (config in pyproject.toml: strict for engine, agents and sim), then every test.
.venv/bin/mypy
exec .venv/bin/python -m pytest -n auto -q "$@"
