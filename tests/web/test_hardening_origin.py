"""Cross-site requests, DNS rebinding and framing: Origin and Host checks, and the page's security headers."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from voidtable.web.app import STATIC, create_app
from voidtable.web.limits import Limits

from .conftest import TEST_LIMITS, create, make_app

TABLE = {"game": "buccaneers", "players": 3, "seats": [{"kind": "person", "claim": True}, {"kind": "person"}, {"kind": "bot"}]}


def app_client(tmp_path, **limits):
    return TestClient(make_app(tmp_path / "data", limits=Limits(**{**TEST_LIMITS.__dict__, **limits})))


def test_a_cross_site_post_creates_no_table_and_claims_no_seat(client):
    tid = create(client, **TABLE)["id"]
    evil = {"Origin": "http://evil.example"}
    r = client.post("/api/tables", content=b'{"game": "buccaneers", "players": 3}', headers={**evil, "content-type": "text/plain"})
    assert r.status_code == 403 and "origin" in r.json()["error"] and "\n" not in r.json()["error"]
    r = client.post(f"/api/tables/{tid}/join", json={}, headers=evil)
    assert r.status_code == 403
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["open"]
    assert len(client.get("/api/tables").json()) == 1


def test_same_origin_and_no_origin_pass_and_reading_is_never_checked(client):
    assert client.post("/api/tables", json=TABLE, headers={"Origin": "http://testserver"}).status_code == 201
    assert client.post("/api/tables", json=TABLE).status_code == 201  # no Origin: the CLI, scripts, httpx
    assert client.get("/api/tables", headers={"Origin": "http://evil.example"}).status_code == 200


def test_a_cross_site_websocket_upgrade_is_refused(client):
    tid = create(client, **TABLE)["id"]
    with pytest.raises(WebSocketDisconnect) as e:
        with client.websocket_connect(f"/ws/{tid}", headers={"Origin": "http://evil.example"}) as ws:
            ws.send_json({"type": "hello", "token": None})
            ws.receive_json()
    assert e.value.code == 1008
    with client.websocket_connect(f"/ws/{tid}", headers={"Origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"


def test_listed_origins_are_allowed(tmp_path):
    with app_client(tmp_path, allowed_origins=("https://table.example",)) as c:
        assert c.post("/api/tables", json=TABLE, headers={"Origin": "https://table.example"}).status_code == 201
        assert c.post("/api/tables", json=TABLE, headers={"Origin": "https://other.example"}).status_code == 403


def test_only_the_bound_address_localhost_and_listed_hosts_are_served(tmp_path):
    with TestClient(make_app(tmp_path / "data")) as c:  # the defaults: no allowed_hosts
        for host in ("127.0.0.1:8000", "localhost:8000", "localhost", "[::1]:8000"):
            assert c.get("/api/games", headers={"Host": host}).status_code == 200, host
        for host in ("testserver", "evil.example", "evil.example:8000", "127.0.0.1.evil.example"):
            r = c.get("/api/games", headers={"Host": host})
            assert r.status_code == 421 and "--allowed-host" in r.json()["error"], host
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect("/ws/x", headers={"Host": "evil.example"}) as ws:
                ws.receive_json()
    with TestClient(make_app(tmp_path / "d2", limits=Limits(allowed_hosts=("table.example",)))) as c:
        assert c.get("/api/games", headers={"Host": "table.example:8000"}).status_code == 200
        assert c.get("/api/games", headers={"Host": "evil.example"}).status_code == 421


def test_a_server_on_every_address_answers_ip_literals_but_not_names(tmp_path):
    with TestClient(make_app(tmp_path / "data", host="0.0.0.0")) as c:
        assert c.get("/api/games", headers={"Host": "192.168.1.20:8000"}).status_code == 200
        assert c.get("/api/games", headers={"Host": "rebind.evil.example:8000"}).status_code == 421


def test_the_page_forbids_framing_and_foreign_scripts(client):
    for path in ("/", "/t/abc", "/static/app.js", "/api/games"):
        r = client.get(path)
        policy = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy and "object-src 'none'" in policy
        assert "unsafe-eval" not in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
    page = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)  # no inline script for the policy to forbid
    assert not re.search(r"\son[a-z]+=", page)                    # nor inline event handlers
