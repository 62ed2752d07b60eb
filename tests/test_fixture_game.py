"""Proof of the seam: the fixture game "duel" gets every front end with no edit outside its folder.

"duel" lives in ``tests/fixtures/duel_dist`` and joins through the ``voidtable.games``
entry point (``tests/conftest.py`` puts it on the path for this process and its
subprocesses). Nothing in ``src/voidtable`` names it. Each test below drives one
front end the way a user would and checks an outcome, not just that nothing crashed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import voidtable
from voidtable.engine.registry import get

VT = [sys.executable, "-m", "voidtable.cli.main"]
SRC = Path(__file__).resolve().parents[1] / "src" / "voidtable"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*VT, *args], capture_output=True, text=True, input=stdin, timeout=300)


def test_the_fixture_is_found_through_the_entry_point_and_named_nowhere_in_src():
    spec = get("duel")
    assert spec.state_class.__module__ == "voidtable_duel"  # loaded from the fixture distribution
    for path in SRC.rglob("*"):
        if path.suffix in {".py", ".js", ".css", ".html", ".toml"}:
            assert "duel" not in path.read_text(encoding="utf-8").lower(), f"{path} names the fixture game"


def test_cli_games_simulate_record_replay_and_play(tmp_path):
    games = {g["name"]: g for g in json.loads(run("games", "--json").stdout)}
    assert games["duel"]["players"] == [2, 2]
    sim = run("simulate", "duel", "-p", "2", "-n", "40", "--seed", "5", "--json", "-j", "2")
    assert sim.returncode == 0, sim.stderr
    out = json.loads(sim.stdout)
    assert out["completed"] == 40 and out["errors"] == 0 and abs(sum(out["wins_by_seat"]) - 40) < 1e-6
    record = tmp_path / "duel.json"
    rec = run("record", "duel", "-p", "2", "--seed", "9", "-o", str(record))
    assert rec.returncode == 0, rec.stderr
    data = json.loads(record.read_text())
    assert data["game"] == "duel" and data["actions"]
    rep = run("replay", str(record), "--verify")
    assert rep.returncode == 0, rep.stderr
    # the terminal game: seat 0 is a person answering "1" to every question, the other seat a bot
    play = run("play", "duel", "-p", "2", "--seat", "0", "--bots", "heuristic", "--seed", "3", stdin="1\n" * 20)
    assert play.returncode == 0, play.stderr
    assert "takes the trick" in play.stdout  # the game's own words, from its text hook


def test_lab_runs_the_fixture(tmp_path):
    from voidtable.lab import run_experiment, spec

    exp = spec.build(None, game="duel", players=[2], games=40, seed=4, agents="heuristic,random", jobs=1)
    result = run_experiment(exp, tmp_path / "lab")
    assert result.run.played == 40
    summary = json.loads(result.files["summary"].read_text())
    assert "duel" in json.dumps(summary)


def test_openspiel_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    import voidtable.interop.openspiel  # noqa: F401  (importing it registers every game with declared actions)

    game = pyspiel.load_game("python_voidtable_duel")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from voidtable.interop.pettingzoo import env

    api_test(env("duel", players=2), num_cycles=100)


def test_the_table_serves_it_and_a_bot_plays_it(tmp_path):
    pytest.importorskip("starlette")
    from tests.web.conftest import TEST_LIMITS, TestClient, bot, create, create_app, wait_status

    with TestClient(create_app(tmp_path / "data", limits=TEST_LIMITS)) as client:
        listed = {g["name"] for g in client.get("/api/games").json()}
        assert "duel" in listed
        table = create(client, game="duel", players=2, seats=[bot("easy"), bot("hard")])
        info = wait_status(client, table["id"])
        assert info["status"] == "finished"
        record = client.get(f"/api/tables/{table['id']}/record").json()
        assert record["game"] == "duel"


def test_conformance_suite_includes_it():
    from tests.conformance import test_conformance as suite

    names = {p.values[0] for p in suite.CONFIGS}
    assert "duel" in names
    suite.walk_with_checks("duel", 2, {}, seed=1)
    rec, steps = suite.play_random("duel", 2, {}, seed=2)
    assert rec.state.is_over() and steps <= get("duel").max_decisions
    assert voidtable.load("duel", 2).new_state(1).to_move() == [0, 1]
