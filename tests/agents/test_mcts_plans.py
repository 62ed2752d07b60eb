"""Search over whole moves: the optional plans hook (engine.hooks.PlanHooks) and the MCTS that uses it.

Small, seeded, iteration-budgeted: Black Sun offers plans (its planner's whole moves), other games none.
"""

from __future__ import annotations

import pytest

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.mcts import MctsAgent, _play
from voidtable.agents.specs import make
from voidtable.engine import Action, OptionError, Rng
from voidtable.engine.hooks import GameHooks
from voidtable.games.blacksun import bot
from voidtable.games.blacksun.flow import Move
from voidtable.games.blacksun.positions import BOARD, anchors


def move_decisions(seed: int, count: int):
    """(state, seat) at the first ``count`` Move decisions with a choice, along a seeded game of heuristic bots."""
    s = voidtable.load("blacksun", 4).new_state(seed, events=False)
    agents = [make("heuristic", "blacksun", seed * 10 + i) for i in range(4)]
    out = []
    while not s.is_over() and len(out) < count:
        p = s.to_move()[0]
        obs = observe(s, p)
        if len(obs.legal) > 1 and s.stack[-1].__class__ is Move:
            out.append((s.clone(), p))
        s.apply(p, agents[p].act(obs))
    return out


SPOTS = move_decisions(3, 4)


def test_the_hook_is_optional_and_only_black_sun_offers_plans():
    assert GameHooks().plans is None
    assert voidtable.engine.get("blacksun").hooks.plans is not None
    assert voidtable.engine.get("buccaneers").hooks.plans is None
    assert MctsAgent("buccaneers", 0).plan_hooks is None
    with pytest.raises(OptionError, match="plans"):
        MctsAgent("buccaneers", 0, plans=1)
    with pytest.raises(OptionError, match="plans"):
        make("mcts:plans=2", "blacksun", 0)


def test_black_sun_plans_start_with_the_bots_move_and_play_to_their_stop():
    assert SPOTS
    for s, p in SPOTS:
        legal = s.legal_actions(p)
        plans = bot.BOT.plans(s, p, legal)
        assert plans and len(plans) <= bot.PLANS_K and len(set(plans)) == len(plans)
        assert plans[0].next(s, p, legal) == bot.choose(s.clone(), p, legal, Rng(0))  # the bot's own move first
        for plan in plans:
            t = s.clone()
            _play(plan, t, p)
            assert t.stack[-1].__class__ is not Move or t.stack[-1].fleets < plan.fleets  # the move is over
            for x in plan.fleet:
                assert t.sstate[x] == BOARD and plan.stop in anchors(t, x)
            assert plan.next(t, p, t.legal_actions(t.to_move()[0])) is None  # nothing more to say


def test_no_plans_outside_a_move():
    s, p = SPOTS[0]
    t = s.clone()
    t.apply(p, Action("no_move"))
    q = t.to_move()[0]
    assert bot.BOT.plans(t, q, t.legal_actions(q)) is None
    assert bot.BOT.rollout_plan(t, q, t.legal_actions(q), Rng(0)) is None


def test_search_chooses_among_plans_and_then_follows_its_plan_without_searching():
    s, p = SPOTS[1]
    agent = MctsAgent("blacksun", 5, iterations=24, trust=0.0)
    first = agent.act(observe(s, p))
    offered = bot.BOT.plans(s, p, s.legal_actions(p))
    stats = agent.last_root.stats[p]
    assert set(stats) <= set(offered) and len(stats) >= 2  # the root's choices are whole moves
    assert sum(st[0] for st in stats.values()) == 24
    chosen = agent.active
    assert chosen in offered and chosen.next(s, p, s.legal_actions(p)) == first
    t = s.clone()
    t.apply(p, first)
    while t.to_move() == [p] and chosen.next(t, p, t.legal_actions(p)) is not None:
        a = agent.act(observe(t, p))
        assert agent.last_iterations == 0 and a == chosen.next(t, p, t.legal_actions(p))
        t.apply(p, a)
    assert all(chosen.stop in anchors(t, x) for x in chosen.fleet)


def test_without_plans_the_root_searches_single_actions():
    s, p = SPOTS[1]
    agent = MctsAgent("blacksun", 5, iterations=12, trust=0.0, plans=0)
    agent.act(observe(s, p))
    assert all(isinstance(a, Action) for a in agent.last_root.stats[p])


def test_search_with_plans_is_deterministic_for_a_seed():
    s, p = SPOTS[2]
    trees = []
    for _ in range(2):
        agent = MctsAgent("blacksun", 11, iterations=16)
        move = agent.act(observe(s, p))
        trees.append((move, {k: list(v) for k, v in agent.last_root.stats[p].items()}))
    assert trees[0] == trees[1]


class OnePlan:
    """A plans hook offering a single plan: search has nothing to compare, so the agent plays it at once."""

    def __init__(self, plan):
        self.plan = plan
        self.asked = 0

    def plans(self, state, seat, legal):
        self.asked += 1
        return [self.plan]

    def rollout_plan(self, state, seat, legal, rng):
        return None


def test_a_single_plan_is_played_without_search():
    s, p = SPOTS[0]
    legal = s.legal_actions(p)
    plan = bot.BOT.plans(s, p, legal)[-1]
    agent = MctsAgent("blacksun", 0, iterations=50)
    agent.plan_hooks = OnePlan(plan)
    assert agent.act(observe(s, p)) == plan.next(s, p, legal)
    assert agent.last_iterations == 0 and agent.active == plan


def test_search_prefers_the_move_that_scores_now():
    """A Need counter appears next to one of a Need-scorer's ships: with no trust in the bot, search still takes it."""
    for s, p in move_decisions(5, 12):
        if "need" not in bot.factions.conditions(s, p):
            continue
        legal = s.legal_actions(p)
        stops = {plan.stop for plan in bot.BOT.plans(s, p, legal) if plan.origin >= 0}
        planets = [h for h in sorted(stops) if s.board.planet[h] and not s.status[h]]
        if not planets:
            continue
        h = planets[0]
        s.status[h] = 1  # Need
        s._legal = None
        agent = MctsAgent("blacksun", 2, iterations=60, trust=0.0)
        agent.act(observe(s, p))
        assert agent.active is not None and agent.active.stop == h
        return
    pytest.skip("no Need-scoring seat with a free planet in reach in these positions")
