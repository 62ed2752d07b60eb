"""The server as players meet it: lobby, seats, moves and every refusal, bots, records and replays."""

from __future__ import annotations

import json

import pytest

from voidtable.engine import games as registered_games
from voidtable.engine.records import Record, replay

from .conftest import bot, create, move, person, state, wait_status, wait_until


# ---------------------------------------------------------------- lobby

def test_games_lists_every_registered_game_with_bot_levels(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(registered_games())
    assert games["buccaneers"]["players"] == [3, 6]
    assert games["buccaneers"]["levels"] == ["easy", "medium", "hard"]


def test_create_gives_links_only_for_claimed_seats_and_the_lobby_lists_the_table(client):
    res = create(client, players=4, seats=[person(name="Ann"), person(claim=False), bot("easy"), bot("medium")])
    assert [l["seat"] for l in res["links"]] == [0]
    link = res["links"][0]
    assert link["url"] == f"/t/{res['id']}#seat={link['token']}"  # the token rides in the fragment, never in a path
    assert len(link["token"]) >= 32
    lobby = client.get("/api/tables").json()
    line = next(t for t in lobby if t["id"] == res["id"])
    assert line["status"] == "waiting"
    assert [s["open"] for s in line["seats"]] == [False, True, False, False]
    assert line["seats"][0]["name"] == "Ann"
    text = json.dumps(lobby)
    assert link["token"] not in text and "seed" not in text and "token" not in text


@pytest.mark.parametrize("req,status,needle", [
    ({"game": "chess", "players": 2}, 400, "unknown game"),
    ({"game": "buccaneers", "players": 9}, 400, "3-6 players"),
    ({"game": "buccaneers", "players": "four"}, 400, "'players' must be"),
    ({"game": "buccaneers", "players": 4, "options": {"colour": "red"}}, 400, "black_hole_set"),
    ({"game": "buccaneers", "players": 4, "variant": "nope"}, 400, "variants: first_game"),
    ({"game": "buccaneers", "players": 4, "seats": [{"kind": "person"}]}, 400, "must list 4 seats"),
    ({"game": "buccaneers", "players": 3, "seats": [{"kind": "alien"}, {"kind": "bot"}, {"kind": "bot"}]}, 400, "'kind' must be"),
    ({"game": "buccaneers", "players": 3, "seats": [{"kind": "bot", "bot": "genius"}, {"kind": "bot"}, {"kind": "bot"}]}, 400, "unknown agent"),
    ({"game": "buccaneers", "players": 3, "seed": -4}, 400, "'seed'"),
    ({"game": "buccaneers", "players": 3, "colour": "red"}, 400, "unknown field"),
])
def test_bad_table_requests_are_one_line_errors(client, req, status, needle):
    r = client.post("/api/tables", json=req)
    assert r.status_code == status
    err = r.json()["error"]
    assert needle in err and "\n" not in err


def test_non_json_body_is_refused(client):
    r = client.post("/api/tables", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]


def test_open_seat_is_joined_from_the_lobby_then_the_table_starts(client):
    res = create(client, players=3, seats=[person(name="Ann"), person(claim=False), bot()])
    tid, ann = res["id"], res["links"][0]["token"]
    waiting = state(client, tid, ann)
    assert waiting["legal"] == [] and waiting["table"]["status"] == "waiting"
    r = move(client, tid, ann, 0, {"kind": "select", "arg": "toy_1"})
    assert r.status_code == 409 and "waiting for players" in r.json()["error"]
    j = client.post(f"/api/tables/{tid}/join", json={"name": "  Bob   the  Builder "})
    assert j.status_code == 200
    joined = j.json()
    assert joined["seat"] == 1 and joined["url"].endswith("#seat=" + joined["token"])
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "running" and info["seats"][1]["name"] == "Bob the Builder"
    again = client.post(f"/api/tables/{tid}/join", json={})
    assert again.status_code == 409 and "no open seat" in again.json()["error"]
    bob = state(client, tid, joined["token"])
    assert bob["seat"] == 1 and bob["legal"]


def test_spectator_gets_the_public_view_and_no_choices(client):
    res = create(client, players=3, seats=[person(), person(), person()])
    spec = state(client, res["id"])
    assert spec["seat"] is None and spec["legal"] == [] and spec["choices"] == []
    assert "hand" not in {p["id"] for p in spec["scene"]["parts"]}
    seat0 = state(client, res["id"], res["links"][0]["token"])
    assert seat0["seat"] == 0 and "hand" in {p["id"] for p in seat0["scene"]["parts"]}


# ---------------------------------------------------------------- moves and refusals

@pytest.fixture
def three(client):
    """A 3-player Buccaneers table of people, seed fixed."""
    res = create(client, players=3, seats=[person(name="A"), person(name="B"), person(name="C")], seed=5)
    return res["id"], [l["token"] for l in res["links"]]


def snapshot_all(client, tid, tokens):
    return [state(client, tid, t) for t in tokens] + [state(client, tid)]


def test_every_refusal_is_one_line_and_changes_nothing(client, three):
    tid, tok = three
    before = snapshot_all(client, tid, tok)
    legal0 = before[0]["legal"]
    other = create(client, players=3, seats=[person(), person(), person()])["links"][0]["token"]
    cases = [
        (client.post(f"/api/tables/{tid}/move", json={"step": 0, "action": legal0[0]}), 401, "unauthenticated"),
        (move(client, tid, "not-a-token", 0, legal0[0]), 401, "unauthenticated"),
        (move(client, tid, other, 0, legal0[0]), 401, "unauthenticated"),
        (move(client, tid, tok[0], 0, {"kind": "select", "arg": "no_such_card"}), 422, "illegal move"),
        (move(client, tid, tok[0], 0, before[1]["legal"][0]), 422, "illegal move"),  # another seat's card
        (move(client, tid, tok[0], 0, {"arg": "x"}), 400, "malformed"),
        (move(client, tid, tok[0], 0, {"kind": "select", "arg": {"a": 1}}), 400, "malformed"),
        (move(client, tid, tok[0], 0, {"kind": "select", "arg": 1, "x": 2}), 400, "malformed"),
        (move(client, tid, tok[0], "0", legal0[0]), 400, "malformed"),
        (move(client, tid, tok[0], None, legal0[0]), 400, "malformed"),
        (move(client, tid, tok[0], 7, legal0[0]), 409, "stale"),
        (move(client, tid, 5, 0, legal0[0]), 400, "malformed"),
        (client.post(f"/api/tables/{tid}/move", content=b"[1,", headers={"content-type": "application/json"}), 400, "not JSON"),
        (client.post(f"/api/tables/{tid}/move", json={"token": tok[0], "step": 0}), 400, "malformed"),
        (client.post("/api/tables/nope/move", json={"token": tok[0], "step": 0, "action": legal0[0]}), 404, "no table"),
    ]
    for r, status, needle in cases:
        assert r.status_code == status, (r.text, needle)
        err = r.json()["error"]
        assert needle in err and "\n" not in err
    assert snapshot_all(client, tid, tok) == before


def test_out_of_turn_and_stale_moves(client, three):
    tid, tok = three
    s0 = state(client, tid, tok[0])
    ok = move(client, tid, tok[0], 0, s0["legal"][0])
    assert ok.status_code == 200 and ok.json() == {"type": "accepted", "step": 1}
    again = move(client, tid, tok[0], 1, state(client, tid, tok[0])["legal"][0] if state(client, tid, tok[0])["legal"] else s0["legal"][1])
    assert again.status_code == 409 and "not your turn" in again.json()["error"]
    # seat 1 decided on the table of step 0; its own choices did not change since, so the move still stands
    s1 = state(client, tid, tok[1])
    assert move(client, tid, tok[1], 0, s1["legal"][0]).status_code == 200
    s2 = state(client, tid, tok[2])
    assert move(client, tid, tok[2], 2, s2["legal"][0]).status_code == 200
    # everyone chose: cards are revealed, hands pass, so seat 0's choices changed at step 3
    now = state(client, tid, tok[0])
    assert now["step"] == 3 and now["legal"]
    before = snapshot_all(client, tid, tok)
    stale = move(client, tid, tok[0], 2, now["legal"][0])
    assert stale.status_code == 409 and "stale move" in stale.json()["error"] and "changed at step 3" in stale.json()["error"]
    assert snapshot_all(client, tid, tok) == before
    assert move(client, tid, tok[0], 3, now["legal"][0]).status_code == 200


def test_websocket_play_and_refusals(client, three):
    tid, tok = three
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok[0]})
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0 and first["log_from"] == 0 and first["log"]
        ws.send_text("{not json")
        assert "not JSON" in ws.receive_json()["error"]
        ws.send_json({"type": "dance"})
        assert "malformed" in ws.receive_json()["error"]
        ws.send_json({"type": "move", "step": 0, "action": {"kind": "select", "arg": "nope"}, "id": 9})
        err = ws.receive_json()
        assert err["type"] == "error" and err["id"] == 9 and "illegal" in err["error"]
        ws.send_json({"type": "move", "step": 0, "action": first["legal"][0], "id": 10})
        ack = ws.receive_json()
        assert ack == {"type": "accepted", "step": 1, "id": 10}
        upd = ws.receive_json()
        assert upd["type"] == "state" and upd["step"] == 1 and upd["log_from"] == len(first["log"])
    with client.websocket_connect(f"/ws/{tid}") as spectator:
        spectator.send_json({"type": "hello"})
        s = spectator.receive_json()
        assert s["seat"] is None
        spectator.send_json({"type": "move", "step": 1, "action": {"kind": "select", "arg": "x"}})
        assert "unauthenticated" in spectator.receive_json()["error"]
    with client.websocket_connect(f"/ws/{tid}") as bad:
        bad.send_json({"type": "hello", "token": "forged"})
        assert "unauthenticated" in bad.receive_json()["error"]
    assert client.get(f"/api/tables/{tid}").json()["step"] == 1
    stats = client.get("/api/stats").json()
    assert stats["moves_accepted"] == 1 and stats["sample"] == 1 and stats["move_ms_p50"] >= 0
    assert stats["tables"] == {"running": 1}


def test_a_seat_is_pushed_every_change_and_its_log_grows_by_deltas(client, three):
    tid, tok = three
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok[1]})
        first = ws.receive_json()
        lines = list(first["log"])
        move(client, tid, tok[0], 0, state(client, tid, tok[0])["legal"][0])
        upd = ws.receive_json()
        assert upd["step"] == 1
        lines = lines[: upd["log_from"]] + upd["log"]
        assert lines == state(client, tid, tok[1])["log"]


# ---------------------------------------------------------------- bots, the end, records

def _bot_tables() -> list[tuple[str, int, list[str]]]:
    """Every registered game, one more player than its fewest, bots of two levels."""
    out = []
    for name, spec in registered_games().items():
        n = min(spec.min_players + 1, spec.max_players)
        out.append((name, n, [("easy", "medium")[q % 2] for q in range(n)]))
    return out


@pytest.mark.parametrize("game,players,levels", _bot_tables())
def test_bots_finish_a_game_and_the_record_replays(client, game, players, levels):
    res = create(client, game=game, players=players, seats=[bot(l) for l in levels], seed=3)
    info = wait_status(client, res["id"])
    assert info["result"]["winners"]
    r = client.get(f"/api/tables/{res['id']}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = Record.from_json(r.json())
    assert rec.agents == levels and len(rec.actions) == info["step"]
    final, _ = replay(rec, verify=True)
    assert final.is_over() and final.result().to_json() == info["result"]
    refused = move(client, res["id"], None, info["step"], {"kind": "x"})
    assert refused.status_code == 401
    end = state(client, res["id"])
    assert end["result"]["standings"][0]["rank"] == 1 and end["result"]["summary"]


def test_people_and_bots_share_a_table_until_the_end(client):
    res = create(client, players=3, seats=[person(), bot("medium"), bot("easy")], seed=11)
    tid, tok = res["id"], res["links"][0]["token"]
    for _ in range(400):
        s = state(client, tid, tok)
        if s.get("result"):
            break
        if s["legal"]:
            r = move(client, tid, tok, s["step"], s["legal"][-1])
            assert r.status_code in (200, 409), r.text  # 409: a bot moved first and the choice went stale
        else:
            wait_for_change(client, tid, s["step"])
    assert s["result"]
    last = move(client, tid, tok, s["step"], {"kind": "select", "arg": "x"})
    assert last.status_code == 409 and "game is over" in last.json()["error"]


def wait_for_change(client, tid, step):
    """Until the table is past ``step`` (the bots moved): judged after each change, not by polling."""
    hub = client.app.state.hub
    wait_until(hub, lambda: hub.tables[tid].step != step, what=f"a move after step {step}")


def test_record_and_replay_are_refused_while_the_game_runs(client, three):
    tid, _ = three
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 403 and "never handed out" in r.json()["error"]
    assert client.get(f"/api/tables/{tid}/replay").status_code == 403


def test_replay_steps_through_a_finished_game(client):
    res = create(client, players=3, seats=[bot(), bot(), bot()], seed=2)
    info = wait_status(client, res["id"])
    tid, n = res["id"], info["step"]
    f0 = client.get(f"/api/tables/{tid}/replay?step=0").json()
    mid = client.get(f"/api/tables/{tid}/replay?step={n // 2}&seat=1").json()
    end = client.get(f"/api/tables/{tid}/replay?step={n + 50}").json()
    assert (f0["step"], f0["steps"], f0["over"]) == (0, n, False)
    assert mid["step"] == n // 2 and mid["seat"] == 1 and mid["action"] and "hand" in {p["id"] for p in mid["scene"]["parts"]}
    assert end["step"] == n and end["over"] and end["result"] == info["result"]
    assert len(f0["log"]) < len(mid["log"])
    assert client.get(f"/api/tables/{tid}/replay?step=x").status_code == 400
    assert client.get(f"/api/tables/{tid}/replay?seat=9").status_code == 400
    record = client.get(f"/api/tables/{tid}/record").json()
    up = client.post("/api/replay", json={"record": record, "step": 4, "seat": None}).json()
    assert up["step"] == 4 and up["steps"] == n
    record["actions"][2][1]["arg"] = "no_such_card"
    bad = client.post("/api/replay", json={"record": record, "step": n})
    assert bad.status_code == 400 and "step 3" in bad.json()["error"]


def test_pages_are_served(client):
    for path in ("/", "/t/abc", "/replay", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "<main id=\"app\">" in r.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_serve_on_a_busy_port_is_a_one_line_error(tmp_path):
    import socket
    import subprocess
    import sys
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(port), "--data", str(tmp_path)],
                             capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    lines = [l for l in out.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and f"cannot listen on 127.0.0.1:{port}" in lines[0]
