"""Black Abyss, the 3-6 player main game (and its 2-player version), registered as ``abyss``.

Explore a face-down galaxy, colonise planets square by square, build, research,
fight on the shared battle board, vote in the tribunal. The ship and battle
modules (``..ships``, ``..battle``) are the fleet battle's. The rules page is
docs/rules/abyss.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from voidtable.engine.game import GameSpec
from voidtable.engine.options import OptionSpec
from voidtable.engine.parameters import Parameter

from . import colonise, cycle, ground, movement, purchase, spacebattle, tribunal  # noqa: F401  (register the phases' tasks)
from .actions import ACTIONS
from .data import DATA_FILE, build, raw_data
from .hooks import HOOKS
from .state import AbyssState
from .tasks import TASKS


@dataclass(frozen=True)
class MainSpec(GameSpec):
    """The main game reads two files as one tree: the shared ship data and its own (see ``.data.raw_data``)."""

    def raw_data(self) -> dict[str, Any] | None:
        return raw_data()


OPTIONS = [
    OptionSpec("map", int, 2, "1: every hex face down in a rectangle, home worlds chosen in turn; "
               "2: a centre and three rings, home worlds spread on the outer ring", choices=(1, 2)),
    OptionSpec("tribunal_win", str, "consecutive", "consecutive: the tribunal victory needs terms in a row "
               "(the draft's introduction); total: elected that many times in all (its end-of-cycle text)",
               choices=("consecutive", "total")),
    OptionSpec("twin_planets", bool, False, "the twin planets of the ancients at the centre, guarded by Keepers; "
               "a habitat on both at the end of a cycle wins (the draft has not worked this victory out: a default)"),
    OptionSpec("battle", str, "board", "board: battles are played ship by ship on the battle board; "
               "auto: a scripted policy plays them (a lab mode for fast runs, not the game)", choices=("board", "auto")),
]

PARAMETERS = (
    Parameter("setup.energy", 0, 40, help="energy at the start"),
    Parameter("setup.food", 0, 40, help="food at the start"),
    Parameter("setup.minerals", 0, 40, help="minerals at the start"),
    Parameter("setup.fighters", 0, 8, help="fighters at the start"),
    Parameter("production.per_building", 0, 6, help="what one farm, mine or plant makes per cycle"),
    Parameter("habitat.capacity", 1, 6, help="buildings one habitat keeps working"),
    Parameter("movement.explore_range", 0, 5, help="spaces from a friendly colony a face-down place may be revealed"),
    Parameter("land.bonus_amount", 0, 10, help="what a bonus square pays"),
    Parameter("buildings.*.food", 0, 20, help="a building's food cost"),
    Parameter("buildings.*.minerals", 0, 20, help="a building's mineral cost"),
    Parameter("buildings.*.energy", 0, 20, help="a building's energy cost"),
    Parameter("events.every", 1, 6, help="cycles between events and elections"),
    Parameter("tribunal.terms_to_win", 1, 6, help="tribunal terms that win"),
    Parameter("tribunal.votes_per_planet", 0, 3, help="votes per planet with a colony"),
    Parameter("tribunal.votes_per_region", 0, 3, help="votes per square with a building"),
    Parameter("limits.max_cycles", 3, 100, help="cycles before the most votes wins"),
    Parameter("limits.battle_rounds", 1, 40, help="battle rounds before a battle stops undecided"),
    Parameter("map.hexes.*", 0, 60, help="pieces of each hex kind (option 1 needs them to fill its rectangle)"),
)

SPEC = MainSpec(
    name="abyss",
    title="Black Abyss",
    min_players=2,   # the draft's 2-player version of the main game: the same rules (a marked default)
    max_players=6,
    summary="Explore a face-down galaxy, colonise planets square by square, fight on the battle board, "
            "and win by the tribunal, the secret of life or as the last race standing.",
    build=build,
    state_class=AbyssState,
    options=OPTIONS,
    # Every option's other value is played by one variant (the conformance suite plays each variant
    # at every player count): the open map with tribunal terms in total, and the twin planets
    # with auto battles (a lab mode).
    variants={"standard": {}, "open_map": {"map": 1, "tribunal_win": "total"},
              "twin_planets": {"twin_planets": True, "battle": "auto"}},
    data_file=DATA_FILE,
    max_decisions=60_000,
    rules_version=1,
    hooks=HOOKS,
    actions=ACTIONS,
    tasks=TASKS,
    parameters=PARAMETERS,
)

__all__ = ["SPEC", "AbyssState"]
