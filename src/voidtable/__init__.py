"""voidtable: five space board games with faithful rules, AI players, a balance lab and a web table.

>>> import voidtable
>>> game = voidtable.load("buccaneers", players=4)
>>> state = game.new_state(seed=7)
>>> sorted(state.to_move())
[0, 1, 2, 3]
"""

from .engine import (
    Action, GameState, IllegalAction, OptionError, RecordError, Result, UnknownGame, VoidtableError, load,
)
from .engine import games as list_games  # not `games`: that name belongs to the voidtable.games package

__all__ = ["Action", "GameState", "IllegalAction", "OptionError", "RecordError", "Result", "UnknownGame", "VoidtableError",
           "list_games", "load"]
__version__ = "0.1.0"
