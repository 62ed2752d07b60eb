"""Nearspace's hook table: what front ends may ask of the game (SPEC.hooks)."""

from __future__ import annotations

from voidtable.engine.hooks import GameHooks, StyledScene

from . import scene, text

SCENE = StyledScene(scene, scene.STYLE)  # the table's picture, with the game's colours under "style"

HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    scene=SCENE,
)
