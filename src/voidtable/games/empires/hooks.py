"""Empires of the Void's hook table: what front ends may ask of the game (SPEC.hooks).

The encoder factory imports ``.tensors`` (and with it NumPy) only when called,
so loading the game never needs NumPy.
"""

from __future__ import annotations

from voidtable.engine.hooks import BotSettings, GameHooks, measures_from

from . import bot, measures, text


HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    bot=bot,
    bot_settings=BotSettings(mcts_horizon=bot.MCTS_HORIZON, mcts_trust=bot.MCTS_TRUST, stage=bot.stage,
                             evaluate=bot.evaluate),
    measures=measures_from(measures.MEASURES, measures.measure, measures.factions),
)
