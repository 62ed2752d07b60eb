"""The game-agnostic engine: contract, randomness, options, rules data, records, shared mechanisms."""

from .actions import Action
from .errors import IllegalAction, OptionError, RecordError, RulesDataError, UnknownGame, VoidtableError
from .events import Event, generic_event, visible_events
from .game import Game, GameSpec
from .hooks import BotSettings, GameHooks, InteropHooks, Measure, MeasureHooks
from .observation import Observation, observe
from .parameters import Parameter
from .options import OptionSpec
from .registry import games, get, load, register
from .rng import Rng, derive_seed
from .state import GameState, Result, ranks_from_keys

__all__ = [
    "Action", "BotSettings", "Event", "Game", "GameHooks", "GameSpec", "GameState", "IllegalAction", "InteropHooks",
    "Measure", "MeasureHooks", "Observation", "OptionError", "OptionSpec", "Parameter", "RecordError", "Result", "Rng",
    "RulesDataError", "UnknownGame", "VoidtableError", "derive_seed", "games", "generic_event", "get", "load", "observe",
    "ranks_from_keys", "register", "visible_events",
]
