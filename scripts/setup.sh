#!/usr/bin/env bash
# Creates .venv (once) and installs voidtable with the extras named in $VOIDTABLE_EXTRAS; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
extras=${VOIDTABLE_EXTRAS:-}
stamp=".venv/.installed-$(cat pyproject.toml | sha1sum | cut -c1-12)-${extras//,/_}"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null 2>&1 || true
  if [ -n "$extras" ]; then
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[${extras}]"
  else
    .venv/bin/python -m pip install -q --disable-pip-version-check -e .
  fi
  touch "$stamp"
fi
