"""The fleet battle's own steps: outfit both fleets within the same points, deploy them, then fight.

Outfitting: from the first player (drawn at random; they are also the attacker for
initiative ties), the seats take turns buying one ship of a preset design they can
afford (within the hull's piece limit), until each has said its fleet is complete
(a fleet holds at least one ship) or can afford nothing more. Deployment: in the
same alternation, each seat places its ships, dearest first, on free cells of its
own edge (the first columns for seat 0, the last for seat 1). Then the battle
(``..battle``) runs until one fleet is gone or the round limit.

Secret buying (option ``buying = "secret"``): both seats order at once, one ship at
a time, each order and the points left seen only by the seat that made them, until
both fleets are sealed; then both fleets are revealed together (the first player's
first) and deployment begins.
"""

from __future__ import annotations


from voidtable.engine.actions import Action
from voidtable.engine.squaregrid import Cell

from ..battle import start_battle
from ..ships import Ship
from .actions import BUY, FLEET_DONE, PLACE
from .events import Bought, DeployBegins, FleetComplete, FleetSealed, HeldBack, OneDesignChosen, Ordered, Placed
from .state import FleetState, affordable_orders
from .tasks import TASKS, Buy, Deploy, OneDesign, SecretBuy



def affordable(s: "FleetState", seat: int) -> list[str]:
    """The designs the seat can still buy: within its points and its pieces of the hull."""
    out = []
    for key in s.r.fleet_designs:
        d = s.r.designs[key]
        if d.points <= s.budget[seat] and s.free_id(seat, d.hull) is not None:
            out.append(key)
    return out


def buy_legal(s: "FleetState", task: Buy) -> list[Action]:
    out = [BUY(k) for k in affordable(s, task.seat)]
    if s.fleet_of(task.seat) or not out:
        out.append(FLEET_DONE())
    return out


@TASKS.decision(Buy, legal=buy_legal)
def buy(s: "FleetState", task: Buy, action: Action) -> None:
    seat = task.seat
    if action.kind == "buy":
        _add_ship(s, seat, action.arg)
        if not affordable(s, seat):
            s.buying[seat] = False
            s.emit(FleetComplete(seat, s.budget[seat]))
    else:
        s.buying[seat] = False
        s.emit(FleetComplete(seat, s.budget[seat]))
    next_outfitting(s, seat)


def next_outfitting(s: "FleetState", seat: int) -> None:
    other = 1 - seat
    if s.buying[other]:
        s.push(Buy(other))
    elif s.buying[seat]:
        s.push(Buy(seat))
    else:
        s.phase = "deploy"
        s.emit(DeployBegins())
        next_deployment(s, 1 - s.attacker)


# ------------------------------------------------------------------ the lab's one-design mode
@TASKS.auto(OneDesign)
def outfit_one_design(s: "FleetState", task: OneDesign | None = None) -> None:
    """Option ``outfit = "one_design"`` (a lab mode, not the game): no outfitting decisions.

    Seat 0 flies one design, drawn at random among the fleet's designs its points can
    buy: as many ships of it as its points and its pieces of the hull allow (the event
    ``one_design`` names it). Seat 1 is *the field*: a design drawn at random among
    those it can still afford, again and again, until it can afford none. Then
    deployment as usual.
    """
    designs = affordable(s, 0)
    key = designs[s.rng.below(len(designs))]
    s.emit(OneDesignChosen(0, key))
    for seat in (0, 1):
        while True:
            options = affordable(s, seat)
            if seat == 0:
                options = [k for k in options if k == key]
            if not options:
                break
            _add_ship(s, seat, options[s.rng.below(len(options))])
        s.buying[seat] = False
        s.emit(FleetComplete(seat, s.budget[seat]))
    s.phase = "deploy"
    s.emit(DeployBegins())
    next_deployment(s, 1 - s.attacker)


def _add_ship(s: "FleetState", seat: int, key: str) -> None:
    d = s.r.designs[key]
    ship_id = s.free_id(seat, d.hull)
    assert ship_id is not None
    s.ships[ship_id] = Ship(seat, d.key)
    s.budget[seat] -= d.points
    s.emit(Bought(seat, ship_id, d.key, d.points, s.budget[seat]))


# ------------------------------------------------------------------ secret buying
def ordering(s: "FleetState", task: SecretBuy) -> list[int]:
    return [q for q in range(2) if s.buying[q]]


def secret_legal(s: "FleetState", task: SecretBuy, seat: int) -> list[Action]:
    out = [BUY(k) for k in affordable_orders(s.r, s.budget[seat], s.orders[seat])]
    if s.orders[seat] or not out:
        out.append(FLEET_DONE())
    return out


@TASKS.simultaneous(SecretBuy, seats=ordering, legal=secret_legal)
def secret_buy(s: "FleetState", task: SecretBuy, seat: int, action: Action) -> None:
    if action.kind == "buy":
        d = s.r.designs[action.arg]
        s.orders[seat] = s.orders[seat] + (d.key,)
        s.budget[seat] -= d.points
        s.emit(Ordered(seat, d.key, d.points, s.budget[seat], visible_to=(seat,)))
        sealed = not affordable_orders(s.r, s.budget[seat], s.orders[seat])
    else:
        sealed = True
    if sealed:
        s.buying[seat] = False
        s.emit(FleetSealed(seat))
    if any(s.buying):
        s.push(task)
        return
    for q in (s.attacker, 1 - s.attacker):   # both fleets revealed together, the first player's first
        left = s.r.minigame.budget
        for key in s.orders[q]:
            d = s.r.designs[key]
            ship_id = s.free_id(q, d.hull)
            assert ship_id is not None
            s.ships[ship_id] = Ship(q, key)
            left -= d.points
            s.emit(Bought(q, ship_id, key, d.points, left))
        s.emit(FleetComplete(q, s.budget[q]))
    s.orders = [(), ()]
    s.phase = "deploy"
    s.emit(DeployBegins())
    next_deployment(s, 1 - s.attacker)


def edge(s: "FleetState", seat: int) -> list[Cell]:
    """The seat's deployment edge: the first columns for seat 0, the last for seat 1."""
    cols = s.r.battle.deploy_columns
    w = s.r.board.width
    return s.r.board.columns(range(cols) if seat == 0 else range(w - cols, w))


def unplaced(s: "FleetState", seat: int) -> list[int]:
    """The seat's ships still to place, dearest first (then by id)."""
    ids = [i for i in s.fleet_of(seat) if s.ships[i].cell[0] < 0]
    return sorted(ids, key=lambda i: (-s.r.designs[s.ships[i].design].points, i))


def free_edge(s: "FleetState", seat: int) -> list[Cell]:
    taken = {sh.cell for sh in s.ships.values()}
    return [c for c in edge(s, seat) if c not in taken]


def deploy_legal(s: "FleetState", task: Deploy) -> list[Action]:
    return [PLACE(c) for c in free_edge(s, task.seat)]


@TASKS.decision(Deploy, legal=deploy_legal)
def deploy(s: "FleetState", task: Deploy, action: Action) -> None:
    ship_id = unplaced(s, task.seat)[0]
    s.ships[ship_id] = s.ships[ship_id]._replace(cell=action.arg)
    s.emit(Placed(task.seat, ship_id, s.ships[ship_id].design, action.arg))
    next_deployment(s, task.seat)


def next_deployment(s: "FleetState", seat: int) -> None:
    """The other seat places next if it has ships to place (and room), else this one; then the battle."""
    for p in (1 - seat, seat):
        if unplaced(s, p) and free_edge(s, p):
            s.push(Deploy(p))
            return
    for p in range(2):
        for i in unplaced(s, p):  # no room left on the edge: the ship stays out of the battle
            s.emit(HeldBack(p, i, s.ships[i].design))
            del s.ships[i]
    s.phase = "battle"
    start_battle(s)
