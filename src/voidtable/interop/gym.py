"""One learning seat against voidtable agents, as a Gymnasium environment.

>>> from voidtable.interop.gym import VoidtableEnv
>>> env = VoidtableEnv(name, players=4, seat=0, opponents="random")   # name: any registered game
>>> obs, info = env.reset(seed=3)
>>> sorted(obs)
['action_mask', 'observation']

The other seats are played by voidtable agents (any ``agents.specs`` spec:
``random``, ``heuristic``, ``mcts:iterations=200``...; one spec for all, or a
list, one per other seat) deciding from their own observations. ``step``
plays the learner's action, then every opponent decision until the learner
must decide again or the game ends. Reward: the learner's win share at the end
(0 before). An illegal action ends the episode with ``illegal_reward`` (default
-1) and ``info["illegal_action"]``; ``illegal_reward=None`` raises instead.
``info["action_mask"]`` repeats the mask for libraries that read it there.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError("voidtable.interop.gym needs Gymnasium: pip install 'voidtable[interop]'") from exc

from voidtable.agents.play import run
from voidtable.agents.specs import make
from voidtable.engine.rng import derive_seed

from .core import Context, context_for


class VoidtableEnv(gym.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str] = "random", options: dict[str, Any] | None = None,
                 render_mode: str | None = None, illegal_reward: float | None = -1.0,
                 max_steps: int | None = None) -> None:
        from voidtable.engine.registry import get

        spec = get(game)
        n = players if players is not None else spec.min_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1}, got {seat}")
        self.ctx: Context = context_for(game, n, options)
        self.seat = seat
        others = [q for q in range(n) if q != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"{len(others)} opponent specs needed, got {len(specs)}")
        for s in specs:
            from voidtable.agents.specs import validate

            validate(s)
        self.opponent_specs = dict(zip(others, specs))
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.max_steps = max_steps if max_steps is not None else spec.max_decisions * 4
        A = self.ctx.space.size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (self.ctx.obs_layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (A,), np.int8),
        })
        self.action_space = spaces.Discrete(A)
        self.state_: Any = None  # the voidtable GameState of the episode (None before reset)

    # -- episode -------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.state_ = self.ctx.game.new_state(game_seed)
        self.agents = {q: make(s, self.ctx.name, derive_seed(game_seed, 1 + q)) for q, s in self.opponent_specs.items()}
        self.steps = 0
        self.done = False
        self._advance()
        return self._obs(), self._info()

    def _advance(self) -> None:
        """Let the opponents decide until the learner must, or the game ends."""
        seat = self.seat
        self.steps += run(self.state_, self.agents, until=lambda s: s.to_move()[0] == seat)

    def _legal(self) -> tuple[list[int], dict[int, Any]]:
        if self.state_.is_over():
            return [], {}
        return self.ctx.space.legal(self.state_.legal_actions(self.seat))

    def _obs(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.ctx.space.size, np.int8)
        mask[self._legal()[0]] = 1
        return {"observation": self.ctx.observation(self.state_, self.seat), "action_mask": mask}

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = np.zeros(self.ctx.space.size, np.int8)
        mask[self._legal()[0]] = 1
        return {"action_mask": mask, "game_seed": self.game_seed, **extra}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.state_ is None or self.done:
            raise RuntimeError("call reset() before step() (the episode is over)")
        _, mapping = self._legal()
        chosen = mapping.get(int(action))
        if chosen is None:
            if self.illegal_reward is None:
                raise ValueError(f"action id {action} ({self.ctx.space.label(int(action))}) is not legal now; "
                                 f"legal ids: {sorted(mapping)}")
            self.done = True
            return self._obs(), float(self.illegal_reward), True, False, self._info(illegal_action=int(action))
        self.state_.apply(self.seat, chosen)
        self.steps += 1
        self._advance()
        if self.state_.is_over():
            self.done = True
            reward = self.state_.result().win_shares()[self.seat]
            return self._obs(), float(reward), True, False, self._info(result=self.state_.result().to_json())
        truncated = self.steps >= self.max_steps
        self.done = truncated
        return self._obs(), 0.0, False, truncated, self._info()

    def render(self) -> str | None:
        if self.state_ is None:
            return None
        text_hooks = self.ctx.game.spec.hooks.text
        view = self.state_.view(self.seat)
        if text_hooks is not None:
            return text_hooks.render(self.ctx.game, view)
        from .core import dumps

        return dumps(view)


def register_envs() -> list[str]:
    """Register ``voidtable/<game>-v0`` with Gymnasium for every game the interop layer offers (see ``interop.registry``)."""
    from .registry import supported

    ids = []
    for name in supported():
        env_id = f"voidtable/{name}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=VoidtableEnv, kwargs={"game": name})  # type: ignore[arg-type]
        ids.append(env_id)
    return ids


register_envs()
