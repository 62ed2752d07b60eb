"""The one agent interface for every game.

An agent decides from an :class:`Observation`: its seat's view, its legal
actions, and - for search - a way to draw determinizations (states the seat
cannot tell apart from the real one). It never receives the true state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable

from voidtable.engine.actions import Action
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState


class Observation:
    """What a seat knows when it must decide.

    ``view`` is built on first use (a random player never needs it, and
    building it is most of the cost of a cheap decision).
    """

    __slots__ = ("seat", "legal", "game", "players", "sample", "_view", "_make_view")

    def __init__(self, seat: int, legal: list[Action], game: str, players: int,
                 sample: Callable[[Rng], GameState], make_view: Callable[[], dict[str, Any]]) -> None:
        self.seat = seat
        self.legal = legal
        self.game = game
        self.players = players
        self.sample = sample  # a determinization for this seat; never the true state
        self._make_view = make_view
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._make_view()
        return self._view


def observe(state: GameState, seat: int) -> Observation:
    """Build the observation for ``seat`` from ``state`` (the only place an agent's input is made)."""
    def sample(rng: Rng, _determinize=state.determinize, _seat=seat) -> GameState:
        return _determinize(_seat, rng)

    def make_view(_view=state.view, _seat=seat) -> dict[str, Any]:
        return _view(_seat)

    return Observation(seat, state.legal_actions(seat), state.game.name, state.game.players, sample, make_view)


class Agent(ABC):
    """A player. ``spec`` is the string that builds it again (e.g. ``mcts:iterations=400``)."""

    spec: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def act(self, obs: Observation) -> Action:
        """Choose one of ``obs.legal``."""
