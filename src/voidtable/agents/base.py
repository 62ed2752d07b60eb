"""The one agent interface for every game.

An agent decides from an :class:`Observation`: its seat's view, its legal
actions, and - for search - a way to draw determinizations (states the seat
cannot tell apart from the real one). It never receives the true state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable

from voidtable.engine.actions import Action
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState


@dataclass(frozen=True)
class Observation:
    """What a seat knows when it must decide."""

    seat: int
    view: dict[str, Any]
    legal: list[Action]
    game: str
    players: int
    sample: Callable[[Rng], GameState]  # a determinization for this seat; never the true state


def observe(state: GameState, seat: int) -> Observation:
    """Build the observation for ``seat`` from ``state`` (the only place an agent's input is made)."""
    def sample(rng: Rng, _determinize=state.determinize, _seat=seat) -> GameState:
        return _determinize(_seat, rng)

    return Observation(seat, state.view(seat), state.legal_actions(seat), state.game.name, state.game.players, sample)


class Agent(ABC):
    """A player. ``spec`` is the string that builds it again (e.g. ``mcts:iterations=400``)."""

    spec: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def act(self, obs: Observation) -> Action:
        """Choose one of ``obs.legal``."""
