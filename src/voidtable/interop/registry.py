"""Per-game interop hooks: the action universe and the tensor encoder of each game.

The engine contract says nothing about fixed action ids or fixed-shape tensors,
so each game that the researchers' APIs should see supplies two small hooks,
kept here on the interop side (games stay free of front-end concerns):

- ``action_space(game) -> ActionSpace``: every Action the loaded game can ever
  produce, derived from its rules data (card keys, threshold values, map size,
  ship counts...), numbered once;
- ``encoder(game) -> Encoder``: turns a seat's *view* (``state.view(seat)``,
  the game's own statement of what that seat may know) into float32 tensors.
  Building tensors from views, never from the state's fields, keeps hidden
  information out of every tensor by construction.

A hook module lives in ``voidtable.interop.games`` and defines ``HOOKS``;
another distribution registers its own with :func:`register`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator

import numpy as np

from .spaces import ActionSpace, InteropError
from .tensors import Layout

if TYPE_CHECKING:
    from voidtable.engine.game import Game
    from voidtable.engine.state import GameState


class Encoder:
    """Turns views into tensors for one loaded game.

    Three layouts: ``public`` (read from the public part of a view, seats
    numbered relative to the observer when there is one), ``private`` (the
    observer's own hidden part), ``recall`` (the information-state tensor's
    memory of earlier private observations). A game with nothing private leaves
    ``private`` / ``recall`` empty.
    """

    public: Layout
    private: Layout
    recall: Layout = Layout([])

    def fill_public(self, out: dict[str, np.ndarray], view: dict[str, Any], me: int | None) -> None:
        raise NotImplementedError

    def fill_private(self, out: dict[str, np.ndarray], view: dict[str, Any], me: int) -> None:
        """Write the private sections from ``view`` = ``state.view(me)``."""

    def private_part(self, state: "GameState", seat: int) -> Any:
        """JSON-ready: what ``seat`` knows that a spectator does not (None when nothing)."""
        return None

    def fill_recall(self, out: dict[str, np.ndarray], history: Iterator[tuple["GameState", Any]], me: int) -> None:
        """Write the recall sections from ``(state, private_part)`` pairs, newest first (stop when done)."""


@dataclass(frozen=True)
class Hooks:
    action_space: Callable[["Game"], ActionSpace]
    encoder: Callable[["Game"], Encoder]


_MODULES: dict[str, str] = {
    "buccaneers": "voidtable.interop.games.buccaneers",
    "blacksun": "voidtable.interop.games.blacksun",
}
_HOOKS: dict[str, Hooks] = {}


def register(name: str, hooks: Hooks) -> None:
    """Add or replace the interop hooks of game ``name``."""
    _HOOKS[name] = hooks


def hooks_for(name: str) -> Hooks:
    if name not in _HOOKS:
        module = _MODULES.get(name)
        if module is None:
            raise InteropError(f"game {name!r} has no interop hooks (action_space, encoder); "
                               f"games with hooks: {', '.join(sorted(set(_MODULES) | set(_HOOKS)))}")
        _HOOKS[name] = importlib.import_module(module).HOOKS
    return _HOOKS[name]


def supported() -> list[str]:
    """Registered games that have interop hooks."""
    from voidtable.engine.registry import games

    return [g for g in games() if g in _HOOKS or g in _MODULES]
