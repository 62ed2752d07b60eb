"""The one play loop (agents.play.run): records, step hooks, stopping early, a preferred seat."""

from __future__ import annotations

import voidtable
from voidtable.agents.play import play, run, seat_agents
from voidtable.engine.records import Recorder, replay


def test_run_with_a_recorder_keeps_a_record_that_replays():
    rec = Recorder("buccaneers", 3, 5, agents=["random"] * 3)
    seen = []
    n = run(rec.state, seat_agents(["random"] * 3, "buccaneers", 5), apply=rec.apply,
            on_step=lambda p, a, ev, took, agent: seen.append((p, a, took >= 0.0)))
    assert rec.state.is_over() and n == len(rec.record.actions) == len(seen)
    assert [(p, a) for p, a, _ in seen] == rec.record.actions
    final, _ = replay(rec.record)
    assert final.result() == rec.state.result()


def test_run_stops_when_asked_and_prefers_a_seat():
    game = voidtable.load("buccaneers", 4)
    state = game.new_state(3)
    agents = seat_agents(["random"] * 4, "buccaneers", 3)
    assert sorted(state.to_move()) == [0, 1, 2, 3]  # the simultaneous selection
    movers = []
    run(state, agents, prefer=2, until=lambda s: len(movers) == 1,
        on_step=lambda p, a, ev, took, agent: movers.append(p))
    assert movers == [2]
    result = play(state, agents)
    assert state.is_over() and result == state.result()


def test_the_same_seed_plays_the_same_game():
    def one() -> list:
        rec = Recorder("blacksun", 3, 9)
        run(rec.state, seat_agents(["random"], "blacksun", 9, range(3)), apply=rec.apply, max_decisions=40_000 * 4)
        return rec.record.to_json()["actions"]
    assert one() == one()
