"""Seats and actions are matched by exact type in the Python API (issue: False is not 0, 1.0 is not seat 1)."""

from __future__ import annotations

import pytest

import voidtable
from voidtable.engine import Action
from voidtable.engine.actions import same
from voidtable.engine.errors import IllegalAction


def int_arg_position(name: str):
    """A state of ``name`` at a decision with an int argument, that seat and that action (random play until one comes)."""
    import random

    spec = voidtable.engine.get(name)
    for seed in range(20):
        state = voidtable.load(name, spec.min_players).new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            for a in legal:
                if type(a.arg) is int:
                    return state, p, a
            state.apply(p, legal[rng.randrange(len(legal))])
    raise AssertionError(f"{name}: no decision with a whole-number argument in 20 random games")


@pytest.mark.parametrize("name", sorted(voidtable.engine.games()))
def test_seats_must_be_ints(name):
    spec = voidtable.engine.get(name)
    state = voidtable.load(name, spec.min_players).new_state(1)
    p = state.to_move()[0]
    a = state.legal_actions(p)[0]
    before = state.snapshot()
    for seat in (str(p), None, float(p), p == 1):
        if type(seat) is int:
            continue
        with pytest.raises(IllegalAction):
            state.apply(seat, a)  # type: ignore[arg-type]
    assert state.snapshot() == before


@pytest.mark.parametrize("name", sorted(voidtable.engine.games()))
def test_a_bool_or_float_argument_is_not_the_int_it_equals(name):
    state, p, a = int_arg_position(name)
    before = state.snapshot()
    wrongs = [Action(a.kind, float(a.arg))] + ([Action(a.kind, bool(a.arg))] if a.arg in (0, 1) else [])
    for wrong in wrongs:
        assert wrong == a and not same(wrong, a)  # Python's == would let it through
        with pytest.raises(IllegalAction):
            state.apply(p, wrong)
    assert state.snapshot() == before
    state.apply(p, a)  # the int itself is fine
