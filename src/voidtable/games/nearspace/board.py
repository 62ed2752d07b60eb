"""The map: places (hex coordinates), their adjacency as data, and distances from each Homeworld.

The book's layout figure is missing; the rules data lays the cards on a hex
rhombus (see nearspace.toml ``[map]``). Adjacency is hex adjacency of the places
unless ``map.edges`` lists the pairs explicitly, so a better reading of the
figure replaces data, not code. Distances (steps from a seat's Homeworld) decide
which ships are dismantled first and what 'across the Frontier' means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from voidtable.engine import hexgrid
from voidtable.engine.errors import RulesDataError
from voidtable.engine.graph import Steps, all_steps
from voidtable.engine.types import Hex

EMPTY = -1  # a place with no card left (its Encounter was beaten and no card could replace it)

if TYPE_CHECKING:
    from .data import MapData


@dataclass(frozen=True)
class Board:
    """Places in a fixed order (index = place id), neighbours, each seat's distances and every pair's."""

    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    neighbours: tuple[tuple[int, ...], ...]
    neutral: int
    homeworld: tuple[int, int]
    frontier: tuple[tuple[int, ...], tuple[int, ...]]
    pyramid: tuple[tuple[int, ...], tuple[int, ...]]
    distance: tuple[tuple[int, ...], tuple[int, ...]]  # distance[seat][place] from seat's Homeworld
    enemy_side_from: int
    steps: Steps  # steps[a][b] between any two places, built with the board (the map never changes)

    def across_frontier(self, seat: int, place: int) -> bool:
        """A place on the opponent's side of the Frontier (the opening round may not enter it)."""
        return self.distance[seat][place] > self.enemy_side_from

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]


def build_board(m: "MapData") -> Board:
    """The board from ``[map]``: every place once, connected, 2 Homeworlds, 2 Frontier halves, 2 pyramids."""
    order: list[Hex] = [tuple(m.neutral)]  # type: ignore[list-item]
    for seat in range(2):
        order += [tuple(h) for h in m.frontier[seat]]  # type: ignore[misc]
        order += [tuple(h) for h in m.pyramid[seat]]  # type: ignore[misc]
        order.append(tuple(m.homeworlds[seat]))  # type: ignore[arg-type]
    if len(m.homeworlds) != 2 or len(m.frontier) != 2 or len(m.pyramid) != 2:
        raise RulesDataError("nearspace map: needs two homeworlds, two frontier halves and two pyramids")
    if len(set(order)) != len(order):
        raise RulesDataError("nearspace map: a place is listed twice")
    index = {h: i for i, h in enumerate(order)}
    adj: list[set[int]] = [set() for _ in order]
    if m.edges:
        for q, r, q2, r2 in m.edges:
            a, b = index.get((q, r)), index.get((q2, r2))
            if a is None or b is None:
                raise RulesDataError(f"nearspace map edge {[q, r, q2, r2]} names a place not on the map")
            adj[a].add(b)
            adj[b].add(a)
    else:
        for h, i in index.items():
            for n in hexgrid.neighbors(h):
                if n in index:
                    adj[i].add(index[n])
    neighbours = tuple(tuple(sorted(s)) for s in adj)
    hw = (index[tuple(m.homeworlds[0])], index[tuple(m.homeworlds[1])])  # type: ignore[index]
    steps = all_steps(neighbours)
    dist = (steps[hw[0]], steps[hw[1]])
    if min(dist[0]) < 0:
        raise RulesDataError("nearspace map: not every place can be reached from the Homeworlds")
    return Board(
        hexes=tuple(order), index=index, neighbours=neighbours, neutral=0, homeworld=hw,
        frontier=(tuple(index[tuple(h)] for h in m.frontier[0]), tuple(index[tuple(h)] for h in m.frontier[1])),  # type: ignore[index]
        pyramid=(tuple(index[tuple(h)] for h in m.pyramid[0]), tuple(index[tuple(h)] for h in m.pyramid[1])),  # type: ignore[index]
        distance=dist, enemy_side_from=m.enemy_side_from, steps=steps,
    )
