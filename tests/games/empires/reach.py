"""Positions for the Empires decisions random play seldom makes pending (tests/conformance/reach.py uses them).

Each builder starts from a game at round 1's pre-round (its stack intact, so the position can be played
on), clears the map of ships with engine.positions, puts the ships the rule needs, scripts the dice and
pushes an ATTACK, halting before the decision even when it has a single choice.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.positions import edit, run_until
from voidtable.engine.rng import Rng
from voidtable.games.empires.planets import Control
from voidtable.games.empires.state import EmpiresState
from voidtable.games.empires.tasks import ChooseAction, ChooseTarget

from .helpers import give_cards, script, ship, through_setup

CIRCLE = "t0.p0"  # a light circle of the centre tile: no planet


def _table() -> EmpiresState:
    """Round 1's pre-round under way, no ship on the map, every planet but the home worlds free, empty hands."""
    s = through_setup(4, 1)
    control = {k: Control(ally=int(k[4:])) if k.startswith("home") else Control() for k in s.control}
    return edit(s, ships={}, control=control, hands=[[] for _ in range(4)])


def _attack(s: EmpiresState, seat: int, space: str, target: Any, name: str, faces: list[int]) -> EmpiresState:
    """``seat`` attacks ``target`` at ``space`` with scripted dice, halting before ``name``; the dice go back to the seed."""
    script(s, faces)
    stop = run_until(s, name, push=[ChooseTarget(seat, space)])
    if stop.pending.name == "choose_target":
        s.apply(seat, Action("target", target))
    assert s.pending is not None and s.TASKS.name(s.pending) == name, f"{name} is not pending"
    return edit(s, rng=Rng(5))


def retreat_choice() -> EmpiresState:
    """Bindok II's ally, attacked with a credit in hand and a planet to go to, may withdraw before any die."""
    s = _table()
    s.control["bindok_ii"] = Control(ally=1)
    ship(s, 1, "starcruiser", CIRCLE)
    ship(s, 0, "starfighter", CIRCLE)
    s.credits[1] = 2
    return _attack(s, 0, CIRCLE, 1, "retreat_choice", [])


def pay_to_fire() -> EmpiresState:
    """A Shooting Star's owner, at its initiative, pays a credit to fire or holds fire."""
    s = _table()
    ship(s, 0, "shooting_star", CIRCLE)
    ship(s, 1, "starcruiser", CIRCLE)
    s.credits[0] = 3
    return _attack(s, 0, CIRCLE, 1, "pay_to_fire", [1])  # the Starcruiser (initiative 3) misses first


def take_planet() -> EmpiresState:
    """An undefended conquered planet is open to the attacker: conquer it or leave it."""
    s = _table()
    s.control["pyrious"] = Control(conqueror=1)
    ship(s, 0, "starfighter", "pyrious")
    return _attack(s, 0, "pyrious", 1, "take_planet", [])


def befriend_now() -> EmpiresState:
    """Right after liberating a planet, a card of its temperament allies with it at once."""
    s = _table()
    s.control["pyrious"] = Control(conqueror=0)  # Pyrious is peaceful in our data
    ship(s, 0, "starfighter", "pyrious")
    ship(s, 1, "sunhammer", "pyrious")
    give_cards(s, 1, "peaceful", 1)
    s = _attack(s, 1, "pyrious", 0, "take_planet", [6, 6])
    s.apply(1, Action("take", "liberate"))
    assert s.pending is not None and s.TASKS.name(s.pending) == "befriend_now"
    return s


def take_casualty() -> EmpiresState:
    """A hit on a side of two kinds of ship: its owner picks which one takes it."""
    s = _table()
    ship(s, 0, "sunhammer", CIRCLE)
    ship(s, 1, "starcruiser", CIRCLE)
    ship(s, 1, "starfighter", CIRCLE)
    return _attack(s, 0, CIRCLE, 1, "take_casualty", [6] * 6)


def tractor_permission() -> EmpiresState:
    """A ship moving away from a space held by a rival's Tractor Beam: the beam's owner permits or refuses."""
    s = _table()
    s.techs[1] = ["starcruiser_hulls", "tractor_beam"]
    ship(s, 1, "starcruiser", CIRCLE)
    mover = ship(s, 0, "starfighter", CIRCLE)
    run_until(s, "tractor_permission", push=[ChooseAction(0, 3)])
    s.apply(0, Action("move", mover))
    s.apply(0, next(a for a in s.legal_actions(0) if a.kind == "to"))
    assert s.pending is not None and s.TASKS.name(s.pending) == "tractor_permission"
    return s


REACH = {"empires": {"retreat_choice": retreat_choice, "pay_to_fire": pay_to_fire, "take_planet": take_planet,
                     "befriend_now": befriend_now, "take_casualty": take_casualty,
                     "tractor_permission": tractor_permission}}
