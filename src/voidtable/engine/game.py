"""What a game is to the engine: a spec in the registry, and a loaded, validated rule set."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

from .contract import GameFacts, LoadedGame, TaskRegistry
from .errors import OptionError
from .hooks import GameHooks
from .options import OptionSpec, split_options
from .parameters import Parameter
from .rulesdata import apply_overrides, assumptions, read_toml

if TYPE_CHECKING:
    from typing_extensions import TypeVar as DefaultingTypeVar

    from .state import GameState
    from .vocabulary import ActionTable


#: A game's typed rules (what ``GameSpec.build`` returns): ``Game[BuccaneersRules]`` types ``game.rules`` for mypy;
#: a bare ``Game`` is ``Game[Any]`` (the default is for mypy only: typing's TypeVar takes none before Python 3.13).
if TYPE_CHECKING:
    RulesT = DefaultingTypeVar("RulesT", default=Any)
else:
    RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class GameSpec(Generic[RulesT]):
    """A game's entry in the registry: names, player range, options, variants, and how to build it."""

    name: str
    title: str
    min_players: int
    max_players: int
    summary: str
    build: Callable[["Game[RulesT]"], RulesT]  # turns raw rules data + options into the game's typed rules
    state_class: Callable[..., "GameState"]
    options: list[OptionSpec] = field(default_factory=list)
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> options, for listings and conformance
    data_file: Path | None = None
    max_decisions: int = 10_000  # bound on decisions in one game; the conformance suite holds games to it
    rules_version: int = 1  # bumped whenever the same seed and actions would play differently
    hooks: "GameHooks[Game]" = GameHooks()  # text, scene, bot, lab measures, interop: what front ends may ask
    actions: "ActionTable | None" = None  # the declared action kinds (interop spaces and click routing derive from it)
    tasks: TaskRegistry | None = None  # the flow machine's task registry (an engine.flow.Tasks)
    parameters: tuple[Parameter, ...] = ()  # tunable rules-data numbers with their allowed ranges
    # the RulesStructs (engine.rulesdata) the rules data is read into; a top-level table belongs to the first that
    # declares it. The registry-wide test walks them to prove every level refuses a misspelled key.
    data_types: tuple[type, ...] = ()
    # what kind of game it is (OpenSpiel's GameType: dynamics, chance, information, utility, rewards), declared once;
    # the interop layer reads it, voidtable.testing.check_facts holds the game to it
    facts: GameFacts = GameFacts()

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def raw_data(self) -> dict[str, Any] | None:
        return read_toml(self.data_file) if self.data_file else None

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "summary": self.summary,
            "variants": {k: dict(v) for k, v in self.variants.items()},
            "options": {o.name: o.to_json() for o in self.options},
            "rules_version": self.rules_version,
            "parameters": [p.to_json() for p in self.parameters],
            "facts": self.facts.to_json(),
        }


class Game(Generic[RulesT]):
    """A loaded game: player count, validated options and rules data. Makes new states.

    Generic in its typed rules, so a game names its loaded game once (``BuccaneersGame = Game[Rules]``)
    and every function taking one reads ``game.rules`` typed, with no cast or re-annotation at each use;
    front ends, which never look inside a game's rules, take ``Game`` (``Game[Any]``).
    """

    def __init__(self, spec: GameSpec[RulesT], players: int, settings: dict[str, Any] | None = None) -> None:
        if not isinstance(players, int) or not spec.min_players <= players <= spec.max_players:
            raise OptionError(f"{spec.name} takes {spec.min_players}-{spec.max_players} players, got {players}")
        self.spec = spec
        self.name = spec.name
        self.players = players
        self.settings: dict[str, Any] = dict(settings or {})
        raw = spec.raw_data()
        split = split_options(self.settings, spec.options, raw, spec.name)
        self.options: dict[str, Any] = split.options
        self.overrides: dict[str, Any] = split.overrides
        self.data: dict[str, Any] = apply_overrides(raw, split.overrides, spec.name) if raw is not None else {}
        self.rules: RulesT = spec.build(self)

    def new_state(self, seed: int, events: bool = True) -> "GameState":
        """A new game; ``events=False``: a quiet state (see :meth:`GameState.set_events`), setup events still kept."""
        state = self.spec.state_class(self, seed)
        if not events:
            state.set_events(False)
        return state

    def assumptions(self) -> list[tuple[str, str]]:
        return assumptions(self.data)

    def describe_rules(self) -> dict[str, Any]:
        """The effective rules data (overrides applied) with every assumed value listed."""
        return {
            "game": self.name,
            "players": self.players,
            "options": self.options,
            "overrides": self.overrides,
            "data": self.data,
            "assumed": [{"path": p, "why": w} for p, w in self.assumptions()],
            "rules_version": self.spec.rules_version,
            "parameters": [p.to_json() for p in self.spec.parameters],  # what the lab may sweep, and within what
        }


def as_game(game: LoadedGame) -> Game:
    """The :class:`Game` behind a loaded game typed by its protocol (``state.game``, ``obs.loaded``).

    The engine's lower modules name the loaded game by :class:`~voidtable.engine.contract.LoadedGame` so that
    they need not import this module; a caller that wants the spec's hooks or actions narrows it here, checked.
    """
    if not isinstance(game, Game):
        raise TypeError(f"expected a loaded voidtable Game, got {type(game).__name__}")
    return game
