"""The galaxy: the places of map options 1 and 2, their neighbours, distances and the home places.

Option 1 lays every hex face down as a rectangle (rows of columns, in axial
coordinates from offset rows) and the players choose their home places in turn.
Option 2 is a centre hex and its rings; the home worlds go on the outer ring,
spread evenly: place ``k`` of ``n`` at ``round(len(ring) * k / n)`` along it, which
for 6 players and 3 rings is every third place, two blanks apart as the draft
says. What lies under a face-down place is drawn from the pile of unused pieces
when it is revealed (so nothing is hidden that a seat could know).
"""

from __future__ import annotations

from dataclasses import dataclass

from voidtable.engine.hexgrid import Hex, distance, neighbors, ring, spiral


@dataclass(frozen=True)
class Galaxy:
    """Places (hexes) by index, each place's neighbours, and the home places (option 2) or none (option 1)."""

    places: tuple[Hex, ...]
    neighbours: tuple[tuple[int, ...], ...]
    homes: tuple[int, ...]   # option 2: seat -> home place; option 1: empty (chosen in play)
    index: dict[Hex, int]
    twins: tuple[int, int]   # the two adjacent places of the twin planets (when that option is on)

    def distance(self, a: int, b: int) -> int:
        return distance(self.places[a], self.places[b])

    def __len__(self) -> int:
        return len(self.places)


def rectangle(rows: int, columns: int) -> list[Hex]:
    """Offset rows as axial hexes: row ``r`` shifted so the rectangle stays straight."""
    return [(c - (r - (r & 1)) // 2, r) for r in range(rows) for c in range(columns)]


def ring_homes(rings: int, players: int) -> list[Hex]:
    """Home places spread evenly on the outer ring (every third place for 6 players on 3 rings)."""
    outer = ring((0, 0), rings)
    return [outer[round(len(outer) * k / players) % len(outer)] for k in range(players)]


def make_galaxy(rows: int, columns: int, rings: int, players: int, option: int) -> Galaxy:
    if option == 1:
        places = rectangle(rows, columns)
        homes: list[Hex] = []
        middle = places[(rows // 2) * columns + columns // 2 - 1]
    else:
        places = spiral((0, 0), rings)
        homes = ring_homes(rings, players)
        middle = (0, 0)
    index = {h: i for i, h in enumerate(places)}
    near = tuple(tuple(index[n] for n in neighbors(h) if n in index) for h in places)
    twins = (index[middle], index[(middle[0] + 1, middle[1])])
    return Galaxy(tuple(places), near, tuple(index[h] for h in homes), index, twins)
