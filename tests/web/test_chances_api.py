"""Each seat's estimated chance to win at the table (issue 26 item 6): only for a game that is over.

The estimate reads the whole state (hands, deck order, hidden picks), so a live table never hands it out: its
route refuses until the game is over and no message of a table in play carries one. Cheap: short bot games.
"""

from __future__ import annotations

import json

import msgspec

from voidtable.engine.records import Record
from voidtable.sim.chances import win_chances
from voidtable.web.protocol import State, WinChances

from .conftest import bot, create, person, state, wait_status


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def keys(data) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(data, dict):
        return set(data) | set().union(*(keys(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(keys(v) for v in data)) if data else set()
    return set()


def test_a_finished_table_gives_each_players_chances_along_the_game_by_name(client):
    made = create(client, game="abyss_battle", players=2, seats=[bot(), bot("medium")], seed=4)
    info = wait_status(client, made["id"])
    r = client.get(f"/api/tables/{made['id']}/chances")
    assert r.status_code == 200, r.text
    found = msgspec.json.decode(r.content, type=WinChances, strict=True)  # as declared, no other field
    assert set(r.json()) == set(WinChances.__struct_fields__)
    assert found.names == [s["name"] for s in info["seats"]] == ["Bot 0 (easy)", "Bot 1 (medium)"]  # as the table
    assert found.players == 2 and found.steps == info["step"]
    record = Record.from_json(client.get(f"/api/tables/{made['id']}/record").json())
    assert r.json()["chances"] == win_chances(record).to_json()["chances"]  # the record's own replay, estimated
    winners = info["result"]["winners"]
    assert found.chances[-1] == [1 / len(winners) if p in winners else 0.0 for p in range(2)]
    assert client.get(f"/api/tables/{made['id']}/chances").json() == r.json()  # kept: the same answer again
    up = client.post("/api/chances", json={"record": client.get(f"/api/tables/{made['id']}/record").json()})
    assert up.status_code == 200 and up.json()["chances"] == r.json()["chances"]
    assert up.json()["names"] == ["Seat 0", "Seat 1"]  # a bare record names no players


def test_a_live_table_never_hands_out_or_sends_an_estimate(client):
    made = create(client, players=3, seats=[person(), person(), person()], seed=5)
    tid = made["id"]
    tokens = [next(l["token"] for l in made["links"] if l["seat"] == s) for s in range(3)]
    r = client.get(f"/api/tables/{tid}/chances")
    assert r.status_code == 403 and "only once the game is over" in r.json()["error"]
    seen: list[dict] = []
    with client.websocket_connect(f"/ws/{tid}") as watcher, client.websocket_connect(f"/ws/{tid}") as ws:
        watcher.send_json({"type": "hello"})
        ws.send_json({"type": "hello", "token": tokens[0]})
        seen += [json.loads(watcher.receive_text()), json.loads(ws.receive_text())]
        for p in range(3):  # every seat picks: the round's hidden selections are in the state the server holds
            now = state(client, tid, tokens[p])
            assert client.post(f"/api/tables/{tid}/move", json={"token": tokens[p], "step": now["step"],
                                                                  "action": now["legal"][0]}).status_code == 200
            seen += [json.loads(watcher.receive_text()), json.loads(ws.receive_text())]
    seen += [state(client, tid, t) for t in tokens] + [state(client, tid)]
    assert all(m["type"] == "state" for m in seen if "type" in m) and len(seen) >= 10
    for message in seen:
        assert "chances" not in keys(message), sorted(keys(message))
    assert not set(WinChances.__struct_fields__) - {"game", "players", "steps", "names"} & set(State.__struct_fields__)
    assert client.get(f"/api/tables/{tid}/chances").status_code == 403  # still in play


def test_a_resigned_game_ends_on_its_winner_and_a_game_without_an_evaluation_has_none(client):
    made = create(client, game="blacksun", players=2, seats=[person(name="Ana"), person(name="Ben")])
    tid = made["id"]
    ana = next(l["token"] for l in made["links"] if l["seat"] == 0)
    assert client.post(f"/api/tables/{tid}/resign", headers=bearer(ana)).status_code == 200
    found = client.get(f"/api/tables/{tid}/chances").json()
    assert found["names"] == ["Ana", "Ben"] and found["at"] == [0] and found["chances"] == [[0.0, 1.0]]
    record = client.get(f"/api/tables/{tid}/record").json()
    assert client.post("/api/chances", json={"record": record}).json()["chances"] == [[0.0, 1.0]]  # its "ended"

    duel = create(client, game="duel", players=2, seats=[bot(), bot()], seed=1)
    wait_status(client, duel["id"])
    r = client.get(f"/api/tables/{duel['id']}/chances")
    assert r.status_code == 404 and "declares no evaluation" in r.json()["error"] and "\n" not in r.json()["error"]
    bad = client.post("/api/chances", json={"record": {"format": "nope"}})
    assert bad.status_code == 400 and "not a voidtable record" in bad.json()["error"]
    assert client.post("/api/chances", json={"nothing": 1}).status_code == 400
