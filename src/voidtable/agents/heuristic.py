"""The ``heuristic`` agent: each game's own bot, found through the game's hook table.

A game offers a heuristic player as ``GameSpec.hooks.bot`` (see
:class:`voidtable.engine.hooks.BotHooks`), usually its ``bot`` module, with:

* ``act(obs, rng) -> Action`` - decide from an :class:`Observation` (its view,
  legal actions and, if it likes, a determinization for the seat);
* ``rollout_policy(state, seat, legal, rng) -> Action`` - a fast policy on a
  state object, used inside MCTS rollouts (which run on determinized states).
"""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError
from voidtable.engine.hooks import BotHooks
from voidtable.engine.registry import get

from .base import Agent, Observation


def bot_for(game: str) -> BotHooks:
    """The bot of ``game`` (an OptionError naming the game if it has none)."""
    bot = get(game).hooks.bot
    if bot is None:
        raise OptionError(f"game {game!r} has no heuristic bot (its GameSpec.hooks.bot is not set)")
    for attr in ("act", "rollout_policy"):
        if not callable(getattr(bot, attr, None)):
            raise OptionError(f"the bot of game {game!r} lacks {attr}()")
    return bot


def has_bot(game: str) -> bool:
    return get(game).hooks.bot is not None


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
