"""Black Hole Buccaneers's hook table: what front ends may ask of the game (SPEC.hooks).

Words (``text``), the table's picture (``scene``), the heuristic player (``bot``
and what it tells search), the lab's measures and the interop encoder. The
encoder factory imports ``.tensors`` (and with it NumPy) only when called, so
loading the game never needs NumPy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.hooks import BotSettings, GameHooks, InteropHooks, Measure, MeasureHooks

from . import bot, measures, scene, text

if TYPE_CHECKING:
    from voidtable.engine.tensors import Encoder


def encoder(game: Any) -> "Encoder":
    """The observation tensors of a loaded game (NumPy is imported here, on first use)."""
    from .tensors import BuccaneersEncoder

    return BuccaneersEncoder(game)


MEASURES: dict[str, Measure] = {name: Measure(**fields) for name, fields in measures.MEASURES.items()}

HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    scene=scene,
    bot=bot,
    bot_settings=BotSettings(
        mcts_horizon=bot.MCTS_HORIZON,
        stage=bot.stage,
        evaluate=bot.evaluate,
    ),
    measures=MeasureHooks(MEASURES, measures.measure, getattr(measures, "factions", None)),
    interop=InteropHooks(encoder=encoder),
)
