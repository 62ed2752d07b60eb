"""Every voidtable game as a PettingZoo AEC environment with action masks.

>>> from voidtable.interop.pettingzoo import env
>>> e = env(name, players=4)           # name: any registered game (voidtable.list_games())
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

Agents are ``player_0 .. player_{n-1}`` (table seats). The agent to act is the
first seat the engine asks (during a simultaneous choice, seat by
seat; another seat's chosen card stays hidden until all have chosen). Each
observation is ``{"observation": float32 tensor, "action_mask": int8}``: the
tensor is the seat's view encoded by the game's interop hook (the same as the
OpenSpiel observation tensor), the mask marks that seat's legal action ids (all
zero when it is not its turn). Rewards come once, at the end: each seat's win
share (1 for a sole winner, 1/k for k tied winners, else 0).

Illegal actions raise ``ValueError``; pass ``illegal_reward=...`` to end the
game instead, with that reward for the offender and 0 for the others.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError("voidtable.interop.pettingzoo needs PettingZoo: pip install 'voidtable[interop]'") from exc

from voidtable.engine.rng import Rng

from .core import Context, context_for


class VoidtableAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped here
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "voidtable_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, max_steps: int | None = None,
                 illegal_reward: float | None = None) -> None:
        super().__init__()
        from voidtable.engine.registry import get

        spec = get(game)
        n = players if players is not None else spec.min_players
        self.ctx: Context = context_for(game, n, options)
        self.metadata = dict(self.metadata, name=f"voidtable_{game}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.render_mode = render_mode
        self.max_steps = max_steps if max_steps is not None else spec.max_decisions * 4
        self.illegal_reward = illegal_reward
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.ctx.obs_layout.size
        A = self.ctx.space.size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-1.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (A,), np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(A) for a in self.possible_agents}
        self._rng: Rng | None = None
        self.state_: Any = None  # the voidtable GameState of the episode (None before reset)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = Rng(seed)
        elif self._rng is None:
            self._rng = Rng(secrets.randbits(64))
        self.game_seed = self._rng.next64() >> 1
        self.state_ = self.ctx.game.new_state(self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._legal: tuple[int, list[int], dict[int, Any]] | None = None
        self.agent_selection = self.possible_agents[self.state_.to_move()[0]]

    def _legal_now(self) -> tuple[int, list[int], dict[int, Any]]:
        lg = self._legal
        if lg is None:
            seat = self.state_.to_move()[0]
            ids, mapping = self.ctx.space.legal(self.state_.legal_actions(seat))
            lg = self._legal = (seat, ids, mapping)
        return lg

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self.ctx.space.size, np.int8)
        if not self.state_.is_over():
            now, ids, _ = self._legal_now()
            if now == seat:
                mask[ids] = 1
        return {"observation": self.ctx.observation(self.state_, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat, _, mapping = self._legal_now()
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        chosen = mapping.get(int(action)) if action is not None else None
        if chosen is None:
            if self.illegal_reward is None:
                raise ValueError(f"{agent} cannot play action id {action} ({self.ctx.space.label(int(action)) if action is not None else None}) "
                                 f"now; legal ids: {sorted(mapping)}")
            self.rewards[agent] = float(self.illegal_reward)
            self.infos[agent] = {"illegal_action": int(action) if action is not None else None}
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            return
        self.state_.apply(seat, chosen)  # legal: it came from this seat's legal actions
        self._legal = None
        self.steps += 1
        if self.state_.is_over():
            shares = self.state_.result().win_shares()
            for a in self.agents:
                self.rewards[a] = shares[self._seat[a]]
            self.terminations = {a: True for a in self.agents}
        elif self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state_.to_move()[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- looking -------------------------------------------------------------------
    def render(self) -> str | None:
        if self.state_ is None:
            return None
        text_hooks = self.ctx.game.spec.hooks.text
        view = self.state_.view(None)
        if text_hooks is not None:
            text = text_hooks.render(self.ctx.game, view)
        else:
            from .core import dumps

            text = dumps(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def state(self) -> np.ndarray:
        """The spectator's tensor (public parts only), PettingZoo's global state."""
        enc = self.ctx.encoder
        flat = enc.public.zeros()
        enc.fill_public(enc.public.views(flat), self.state_.view(None), None)
        return flat


def env(game: str, **kwargs: Any) -> VoidtableAECEnv:
    """The AEC environment of ``game`` (``players=``, ``options=``, ``render_mode=``, ``max_steps=``, ``illegal_reward=``)."""
    return VoidtableAECEnv(game, **kwargs)


raw_env = env
