"""Every declared decision of every game is reached and checked (issue 25 item 15).

For each registered game, the directed walk and the built positions of ``reach.py`` must make every task
type its registry declares as a decision (or a simultaneous decision) the pending choice at least once;
the first state found for each goes through the suite's per-state checks. The test fails naming every
decision not reached; the terminal summary lists every game's decisions and how each was reached.
"""

from __future__ import annotations

import random

import pytest

from voidtable.engine import games

from .reach import WALK_DECISIONS, add_positions, built_positions, walk
from voidtable.testing import (
    CLONE_PROBE_ACTIONS, check_declarations, check_illegal_actions_rejected, check_legal_actions_apply,
    check_views_and_determinizations,
)

BUILT = built_positions()


def check_reached(state, rng: random.Random) -> None:
    """The suite's per-state checks on a state with a decision pending; a built position may be held, its
    pushed steps running dry after a few actions, so the clone probe stops when nobody is to move."""
    before = state.snapshot_json()
    clone = state.clone()
    for _ in range(CLONE_PROBE_ACTIONS):
        movers = clone.to_move()
        if clone.is_over() or not movers:
            break
        p = rng.choice(movers)
        clone.apply(p, rng.choice(clone.legal_actions(p)))
    assert state.snapshot_json() == before, "acting on a clone changed the original"
    check_views_and_determinizations(state, rng)
    check_legal_actions_apply(state)
    check_illegal_actions_rejected(state)
    check_declarations(state)
    assert state.snapshot_json() == before, "the checks changed the state"


@pytest.mark.parametrize("name", sorted(games()))
def test_every_declared_decision_is_reached_and_checked(name, record_property):
    reach = walk(name, WALK_DECISIONS)
    problems = add_positions(reach, BUILT.get(name, {}))
    record_property("decision_reach", reach.report())
    assert not problems, "\n".join(problems)
    assert not reach.missing(), "some declared decisions were never reached:\n" + reach.report()
    rng = random.Random(f"reach-{name}")
    for decision, state in reach.states.items():
        try:
            check_reached(state, rng)
        except AssertionError as e:
            raise AssertionError(f"{name}: the state reached for {decision!r} fails a check: {e}") from e


def test_built_positions_name_registered_games():
    """A REACH table for a game that is not registered would be silently ignored."""
    assert set(BUILT) <= set(games()), sorted(set(BUILT) - set(games()))


def test_a_builder_that_misses_its_decision_or_names_none_is_reported():
    import voidtable

    from .reach import Reach

    def finished():
        s = voidtable.load("duel", 2).new_state(3)
        while not s.is_over():
            p = s.to_move()[0]
            s.apply(p, s.legal_actions(p)[0])
        return s

    reach = Reach("duel", ["trick"])
    problems = add_positions(reach, {"trick": finished, "bluff": finished})
    assert problems == ["duel: a position is built for 'bluff', which is not a declared decision",
                        "duel: the position built for 'trick' has nothing pending"]
    assert reach.missing() == ["trick"] and "trick" in reach.report() and "NOT REACHED" in reach.report()
