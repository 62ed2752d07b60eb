"""Which games the researchers' APIs offer, and how: all from each game's spec, nothing listed here.

Every registered game that declares its action kinds (``GameSpec.actions``)
is offered. Its fixed action ids are the declared universe
(``spec.actions.universe(game)``, numbered in declaration order; keyed kinds
through ``spec.actions.key``). Its tensors come from the game's interop hook
(``spec.hooks.interop.encoder(game)``, which turns a seat's *view* into
float32 tensors); a game without an encoder is still offered, with a minimal
generic observation tensor (:class:`~voidtable.engine.tensors.GenericEncoder`:
a constant and who must move): it plays through every adapter (ids, masks,
strings, rewards), and learners read ``state.view`` for real features. Registering a new game needs no edit here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.registry import games, get
from voidtable.engine.tensors import Encoder, GenericEncoder

from .spaces import ActionSpace, InteropError

if TYPE_CHECKING:
    from voidtable.engine.game import Game

__all__ = ["Encoder", "InteropError", "action_space", "encoder", "supported"]


def action_space(game: "Game") -> ActionSpace:
    """The numbered action universe of a loaded game, from its declared action kinds."""
    table = game.spec.actions
    if table is None:
        raise InteropError(f"game {game.name!r} declares no action kinds (GameSpec.actions), so it has no fixed action ids; "
                           f"games with declared actions: {', '.join(supported()) or 'none'}")
    key = table.key if table.needs_keys() else None
    return ActionSpace(game.name, table.universe(game), key=key)


def encoder(game: "Game") -> Encoder:
    """The game's tensor encoder, or an empty one if the game declares none."""
    hook = game.spec.hooks.interop
    return hook.encoder(game) if hook is not None else GenericEncoder(game)


def supported() -> list[str]:
    """Registered games the researchers' APIs offer: those that declare their action kinds."""
    return [name for name, spec in games().items() if spec.actions is not None]


def check(name: str) -> None:
    """An InteropError naming the offered games unless ``name`` is one of them."""
    if get(name).actions is None:
        raise InteropError(f"game {name!r} declares no action kinds (GameSpec.actions); "
                           f"games with declared actions: {', '.join(supported()) or 'none'}")
