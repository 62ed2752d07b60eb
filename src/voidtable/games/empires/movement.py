"""MOVE: one ship along the lines, up to its move value; obstacles bar it without the ability to pass.

Enemy ships do not block (a reading: only the Tractor Beam holds ships, and it is
not built yet). The Moth ignores every obstacle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .galaxy import reach
from .planets import benefits

if TYPE_CHECKING:
    from .state import EmpiresState


def passes(s: "EmpiresState", seat: int) -> frozenset[str]:
    """Obstacle kinds the seat's ships may cross (technologies and planet abilities)."""
    out = {s.r.tech(t).effect[len("pass_"):] for t in s.techs[seat] if s.r.tech(t).effect.startswith("pass_")}
    out |= {a[len("pass_"):] for a in benefits(s, seat).abilities if a.startswith("pass_")}
    return frozenset(out)


def move_value(s: "EmpiresState", ship_id: int) -> int:
    ship = s.ships[ship_id]
    value = s.r.ship(ship.kind).move
    if any(s.r.tech(t).effect == "move" for t in s.techs[ship.owner]):
        value += 1
    if ship.kind == "starfighter" and "starfighter_move" in benefits(s, ship.owner).abilities:
        value += 1
    return value


def destinations(s: "EmpiresState", ship_id: int) -> list[str]:
    ship = s.ships[ship_id]
    dist = reach(s.graph, ship.space, move_value(s, ship_id), passes(s, ship.owner), s.asteroid_spaces,
                 s.r.ship(ship.kind).ignores_obstacles)
    return sorted(dist)
