"""Storage faults: a full disk refuses moves and keeps connections, damaged rows break one table only,
an unusable data directory is a one-line error."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest
from starlette.testclient import TestClient

from voidtable.web.app import create_app
from voidtable.web.limits import Limits

from .conftest import TEST_LIMITS, bot, create, free_port, person, state, wait_status

FULL = sqlite3.OperationalError("database or disk is full")


def full_disk(hub, monkeypatch):
    """Make every move write fail as a full disk does; returns a function that frees the space."""
    real = hub.store.add_move

    def failing(*args, **kwargs):
        raise FULL

    monkeypatch.setattr(hub.store, "add_move", failing)
    return lambda: monkeypatch.setattr(hub.store, "add_move", real)


def test_a_full_disk_refuses_the_move_in_one_line_and_changes_nothing(client, monkeypatch):
    res = create(client, players=3, seats=[person(), person(), person()], seed=5)
    tid, tok = res["id"], [l["token"] for l in res["links"]]
    before = state(client, tid, tok[0])
    free = full_disk(client.app.state.hub, monkeypatch)
    r = client.post(f"/api/tables/{tid}/move", json={"token": tok[0], "step": 0, "action": before["legal"][0]})
    assert r.status_code == 503 and "not stored" in r.json()["error"] and "\n" not in r.json()["error"]
    assert state(client, tid, tok[0]) == before
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok[0]})
        ws.receive_json()
        ws.send_json({"type": "move", "step": 0, "action": before["legal"][0], "id": 1})
        err = ws.receive_json()
        assert err["type"] == "error" and "not stored" in err["error"] and err["id"] == 1
        free()  # the same connection plays on once there is space again
        ws.send_json({"type": "move", "step": 0, "action": before["legal"][0], "id": 2})
        assert ws.receive_json() == {"type": "accepted", "step": 1, "id": 2}


def test_bots_retry_once_the_store_can_write(tmp_path, monkeypatch):
    limits = Limits(**{**TEST_LIMITS.__dict__, "store_retry": 0.01})
    with TestClient(create_app(tmp_path / "data", limits=limits)) as c:
        hub = c.app.state.hub
        free = full_disk(hub, monkeypatch)
        tid = create(c, players=3, seats=[bot(), bot(), bot()])["id"]
        for _ in range(50):  # the bots keep trying while the disk is full; the table does not move
            assert c.get(f"/api/tables/{tid}").json()["step"] == 0
        free()
        assert wait_status(c, tid)["status"] == "finished"


def damage(data, sql: str, *args) -> None:
    db = sqlite3.connect(str(data / "voidtable.sqlite3"))
    with db:
        db.execute(sql, args)
    db.close()


def test_damaged_rows_break_only_their_own_table(tmp_path):
    data = tmp_path / "data"
    with TestClient(create_app(data, limits=TEST_LIMITS)) as c:
        ids = [create(c, players=3, seats=[bot(), bot(), bot()], seed=s)["id"] for s in range(5)]
        for tid in ids:
            wait_status(c, tid)
    damage(data, "UPDATE moves SET action = 'not json {' WHERE table_id = ? AND step = 3", ids[0])
    damage(data, "DELETE FROM moves WHERE table_id = ? AND step = 2", ids[1])
    damage(data, "DELETE FROM seats WHERE table_id = ? AND seat = 1", ids[2])
    damage(data, "UPDATE moves SET seat = 9 WHERE table_id = ? AND step = 1", ids[3])
    with TestClient(create_app(data, limits=TEST_LIMITS)) as c:
        lobby = {t["id"]: t for t in c.get("/api/tables").json()}
        assert lobby[ids[4]]["status"] == "finished"
        for tid, needle in zip(ids, ["step 3", "gap at step 2", "seats", "step 1"]):
            line = lobby[tid]
            assert line["status"] == "broken" and needle in line["problem"] and "\n" not in line["problem"], line
            r = c.get(f"/api/tables/{tid}")
            assert r.status_code == 410 and needle in r.json()["error"]
            assert websocket_refusal(c, tid) == (4410, r.json()["error"])  # the page says why, as the lobby does
        assert websocket_refusal(c, "nosuchtable") == (4404, "no table 'nosuchtable'")


def websocket_refusal(client, table_id):
    """(close code, the one line sent before it) of a WebSocket the server refuses as it opens."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        said = ws.receive_json()
        closed = ws.receive()
    assert said["type"] == "error" and closed["type"] == "websocket.close", (said, closed)
    return closed["code"], said["error"]


def test_an_unusable_data_directory_is_one_line_and_exit_2(tmp_path):
    a_file = tmp_path / "plain-file"
    a_file.write_text("not a directory")
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "voidtable.sqlite3").write_bytes(b"this is not an SQLite database" * 100)
    for data in (a_file, corrupt):
        r = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(free_port()), "--data", str(data)],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 2, r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in r.stderr and "--data" in lines[0], r.stderr


def damaged_store(data, page: str) -> None:
    """A real store file of four tables with 79 moves each, then seeded random bytes over one of its pages."""
    import random

    from voidtable.engine.actions import Action
    from voidtable.web.store import SeatRow, Store, TableRow

    store = Store(data / "voidtable.sqlite3")
    for t in range(4):
        store.create_table(TableRow(f"t{t}", "buccaneers", 3, {}, 7, 100.0 + t, "running", None, None,
                                    [SeatRow(i, "bot", "easy", f"Bot {i}", None) for i in range(3)], []))
        for step in range(1, 80):
            store.add_move(f"t{t}", step, step % 3, Action("select", step))
    store.close()  # the WAL is checkpointed into the file
    path = data / "voidtable.sqlite3"
    raw = path.read_bytes()
    size = int.from_bytes(raw[16:18], "big")  # the page size, from the file's header
    pages = len(raw) // size
    assert pages > 4
    number = 2 if page == "page 2" else pages
    noise = random.Random(24).randbytes(size)
    path.write_bytes(raw[:(number - 1) * size] + noise + raw[number * size:])


@pytest.mark.parametrize("page", ["page 2", "the last page"])
def test_a_damaged_page_stops_the_server_at_start_in_one_line(tmp_path, page):
    """SQLite opens a file with a damaged page and finds the damage only when a read reaches it: restoring the
    tables must happen (and fail) before the server says it is serving, as one line with exit code 2."""
    data = tmp_path / "data"
    data.mkdir()
    damaged_store(data, page)
    r = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(free_port()), "--data", str(data)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "malformed" in lines[0] and "damaged" in lines[0] and "--data" in lines[0], lines[0]
    assert "open http" not in r.stdout


def test_a_read_only_store_is_refused_at_start_not_at_the_first_move(tmp_path, monkeypatch):
    """SQLite opens a read-only file and only fails on the first write: the store asks for the write lock at start.

    The tests run as root, which file permissions do not stop, so the refusal SQLite gives a read-only
    file is simulated at the one place it would come (the write lock); the command line turns the
    StoreError into one line and exit 2 (the test above).
    """
    import sqlite3

    from voidtable.web.store import Store, StoreError

    real = sqlite3.connect

    class ReadOnly:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def execute(self, sql: str, *args):
            if sql.startswith("BEGIN IMMEDIATE"):
                raise sqlite3.OperationalError("attempt to write a readonly database")
            return self.db.execute(sql, *args)

        def executescript(self, sql: str):
            return self.db.executescript(sql)

        def close(self) -> None:
            self.db.close()

    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: ReadOnly(real(*a, **k)))
    with pytest.raises(StoreError) as e:
        Store(tmp_path / "voidtable.sqlite3")
    assert "readonly" in str(e.value) and "\n" not in str(e.value)
