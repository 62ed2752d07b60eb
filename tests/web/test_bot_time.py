"""Bots think in bounded time at the table, and tables of bots alone play at a watchable pace (issue 12 item 17).

Thinking is measured with an injected clock that the bot's stand-in moves by exactly the budget it was given,
so the sums below are the server's own bookkeeping, not the machine's speed.
"""

from __future__ import annotations

import threading

from voidtable.web.bots import set_budget

from .conftest import FakeClock, TEST_LIMITS, create, make_app, person, wait_until

import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from voidtable.web.app import create_app


def test_a_turn_of_many_decisions_stays_within_the_turn_budget(client):
    hub = client.app.state.hub
    assert hub.limits.max_bot_turn_seconds == 3.0  # the server's default: a hard bot's whole turn within 3 s
    tid = create(client, players=3, seats=[person(), person(), person()])["id"]
    table = hub.tables[tid]
    budgets = []
    for _ in range(40):  # one long turn: each decision thinks its whole budget
        b = hub.bots.budget(table, 0)
        budgets.append(b)
        hub.bots.charge(tid, 0, b)
    assert sum(budgets) <= 3.0
    assert budgets[0] == 1.5 and budgets[1] == 0.75 and budgets[-1] == 0.0  # halves of what is left, then none
    assert all(b <= hub.limits.max_bot_seconds for b in budgets)


def test_hard_bots_at_a_table_keep_each_turn_within_its_budget(tmp_path):
    think = FakeClock()
    app = make_app(tmp_path / "data", limits=TEST_LIMITS)
    charged: list[tuple[int, float, float]] = []  # (seat, this decision, the turn so far)
    quick = []
    lock = threading.Lock()
    with TestClient(app) as c:
        hub = app.state.hub
        hub.bots.think_clock = think
        real_charge, real_quick, real_budget = hub.bots.charge, hub.bots.quick, hub.bots.budget
        spent = []  # decisions whose turn budget was spent

        def budget(table, seat):
            b = real_budget(table, seat)
            if b == 0:
                spent.append(seat)
            return b

        def think_all(agent, obs, seconds):  # a search that uses every second it may, on the injected clock
            if seconds <= 0 or not hasattr(agent, "seconds"):
                return obs.legal[0] if hasattr(agent, "seconds") else agent.act(obs)
            set_budget(agent, seconds)  # as the server's own _think does: the spec's budget or less
            with lock:
                think.advance(agent.seconds)
            return obs.legal[-1]

        def charge(table_id, seat, seconds):
            real_charge(table_id, seat, seconds)
            charged.append((seat, seconds, hub.bots.turn[(table_id, seat)]))

        def quick_bot(table, seat):
            quick.append(seat)
            return real_quick(table, seat)

        hub.bots._think, hub.bots.charge, hub.bots.quick, hub.bots.budget = think_all, charge, quick_bot, budget
        tid = create(c, game="blacksun", players=2, seats=[{"kind": "bot", "bot": "hard"}] * 2)["id"]
        wait_until(hub, lambda: len(charged) >= 200 or hub.tables[tid].status != "running", what="bot decisions")
    assert max(turn for _, _, turn in charged) <= 3.0
    assert max(seconds for _, seconds, _ in charged) <= 1.0  # hard's own 1 s a decision
    long_turns = [i for i in range(2, len(charged)) if charged[i][2] > 2.0]
    assert long_turns, "some turn held several decisions, so the turn budget was what bounded it"
    # every decision of a spent turn went to the quick bot, and no other (one may be in flight at shutdown)
    assert len(spent) - len(quick) in (0, 1)


def test_a_table_of_bots_alone_plays_at_a_watchable_pace_by_default_and_the_table_can_change_it(tmp_path):
    with TestClient(make_app(tmp_path / "data", limits=TEST_LIMITS, pace=0.7, bot_delay=0.3)) as c:
        hub = c.app.state.hub
        delays: list[float] = []
        hub.bots._later = lambda delay, fn, *args: delays.append(delay)  # record, do not wait
        bots = [{"kind": "bot", "bot": "easy"}] * 3
        t1 = create(c, players=3, seats=bots)["id"]
        t2 = create(c, players=3, seats=bots, pace=0)["id"]
        t3 = create(c, players=3, seats=bots, pace=2.5)["id"]
        t4 = create(c, players=3, seats=[person()] + bots[:2])["id"]
        assert [hub.bots.delay(hub.tables[t]) for t in (t1, t2, t3, t4)] == [0.7, 0.0, 2.5, 0.3]
        assert delays == [0.7] * 3 + [2.5] * 3 + [0.3] * 2  # each bot waited its table's pace before deciding
        assert c.post("/api/tables", json={"game": "buccaneers", "players": 3, "seats": bots, "pace": 11}).status_code == 400
        wait_until(hub, lambda: hub.tables[t2].status == "finished", what="the paceless table finishing")
