"""Turn clocks, resigning, rematches, chat and the store's schema steps, through the API (issue 12 items 13-15).

Clocks read an injected wall clock that the test moves, then asks the hub to act on it (``hub.tick``):
no test waits for real time to pass.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
import warnings

from voidtable.web.limits import Limits
from voidtable.web.store import SCHEMA, SCHEMA_VERSION, Store

from .conftest import FakeClock, TEST_LIMITS, create, make_app, on_loop, person, state, wait_until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from voidtable.web.app import create_app


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_a_move_clock_runs_out_a_bot_chooses_that_move_and_a_restart_keeps_the_clock(tmp_path):
    data, wall = tmp_path / "data", FakeClock()
    with TestClient(make_app(data, limits=TEST_LIMITS, wall=wall, tick=3600)) as c:
        r = c.post("/api/tables", json={"game": "buccaneers", "players": 3, "clock": {"mode": "minute", "seconds": 30}})
        assert r.status_code == 400 and "clock" in r.json()["error"]
        made = create(c, players=3, seats=[person(name="Tess"), person(name="Fred"), {"kind": "bot", "bot": "easy"}],
                      clock={"mode": "move", "seconds": 30})
        tid, hub = made["id"], c.app.state.hub
        tess = next(l["token"] for l in made["links"] if l["seat"] == 0)
        seen = state(c, tid, tess)
        assert seen["table"]["clock"] == {"mode": "move", "seconds": 30.0}
        assert seen["clock"]["seats"][0] == {"seat": 0, "left": 30.0, "running": True}
        assert seen["clock"]["seats"][2]["running"] is False  # a bot's seat has no clock
        wall.advance(12)
        assert state(c, tid)["clock"]["seats"][1]["left"] == 18.0  # everyone sees it count, spectators too
        on_loop(hub, hub.tick)
        assert not hub.bots.forced  # not yet out
    with TestClient(make_app(data, limits=TEST_LIMITS, wall=wall, tick=3600)) as c:  # a restart keeps the clocks
        hub = c.app.state.hub
        assert state(c, tid, tess)["clock"]["seats"][0]["left"] == 18.0
        wall.advance(19)
        on_loop(hub, hub.tick)
        table = hub.tables[tid]
        wait_until(hub, lambda: {0, 1} <= {p for p, _ in table.actions}, what="bots choosing for both timed-out seats")
        wait_until(hub, lambda: not hub.bots.forced, what="the forced moves done, so no later move of theirs goes to a bot")
        seen = state(c, tid, tess)
        assert sum("time for this move ran out" in t["text"] for t in seen["talk"]) == 2
        assert seen["table"]["seats"][0].get("held") is None  # a move clock costs one move, not the seat
        if 0 in seen["to_move"]:
            assert seen["clock"]["seats"][0]["left"] == 30.0 and seen["clock"]["seats"][0]["running"]


def test_a_game_clock_runs_out_and_the_seat_passes_to_a_bot_for_good(tmp_path):
    wall = FakeClock()
    with TestClient(make_app(tmp_path / "data", limits=TEST_LIMITS, wall=wall, tick=3600)) as c:
        made = create(c, players=3, seats=[person(), person(), {"kind": "bot", "bot": "easy"}],
                      clock={"mode": "game", "seconds": 60})
        tid, hub = made["id"], c.app.state.hub
        fred = next(l["token"] for l in made["links"] if l["seat"] == 1)
        wall.advance(61)
        on_loop(hub, hub.tick)
        info = c.get(f"/api/tables/{tid}").json()
        assert info["seats"][1]["held"] == "timeout" and info["seats"][0]["held"] == "timeout"
        r = c.post(f"/api/tables/{tid}/take-back", headers=bearer(fred))
        assert r.status_code == 409 and "stays with its bot" in r.json()["error"]


def test_two_players_one_resigns_the_other_wins_the_record_says_so_and_a_rematch_keeps_the_seats(tmp_path):
    data = tmp_path / "data"
    with TestClient(make_app(data, limits=TEST_LIMITS)) as c:
        made = create(c, game="blacksun", players=2, seats=[person(name="Ana"), person(name="Ben")])
        tid = made["id"]
        ana, ben = (next(l["token"] for l in made["links"] if l["seat"] == s) for s in (0, 1))
        assert c.post(f"/api/tables/{tid}/rematch", headers=bearer(ana)).status_code == 409  # not over yet
        assert c.post(f"/api/tables/{tid}/resign").status_code == 401
        r = c.post(f"/api/tables/{tid}/resign", headers=bearer(ana))
        assert r.status_code == 200 and r.json()["status"] == "finished"
        seen = state(c, tid, ben)
        assert seen["result"]["winners"] == [1] and seen["result"]["resigned"] == [0]
        assert seen["result"]["summary"] == "Winner: Ben (Ana resigned)"
        assert c.post(f"/api/tables/{tid}/resign", headers=bearer(ben)).status_code == 409
        record = c.get(f"/api/tables/{tid}/record").json()
        assert record["ended"]["resigned"] == [0] and "result" not in record and "talk" not in record
        frame = c.post("/api/replay", json={"record": record, "step": len(record["actions"]), "seat": None}).json()
        assert frame["over"] and frame["result"]["winners"] == [1]

        assert c.post(f"/api/tables/{tid}/rematch").status_code == 403  # a stranger
        r = c.post(f"/api/tables/{tid}/rematch", headers=bearer(ben))
        assert r.status_code == 201, r.text
        new = r.json()["id"]
        again = c.post(f"/api/tables/{tid}/rematch", headers=bearer(ana))
        assert again.status_code == 200 and again.json()["id"] == new  # one rematch, whoever asks
        assert c.get(f"/api/tables/{tid}").json()["rematch"] == new
        info = c.get(f"/api/tables/{new}").json()
        assert info["status"] == "running" and [s["name"] for s in info["seats"]] == ["Ana", "Ben"]
        assert info["rematch_of"] == tid
        assert state(c, new, ana)["seat"] == 0 and state(c, new, ben)["seat"] == 1  # everyone's own link works there
    with TestClient(make_app(data, limits=TEST_LIMITS)) as c:  # the resignation and the rematch are stored
        info = c.get(f"/api/tables/{tid}").json()
        assert info["status"] == "finished" and info["result"]["resigned"] == [0] and info["rematch"] == new
        assert state(c, tid, ana)["result"]["summary"] == "Winner: Ben (Ana resigned)"


def test_with_three_players_a_resigned_seat_is_played_by_a_bot_to_the_end(client):
    made = create(client, players=3, seats=[person(name="Ana"), person(name="Ben"), {"kind": "bot", "bot": "easy"}])
    tid = made["id"]
    ana, ben = (next(l["token"] for l in made["links"] if l["seat"] == s) for s in (0, 1))
    assert client.post(f"/api/tables/{tid}/resign", headers=bearer(ana)).json()["status"] == "running"
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["held"] == "resigned"
    assert client.post(f"/api/tables/{tid}/take-back", headers=bearer(ana)).status_code == 409
    client.post(f"/api/tables/{tid}/resign", headers=bearer(ben))
    hub = client.app.state.hub
    wait_until(hub, lambda: hub.tables[tid].status == "finished", what="the bots finishing the game")
    seen = state(client, tid, ben)
    assert seen["result"]["resigned"] == [0, 1] and "Ana, Ben resigned" in seen["result"]["summary"]
    assert [s["resigned"] for s in sorted(seen["result"]["standings"], key=lambda s: s["seat"])] == [True, True, False]


def test_chat_is_plain_text_within_limits_and_the_creator_can_turn_it_off(tmp_path):
    limits = Limits(allowed_hosts=("testserver",), creates_per_minute=1000, chat_size=40, chat_per_minute=3)
    with TestClient(make_app(tmp_path / "data", limits=limits)) as c:
        made = create(c, players=3, seats=[person(name="Ana"), person(name="Ben"), {"kind": "bot", "bot": "easy"}])
        tid = made["id"]
        ana = next(l["token"] for l in made["links"] if l["seat"] == 0)
        r = c.post(f"/api/tables/{tid}/chat", json={"text": "<b>hi</b>\n\x07there"}, headers=bearer(ana))
        assert r.status_code == 200, r.text
        assert c.post(f"/api/tables/{tid}/chat", json={"text": "gg from the stands"}).status_code == 200  # a spectator
        r = c.post(f"/api/tables/{tid}/chat", json={"text": "x" * 41})
        assert r.status_code == 413 and r.json()["error"] == "chat message too long: at most 40 characters (--chat-size)"
        assert c.post(f"/api/tables/{tid}/chat", json={"text": "   "}).status_code == 400
        assert c.post(f"/api/tables/{tid}/chat", json={"text": "one more"}).status_code == 200
        r = c.post(f"/api/tables/{tid}/chat", json={"text": "too many"})
        assert r.status_code == 429 and "\n" not in r.json()["error"] and "--chat-rate" in r.json()["error"]
        talk = state(c, tid)["talk"]
        assert [(t["name"], t["text"]) for t in talk] == [("Ana", "<b>hi</b> there"), ("Spectator", "gg from the stands"),
                                                         ("Spectator", "one more")]
        assert c.patch(f"/api/tables/{tid}/options", json={"chat": False}, headers=bearer(ana)).status_code == 403
        assert c.patch(f"/api/tables/{tid}/options", json={"chat": False},
                       headers=bearer(made["creator"])).json() == {"id": tid, "chat": False}
        r = c.post(f"/api/tables/{tid}/chat", json={"text": "hello?"}, headers=bearer(ana))
        assert r.status_code == 403 and r.json()["error"] == "chat is turned off at this table"
        seen = state(c, tid, ana)
        assert seen["table"]["chat"] is False and seen["talk"][-1]["kind"] == "note"
        assert ana not in json.dumps(seen) and made["creator"] not in json.dumps(seen)  # no token ever in a message


@pytest.mark.sqlite_only  # an SQLite file in an older server's shape
def test_a_store_from_before_the_schema_steps_opens_and_its_tables_load(tmp_path):
    path = tmp_path / "data" / "voidtable.sqlite3"
    path.parent.mkdir()
    db = sqlite3.connect(str(path))
    db.executescript(SCHEMA.replace("rules_version INTEGER NOT NULL DEFAULT 1,  -- the game's rules version its moves were "
                                    "made under\n    creator_hash TEXT", "finished_x REAL"))  # an old server's shape
    with db:
        db.execute("INSERT INTO tables (id, game, players, options, seed, created, status) "
                   "VALUES ('old', 'buccaneers', 3, '{}', 7, 1.0, 'running')")
        db.executemany("INSERT INTO seats (table_id, seat, kind, bot, name, token_hash) VALUES ('old', ?, ?, ?, ?, ?)",
                       [(0, "person", None, "Ana", "ab"), (1, "bot", "easy", "Bot 1", None), (2, "bot", "easy", "Bot 2", None)])
    db.close()
    store = Store(path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    (row,) = store.load_all()
    assert row.problem is None and row.table_options == {} and row.seats[0].held is None and row.talk == []
    store.close()
    with TestClient(make_app(tmp_path / "data", limits=TEST_LIMITS)) as c:
        info = c.get("/api/tables/old").json()
        assert info["status"] == "running" and info["clock"] is None and info["chat"] is True


def test_the_table_flags_of_serve_are_checked_in_one_line(tmp_path):
    import subprocess
    import sys
    for flag, value, words in (("--bot-pace", "11", "--bot-pace in 0-10"), ("--chat-size", "0", "--chat-size must be greater than 0"),
                               ("--chat-rate", "-1", "--chat-rate must be greater than 0")):
        out = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "serve", "--data", str(tmp_path), flag, value],
                             capture_output=True, text=True, timeout=60)
        lines = [line for line in out.stderr.splitlines() if line.strip()]
        assert out.returncode == 2 and len(lines) == 1 and words in lines[0], out.stderr
