"""Step 6a, Movement: groups from one sector, one step at a time, paid in E; exploring face-down cards.

A move is built in small decisions: pick the origin sector (``group``), add ships
(``add``), then ``step`` to an adjacent sector. The group costs the sum of its
ships' move costs (facets, less 2 for a Corsair, never below 1). Ships from
different sectors never move together; a ship may move again and again while E
lasts. Only ships that can still go somewhere are offered, so every group ends in
a step and every step spends E: the Action step always ends. In a seat's first
turn no ship may cross the Frontier. Stepping into enemy ships is an attack
(:mod:`.combat`): every ship in the group must be able to attack.

Entering a face-down card turns it up. A sector stays; an Encounter stays and
threatens; any other card goes under its owner's Resource, and that Resource's
top card takes the place, face up (again, until a sector or an Encounter lies there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action

from .actions import ADD, END_TURN, GROUP, STEP
from .events import Attacked, Discovered, Emptied, Explored, Moved
from .resource import key, put_bottom, take_top
from .board import EMPTY
from .tasks import TASKS, ActionStep, Defend, Group
from .victory import check_end

if TYPE_CHECKING:
    from .state import NearspaceState, Ship


def move_cost(s: "NearspaceState", ship: "Ship") -> int:
    return max(1, ship.die.facets + s.r.traits(ship.die).move)


def can_attack(s: "NearspaceState", ship: "Ship") -> bool:
    """One attack per ship per turn, except Invaders (orange)."""
    return ship.attacks == 0 or s.r.traits(ship.die).multi_attack


def destinations(s: "NearspaceState", seat: int, origin: int, ships: tuple[int, ...]) -> list[int]:
    """Adjacent places this group may step to now."""
    if not ships:
        return []
    group = [s.ships[i] for i in ships]
    if sum(move_cost(s, sh) for sh in group) > s.e:
        return []
    first_round = s.is_first_round(seat)
    may_attack = None  # asked only where enemy ships stand
    out = []
    for dest in s.r.board.neighbours[origin]:
        if first_round and s.r.board.across_frontier(seat, dest):
            continue
        if s.has_ships(1 - seat, dest):
            if may_attack is None:
                may_attack = all(can_attack(s, sh) for sh in group)
            if not may_attack:
                continue
        out.append(dest)
    return out


def action_legal(s: "NearspaceState", task: ActionStep) -> list[Action]:
    origins = sorted({sh.place for i, sh in s.fleet(task.seat) if destinations(s, task.seat, sh.place, (i,))})
    return [GROUP(s.hex(p)) for p in origins] + [END_TURN()]


@TASKS.decision(ActionStep, legal=action_legal)
def action_step(s: "NearspaceState", task: ActionStep, action: Action) -> None:
    if action.kind == "end_turn":
        return
    s.push(Group(task.seat, s.r.board.index[action.arg], ()), task)


def group_legal(s: "NearspaceState", task: Group) -> list[Action]:
    out = []
    for i in s.ships_at(task.seat, task.origin):
        if i not in task.ships and destinations(s, task.seat, task.origin, task.ships + (i,)):
            out.append(ADD(i))
    out += [STEP(s.hex(p)) for p in destinations(s, task.seat, task.origin, task.ships)]
    return out


@TASKS.decision(Group, legal=group_legal)
def group(s: "NearspaceState", task: Group, action: Action) -> None:
    if action.kind == "add":
        s.push(task._replace(ships=tuple(sorted(task.ships + (action.arg,)))))
        return
    dest = s.r.board.index[action.arg]
    cost = sum(move_cost(s, s.ships[i]) for i in task.ships)
    s.e -= cost
    if s.has_ships(1 - task.seat, dest):
        for i in task.ships:
            s.ships[i] = s.ships[i]._replace(attacks=s.ships[i].attacks + 1)
        s.emit(Attacked(task.seat, tuple(task.ships), s.hex(task.origin), tuple(action.arg), cost, s.e))
        s.push(Defend(1 - task.seat, task.seat, task.origin, dest, task.ships, ()))
        return
    move_ships(s, task.seat, task.ships, dest, cost)


def move_ships(s: "NearspaceState", seat: int, ships: tuple[int, ...], dest: int, cost: int) -> None:
    """Ships complete a move into ``dest`` (after a step, or a won attack): explore, hulls there, Annihilation."""
    from .shipyard import lose_unheld_hulls

    origin = s.ships[ships[0]].place
    for i in ships:
        s.ships[i] = s.ships[i]._replace(place=dest)
    s.emit(Moved(seat, tuple(ships), s.hex(origin), s.hex(dest), cost, s.e))
    if not s.face_up[dest]:
        explore(s, dest)
    lose_unheld_hulls(s)
    check_end(s)


def explore(s: "NearspaceState", place: int) -> None:
    card = s.place_card[place]
    s.face_up[place] = True
    c = s.r.card(card)
    s.emit(Explored(s.hex(place), key(s, card), s.r.owner(card)))
    if s.r.is_sector(card) or c.kind == "encounter":
        return
    owner = s.r.owner(card)
    put_bottom(s, owner, card)
    s.place_card[place] = EMPTY
    fill_place(s, place, owner)


def fill_place(s: "NearspaceState", place: int, owner: int) -> None:
    """The owner's Resource top card takes an empty place, face up; a card that is neither sector nor
    Encounter goes under the Resource and the next is tried (bounded: an empty place if none fits)."""
    tries = len(s.resource[owner]) + len(s.discard[owner]) + 1
    while tries > 0:
        tries -= 1
        card = take_top(s, owner)
        if card is None:
            break
        s.emit(Discovered(s.hex(place), key(s, card), owner))
        if s.r.is_sector(card) or s.r.card(card).kind == "encounter":
            s.place_card[place] = card
            s.face_up[place] = True
            return
        put_bottom(s, owner, card)
    s.place_card[place] = EMPTY
    s.face_up[place] = True
    s.emit(Emptied(s.hex(place)))
