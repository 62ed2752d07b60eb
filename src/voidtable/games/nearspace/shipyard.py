"""Step 3, Build: Shipyards (hulls per site, investing CP over turns, completion), engines, and the card menu.

A hull is a Stockpile die put in a Shipyard: at the own Homeworld (unless enemy
ships hold it), at a face-up Star Base or the enemy Homeworld where the seat has
ships. A site holds at most 5 (Homeworld) or 3 (Star Base) of the seat's hulls.
Starting a hull puts the first CP into it (a hull with CP in it can never be
taken back); more CP may go in this turn or later turns, and the ship enters
service at its site the moment its CP equal its facets. Engines are d20 hulls
built the same way, only at the own Homeworld, frozen while it has fallen.
Advantage CP bound to a class pays first for a hull of that class.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die

from .actions import BUILD_DONE, CHARGE, CYCLE, INVEST, KEEP, PLAY, START_ENGINE, START_HULL
from .cards import apply_play, playable
from .events import (BuildDone, Charged, Cycled, DirectiveDropped, DirectiveKept, EngineCompleted, EngineStarted,
                     HullLost, HullStarted, Invested, ShipCompleted)
from .resource import key, leave_hand, to_discard
from .state import Ship
from .tasks import TASKS, BeginBuild, Build, Upkeep

if TYPE_CHECKING:
    from .state import NearspaceState


@TASKS.auto(BeginBuild)
def begin_build(s: "NearspaceState", task: BeginBuild) -> None:
    s.push(*[Upkeep(task.seat, c) for c in s.directives[task.seat]], Build(task.seat))


def upkeep_legal(s: "NearspaceState", task: Upkeep) -> list[Action]:
    can_pay = s.cp >= s.r.card(task.card).cost
    return [KEEP(True), KEEP(False)] if can_pay else [KEEP(False)]


@TASKS.decision(Upkeep, legal=upkeep_legal)
def upkeep(s: "NearspaceState", task: Upkeep, action: Action) -> None:
    """Keep a Directive by paying its cost again, or let it go to the discard pile."""
    if action.arg:
        s.cp -= s.r.card(task.card).cost
        s.emit(DirectiveKept(task.seat, key(s, task.card), s.cp))
    else:
        s.directives[task.seat].remove(task.card)
        to_discard(s, task.card)
        s.emit(DirectiveDropped(task.seat, key(s, task.card)))


def payable(s: "NearspaceState", ship_class: str) -> int:
    """CP a hull of this class may take now: general CP plus CP bound to its class."""
    return s.cp + s.cp_class.get(ship_class, 0)


def pay(s: "NearspaceState", ship_class: str, n: int) -> None:
    bound = min(n, s.cp_class.get(ship_class, 0))
    if bound:
        s.cp_class[ship_class] -= bound
    s.cp -= n - bound


def sites(s: "NearspaceState", seat: int) -> list[tuple[int, int]]:
    """``(place, hull limit)`` of every site where the seat may start a hull now."""
    b, d = s.r.board, s.r.data.build
    out = []
    if s.presence(seat, b.homeworld[seat]):
        out.append((b.homeworld[seat], d.homeworld_hulls))
    for place in s.places_with_ships(seat):  # Star Bases the seat holds, in map order
        card = s.place_of(place)
        if card is not None and s.face_up[place] and card.kind == "star_base":
            out.append((place, d.starbase_hulls))
    if s.has_ships(seat, b.homeworld[1 - seat]):
        out.append((b.homeworld[1 - seat], d.homeworld_hulls))
    return out


@lru_cache(maxsize=4096)
def invest_choices(hull: int, most: int) -> tuple[Action, ...]:
    """Investing 1..most CP in a hull or engine (the same few choices every Build step, so made once)."""
    return tuple(INVEST((hull, n)) for n in range(1, most + 1))


def build_legal(s: "NearspaceState", task: Build) -> list[Action]:
    seat, r = task.seat, s.r
    start_cp = r.data.build.start.cp
    out: list[Action] = []
    hulls = s.hulls(seat)
    affordable = [die for die in s.stockpile[seat].kinds() if payable(s, r.ship_class(die)) >= start_cp]
    for place, limit in sites(s, seat):
        if not affordable or sum(1 for _, h in hulls if h.place == place) >= limit:
            continue
        site = s.hex(place)
        out += [START_HULL((site, die.sides, die.colour)) for die in affordable]
    for i, h in hulls:
        if s.presence(seat, h.place):
            top = min(h.die.facets - h.invested, payable(s, r.ship_class(h.die)))
            out += invest_choices(i, top)
    if not s.homeworld_fallen(seat):
        mine = [i for i in r.engine_ids(seat) if i in s.engine_hulls]
        if s.engines[seat] + len(mine) < r.data.engines.supply and s.cp >= start_cp:
            out.append(START_ENGINE())
        for i in mine:
            top = min(r.data.engines.cost - s.engine_hulls[i], s.cp)
            out += invest_choices(i, top)
    hand = sorted((key(s, c), c) for c in s.hand[seat])
    out += [PLAY(k) for k, c in hand if playable(s, seat, c)]
    if s.cp >= r.data.hand_cycling.cost:
        out += [CYCLE(k) for k, _ in hand]
    if r.charging and s.cp >= r.data.advanced.charge_cp:
        out.append(CHARGE())
    out.append(BUILD_DONE())
    return out


def hand_card(s: "NearspaceState", seat: int, card_key: str) -> int:
    return next(c for c in s.hand[seat] if key(s, c) == card_key)


@TASKS.decision(Build, legal=build_legal)
def build(s: "NearspaceState", task: Build, action: Action) -> None:
    seat = task.seat
    if action.kind == "build_done":
        close_shipyard(s, seat)
        return
    s.push(task)  # the Shipyard stays open until build_done; sub-decisions are pushed above it
    if action.kind == "start_hull":
        site_hex, sides, colour = action.arg
        start_hull(s, seat, s.r.board.index[site_hex], Die(sides, colour))
    elif action.kind == "invest":
        invest(s, seat, action.arg[0], action.arg[1])
    elif action.kind == "start_engine":
        start_engine(s, seat)
    elif action.kind == "cycle":
        card = hand_card(s, seat, action.arg)
        s.cp -= s.r.data.hand_cycling.cost
        s.emit(Cycled(seat, action.arg))
        leave_hand(s, seat, card)
        to_discard(s, card)
    elif action.kind == "play":
        apply_play(s, seat, hand_card(s, seat, action.arg))
    elif action.kind == "charge":
        charge_engines(s, seat)


def close_shipyard(s: "NearspaceState", seat: int) -> None:
    """The end of the Build step: unspent CP is lost, except what the Banking CP option keeps (general CP only)."""
    banked = min(s.cp, s.r.data.advanced.bank_limit) if s.r.banking else 0
    s.bank[seat] = banked
    s.emit(BuildDone(seat, s.cp - banked + sum(s.cp_class.values()), banked))


def charge_engines(s: "NearspaceState", seat: int) -> None:
    """Engine Charging (an option): CP paid now become E when the engines roll this turn."""
    a = s.r.data.advanced
    s.cp -= a.charge_cp
    s.e_bonus += a.charge_e
    s.emit(Charged(seat, a.charge_cp, a.charge_e))


def start_hull(s: "NearspaceState", seat: int, site: int, die: Die) -> int:
    """A Stockpile die goes to the site's Shipyard with the first CP in it."""
    s.stockpile[seat] = s.stockpile[seat].take(die)
    i = s.free_ship_id(seat)
    n = s.r.data.build.start.cp
    pay(s, s.r.ship_class(die), n)
    s.ships[i] = Ship(seat, die, site, n)
    s.emit(HullStarted(seat, i, die.sides, die.colour, s.hex(site)))
    complete_if_done(s, i)
    return i


def invest(s: "NearspaceState", seat: int, hull: int, n: int) -> None:
    if hull in s.engine_hulls:
        s.cp -= n
        s.engine_hulls[hull] += n
        s.emit(Invested(seat=seat, hull=hull, cp=n, engine=True, total=s.engine_hulls[hull]))
        if s.engine_hulls[hull] >= s.r.data.engines.cost:
            del s.engine_hulls[hull]
            s.engines[seat] += 1
            s.emit(EngineCompleted(seat, s.engines[seat]))
        return
    h = s.ships[hull]
    pay(s, s.r.ship_class(h.die), n)
    s.ships[hull] = h._replace(invested=h.invested + n)
    s.emit(Invested(seat=seat, hull=hull, cp=n, sides=h.die.sides, colour=h.die.colour, total=h.invested + n))
    complete_if_done(s, hull)


def complete_if_done(s: "NearspaceState", i: int) -> None:
    h = s.ships[i]
    if h.built:
        s.emit(ShipCompleted(h.owner, i, h.die.sides, h.die.colour, s.hex(h.place)))


def start_engine(s: "NearspaceState", seat: int) -> None:
    i = next(i for i in s.r.engine_ids(seat) if i not in s.engine_hulls)
    n = s.r.data.build.start.cp
    s.cp -= n
    s.engine_hulls[i] = n
    s.emit(EngineStarted(seat, i))


def lose_unheld_hulls(s: "NearspaceState") -> None:
    """Hulls at a site held by enemy ships, with none of the owner's there, are dismantled (dice to the Stockpile)."""
    for i, h in list(s.ships.items()):
        if not h.built and s.has_ships(1 - h.owner, h.place) and not s.has_ships(h.owner, h.place):
            del s.ships[i]
            s.stockpile[h.owner] = s.stockpile[h.owner].give(h.die)
            s.emit(HullLost(h.owner, i, h.die.sides, h.die.colour, s.hex(h.place)))

