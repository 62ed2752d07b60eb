"""Tables as a resource: rate limits per client, a maximum of live tables, expiry, deletion by the creator."""

from __future__ import annotations

from starlette.testclient import TestClient

from voidtable.web.app import create_app
from voidtable.web.limits import Limits

from .conftest import TEST_LIMITS, make_app, on_loop

TABLE = {"game": "buccaneers", "players": 3, "seats": [{"kind": "person", "claim": True}, {"kind": "person"}, {"kind": "person"}]}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def client_with(tmp_path, clock=None, **limits) -> TestClient:
    merged = {**TEST_LIMITS.__dict__, **limits}
    return TestClient(make_app(tmp_path / "data", limits=Limits(**merged), clock=clock))


def test_creating_tables_is_rate_limited_per_client(tmp_path):
    clock = Clock()
    with client_with(tmp_path, clock, creates_per_minute=2) as c:
        assert [c.post("/api/tables", json=TABLE).status_code for _ in range(2)] == [201, 201]
        r = c.post("/api/tables", json=TABLE)
        assert r.status_code == 429 and "--create-rate" in r.json()["error"] and "\n" not in r.json()["error"]
        assert c.post("/api/tables", json={"game": "nope"}).status_code == 400  # a bad request is refused, not counted
        assert len(c.get("/api/tables").json()) == 2
        clock.now += 61
        assert c.post("/api/tables", json=TABLE).status_code == 201


def test_claiming_seats_is_rate_limited_per_client(tmp_path):
    clock = Clock()
    with client_with(tmp_path, clock, joins_per_minute=1) as c:
        tid = c.post("/api/tables", json=TABLE).json()["id"]
        assert c.post(f"/api/tables/{tid}/join", json={}).status_code == 200
        r = c.post(f"/api/tables/{tid}/join", json={})
        assert r.status_code == 429 and "--join-rate" in r.json()["error"]
        assert [s["open"] for s in c.get(f"/api/tables/{tid}").json()["seats"]] == [False, False, True]
        clock.now += 61
        assert c.post(f"/api/tables/{tid}/join", json={}).status_code == 200


def test_live_tables_are_capped(tmp_path):
    with client_with(tmp_path, max_tables=2) as c:
        assert [c.post("/api/tables", json=TABLE).status_code for _ in range(2)] == [201, 201]
        r = c.post("/api/tables", json=TABLE)
        assert r.status_code == 503 and "--max-tables" in r.json()["error"]


def test_abandoned_tables_expire_by_the_clock_and_stay_gone_after_a_restart(tmp_path):
    clock = Clock()
    with client_with(tmp_path, clock, waiting_expiry=100.0, idle_expiry=500.0) as c:
        hub = c.app.state.hub
        waiting = c.post("/api/tables", json=TABLE).json()
        tok = waiting["links"][0]["token"]
        playing = c.post("/api/tables", json={**TABLE, "seats": [{"kind": "person", "claim": True}] * 3}).json()
        clock.now += 99
        assert on_loop(hub, hub.expire) == []
        clock.now += 1
        assert on_loop(hub, hub.expire) == [waiting["id"]]
        assert c.get(f"/api/tables/{waiting['id']}").status_code == 404
        assert c.get(f"/api/tables/{waiting['id']}/state", headers={"Authorization": f"Bearer {tok}"}).status_code == 404
        clock.now += 399
        assert on_loop(hub, hub.expire) == []  # running, last touched at creation 500 s ago minus one
        clock.now += 1
        assert on_loop(hub, hub.expire) == [playing["id"]]
    with client_with(tmp_path) as c:
        assert c.get("/api/tables").json() == []


def test_a_move_keeps_a_running_table_alive(tmp_path):
    clock = Clock()
    with client_with(tmp_path, clock, idle_expiry=500.0) as c:
        res = c.post("/api/tables", json={**TABLE, "seats": [{"kind": "person", "claim": True}] * 3}).json()
        tok = res["links"][0]["token"]
        clock.now += 400
        legal = c.get(f"/api/tables/{res['id']}/state", headers={"Authorization": f"Bearer {tok}"}).json()["legal"]
        assert c.post(f"/api/tables/{res['id']}/move", json={"token": tok, "step": 0, "action": legal[0]}).status_code == 200
        clock.now += 400
        assert on_loop(c.app.state.hub, c.app.state.hub.expire) == []


def test_only_the_creator_removes_a_table(tmp_path):
    with client_with(tmp_path) as c:
        res = c.post("/api/tables", json=TABLE).json()
        tid, seat_token = res["id"], res["links"][0]["token"]
        for headers in ({}, {"Authorization": f"Bearer {seat_token}"}, {"Authorization": "Bearer forged"}):
            r = c.delete(f"/api/tables/{tid}", headers=headers)
            assert r.status_code == 403 and "creator" in r.json()["error"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "hello", "token": None})
            ws.receive_json()
            r = c.delete(f"/api/tables/{tid}", headers={"Authorization": f"Bearer {res['creator']}"})
            assert r.status_code == 200
            assert "removed" in ws.receive_json()["error"]
        assert c.get(f"/api/tables/{tid}").status_code == 404
        assert all(t["id"] != tid for t in c.get("/api/tables").json())
    with client_with(tmp_path) as c:  # gone from the store too
        assert c.get(f"/api/tables/{tid}").status_code == 404
