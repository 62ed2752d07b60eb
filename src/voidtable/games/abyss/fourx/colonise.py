"""Phase III c, colonisation: a ship with a working colony pod above a hospitable planet founds a colony.

The habitat goes on an explored square that is not water and holds no building,
whoever else lives on the planet. The pod is used up (its square takes a damage
disk). Green planets are hospitable from the start; technologies add blue (and
moons), then yellow, then red.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action

from ..ships import destroyed, disable, working_squares
from .actions import COLONIZE, DONE
from .planets import hospitable, is_planet
from .tasks import TASKS, Colonise
from .events import ColonyFounded

if TYPE_CHECKING:
    from .state import AbyssState


def pod_square(s: "AbyssState", ship_id: int) -> int | None:
    """The ship's first working colony pod."""
    sh = s.ships[ship_id]
    tiles = s.r.designs[sh.design].tiles
    for q in working_squares(s.r, sh):
        if tiles[q] and s.r.tiles[tiles[q]].kind == "colony":
            return q
    return None


def colony_ships(s: "AbyssState", seat: int) -> list[int]:
    return [i for i, sh in sorted(s.ships.items()) if sh.owner == seat and i in s.where and pod_square(s, i) is not None]


def sites(s: "AbyssState", seat: int, place: int) -> list[int]:
    """Squares of the planet where the seat may place a habitat."""
    on = s.m.buildings["habitat"].on
    surface, built = s.surface.get(place, ()), s.built.get(place, ())
    return [q for q, t in enumerate(surface) if t and t in on and built[q] is None]


def colonise_legal(s: "AbyssState", task: Colonise) -> list[Action]:
    out = []
    seen = set()
    for i in colony_ships(s, task.seat):
        place = s.where[i]
        if place in seen or not is_planet(s.kinds[place]) or not hospitable(s.m, s.techs[task.seat], s.kinds[place]):
            continue
        seen.add(place)
        out += [COLONIZE((place, q)) for q in sites(s, task.seat, place)]
    return out + [DONE()] if out else []


@TASKS.decision(Colonise, legal=colonise_legal)
def colonise(s: "AbyssState", task: Colonise, action: Action) -> None:
    s.phase = "colonisation"
    if action.kind == "done":
        return
    place, q = action.arg
    seat = task.seat
    ship_id = next(i for i in colony_ships(s, seat) if s.where[i] == place)
    pod = pod_square(s, ship_id)
    assert pod is not None
    ship = disable(s.ships[ship_id], pod)
    if destroyed(s.r, ship):
        del s.ships[ship_id]
        del s.where[ship_id]
        s.cargo.pop(ship_id, None)
        s.carried.pop(ship_id, None)
    else:
        s.ships[ship_id] = ship
    built = list(s.built[place])
    built[q] = (seat, "habitat")
    s.built[place] = tuple(built)
    s.emit(ColonyFounded(seat, place, q, ship_id))
    s.push(task)
