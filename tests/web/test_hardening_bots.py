"""Bot budgets: a client's spec is held to the server's limits, bots share the workers fairly between tables,
stored unbounded bots are clamped after a restart, and shutdown does not wait for long searches."""

from __future__ import annotations

import sqlite3
import threading

import httpx
import pytest
from starlette.testclient import TestClient

from voidtable.agents import specs as agent_specs
from voidtable.agents.base import Agent
from voidtable.engine import games as registered_games
from voidtable.engine.registry import load
from voidtable.web.app import create_app
from voidtable.web.bots import FairQueue
from voidtable.web.limits import Limits

from .conftest import HANG, TEST_LIMITS, bot, create, make_app, person, until_pushed, wait_status, wait_until

class Gate:
    """One test's signals: set when a blocker starts, when it is let go, when it returns. Each test has its own,
    so a blocker thread left over from an earlier test (let go at that test's end) cannot signal this one."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.returned = threading.Event()


class Blocker(Agent):
    """A bot that thinks until the test lets it go (and ignores any budget): the worst a worker can be held."""

    def __init__(self, seed: int, gate: Gate) -> None:
        super().__init__(seed)
        self.gate = gate

    def act(self, obs):
        self.gate.started.set()
        self.gate.release.wait(HANG)  # the test lets it go (a short bound let it go early on a busy machine)
        self.gate.returned.set()
        return obs.legal[0]


@pytest.fixture
def blocker():
    gate = Gate()
    agent_specs.register_kind(agent_specs.AgentKind("blocker", lambda game, seed: Blocker(seed, gate), {}, "test only"))
    yield gate
    gate.release.set()
    agent_specs.KINDS.pop("blocker", None)


def simultaneous_game() -> tuple[str, int]:
    """A registered game and player count in which several seats choose at once from the start."""
    for name, spec in sorted(registered_games().items()):
        for n in range(spec.min_players, spec.max_players + 1):
            if len(load(name, n, cache=True).new_state(0).to_move()) >= 2:
                return name, n
    pytest.skip("no registered game starts with a simultaneous choice")


def limited(tmp_path, **limits) -> TestClient:
    return TestClient(make_app(tmp_path / "data", bot_workers=2, limits=Limits(**{**TEST_LIMITS.__dict__, **limits})))


def test_a_client_bot_spec_over_the_time_limit_is_refused(client):
    r = client.post("/api/tables", json={"game": "buccaneers", "players": 3, "seats": [bot("mcts:seconds=1e9")] * 3})
    assert r.status_code == 400 and "--max-bot-seconds" in r.json()["error"] and "\n" not in r.json()["error"]
    assert client.get("/api/tables").json() == []


def test_one_tables_bots_cannot_starve_another(tmp_path, blocker):
    game, n = simultaneous_game()
    with limited(tmp_path) as c:
        hog = create(c, game=game, players=n, seats=[bot("blocker")] * n)["id"]
        other = create(c, players=3, seats=[bot("random")] * 3)["id"]
        try:
            assert wait_status(c, other)["status"] == "finished"  # while every blocker still thinks
            assert c.get(f"/api/tables/{hog}").json()["step"] == 0
        finally:
            blocker.release.set()


def test_the_replay_viewer_answers_while_every_bot_worker_is_busy(tmp_path, blocker):
    with TestClient(make_app(tmp_path / "data", bot_workers=1, limits=TEST_LIMITS)) as c:
        done = create(c, players=3, seats=[bot("random")] * 3)["id"]
        wait_status(c, done)
        game, n = simultaneous_game()
        create(c, game=game, players=n, seats=[bot("blocker")] * n)
        try:
            assert blocker.started.wait(HANG)  # the only bot worker is held now
            r = c.get(f"/api/tables/{done}/replay?step=3")
            assert r.status_code == 200 and r.json()["step"] == 3
            assert not blocker.returned.is_set()  # answered while the only bot worker was still held
        finally:
            blocker.release.set()


def test_the_fair_queue_takes_tables_in_turn_one_decision_each():
    q = FairQueue()
    for seat in range(4):
        q.add("hog", seat)
    q.add("b", 0)
    q.add("c", 0)
    assert [q.take(), q.take(), q.take(), q.take()] == [("hog", 0), ("b", 0), ("c", 0), None]  # hog has one out
    q.done("hog")
    q.add("b", 1)
    assert q.take() == ("hog", 1)
    q.done("b")
    assert q.take() == ("b", 1)


def test_an_iteration_budget_is_held_to_the_time_limit(tmp_path):
    with limited(tmp_path, max_bot_seconds=0.02) as c:
        tid = create(c, players=3, seats=[bot("mcts:iterations=1000000000")] * 3)["id"]
        hub = c.app.state.hub
        wait_until(hub, lambda: hub.tables[tid].step >= 6, what="six bot moves")  # a billion iterations would never end
        assert all(a.seconds <= 0.02 for a in c.app.state.hub.bots.agents.values())


def test_a_turn_has_a_thinking_cap(tmp_path):
    with limited(tmp_path, max_bot_seconds=2.0, max_bot_turn_seconds=3.0) as c:
        hub = c.app.state.hub
        tid = create(c, players=3, seats=[person(), person(), person()])["id"]
        table = hub.tables[tid]
        assert hub.bots.budget(table, 0) == 1.5  # half of the turn's 3 s (under the 2 s a decision)
        hub.bots.turn[(tid, 0)] = 2.5
        assert hub.bots.budget(table, 0) == 0.25
        hub.bots.turn[(tid, 0)] = 3.0
        assert hub.bots.budget(table, 0) == 0.0

        class Never(Agent):
            seconds = 1.0

            def act(self, obs):
                raise AssertionError("a bot with no time left in its turn must not search")

        obs = type("Obs", (), {"legal": ["first", "second"]})()
        assert hub.bots._think(Never(0), obs, 0.0) == "first"


@pytest.mark.sqlite_only  # edits the SQLite file as an older server left it
def test_stored_unbounded_bots_are_clamped_after_a_restart(tmp_path):
    data = tmp_path / "data"
    with limited(tmp_path, max_bot_seconds=0.02) as c:
        tid = create(c, players=3, seats=[person(), person(), person()])["id"]
    db = sqlite3.connect(str(data / "voidtable.sqlite3"))
    with db:  # as a server before the limits stored them
        db.execute("UPDATE seats SET kind = 'bot', bot = 'mcts:seconds=1e9', token_hash = NULL WHERE table_id = ?", (tid,))
    db.close()
    with limited(tmp_path, max_bot_seconds=0.02) as c:
        hub = c.app.state.hub
        wait_until(hub, lambda: hub.tables[tid].step >= 3, what="three bot moves")


def test_sigterm_does_not_wait_for_a_long_search(server_factory):
    srv = server_factory("--bot-delay", "0", "--max-bot-seconds", "0.5")
    r = httpx.post(srv.url + "/api/tables", json={"game": "buccaneers", "players": 3,
                                                  "seats": [bot("mcts:iterations=1000000000")] * 3})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    until_pushed(srv.url, tid, lambda: httpx.get(srv.url + f"/api/tables/{tid}").json()["step"] >= 1, what="a first move")
    srv.proc.terminate()
    assert srv.proc.wait(timeout=20) is not None  # bounded: a billion iterations would hold it far longer
