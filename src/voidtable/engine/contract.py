"""The contract every layer shares, as types that import no implementation: the loaded game, the facts a
game declares about itself, and what its task registry offers.

Why a module of its own: the state, the hooks, the observation and the action vocabulary all speak of
"the loaded game", and the loaded game (``engine.game``) speaks of them (its spec holds the hooks, the
task registry, the action table, the state class). With each naming the other's class, the engine's
modules formed one import cycle of eight files. Here the loaded game is a :class:`LoadedGame` protocol;
the modules below ``engine.game`` name it, ``engine.game.Game`` fulfils it, and the imports point one way
(``tests/engine/test_import_graph.py`` fails on any cycle, type-only imports included).

The declared facts (:class:`GameFacts`) sit here too, because every layer reads them: the interop layer
derives OpenSpiel's game type from them, and ``voidtable.testing`` checks them against play.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterator, Protocol


# ----------------------------------------------------------------------------------------- declared facts
class Dynamics(str, Enum):
    """Whether seats ever choose at the same time (the engine then collects the choices one seat at a time,
    each hidden from the others until all have chosen)."""

    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"


class Chance(str, Enum):
    """Where chance comes from: dice or shuffles drawn from the state's seeded RNG (``explicit``: every draw is
    a step of the rules), or none at all (``deterministic``: the seed changes nothing). ``sampled`` is
    OpenSpiel's third mode (chance drawn inside a step without being offered as outcomes); kept so a game
    written elsewhere can say so."""

    EXPLICIT = "explicit"
    SAMPLED = "sampled"
    DETERMINISTIC = "deterministic"


class Information(str, Enum):
    """Whether any seat ever holds something another seat cannot see (a hand, a hidden draw, a secret choice).
    Chance still to come (the next roll) is not hidden information."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Utility(str, Enum):
    """How the seats' returns (their win shares, ``Result.win_shares``) add up."""

    ZERO_SUM = "zero_sum"          # they sum to 0
    CONSTANT_SUM = "constant_sum"  # they sum to ``GameFacts.utility_sum`` (1 for win shares: someone always wins)
    GENERAL_SUM = "general_sum"    # no constraint
    IDENTICAL = "identical"        # every seat gets the same (a cooperative game)


class RewardModel(str, Enum):
    """When returns arrive: only at the end (``terminal``), or along the way (``rewards``)."""

    TERMINAL = "terminal"
    REWARDS = "rewards"


@dataclass(frozen=True)
class GameFacts:
    """What a game declares about its kind, once, in its spec (``GameSpec.facts``): the counterpart of
    OpenSpiel's ``GameType``. The player range is the spec's ``min_players``/``max_players``.

    The defaults describe the platform's usual game: turns in order, dice and shuffles, something hidden,
    one winner's share per game. ``voidtable.testing.check_facts`` holds a game to what it declares.
    """

    dynamics: Dynamics = Dynamics.SEQUENTIAL
    chance: Chance = Chance.EXPLICIT
    information: Information = Information.IMPERFECT
    utility: Utility = Utility.CONSTANT_SUM
    utility_sum: float = 1.0  # what the returns add up to when ``utility`` is constant-sum
    reward_model: RewardModel = RewardModel.TERMINAL

    def to_json(self) -> dict[str, Any]:
        return {"dynamics": self.dynamics.value, "chance": self.chance.value, "information": self.information.value,
                "utility": self.utility.value, "utility_sum": self.utility_sum, "reward_model": self.reward_model.value}


# ----------------------------------------------------------------------------------------- the loaded game
class SpecFacts(Protocol):
    """What code below the registry reads of a game's spec through a loaded game (``state.game.spec``)."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def rules_version(self) -> int: ...

    @property
    def max_decisions(self) -> int: ...

    @property
    def facts(self) -> GameFacts: ...


class LoadedGame(Protocol):
    """A loaded game as the engine's lower modules see it (``engine.game.Game`` is the one implementation):
    its name, player count, validated options and overrides, raw rules data and the typed rules built from them."""

    name: str
    players: int
    settings: dict[str, Any]
    options: dict[str, Any]
    overrides: dict[str, Any]
    data: dict[str, Any]
    rules: Any

    @property
    def spec(self) -> SpecFacts: ...


# ----------------------------------------------------------------------------------------- tasks
class TaskRuleInfo(Protocol):
    """What a registered task type declares (``engine.flow.TaskRule``): its type, its name, and its kind."""

    @property
    def cls(self) -> type: ...

    @property
    def name(self) -> str: ...

    @property
    def is_auto(self) -> bool: ...

    @property
    def simultaneous(self) -> bool: ...

    @property
    def private(self) -> bool: ...


class TaskRegistry(Protocol):
    """A game's task registry as its spec offers it (``engine.flow.Tasks``): which task types exist and what each is."""

    game: str

    def __iter__(self) -> Iterator[TaskRuleInfo]: ...

    def __contains__(self, cls: object) -> bool: ...

    def name(self, task: tuple[Any, ...]) -> str: ...


__all__ = ["Chance", "Dynamics", "GameFacts", "Information", "LoadedGame", "RewardModel", "SpecFacts", "TaskRegistry",
           "TaskRuleInfo", "Utility"]
