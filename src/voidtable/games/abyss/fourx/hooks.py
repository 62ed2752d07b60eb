"""The main game's hook table: what front ends may ask of the game (SPEC.hooks).

The encoder factory imports ``.tensors`` (and with it NumPy) only when called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.hooks import BotSettings, GameHooks, InteropHooks, StyledScene, measures_from

import voidtable.games.abyss.fourx.bot as bot
import voidtable.games.abyss.fourx.measures as measures
import voidtable.games.abyss.fourx.scene as scene
import voidtable.games.abyss.fourx.text as text

if TYPE_CHECKING:
    from voidtable.engine.tensors import Encoder


def encoder(game: Any) -> "Encoder":
    """The observation tensors of a loaded main game (NumPy is imported here, on first use)."""
    from .tensors import AbyssEncoder

    return AbyssEncoder(game)


SCENE = StyledScene(scene, scene.STYLE)

HOOKS = GameHooks(
    text=text,
    scene=SCENE,
    bot=bot.BOT,  # the engine's bot shell around the game's decision table
    bot_settings=BotSettings(mcts_horizon=bot.MCTS_HORIZON, mcts_trust=bot.MCTS_TRUST, stage=bot.stage,
                             evaluate=bot.evaluate),
    measures=measures_from(measures.MEASURES, measures.measure, None),
    interop=InteropHooks(encoder=encoder),
)
