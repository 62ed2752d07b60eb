"""The server on PostgreSQL when the database misbehaves: one line, nothing changed, and back when it returns."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.pgserver import PgServer, free_port

psycopg = pytest.importorskip("psycopg")
pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from tests.web.conftest import TEST_LIMITS, create, move, person, state  # noqa: E402
from voidtable.web.app import create_app  # noqa: E402
from voidtable.web.pgstore import SCHEMA_VERSION  # noqa: E402


@contextmanager
def two_processes(pg: PgServer) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers (two hubs, as two processes would have) on one fresh database."""
    url = pg.new_database()
    with TestClient(create_app("unused", limits=TEST_LIMITS, database=url)) as a, \
            TestClient(create_app("unused", limits=TEST_LIMITS, database=url)) as b:
        yield a, b


def three_people(client: TestClient, seed: int) -> tuple[str, dict[int, str]]:
    """A 3-person table made on ``client``: its id and each seat's token."""
    made = create(client, players=3, seats=[person(), person(), person()], seed=seed)
    return made["id"], {link["seat"]: link["token"] for link in made["links"]}


def deaf(*clients: TestClient) -> None:
    """These servers hear no notification from now on: they learn of other processes' moves from the database only."""
    for c in clients:
        c.app.state.hub.peers.listener.on_change = lambda kind, table, step: None


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(free_port()), *args],
                          capture_output=True, text=True, timeout=120)


def test_an_unreachable_database_stops_serve_with_one_line() -> None:
    out = serve("--database", f"postgresql://someone:s3cret@127.0.0.1:{free_port()}/tables")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot use postgresql://someone:***@127.0.0.1:" in lines[0] and "s3cret" not in out.stderr


def test_a_database_url_of_another_kind_is_refused_in_one_line() -> None:
    out = serve("--database", "mysql://x@localhost/db")
    assert out.returncode == 2 and out.stderr.strip() == \
        "voidtable: error: --database must be a postgresql://USER@HOST:PORT/DB URL, got mysql://..."


def test_a_database_with_a_newer_schema_stops_serve_with_one_line(pg: PgServer) -> None:
    url = pg.new_database()
    with psycopg.connect(url, autocommit=True) as c:
        c.execute("CREATE TABLE voidtable_schema (version INTEGER NOT NULL)")
        c.execute("INSERT INTO voidtable_schema VALUES (%s)", (SCHEMA_VERSION + 1,))
    out = serve("--database", url)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and f"schema version {SCHEMA_VERSION + 1}, newer than this server's" in lines[0]


def test_a_lost_database_refuses_moves_in_one_line_and_the_table_goes_on_when_it_returns(pg: PgServer) -> None:
    url = pg.new_database()
    with TestClient(create_app("unused", limits=TEST_LIMITS, database=url)) as c:
        made = create(c, players=3, seats=[person(), person(), person()], seed=4)
        tid = made["id"]
        toks = {link["seat"]: link["token"] for link in made["links"]}
        seat = c.get(f"/api/tables/{tid}").json()["to_move"][0]
        before = state(c, tid, toks[seat])
        pg.down()
        try:
            r = move(c, tid, toks[seat], before["step"], before["legal"][0])
            assert r.status_code == 503
            error: str = r.json()["error"]
            assert error.startswith("not stored: the server cannot write its table store now") and "\n" not in error
            assert state(c, tid, toks[seat]) == before  # the game is unchanged, and still served from memory
        finally:
            pg._start()
        r = move(c, tid, toks[seat], before["step"], before["legal"][0])  # the store reconnects by itself
        assert r.status_code == 200, r.text
        assert state(c, tid, toks[seat])["step"] == before["step"] + 1
    # and what was accepted is in the database: a new server process rebuilds the table from it
    with TestClient(create_app("unused", limits=TEST_LIMITS, database=url)) as c:
        assert c.get(f"/api/tables/{tid}").json()["step"] == before["step"] + 1


def test_a_move_sent_to_a_process_that_has_not_heard_the_last_one_yet_is_caught_up_and_accepted(pg: PgServer) -> None:
    """The step a player sends is newer than this process's table: it reads the missed moves from the database
    first (its notification may still be on the way), then accepts the move."""
    with two_processes(pg) as (a, b):
        tid, toks = three_people(a, seed=8)
        b.get(f"/api/tables/{tid}")  # b knows the table
        deaf(a, b)  # from now on every notification is late: none arrives
        for i in range(8):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            info = first.get(f"/api/tables/{tid}").json()
            seat = info["to_move"][0]
            s = state(first, tid, toks[seat])
            assert move(first, tid, toks[seat], s["step"], s["legal"][0]).status_code == 200
            nxt = first.get(f"/api/tables/{tid}").json()["to_move"][0]
            s2 = state(first, tid, toks[nxt])  # what the next player sees, on the process that moved
            r = move(second, tid, toks[nxt], s2["step"], s2["legal"][0])  # sent at once to the other process
            assert r.status_code == 200, r.text
        assert a.get(f"/api/tables/{tid}").json()["step"] >= 16


def test_a_simultaneous_choice_that_lost_the_step_race_is_stored_at_the_next_step(pg: PgServer) -> None:
    """Two seats choose at once on two processes: both choices are accepted, whichever stored its step first."""
    with two_processes(pg) as (a, b):
        tid, toks = three_people(a, seed=8)
        assert sorted(b.get(f"/api/tables/{tid}").json()["to_move"]) == [0, 1, 2]  # everyone selects at once
        deaf(a, b)  # no notification arrives: b learns only from the database
        s0, s1 = state(a, tid, toks[0]), state(b, tid, toks[1])
        assert move(a, tid, toks[0], s0["step"], s0["legal"][0]).status_code == 200
        r = move(b, tid, toks[1], s1["step"], s1["legal"][0])  # b still thinks no one has chosen: its step 1 is taken
        assert r.status_code == 200, r.text
        assert b.get(f"/api/tables/{tid}").json()["step"] == 2


def test_a_websocket_to_a_process_that_has_not_heard_of_the_table_yet_gets_it(pg: PgServer) -> None:
    with two_processes(pg) as (a, b):
        deaf(b)  # b hears nothing
        made = create(a, players=3, seats=[person(), person(), person()], seed=2)
        with b.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["links"][0]["token"]})
            first = ws.receive_json()
        assert first["type"] != "error" and first["step"] == 0 and first["legal"], first
