"""voidtable: five space board games with faithful rules, AI players, a balance lab and a web table.

>>> import voidtable
>>> name = sorted(voidtable.list_games())[0]            # any registered game
>>> game = voidtable.load(name, players=voidtable.list_games()[name].min_players)
>>> state = game.new_state(seed=7)
>>> bool(state.to_move()) and not state.is_over()
True
"""

from ._build import build_kind  # first: it decides which build (pure or compiled) the imports below load
from .engine import (
    Action, GameState, IllegalAction, OptionError, RecordError, Result, UnknownGame, VoidtableError, load,
)
from .engine import games as list_games  # not `games`: that name belongs to the voidtable.games package

__all__ = ["Action", "GameState", "IllegalAction", "OptionError", "RecordError", "Result", "UnknownGame", "VoidtableError",
           "build_kind", "list_games", "load"]
__version__ = "0.1.0"
