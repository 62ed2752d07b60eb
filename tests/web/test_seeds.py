"""Seeds and the browser: a JavaScript JSON parser rounds whole numbers above 2**53, so new tables draw seeds
below it and the record download writes a bigger seed (older tables, or one asked for) as a decimal string."""

from __future__ import annotations

import json

import pytest

from voidtable.engine.errors import RecordError
from voidtable.engine.records import SAFE_SEED, Record, replay

from .conftest import bot, create, wait_status

BIG = 2 ** 62


@pytest.fixture
def old_server(monkeypatch):
    """A server from before seeds were bounded for browsers: it made tables with seeds up to 2**63."""
    from voidtable.web import lobby

    monkeypatch.setattr(lobby, "SEED_LIMIT", 2 ** 63)


def browser_parse(text: str):
    """JSON.parse as a browser does it: every number is a double (a big int comes back rounded)."""
    def number(s: str):
        v = float(s)
        return int(v) if v.is_integer() else v
    return json.loads(text, parse_int=number)


def test_new_tables_draw_seeds_a_browser_keeps_exact(client):
    hub = client.app.state.hub
    seeds = [hub.tables[create(client, players=3)["id"]].seed for _ in range(20)]
    assert all(0 <= s < SAFE_SEED for s in seeds)
    assert len(set(seeds)) > 1  # still random


def test_a_browser_rounds_a_big_number():
    assert browser_parse(str(BIG)) == BIG  # 2**62 is a double
    assert browser_parse(str(BIG + 1)) != BIG + 1  # what the bug was: most seeds above 2**53 are not


@pytest.mark.parametrize("seed", [2 ** 53, BIG, 2 ** 64])
def test_a_table_asked_for_with_a_seed_a_browser_cannot_read_exactly_is_refused(client, seed):
    r = client.post("/api/tables", json={"game": "buccaneers", "players": 3, "seed": seed})
    assert r.status_code == 400 and "0..9007199254740991" in r.json()["error"]
    assert client.post("/api/tables", json={"game": "buccaneers", "players": 3, "seed": 2 ** 53 - 1}).status_code == 201


@pytest.mark.parametrize("seed", [BIG, BIG + 1, 2658144421835365866])
def test_a_big_seed_round_trips_through_download_and_upload(client, old_server, seed):
    res = create(client, players=3, seats=[bot(), bot(), bot()], seed=seed)
    info = wait_status(client, res["id"])
    text = client.get(f"/api/tables/{res['id']}/record").text
    assert json.loads(text)["seed"] == str(seed)
    parsed = browser_parse(text)
    assert Record.from_json(parsed).seed == seed
    for step in (0, 1, info["step"]):
        r = client.post("/api/replay", content=json.dumps({"record": parsed, "step": step, "seat": None}))
        assert r.status_code == 200, r.text
        assert r.json()["step"] == step
    assert r.json()["result"] == info["result"]


def test_a_small_seed_stays_a_number(client):
    res = create(client, players=3, seats=[bot(), bot(), bot()], seed=SAFE_SEED - 1)
    wait_status(client, res["id"])
    rec = client.get(f"/api/tables/{res['id']}/record").json()
    assert rec["seed"] == SAFE_SEED - 1
    assert Record.from_json(rec).to_json()["seed"] == SAFE_SEED - 1


def test_record_to_json_keeps_an_int_seed_and_reads_it_back_from_a_string():
    rec = Record("buccaneers", 3, 7)
    assert rec.to_json()["seed"] == 7
    data = rec.to_json()
    for seed in (str(BIG), "0", "18446744073709551615"):
        assert Record.from_json({**data, "seed": seed}).seed == int(seed)


@pytest.mark.parametrize("seed", ["", "-5", "+5", " 5", "5 ", "1e9", "0x10", "12.0", "٣", "1" * 21, "18446744073709551616",
                                  "7\nline two", None, 1.5, [7]])
def test_a_malformed_seed_is_a_one_line_error(seed, client):
    data = Record("buccaneers", 3, 7, actions=[], checks=[]).to_json()
    data["seed"] = seed
    with pytest.raises(RecordError) as e:
        Record.from_json(data)
    assert "seed" in str(e.value) and "\n" not in str(e.value)
    r = client.post("/api/replay", json={"record": data, "step": 0})
    assert r.status_code == 400 and "seed" in r.json()["error"] and "\n" not in r.json()["error"]


def test_replay_of_a_big_seed_matches_the_table(client, old_server):
    res = create(client, players=3, seats=[bot(), bot(), bot()], seed=BIG + 12345)
    info = wait_status(client, res["id"])
    rec = Record.from_json(browser_parse(client.get(f"/api/tables/{res['id']}/record").text))
    final, _ = replay(rec, verify=True)
    assert final.result().to_json() == info["result"]
