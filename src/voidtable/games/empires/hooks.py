"""Empires of the Void's hook table: what front ends may ask of the game (so far: words)."""

from __future__ import annotations

from voidtable.engine.hooks import GameHooks

from . import text

HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
)
