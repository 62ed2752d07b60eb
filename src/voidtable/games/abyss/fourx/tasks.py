"""The main game's task records: one per step of a cycle, named after the draft's phases.

Handlers live in the phase modules (``cycle``, ``movement``, ``spacebattle``,
``colonise``, ``purchase``, ``tribunal``); the space battle's own tasks come from
``..battle`` and are registered here too.
"""

from __future__ import annotations

from typing import NamedTuple

from voidtable.engine.flow import Tasks

from ..battle import register

TASKS = Tasks("abyss")
register(TASKS)


class HomePick(NamedTuple):
    """Map option 1: the seat picks the face-down place its home world replaces."""

    seat: int


class Cycle(NamedTuple):
    """A new cycle: every phase in order, each finished by every player before the next."""


class Production(NamedTuple):
    """Phase I: every player collects from the farms, mines and plants their habitats keep working."""


class MonstersMove(NamedTuple):
    """Phase II begins: each space monster moves to a random face-up neighbouring place."""


class StartMoving(NamedTuple):
    """Phase II for one seat: its ships get their moves for the phase."""

    seat: int


class Movement(NamedTuple):
    """Phase II: the seat picks a ship to move, declares war, offers peace, or is done."""

    seat: int


class ShipMove(NamedTuple):
    """The picked ship steps to a neighbouring place, jumps a wormhole, scans the planet below, or stops."""

    seat: int
    ship: int


class AsteroidHit(NamedTuple):
    """An asteroid damaged the ship: its owner covers one working square."""

    seat: int
    ship: int


class FreeTech(NamedTuple):
    """A bonus square held a free technology: its finder picks one of the tier-1 technologies it lacks."""

    seat: int


class PeaceOffer(NamedTuple):
    """The seat answers another's offer of peace."""

    seat: int
    by: int


class Battles(NamedTuple):
    """Phase III a: each place where players at war share space holds a battle on the board."""


class Colonise(NamedTuple):
    """Phase III c: the seat's colony ships above hospitable planets may found colonies."""

    seat: int


class Purchase(NamedTuple):
    """Phase IV: the seat builds, bulldozes, researches, buys ships and repairs, then is done."""

    seat: int
    bought: int = 0   # purchases made so far this phase (a phase with none is an empty purchase phase)


class Events(NamedTuple):
    """Phase V (every few cycles): an event, the resolutions, then the tribunal election."""


class ResolutionVote(NamedTuple):
    """The seat votes on a resolution with all its votes, or abstains."""

    seat: int
    card: str
    standing: bool            # a resolution already in force, voted on again
    yes: int = 0
    no: int = 0
    voters: tuple[int, ...] = ()  # seats still to vote after this one


class Election(NamedTuple):
    """The seat votes for a candidate for the tribunal seat with all its votes, or abstains."""

    seat: int
    candidates: tuple[int, ...]
    tally: tuple[int, ...] = ()   # votes so far, per candidate
    voters: tuple[int, ...] = ()


class EndOfCycle(NamedTuple):
    """The end of the cycle: victories, the cycle limit, then the first player passes to the left."""


class Bombard(NamedTuple):
    """After the space battles: at each planet, defences fire at enemy ships above, then bomb bays at buildings."""


class DefenceShot(NamedTuple):
    """One planetary defence fires at an enemy ship above its planet."""

    seat: int
    place: int
    target: int


class BombShot(NamedTuple):
    """One working bomb bay of a ship above an enemy planet rolls."""

    seat: int
    ship: int
    place: int


class BombChoice(NamedTuple):
    """A bomb hit on a planet where several enemy races live: the bomber picks whose building is hit."""

    seat: int
    place: int


class Demolish(NamedTuple):
    """A bomb hit: the planet's owner (the race picked) chooses which of its buildings is destroyed."""

    seat: int
    place: int


class TakeHit(NamedTuple):
    """A defence hit a ship: its owner covers one working square."""

    seat: int
    ship: int


class Ground(NamedTuple):
    """Phase III b for one seat: its marines that landed earlier march, fight, capture or raze."""

    seat: int


class Capacity(NamedTuple):
    """After the battles: buildings beyond their habitats' room stop (the owner chooses), or start again."""


class ShutDown(NamedTuple):
    """The seat covers one of its buildings on the planet with a damage disk: its habitats cannot support it."""

    seat: int
    place: int


class Seize(NamedTuple):
    """A marine stack holds a square with another race's building: capture it or destroy it."""

    seat: int
    place: int
    square: int


class PlanetShot(NamedTuple):
    """The planet side of the battle board: one working defence of the planet fires at an enemy ship in range."""

    seat: int
    place: int
