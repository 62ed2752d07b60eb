"""The random game the conformance suite plays, for a game's draft spec (not registered yet, so not walked by name).

A draft's own test hands the states of these games to the suite's per-state checks
(``check_state``, ``check_declarations``) until the game joins the registry.
"""

from __future__ import annotations

import random
from typing import Any

from voidtable.engine import Action
from voidtable.engine.game import Game, GameSpec


def play_draft(spec: GameSpec, players: int, options: dict[str, Any], seed: int) -> tuple[Any, list[tuple[int, Action]], list[dict]]:
    """A random game held to ``spec.max_decisions``: its final state, actions and events."""
    state = Game(spec, players, options).new_state(seed)
    chooser = random.Random(seed)
    actions: list[tuple[int, Action]] = []
    events = list(state.setup_events)
    while not state.is_over():
        movers = state.to_move()
        assert movers, "a game that is not over must have someone to move"
        p = movers[chooser.randrange(len(movers))]
        legal = state.legal_actions(p)
        assert legal, f"seat {p} is to move but has no legal action"
        a = legal[chooser.randrange(len(legal))]
        actions.append((p, a))
        events += state.apply(p, a)
        assert len(actions) <= spec.max_decisions, "game did not end within max_decisions"
    return state, actions, events
