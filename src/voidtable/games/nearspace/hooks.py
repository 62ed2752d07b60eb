"""Nearspace's hook table: what front ends may ask of the game (SPEC.hooks).

The encoder factory imports ``.tensors`` (and with it NumPy) only when called,
so loading the game never needs NumPy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.hooks import GameHooks, InteropHooks, StyledScene

from . import scene, text

if TYPE_CHECKING:
    from voidtable.engine.tensors import Encoder


def encoder(game: Any) -> "Encoder":
    """The observation tensors of a loaded game (NumPy is imported here, on first use)."""
    from .tensors import NearspaceEncoder

    return NearspaceEncoder(game)


SCENE = StyledScene(scene, scene.STYLE)  # the table's picture, with the game's colours under "style"

HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    scene=SCENE,
    interop=InteropHooks(encoder=encoder),
)
