"""What every adapter shares: a loaded game with its action space and encoder, and seat observations.

The action space and the encoder come from the game's spec (``interop.registry``).

A :class:`Context` is built once per (game, players, settings) and cached: the
OpenSpiel adapter rebuilds games from their strings often (pickling, state
deserialization), and a PettingZoo reset must not reload rules data.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import numpy as np

from voidtable.engine.game import Game
from voidtable.engine.registry import get, load
from voidtable.engine.state import GameState
from voidtable.engine.tensors import Encoder, Layout, concat

from . import registry
from .spaces import ActionSpace


def dumps(obj: Any) -> str:
    """Compact JSON for observation strings (key order is the view's own, which is fixed)."""
    return json.dumps(obj, separators=(",", ":"))


class Context:
    """One loaded game and its interop hooks (shared and read-only)."""

    def __init__(self, name: str, players: int, settings_json: str) -> None:
        self.name = name
        self.players = players
        self.settings_json = settings_json
        self.settings: dict[str, Any] = json.loads(settings_json)
        self.spec = get(name)
        registry.check(name)
        self.game: Game = load(name, players, self.settings, cache=True)
        self.space: ActionSpace = registry.action_space(self.game)
        self.encoder: Encoder = registry.encoder(self.game)
        enc = self.encoder
        self.obs_layout: Layout = concat(enc.public, enc.private)
        self.info_layout: Layout = concat(enc.public, enc.private, enc.recall)

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.name, self.players, self.settings_json)

    # Contexts are shared, never copied: OpenSpiel's Clone deep-copies a state's
    # attributes, and pickles name the context instead of carrying it.
    def __deepcopy__(self, memo: dict[int, Any]) -> "Context":
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (context, self.key)

    # -- observations ----------------------------------------------------------
    def observation(self, state: GameState, seat: int) -> np.ndarray:
        """The default observation tensor of ``seat``: public part (seen from that seat) then private part.

        Features are scaled to about [-1, 1] and clipped there (the spaces declare those bounds)."""
        flat = self.obs_layout.zeros()
        views = self.obs_layout.views(flat)
        view = state.view(seat)
        self.encoder.fill_public(views, view, seat)
        self.encoder.fill_private(views, view, seat)
        return np.clip(flat, -1.0, 1.0, out=flat)


@lru_cache(maxsize=64)
def context(name: str, players: int, settings_json: str = "{}") -> Context:
    return Context(name, players, settings_json)


def context_for(name: str, players: int, settings: dict[str, Any] | None = None) -> Context:
    return context(name, players, json.dumps(settings or {}, sort_keys=True))
