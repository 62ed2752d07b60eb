"""Positions for the Black Abyss decisions random play seldom makes pending (tests/conformance/reach.py uses them).

Each builder starts from a game under way (its stack intact, so the position can be played on), sets up
what the rule needs with engine.positions, and runs the steps that lead to the decision, halting before
it even when it has a single choice. Dice are the state's own: a builder tries seeds in order until one
gives the hit the decision needs (the same seeds every time).
"""

from __future__ import annotations

from voidtable.engine.positions import edit, run_until
from voidtable.engine.rng import Rng
from voidtable.games.abyss.fourx.state import AbyssState
from voidtable.games.abyss.fourx.tasks import Bombard
from voidtable.games.abyss.ships import Ship

from .main_helpers import main_state

SEEDS = range(60)


def _planet_under_attack(planet_owners: tuple[int, ...], seed: int = 2) -> tuple[AbyssState, int]:
    """Race 0 at war with ``planet_owners``, whose buildings share race 1's home world; race 1's ships elsewhere."""
    s = main_state(3, seed=seed)
    place = s.m.galaxy.homes[1]
    built = list(s.built[place])
    for k, owner in enumerate(planet_owners[1:], start=6):
        built[k] = (owner, "habitat")
    ships = {i: sh for i, sh in s.ships.items() if sh.owner != 1}
    where = {i: p for i, p in s.where.items() if i in ships}
    edit(s, war=frozenset((0, p) for p in planet_owners), built={**s.built, place: tuple(built)}, ships=ships, where=where)
    return s, place


def _bombed_until(name: str, planet_owners: tuple[int, ...]) -> AbyssState:
    """Race 0's bomber over the planet; the first seed whose bombardment makes ``name`` pending."""
    s, place = _planet_under_attack(planet_owners)
    s.ships[90], s.where[90] = Ship(0, "bomber"), place
    for seed in SEEDS:
        c = edit(s.clone(), rng=Rng(seed))
        if run_until(c, name, push=[Bombard()]).pending.name == name:
            return c
    raise AssertionError(f"no seed in {SEEDS} makes {name} pending")


def demolish() -> AbyssState:
    """A bomb hit on a planet of one enemy race: that race picks the building it loses."""
    return _bombed_until("demolish", (1,))


def bomb_choice() -> AbyssState:
    """A bomb hit on a planet two enemy races share: the bomber's race picks whose building is hit."""
    return _bombed_until("bomb_choice", (1, 2))


def take_hit() -> AbyssState:
    """A planetary defence hits a ship above: the ship's owner covers one of its working squares."""
    s, place = _planet_under_attack((1,))
    built = list(s.built[place])
    built[4], built[5] = (1, "habitat"), (1, "defence")
    edit(s, built={**s.built, place: tuple(built)})
    s.ships[90], s.where[90] = Ship(0, "escort"), place
    for seed in SEEDS:
        c = edit(s.clone(), rng=Rng(seed))
        if run_until(c, "take_hit", push=[Bombard()]).pending.name == "take_hit":
            return c
    raise AssertionError(f"no seed in {SEEDS} makes take_hit pending")


REACH = {"abyss": {"demolish": demolish, "bomb_choice": bomb_choice, "take_hit": take_hit}}
