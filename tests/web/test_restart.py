"""A real `voidtable serve` killed with SIGKILL mid-game and started again: no accepted move is lost.

Every accepted move is committed to SQLite before the server answers, and on
start every table is rebuilt by replaying its stored actions; so each seat
must see exactly what it saw before the kill, bots carry on, and the games
finish with records that replay.
"""

from __future__ import annotations

import httpx

from voidtable.engine.records import Record, replay

from .conftest import until_pushed


def get_state(url, tid, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = httpx.get(f"{url}/api/tables/{tid}/state", headers=headers, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def settle(url, tid, people):
    """Wait until only people are to move (bots then cannot change anything) and return the table's lobby line."""
    def settled():
        info = httpx.get(f"{url}/api/tables/{tid}", timeout=30).json()
        return info if info["status"] == "finished" or set(info["to_move"]) <= people else None

    return until_pushed(url, tid, settled, what="the bots settling")


def test_kill_9_mid_game_then_restart_loses_nothing(server_factory, tmp_path):
    data = tmp_path / "data"
    srv = server_factory("--bot-delay", "0", data=data)
    url = srv.url
    res = httpx.post(f"{url}/api/tables", json={
        "game": "buccaneers", "players": 4, "seed": 21,
        "seats": [{"kind": "person", "claim": True, "name": "Ann"}, {"kind": "bot", "bot": "easy"},
                  {"kind": "person", "claim": True, "name": "Bob"}, {"kind": "bot", "bot": "medium"}]}, timeout=30).json()
    tid = res["id"]
    tokens = {l["seat"]: l["token"] for l in res["links"]}
    busy = httpx.post(f"{url}/api/tables", json={"game": "buccaneers", "players": 5, "seed": 4,
                                                 "seats": [{"kind": "bot", "bot": "mcts:iterations=30"}] * 5}, timeout=30).json()
    acked: list[tuple[int, int, dict]] = []

    def play(n):
        for _ in range(n):
            info = settle(url, tid, set(tokens))
            if info["status"] == "finished":
                return
            seat = info["to_move"][0]
            s = get_state(url, tid, tokens[seat])
            r = httpx.post(f"{url}/api/tables/{tid}/move", json={"token": tokens[seat], "step": s["step"], "action": s["legal"][0]}, timeout=30)
            assert r.status_code == 200, r.text
            acked.append((r.json()["step"], seat, s["legal"][0]))

    play(12)
    settle(url, tid, set(tokens))
    before = {seat: get_state(url, tid, t) for seat, t in tokens.items()}
    before[None] = get_state(url, tid)
    busy_step = httpx.get(f"{url}/api/tables/{busy['id']}", timeout=30).json()["step"]
    srv.kill9()

    srv2 = server_factory("--bot-delay", "0", data=data)
    url = srv2.url
    after = {seat: get_state(url, tid, t) for seat, t in tokens.items()}
    after[None] = get_state(url, tid)
    assert after == before  # same step, same scene, same log, same choices for every seat and the spectator
    assert httpx.get(f"{url}/api/tables/{busy['id']}", timeout=30).json()["step"] >= busy_step

    # a move acknowledged just before a kill survives it
    seat = settle(url, tid, set(tokens))["to_move"][0]
    s = get_state(url, tid, tokens[seat])
    r = httpx.post(f"{url}/api/tables/{tid}/move", json={"token": tokens[seat], "step": s["step"], "action": s["legal"][-1]}, timeout=30)
    assert r.status_code == 200
    acked.append((r.json()["step"], seat, s["legal"][-1]))
    srv2.kill9()

    srv3 = server_factory("--bot-delay", "0", data=data)
    url = srv3.url
    assert httpx.get(f"{url}/api/tables/{tid}", timeout=30).json()["step"] >= acked[-1][0]
    play(400)  # to the end
    for table_id in (tid, busy["id"]):
        info = until_pushed(url, table_id, lambda: (i := httpx.get(f"{url}/api/tables/{table_id}", timeout=30).json())
                            ["status"] == "finished" and i, what="the game finishing")
        assert info["status"] == "finished"
        rec = Record.from_json(httpx.get(f"{url}/api/tables/{table_id}/record", timeout=30).json())
        final, _ = replay(rec, verify=True)
        assert final.is_over()
        if table_id == tid:
            for step, seat, action in acked:  # every acknowledged move is in the record, where it was acknowledged
                assert rec.actions[step - 1][0] == seat and rec.actions[step - 1][1].to_json() == action
