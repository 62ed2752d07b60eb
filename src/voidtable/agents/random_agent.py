"""The seeded random player: the baseline of every ladder and the default rollout policy."""

from __future__ import annotations

from voidtable.engine.actions import Action

from .base import Agent, Observation


class RandomAgent(Agent):
    spec = "random"

    def act(self, obs: Observation) -> Action:
        return obs.legal[self.rng.below(len(obs.legal))]
