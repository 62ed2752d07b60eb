"""Handing an absent player's seat to a bot, and the seat link taking it back (issue 12 item 12)."""

from __future__ import annotations

import warnings

from .conftest import TEST_LIMITS, create, make_app, move, person, state, wait_until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from voidtable.web.app import create_app


def hand(c, tid, seat, token, level="easy"):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return c.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"bot": level}, headers=headers)


def test_the_creator_hands_an_absent_seat_to_a_bot_and_its_link_takes_it_back(tmp_path):
    data = tmp_path / "data"
    with TestClient(make_app(data, limits=TEST_LIMITS)) as c:
        made = create(c, players=3, seats=[person(name="Tess"), person(name="Fred"), {"kind": "bot", "bot": "easy"}])
        tid, creator = made["id"], made["creator"]
        fred = next(l["token"] for l in made["links"] if l["seat"] == 1)
        hub = c.app.state.hub

        r = hand(c, tid, 1, fred)  # a seat token is not the creator's
        assert r.status_code == 403 and "creator" in r.json()["error"]
        with c.websocket_connect(f"/ws/{tid}") as ws:  # Fred is at the table: his seat is not the creator's to give
            ws.send_json({"type": "hello", "token": fred})
            assert ws.receive_json()["type"] == "state"
            r = hand(c, tid, 1, creator)
            assert r.status_code == 409 and "Fred is at the table now" in r.json()["error"]
        wait_until(hub, lambda: not hub.present(hub.tables[tid], 1), what="Fred gone")
        assert hand(c, tid, 2, creator).status_code == 409  # already a bot
        assert hand(c, tid, 1, creator, "superb").status_code == 400

        r = hand(c, tid, 1, creator)
        assert r.status_code == 200, r.text
        info = c.get(f"/api/tables/{tid}").json()
        assert info["seats"][1]["held"] == "handed"
        # the bot chooses for Fred: seat 1 moves although Fred does nothing
        wait_until(hub, lambda: any(p == 1 for p, _ in hub.tables[tid].actions), what="the bot moving for seat 1")
        seen = state(c, tid, fred)
        assert seen["held"] == "handed" and seen["legal"] == []
        assert any("handed to a bot" in t["text"] for t in seen["talk"] if t["kind"] == "note")
        if 1 in seen["to_move"]:
            r = move(c, tid, fred, seen["step"], {"kind": "x", "arg": None})
            assert r.status_code == 409 and "a bot plays your seat" in r.json()["error"]

    # the handover is stored: after a restart the bot still holds the seat
    with TestClient(make_app(data, limits=TEST_LIMITS)) as c:
        assert c.get(f"/api/tables/{tid}").json()["seats"][1]["held"] == "handed"
        assert c.post(f"/api/tables/{tid}/take-back", headers={"Authorization": "Bearer nope"}).status_code == 401
        r = c.post(f"/api/tables/{tid}/take-back", headers={"Authorization": f"Bearer {fred}"})
        assert r.status_code == 200, r.text
        info = c.get(f"/api/tables/{tid}").json()
        assert "held" not in info["seats"][1]
        seen = state(c, tid, fred)
        assert "held" not in seen
        assert any("took their seat back" in t["text"] for t in seen["talk"])
        if 1 in seen["to_move"] and seen["table"]["status"] == "running":
            assert seen["legal"], "Fred chooses again"
        assert c.post(f"/api/tables/{tid}/take-back", headers={"Authorization": f"Bearer {fred}"}).status_code == 409


def test_an_open_seat_no_one_took_can_go_to_a_bot_and_the_table_starts(client):
    made = create(client, players=3, seats=[person(), {"kind": "person"}, {"kind": "bot", "bot": "easy"}])
    tid = made["id"]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "waiting"
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={}, headers={"Authorization": f"Bearer {made['creator']}"})
    assert r.status_code == 200, r.text
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "running" and info["seats"][1]["held"] == "handed" and not info["seats"][1]["open"]
    assert client.post(f"/api/tables/{tid}/join", json={}).status_code == 409  # no longer open
