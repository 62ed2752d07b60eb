"""Black Sun: a hex game of six asymmetric factions round a star, with blockades, raids and Need/Crisis scoring.

Rules page: docs/rules/blacksun.md. Numbers: blacksun.toml.
"""

from __future__ import annotations

from pathlib import Path

from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.game import GameSpec
from voidtable.engine.options import OptionSpec

from .actions import ACTIONS
from .data import SUNS, Rules, build
from .flow import TASKS
from .hooks import HOOKS
from .parameters import PARAMETERS
from .state import BlackSunState

OPTIONS = [
    OptionSpec("sun", str, "random", "which Sun sits in the middle (the players' choice, or drawn at random)",
               choices=("random", *SUNS), label="Sun",
               choice_words=(("random", "drawn at random"), ("yellow_sun", "the Yellow Sun"), ("red_giant", "the Red Giant"),
                             ("white_dwarf", "the White Dwarf"))),
    OptionSpec("length", str, "short", "short game: 10 points; long game: 20 points", choices=("short", "long"),
               label="Game length", choice_words=(("short", "short: first to 10 points"), ("long", "long: first to 20 points"))),
    OptionSpec("necessity", bool, False, "Necessity variant: Need/Crisis counters may only be removed by a player who scores for them",
               label="Necessity variant"),
    OptionSpec("manual_setup", bool, False, "Manual Setup variant: after the Gas Giants, the hexes are dealt to the players who lay them in turn",
               label="Manual Setup variant"),
    OptionSpec("loaning", bool, False, "Loaning variant: players may formally lend ships to each other and recall them",
               label="Loaning variant"),
    OptionSpec("story", bool, False, "Story variant: the game belongs to one player (highest of 3d6) and ends on their terms",
               label="Story variant"),
]

SPEC = GameSpec(
    name="blacksun",
    title="Black Sun",
    min_players=2,
    max_players=6,
    summary="Six asymmetric factions in a random stellar system: run blockades, raid, answer Needs and Crises; first to 10 (or 20) points.",
    build=build,
    state_class=BlackSunState,
    options=OPTIONS,
    variants={
        "standard": {},
        "necessity": {"necessity": True},
        "manual_setup": {"manual_setup": True},
        "loaning": {"loaning": True},
        "story": {"story": True},
    },
    data_file=Path(__file__).with_name("blacksun.toml"),
    data_types=(Rules,),
    max_decisions=40_000,
    hooks=HOOKS,
    parameters=PARAMETERS,
    rules_version=2,
    facts=GameFacts(dynamics=Dynamics.SEQUENTIAL, chance=Chance.EXPLICIT, information=Information.PERFECT,
                    utility=Utility.CONSTANT_SUM),  # everything on the table is open; only the undealt faction cards are unseen, by everyone
    actions=ACTIONS,
    tasks=TASKS,
)
