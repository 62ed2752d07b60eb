"""The task records of a Nearspace turn, one per rulebook step or decision (see engine.flow).

Each is a small immutable record on the flow stack; its fields are what the view,
the log and a future scene read. Handlers live in the module of their step.
"""

from __future__ import annotations

from typing import NamedTuple

from voidtable.engine.flow import Tasks

TASKS = Tasks("nearspace")


class StartTurn(NamedTuple):
    """A seat's turn begins: its six steps are pushed in the book's order."""

    seat: int


class FigureCP(NamedTuple):
    """Step 1: CP from every sector with presence (the Homeworld always), plus Advantage CP by class."""

    seat: int


class Maintenance(NamedTuple):
    """Step 2: facets in play / 10 is taken from this turn's CP; a shortfall means dismantling."""

    seat: int


class Dismantle(NamedTuple):
    """Step 2, shortfall: the owner picks among the ships farthest from the Homeworld until ``need`` facets are gone."""

    seat: int
    need: int


class BeginBuild(NamedTuple):
    """Step 3 opens: each active Directive asks for its upkeep, then the Shipyard is open."""

    seat: int


class Upkeep(NamedTuple):
    """Step 3, first: pay an active Directive's cost again to keep it, or let it go."""

    seat: int
    card: int


class Build(NamedTuple):
    """Step 3: start hulls and engines, invest CP, play and cycle cards; ``build_done`` ends it."""

    seat: int


class Target(NamedTuple):
    """A card played from the hand that needs a sector (Terraforming, an Encounter)."""

    seat: int
    card: int


class Revive(NamedTuple):
    """A revive Event: which Graveyard ship to check."""

    seat: int
    card: int


class EngineDice(NamedTuple):
    """Step 4: roll every active engine; the total (plus bonuses) is this turn's E."""

    seat: int


class Threat(NamedTuple):
    """Step 5: the seat's ships in threat sectors check; then Encounters are fought."""

    seat: int


class EncounterCheck(NamedTuple):
    """Step 5, Encounters: the owner picks which ship faces an Encounter next."""

    seat: int


class ActionStep(NamedTuple):
    """Step 6: pick the sector a group moves from, or end the turn."""

    seat: int


class Group(NamedTuple):
    """Step 6a: ships chosen to move together from ``origin``; then one step to an adjacent sector."""

    seat: int
    origin: int
    ships: tuple[int, ...]


class Defend(NamedTuple):
    """Step 6b: the defender picks which of their ships roll (at least as many as attack, or all)."""

    seat: int
    attacker: int
    origin: int
    dest: int
    attackers: tuple[int, ...]
    chosen: tuple[int, ...]


class EndTurn(NamedTuple):
    """The turn ends: Exile counts, per-turn values reset, the turn limit, the other seat's turn."""

    seat: int
