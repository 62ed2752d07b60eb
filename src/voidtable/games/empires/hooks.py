"""Empires of the Void's hook table: what front ends may ask of the game (so far: words and a bot)."""

from __future__ import annotations

from voidtable.engine.hooks import GameHooks

from . import bot, text

HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    bot=bot,
)
