"""Black Hole Buccaneers's hook table: what front ends may ask of the game (SPEC.hooks).

Words (``text``), the table's picture (``scene``, with the game's colours under ``"style"``), the heuristic player (``bot``
and what it tells search), the lab's measures and the interop encoder. The
encoder factory imports ``.tensors`` (and with it NumPy) only when called, so
loading the game never needs NumPy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from voidtable.engine.hooks import BotSettings, GameHooks, InteropHooks, StyledScene, measures_from

from . import bot, measures, scene, text

if TYPE_CHECKING:
    from voidtable.engine.tensors import Encoder


def encoder(game: Any) -> "Encoder":
    """The observation tensors of a loaded game (NumPy is imported here, on first use)."""
    from .tensors import BuccaneersEncoder

    return BuccaneersEncoder(game)


STYLE: dict[str, dict[str, str]] = {  # card kinds' border colours on the table
    "cards": {"spacecraft": "#4dabff", "toy": "#ff8bd1", "time_machine": "#c38bff", "shapeshifter": "#6bdd8b",
              "robot": "#9aa4b8", "artifact": "#ffb84d", "relic": "#ffcc4d"},
}


SCENE = StyledScene(scene, STYLE)


HOOKS = GameHooks(
    text=text,  # a module satisfies the protocol
    scene=SCENE,
    bot=bot.BOT,  # the engine's bot shell around the game's decision table
    bot_settings=BotSettings(
        mcts_horizon=bot.MCTS_HORIZON,
        stage=cast(Callable[[Any], int], bot.stage),
        evaluate=cast(Callable[[Any, str], list[float]], bot.evaluate),
    ),
    measures=measures_from(measures.MEASURES, measures.measure, getattr(measures, "factions", None)),
    interop=InteropHooks(encoder=encoder),
)
