"""Shared helpers for the web table's tests: an in-process app, a real server process, table requests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import httpx
import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():  # Starlette >= 1.x prefers httpx2 for its TestClient; httpx (the web extra) still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from voidtable.web.app import create_app  # noqa: E402
from voidtable.web.limits import Limits  # noqa: E402

# The in-process app: TestClient sends Host "testserver", allowed here by name (the server's default accepts only
# its bound address and localhost); rates high enough for tests that create many tables from one client.
TEST_LIMITS = Limits(allowed_hosts=("testserver",), creates_per_minute=10_000, joins_per_minute=10_000)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


# The server suite runs against both table stores: these modules run each test once on SQLite and once on
# PostgreSQL (a fresh database each time); ``make_app`` builds the app on the store of the running test.
# (The words, scenes and leaks tests check what a table says, which no store changes: SQLite only.)
BOTH_STORES = {"test_server", "test_hardening_bots", "test_hardening_input", "test_hardening_origin",
               "test_hardening_overrides", "test_hardening_tables", "test_hardening_stale", "test_seeds",
               "test_table_features", "test_handover", "test_bot_time", "test_hidden_steps"}
_database: dict[str, str | None] = {"url": None}


def pytest_generate_tests(metafunc):
    if "store_kind" in metafunc.fixturenames and metafunc.module.__name__.rsplit(".", 1)[-1] in BOTH_STORES \
            and not metafunc.definition.get_closest_marker("sqlite_only"):
        metafunc.parametrize("store_kind", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture(autouse=True)
def store_kind(request):
    """The table store of this test: SQLite unless the module runs on both and this is its PostgreSQL run."""
    kind = getattr(request, "param", "sqlite")
    pg = request.getfixturevalue("pg") if kind == "postgresql" else None
    _database["url"] = url = pg.new_database() if pg is not None else None
    yield kind
    _database["url"] = None
    if pg is not None and url is not None:
        pg.release(url)  # emptied and kept for the next test (creating databases by the hundred was slow)


def make_app(data, **kwargs):
    """``create_app`` on the running test's store (its PostgreSQL database, or SQLite under ``data``)."""
    return create_app(data, database=_database["url"], **kwargs)


@pytest.fixture
def client(tmp_path):
    """The app in-process (Starlette's TestClient runs its event loop in a thread, bots included)."""
    app = make_app(tmp_path / "data", limits=TEST_LIMITS)
    with TestClient(app) as c:
        yield c


def create(client, game="buccaneers", players=4, seats=None, **extra):
    req = {"game": game, "players": players, **extra}
    if seats is not None:
        req["seats"] = seats
    r = client.post("/api/tables", json=req)
    assert r.status_code == 201, r.text
    return r.json()


def person(claim=True, name=None):
    s = {"kind": "person", "claim": claim}
    if name:
        s["name"] = name
    return s


def bot(level="easy"):
    return {"kind": "bot", "bot": level}


#: Seconds after which a wait that never ended fails the test: a guard against a hang, never a measurement.
#: Every wait below ends on an event (a change the hub made, a message the server pushed) long before it.
HANG = 600.0


def wait_status(client, table_id, status="finished"):
    """Wait until the table has ``status`` (judged after each change the server makes), then its lobby line."""
    hub = client.app.state.hub
    wait_until(hub, lambda: (t := hub.tables.get(table_id)) is not None and t.status == status,
               what=f"table {table_id} {status}")
    return client.get(f"/api/tables/{table_id}").json()


def state(client, table_id, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = client.get(f"/api/tables/{table_id}/state", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def move(client, table_id, token, step, action):
    return client.post(f"/api/tables/{table_id}/move", json={"token": token, "step": step, "action": action})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``voidtable serve`` as a real process on a free loopback port."""

    def __init__(self, data: Path, *args: str) -> None:
        self.data = data
        self.args = args
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        cmd = [sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(self.port), "--data", str(self.data),
               "--log-level", "warning", "--bot-pace", "0", *self.args]  # bots alone at full speed unless a test asks
        self.log = open(self.data.parent / f"server-{self.port}.log", "ab")
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        for _ in range(600):
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited with {self.proc.returncode}; see {self.log.name}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise AssertionError("server did not come up")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if getattr(self, "log", None):
            self.log.close()


@pytest.fixture
def server_factory(tmp_path):
    servers: list[Server] = []

    def make(*args: str, data: Path | None = None) -> Server:
        d = data or tmp_path / "data"
        d.mkdir(parents=True, exist_ok=True)
        s = Server(d, *args).start()
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.stop()


class FakeClock:
    """A clock the test moves (turn clocks, bot thinking): never the machine's time."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def on_loop(hub, fn, *args):
    """Run ``fn(*args)`` on the server's event loop (where the hub lives) and return its result."""
    import asyncio

    async def run():
        return fn(*args)

    return asyncio.run_coroutine_threadsafe(run(), hub.loop).result(HANG)


def until_pushed(url: str, table_id: str, check, what: str = "condition"):
    """For a real server process at ``url``: ``check()`` now and again after each state the server pushes to a
    spectator's WebSocket at the table (it pushes one after every change), until it returns something truthy,
    which is returned. The pushes are the events; no sleep, no polling, and only a hang (``HANG``) fails it."""
    import json

    from websockets.sync.client import connect

    # max_queue=None: states that arrive after the check held are read and dropped, so the server's close frame
    # is reached at once (a full queue stopped reading, and the close then waited out its timeout)
    with connect(url.replace("http://", "ws://", 1) + f"/ws/{table_id}", origin=url, open_timeout=HANG,
                 close_timeout=HANG, max_size=None, max_queue=None) as ws:
        ws.send(json.dumps({"type": "hello"}))
        while True:
            try:
                ws.recv(timeout=HANG)  # the first state, then one after each change (a burst: one state after it)
            except TimeoutError:
                raise AssertionError(f"{what} never held") from None
            value = check()
            if value:
                return value


def _probes(hub) -> list:
    """The checks waiting on ``hub``: each runs on the server's loop after every change the hub announces (a
    move, a join, a seat handed over or taken back, a table removed or caught up from another process: ``notify``;
    a page opening or closing: ``arrived``; a note or chat line, or the table's options: ``wake``)."""
    probes = hub.__dict__.get("_test_probes")
    if probes is None:
        probes = hub._test_probes = []
        for name in ("notify", "arrived", "wake"):
            def announced(*args, _real=getattr(hub, name), **kwargs):
                out = _real(*args, **kwargs)
                for probe in list(probes):
                    probe()
                return out

            setattr(hub, name, announced)
    return probes


def wait_until(hub, check, what: str = "condition"):
    """Wait until ``check()`` is truthy and return its value: it is judged on the server's loop (where the hub's
    state changes, so never half-way through a change) now and after each change the hub announces; no sleep,
    no polling, and only a hang (``HANG``) fails it."""
    held = threading.Event()
    outcome: dict = {}

    def probe() -> None:
        if held.is_set():
            return
        try:
            value = check()
        except Exception as e:  # handed to the test's thread, never into the server's code
            outcome["error"] = e
            held.set()
            return
        if value:
            outcome["value"] = value
            held.set()

    probes = on_loop(hub, _probes, hub)
    on_loop(hub, lambda: (probes.append(probe), probe()))
    try:
        if not held.wait(HANG):
            raise AssertionError(f"{what} never held")
    finally:
        on_loop(hub, probes.remove, probe)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
