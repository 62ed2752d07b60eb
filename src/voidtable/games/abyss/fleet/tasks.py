"""The fleet battle's task records: buying fleets, deploying them, then the shared battle's tasks.

Handlers live in ``flow.py`` (the fleet battle's own steps) and in ``..battle`` (the battle,
registered here so the 4X can register the same tasks into its own registry).
"""

from __future__ import annotations

from typing import NamedTuple

from voidtable.engine.flow import Tasks

from ..battle import register

TASKS = Tasks("abyss_battle")
register(TASKS)


class Buy(NamedTuple):
    """Outfitting: the seat buys one ship of a design within its points, or says its fleet is complete."""

    seat: int


class Deploy(NamedTuple):
    """Deployment: the seat places its next ship on a free cell of its own edge of the board."""

    seat: int


class SecretBuy(NamedTuple):
    """Secret outfitting (``buying = "secret"``): both seats order ships at once, each hidden from the other,
    until both fleets are sealed; then they are revealed together."""


class OneDesign(NamedTuple):
    """The lab's ``outfit = "one_design"``: both fleets are outfitted at once, with no decision (see ``flow.py``)."""
