"""Black Abyss's fleet battle: two players outfit fleets with the same points, then fight on the battle board.

The mini game the draft names (outfit ships with a fixed number of points, then
battle to the death), built on the shared ship and battle modules of
``games/abyss`` (``..ships``, ``..battle``). The rules page is docs/rules/abyss.md.
"""

from __future__ import annotations

from pathlib import Path

from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.game import GameSpec
from voidtable.engine.options import OptionSpec
from voidtable.engine.parameters import Parameter

from . import flow  # noqa: F401  (registers the fleet battle's tasks)
from .actions import ACTIONS
from ..data import AbyssData, build
from .hooks import HOOKS
from .state import FleetState
from .tasks import TASKS

OPTIONS = [
    OptionSpec("battle", str, "board", "board: the battle is played on the battle board, ship by ship; "
               "auto: a scripted policy plays the battle (a lab mode for fast runs, not the game)",
               choices=("board", "auto"), label="Battle",
               choice_words=(("board", "on the battle board"), ("auto", "played by a script (lab mode)"))),
    OptionSpec("buying", str, "open", "open: the seats buy in turns, one ship at a time, in view of each other; "
               "secret: both order at once, each hidden from the other, and the fleets are revealed together",
               choices=("open", "secret"), label="Buying ships",
               choice_words=(("open", "in turns, in view of each other"), ("secret", "both at once, in secret"))),
    OptionSpec("outfit", str, "buy", "buy: the seats outfit their fleets (the game); or one design, a lab mode, not the game: "
               "the first seat listed flies as many ships of one design (drawn at random each game) as its points "
               "and pieces allow, against a field of designs drawn at random for the other seat",
               choices=("buy", "one_design"), label="Fleets",
               choice_words=(("buy", "outfitted by the players"), ("one_design", "one design against a random field (lab mode)"))),
    OptionSpec("flee", bool, False, "from the second round a side may flee the board (and so lose the fleet battle); "
               "the mini game is to the death, so this is off", label="Fleeing allowed"),
]

PARAMETERS = (
    Parameter("minigame.budget", 10, 120, help="points to outfit each fleet (1 point = 1 energy or 1 mineral)"),
    Parameter("minigame.max_rounds", 5, 60, help="battle rounds before the remaining points decide"),
    Parameter("battle.width", 5, 20, help="battle board columns"),
    Parameter("battle.height", 3, 16, help="battle board rows"),
    Parameter("battle.jammer_weight", 0, 3, help="initiative points one jammer rating takes from the opponent"),
    Parameter("hulls.*.energy", 0, 20, help="a hull's energy cost"),
    Parameter("hulls.*.minerals", 0, 20, help="a hull's mineral cost"),
    Parameter("hulls.*.board_move", 0, 6, help="a hull's squares of movement on the battle board"),
    Parameter("hulls.*.pieces", 1, 12, help="pieces of a hull per player"),
    Parameter("tiles.*.energy", 0, 20, help="a ship tile's energy cost"),
    Parameter("tiles.*.minerals", 0, 20, help="a ship tile's mineral cost"),
    Parameter("tiles.*.hit", 1, 12, help="the lowest roll a weapon hits on (after shields)"),
    Parameter("tiles.*.range", 0, 9, help="a weapon's range on the battle board"),
    Parameter("tiles.*.rating", 0, 5, help="a computer's, jammer's, shield's or engine's rating"),
)

SPEC = GameSpec(
    name="abyss_battle",
    title="Black Abyss: Fleet Battle",
    min_players=2,
    max_players=2,
    summary="Outfit a fleet from the same points as your rival, deploy on your edge, and fight it out on the battle board.",
    build=build,
    state_class=FleetState,
    options=OPTIONS,
    variants={"standard": {}, "auto": {"battle": "auto"}, "flee": {"flee": True}, "secret": {"buying": "secret"}},
    data_file=Path(__file__).parent.parent / "abyss.toml",
    data_types=(AbyssData,),
    max_decisions=20_000,
    rules_version=1,
    facts=GameFacts(dynamics=Dynamics.SIMULTANEOUS, chance=Chance.EXPLICIT, information=Information.IMPERFECT,
                    utility=Utility.CONSTANT_SUM),  # both fleets are bought in secret at once
    hooks=HOOKS,
    actions=ACTIONS,
    tasks=TASKS,
    parameters=PARAMETERS,
)

__all__ = ["SPEC", "FleetState"]
