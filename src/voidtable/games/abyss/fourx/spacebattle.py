"""Phase III a, the space battles: wherever players at war share a place, a battle on the battle board.

Each such place (in place order) holds one battle per cycle. Its sides are the
players there at war with some other player there; their ships go onto the
battle board (``..battle``): the first side on the first columns, the second on
the last, a third and a fourth along the top and bottom rows, more in the
middle; sides at peace with each other keep a truce on the board (they neither
fire at each other nor count each other's jammers); a ship with no free cell on its side's edge sits the battle out. The
attacker for initiative ties is the side latest in this cycle's turn order (it
moved in last). From the second round a side may flee: its ships go to a
neighbouring place with no ships of a player at war with it (the lowest such
place), or, with none, they stay where they are and the battle ends. When the
battle ends every ship leaves the board and keeps its damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.squaregrid import Cell

from ..battle import start_battle
from ..ships import NOWHERE
from .tasks import TASKS, Battles

if TYPE_CHECKING:
    from .state import AbyssState


def contested(s: "AbyssState") -> list[int]:
    """Places where ships of two players at war meet, not yet fought over this cycle."""
    out = []
    for place in sorted(set(s.where.values())):
        if place in s.fought:
            continue
        owners = sorted(s.owners_at(place))
        if any(s.at_war(a, b) for a in owners for b in owners):
            out.append(place)
    return out


def edges(s: "AbyssState", k: int) -> list[Cell]:
    """Side ``k``'s starting cells: left and right columns, then top and bottom rows, then the middle."""
    b, cols = s.r.board, s.r.battle.deploy_columns
    w, h = b.width, b.height
    inner = range(cols, w - cols)
    if k == 0:
        return b.columns(range(cols))
    if k == 1:
        return b.columns(range(w - cols, w))
    if k == 2:
        return [(x, y) for y in range(min(2, h)) for x in inner]
    if k == 3:
        return [(x, y) for y in range(max(0, h - 2), h) for x in inner]
    mid = w // 2 - 1 + (k - 4)
    return [(mid, y) for y in range(2, max(2, h - 2))]


@TASKS.auto(Battles)
def battles(s: "AbyssState", task: Battles) -> None:
    s.phase = "battle"
    places = contested(s)
    if not places:
        s.fought = frozenset()
        s.battle_place = -1
        return
    place = places[0]
    s.fought = s.fought | {place}
    owners = sorted(s.owners_at(place))
    sides = tuple(p for p in owners if any(s.at_war(p, q) for q in owners))
    order = s.turn_order()
    s.fighting = sides
    s.truce = frozenset((a, b) for a in sides for b in sides if a < b and not s.at_war(a, b))
    s.battle_place = place
    s.attacker = max(sides, key=lambda p: order.index(p) if p in order else -1)
    taken: set[Cell] = set()
    for k, seat in enumerate(sides):
        cells = [c for c in edges(s, k) if c not in taken]
        for i in s.ships_at(place):
            if s.ships[i].owner == seat and cells:
                c = cells.pop(0)
                taken.add(c)
                s.ships[i] = s.ships[i]._replace(cell=c)
    s.event(type="space_battle", place=place, sides=list(sides))
    s.push(Battles())
    start_battle(s)


def retreat(s: "AbyssState", seat: int, place: int) -> int:
    for n in s.m.galaxy.neighbours[place]:
        kind = s.kinds[n]
        if kind and kind != "black_hole" and not any(s.at_war(seat, o) for o in s.owners_at(n)):
            return n
    return place


def after_battle(s: "AbyssState", winners: list[int], reason: str) -> None:
    """Ships leave the board; destroyed ones are gone already; a side that fled retreats."""
    place = s.battle_place
    for i in list(s.ships):
        if s.ships[i].cell != NOWHERE:
            s.ships[i] = s.ships[i]._replace(cell=NOWHERE)
    for i in list(s.where):
        if i not in s.ships:
            del s.where[i]
            s.cargo.pop(i, None)
            s.carried.pop(i, None)
            s.moves.pop(i, None)
    if reason == "fled":
        for seat in s.fighting:
            if seat in winners:
                continue
            to = retreat(s, seat, place)
            for i in s.ships_at(place):
                if s.ships[i].owner == seat:
                    s.where[i] = to
            s.event(type="retreated", seat=seat, came=place, to=to)
    s.fighting = ()
    s.truce = frozenset()
