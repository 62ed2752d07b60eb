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
# The browser tests drive Debian's chromium (never `playwright install`): with the test extras, install it once.
case ",${extras}," in
  *,test,*)
    if [ ! -x /usr/bin/chromium ]; then
      if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "setup: installing Debian's chromium for the browser tests" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null \
          || echo "setup: note: could not install chromium; the browser tests will be skipped" >&2
      else
        echo "setup: note: /usr/bin/chromium is missing and this is not root; the browser tests will be skipped" \
             "(as root: apt-get install chromium)" >&2
      fi
    fi
    ;;
esac
