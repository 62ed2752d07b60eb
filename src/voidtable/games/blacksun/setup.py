"""Setup: the Sun choice, the stellar system (steps 1-10, or the Manual Setup
variant), Starting Factions with redraws (11-12), ships and cards (13), the
first player (14), and the two placement rounds (15-16) with the Medics'
third placement and the Smuggler's re-placement.

Fewer than six players: only as many Starting Factions are dealt as there are
players; the rest stay in the face-down deck that redraws come from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from voidtable.engine import dice
from voidtable.engine.actions import Action
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.fields import DICT, LIST, NESTED, VALUE, Fields
from voidtable.engine.types import Hex, Seat

from . import stellar, turn
from .board import Board
from .data import D6, FACTION_ORDER, SUNS
from .events import (ROLL_OFF_WINNER, FactionKept, FactionRedrawn, FactionsDealt, HexesDealt, HexLaid, IssuedShip, RollOff, RollOffFor,
                     ShipPlaced, ShipsIssued, ShipsPickedUp, ShipsUnplaced, SunDrawn, SystemReady)
from .flow import (
    TASKS,
    DealFactions,
    Equip,
    FinishManualMap,
    LayHex,
    LayHexSlot,
    Place,
    PlacementsDone,
    PlaceShips,
    Redraw,
)
from .positions import BOARD, OUT, UNPLACED, can_fit, lift, put, where_json

if TYPE_CHECKING:
    from .state import BlackSunState


@dataclass
class ManualSetup:
    """The Manual Setup variant while the hexes are laid: the map so far, the hands, the open slots."""

    sun: str
    dirs: tuple[int, ...]
    tiles: dict[Hex, str]
    hands: list[list[str]]
    open: list[Hex]

    def copy(self) -> "ManualSetup":
        return MANUAL_FIELDS.clone(self)  # type: ignore[no-any-return]

    def snapshot(self) -> dict[str, Any]:
        return MANUAL_FIELDS.snapshot(self)


MANUAL_FIELDS = Fields("blacksun.manual", sun=VALUE, dirs=VALUE, tiles=DICT, hands=NESTED, open=LIST)


def begin(s: "BlackSunState", sun_option: str) -> None:
    """Step 1's Sun choice, then queue the rest of setup."""
    if sun_option == "random":
        sun = SUNS[s.rng.below(len(SUNS))]
        s.emit(SunDrawn(sun))
    else:
        sun = sun_option
    s.push(DealFactions())
    if s.manual_setup:
        start_manual_setup(s, sun)
    else:
        tiles, events = stellar.build_system(s.R, sun, s.rng)
        for e in events:
            s.emit(e)
        make_board(s, tiles, sun)


def make_board(s: "BlackSunState", tiles: dict[Hex, str], sun: str) -> None:
    s.board = Board(tiles, sun, s.R.suns)
    s.status = [0] * s.board.n_hex
    s.edge_occ = [-1] * s.board.n_edge
    s.emit(SystemReady(tuple(s.board.to_json())))


# ---------------------------------------------------------------- Manual Setup variant


def start_manual_setup(s: "BlackSunState", sun: str) -> None:
    """Steps 1-4 as usual; then every remaining hex is dealt to the players, who lay them in turn."""
    tiles, events = stellar.place_sun(sun)
    dirs, ev = stellar.gas_giant_lottery(s.R, s.rng)
    events += ev
    events += stellar.push_gas_giants(tiles, dirs, s.R)
    pile = stellar.shuffle_pile(s.R, s.rng)
    hands: list[list[str]] = [[] for _ in range(s.n)]
    k = 0
    while pile:
        hands[k % s.n].append(pile.pop())
        k += 1
    for e in events:
        s.emit(e)
    for p in range(s.n):
        hands[p].sort()
    s.emit(HexesDealt(tuple(tuple(h) for h in hands)))
    s.manual = ManualSetup(sun, tuple(dirs), tiles, hands, stellar.all_slots(dirs, s.R))
    s.push(LayHex(0), FinishManualMap())


def _manual(s: "BlackSunState") -> ManualSetup:
    m = s.manual
    if m is None:
        raise RulesInvariantError("blacksun: a Manual Setup task without a Manual Setup under way")
    return m


def _lay_hex_legal(s: "BlackSunState", task: LayHex) -> list[Action]:
    m = _manual(s)
    if not m.open:
        return []
    return [Action("hex_tile", t) for t in sorted(set(m.hands[task.seat]))]


@TASKS.decision(LayHex, _lay_hex_legal)
def lay_hex(s: "BlackSunState", task: LayHex, action: Action) -> None:
    s.push(LayHexSlot(task.seat, action.arg))


def _lay_hex_slot_legal(s: "BlackSunState", task: LayHexSlot) -> list[Action]:
    return [Action("hex_slot", tuple(h)) for h in _manual(s).open]


@TASKS.decision(LayHexSlot, _lay_hex_slot_legal)
def lay_hex_slot(s: "BlackSunState", task: LayHexSlot, action: Action) -> None:
    m = _manual(s)
    seat, tile = task.seat, task.tile
    h = (action.arg[0], action.arg[1])
    m.hands[seat].remove(tile)
    m.open.remove(h)
    m.tiles[h] = tile
    s.emit(HexLaid(seat, h, tile))
    if m.open:
        nxt = next_with_hand(s, seat)
        if nxt >= 0:
            s.push(LayHex(nxt))


def next_with_hand(s: "BlackSunState", seat: Seat) -> Seat:
    hands = _manual(s).hands
    for k in range(1, s.n + 1):
        p = (seat + k) % s.n
        if hands[p]:
            return p
    return -1


@TASKS.auto(FinishManualMap)
def finish_manual_map(s: "BlackSunState", task: FinishManualMap) -> None:
    """Steps 8-10 still apply to a hand-laid system (a Gas Giant's orbit must hold a planet)."""
    m = _manual(s)
    tiles = m.tiles
    pile = [t for h in m.hands for t in h]
    for h in m.open:  # only if the hands ran out before the slots did
        tiles[h] = "S"
    for e in stellar.fix_planetless_orbits(tiles, pile, list(m.dirs), s.R, s.rng):
        s.emit(e)
    s.manual = None
    make_board(s, tiles, m.sun)


# ---------------------------------------------------------------- steps 11-13


@TASKS.auto(DealFactions)
def deal_factions(s: "BlackSunState", task: DealFactions) -> None:
    """Step 11: one Starting Faction card each; the undealt ones form a face-down deck."""
    deck = list(FACTION_ORDER)
    s.rng.shuffle(deck)
    for p in range(s.n):
        s.starting[p] = deck.pop()
    s.deck = deck
    s.emit(FactionsDealt(tuple(s.starting)))
    s.push(*[Redraw(p) for p in range(s.n)], Equip())


def _redraw_legal(s: "BlackSunState", task: Redraw) -> list[Action]:
    p = task.seat
    out = [Action("keep_faction")]
    if s.deck and s.redraws[p] < s.R.limits.max_redraws:
        out.append(Action("redraw_faction"))
    return out


@TASKS.decision(Redraw, _redraw_legal)
def redraw(s: "BlackSunState", task: Redraw, action: Action) -> None:
    """Step 12: a player may put their card under the deck and draw again, until happy."""
    p = task.seat
    if action.kind == "keep_faction":
        s.emit(FactionKept(p, s.starting[p]))
        return
    old = s.starting[p]
    if old is None:
        raise RulesInvariantError(f"blacksun: seat {p} redraws without a Starting Faction")
    s.deck.insert(0, old)  # to the bottom; cards are drawn from the end
    s.starting[p] = s.deck.pop()
    s.redraws[p] += 1
    s.emit(FactionRedrawn(p, old, s.starting[p]))
    s.push(task)


@TASKS.auto(Equip)
def equip(s: "BlackSunState", task: Equip) -> None:
    """Step 13: each player's ship counters (one ship card per type, a set of Faction cards), then 14-16."""
    fleet: list[tuple[Seat, str]] = []
    for p in range(s.n):
        for ship, count in s.R.factions[faction_of(s, p)].ships.items():
            fleet += [(p, ship)] * count
    issue_ships(s, fleet)
    s.emit(ShipsIssued(tuple(IssuedShip(i, o, t) for i, (o, t) in enumerate(fleet))))
    s.first = roll_off(s, list(range(s.n)), "first_player")
    if s.story:
        s.story_player = roll_off(s, list(range(s.n)), "story_player")
    queue_placements(s)


def issue_ships(s: "BlackSunState", fleet: list[tuple[Seat, str]]) -> None:
    """The ship counters: one id per ship, owner and type fixed for the game; nothing placed yet."""
    owner = [o for o, _ in fleet]
    stype = [t for _, t in fleet]
    ships = s.R.ships
    s.owner = tuple(owner)
    s.stype = tuple(stype)
    s.smove = tuple(ships[t].move for t in stype)
    s.sfight = tuple(ships[t].fight for t in stype)
    s.scap = tuple(ships[t].capture for t in stype)
    s.loc = [-1] * len(owner)
    s.sstate = [UNPLACED] * len(owner)
    s.ctrl = list(owner)
    s.centre = [-1] * (s.board.n_hex * s.n)
    s.edge_occ = [-1] * s.board.n_edge


def roll_off(s: "BlackSunState", seats: list[Seat], why: RollOffFor) -> Seat:
    """Step 14 (and the Story roll): highest roll on three dice; tied players roll again.

    Each round is one ``roll_off`` event with every seat's faces (the form the records pin).
    """
    count = s.R.game.first_player_dice

    def throw(rolling: list[Seat]) -> dict[Seat, int]:
        rolls = {p: dice.faces(s.rng, D6, count) for p in rolling}
        s.emit(RollOff(why, {str(p): tuple(r) for p, r in rolls.items()}))
        return {p: sum(r) for p, r in rolls.items()}

    winner = dice.roll_off(seats, throw)
    s.emit(ROLL_OFF_WINNER[why](winner))
    return winner


# ---------------------------------------------------------------- steps 15-16


def faction_of(s: "BlackSunState", p: Seat) -> str:
    """``p``'s Starting Faction (dealt in step 11; nothing asks before)."""
    f = s.starting[p]
    if f is None:
        raise RulesInvariantError(f"blacksun: seat {p} has no Starting Faction yet")
    return f


def queue_placements(s: "BlackSunState") -> None:
    """Placement rounds from the first player; the Medics' extra round comes after everyone's second."""
    order = [(s.first + k) % s.n for k in range(s.n)]
    rounds = max(s.R.factions[faction_of(s, p)].placements for p in range(s.n))
    tasks: list[Place | PlacementsDone] = []
    for r in range(rounds):
        for p in order:
            if s.R.factions[faction_of(s, p)].placements > r:
                tasks.append(Place(p, r))
    s.push(*tasks, PlacementsDone())


def has_unplaced(s: "BlackSunState", p: Seat) -> bool:
    return any(s.owner[i] == p and s.sstate[i] == UNPLACED for i in range(len(s.owner)))


def may_replace(s: "BlackSunState", p: Seat, rnd: int) -> bool:
    """The Smuggler's option: in a later round, pick her placed ship up and place it elsewhere."""
    return rnd > 0 and "re_place" in s.R.factions[faction_of(s, p)].abilities and any(
        s.owner[i] == p and s.sstate[i] == BOARD for i in range(len(s.owner))
    )


def _place_legal(s: "BlackSunState", task: Place) -> list[Action]:
    p, rnd = task
    replace = may_replace(s, p, rnd)
    if not has_unplaced(s, p) and not replace:
        return []
    b = s.board
    out = []
    for h in range(b.n_hex):
        if not b.stayable[h]:
            continue
        if s.centre[h * s.n + p] < 0 or any(s.edge_occ[e] < 0 for e in b.hex_edge[h]):
            out.append(Action("place_hex", b.coords[h]))
    if replace:
        out.append(Action("stay"))
    return out


@TASKS.decision(Place, _place_legal)
def place(s: "BlackSunState", task: Place, action: Action) -> None:
    p, rnd = task
    if action.kind == "stay":
        return
    h = s.board.hex_of(action.arg)
    if may_replace(s, p, rnd) and not has_unplaced(s, p):
        moved = [i for i in range(len(s.owner)) if s.owner[i] == p and s.sstate[i] == BOARD]
        for i in moved:
            lift(s, i)
            s.sstate[i] = UNPLACED
        s.emit(ShipsPickedUp(p, tuple(moved)))
    s.push(PlaceShips(p, rnd, h, 0))


def _place_ships_legal(s: "BlackSunState", task: PlaceShips) -> list[Action]:
    p, rnd, h, placed = task
    types = sorted({s.stype[i] for i in range(len(s.owner)) if s.owner[i] == p and s.sstate[i] == UNPLACED})
    out = []
    if types:
        if s.centre[h * s.n + p] < 0:
            out = [Action("put", (t, -1)) for t in types]
        else:
            free = [d for d, e in enumerate(s.board.hex_edge[h]) if s.edge_occ[e] < 0]
            out = [Action("put", (t, d)) for t in types for d in free]
    if placed:
        out.append(Action("place_done"))
    return out


@TASKS.decision(PlaceShips, _place_ships_legal)
def place_ships(s: "BlackSunState", task: PlaceShips, action: Action) -> None:
    p, rnd, h, placed = task
    if action.kind == "place_done":
        return
    t, d = action.arg
    ship = next(i for i in range(len(s.owner)) if s.owner[i] == p and s.sstate[i] == UNPLACED and s.stype[i] == t)
    put(s, ship, h, d)
    s.emit(ShipPlaced(ship, p, t, where_json(s, ship)))
    s.push(PlaceShips(p, rnd, h, placed + 1))


@TASKS.auto(PlacementsDone)
def placements_done(s: "BlackSunState", task: PlacementsDone) -> None:
    """Ships a player did not place in their placements take no part (they placed 'some or all')."""
    left = [i for i in range(len(s.owner)) if s.sstate[i] == UNPLACED]
    for i in left:
        s.sstate[i] = OUT
    if left:
        s.emit(ShipsUnplaced(tuple(left)))
    turn.start_turn(s, s.first, second=False)


__all__ = ["begin", "can_fit"]
