"""Nearspace's hook table: what front ends may ask of the game (SPEC.hooks).

The encoder factory imports ``.tensors`` (and with it NumPy) only when called,
so loading the game never needs NumPy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.hooks import BotSettings, GameHooks, InteropHooks, StyledScene, measures_from

from . import bot, measures, scene, text

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
    bot=bot.BOT,  # the engine's bot shell around the game's decision table
    bot_settings=BotSettings(mcts_horizon=bot.MCTS_HORIZON, mcts_trust=bot.MCTS_TRUST, stage=bot.stage,
                             evaluate=bot.evaluate),
    measures=measures_from(measures.MEASURES, measures.measure, measures.factions),
    interop=InteropHooks(encoder=encoder),
)
