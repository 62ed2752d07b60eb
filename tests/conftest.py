"""Test-wide setup: register the fixture game "duel" through the entry-point mechanism.

``tests/fixtures/duel_dist`` holds a tiny installed-looking distribution (a package
and its ``.dist-info`` with a ``voidtable.games`` entry point). Putting it on the
path, here and for every subprocess the tests start, is all it takes: the game
then gets every front end with no edit outside its folder, which the suite proves.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

FIXTURE_DIST = str(Path(__file__).resolve().parent / "fixtures" / "duel_dist")

if FIXTURE_DIST not in sys.path:
    sys.path.insert(0, FIXTURE_DIST)
_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if FIXTURE_DIST not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([FIXTURE_DIST, *_paths])


# One throwaway PostgreSQL server per test worker, for the store tests and the server suite's PostgreSQL runs
# (tests/pgserver.py: skipped without PostgreSQL outside CI, a failure with CI=true).
import pytest  # noqa: E402


@pytest.fixture(scope="session")
def pg():  # type: ignore[no-untyped-def]
    pytest.importorskip("psycopg")
    from tests.pgserver import PgServer

    server = PgServer()
    yield server
    server.stop()


def pytest_sessionstart(session):  # type: ignore[no-untyped-def]
    """With CI=true the browser tests may not skip: a machine without chromium fails the run at once."""
    chromium = os.environ.get("VOIDTABLE_CHROMIUM", "/usr/bin/chromium")
    if os.environ.get("CI", "").lower() == "true" and not os.path.exists(chromium):
        pytest.exit(f"CI needs chromium for the browser tests: {chromium} is missing "
                    "(scripts/setup.sh installs Debian's chromium as root)", returncode=1)
