"""The game-agnostic engine: contract, randomness, options, rules data, records, shared mechanisms."""

from .actions import Action
from .errors import IllegalAction, OptionError, RecordError, RulesDataError, UnknownGame, VoidtableError
from .events import Event, visible_events
from .game import Game, GameSpec
from .options import OptionSpec
from .registry import games, get, load, register
from .rng import Rng, derive_seed
from .state import GameState, Result, ranks_from_keys

__all__ = [
    "Action", "Event", "Game", "GameSpec", "GameState", "IllegalAction", "OptionError", "OptionSpec",
    "RecordError", "Result", "Rng", "RulesDataError", "UnknownGame", "VoidtableError", "derive_seed",
    "games", "get", "load", "ranks_from_keys", "register", "visible_events",
]
