"""The one play loop: agents play a state, each seat deciding from its own observation only.

Every place that lets agents play (``sim.runner`` and through it the lab and
``voidtable simulate``, the ladder, ``voidtable play`` and ``record``, the
Gymnasium environment's opponents, the tests) goes through :func:`run`. Hooks
let each caller keep what it needs without a loop of its own: ``apply`` (a
:class:`~voidtable.engine.records.Recorder`'s, to keep the record), ``on_step``
(events, timings), ``until`` (stop early, e.g. when a learner must decide) and
``prefer`` (a person's seat first during simultaneous choices).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Sequence, Union

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent
from voidtable.engine.game import Game
from voidtable.engine.observation import observe
from voidtable.engine.registry import load
from voidtable.engine.state import GameState, Result

from .base import Agent

Agents = Union[Sequence[Agent], Mapping[int, Agent]]
#: on_step(seat, action, events, seconds the agent took, agent)
StepHook = Callable[[int, Action, list[AnyEvent], float, Agent], None]


def run(state: GameState, agents: Agents, *, apply: Callable[[int, Action], list[AnyEvent]] | None = None,
        on_step: StepHook | None = None, until: Callable[[GameState], bool] | None = None,
        prefer: int | None = None, max_decisions: int | None = None) -> int:
    """Play ``state`` until it is over (or ``until(state)`` is true); returns the number of decisions made.

    The seat that decides is the first the state asks (``prefer``, if it is among
    them, goes first). ``apply`` defaults to ``state.apply``. A game that runs past
    ``max_decisions`` (default: four times the game's declared bound) is a RuntimeError.
    """
    bound = max_decisions or state.game.spec.max_decisions * 4
    do = apply or state.apply
    steps = 0
    clock = time.perf_counter
    while not state.is_over():
        if until is not None and until(state):
            break
        movers = state.to_move()
        seat = prefer if prefer is not None and prefer in movers else movers[0]
        agent = agents[seat]
        if on_step is None:
            do(seat, agent.act(observe(state, seat)))
        else:
            t = clock()
            action = agent.act(observe(state, seat))
            took = clock() - t
            on_step(seat, action, do(seat, action), took, agent)
        steps += 1
        if steps > bound:
            raise RuntimeError(f"{state.game.name}: the game did not end within {bound} decisions")
    return steps


def play(state: GameState, agents: Agents, max_decisions: int | None = None, **hooks: Any) -> Result:
    """Play ``state`` to the end (see :func:`run`) and return its result."""
    run(state, agents, max_decisions=max_decisions, **hooks)
    return state.result()


def seat_agents(specs: Sequence[str], game: str, seed: int, seats: Sequence[int] | None = None) -> dict[int, Agent]:
    """Seat ``p`` played by ``specs[p % len(specs)]``, seeded ``derive_seed(seed, 1 + p)`` (the platform's convention)."""
    from voidtable.engine.rng import derive_seed

    from .specs import make

    n = len(specs)
    return {p: make(specs[p % n], game, derive_seed(seed, 1 + p)) for p in (range(n) if seats is None else seats)}


def play_specs(game: str | Game, specs: Sequence[str], seed: int, options: dict[str, Any] | None = None,
               agent_seeds: Sequence[int] | None = None) -> Result:
    """One game: seat i played by ``specs[i]``; the game and every agent seeded from ``seed``."""
    from voidtable.engine.rng import derive_seed

    from .specs import make

    g = game if isinstance(game, Game) else load(game, len(specs), options, cache=True)
    seeds = agent_seeds or [derive_seed(seed, 1000 + i) for i in range(len(specs))]
    agents = [make(spec, g.name, seeds[i]) for i, spec in enumerate(specs)]
    return play(g.new_state(seed), agents)
