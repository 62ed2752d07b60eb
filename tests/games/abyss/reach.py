"""Positions for the Black Abyss decisions random play seldom makes pending (tests/conformance/reach.py uses them).

Each builder starts from a game under way (its stack intact, so the position can be played on), sets up
what the rule needs with engine.positions, and runs the steps that lead to the decision, halting before
it even when it has a single choice. Dice are the state's own: a builder tries seeds in order until one
gives the hit the decision needs (the same seeds every time).
"""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.positions import edit, run_until
from voidtable.engine.rng import Rng
from voidtable.games.abyss.fourx.state import AbyssState
from voidtable.games.abyss.battle import Fire
from voidtable.games.abyss.fourx.tasks import Battles, Bombard, Ground
from voidtable.games.abyss.ships import Ship, stats

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


def seize() -> AbyssState:
    """Marines that landed last cycle march onto an enemy habitat: their race may capture the planet."""
    s, place = _planet_under_attack((1,))
    marines = (None, (0, 5, (s.cycle - 1,) * 5), None, None, (1, 1, (0,))) + (None,) * 4
    edit(s, marines={**s.marines, place: marines})
    run_until(s, "seize", push=[Ground(0)])
    s.apply(0, Action("march", (place, 1, 0)))
    assert s.pending is not None and s.TASKS.name(s.pending) == "seize"
    return s


def fire() -> AbyssState:
    """A space battle: race 0's escort, next to race 1's ship after its move, picks a target for a weapon."""
    s = main_state(3, seed=1)
    place = s.m.galaxy.homes[1]
    defender = min(i for i, sh in s.ships.items() if s.where.get(i) == place)
    edit(s, war=frozenset({(0, 1)}))
    s.ships[90], s.where[90] = Ship(0, "escort"), place
    run_until(s, "fire", push=[Battles()])          # the battle sets the ships on its board
    x, y = s.ships[defender].cell
    s.ships[90] = s.ships[90]._replace(cell=(x, y + 1 if y < 7 else y - 1))
    weapon = stats(s.r, s.ships[90]).weapons[0]
    run_until(s, "fire", push=[Fire(0, 90, weapon)])
    assert s.pending is not None and s.TASKS.name(s.pending) == "fire"
    return s


def disable() -> AbyssState:
    """A hit in a space battle: the hit ship's owner picks the square that takes the damage disk."""
    s = fire()
    target = s.legal_actions(0)[0]
    for seed in SEEDS:
        c = edit(s.clone(), rng=Rng(seed))
        run_until(c, "disable")
        c.apply(0, target)
        if c.pending is not None and c.TASKS.name(c.pending) == "disable":
            return c
    raise AssertionError(f"no seed in {SEEDS} makes disable pending")


def free_tech() -> AbyssState:
    """A bonus square's free technology: its finder picks one of the tier-1 technologies it lacks."""
    s = main_state(3, seed=1)
    run_until(s, "free_tech", push=[s.TASKS.by_name["free_tech"].cls(0)])
    return s


REACH = {"abyss": {"demolish": demolish, "bomb_choice": bomb_choice, "take_hit": take_hit, "seize": seize,
                   "fire": fire, "disable": disable}}
if "free_tech" in AbyssState.TASKS.by_name:  # the free technology decision is being added alongside
    REACH["abyss"]["free_tech"] = free_tech
