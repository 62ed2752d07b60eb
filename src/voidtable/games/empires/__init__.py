"""Empires of the Void (Red Raven Games, 2011): 2-4 empires in a galaxy of seven hexagons.

The rules on the engine's seam (flow tasks, declared fields and actions, typed
TOML data); everything a front end needs comes through ``SPEC.hooks``
(``hooks.py``). What is built, assumed and absent: docs/rules/empires.md.
"""

from __future__ import annotations

from pathlib import Path

from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.game import GameSpec
from voidtable.engine.options import OptionSpec
from voidtable.engine.parameters import Parameter

from . import combat, preround, rounds, setup, trade, turn  # noqa: F401  (register the tasks)
from .actions import ACTIONS
from .data import EmpiresData
from .hooks import HOOKS
from .ruleset import build
from .state import EmpiresState
from .tasks import TASKS

OPTIONS = [
    OptionSpec("short", bool, False, "short game: end with the second scoring (round 9)", label="Short game"),
    OptionSpec("advanced", bool, False, "advanced rules: turn order by planets each round; build and research in turn order",
               label="Advanced rules"),
    OptionSpec("open_scores", bool, False, "show every seat's VP (the book keeps VP tokens face down)", label="Open scores"),
    OptionSpec("negotiation", str, "off", "binding offers between players: off, licences (credits for a trade-good "
               "licence), full (credits, cards, licences)", choices=("off", "licences", "full"), label="Negotiation",
               choice_words=(("off", "off"), ("licences", "licences for credits"), ("full", "credits, cards and licences"))),
]

PARAMETERS = (
    Parameter("game.home_bonus_vp", 0, 6, help="VP per scoring for holding another player's home world"),
    Parameter("ships.*.cost", 0, 10, help="a ship's cost in credits"),
    Parameter("techs.*.cost", 0, 12, help="a technology's cost in credits"),
    Parameter("planets.*.vp", 0, 6, help="a planet's VP at each scoring"),
    Parameter("planets.*.influence", 0, 5, help="a planet's influence at the council"),
    Parameter("races.*.credits", 0, 12, help="a race's starting credits and income"),
    Parameter("new_earth.vp", 0, 4, help="New Earth's VP at each scoring (the Nomads' home once terraformed)"),
    Parameter("new_earth.credits", 0, 6, help="New Earth's credits each turn to whoever controls it"),
)

SPEC = GameSpec(
    name="empires",
    title="Empires of the Void",
    min_players=2,
    max_players=4,
    summary="Conquer or befriend planets, research, and sway the Galactic Council over 11 rounds and 3 scorings.",
    build=build,
    state_class=EmpiresState,
    options=OPTIONS,
    variants={
        "standard": {},
        "short": {"short": True},
        "advanced": {"advanced": True},
        "advanced_short": {"advanced": True, "short": True},
        "negotiation": {"negotiation": "full"},
        "open_licences": {"negotiation": "licences", "open_scores": True},
    },
    data_file=Path(__file__).with_name("empires.toml"),
    data_types=(EmpiresData,),
    max_decisions=20_000,
    # 2: New Earth replaces Earth (a planet card instead of +2 income); 3: offer windows between rounds;
    # 4: four of the book's clauses (issue 25): a Tractor Beam's owner is asked when a move would leave or pass its
    # space, a Retreat between equally near planets is the player's choice, Sreech may infest home worlds, a Space
    # Port researched in the base game's hidden pre-round takes a ship built in it;
    # 5: what a hand holds stays hidden (issue 24): decisions whose choices depend on it always wait for their seat
    # (an offer's answer, discarding down, a turn's actions, the open pre-round, Tactic windows), and a Tactic window
    # opens by the hand's size, not by the cards in it
    rules_version=5,
    facts=GameFacts(dynamics=Dynamics.SIMULTANEOUS, chance=Chance.EXPLICIT, information=Information.IMPERFECT,
                    utility=Utility.CONSTANT_SUM),  # hands of cards; the pre-round's hidden orders are given at once
    hooks=HOOKS,
    actions=ACTIONS,
    tasks=TASKS,
    parameters=PARAMETERS,
)

__all__ = ["SPEC", "EmpiresState"]
