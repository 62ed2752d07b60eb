"""Reaching every declared decision: a directed walk, then positions built for the rare ones.

The conformance suite checks states at sampled steps of random games, but random play never makes
some decisions pending (a bomb hit's demolition, a Shooting Star's fee), so those were never checked.
This module finds, for one game, a state where each declared decision type (every task type its
``Tasks`` registry declares as a decision or a simultaneous decision) is the pending choice:

1. **A directed walk** over the game's configs (player counts x variants, round robin, fixed seeds),
   within a budget of decisions: at each step it tries the legal actions on clones one step ahead
   and takes one that makes a not-yet-reached decision pending; otherwise it plays the game's own
   rollout policy (most of the time: bots build fleets and fight, random play seldom does) or a
   random action.
2. **Built positions** for what the walk leaves: each test package ``tests/games/<dir>/reach.py``
   may declare ``REACH = {game: {decision name: builder}}``; a builder returns a state (on a game
   still under way, so it can be played on) whose pending task is that decision, single choices
   included (the builder holds it there with :func:`voidtable.engine.positions.run_until`).

Every builder is run and verified each time (so none rots while the walk happens to reach its
decision), and the first state found for each decision goes through the suite's per-state checks.
"""

from __future__ import annotations

import importlib
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import voidtable
from voidtable.engine.rng import Rng

WALK_DECISIONS = 6_000  # decisions a game's walk may take, over all its configs (it stops once all are reached)
LOOKAHEAD = 8           # legal actions tried one step ahead at each step of the walk
BOT_SHARE = 0.7         # of the other steps, the share played by the game's rollout policy

Builder = Callable[[], Any]


def declared_decisions(spec) -> dict[type, str]:
    """Every task type the game's registry declares as a decision or a simultaneous decision, with its name."""
    return {rule.cls: rule.name for rule in spec.tasks if not rule.is_auto}


def pending_decision(state) -> type | None:
    """The type of the decision waiting for a seat, or None (over, nothing pending, an automatic step)."""
    if state.is_over() or not state.stack or not state.to_move():
        return None
    return type(state.stack[-1])


@dataclass
class Reach:
    """What one game's reach found: per decision name, how it was reached and where."""

    game: str
    names: list[str]
    how: dict[str, str] = field(default_factory=dict)      # name -> "walk (4p standard, step 37)" or "position"
    states: dict[str, Any] = field(default_factory=dict)   # name -> the first state found with it pending
    walked: int = 0
    seconds: float = 0.0

    def missing(self) -> list[str]:
        return [n for n in self.names if n not in self.how]

    def report(self) -> str:
        lines = [f"{self.game}: {len(self.how)} of {len(self.names)} declared decisions reached "
                 f"({self.walked} walked decisions, {self.seconds:.1f} s)"]
        for n in self.names:
            lines.append(f"  {n:28} {'reached by ' + self.how[n] if n in self.how else 'NOT REACHED'}")
        return "\n".join(lines)


def configs(spec) -> list[tuple[int, str]]:
    """(players, variant) pairs, spread so a short walk still visits every variant and both ends of the table."""
    counts = list(spec.player_counts())
    order = sorted(set(counts), key=lambda n: (n not in (counts[0], counts[-1]), n))
    return [(n, v) for n in order for v in (spec.variants or {"default": {}})]


def walk(name: str, budget: int = WALK_DECISIONS, seed: int = 0) -> Reach:
    """The directed walk over ``name``'s configs within ``budget`` decisions."""
    spec = voidtable.engine.get(name)
    decisions = declared_decisions(spec)
    reach = Reach(name, list(decisions.values()))
    started = time.perf_counter()
    plan = configs(spec)
    k = 0
    while reach.walked < budget and len(reach.how) < len(decisions):
        players, variant = plan[k % len(plan)]
        game = voidtable.load(name, players, dict((spec.variants or {}).get(variant, {})))
        _walk_one(game, seed * 10_000 + k, decisions, reach, budget, f"{players}p {variant}")
        k += 1
    reach.seconds = time.perf_counter() - started
    return reach


def _walk_one(game, seed: int, decisions: dict[type, str], reach: Reach, budget: int, where: str) -> None:
    state = game.new_state(seed)
    chooser = random.Random(seed)
    bot = game.spec.hooks.bot
    while not state.is_over() and reach.walked < budget:
        kind = pending_decision(state)
        name = decisions.get(kind) if kind is not None else None
        if name is not None and name not in reach.how:
            reach.how[name] = f"walk ({where}, seed {seed}, step {reach.walked})"
            reach.states[name] = state.clone()
        seat = chooser.choice(state.to_move())
        legal = state.legal_actions(seat)
        action = _towards_unreached(state, seat, legal, decisions, reach, chooser)
        if action is None:
            if bot is not None and chooser.random() < BOT_SHARE:
                action = bot.rollout_policy(state, seat, legal, Rng(chooser.randrange(1 << 30)))
            else:
                action = legal[chooser.randrange(len(legal))]
        state.apply(seat, action)
        reach.walked += 1


def _towards_unreached(state, seat, legal, decisions, reach, chooser):
    """A legal action that makes a decision not reached yet pending one step ahead, if one of those tried does."""
    if len(legal) < 2:
        return None
    tried = legal if len(legal) <= LOOKAHEAD else chooser.sample(legal, LOOKAHEAD)
    for action in tried:
        ahead = state.clone()
        ahead.set_events(False)
        ahead.apply(seat, action)
        kind = pending_decision(ahead)
        if kind is not None and decisions.get(kind) not in reach.how and kind in decisions:
            return action
    return None


def built_positions() -> dict[str, dict[str, Builder]]:
    """Every ``REACH`` table declared by a test package ``tests/games/<dir>/reach.py``, merged by game."""
    out: dict[str, dict[str, Builder]] = {}
    root = Path(__file__).resolve().parent.parent / "games"
    for path in sorted(root.glob("*/reach.py")):
        module = importlib.import_module(f"tests.games.{path.parent.name}.reach")
        for game, table in module.REACH.items():
            out.setdefault(game, {}).update(table)
    return out


def add_positions(reach: Reach, builders: dict[str, Builder]) -> list[str]:
    """Run every builder for ``reach``'s game; each must leave its decision pending. Returns the problems found."""
    spec = voidtable.engine.get(reach.game)
    by_name = {rule.name: rule.cls for rule in spec.tasks if not rule.is_auto}
    problems = []
    for name, build in sorted(builders.items()):
        if name not in by_name:
            problems.append(f"{reach.game}: a position is built for {name!r}, which is not a declared decision")
            continue
        state = build()
        if pending_decision(state) is not by_name[name]:
            top = type(state.stack[-1]).__name__ if state.stack else "nothing"
            problems.append(f"{reach.game}: the position built for {name!r} has {top} pending")
            continue
        if name not in reach.how:
            reach.how[name] = "position"
            reach.states[name] = state
    return problems
