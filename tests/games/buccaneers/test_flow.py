"""Buccaneers on the engine's seam: task registry, declared fields, clones, determinizations, errors."""

from __future__ import annotations

import pytest

from voidtable.engine.actions import Action

from voidtable.engine.errors import GameNotOver, RulesInvariantError
from voidtable.engine.fields import not_immutable, shared_mutables
from voidtable.engine.rng import Rng
from voidtable.games.buccaneers import SPEC
from voidtable.games.buccaneers.state import FIELDS
from voidtable.games.buccaneers.tasks import TASKS, PassCards, TitanicTentacles

from .helpers import new

DECISIONS = {"select", "swiss_army_pocket_laser", "titanic_tentacles", "time_machine_group", "easter_egg",
             "alien_kiddie_pool", "one_ring", "one_ring_discard"}


def states(players: int = 4, seed: int = 3):
    """Every state along one random game."""
    s = new(players, seed)
    r = Rng(seed)
    yield s
    while not s.is_over():
        p = s.to_move()[r.below(len(s.to_move()))]
        legal = s.legal_actions(p)
        s.apply(p, legal[r.below(len(legal))])
        yield s


def test_spec_carries_the_registry_and_version():
    assert SPEC.tasks is TASKS and SPEC.rules_version == 2
    assert {r.name for r in TASKS if not r.is_auto} == DECISIONS
    assert all(not r.auto_single for r in TASKS if not r.is_auto)  # the game always asks, even with one choice


def test_fields_declare_every_attribute_and_clones_share_nothing_mutable():
    for s in states():
        assert set(s.__dict__) == FIELDS.names()
        c = s.clone()
        assert shared_mutables(FIELDS, s, c) == []
        assert not_immutable(FIELDS, s) == []
        assert c.snapshot() == s.snapshot()


def test_clone_plays_on_independently():
    s = new(4, 5)
    c = s.clone()
    r1, r2 = Rng(9), Rng(9)
    for st, r in ((s, r1), (c, r2)):
        while not st.is_over():
            p = st.to_move()[0]
            legal = st.legal_actions(p)
            st.apply(p, legal[r.below(len(legal))])
    assert s.result() == c.result() and s.snapshot() == c.snapshot()


def test_result_before_the_end_raises_game_not_over():
    s = new(3)
    with pytest.raises(GameNotOver):
        s.result()


def test_unequal_hands_are_a_rules_invariant_error():
    s = new(3)
    s.hand[0] = s.hand[0][:3]
    s.hand[1] = s.hand[1][:1]
    s.stack.append(PassCards())
    with pytest.raises(RulesInvariantError):
        s.advance()


def test_determinize_keeps_what_the_seat_sees_and_redraws_a_foreign_tentacles_draw():
    seen_draw = False
    for seed in range(40):
        for s in states(4, seed):
            task = s.decision
            if not isinstance(task, TitanicTentacles):
                continue
            viewer = (task.seat + 1) % s.n
            d = s.determinize(viewer, Rng(seed))
            assert d.view(viewer) == s.view(viewer)
            assert d.hand[viewer] == s.hand[viewer] and d.toys[viewer] == s.toys[viewer]
            s.legal_actions(task.seat)  # cached on the true state: the sample must not inherit it
            d = s.determinize(viewer, Rng(seed))
            assert isinstance(d.decision, TitanicTentacles)
            assert d.legal_actions(task.seat) == [Action("keep", s.r.keys[c]) for c in sorted(d.decision.drawn)]
            mine = s.determinize(task.seat, Rng(seed))
            assert mine.decision == task  # its own draw is known to the deciding seat
            pool = sorted(s.deck + list(task.drawn) + [c for q in range(s.n) if q != viewer for c in s.hand[q] + s.toys[q]])
            assert isinstance(d.decision, TitanicTentacles)
            dpool = sorted(d.deck + list(d.decision.drawn) + [c for q in range(s.n) if q != viewer for c in d.hand[q] + d.toys[q]])
            assert pool == dpool
            seen_draw = True
            break
        if seen_draw:
            break
    assert seen_draw
