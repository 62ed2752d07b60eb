"""Black Abyss, the 3-6 player main game (and its 2-player version), registered as ``abyss``.

Explore a face-down galaxy, colonise planets square by square, build, research,
fight on the shared battle board, vote in the tribunal. The ship and battle
modules (``..ships``, ``..battle``) are the fleet battle's. The rules page is
docs/rules/abyss.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.game import GameSpec
from voidtable.engine.options import OptionSpec
from voidtable.engine.parameters import Parameter

from . import colonise, cycle, ground, movement, purchase, spacebattle, tribunal  # noqa: F401  (register the phases' tasks)
from .actions import ACTIONS
from ..data import AbyssData
from .data import DATA_FILE, MainData, build, raw_data
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
               "2: a centre and three rings, home worlds spread on the outer ring", choices=(1, 2), label="Map",
               choice_words=((1, "a rectangle, every hex face down"), (2, "a centre and three rings"))),
    OptionSpec("tribunal_win", str, "consecutive", "consecutive: the tribunal victory needs terms in a row "
               "(the draft's introduction); total: elected that many times in all (its end-of-cycle text)",
               choices=("consecutive", "total"), label="Tribunal victory",
               choice_words=(("consecutive", "elected in consecutive cycles"), ("total", "elected that many times in all"))),
    OptionSpec("twin_planets", bool, False, "the twin planets of the ancients at the centre, guarded by Keepers; "
               "a habitat on both at the end of a cycle wins (the draft has not worked this victory out: a default)",
               label="Twin planets of the ancients"),
    OptionSpec("battle", str, "board", "board: battles are played ship by ship on the battle board; "
               "auto: a scripted policy plays them (a lab mode for fast runs, not the game)", choices=("board", "auto"),
               label="Battles", choice_words=(("board", "on the battle board"), ("auto", "played by a script (lab mode)"))),
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
    Parameter("map.hexes.*", 0, 40, help="pieces of each hex kind (wormhole_*: 0 or 2); the empty hexes take "
                                        "what the kinds leave of the map's 104 (together at most 104)"),
    Parameter("map.option1.home_spacing", 1, 8, help="option 1: the least hex distance between home worlds",
              when=(("map", 1),)),
    Parameter("land.shares.*.*", 0.0, 1.0, integer=False, help="a colour's weight of each terrain: its chance is the "
                                                                  "weight over the colour's sum (not all 0)"),
    Parameter("land.bonus_*", 0, 10, help="bonus squares"),
    Parameter("land.bonus_shares.*", 0.0, 1.0, integer=False, help="a kind of find's weight on a bonus square (energy, "
                                                                     "food, minerals, technology, colony, marine): its "
                                                                     "chance is the weight over their sum (not all 0)"),
    Parameter("tech_costs.*.energy", 0, 60, help="energy a technology of the tier costs"),
    Parameter("tech_costs.*.food", 0, 60, help="food a technology of the tier costs"),
    Parameter("techs.*.tier", 1, 4, help="a technology's tier (its price)"),
    Parameter("techs.*.amount", 0, 6, help="what a technology adds (output, moves, range, squares scanned, ratings)"),
    Parameter("movement.scan_base", 1, 9, help="squares one scan reveals without scanner technology"),
    Parameter("movement.asteroid_die", 2, 20, help="the die rolled by a ship entering asteroids"),
    Parameter("trade.share", 0.0, 1.0, integer=False, help="share of producing squares that hold a trade good"),
    Parameter("trade.chip", 0, 5, help="trade chips a producer on a trade good makes per cycle"),
    Parameter("trade.pay_per_space", 0, 5, help="what one unit of cargo pays per space carried"),
    Parameter("ground.die", 2, 20, help="the die of marines and planetary defences"),
    Parameter("ground.hit", 1, 20, help="the lowest roll a marine or a defence hits on"),
    Parameter("ground.defence_range", 0, 9, help="squares from the planet a defence reaches on the battle board"),
    Parameter("ground.marine_food", 0, 10, help="food a marine costs"),
    Parameter("ground.marine_minerals", 0, 10, help="minerals a marine costs"),
    Parameter("events.cards.*.copies", 1, 6, help="copies of an event card in the deck (at least 1: the deck keeps every card)"),
    Parameter("events.cards.*.amount", 0, 10, help="what a harvest or a loss moves"),
    Parameter("tribunal.candidates", 2, 6, help="candidates for the tribunal seat"),
    Parameter("twin.keepers", 0, 6, help="Keepers guarding each twin planet", when=(("twin_planets", True),)),
    Parameter("repair.fraction", 0.0, 1.0, integer=False, help="share of a tile's price a repair costs"),
    Parameter("repair.empty_minerals", 0, 5, help="minerals to repair a square without a tile"),
    Parameter("battle.width", 5, 20, help="battle board columns"),
    Parameter("battle.height", 3, 16, help="battle board rows"),
    Parameter("battle.jammer_weight", 0, 3, help="initiative points one jammer rating takes from the opponent"),
    Parameter("battle.flee_from_round", 1, 10, help="the first round a side may flee"),
    Parameter("hulls.*.energy", 0, 20, help="a hull's energy cost"),
    Parameter("hulls.*.minerals", 0, 20, help="a hull's mineral cost"),
    Parameter("hulls.*.board_move", 0, 6, help="a hull's squares of movement on the battle board"),
    Parameter("hulls.*.galaxy_move", 0, 4, help="a hull's places of movement in the galaxy"),
    Parameter("hulls.*.pieces", 1, 12, help="pieces of a hull per player"),
    Parameter("hulls.*.computer", 0, 5, help="a hull's own computer rating (fighters: the start of fighter technology)"),
    Parameter("hulls.*.jammer", 0, 5, help="a hull's own jammer rating"),
    Parameter("tiles.*.die", 2, 20, help="the die a weapon or bomb rolls"),
    Parameter("tiles.*.energy", 0, 20, help="a ship tile's energy cost"),
    Parameter("tiles.*.minerals", 0, 20, help="a ship tile's mineral cost"),
    Parameter("tiles.*.hit", 1, 12, help="the lowest roll a weapon or bomb hits on (after shields)"),
    Parameter("tiles.*.range", 0, 9, help="a weapon's range on the battle board"),
    Parameter("tiles.*.rating", 0, 5, help="a computer's, jammer's, shield's, engine's, bay's or hold's rating"),
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
    data_types=(AbyssData, MainData),  # the ship tables (abyss.toml), then the rest (fourx.toml)
    max_decisions=60_000,
    # 2: issue 25's draft clauses: the side that moved in is the attacker; flight only to a friendly space,
    # rolling for asteroids there; a side with no ships left is out of the battle; a wormhole jump next to a
    # black hole stops the ship; marines keep their own landing cycle; bonus squares may hold a free colony
    # or a free marine; habitats may be bulldozed. Records of version 1 do not replay under these rules.
    # 3: the player's choices the draft gives: a fleeing side picks the friendly space it flees to (flee(place),
    # flee(None) fights on; version 2 took the first one), and a bonus square's free technology is the finder's
    # pick among the tier-1 technologies it lacks (free_tech; version 2 gave the first). New action ids.
    rules_version=3,
    facts=GameFacts(dynamics=Dynamics.SEQUENTIAL, chance=Chance.EXPLICIT, information=Information.PERFECT,
                    utility=Utility.CONSTANT_SUM),  # nothing is hidden: the draft keeps every piece and card open
    hooks=HOOKS,
    actions=ACTIONS,
    tasks=TASKS,
    parameters=PARAMETERS,
)

__all__ = ["SPEC", "AbyssState"]
