"""Black Hole Buccaneers (Pegasus Spiele, 2023): simultaneous drafting and push-your-luck, 3-6 players."""

from pathlib import Path

from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.game import GameSpec
from voidtable.engine.options import Compose, OptionSpec
from voidtable.engine.rulesdata import read_toml

from .actions import ACTIONS
from .data import BuccaneersData, build
from .hooks import HOOKS
from .parameters import PARAMETERS
from .state import BuccaneersState
from .text import hole_words
from .tasks import TASKS


def _check_black_hole_set(value: str) -> str | None:
    if value in ("first_game", "random") or value.count(",") == 2:
        return None
    return ("use first_game, random, or three Black Holes separated by commas (top first), e.g. "
            "dire_1,precarious_4,dangerous_3; the 13: " + ", ".join(f"{k} ({w})" for k, w in _black_holes()))


def _black_holes() -> tuple[tuple[str, str], ...]:
    """Every Black Hole card of the rules data: its key and its face in words (colour, Threshold, hand size)."""
    data = read_toml(Path(__file__).with_name("cards.toml"))
    return tuple((key, hole_words(bh["color"], bh["threshold"], bh["hand_size"])) for key, bh in data["black_holes"].items())


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
                   "which 3 Black Holes the game is played under, one a round from the top: the set for a first game, "
                   "3 drawn at random from the 13, or 3 of your choice",
                   choices=("first_game", "random", "KEY,KEY,KEY"), check=_check_black_hole_set, label="Black Holes",
                   choice_words=(("first_game", "the set for a first game"), ("random", "3 at random")),
                   compose=Compose("3 of your choice", 3, _black_holes, pick_label="Round {n}")),
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
    facts=GameFacts(dynamics=Dynamics.SIMULTANEOUS, chance=Chance.EXPLICIT, information=Information.IMPERFECT,
                    utility=Utility.CONSTANT_SUM),  # the selection: every seat picks a card at once, hidden until all have
    hooks=HOOKS,
    parameters=PARAMETERS,
)
