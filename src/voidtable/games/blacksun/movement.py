"""Turn step 3: move one fleet (the Rebel Commander two).

A fleet is up to three ships leaving one hex; other players' ships join only
if their controller consents (a decision of that seat), and a captured ship
rides along when one of the ships present at its capture moves (towing: it
ignores Move and the three-ship limit). The slowest ship's Move is the
budget. The fleet then walks hex by hex: entering a hex costs 1, crossing an
edge with a ship on it (running a blockade) costs 1 more, so a move can never
end on a blockade. Suns (but the White Dwarf) are never entered; the White
Dwarf and Gas Giants may be crossed but not stopped in; entering Asteroids
ends the move. The fleet must stop in another hex with room for it, where its
ships take centre and edge places (``arrange``).

Legality looks ahead: a step is offered only if a legal stop is still within
the budget from there (``need``: the least budget needed from each hex), so
a fleet can never walk into a dead end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.types import HexId, Seat, ShipId

from . import scoring
from .events import Consented, FleetArrives, FleetDeparts, FleetStep
from .flow import TASKS, Consent, FleetAfter, Move, Pick, Walk, yes_no
from .positions import BOARD, can_fit, in_hex, lift, repair, restore, settle

if TYPE_CHECKING:
    from .state import BlackSunState

INF = 1 << 20
NO_MOVE = Action("no_move")


# ---------------------------------------------------------------- reachability


def stop_ok(s: "BlackSunState", h: HexId, origin: HexId, ships: list[ShipId]) -> bool:
    return h != origin and s.board.stayable[h] and can_fit(s, h, ships)


def compute_need(s: "BlackSunState", origin: HexId, ships: list[ShipId], budget: int = INF) -> list[int]:
    """Least budget needed on entering each hex to finish the move legally (INF: never or beyond ``budget``).

    The fleet must be lifted off the board. Only hexes within ``budget`` of the origin matter.
    """
    b = s.board
    nh = b.n_hex
    need = [INF] * nh
    near = b.dist[origin]
    hex_edge, occ, stops, stay, steps = b.hex_edge, s.edge_occ, b.stops, b.stayable, b.steps
    owners = {s.owner[x] for x in ships}
    k, n, centre = len(ships), s.n, s.centre
    # costs are 1 or 2: a two-bucket breadth-first search from every legal stop, backwards
    frontier: list[int] = []
    for h in b.by_dist[origin]:
        if near[h] > budget:
            break
        if h == origin or not stay[h]:
            continue
        edges = k
        for o in owners:
            if centre[h * n + o] < 0:
                edges -= 1
        if edges > 0:
            free = 0
            for e in hex_edge[h]:
                if occ[e] < 0:
                    free += 1
            if edges > free:
                continue
        need[h] = 0
        frontier.append(h)
    level = 0
    buckets: dict[int, list[int]] = {0: frontier}
    while buckets:
        cur = buckets.pop(level, None)
        if cur is None:
            level += 1
            continue
        for nd in cur:
            if need[nd] != level:
                continue
            for h, e in steps[nd]:
                if stops[h]:
                    continue  # one cannot pass through Asteroids (entering them ends the move)
                cost = level + 1 + (occ[e] >= 0)
                if cost < need[h] and cost + near[h] <= budget:
                    need[h] = cost
                    buckets.setdefault(cost, []).append(h)
        level += 1
    return need


def step_cost(s: "BlackSunState", h: HexId, d: int) -> int:
    return 1 + (s.edge_occ[s.board.hex_edge[h][d]] >= 0)


def start_budget_needed(s: "BlackSunState", origin: HexId, need: list[int]) -> int:
    b = s.board
    best = INF
    for d in range(6):
        n = b.nbr[origin][d]
        if n >= 0 and b.enterable[n] and need[n] < INF:
            best = min(best, step_cost(s, origin, d) + need[n])
    return best


def has_destination(s: "BlackSunState", origin: HexId, fleet: list[ShipId], towed: list[ShipId]) -> bool:
    """Could this fleet (still on the board) make some legal move? Lifts it for the look."""
    if not fleet:
        return False
    mp = min(s.smove[x] for x in fleet)
    if mp < 1:
        return False
    ships = fleet + towed
    b = s.board
    # fast path: a free neighbour with room, judged with the fleet still on the board (only ever too strict)
    occ, hex_edge = s.edge_occ, b.hex_edge[origin]
    for d, n in enumerate(b.nbr[origin]):
        if n >= 0 and b.stayable[n] and (occ[hex_edge[d]] < 0 or mp >= 2) and can_fit(s, n, ships):
            return True
    places = [s.loc[x] for x in fleet]
    states = [s.sstate[x] for x in fleet]
    for x in fleet:
        lift(s, x)
    try:
        best = [-1] * b.n_hex
        best[origin] = mp
        todo = [origin]
        while todo:
            h = todo.pop()
            left = best[h]
            if h != origin and b.stops[h]:
                continue
            for d in range(6):
                n = b.nbr[h][d]
                if n < 0 or not b.enterable[n]:
                    continue
                rem = left - step_cost(s, h, d)
                if rem < 0 or rem <= best[n]:
                    continue
                if stop_ok(s, n, origin, ships):
                    return True
                best[n] = rem
                todo.append(n)
        return False
    finally:
        for x, loc, st in zip(fleet, places, states):
            restore(s, x, loc)
            s.sstate[x] = st


# ---------------------------------------------------------------- choosing the fleet


def movable_in(s: "BlackSunState", h: HexId, excluded: frozenset[ShipId]) -> list[ShipId]:
    """Ships in hex ``h`` that could be part of a fleet (Move 1 or more, not yet moved or refused), by id.

    Only the ships round ``h`` (its centre and its six edges) can be in it: they are
    the ones looked at, not every ship of the game.
    """
    n, centre, occ, sstate, smove = s.n, s.centre, s.edge_occ, s.sstate, s.smove
    base = h * n
    out = [x for x in centre[base: base + n] if x >= 0 and sstate[x] == BOARD and smove[x] >= 1 and x not in excluded]
    owner = s.owner
    for e in s.board.hex_edge[h]:
        x = occ[e]
        if x >= 0 and sstate[x] == BOARD and smove[x] >= 1 and x not in excluded and centre[base + owner[x]] >= 0:
            out.append(x)
    out.sort()
    return out


def _leaves_at_once(s: "BlackSunState", h: HexId, owner: Seat, mp: int) -> bool:
    """``has_destination``'s fast path for one ship of ``owner`` with Move ``mp`` in ``h``: a free neighbour with room.

    The same test as ``can_fit(s, n, [ship])`` on each stayable neighbour, inlined:
    this is the commonest question of a turn (every movable ship asks it).
    """
    b = s.board
    occ, stay, centre, n_seats = s.edge_occ, b.stayable, s.centre, s.n
    edges, hex_edge = b.hex_edge[h], b.hex_edge
    for d, nb in enumerate(b.nbr[h]):
        if nb >= 0 and stay[nb] and (occ[edges[d]] < 0 or mp >= 2):
            if centre[nb * n_seats + owner] < 0:
                return True  # the ship takes the centre
            for e in hex_edge[nb]:
                if occ[e] < 0:
                    return True  # or a free edge
    return False


def origins(s: "BlackSunState", p: Seat, excluded: frozenset[ShipId]) -> list[HexId]:
    seen: set[int] = set()
    out = []
    b = s.board
    nh = b.n_hex
    sstate, smove, loc_of, owner, centre, n = s.sstate, s.smove, s.loc, s.owner, s.centre, s.n
    quick: dict[tuple[int, int, bool], bool] = {}  # (hex, owner, Move >= 2) -> the fast path's answer
    edge_sides = b.edge_sides
    for x in range(len(owner)):
        if sstate[x] != BOARD:
            continue
        mp = smove[x]
        if mp < 1 or x in excluded:
            continue
        loc = loc_of[x]
        o = owner[x]
        if loc < nh:
            if loc in seen:
                continue  # a hex already found (the commonest case: its centre ship went first)
            hexes: tuple[int, ...] | list[int] = (loc,)
        else:
            hexes = [h for h in edge_sides[loc - nh] if h >= 0 and centre[h * n + o] >= 0]
        for h in hexes:
            if h in seen:
                continue
            key = (h, o, mp >= 2)
            fast = quick.get(key)
            if fast is None:
                fast = quick[key] = _leaves_at_once(s, h, o, mp)
            if fast or has_destination(s, h, [x], []):
                seen.add(h)
                out.append(h)
    return sorted(out)


def _move_legal(s: "BlackSunState", task: Move) -> list[Action]:
    p, fleets, moved, refused = task
    return [NO_MOVE, *map(s.board.fleet_from_action.__getitem__, origins(s, p, moved | refused))]


@TASKS.decision(Move, _move_legal)
def move(s: "BlackSunState", task: Move, action: Action) -> None:
    p, fleets, moved, refused = task
    if action.kind == "no_move":
        return
    s.push(Pick(p, fleets, moved, refused, s.board.hex_of(action.arg), (), ()))


def towable(s: "BlackSunState", p: Seat, fleet: tuple[ShipId, ...], towed: tuple[ShipId, ...]) -> list[ShipId]:
    """Ships ``p`` captured whose capture escorts include a ship of this fleet."""
    fs = set(fleet)
    return [c[0] for c in s.captures if c[1] == p and c[0] not in towed and fs & c[3]]


def _pick_legal(s: "BlackSunState", task: Pick) -> list[Action]:
    p, fleets, moved, refused, origin, fleet, towed = task
    out = []
    fl, tw = list(fleet), list(towed)
    if len(fleet) < s.R.game.fleet_size:
        for x in movable_in(s, origin, moved | refused):
            if x not in fleet and has_destination(s, origin, fl + [x], tw):
                out.append(Action("add_ship", x))
    if fleet:
        for c in towable(s, p, fleet, towed):
            if has_destination(s, origin, fl, tw + [c]):
                out.append(Action("tow", c))
        out.append(Action("fleet_done"))
    elif not out:
        out.append(Action("fleet_abandon"))  # every ship here refused: choose again
    return out


@TASKS.decision(Pick, _pick_legal)
def pick(s: "BlackSunState", task: Pick, action: Action) -> None:
    p, fleets, moved, refused, origin, fleet, towed = task
    k = action.kind
    if k == "fleet_abandon":
        s.push(Move(p, fleets, moved, refused))
    elif k == "add_ship":
        x = action.arg
        if s.ctrl[x] == p:
            s.push(task._replace(fleet=fleet + (x,)))
        else:
            s.push(Consent(s.ctrl[x], x, p), task)
    elif k == "tow":
        s.push(task._replace(towed=towed + (action.arg,)))
    else:
        depart(s, p, fleets, moved, refused, origin, fleet, towed)


@TASKS.decision(Consent, yes_no("consent"))
def consent(s: "BlackSunState", task: Consent, action: Action) -> None:
    """Another player's ship moves only if its controller is willing."""
    seat, ship, mover = task
    below = s.stack.pop()
    if below.__class__ is not Pick:
        raise RulesInvariantError(f"blacksun: consent asked above {below!r}, not a fleet being picked")
    s.emit(Consented(seat, ship, mover, bool(action.arg)))
    if action.arg:
        s.push(below._replace(fleet=below.fleet + (ship,)))
    else:
        s.push(below._replace(refused=below.refused | {ship}))


# ---------------------------------------------------------------- walking


def depart(s: "BlackSunState", p: Seat, fleets: int, moved: frozenset[ShipId], refused: frozenset[ShipId], origin: HexId,
           fleet: tuple[ShipId, ...], towed: tuple[ShipId, ...]) -> None:
    places = []
    for x in fleet:
        places.append(s.loc[x])
        lift(s, x)
    mp = min(s.smove[x] for x in fleet)
    need = tuple(compute_need(s, origin, list(fleet + towed), mp))
    if not s.quiet:  # the quiet path builds no event (speed only)
        s.emit(FleetDeparts(p, s.board.coords[origin], fleet, towed, mp))
    s.push(Walk(p, fleets, moved, refused, origin, fleet, towed, origin, mp, frozenset(), need))


def _walk_legal(s: "BlackSunState", task: Walk) -> list[Action]:
    p, fleets, moved, refused, origin, fleet, towed, pos, mp, crossed, need = task
    b = s.board
    out = []
    if pos != origin and need[pos] == 0:
        out.append(Action("stop"))
        if b.stops[pos]:
            return out  # Asteroids end the move
    occ, step_action = s.edge_occ, b.step_action
    for n, e in b.steps[pos]:
        c = 1 + (occ[e] >= 0)
        if c <= mp and need[n] <= mp - c:
            out.append(step_action[n])
    return out


@TASKS.decision(Walk, _walk_legal)
def walk(s: "BlackSunState", task: Walk, action: Action) -> None:
    p, fleets, moved, refused, origin, fleet, towed, pos, mp, crossed, need = task
    b = s.board
    if action.kind == "stop":
        arrive(s, p, fleets, moved, refused, origin, fleet, towed, pos, crossed)
        return
    n = b.hex_of(action.arg)
    e = b.idx.edge_between(pos, n)
    if e is None:
        raise RulesInvariantError(f"blacksun: a step from hex {pos} to hex {n}, not a neighbour")
    blocker = s.edge_occ[e]
    cost = 1 + (blocker >= 0)
    if blocker >= 0 and (s.R.scoring.rules.own_blockades_score or s.ctrl[blocker] != p):
        crossed = crossed | {e}
    if not s.quiet:  # the quiet path builds no event (speed only)
        s.emit(FleetStep(p, b.coords[n], cost, blocker >= 0, mp - cost))
    s.push(Walk(p, fleets, moved, refused, origin, fleet, towed, n, mp - cost, crossed, need))


def arrive(s: "BlackSunState", p: Seat, fleets: int, moved: frozenset[ShipId], refused: frozenset[ShipId], origin: HexId,
           fleet: tuple[ShipId, ...], towed: tuple[ShipId, ...], pos: HexId, crossed: frozenset[int]) -> None:
    if not s.quiet:  # the quiet path builds no event (speed only)
        s.emit(FleetArrives(p, s.board.coords[pos], fleet, towed, len(crossed)))
    if towed:
        s.captures = [c for c in s.captures if c[0] not in towed]
    settle(s, pos, p, fleet + towed, then=FleetAfter(p, fleets, moved | frozenset(fleet), refused, origin, fleet, crossed))


@TASKS.auto(FleetAfter)
def fleet_after(s: "BlackSunState", task: FleetAfter) -> None:
    """Score blockades run, re-centre what the fleet left behind, then the Rebel's second fleet."""
    p, fleets, moved, refused, origin, fleet, crossed = task
    if fleets > 1:
        s.push(Move(p, fleets - 1, moved, refused))
    repair(s, [(origin, s.owner[x]) for x in fleet])
    scoring.award_condition(s, p, "run_blockade", len(crossed), blockades=len(crossed))
