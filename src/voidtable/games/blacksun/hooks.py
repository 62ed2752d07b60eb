"""Black Sun's hook table: what front ends may ask of the game (SPEC.hooks).

Words (``text``), the table's picture (``scene``, with the game's colours under ``"style"``), the heuristic player (``bot``
and what it tells search), the lab's measures and the interop encoder. The
encoder factory imports ``.tensors`` (and with it NumPy) only when called, so
loading the game never needs NumPy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.hooks import BotSettings, GameHooks, InteropHooks, StyledScene, measures_from

from . import bot, measures, scene, text

if TYPE_CHECKING:
    from voidtable.engine.tensors import Encoder


def encoder(game: Any) -> "Encoder":
    """The observation tensors of a loaded game (NumPy is imported here, on first use)."""
    from .tensors import BlackSunEncoder

    return BlackSunEncoder(game)


STYLE: dict[str, dict[str, str]] = {  # hex fills by terrain and by Need/Crisis counter
    "fills": {"sun": "#5a3a00", "planet": "#16324a", "gas_giant": "#3b2a4d", "asteroids": "#33302a", "space": "#151b2e",
              "need": "#4a4215", "crisis": "#4d1c1c"},
}


SCENE = StyledScene(scene, STYLE)


HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    scene=SCENE,
    bot=bot.BOT,  # the engine's bot shell around the game's decision table
    bot_settings=BotSettings(
        mcts_horizon=bot.MCTS_HORIZON,
        mcts_trust=bot.MCTS_TRUST,
        stage=bot.stage,
        evaluate=bot.evaluate,
    ),
    plans=bot.BOT,  # whole moves for search: the planner's plans as macro-actions
    measures=measures_from(measures.MEASURES, measures.measure, getattr(measures, "factions", None)),
    interop=InteropHooks(encoder=encoder),
)
