"""Shared set-ups for the Black Abyss tests: a loaded fleet battle, and a battle set on the board by hand."""

from __future__ import annotations

from typing import Any

import voidtable
from voidtable.engine.positions import edit, run_until
from voidtable.games.abyss.battle import slots, start_battle
from voidtable.games.abyss.fleet.state import FleetState
from voidtable.games.abyss.ships import Ship


def fleet_battle(**options: Any) -> Any:
    return voidtable.load("abyss_battle", 2, options)


def ship_id(state: FleetState, seat: int, hull: str, n: int = 0) -> int:
    """The id of the seat's ``n``-th piece of ``hull``."""
    base = seat * slots(state.r)
    for key, h in state.r.hulls.items():
        if key == hull:
            return base + n
        base += h.pieces
    raise KeyError(hull)


def battle(ships: list[tuple[int, str, tuple[int, int]]], seed: int = 0, attacker: int = 0, **options: Any) -> FleetState:
    """A fleet-battle state whose battle has started with ``ships`` = [(seat, design, cell), ...] on the board.

    The state is held (engine.positions): its flow reports a dry stack instead of raising."""
    game = fleet_battle(**options)
    s = game.new_state(seed)
    assert isinstance(s, FleetState)
    placed = {}
    counts: dict[tuple[int, str], int] = {}
    for seat, design, cell in ships:
        hull = s.r.designs[design].hull
        n = counts.get((seat, hull), 0)
        counts[(seat, hull)] = n + 1
        placed[ship_id(s, seat, hull, n)] = Ship(seat, design, cell)
    edit(s, ships=placed, phase="battle", attacker=attacker, buying=[False, False], stack=[])
    start_battle(s)
    run_until(s)
    return s
