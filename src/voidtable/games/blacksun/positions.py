"""Where ships sit: hex centres and the six shared edges (Blockade positions).

The rulebook's placement rules, in one place:

- each faction (owner) has at most one ship in the centre of a hex; any number
  of factions may share a centre;
- every other ship of that owner in the hex sits on one of the hex's six edges;
  an edge holds one ship of anyone and is shared by the two hexes it borders;
- an edge ship must have a same-owner ship in the centre of a bordering hex:
  that is the hex it is "in"; if both bordering hexes hold such a centre ship,
  it is in either (its controller chooses when it matters).

A ship's location is one int: ``-1`` off the board, ``h`` the centre of hex
``h``, ``n_hex + e`` edge ``e``. ``state.centre[h * players + owner]`` and
``state.edge_occ[e]`` index the board both ways.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from voidtable.engine.actions import Action
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.flow import Task
from voidtable.engine.types import HexId, Seat, ShipId

from .events import ShipPlaced, ShipRecentred
from .flow import TASKS, Arrange, Recentre

if TYPE_CHECKING:
    from .state import BlackSunState

# ship states
UNPLACED, BOARD, DESTROYED, CAPTURED, OUT = 0, 1, 2, 3, 4
STATE_NAMES = ("unplaced", "board", "destroyed", "captured", "out")


def put(s: "BlackSunState", ship: ShipId, h: HexId, d: int) -> None:
    """Put ``ship`` in hex ``h``: centre if ``d == -1`` else on the edge in direction ``d``."""
    if d < 0:
        key = h * s.n + s.owner[ship]
        if s.centre[key] >= 0:
            raise RulesInvariantError(f"blacksun: ship {ship} put in a taken centre (hex {h})")
        s.centre[key] = ship
        s.loc[ship] = h
    else:
        e = s.board.hex_edge[h][d]
        if s.edge_occ[e] >= 0:
            raise RulesInvariantError(f"blacksun: ship {ship} put on a taken edge ({e})")
        s.edge_occ[e] = ship
        s.loc[ship] = s.board.n_hex + e
    s.sstate[ship] = BOARD


def lift(s: "BlackSunState", ship: ShipId) -> int:
    """Take ``ship`` off the board; returns where it was."""
    loc = s.loc[ship]
    nh = s.board.n_hex
    if loc >= nh:
        s.edge_occ[loc - nh] = -1
    elif loc >= 0:
        s.centre[loc * s.n + s.owner[ship]] = -1
    s.loc[ship] = -1
    return loc


def restore(s: "BlackSunState", ship: ShipId, loc: int) -> None:
    """Put a lifted ship back where ``lift`` said it was (a look-ahead undoing itself)."""
    nh = s.board.n_hex
    if loc < 0:
        return
    if loc < nh:
        put(s, ship, loc, -1)
    else:
        e = loc - nh
        s.edge_occ[e] = ship
        s.loc[ship] = loc


def anchors(s: "BlackSunState", ship: ShipId) -> list[HexId]:
    """The hexes a board ship is in (one for a centre ship, one or two for an edge ship)."""
    loc = s.loc[ship]
    nh = s.board.n_hex
    if loc < 0:
        return []
    if loc < nh:
        return [loc]
    a, b = s.board.edge_sides[loc - nh]
    o, n, c = s.owner[ship], s.n, s.centre
    out = []
    if a >= 0 and c[a * n + o] >= 0:
        out.append(a)
    if b >= 0 and c[b * n + o] >= 0:
        out.append(b)
    return out


def in_hex(s: "BlackSunState", ship: ShipId, h: HexId) -> bool:
    loc = s.loc[ship]
    nh = s.board.n_hex
    if loc < 0:
        return False
    if loc < nh:
        return loc == h
    a, b = s.board.edge_sides[loc - nh]
    if a != h and b != h:
        return False
    return s.centre[h * s.n + s.owner[ship]] >= 0


def centre_ships(s: "BlackSunState", h: HexId) -> list[ShipId]:
    base = h * s.n
    return [x for x in s.centre[base: base + s.n] if x >= 0]


def edge_ships(s: "BlackSunState", h: HexId) -> list[ShipId]:
    occ = s.edge_occ
    return [occ[e] for e in s.board.hex_edge[h] if occ[e] >= 0]


def around(s: "BlackSunState", h: HexId) -> list[ShipId]:
    """Ships in the centre of ``h`` or on any of its six edges."""
    return centre_ships(s, h) + edge_ships(s, h)


def ships_in(s: "BlackSunState", h: HexId) -> list[ShipId]:
    """Ships that are in ``h``: its centre ships and the edge ships anchored there."""
    out = centre_ships(s, h)
    c, n, o = s.centre, s.n, s.owner
    for e in s.board.hex_edge[h]:
        x = s.edge_occ[e]
        if x >= 0 and c[h * n + o[x]] >= 0:
            out.append(x)
    return out


def free_edges(s: "BlackSunState", h: HexId) -> list[int]:
    """Directions of the empty edges of ``h``."""
    occ = s.edge_occ
    return [d for d, e in enumerate(s.board.hex_edge[h]) if occ[e] < 0]


def edges_needed(s: "BlackSunState", h: HexId, ships: Iterable[ShipId]) -> int:
    """How many free edges ``ships`` would need in ``h`` (each owner lacking a centre ship fills it first)."""
    ships = list(ships)
    need = len(ships)
    base = h * s.n
    c, own = s.centre, s.owner
    for o in {own[x] for x in ships}:
        if c[base + o] < 0:
            need -= 1
    return need


def can_fit(s: "BlackSunState", h: HexId, ships: Iterable[ShipId]) -> bool:
    """Could ``ships`` (currently off the board) all be placed in ``h``?"""
    if not s.board.stayable[h]:
        return False
    need = edges_needed(s, h, ships)
    if need <= 0:
        return True
    occ = s.edge_occ
    free = 0
    for e in s.board.hex_edge[h]:
        if occ[e] < 0:
            free += 1
    return need <= free


def orphans(s: "BlackSunState", h: HexId, owner: Seat) -> list[ShipId]:
    """Edge ships of ``owner`` round ``h`` that no longer have a centre ship to anchor them."""
    out = []
    for e in s.board.hex_edge[h]:
        x = s.edge_occ[e]
        if x >= 0 and s.owner[x] == owner and not anchors(s, x):
            out.append(x)
    return out


def repair(s: "BlackSunState", places: Iterable[tuple[HexId, Seat]]) -> None:
    """After ships left ``(hex, owner)`` places, queue the re-centring the rules then require.

    Which orphaned ship slides into the empty centre is the owner's decision
    (``recentre``); with one candidate it just happens.
    """
    seen = set()
    for h, o in places:
        if (h, o) in seen or h < 0:
            continue
        seen.add((h, o))
        if s.centre[h * s.n + o] < 0 and orphans(s, h, o):
            s.push(Recentre(o, h))


def hex_of_loc(s: "BlackSunState", loc: int) -> HexId:
    """For events: the hex of a centre location, or the first side of an edge."""
    nh = s.board.n_hex
    if loc < 0:
        return -1
    if loc < nh:
        return loc
    return s.board.edge_sides[loc - nh][0]


def where_json(s: "BlackSunState", ship: ShipId) -> Any:
    """A ship's place for views and events: {"hex": [q, r]} or {"edge": [[q, r], [q, r] | None]}."""
    loc = s.loc[ship]
    nh = s.board.n_hex if s.board is not None else 0
    if loc < 0:
        return None
    if loc < nh:
        return {"hex": list(s.board.coords[loc])}
    a, b = s.board.edge_sides[loc - nh]
    return {"edge": [list(s.board.coords[a]), list(s.board.coords[b]) if b >= 0 else None], "in": [list(s.board.coords[x]) for x in anchors(s, ship)]}


def room_options(s: "BlackSunState", h: HexId, ship: ShipId, rest: tuple[ShipId, ...]) -> list[int]:
    """Slots (-1 centre, 0..5 edges) where ``ship`` may go in ``h`` so that ``rest`` still fits after it."""
    o = s.owner[ship]
    base = h * s.n
    out = []
    if s.centre[base + o] < 0:
        out.append(-1)
        # the owner's last arriving ship must take the empty centre
        if not any(s.owner[x] == o for x in rest):
            return out
    free = free_edges(s, h)
    if not free:
        return out
    # would the rest fit with one edge fewer?
    need_rest = edges_needed(s, h, rest)
    if need_rest <= len(free) - 1:
        out.extend(free)
    return out


def settle(s: "BlackSunState", h: HexId, decider: Seat, ships: tuple[ShipId, ...], then: Task | None = None) -> None:
    """Queue the placement of ``ships`` (off the board) into hex ``h``, slot by slot, chosen by ``decider``."""
    if then is not None:
        s.push(then)
    if ships:
        s.push(Arrange(decider, h, tuple(ships)))


# ---------------------------------------------------------------- decisions


def _arrange_legal(s: "BlackSunState", task: Arrange) -> list[Action]:
    ships = task.ships
    return [Action("slot", d) for d in room_options(s, task.hex, ships[0], ships[1:])]


@TASKS.decision(Arrange, _arrange_legal)
def arrange(s: "BlackSunState", task: Arrange, action: Action) -> None:
    decider, h, ships = task
    ship = ships[0]
    put(s, ship, h, action.arg)
    if not s.quiet:  # the quiet path builds no event (speed only)
        s.emit(ShipPlaced(ship, s.owner[ship], s.stype[ship], where_json(s, ship)))
    if len(ships) > 1:
        s.push(Arrange(decider, h, ships[1:]))


def _recentre_legal(s: "BlackSunState", task: Recentre) -> list[Action]:
    owner, h = task
    if s.centre[h * s.n + owner] >= 0:
        return []
    return [Action("recentre", x) for x in orphans(s, h, owner)]


@TASKS.decision(Recentre, _recentre_legal)
def recentre(s: "BlackSunState", task: Recentre, action: Action) -> None:
    owner, h = task
    ship = action.arg
    lift(s, ship)
    put(s, ship, h, -1)
    s.emit(ShipRecentred(ship, owner, s.board.coords[h]))
