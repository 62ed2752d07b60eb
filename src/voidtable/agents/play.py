"""Playing whole games between agents (used by the ladder, the benchmarks and the tests)."""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.game import Game
from voidtable.engine.registry import load
from voidtable.engine.state import GameState, Result

from .base import Agent, observe


def play(state: GameState, agents: Sequence[Agent], max_decisions: int | None = None) -> Result:
    """Play ``state`` to the end; each seat decides from its own observation only."""
    bound = max_decisions or state.game.spec.max_decisions * 4
    steps = 0
    while not state.is_over():
        seat = state.to_move()[0]
        action = agents[seat].act(observe(state, seat))
        state.apply(seat, action)
        steps += 1
        if steps > bound:
            raise RuntimeError(f"game did not end within {bound} decisions")
    return state.result()


def play_specs(game: str | Game, specs: Sequence[str], seed: int, options: dict[str, Any] | None = None,
               agent_seeds: Sequence[int] | None = None) -> Result:
    """One game: seat i played by ``specs[i]``; the game and every agent seeded from ``seed``."""
    from voidtable.engine.rng import derive_seed

    from .specs import make

    g = game if isinstance(game, Game) else load(game, len(specs), options)
    seeds = agent_seeds or [derive_seed(seed, 1000 + i) for i in range(len(specs))]
    agents = [make(spec, g.name, seeds[i]) for i, spec in enumerate(specs)]
    return play(g.new_state(seed), agents)
