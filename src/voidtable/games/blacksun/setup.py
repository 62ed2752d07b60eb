"""Setup: the Sun choice, the stellar system (steps 1-10, or the Manual Setup
variant), Starting Factions with redraws (11-12), ships and cards (13), the
first player (14), and the two placement rounds (15-16) with the Medics'
third placement and the Smuggler's re-placement.

Fewer than six players: only as many Starting Factions are dealt as there are
players; the rest stay in the face-down deck that redraws come from.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action

from . import stellar
from .board import Board
from .data import FACTION_ORDER, SUNS
from .flow import auto, decision, push
from .positions import BOARD, OUT, UNPLACED, can_fit, lift, put, where_json


def begin(s: Any, sun_option: str) -> None:
    """Step 1's Sun choice, then queue the rest of setup."""
    if sun_option == "random":
        sun = SUNS[s.rng.below(len(SUNS))]
        s.emit({"type": "sun_drawn", "sun": sun})
    else:
        sun = sun_option
    push(s, ("deal_factions", -1))
    if s.manual_setup:
        start_manual_setup(s, sun)
    else:
        tiles, events = stellar.build_system(s.R, sun, s.rng)
        for e in events:
            s.emit(e)
        make_board(s, tiles, sun)


def make_board(s: Any, tiles: dict, sun: str) -> None:
    s.board = Board(tiles, sun, s.R.suns)
    s.status = [0] * s.board.n_hex
    s.edge_occ = [-1] * s.board.n_edge
    s.emit({"type": "system_ready", "board": s.board.to_json()})


# ---------------------------------------------------------------- Manual Setup variant


def start_manual_setup(s: Any, sun: str) -> None:
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
    s.emit({"type": "hexes_dealt", "hands": [list(h) for h in hands]})
    s.manual = {"sun": sun, "dirs": tuple(dirs), "tiles": tiles, "hands": hands, "open": stellar.all_slots(dirs, s.R)}
    push(s, ("lay_hex", 0), ("finish_manual_map", -1))


def _lay_hex_legal(s: Any, task: tuple) -> list[Action]:
    m = s.manual
    if not m["open"]:
        return []
    return [Action("hex_tile", t) for t in sorted(set(m["hands"][task[1]]))]


@decision("lay_hex", _lay_hex_legal)
def lay_hex(s: Any, task: tuple, action: Action) -> None:
    push(s, ("lay_hex_slot", task[1], action.arg))


def _lay_hex_slot_legal(s: Any, task: tuple) -> list[Action]:
    return [Action("hex_slot", tuple(h)) for h in s.manual["open"]]


@decision("lay_hex_slot", _lay_hex_slot_legal)
def lay_hex_slot(s: Any, task: tuple, action: Action) -> None:
    m = s.manual
    seat, tile = task[1], task[2]
    h = (action.arg[0], action.arg[1])
    m["hands"][seat].remove(tile)
    m["open"].remove(h)
    m["tiles"][h] = tile
    s.emit({"type": "hex_laid", "seat": seat, "hex": list(h), "tile": tile})
    if m["open"]:
        nxt = next_with_hand(s, seat)
        if nxt >= 0:
            push(s, ("lay_hex", nxt))


def next_with_hand(s: Any, seat: int) -> int:
    for k in range(1, s.n + 1):
        p = (seat + k) % s.n
        if s.manual["hands"][p]:
            return p
    return -1


@auto("finish_manual_map")
def finish_manual_map(s: Any, task: tuple) -> None:
    """Steps 8-10 still apply to a hand-laid system (a Gas Giant's orbit must hold a planet)."""
    m = s.manual
    tiles = m["tiles"]
    pile = [t for h in m["hands"] for t in h]
    for h in m["open"]:  # only if the hands ran out before the slots did
        tiles[h] = "S"
    for e in stellar.fix_planetless_orbits(tiles, pile, list(m["dirs"]), s.R, s.rng):
        s.emit(e)
    s.manual = None
    make_board(s, tiles, m["sun"])


# ---------------------------------------------------------------- steps 11-13


@auto("deal_factions")
def deal_factions(s: Any, task: tuple) -> None:
    """Step 11: one Starting Faction card each; the undealt ones form a face-down deck."""
    deck = list(FACTION_ORDER)
    s.rng.shuffle(deck)
    for p in range(s.n):
        s.starting[p] = deck.pop()
    s.deck = deck
    s.emit({"type": "factions_dealt", "factions": list(s.starting)})
    push(s, *[("redraw", p) for p in range(s.n)], ("equip", -1))


def _redraw_legal(s: Any, task: tuple) -> list[Action]:
    p = task[1]
    out = [Action("keep_faction")]
    if s.deck and s.redraws[p] < s.R.limits.max_redraws:
        out.append(Action("redraw_faction"))
    return out


@decision("redraw", _redraw_legal)
def redraw(s: Any, task: tuple, action: Action) -> None:
    """Step 12: a player may put their card under the deck and draw again, until happy."""
    p = task[1]
    if action.kind == "keep_faction":
        s.emit({"type": "faction_kept", "seat": p, "faction": s.starting[p]})
        return
    old = s.starting[p]
    s.deck.insert(0, old)  # to the bottom; cards are drawn from the end
    s.starting[p] = s.deck.pop()
    s.redraws[p] += 1
    s.emit({"type": "faction_redrawn", "seat": p, "returned": old, "faction": s.starting[p]})
    push(s, ("redraw", p))


@auto("equip")
def equip(s: Any, task: tuple) -> None:
    """Step 13: each player's ship counters (one ship card per type, a set of Faction cards), then 14-16."""
    fleet = []
    for p in range(s.n):
        for ship, count in s.R.factions[s.starting[p]].ships.items():
            fleet += [(p, ship)] * count
    issue_ships(s, fleet)
    s.emit({"type": "ships_issued", "ships": [{"id": i, "owner": o, "type": t} for i, (o, t) in enumerate(fleet)]})
    s.first = roll_off(s, list(range(s.n)), "first_player")
    if s.story:
        s.story_player = roll_off(s, list(range(s.n)), "story_player")
    queue_placements(s)


def issue_ships(s: Any, fleet: list[tuple[int, str]]) -> None:
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


def roll_off(s: Any, seats: list[int], why: str) -> int:
    """Step 14 (and the Story roll): highest roll on three dice; tied players roll again."""
    while True:
        rolls = {p: s.rng.roll(s.R.game.first_player_dice) for p in seats}
        s.emit({"type": "roll_off", "for": why, "rolls": {str(p): r for p, r in rolls.items()}})
        best = max(sum(r) for r in rolls.values())
        top = [p for p in seats if sum(rolls[p]) == best]
        if len(top) == 1:
            s.emit({"type": why, "seat": top[0]})
            return top[0]
        seats = top


# ---------------------------------------------------------------- steps 15-16


def queue_placements(s: Any) -> None:
    """Placement rounds from the first player; the Medics' extra round comes after everyone's second."""
    order = [(s.first + k) % s.n for k in range(s.n)]
    rounds = max(s.R.factions[s.starting[p]].placements for p in range(s.n))
    tasks = []
    for r in range(rounds):
        for p in order:
            if s.R.factions[s.starting[p]].placements > r:
                tasks.append(("place", p, r))
    push(s, *tasks, ("placements_done", -1))


def has_unplaced(s: Any, p: int) -> bool:
    return any(s.owner[i] == p and s.sstate[i] == UNPLACED for i in range(len(s.owner)))


def may_replace(s: Any, p: int, rnd: int) -> bool:
    """The Smuggler's option: in a later round, pick her placed ship up and place it elsewhere."""
    return rnd > 0 and "re_place" in s.R.factions[s.starting[p]].abilities and any(
        s.owner[i] == p and s.sstate[i] == BOARD for i in range(len(s.owner))
    )


def _place_legal(s: Any, task: tuple) -> list[Action]:
    _, p, rnd = task
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


@decision("place", _place_legal)
def place(s: Any, task: tuple, action: Action) -> None:
    _, p, rnd = task
    if action.kind == "stay":
        return
    h = s.board.hex_of(action.arg)
    if may_replace(s, p, rnd) and not has_unplaced(s, p):
        moved = [i for i in range(len(s.owner)) if s.owner[i] == p and s.sstate[i] == BOARD]
        for i in moved:
            lift(s, i)
            s.sstate[i] = UNPLACED
        s.emit({"type": "ships_picked_up", "seat": p, "ships": moved})
    push(s, ("place_ships", p, rnd, h, 0))


def _place_ships_legal(s: Any, task: tuple) -> list[Action]:
    _, p, rnd, h, placed = task
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


@decision("place_ships", _place_ships_legal)
def place_ships(s: Any, task: tuple, action: Action) -> None:
    _, p, rnd, h, placed = task
    if action.kind == "place_done":
        return
    t, d = action.arg
    ship = next(i for i in range(len(s.owner)) if s.owner[i] == p and s.sstate[i] == UNPLACED and s.stype[i] == t)
    put(s, ship, h, d)
    s.emit({"type": "ship_placed", "ship": ship, "owner": p, "ship_type": t, "at": where_json(s, ship)})
    push(s, ("place_ships", p, rnd, h, placed + 1))


@auto("placements_done")
def placements_done(s: Any, task: tuple) -> None:
    """Ships a player did not place in their placements take no part (they placed 'some or all')."""
    left = [i for i in range(len(s.owner)) if s.sstate[i] == UNPLACED]
    for i in left:
        s.sstate[i] = OUT
    if left:
        s.emit({"type": "ships_unplaced", "ships": left})
    from .turn import start_turn

    start_turn(s, s.first, second=False)


__all__ = ["begin", "can_fit"]
