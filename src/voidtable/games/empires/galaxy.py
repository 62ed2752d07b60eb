"""The galaxy: hexagon tiles on a hex grid, the six corners for home worlds, and the graph of spaces.

Tiles sit on ``engine.hexgrid`` hexes: the Pyrious tile at ``(0, 0)``, the others
on ring 1. A corner (a notch for a home-world board) is the ring-2 hex touching
two ring-1 hexes; corner ``k`` lies between the tiles in directions ``k`` and
``k + 1``. ``CORNERS`` lists them clockwise (hexgrid's directions turn
counter-clockwise), so "the next corner clockwise" is the next index.

A tile's graph is drawn in its own frame (empires.toml): rotation ``r`` puts its
port ``k`` on side ``(k + r) % 6``. Facing ports of two neighbouring tiles are
joined by a line, and a home world is joined to the port of each of its tiles
that faces its corner. Spaces are named by planet key (a planet space), by
``tile.node`` (a light circle) or ``home<seat>``.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from voidtable.engine import hexgrid
from voidtable.engine.errors import RulesDataError

from .data import EmpiresData

Hex = tuple[int, int]
Graph = dict[str, tuple[tuple[str, str], ...]]   # space -> ((neighbour, obstacle kind or ""), ...)

CENTRE: Hex = (0, 0)
RING: tuple[Hex, ...] = tuple(hexgrid.DIRECTIONS)  # ring-1 hex in direction d is DIRECTIONS[d]


def corner_between(k: int) -> Hex:
    """The notch between the ring tiles in directions ``k`` and ``k + 1``."""
    return hexgrid.add(RING[k % 6], RING[(k + 1) % 6])


#: The six corners, clockwise.
CORNERS: tuple[Hex, ...] = tuple(corner_between(k) for k in (0, 5, 4, 3, 2, 1))

#: Two players (the book's diagram is missing; a reading): the centre and three tiles
#: below it; the homes at the two notches that touch them but not the centre tile.
TWO_PLAYER_TILES: tuple[Hex, ...] = ((-1, 1), (0, 1), (1, 0))
TWO_PLAYER_CORNERS: tuple[Hex, ...] = ((-1, 2), (1, 1))
TWO_PLAYER_ABOVE: dict[Hex, Hex] = {(-1, 2): (-1, 1), (1, 1): (1, 0)}  # the tile each home may rotate


def tile_hexes(players: int) -> tuple[Hex, ...]:
    """Where the outer tiles go: all six ring hexes, or three with two players."""
    return TWO_PLAYER_TILES if players == 2 else RING


def corner_choices(players: int) -> tuple[Hex, ...]:
    return TWO_PLAYER_CORNERS if players == 2 else CORNERS


def home_corners(players: int, first: Hex) -> list[Hex]:
    """Every player's corner in turn order, from the first player's choice.

    Four players: next corner clockwise, skip one, next; three: skip one each time;
    two: the other of the two corners.
    """
    if players == 2:
        return [first, next(c for c in TWO_PLAYER_CORNERS if c != first)]
    i = CORNERS.index(first)
    steps = (0, 1, 3, 4) if players == 4 else (0, 2, 4)
    return [CORNERS[(i + s) % 6] for s in steps[:players]]


def tiles_touching(corner: Hex, placed: Iterable[Hex]) -> list[Hex]:
    """The placed tile hexes next to a corner (two in 3-4 player games)."""
    near = set(hexgrid.neighbors(corner))
    return [h for h in placed if h in near and h != CENTRE]


def right_tile(corner: Hex) -> Hex:
    """Of a corner's two ring tiles, the one to the right of a player sitting there facing the centre.

    Facing the centre, the right hand points counter-clockwise: the tile in direction ``k + 1``.
    """
    for k in range(6):
        if corner_between(k) == corner:
            return RING[(k + 1) % 6]
    raise ValueError(f"{corner} is not a corner")


def space_name(tile: str, node: str, planets: Mapping[str, str]) -> str:
    return planets.get(node, f"{tile}.{node}")


def build_graph(d: EmpiresData, tile_at: Mapping[Hex, str], rotation: Mapping[str, int],
                homes: Mapping[int, Hex], extra: Iterable[tuple[str, str]] = ()) -> Graph:
    """The spaces and lines of a laid-out galaxy: tile lines, port-to-port lines, home lines, and ``extra`` lines."""
    adj: dict[str, dict[str, str]] = {}

    def join(a: str, b: str, obstacle: str = "") -> None:
        adj.setdefault(a, {})[b] = obstacle
        adj.setdefault(b, {})[a] = obstacle

    def port(h: Hex, side: int) -> str:
        tile = tile_at[h]
        t = d.tiles[tile]
        return space_name(tile, f"p{(side - rotation.get(tile, 0)) % 6}", t.planets)

    for h, tile in tile_at.items():
        t = d.tiles[tile]
        for node in t.nodes:
            adj.setdefault(space_name(tile, node, t.planets), {})
        for a, b in t.lines:
            kind = t.obstacles.get(f"{a}-{b}") or t.obstacles.get(f"{b}-{a}") or ""
            join(space_name(tile, a, t.planets), space_name(tile, b, t.planets), kind)
        for side in range(6):
            other = hexgrid.neighbor(h, side)
            if other in tile_at and h < other:
                join(port(h, side), port(other, (side + 3) % 6))
    for seat, corner in homes.items():
        home = f"home{seat}"
        adj.setdefault(home, {})
        for side in range(6):
            h = hexgrid.neighbor(corner, side)
            if h in tile_at:
                join(home, port(h, (side + 3) % 6))
    for a, b in extra:
        join(a, b)
    return {s: tuple(sorted(n.items())) for s, n in sorted(adj.items())}


def connected(graph: Graph) -> bool:
    if not graph:
        return True
    start = next(iter(graph))
    seen = {start}
    todo = [start]
    while todo:
        for m, _ in graph[todo.pop()]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return len(seen) == len(graph)


def reach(graph: Graph, start: str, steps: int, passes: frozenset[str], asteroid_spaces: frozenset[str],
          ignores_obstacles: bool = False, blocked: frozenset[str] = frozenset(),
          stops: frozenset[str] = frozenset()) -> dict[str, int]:
    """Spaces reachable from ``start`` in at most ``steps`` steps, with their distance (``start`` excluded).

    A line with an obstacle is crossed only with its kind in ``passes``; the
    centre's asteroid spaces are entered only with ``"asteroid"`` (a reading of the
    book's exception: they are spaces, but still asteroids). ``ignores_obstacles``
    (the Moth) crosses everything; no ship enters a space in ``blocked`` (an Ion Storm), and a
    ship entering a space in ``stops`` (an opponent's Tractor Beam) goes no further.
    """
    dist = {start: 0}
    frontier = [start]
    for n in range(1, steps + 1):
        nxt = []
        for s in frontier:
            for m, obstacle in graph[s]:
                if m in dist or m in blocked:
                    continue
                if not ignores_obstacles and not passable(m, obstacle, passes, asteroid_spaces):
                    continue
                dist[m] = n
                if m not in stops:
                    nxt.append(m)
        frontier = nxt
    del dist[start]
    return dist


def passable(m: str, obstacle: str, passes: frozenset[str], asteroid_spaces: frozenset[str]) -> bool:
    """Whether a ship holding ``passes`` may cross a line's ``obstacle`` into space ``m`` (asteroids included)."""
    if obstacle and obstacle not in passes:
        return False
    return m not in asteroid_spaces or "asteroid" in passes


def can_leave(graph: Graph, start: str, passes: frozenset[str], asteroid_spaces: frozenset[str],
              ignores_obstacles: bool = False, blocked: frozenset[str] = frozenset()) -> bool:
    """Whether one step along a line leads anywhere: ``bool(reach(graph, start, 1, ...))``, without the distances."""
    for m, obstacle in graph[start]:
        if m == start or m in blocked:
            continue
        if ignores_obstacles or passable(m, obstacle, passes, asteroid_spaces):
            return True
    return False


def distances(graph: Graph, start: str) -> dict[str, int]:
    """Steps from ``start`` to every space, obstacles ignored."""
    return {start: 0, **reach(graph, start, len(graph), frozenset(), frozenset(), ignores_obstacles=True)}


def default_layout(d: EmpiresData, players: int) -> tuple[dict[Hex, str], dict[int, Hex]]:
    """Tiles in data order, unrotated, homes from the first corner: the layout load-time checks use."""
    outer = [k for k in d.tiles if k != d.galaxy.centre]
    tile_at = {CENTRE: d.galaxy.centre, **dict(zip(tile_hexes(players), outer))}
    homes = dict(enumerate(home_corners(players, corner_choices(players)[0])))
    return tile_at, homes


def check_layouts(d: EmpiresData) -> None:
    """Refuse rules data whose galaxy, laid out for 2, 3 or 4 players, is not one connected graph."""
    for players in (2, 3, 4):
        tile_at, homes = default_layout(d, players)
        if not connected(build_graph(d, tile_at, {}, homes)):
            raise RulesDataError(f"empires rules data: tiles: the {players}-player galaxy is not connected")
