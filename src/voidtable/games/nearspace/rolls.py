"""Nearspace's dice on the table: each face drawn through ``engine.dice.face`` and told in a ``Rolled`` record.

``engine.dice.roll`` would tell a roll as a dict; Nearspace's events are records, so its rolls
draw the same face (the same random sequence) and emit the game's own :class:`~.events.Rolled`,
in the form ``roll`` and ``check`` write (the golden records pin it). A quiet state builds none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.dice import Die, Throw, face
from voidtable.engine.types import Seat

from .events import Rolled, RollWhy

if TYPE_CHECKING:
    from .state import NearspaceState


def roll(s: "NearspaceState", die: Die, why: RollWhy, *, seat: Seat | None = None, ship: int | None = None,
         card: str | None = None) -> int:
    """Roll ``die`` for a seat (and its ship) or for an Encounter card; return the face (1..sides)."""
    value = face(s.rng, die)
    if not s.quiet:
        s.emit(Rolled(sides=die.sides, colour=die.colour, value=value, seat=seat, ship=ship, card=card, why=why))
    return value


def check(s: "NearspaceState", die: Die, target: int, why: RollWhy, *, seat: Seat, ship: int | None = None) -> bool:
    """"Check for #": roll ``die``; True when the face is ``target`` or less (the record carries the target)."""
    value = face(s.rng, die)
    if not s.quiet:
        s.emit(Rolled(sides=die.sides, colour=die.colour, value=value, check=target, seat=seat, ship=ship, why=why))
    return value <= target


def throw(s: "NearspaceState", die: Die, why: RollWhy) -> Throw:
    """A roll-off round (``engine.dice.roll_off``): each seat still rolling rolls ``die``, in seat order."""

    def each(rolling: list[int]) -> dict[int, int]:
        return {p: roll(s, die, why, seat=p) for p in rolling}

    return each
