"""Nearspace (Spartacus Publishing): two decks laid out as a map, fleets of dice, CP and engines.

The rules on the engine's seam (flow tasks, declared fields and actions, typed
TOML data); everything a front end needs comes through ``SPEC.hooks``
(``hooks.py``). The rules page is docs/rules/nearspace.md.
"""

from __future__ import annotations

from pathlib import Path

from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.game import GameSpec
from voidtable.engine.options import OptionSpec
from voidtable.engine.parameters import Parameter

from . import cards, combat, economy, movement, shipyard, threat, turn  # noqa: F401  (register the tasks)
from .actions import ACTIONS
from .data import NearspaceData, build
from .hooks import HOOKS
from .state import NearspaceState
from .tasks import TASKS

OPTIONS = [
    OptionSpec("deck", str, "", "seat 0's deck: empty for the Terran Alliance, a preconstructed deck's name "
               "(terran, centauri), or a deck list (TOML cards = [...], JSON, or card names one per line); "
               "@FILE on the command line reads a list from a file", from_file=True, label="Seat 0's deck"),
    OptionSpec("opponent_deck", str, "", "seat 1's deck: empty for the Alpha Centauri Regime, a deck name or a deck list "
               "(@FILE on the command line)", from_file=True, label="Seat 1's deck"),
    OptionSpec("small_dice", bool, False, "irregular small dice allowed by both players: a d2 and a d3 per colour join each Stockpile",
               label="Small dice"),
    OptionSpec("banking_cp", bool, False, "advanced rule (assumed numbers): up to 5 unspent CP are banked into the next turn",
               label="Bank unspent CP"),
    OptionSpec("engine_storage", bool, False, "advanced rule (assumed numbers): up to 10 unused E are stored for the next turn",
               label="Store unused E"),
    OptionSpec("engine_charging", bool, False, "advanced rule (assumed numbers): in the Build step, 1 CP buys 2 E for this turn",
               label="Charge engines with CP"),
    OptionSpec("hidden_hands", bool, False, "keep each Hand secret (the book deals Hands face up)", label="Hidden Hands"),
]

PARAMETERS = (
    Parameter("victory.conquest_facets", 20, 468, help="Graveyard facets that lose by Conquest"),
    Parameter("victory.exile_turns", 1, 10, help="enemy turns a captured Homeworld must be held"),
    Parameter("engines.cost", 5, 60, help="CP to build an engine"),
    Parameter("engines.supply", 1, 8, help="engine dice per player in all"),
    Parameter("maintenance.divisor", 5, 20, help="facets per point of fleet maintenance"),
    Parameter("advanced.bank_limit", 0, 30, help="CP the Banking CP option keeps into the next turn",
              when=(("banking_cp", True),)),
    Parameter("advanced.storage_limit", 0, 60, help="E the Engine Storage option keeps into the next turn",
              when=(("engine_storage", True),)),
    Parameter("advanced.charge_e", 1, 10, help="E that 1 charge buys with the Engine Charging option",
              when=(("engine_charging", True),)),
    Parameter("class_powers.*.attack", -3, 3, help="a ship class's attack modifier"),
    Parameter("class_powers.*.defence", -3, 3, help="a ship class's defence modifier"),
    Parameter("class_powers.*.move", -4, 4, help="a ship class's move-cost modifier"),
    Parameter("limits.max_turns", 20, 400, help="turns before the Graveyard comparison decides"),
    Parameter("cards.*.cp", 0, 8, help="a sector's CP"),
    Parameter("cards.*.cost", 1, 10, help="a card's CP cost"),
    Parameter.switch("combat.tie_both_lost", help="a tied pair loses both ships (the book); off: the defender wins a tie"),
    Parameter.switch("combat.defender_first_to_graveyard",
                     help="the defender's losses reach the Graveyard first (the book); off: the attacker's, "
                          "so a double Conquest goes to the defender"),
)

SPEC = GameSpec(
    name="nearspace",
    title="Nearspace",
    min_players=2,
    max_players=2,
    summary="Two decks become the map; dice become ships; CP build fleets, engines move them; 100 facets destroyed wins.",
    build=build,
    state_class=NearspaceState,
    options=OPTIONS,
    variants={
        "standard": {},
        "centauri_first": {"deck": "centauri", "opponent_deck": "terran"},
        "small_dice": {"small_dice": True},
        "hidden_hands": {"hidden_hands": True},
        "advanced": {"banking_cp": True, "engine_storage": True, "engine_charging": True},
    },
    data_file=Path(__file__).with_name("nearspace.toml"),
    data_types=(NearspaceData,),
    max_decisions=40_000,
    rules_version=1,
    facts=GameFacts(dynamics=Dynamics.SEQUENTIAL, chance=Chance.EXPLICIT, information=Information.IMPERFECT,
                    utility=Utility.CONSTANT_SUM),  # the Hidden Hands option keeps each Hand secret (the book deals them face up)
    hooks=HOOKS,
    actions=ACTIONS,
    tasks=TASKS,
    parameters=PARAMETERS,
)

__all__ = ["SPEC", "NearspaceState"]
