"""The one agent interface for every game.

An agent decides from an :class:`Observation`: its seat's view, its legal
actions, and - for search - a way to draw determinizations (states the seat
cannot tell apart from the real one). It never receives the true state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from voidtable.engine.actions import Action
from voidtable.engine.observation import Observation, observe
from voidtable.engine.rng import Rng

__all__ = ["Agent", "Observation", "observe"]  # Observation and observe live in the engine (games' bots read them too)


class Agent(ABC):
    """A player. ``spec`` is the string that builds it again (e.g. ``mcts:iterations=400``)."""

    spec: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def act(self, obs: Observation) -> Action:
        """Choose one of ``obs.legal``."""
