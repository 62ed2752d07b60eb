"""One throwaway PostgreSQL server per test worker (see ``tests/pgserver.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pgserver import PgServer


@pytest.fixture(scope="session")
def pg() -> Iterator[PgServer]:
    pytest.importorskip("psycopg")
    server = PgServer()
    yield server
    server.stop()
