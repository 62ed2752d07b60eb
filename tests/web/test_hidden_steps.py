"""The step a seat is sent counts only the moves it can know about (issue 24, item 2).

Before: every message carried the table's count of accepted actions, and in a hidden
simultaneous phase each hidden order is one action; so with two players each seat read
the other's number of hidden orders off the step (Empires' base pre-round, the Fleet
Battle's secret buying). Now each seat has its own count (web/tables.py), and what a
seat or the spectator receives is the same however many hidden orders the others gave:
the same messages, step numbers included, and no extra message for a hidden order.
The count is worked out again identically when a table is restored from the store.
"""

from __future__ import annotations

import json

import msgspec
import pytest

from voidtable.engine import games
from voidtable.web.store import SeatRow, TableRow
from voidtable.web.tables import MoveError, Table

from .conftest import TEST_LIMITS, TestClient, create, make_app, person

HIDDEN_PHASES = [("empires", {}, 3), ("abyss_battle", {"buying": "secret"}, 3)]  # game, options, seed


def people_table(game: str, options: dict, seed: int, moves: list | None = None) -> Table:
    seats = [SeatRow(p, "person", None, f"P{p}", "x") for p in range(2)]
    version = games()[game].rules_version
    return Table(TableRow("t", game, 2, options, seed, 0.0, "running", None, None, seats, list(moves or []), version))


def play(table: Table, seat: int, action) -> None:
    checked = table.check(seat, table.step_of(seat), action.to_json())
    new, events = table.prepare(seat, checked)
    table.commit(new, seat, checked, events)


def to_hidden_phase(game: str, options: dict, seed: int) -> Table:
    """A table at its first phase where both seats choose at once, in secret (the first legal choices to get there)."""
    table = people_table(game, options, seed)
    while len(table.state.to_move()) < 2:
        p = table.state.to_move()[0]
        play(table, p, table.legal[p][0])
    return table


def still_to_choose(table: Table, seat: int, action) -> bool:
    after = table.state.clone()
    after.apply(seat, action)
    return seat in after.to_move()


def finishing(table: Table, seat: int):
    """A legal action after which ``seat`` has nothing more to choose in this phase, if there is one."""
    return next((a for a in table.legal[seat] if not still_to_choose(table, seat, a)), None)


def seat_0_gives_orders(game: str, options: dict, seed: int, orders: int) -> tuple[Table, dict]:
    """Seat 0 gives ``orders`` hidden orders (each keeping it in the phase), then finishes; returns the table and
    what seat 1 and the spectator were sent meanwhile (a message after every move, repeats dropped as the server's
    writer drops them)."""
    table = to_hidden_phase(game, options, seed)
    sent: dict = {1: [], None: []}

    def look() -> None:
        for v in sent:
            m = json.dumps({k: x for k, x in msgspec.to_builtins(table.message(v)).items() if k != "present"}, sort_keys=True)
            if not sent[v] or sent[v][-1] != m:
                sent[v].append(m)

    look()
    for _ in range(orders):
        play(table, 0, next(a for a in table.legal[0] if still_to_choose(table, 0, a)))
        look()
    for _ in range(20):  # finish (a few more choices may come first, the same in every run)
        a = finishing(table, 0)
        if a is not None:
            play(table, 0, a)
            look()
            break
        play(table, 0, table.legal[0][0])
        look()
    assert 0 not in table.state.to_move() and 1 in table.state.to_move()
    return table, sent


@pytest.mark.parametrize("game,options,seed", HIDDEN_PHASES)
def test_another_seat_cannot_count_hidden_orders(game, options, seed):
    few, sent_few = seat_0_gives_orders(game, options, seed, 1)
    many, sent_many = seat_0_gives_orders(game, options, seed, 3)
    assert many.step > few.step and many.step_of(0) > few.step_of(0)  # the orders were given, and seat 0 counts them
    assert sent_many == sent_few  # seat 1 and the spectator: the same messages, step numbers included
    assert many.step_of(1) == few.step_of(1) and many.step_of(None) == few.step_of(None)
    for table in (few, many):  # seat 1's move is made at its own count, and a re-sent one is stale
        action = table.legal[1][0]
        step = table.step_of(1)
        play(table, 1, action)
        if 1 in table.state.to_move() and action in table.legal[1]:
            with pytest.raises(MoveError, match="stale move"):
                table.check(1, step, action.to_json())


@pytest.mark.parametrize("game,options,seed", HIDDEN_PHASES)
def test_a_restored_table_counts_every_seat_s_steps_again_the_same(game, options, seed):
    live, _ = seat_0_gives_orders(game, options, seed, 3)
    restored = people_table(game, options, seed, live.actions)
    assert restored.status == "running" and restored.step == live.step
    assert [restored.step_of(v) for v in (0, 1, None)] == [live.step_of(v) for v in (0, 1, None)]
    assert restored.since == live.since
    for v in (0, 1, None):
        assert restored.message(v) == live.message(v)


def state(client, tid: str, tokens: dict, seat: int | None) -> dict:
    """What ``seat`` (None: the spectator) is sent now."""
    headers = {"Authorization": f"Bearer {tokens[seat]}"} if seat is not None else {}
    return client.get(f"/api/tables/{tid}/state", headers=headers).json()


def test_a_restarted_server_sends_each_seat_the_same_steps(tmp_path):
    """Through the server and its store (SQLite, and PostgreSQL where it runs): Empires with two people, seat 0 gives
    hidden pre-round orders; after a restart each seat and the spectator get the same state, steps included."""
    data = tmp_path / "data"
    with TestClient(make_app(data, limits=TEST_LIMITS)) as c:
        res = create(c, "empires", 2, [person(), person()], seed=3)
        tid, tokens = res["id"], {l["seat"]: l["token"] for l in res["links"]}

        while len(state(c, tid, tokens, 0)["to_move"]) < 2:
            seat = state(c, tid, tokens, 0)["to_move"][0]
            s = state(c, tid, tokens, seat)
            assert c.post(f"/api/tables/{tid}/move", json={"token": tokens[seat], "step": s["step"],
                                                           "action": s["legal"][0]}).status_code == 200
        for _ in range(2):  # two hidden orders of seat 0 (builds or research, not "done")
            s = state(c, tid, tokens, 0)
            order = next(a for a in s["legal"] if a["kind"] != "build_done")
            r = c.post(f"/api/tables/{tid}/move", json={"token": tokens[0], "step": s["step"], "action": order})
            assert r.status_code == 200 and r.json()["step"] == s["step"] + 1
        before = {v: state(c, tid, tokens, v) for v in (0, 1, None)}
    assert before[0]["step"] == before[1]["step"] + 2  # seat 1 did not count seat 0's orders
    with TestClient(make_app(data, limits=TEST_LIMITS)) as c:
        after = {v: state(c, tid, tokens, v) for v in (0, 1, None)}
    for v in (0, 1, None):
        for m in (before[v], after[v]):
            m.pop("present", None)
        assert after[v] == before[v]
