"""The ``heuristic`` agent: each game's own bot, found through the game.

A game offers a heuristic player in ``<game package>/bot.py`` (or names a
module in ``GameSpec.extra["bot"]``) exposing:

* ``act(obs, rng) -> Action`` - decide from an :class:`Observation` (its view,
  legal actions and, if it likes, a determinization for the seat);
* ``rollout_policy(state, seat, legal, rng) -> Action`` - a fast policy on a
  state object, used inside MCTS rollouts (which run on determinized states).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError
from voidtable.engine.registry import get

from .base import Agent, Observation

_BOTS: dict[str, ModuleType] = {}


def bot_for(game: str) -> ModuleType:
    """The bot module of ``game`` (an OptionError naming the game if it has none)."""
    if game in _BOTS:
        return _BOTS[game]
    spec = get(game)
    name = spec.extra.get("bot")
    if isinstance(name, ModuleType):
        module = name
    else:
        if not name:
            package = spec.state_class.__module__.rpartition(".")[0]
            name = f"{package}.bot"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            raise OptionError(f"game {game!r} has no heuristic bot (expected module {name})") from None
    for attr in ("act", "rollout_policy"):
        if not callable(getattr(module, attr, None)):
            raise OptionError(f"the bot of game {game!r} ({module.__name__}) lacks {attr}()")
    _BOTS[game] = module
    return module


def has_bot(game: str) -> bool:
    try:
        bot_for(game)
    except OptionError:
        return False
    return True


class HeuristicAgent(Agent):
    """Plays the game's main ideas; ``epsilon`` is the chance of a uniformly random move instead (for easier levels)."""

    spec = "heuristic"

    def __init__(self, game: str, seed: int = 0, epsilon: float = 0.0) -> None:
        super().__init__(seed)
        if not 0.0 <= epsilon <= 1.0:
            raise OptionError(f"agent heuristic parameter 'epsilon' must be within 0..1, got {epsilon}")
        self.bot = bot_for(game)
        self.epsilon = epsilon

    def act(self, obs: Observation) -> Action:
        if self.epsilon and self.rng.random() < self.epsilon:
            return obs.legal[self.rng.below(len(obs.legal))]
        return self.bot.act(obs, self.rng)
