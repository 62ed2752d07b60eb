"""Phase III a, the space battles: wherever players at war share a place, a battle on the battle board.

Each such place (in place order) holds one battle per cycle. Its sides are the
players there at war with some other player there; their ships go onto the
battle board (``..battle``): the first side on the first columns, the second on
the last, a third and a fourth along the top and bottom rows, more in the
middle; sides at peace with each other keep a truce on the board (they neither
fire at each other nor count each other's jammers); a ship with no free cell on its side's edge sits the battle out. The
attacker for initiative ties is the side that moved in (``movement.note_entry``
records who entered a place where another player's ships were: the latest such
side among the battle's sides); when none did (ships built there, say), the side
latest in this cycle's turn order. From the second round a side may flee, but only
if a friendly space lies next door: a face-up neighbouring place, not a black hole,
with no ships of a player at war with it. The player picks which (``flee(place)``;
``flee(None)`` fights on). Its ships go there at once, and a flight into an asteroid
field rolls the asteroid die for each ship, as any entry does; the others fight on
while two of them are still at war.
When the battle ends every ship leaves the board and keeps its damage.

The planet side of the board (the draft's reverse side, for a battle with a planet
in it): when one of the sides has buildings on the planet of the place, it is the
planet's holder; the planet takes a 2 x 2 block in the middle of its edge (no ship
enters it) and the holder's ships deploy around it. At the start of every round the
planet goes first: each working planetary defence of the holder fires at the enemy
ship within ``ground.defence_range`` squares of the planet with the fewest working
squares (a hit is covered by the ship's owner, as any hit). A ship that ends its
move next to the planet drops its bombs: each working bomb bay rolls, and a hit
destroys a building of a race at war with it (the planet's owner picks which; with
two races, the bomber picks the race). The planet's bombardment after the battles
then leaves that planet alone this cycle. With ``battle = "auto"`` (the lab mode)
battles are played on the ship side and planets are bombarded after the battles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die, face
from voidtable.engine.squaregrid import Cell

from ..battle import land_hit, next_to_planet, start_battle
from ..ships import NOWHERE, stats
from .ground import bomb_bays, victims
from .actions import FLEE
from .movement import cross_asteroids, note_entry
from .planets import is_planet, working_at
from .tasks import TASKS, Battles, BombShot, PlanetShot
from .events import DefenceFired, Retreated, SpaceBattle

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
    s.attacker = attacker(s, place, sides, order)
    holder = planet_holder(s, place, sides)
    deploy = sides
    taken: set[Cell] = set()
    if holder is not None:   # the planet side: the holder's edge first, the planet in its middle
        deploy = (holder, *(p for p in sides if p != holder))
        s.planet = planet_block(s)
        s.besieged = s.besieged | {place}
        taken |= s.planet
    for k, seat in enumerate(deploy):
        cells = [c for c in edges(s, k) if c not in taken]
        for i in s.ships_at(place):
            if s.ships[i].owner == seat and cells:
                c = cells.pop(0)
                taken.add(c)
                s.ships[i] = s.ships[i]._replace(cell=c)
    s.emit(SpaceBattle(place, tuple(sides), holder))
    s.push(Battles())
    start_battle(s)


def attacker(s: "AbyssState", place: int, sides: tuple[int, ...], order: list[int]) -> int:
    """The side that moved in on the others (the latest to enter while another player's ships were there);
    with none, the side latest in the turn order (a default: nobody moved in on anybody)."""
    movers = [p for p in s.entered.get(place, ()) if p in sides]
    if movers:
        return movers[-1]
    return max(sides, key=lambda p: order.index(p) if p in order else -1)


def planet_holder(s: "AbyssState", place: int, sides: tuple[int, ...]) -> int | None:
    """The side holding buildings on the planet of the place (the first in seat order), on the board's planet side;
    None: the ship side (no planet, no side's buildings there, or the lab's auto battles)."""
    if s.r.auto_battle or not is_planet(s.kinds[place]):
        return None
    owners = {b[0] for b in s.built.get(place, ()) if b is not None}
    return next((p for p in sides if p in owners), None)


def planet_block(s: "AbyssState") -> frozenset[Cell]:
    """The planet's 2 x 2 cells in the middle of the first edge (the holder's)."""
    h = s.r.board.height
    return frozenset((x, y) for x in range(2) for y in (h // 2 - 1, h // 2))


def planet_fires(s: "AbyssState") -> None:
    """A round begins on the planet side: each working defence of the holder fires, before any ship."""
    place = s.battle_place
    shots = []
    for seat in s.fighting:
        built = s.built.get(place, ())
        shots += [PlanetShot(seat, place) for q in working_at(s, place, seat)
                  if built[q] is not None and built[q][1] == "defence"]   # type: ignore[index]
    s.push(*shots)


def in_reach_of_planet(s: "AbyssState", seat: int) -> list[int]:
    reach = s.m.data.ground.defence_range
    return [i for i, sh in s.ships.items() if sh.cell[0] >= 0 and s.at_war(seat, sh.owner)
            and any(max(abs(sh.cell[0] - x), abs(sh.cell[1] - y)) <= reach for x, y in s.planet)]


@TASKS.auto(PlanetShot)
def planet_shot(s: "AbyssState", task: PlanetShot) -> None:
    targets = in_reach_of_planet(s, task.seat)
    if not targets or not s.fighting:
        return
    target = min(targets, key=lambda i: (stats(s.r, s.ships[i]).working, i))
    gr = s.m.data.ground
    roll = face(s.rng, Die(gr.die))
    hit = roll - stats(s.r, s.ships[target]).shield >= gr.hit
    s.emit(DefenceFired(task.seat, task.place, target, roll, hit))
    if hit:
        land_hit(s, target, task.seat)


def bombs_by_planet(s: "AbyssState", ship_id: int) -> None:
    """A ship that ended its move next to the planet drops a bomb from each working bomb bay."""
    sh = s.ships.get(ship_id)
    if sh is None or not next_to_planet(s, sh.cell) or not victims(s, sh.owner, s.battle_place):
        return
    s.push(*(BombShot(sh.owner, ship_id, s.battle_place) for _ in bomb_bays(s, ship_id)))


def friendly_spaces(s: "AbyssState", seat: int, place: int) -> list[int]:
    """The friendly spaces next to ``place`` a fleeing side may go to: face up, not a black hole, no ships of a
    player at war with it (in place order). Empty: the side may not flee."""
    out = []
    for n in s.m.galaxy.neighbours[place]:
        kind = s.kinds[n]
        if kind and kind != "black_hole" and not any(s.at_war(seat, o) for o in s.owners_at(n)):
            out.append(n)
    return sorted(out)


def flee_options(s: "AbyssState", seat: int) -> list[Action]:
    """The draft offers flight 'to a friendly space if available': fight on (``flee(None)``), or flee to one of the
    friendly spaces next door, the player's choice; nothing to ask with none."""
    places = friendly_spaces(s, seat, s.battle_place)
    if not places:
        return []
    return [FLEE(None), *(FLEE(p) for p in places)]


def flee_to_friendly_space(s: "AbyssState", seat: int, ships: list[int], to: int) -> None:
    """The fleeing side's ships enter the friendly space it chose; into asteroids, each rolls the asteroid die."""
    came = s.battle_place
    note_entry(s, seat, to)
    for i in ships:
        s.where[i] = to
    s.emit(Retreated(seat, came, to))
    if s.kinds[to] == "asteroid":
        for i in ships:
            cross_asteroids(s, seat, i)


def after_battle(s: "AbyssState", winners: list[int], reason: str) -> None:
    """Ships leave the board; destroyed ones are gone already (a side that fled has gone already too)."""
    for i in list(s.ships):
        if s.ships[i].cell != NOWHERE:
            s.ships[i] = s.ships[i]._replace(cell=NOWHERE)
    for i in list(s.where):
        if i not in s.ships:
            del s.where[i]
            s.cargo.pop(i, None)
            s.carried.pop(i, None)
            s.moves.pop(i, None)
    s.fighting = ()
    s.truce = frozenset()
    s.planet = frozenset()
