"""Versions: records carry their format (2) and the game's rules version; every store notices another rules version."""

from __future__ import annotations

import dataclasses
import json

import pytest

from voidtable.engine import registry
from voidtable.engine.errors import OptionError, RecordError
from voidtable.engine.records import VERSION, Record, Recorder, replay
from voidtable.engine.registry import get


def _record(game: str = "buccaneers", players: int = 3, seed: int = 5, steps: int = 30) -> Record:
    rec = Recorder(game, players, seed)
    for _ in range(steps):
        if rec.state.is_over():
            break
        p = rec.state.to_move()[0]
        rec.apply(p, rec.state.legal_actions(p)[0])
    return rec.record


@pytest.fixture
def rules_version(monkeypatch):
    """Pretend a registered game is at another rules version (the registry entry only, for one test)."""
    def set_version(name: str, version: int) -> None:
        registry._discover()
        monkeypatch.setitem(registry._REGISTRY, name, dataclasses.replace(get(name), rules_version=version))
    return set_version


def test_a_record_carries_format_2_and_the_rules_version():
    data = _record().to_json()
    assert data["version"] == VERSION == 2
    assert data["rules_version"] == get("buccaneers").rules_version
    again = Record.from_json(json.loads(json.dumps(data)))
    assert again.rules_version == data["rules_version"]
    replay(again)


def test_a_record_of_another_rules_version_names_the_version_it_needs(rules_version):
    rec = _record()
    made = rec.rules_version
    rules_version("buccaneers", made + 1)
    with pytest.raises(RecordError) as e:
        replay(rec)
    msg = str(e.value)
    assert "\n" not in msg and f"rules version {made}" in msg and f"rules version {made + 1}" in msg


def test_a_format_1_record_replays_while_its_game_is_at_rules_version_1(rules_version):
    rules_version("buccaneers", 1)
    data = _record().to_json()
    data["version"] = 1
    del data["rules_version"]
    old = Record.from_json(data)
    assert old.rules_version is None
    assert old.to_json() == data  # saved again, it stays a format 1 record
    state, events = replay(old)
    assert events
    rules_version("buccaneers", 2)
    with pytest.raises(RecordError, match="needs buccaneers rules version 1 .*format 1.*rules version 2"):
        replay(old)


def test_an_unknown_record_format_is_refused():
    data = _record().to_json()
    with pytest.raises(RecordError, match="format version 3 is not supported; supported: 1, 2"):
        Record.from_json({**data, "version": 3})
    with pytest.raises(RecordError, match="rules_version"):
        Record.from_json({**data, "rules_version": "one"})


def test_a_stored_table_of_another_rules_version_restores_as_broken(tmp_path, rules_version):
    from voidtable.web.hub import Hub
    from voidtable.web.store import SeatRow, Store, TableRow

    spec = get("buccaneers")
    store = Store(tmp_path / "voidtable.sqlite3")
    seats = [SeatRow(p, "bot", "random", f"P{p}", None) for p in range(3)]
    rec = _record(steps=4)
    row = TableRow("t1", "buccaneers", 3, {}, rec.seed, 0.0, "running", None, None, seats, [], spec.rules_version)
    store.create_table(row)
    for i, (seat, action) in enumerate(rec.actions, start=1):
        store.add_move("t1", i, seat, action)
    store.close()
    rules_version("buccaneers", spec.rules_version + 1)
    hub = Hub(tmp_path)
    try:
        hub.restore()
        table = hub.tables["t1"]  # listed, not dropped
        assert table.status == "broken"
        assert "rules version" in table.problem and "\n" not in table.problem
        assert table.info()["problem"] == table.problem
    finally:
        hub.close()


def test_the_lab_refuses_to_resume_a_store_of_another_rules_version(tmp_path, rules_version):
    from voidtable.lab import run_experiment, spec

    exp = spec.build(game="buccaneers", players=[3], games=4, agents=["random"], jobs=1)
    first = run_experiment(exp, tmp_path, report=False)
    assert first.run.played == 4
    from voidtable.lab.run import open_store
    with open_store(tmp_path) as store:
        assert store.get_meta("rules_version") == {"game": "buccaneers", "version": get("buccaneers").rules_version}
    again = run_experiment(exp, tmp_path, report=False)
    assert again.run.reused == 4 and again.run.played == 0
    rules_version("buccaneers", get("buccaneers").rules_version + 1)
    with pytest.raises(OptionError, match="played under rules version .*use --fresh or another --out"):
        run_experiment(exp, tmp_path, report=False)
    fresh = run_experiment(exp, tmp_path, fresh=True, report=False)
    assert fresh.run.played == 4


def test_a_stored_table_whose_game_no_longer_loads_is_listed_as_broken(tmp_path):
    """A table of a game that is gone (or whose options no longer validate) stays in the lobby, marked broken."""
    from voidtable.web.hub import Hub
    from voidtable.web.store import SeatRow, Store, TableRow
    from voidtable.web.tables import MoveError

    store = Store(tmp_path / "voidtable.sqlite3")
    seats = [SeatRow(p, "bot", "random", f"P{p}", None) for p in range(3)]
    store.create_table(TableRow("gone", "no_such_game", 3, {}, 1, 5.0, "running", None, None, seats, [], 1))
    store.create_table(TableRow("badopt", "buccaneers", 3, {"black_hole_set": "x"}, 1, 4.0, "running", None, None, seats, [], 2))
    store.close()
    hub = Hub(tmp_path)
    try:
        hub.restore()
        lines = {line["id"]: line for line in hub.lobby()}
        for tid in ("gone", "badopt"):
            assert lines[tid]["status"] == "broken"
            assert lines[tid]["problem"].startswith("the game no longer loads:") and "\n" not in lines[tid]["problem"]
            with pytest.raises(MoveError) as e:
                hub.table(tid)
            assert e.value.status == 410 and "broken" in str(e.value)
        assert "no_such_game" in lines["gone"]["problem"]
    finally:
        hub.close()


@pytest.mark.parametrize("field", ["game", "players", "seed", "options", "actions"])
def test_a_record_missing_a_field_says_missing(field):
    data = _record(steps=2).to_json()
    del data[field]
    with pytest.raises(RecordError) as e:
        Record.from_json(data)
    assert str(e.value) == f"record field {field!r} is missing"
