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
    # The PostgreSQL store's tests start a throwaway server of Debian's postgresql (never a system service).
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
      if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "setup: installing Debian's postgresql for the PostgreSQL store tests" >&2
        export DEBIAN_FRONTEND=noninteractive
        { apt-get update -q >/dev/null || true; } && apt-get install -y -q --no-install-recommends postgresql >/dev/null \
          || echo "setup: note: could not install postgresql; the PostgreSQL store tests will be skipped (they fail with CI=true)" >&2
        # the package starts a system cluster: the tests never use it
        (command -v service >/dev/null && service postgresql stop >/dev/null 2>&1) || true
      else
        echo "setup: note: PostgreSQL (initdb) is missing and this is not root; the PostgreSQL store tests will be skipped" \
             "(as root: apt-get install postgresql)" >&2
      fi
    fi
    ;;
esac
