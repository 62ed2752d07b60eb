"""Shared set-ups for the Black Abyss tests: a loaded fleet battle, and a battle set on the board by hand."""

from __future__ import annotations

from typing import Any

import voidtable
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
    """A fleet-battle state whose battle is about to start with ``ships`` = [(seat, design, cell), ...] on the board."""
    game = fleet_battle(**options)
    s = game.new_state(seed)
    assert isinstance(s, FleetState)
    s.ships = {}
    counts: dict[tuple[int, str], int] = {}
    for seat, design, cell in ships:
        hull = s.r.designs[design].hull
        n = counts.get((seat, hull), 0)
        counts[(seat, hull)] = n + 1
        s.ships[ship_id(s, seat, hull, n)] = Ship(seat, design, cell)
    s.phase = "battle"
    s.attacker = attacker
    s.buying = [False, False]
    s.stack = []
    s._legal = None
    start_battle(s)
    s.advance()
    s.take_events()
    return s
