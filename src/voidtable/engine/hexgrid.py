"""Hex grids for any hex game: axial coordinates, neighbours, rings, spirals, distances, and edges.

Coordinates are axial ``(q, r)`` tuples (the third cube coordinate is
``s = -q - r``). Direction ``d`` (0..5) points to ``DIRECTIONS[d]``; directions
``d`` and ``(d + 3) % 6`` are opposite.

Edges are first-class places: some games put pieces *on* the border between
two hexes (blockades). An edge is named canonically by one of its
two hexes and a direction in 0..2, ``(q, r, k)``: the edge leaving ``(q, r)``
in direction ``k``. The same border seen from the other hex (direction
``k + 3``) gets the same name, so two hexes always agree on a shared edge.

:class:`HexIndex` numbers a finite set of hexes and their edges with small
integers and precomputes neighbour and edge tables: the fast form a game
state keeps while the tuple functions stay readable for setup and tests.

>>> neighbor((0, 0), 0)
(1, 0)
>>> edge((1, 0), 3) == edge((0, 0), 0) == (0, 0, 0)
True
>>> distance((0, 0), (2, -1))
2
>>> len(spiral((0, 0), 2))
19
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .graph import steps_from

Hex = tuple[int, int]
Edge = tuple[int, int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def scale(a: Hex, k: int) -> Hex:
    return (a[0] * k, a[1] * k)


def neighbor(h: Hex, d: int) -> Hex:
    """The hex next to ``h`` in direction ``d`` (any int; taken mod 6)."""
    dq, dr = DIRECTIONS[d % 6]
    return (h[0] + dq, h[1] + dr)


def neighbors(h: Hex) -> list[Hex]:
    """The six hexes around ``h``, in direction order 0..5."""
    return [neighbor(h, d) for d in range(6)]


def opposite(d: int) -> int:
    return (d + 3) % 6


def length(h: Hex) -> int:
    """Distance from the origin."""
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) // 2


def distance(a: Hex, b: Hex) -> int:
    return length((a[0] - b[0], a[1] - b[1]))


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to an adjacent ``b``, or None if they are not neighbours."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``center``; starts at ``center + radius * DIRECTIONS[4]`` and walks round.

    Radius 0 is ``[center]``.
    """
    if radius < 0:
        raise ValueError("ring radius must be >= 0")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = add(center, scale(DIRECTIONS[4], radius))
    for d in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, d)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``: the centre, then ring 1, ring 2 ..."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def within(center: Hex, radius: int) -> set[Hex]:
    return set(spiral(center, radius))


def edge(h: Hex, d: int) -> Edge:
    """The canonical name of the border of ``h`` in direction ``d``."""
    d %= 6
    if d < 3:
        return (h[0], h[1], d)
    n = neighbor(h, d)
    return (n[0], n[1], d - 3)


def edges_of(h: Hex) -> list[Edge]:
    """The six borders of ``h``, in direction order 0..5."""
    return [edge(h, d) for d in range(6)]


def edge_hexes(e: Edge) -> tuple[Hex, Hex]:
    """The two hexes that share edge ``e``."""
    q, r, k = e
    return (q, r), neighbor((q, r), k)


def shared_edge(a: Hex, b: Hex) -> Edge | None:
    """The edge between adjacent hexes ``a`` and ``b``, or None if they do not touch."""
    d = direction_to(a, b)
    return None if d is None else edge(a, d)


class HexIndex:
    """A finite set of hexes numbered 0..n-1, with their edges numbered 0..m-1.

    Every edge of every member hex is indexed, also a border with a hex outside
    the set (its outer side is then ``-1``): a piece may sit on a map's rim.

    - ``coords[i]``: the hex of index ``i``; ``index[hex]``: its number
    - ``nbr[i][d]``: index of the neighbour in direction ``d`` or -1
    - ``hex_edge[i][d]``: index of the edge of ``i`` in direction ``d``
    - ``edges[e]``: canonical name; ``edge_sides[e]``: ``(i, j)`` the two member hexes (``j`` may be -1)
    - ``edge_index[name]``: number of a canonical edge
    """

    __slots__ = ("coords", "index", "nbr", "hex_edge", "edges", "edge_sides", "edge_index")

    def __init__(self, hexes: Iterable[Hex]) -> None:
        self.coords: list[Hex] = []
        self.index: dict[Hex, int] = {}
        for h in hexes:
            h = (int(h[0]), int(h[1]))
            if h not in self.index:
                self.index[h] = len(self.coords)
                self.coords.append(h)
        self.nbr: list[tuple[int, ...]] = [tuple(self.index.get(neighbor(h, d), -1) for d in range(6)) for h in self.coords]
        self.edges: list[Edge] = []
        self.edge_index: dict[Edge, int] = {}
        hex_edge: list[tuple[int, ...]] = []
        for h in self.coords:
            row = []
            for d in range(6):
                name = edge(h, d)
                e = self.edge_index.get(name)
                if e is None:
                    e = self.edge_index[name] = len(self.edges)
                    self.edges.append(name)
                row.append(e)
            hex_edge.append(tuple(row))
        self.hex_edge = hex_edge
        sides: list[tuple[int, int]] = []
        for name in self.edges:
            a, b = edge_hexes(name)
            ia, ib = self.index.get(a, -1), self.index.get(b, -1)
            if ia == -1:  # keep the member hex first
                ia, ib = ib, ia
            sides.append((ia, ib))
        self.edge_sides = sides

    def __len__(self) -> int:
        return len(self.coords)

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def other_side(self, e: int, i: int) -> int:
        """The hex across edge ``e`` from member ``i`` (-1 off the set)."""
        a, b = self.edge_sides[e]
        return b if a == i else a

    def edge_between(self, i: int, j: int) -> int | None:
        """The edge index shared by member hexes ``i`` and ``j``, or None."""
        for d in range(6):
            if self.nbr[i][d] == j:
                return self.hex_edge[i][d]
        return None

    def distances_from(self, i: int, passable: Sequence[bool] | None = None) -> list[int]:
        """Breadth-first step counts from ``i`` inside the set (-1 unreachable); ``passable`` bars hexes."""
        return steps_from(self.nbr, (i,), passable)
