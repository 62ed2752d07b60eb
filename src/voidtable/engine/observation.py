"""What a seat knows when it must decide: the one input of every agent and every game's bot.

It lives in the engine (not in ``agents``) because games' bots read it too, and a
game may import the engine but never the agents.
"""

from __future__ import annotations

from typing import Any, Callable

from .actions import Action
from .contract import LoadedGame
from .rng import Rng
from .state import GameState


class Observation:
    """What a seat knows when it must decide.

    ``view`` is built on first use (a random player never needs it, and
    building it is most of the cost of a cheap decision).

    ``loaded`` is the game as it was made: its options, rules-data overrides and the
    typed rules built from them (``rules``, ``options``). Rules are public, so this
    leaks nothing, and a bot that reads printed numbers reads the ones in play (a
    ``--set`` override, a lab sweep, an option) rather than the defaults. Passing it
    costs one reference.

    ``task`` is the type of the task the seat decides (the flow's pending task), or None for a
    state without a task stack. The type is public (every view names the decision waited for);
    the task record is not passed, since it may hold what only its seat knows. A bot that decides
    on the view finds its decision by it (``engine.bots``).
    """

    __slots__ = ("seat", "legal", "game", "players", "sample", "loaded", "task", "_view", "_make_view")

    def __init__(self, seat: int, legal: list[Action], game: str, players: int,
                 sample: Callable[[Rng], GameState], make_view: Callable[[], dict[str, Any]],
                 loaded: LoadedGame, task: type | None = None) -> None:
        self.seat = seat
        self.legal = legal
        self.game = game
        self.players = players
        self.sample = sample  # a determinization for this seat; never the true state
        self.loaded = loaded
        self.task = task
        self._make_view = make_view
        self._view: dict[str, Any] | None = None

    @property
    def rules(self) -> Any:
        """The game's typed rules (``Game.rules``), built from its options and rules-data overrides."""
        return self.loaded.rules

    @property
    def options(self) -> dict[str, Any]:
        """The game's options, validated, defaults filled in."""
        return self.loaded.options

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._make_view()
        return self._view


def observe(state: GameState, seat: int) -> Observation:
    """Build the observation for ``seat`` from ``state`` (the only place an agent's input is made)."""
    def sample(rng: Rng, _determinize: Callable[[int, Rng], GameState] = state.determinize, _seat: int = seat) -> GameState:
        return _determinize(_seat, rng)

    def make_view(_view: Callable[[int | None], dict[str, Any]] = state.view, _seat: int = seat) -> dict[str, Any]:
        return _view(_seat)

    g = state.game
    stack = getattr(state, "stack", None)  # the flow's task stack (engine.flow), if the state runs on one
    task = stack[-1].__class__ if stack else None
    return Observation(seat, state.legal_actions(seat), g.name, g.players, sample, make_view, g, task)
