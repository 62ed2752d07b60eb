"""Input shapes: sizes checked before reading, nesting and seed ranges, and exact types for actions."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from voidtable.engine import games as registered_games
from voidtable.web.app import create_app
from voidtable.web.limits import Limits
from voidtable.web.store import SeatRow, TableRow
from voidtable.web.tables import MoveError, Table

from .conftest import create, make_app, person

CHUNK = 65_536


def post_raw(app, path: str, total: int, declare: bool) -> tuple[int, int]:
    """POST ``total`` bytes to ``app`` in chunks straight through ASGI; (status, bytes the app pulled)."""
    pulled = 0
    status = 0

    async def receive():
        nonlocal pulled
        if pulled >= total:
            return {"type": "http.request", "body": b"", "more_body": False}
        pulled += CHUNK
        return {"type": "http.request", "body": b" " * CHUNK, "more_body": pulled < total}

    async def send(message):
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    headers = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json")]
    if declare:
        headers.append((b"content-length", str(total).encode()))
    scope = {"type": "http", "method": "POST", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": headers, "scheme": "http", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5000),
             "http_version": "1.1", "asgi": {"version": "3.0"}, "root_path": ""}
    asyncio.run(app(scope, receive, send))
    return status, pulled


@pytest.mark.parametrize("declare", [True, False])
def test_a_large_body_is_refused_before_it_is_read(tmp_path, declare):
    app = make_app(tmp_path / "data", limits=Limits(max_body=100_000))
    status, pulled = post_raw(app, "/api/tables", 100 * 1_000_000, declare)
    assert status == 413
    assert pulled <= 100_000 + CHUNK  # declared: nothing read; chunked: stopped at the limit, not at 100 MB


def test_a_large_websocket_message_is_closed_with_1009(client):
    tid = create(client, players=3, seats=[person(), person(), person()])["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": None})
        ws.receive_json()
        ws.send_text(json.dumps({"type": "move", "step": 0, "action": {"kind": "x", "arg": "a" * 100_000}}))
        assert "too large" in ws.receive_json()["error"]
        assert ws.receive()["code"] == 1009


def test_deep_nesting_is_a_one_line_400(client):
    tid = create(client, players=3, seats=[person(), person(), person()])["id"]
    deep = "[" * 1000 + "]" * 1000
    r = client.post("/api/tables", content=deep.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 400 and "nested" in r.json()["error"] and "\n" not in r.json()["error"]
    arg = "[" * 500 + "1" + "]" * 500
    body = '{"token": "x", "step": 0, "action": {"kind": "select", "arg": ' + arg + "}}"
    r = client.post(f"/api/tables/{tid}/move", content=body.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 400 and "nested" in r.json()["error"]


def test_websocket_deep_nesting_and_binary_frames_get_an_error_and_the_connection_stays(client):
    res = create(client, players=3, seats=[person(), person(), person()], seed=5)
    tid, tok = res["id"], [l["token"] for l in res["links"]]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok[0]})
        first = ws.receive_json()
        ws.send_text('{"type": "move", "step": 0, "action": {"kind": "select", "arg": ' + "[" * 500 + "]" * 500 + "}}")
        assert "nested" in ws.receive_json()["error"]
        ws.send_bytes(b"\x00\x01binary")
        assert "binary" in ws.receive_json()["error"]
        ws.send_json({"type": "move", "step": 0, "action": first["legal"][0], "id": 1})
        assert ws.receive_json() == {"type": "accepted", "step": 1, "id": 1}


@pytest.mark.parametrize("seed", [2 ** 63, 2 ** 64, 10 ** 30])
def test_seeds_beyond_what_the_store_holds_are_a_400(client, seed):
    r = client.post("/api/tables", json={"game": "buccaneers", "players": 3, "seed": seed})
    assert r.status_code == 400 and "'seed'" in r.json()["error"] and "\n" not in r.json()["error"]


def int_arg_actions(seeds=range(3)):
    """(table, seat, action) for a seat whose legal choices include an action with a whole-number argument."""
    for name, spec in sorted(registered_games().items()):
        for seed in seeds:
            seats = [SeatRow(p, "person", None, f"P{p}", "x") for p in range(spec.min_players)]
            table = Table(TableRow("t", name, spec.min_players, {}, seed, 0.0, "running", None, None, seats, []))
            rng = random.Random(seed)
            for _ in range(300):
                if table.status != "running":
                    break
                p = rng.choice(table.state.to_move())
                ints = [a for a in table.legal[p] if type(a.arg) is int and a.arg in (0, 1)]
                if ints:
                    yield table, p, ints[0]
                    break
                a = table.check(p, table.step_of(p), rng.choice(table.legal[p]).to_json())
                new, events = table.prepare(p, a)
                table.commit(new, p, a, events)


def test_a_bool_is_not_the_whole_number_it_equals():
    found = 0
    for table, p, action in int_arg_actions():
        found += 1
        with pytest.raises(MoveError) as e:
            table.check(p, table.step_of(p), {"kind": action.kind, "arg": bool(action.arg)})
        assert e.value.status == 422
        with pytest.raises(MoveError):
            table.check(p, table.step_of(p), {"kind": action.kind, "arg": float(action.arg)})
        assert type(table.check(p, table.step_of(p), action.to_json()).arg) is int
    assert found, "no registered game has a whole-number argument; the test checks nothing"


def test_brackets_inside_strings_are_not_nesting(client):
    r = client.post("/api/tables", json={"game": "buccaneers", "players": 3,
                                         "seats": [person(name="[{" * 50 + '\\"'), person(), person()]})
    assert r.status_code == 201, r.text
