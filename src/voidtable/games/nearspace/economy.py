"""Steps 1 and 2: Figure Construction Points, then Fleet Maintenance (and dismantling when it is short).

CP come from every face-up sector where the seat has presence (its own Homeworld
unless enemy ships hold it); an Advantage adds CP that only a ship of its class may
take, kept apart in ``cp_class`` so it can never pay maintenance. Maintenance is
the facets of finished, non-exempt ships divided by 10, rounded down. When it is
more than the CP, the owner dismantles ships, farthest from the Homeworld first,
until the facets removed reach ten times the shortfall (the book's explicit
number); the dice go back to the Stockpile, not the Graveyard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action

from .actions import DISMANTLE
from .events import ConstructionPoints, Dismantled, MaintenanceDue, MaintenancePaid
from .tasks import TASKS, Dismantle, FigureCP, Maintenance
from .victory import check_end

if TYPE_CHECKING:
    from .state import NearspaceState


def sector_cp(s: "NearspaceState", place: int) -> tuple[int, str, int]:
    """``(cp, advantage class, advantage cp)`` of a place's card (nothing if face down or not a sector)."""
    card = s.place_of(place)
    if card is None or not s.face_up[place] or card.kind in ("event", "directive", "encounter"):
        return 0, "", 0
    return card.cp, card.advantage_class, card.advantage_cp


def construction_points(s: "NearspaceState", seat: int) -> tuple[int, dict[str, int]]:
    """General CP and class-bound Advantage CP from every place with presence."""
    total, bound = 0, dict[str, int]()
    for place in range(len(s.place_card)):
        if not s.presence(seat, place):
            continue
        cp, cls, extra = sector_cp(s, place)
        total += cp
        if cls and extra:
            bound[cls] = bound.get(cls, 0) + extra
    return total, bound


@TASKS.auto(FigureCP)
def figure_construction_points(s: "NearspaceState", task: FigureCP) -> None:
    s.cp, s.cp_class = construction_points(s, task.seat)
    banked, s.bank[task.seat] = s.bank[task.seat], 0  # Banking CP: last turn's savings join this turn's CP
    s.cp += banked
    s.emit(ConstructionPoints(task.seat, s.cp, dict(s.cp_class), banked))


def maintenance_cost(s: "NearspaceState", seat: int) -> int:
    return s.fleet_facets(seat) // s.r.data.maintenance.divisor


@TASKS.auto(Maintenance)
def fleet_maintenance(s: "NearspaceState", task: Maintenance) -> None:
    facets = s.fleet_facets(task.seat)
    cost = facets // s.r.data.maintenance.divisor
    s.emit(MaintenanceDue(task.seat, facets, cost, s.cp))
    if cost <= s.cp:
        s.cp -= cost
        return
    s.push(Dismantle(task.seat, s.r.data.maintenance.divisor * (cost - s.cp)))


def dismantle_candidates(s: "NearspaceState", seat: int) -> list[int]:
    """The seat's non-exempt ships at the greatest distance from its Homeworld."""
    dist = s.r.board.distance[seat]
    ships = [(i, sh) for i, sh in s.fleet(seat) if not s.r.traits(sh.die).maintenance_free]
    if not ships:
        return []
    far = max(dist[sh.place] for _, sh in ships)
    return [i for i, sh in ships if dist[sh.place] == far]


def dismantle_legal(s: "NearspaceState", task: Dismantle) -> list[Action]:
    return [DISMANTLE(i) for i in dismantle_candidates(s, task.seat)]


@TASKS.decision(Dismantle, legal=dismantle_legal)
def dismantle(s: "NearspaceState", task: Dismantle, action: Action) -> None:
    ship = s.ships.pop(action.arg)
    s.stockpile[task.seat] = s.stockpile[task.seat].give(ship.die)
    need = task.need - ship.die.facets
    s.emit(Dismantled(task.seat, action.arg, ship.die.sides, ship.die.colour, s.hex(ship.place), max(0, need)))
    if need > 0 and dismantle_candidates(s, task.seat):
        s.push(task._replace(need=need))
        return
    s.cp = max(0, s.cp - maintenance_cost(s, task.seat))
    s.emit(MaintenancePaid(task.seat, s.fleet_facets(task.seat), s.cp))
    check_end(s)
