"""Black Hole Buccaneers (Pegasus Spiele, 2023): simultaneous drafting and push-your-luck, 3-6 players."""

from pathlib import Path

from voidtable.engine.game import GameSpec
from voidtable.engine.options import OptionSpec

from .actions import ACTIONS
from .data import BuccaneersData, build
from .hooks import HOOKS
from .parameters import PARAMETERS
from .state import BuccaneersState
from .tasks import TASKS


def _check_black_hole_set(value: str) -> str | None:
    if value in ("first_game", "random") or value.count(",") == 2:
        return None
    return "use first_game, random, or three Black Hole keys separated by commas (top first), e.g. dire_1,precarious_4,dangerous_3"


SPEC = GameSpec(
    name="buccaneers",
    title="Black Hole Buccaneers",
    min_players=3,
    max_players=6,
    summary="Draft Space Trash around a Black Hole over 3 rounds; the heaviest haul is pulled in.",
    build=build,
    state_class=BuccaneersState,
    options=[
        OptionSpec("black_hole_set", str, "first_game",
                   "which 3 Black Holes: the first-game set, 3 random of the 13, or 3 named keys (top first)",
                   choices=("first_game", "random", "KEY,KEY,KEY"), check=_check_black_hole_set),
    ],
    variants={
        "first_game": {"black_hole_set": "first_game"},
        "random": {"black_hole_set": "random"},
        "named": {"black_hole_set": "dire_1,precarious_4,dangerous_3"},
    },
    data_file=Path(__file__).with_name("cards.toml"),
    data_types=(BuccaneersData,),
    max_decisions=400,
    actions=ACTIONS,
    tasks=TASKS,
    rules_version=2,  # 2: events and views say 'seat' where they said 'player'
    hooks=HOOKS,
    parameters=PARAMETERS,
)
