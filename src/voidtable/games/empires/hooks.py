"""Empires of the Void's hook table: what front ends may ask of the game (so far: words, a bot and lab measures)."""

from __future__ import annotations

from voidtable.engine.hooks import GameHooks, measures_from

from . import bot, measures, text

HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    bot=bot,
    measures=measures_from(measures.MEASURES, measures.measure, measures.factions),
)
