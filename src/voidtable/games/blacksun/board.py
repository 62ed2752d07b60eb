"""The finished stellar system as the game state reads it: terrain per hex, neighbours, edges.

Built once when setup has laid every hex, then shared (read-only) by every
clone of the state. Hexes and edges are small integers (engine.hexgrid's
HexIndex); actions and views name hexes by their axial coordinates.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.hexgrid import HexIndex, distance

SUN, GAS_GIANT, PLANET, ASTEROIDS, SPACE = "sun", "gas_giant", "planet", "asteroids", "space"


def tile_kind(code: str) -> str:
    """Tile codes: 'G' Gas Giant, 'A' Asteroids, 'S' Space, 'P<n>' planet n, 'sun:<name>'."""
    if code.startswith("sun:"):
        return SUN
    return {"G": GAS_GIANT, "A": ASTEROIDS, "S": SPACE}.get(code, PLANET)


def tile_planet(code: str) -> int:
    return int(code[1:]) if code.startswith("P") else 0


Geometry = tuple[HexIndex, list[list[int]], list[list[int]]]
_GEOMETRY: dict[tuple[tuple[int, int], ...], Geometry] = {}


def _geometry(order: list[tuple[int, int]]) -> Geometry:
    """The hex index, straight-line distances and hexes by distance of a map's shape, kept per shape.

    Every game of a size lays its tiles on the same shape; only the terrain differs. The
    shape's geometry (read-only, like the board) is worked out once per process, not per game.
    """
    idx = HexIndex(order)
    # straight-line hex distances: no move of budget m reaches a hex farther than m
    dist = [[distance(a, b) for b in idx.coords] for a in idx.coords]
    by_dist = [sorted(range(len(idx.coords)), key=row.__getitem__) for row in dist]
    if len(_GEOMETRY) > 64:
        _GEOMETRY.clear()
    _GEOMETRY[tuple(order)] = geo = (idx, dist, by_dist)
    return geo


class Board:
    """Terrain and geometry of one game's map (immutable once built)."""

    __slots__ = (
        "idx", "coords", "tiles", "kind", "planet", "nbr", "hex_edge", "edge_sides", "n_hex", "n_edge",
        "enterable", "stayable", "stops", "planet_hex", "sun", "sun_hex", "dist", "by_dist", "_walk_dist", "steps",
        "step_action", "fleet_from_action",
    )

    def __init__(self, tiles: dict[tuple[int, int], str], sun: str, sun_rules: dict[str, Any]) -> None:
        # spiral-ish stable order: by distance from the Sun, then coordinates
        order = sorted(tiles, key=lambda h: ((abs(h[0]) + abs(h[1]) + abs(h[0] + h[1])) // 2, h))
        geometry = _GEOMETRY.get(tuple(order))
        if geometry is None:
            geometry = _geometry(order)
        self.idx, self.dist, self.by_dist = geometry
        self.coords = self.idx.coords
        self.tiles = [tiles[h] for h in self.coords]
        self.kind = [tile_kind(t) for t in self.tiles]
        self.planet = [tile_planet(t) for t in self.tiles]
        self.nbr = self.idx.nbr
        self.hex_edge = self.idx.hex_edge
        self.edge_sides = self.idx.edge_sides
        self.n_hex = len(self.coords)
        self.n_edge = len(self.idx.edges)
        self.sun = sun
        self.sun_hex = self.idx.index[(0, 0)]
        sun_spec = sun_rules[sun]
        enter, stay, stops = [], [], []
        for k in self.kind:
            if k == SUN:
                enter.append(bool(sun_spec.enterable))
                stay.append(bool(sun_spec.stayable))
            elif k == GAS_GIANT:  # ships may pass through a Gas Giant but not stay
                enter.append(True)
                stay.append(False)
            else:
                enter.append(True)
                stay.append(True)
            stops.append(k == ASTEROIDS)
        self.enterable = enter
        self.stayable = stay
        self.stops = stops
        self.planet_hex = {p: i for i, p in enumerate(self.planet) if p}
        self._walk_dist: dict[int, list[int]] = {}
        # the commonest actions naming a hex, made once (an Action is an immutable tuple: shared safely)
        self.step_action = [Action("step", c) for c in self.coords]
        self.fleet_from_action = [Action("fleet_from", c) for c in self.coords]
        # per hex, the (neighbour, edge between) pairs a fleet may step to, in direction order: movement's inner loop
        self.steps: list[tuple[tuple[int, int], ...]] = [
            tuple((nb, self.hex_edge[h][d]) for d, nb in enumerate(self.nbr[h]) if nb >= 0 and enter[nb])
            for h in range(self.n_hex)]

    def walk_dist(self, h: int) -> list[int]:
        """Steps from ``h`` through enterable hexes (-1: unreachable); read-only, kept once asked.

        The terrain never changes once the board is built, so every decision of
        every clone (the bot asks this for each hex it weighs) shares the answers.
        """
        d = self._walk_dist.get(h)
        if d is None:
            d = self._walk_dist[h] = self.idx.distances_from(h, self.enterable)
        return d

    def hex_of(self, coord: Any) -> int:
        """Index of a coordinate pair (tuple or list); -1 if not on the map."""
        try:
            return self.idx.index.get((int(coord[0]), int(coord[1])), -1)
        except (TypeError, ValueError, IndexError):
            return -1

    def snapshot(self) -> list[dict[str, Any]]:
        """The board in a state's snapshot: as the view shows it."""
        return self.to_json()

    def terrain(self, i: int) -> str:
        return self.kind[i]

    def to_json(self) -> list[dict[str, Any]]:
        out = []
        for i, h in enumerate(self.coords):
            d: dict[str, Any] = {"hex": list(h), "kind": self.kind[i]}
            if self.planet[i]:
                d["planet"] = self.planet[i]
            if self.kind[i] == SUN:
                d["sun"] = self.sun
            out.append(d)
        return out
