"""Several real ``voidtable serve`` processes on one PostgreSQL database.

Seats connected to different processes play one game to the end; a process
killed with SIGKILL mid-game loses no acknowledged move and the other carries
on, bots included; two processes offered the same step at once accept exactly
one move.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.pgserver import PgServer

pytest.importorskip("psycopg")
pytest.importorskip("starlette")

from tests.web.conftest import HANG, Server, until_pushed  # noqa: E402


def serve(pg_url: str, tmp: Path, *extra: str) -> Server:
    d = tmp / f"d{time.monotonic_ns()}"
    d.mkdir()
    return Server(d, "--database", pg_url, "--bot-delay", "0", "--bot-pace", "0", "--create-rate", "1000",
                  "--join-rate", "1000", *extra).start()


@pytest.fixture
def two(pg: PgServer, tmp_path: Path) -> Any:
    url = pg.new_database()
    a = serve(url, tmp_path, "--bot-lease", "2")
    b = serve(url, tmp_path, "--bot-lease", "2")
    yield a, b
    a.stop()
    b.stop()


def get(server: Server, path: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = httpx.get(server.url + path, headers=headers, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def wait(server: Server, tid: str, check: Any) -> Any:
    """``check()`` now and after each state ``server`` pushes to a spectator of table ``tid`` (one after every
    change, its own or another process's), until it returns something true: events, not polling."""
    return until_pushed(server.url, tid, check)


def settled(server: Server, tid: str, people: set[int]) -> Any:
    """The table's lobby line once it is finished or one of ``people`` is to move, else None."""
    info = get(server, f"/api/tables/{tid}")
    return info if info["status"] == "finished" or set(info["to_move"]) & people else None


def finished(server: Server, tid: str) -> Any:
    info = get(server, f"/api/tables/{tid}")
    return info if info["status"] == "finished" else None


def test_seats_on_two_processes_play_a_game_to_the_end(two: Any) -> None:
    a, b = two
    res = httpx.post(a.url + "/api/tables", json={
        "game": "buccaneers", "players": 3, "seed": 5,
        "seats": [{"kind": "person", "claim": True, "name": "Ann"}, {"kind": "person", "claim": False, "name": "Ben"},
                  {"kind": "bot", "bot": "easy"}]}, timeout=30).json()
    tid, ann = res["id"], res["links"][0]["token"]
    # Ben joins through the other process, which has only heard of the table through the database
    ben = httpx.post(f"{b.url}/api/tables/{tid}/join", json={"name": "Ben"}, timeout=30).json()["token"]
    tokens = {0: (a, ann), 1: (b, ben)}
    wait(a, tid, lambda: get(a, f"/api/tables/{tid}")["status"] == "running")
    moves = 0
    while True:
        info = wait(a, tid, lambda: settled(a, tid, {0, 1}))
        if info["status"] == "finished":
            break
        seat = sorted(set(info["to_move"]) & {0, 1})[0]
        server, token = tokens[seat]
        s = get(server, f"/api/tables/{tid}/state", token)
        r = httpx.post(f"{server.url}/api/tables/{tid}/move", json={"token": token, "step": s["step"],
                                                                   "action": s["legal"][0]}, timeout=30)
        assert r.status_code in (200, 409), r.text  # 409: a simultaneous choice moved the table on meanwhile
        moves += r.status_code == 200
    assert moves > 5
    done_a, done_b = get(a, f"/api/tables/{tid}"), wait(b, tid, lambda: finished(b, tid))
    assert done_a["step"] == done_b["step"]
    # both processes hand out the same record, and it replays
    rec_a = httpx.get(f"{a.url}/api/tables/{tid}/record", timeout=30).json()
    rec_b = httpx.get(f"{b.url}/api/tables/{tid}/record", timeout=30).json()
    assert rec_a == rec_b and len(rec_a["actions"]) == done_a["step"]


def test_a_spectator_on_one_process_sees_moves_made_on_the_other(two: Any) -> None:
    import asyncio

    import websockets

    a, b = two
    res = httpx.post(a.url + "/api/tables", json={
        "game": "buccaneers", "players": 3, "seed": 9,
        "seats": [{"kind": "person", "claim": True}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}]},
        timeout=30).json()
    tid, tok = res["id"], res["links"][0]["token"]
    wait(a, tid, lambda: 0 in get(a, f"/api/tables/{tid}")["to_move"])
    s = get(a, f"/api/tables/{tid}/state", tok)

    async def watch() -> int:
        async with websockets.connect(f"ws://127.0.0.1:{b.port}/ws/{tid}", origin=f"http://127.0.0.1:{b.port}") as ws:
            await ws.send(json.dumps({"type": "hello"}))
            first = json.loads(await ws.recv())
            step0 = first["step"]
            r = httpx.post(f"{a.url}/api/tables/{tid}/move", json={"token": tok, "step": s["step"], "action": s["legal"][0]},
                           timeout=30)
            assert r.status_code == 200, r.text
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), HANG))  # a bound on a hang
                if msg.get("step", 0) > step0:
                    return int(msg["step"])

    assert asyncio.run(watch()) > s["step"]


def test_kill_9_of_one_process_loses_no_move_and_the_other_runs_the_bots(two: Any) -> None:
    a, b = two
    # a table of bots alone, created on A: A holds its bots' lease and plays
    res = httpx.post(a.url + "/api/tables", json={"game": "buccaneers", "players": 4, "seed": 3, "pace": 0.15,
                                                  "seats": [{"kind": "bot", "bot": "easy"}] * 4}, timeout=30).json()
    tid = res["id"]
    wait(a, tid, lambda: get(a, f"/api/tables/{tid}")["step"] >= 5)
    before = get(a, f"/api/tables/{tid}")["step"]  # steps A has acknowledged (stored before it applied them)
    a.kill9()
    seen = wait(b, tid, lambda: (i := get(b, f"/api/tables/{tid}"))["step"] >= before and i)  # B has every one of them
    # A's lease lapses; B takes the table over and its bots finish the game
    done = wait(b, tid, lambda: finished(b, tid))
    assert done["step"] > seen["step"] or seen["status"] == "finished"
    assert done["step"] > before
    record = httpx.get(f"{b.url}/api/tables/{tid}/record", timeout=30).json()
    from voidtable.engine.records import Record, replay

    replay(Record.from_json(record), verify=True)


def test_the_same_step_offered_to_two_processes_at_once_is_accepted_once(two: Any) -> None:
    a, b = two
    res = httpx.post(a.url + "/api/tables", json={
        "game": "buccaneers", "players": 3, "seed": 11,
        "seats": [{"kind": "person", "claim": True}, {"kind": "person", "claim": True}, {"kind": "person", "claim": True}]},
        timeout=30).json()
    tid, toks = res["id"], {link["seat"]: link["token"] for link in res["links"]}
    wait(b, tid, lambda: get(b, f"/api/tables/{tid}")["status"] == "running")
    rounds = 0
    for _ in range(6):
        info = get(a, f"/api/tables/{tid}")
        if info["status"] != "running":
            break
        seat = info["to_move"][0]
        s = get(a, f"/api/tables/{tid}/state", toks[seat])
        wait(b, tid, lambda: get(b, f"/api/tables/{tid}")["step"] == s["step"])  # both processes at the same step
        codes: list[int] = []
        gate = threading.Barrier(2)

        def send(server: Server, action: Any) -> None:
            gate.wait()
            r = httpx.post(f"{server.url}/api/tables/{tid}/move",
                           json={"token": toks[seat], "step": s["step"], "action": action}, timeout=30)
            codes.append(r.status_code)

        threads = [threading.Thread(target=send, args=(srv, s["legal"][i % len(s["legal"])]))
                   for i, srv in enumerate((a, b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409], codes
        rounds += 1
        wait(b, tid, lambda: get(b, f"/api/tables/{tid}")["step"] == s["step"] + 1)  # B applied the one accepted move
        assert get(a, f"/api/tables/{tid}")["step"] == s["step"] + 1
    assert rounds >= 3
    assert get(a, f"/api/tables/{tid}")["step"] == get(b, f"/api/tables/{tid}")["step"] == s["step"] + 1
