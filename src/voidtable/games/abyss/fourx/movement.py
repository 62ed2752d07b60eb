"""Phase II, Movement and exploration: ships step through the galaxy, reveal places, jump, scan; war and peace.

- A ship moves its hull's galaxy speed (1 with basic engines) plus its owner's
  engine technologies, one neighbouring place per step.
- A face-down place may be entered (and so revealed) only within
  ``movement.explore_range`` (plus fuel technologies) of a friendly colonised
  planet: the seat's own, or one of a player it is not at war with. What it is
  comes from the pile of unused pieces. A revealed black hole is never entered.
- Entering a place next to a black hole stops the ship; a ship starting next to
  one has one step at most. Entering a place with ships of a player at war stops it.
- Entering an asteroid field rolls the asteroid die; a damaging face makes the
  owner cover one working square.
- On a wormhole whose partner of the same colour is face up the ship may jump
  there, once per phase, for free; it is never forced to. A jump enters the
  partner's place, so a partner next to a black hole (or holding enemy ships)
  stops the ship.
- Whoever enters a place holding another player's ships is noted (``entered``):
  the side that moved in is the attacker of a battle there (``spacebattle``).
- A ship above a planet scans it: the next unexplored squares (1, or the
  scanners' number) are drawn by the colour's land weights; a bonus square pays
  its finder at once: a resource, a tier-1 technology of the finder's choice, a
  free colony or a free marine, drawn by the weights of ``land.bonus_shares``.
- In its Movement phase a player may declare war on another (unless a ceasefire
  is in force) or offer peace to one it is at war with, who answers at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die, face

from ..battle import DISABLE
from ..ships import destroyed, disable, working_squares
from .actions import ANSWER, DECLARE_WAR, DONE, FREE_TECH, JUMP, LAND, LOAD, OFFER_PEACE, SCAN, SELECT, STEP, STOP
from .data import RESOURCES, TERRAINS, Terrain, terrain_of
from .planets import colonies, colour_of, hospitable, is_planet
from .ground import add_marines, land, landing_squares
from .purchase import gain_tech
from .trade import can_load, draw_good, load, set_good
from .tasks import TASKS, AsteroidHit, FreeTech, MonstersMove, Movement, PeaceOffer, ShipMove, StartMoving
from .events import (ColonyFounded, CrossedAsteroids, Damaged, Flew, FoundColony, FoundMarine, FoundResource, FoundTech,
                     Jumped, Lost, PeaceDeclined, PeaceMade, PeaceOffered, Revealed, Scanned, TurnedBack, WarDeclared)

if TYPE_CHECKING:
    from .state import AbyssState


def speed(s: "AbyssState", ship_id: int) -> int:
    sh = s.ships[ship_id]
    bonus = sum(s.m.techs[t].amount for t in s.techs[sh.owner] if s.m.techs[t].effect == "engines")
    return s.r.hulls[s.r.designs[sh.design].hull].galaxy_move + bonus


def near_black_hole(s: "AbyssState", place: int) -> bool:
    return any(s.kinds[n] == "black_hole" for n in s.m.galaxy.neighbours[place])


def explore_range(s: "AbyssState", seat: int) -> int:
    fuel = sum(s.m.techs[t].amount for t in s.techs[seat] if s.m.techs[t].effect == "range")
    return s.m.data.movement.explore_range + fuel + (1 if s.resolution("wider_exploring") else 0)


def friendly_planets(s: "AbyssState", seat: int) -> list[int]:
    """Colonised planets the seat may explore from: its own and those of players it is not at war with."""
    return sorted({p for q in range(s.players) if not s.at_war(seat, q) for p in colonies(s, q)})


def may_explore(s: "AbyssState", seat: int, place: int, friendly: list[int] | None = None) -> bool:
    """Within ``explore_range`` of a friendly colonised planet (``friendly``: those planets, if already known)."""
    reach = explore_range(s, seat)
    distance = s.m.galaxy.distance
    return any(distance(place, p) <= reach for p in (friendly_planets(s, seat) if friendly is None else friendly))


def enemies_at(s: "AbyssState", seat: int, place: int) -> bool:
    return any(s.at_war(seat, o) for o in s.owners_at(place))


def partner(s: "AbyssState", place: int) -> int | None:
    """The face-up wormhole of the same colour as the one at ``place``."""
    kind = s.kinds[place]
    if not kind.startswith("wormhole_"):
        return None
    return next((p for p, k in enumerate(s.kinds) if k == kind and p != place), None)


def can_scan(s: "AbyssState", ship_id: int) -> bool:
    place = s.where[ship_id]
    return (ship_id not in s.scanned and is_planet(s.kinds[place]) and "" in s.surface.get(place, ("",)))


@TASKS.auto(MonstersMove)
def monsters_move(s: "AbyssState", task: MonstersMove) -> None:
    """Each space monster roams one step to a random face-up place that is not a black hole."""
    for i in sorted(s.ships):
        if s.ships[i].design != "monster" or i not in s.where:
            continue
        options = [n for n in s.m.galaxy.neighbours[s.where[i]] if s.kinds[n] and s.kinds[n] != "black_hole"]
        if options:
            to = options[s.rng.below(len(options))]
            s.emit(Flew(s.neutral, i, s.where[i], to))
            note_entry(s, s.neutral, to)
            s.where[i] = to


@TASKS.auto(StartMoving)
def start_moving(s: "AbyssState", task: StartMoving) -> None:
    s.phase = "movement"
    s.offered = frozenset()
    for i, sh in s.ships.items():
        if sh.owner == task.seat:
            n = speed(s, i)
            s.moves[i] = min(n, 1) if near_black_hole(s, s.where[i]) else n
    s.push(Movement(task.seat))


def movement_legal(s: "AbyssState", task: Movement) -> list[Action]:
    seat = task.seat
    moves = s.moves
    out = [SELECT(i) for i in sorted(i for i, sh in s.ships.items() if sh.owner == seat and i in s.where)
           if moves.get(i, 0) > 0 or can_scan(s, i) or can_load(s, i) or bool(landing_squares(s, i))
           or (i not in s.jumped and partner(s, s.where[i]) is not None)]
    wars_allowed: bool | None = None
    for q in range(s.players):
        if q == seat or s.out[q]:
            continue
        if s.at_war(seat, q):
            if (seat, q) not in s.offered:
                out.append(OFFER_PEACE(q))
        else:
            if wars_allowed is None:
                wars_allowed = not s.resolution("no_new_wars")
            if wars_allowed:
                out.append(DECLARE_WAR(q))
    out.append(DONE())
    return out


@TASKS.decision(Movement, legal=movement_legal)
def movement(s: "AbyssState", task: Movement, action: Action) -> None:
    seat = task.seat
    if action.kind == "done":
        for i, sh in s.ships.items():
            if sh.owner == seat:
                s.moves[i] = 0
        return
    s.push(task)
    if action.kind == "select":
        s.push(ShipMove(seat, action.arg))
    elif action.kind == "declare_war":
        declare_war(s, seat, action.arg)
    elif action.kind == "offer_peace":
        s.offered = s.offered | {(seat, action.arg)}
        s.emit(PeaceOffered(seat, action.arg))
        s.push(PeaceOffer(action.arg, seat))


def declare_war(s: "AbyssState", seat: int, on: int) -> None:
    s.war = s.war | {(min(seat, on), max(seat, on))}
    s.emit(WarDeclared(seat, on))


def peace_legal(s: "AbyssState", task: PeaceOffer) -> list[Action]:
    return [ANSWER(True), ANSWER(False)]


@TASKS.decision(PeaceOffer, legal=peace_legal)
def answer_peace(s: "AbyssState", task: PeaceOffer, action: Action) -> None:
    if action.arg:
        s.war = s.war - {(min(task.seat, task.by), max(task.seat, task.by))}
    s.emit((PeaceMade if action.arg else PeaceDeclined)(task.seat, task.by))


def steps(s: "AbyssState", ship_id: int) -> list[int]:
    """The neighbouring places the ship may step to now."""
    if s.moves.get(ship_id, 0) <= 0:
        return []
    seat = s.ships[ship_id].owner
    out = []
    friendly: list[int] | None = None
    for n in s.m.galaxy.neighbours[s.where[ship_id]]:
        kind = s.kinds[n]
        if kind == "black_hole":
            continue
        if not kind:
            if friendly is None:
                friendly = friendly_planets(s, seat)
            if not may_explore(s, seat, n, friendly):
                continue
        out.append(n)
    return out


def ship_legal(s: "AbyssState", task: ShipMove) -> list[Action]:
    i = task.ship
    if i not in s.ships:
        return []
    out = [STEP(n) for n in steps(s, i)]
    if i not in s.jumped and partner(s, s.where[i]) is not None and not s.resolution("no_jumps"):
        out.append(JUMP())
    if can_scan(s, i):
        out.append(SCAN())
    if can_load(s, i):
        out.append(LOAD())
    out += [LAND(q) for q in landing_squares(s, i)]
    out.append(STOP())
    return out


@TASKS.decision(ShipMove, legal=ship_legal)
def ship_move(s: "AbyssState", task: ShipMove, action: Action) -> None:
    i, seat = task.ship, task.seat
    if action.kind == "stop":
        s.moves[i] = 0
        return
    s.push(task)  # the ship goes on until it stops (with nothing left, stopping is its only choice)
    if action.kind == "scan":
        scan(s, seat, i)
    elif action.kind == "load":
        load(s, i)
    elif action.kind == "land":
        land(s, i, action.arg, reveal_square)
    elif action.kind == "jump":
        target = partner(s, s.where[i])
        assert target is not None
        s.jumped = s.jumped | {i}
        s.emit(Jumped(seat, i, s.where[i], target))
        note_entry(s, seat, target)
        s.where[i] = target
        if near_black_hole(s, target) or enemies_at(s, seat, target):
            s.moves[i] = 0
    else:
        step(s, seat, i, action.arg)


def reveal(s: "AbyssState", place: int) -> str:
    """Turn a face-down place up: a piece drawn from the pile of unused pieces."""
    keys = list(s.m.data.map.hexes)
    k = s.rng.below(sum(s.pile))
    for idx, n in enumerate(s.pile):
        if k < n:
            break
        k -= n
    s.pile[idx] -= 1
    kind = s.kinds[place] = keys[idx]
    if is_planet(kind):
        n = s.m.data.land.squares[colour_of(kind)]
        s.surface[place] = ("",) * n
        s.built[place] = (None,) * n
    s.emit(Revealed(place, kind))
    return kind


def step(s: "AbyssState", seat: int, i: int, to: int) -> None:
    kind = s.kinds[to] or reveal(s, to)
    if kind == "black_hole":
        s.moves[i] = 0
        s.emit(TurnedBack(seat, i, to))
        return
    s.emit(Flew(seat, i, s.where[i], to))
    note_entry(s, seat, to)
    s.where[i] = to
    s.moves[i] -= 1
    if near_black_hole(s, to) or enemies_at(s, seat, to):
        s.moves[i] = 0
    if kind == "asteroid":
        cross_asteroids(s, seat, i)


def note_entry(s: "AbyssState", seat: int, place: int) -> None:
    """A side enters ``place`` (before its ship is there): noted if another player's ships are there (it moved in
    on them: the attacker of a battle there); an empty place forgets whoever moved in on it before."""
    here = s.owners_at(place)
    if here - {seat}:
        s.entered[place] = tuple(p for p in s.entered.get(place, ()) if p != seat) + (seat,)
    elif not here:
        s.entered.pop(place, None)


def cross_asteroids(s: "AbyssState", seat: int, i: int) -> None:
    """A ship enters an asteroid field (a step or a flight): the asteroid die; a damaging face makes its owner
    cover one working square."""
    mv = s.m.data.movement
    roll = face(s.rng, Die(mv.asteroid_die))
    hit = roll in mv.asteroid_damage
    s.emit(CrossedAsteroids(seat, i, roll, hit))
    if hit:
        s.push(AsteroidHit(seat, i))


def asteroid_legal(s: "AbyssState", task: AsteroidHit) -> list[Action]:
    return [DISABLE(q) for q in working_squares(s.r, s.ships[task.ship])]


@TASKS.decision(AsteroidHit, legal=asteroid_legal)
def asteroid_hit(s: "AbyssState", task: AsteroidHit, action: Action) -> None:
    ship = disable(s.ships[task.ship], action.arg)
    s.emit(Damaged(task.seat, task.ship, action.arg))
    if destroyed(s.r, ship):
        lose_ship(s, task.ship)
    else:
        s.ships[task.ship] = ship


def lose_ship(s: "AbyssState", i: int) -> None:
    sh = s.ships.pop(i)
    s.where.pop(i, None)
    s.cargo.pop(i, None)
    s.carried.pop(i, None)
    s.moves.pop(i, None)
    s.emit(Lost(sh.owner, i, sh.design))


def scan(s: "AbyssState", seat: int, i: int) -> None:
    """Reveal the planet's next unexplored squares; a bonus square pays its finder."""
    place = s.where[i]
    s.scanned = s.scanned | {i}
    count = max([s.m.data.movement.scan_base] + [s.m.techs[t].amount for t in s.techs[seat]
                                                  if s.m.techs[t].effect == "scan"])
    for q, t in enumerate(s.surface[place]):
        if count <= 0:
            break
        if not t:
            reveal_square(s, seat, place, q)
            count -= 1


def reveal_square(s: "AbyssState", seat: int, place: int, q: int) -> None:
    """Draw one square's terrain by its colour's shares (and its trade good); a bonus pays its finder."""
    terrain = draw_terrain(s, s.m.data.land.shares[colour_of(s.kinds[place])])
    surface = list(s.surface[place])
    surface[q] = terrain
    s.surface[place] = tuple(surface)
    good = draw_good(s, terrain)
    if good:
        set_good(s, place, q, good)
    s.emit(Scanned(seat, place, q, terrain, good))
    if terrain == "bonus":
        collect_bonus(s, seat, place, q)


def draw_terrain(s: "AbyssState", shares: dict[str, float]) -> Terrain:
    """A terrain drawn by the colour's weights: each terrain's chance is its weight over their sum."""
    x = s.rng.random() * sum(shares.values())
    for t in TERRAINS:
        x -= shares.get(t, 0.0)
        if x < 0:
            return t
    return terrain_of(max(shares, key=lambda t: shares[t]))


def collect_bonus(s: "AbyssState", seat: int, place: int, q: int) -> None:
    """The finder of the bonus square ``q`` takes what it holds at once, drawn by the weights of
    ``land.bonus_shares`` (the draft's list): ``land.bonus_amount`` of a resource, a free tier-1 technology, a free
    colony (a habitat on the square, where a colony pod could found one) or a free marine on the square."""
    find = draw_find(s)
    if find in RESOURCES:
        k = RESOURCES.index(find)
        s.bank[seat][k] += s.m.data.land.bonus_amount
        s.emit(FoundResource(seat, find, s.m.data.land.bonus_amount))
    elif find == "technology":
        free_technology(s, seat)
    elif find == "colony":
        free_colony(s, seat, place, q)
    else:
        add_marines(s, seat, place, q, 1)
        s.emit(FoundMarine(seat, True, place, q))


def free_techs(s: "AbyssState", seat: int) -> list[str]:
    """The technologies a free technology may be: the tier-1 ones the seat lacks, in the technologies' order."""
    return [t for t in s.m.tech_order if s.m.techs[t].tier == 1 and t not in s.techs[seat]]


def free_technology(s: "AbyssState", seat: int) -> None:
    """A free technology: 'a tier-1 technology of your choice', so the finder picks (``FreeTech``, next, before the
    ship goes on). A finder that knows every tier-1 technology already gets nothing, and the log says so."""
    if free_techs(s, seat):
        s.push(FreeTech(seat))
    else:
        s.emit(FoundTech(seat, None))


def free_tech_legal(s: "AbyssState", task: FreeTech) -> list[Action]:
    return [FREE_TECH(t) for t in free_techs(s, task.seat)]


@TASKS.decision(FreeTech, legal=free_tech_legal)
def take_free_tech(s: "AbyssState", task: FreeTech, action: Action) -> None:
    s.emit(FoundTech(task.seat, action.arg))
    gain_tech(s, task.seat, action.arg)


def draw_find(s: "AbyssState") -> str:
    """What a bonus square holds: each kind's chance is its weight over the weights' sum."""
    shares = s.m.bonus_shares
    x = s.rng.random() * sum(w for _, w in shares)
    for kind, w in shares:
        x -= w
        if x < 0:
            return kind
    return max(shares, key=lambda kw: kw[1])[0]


def free_colony(s: "AbyssState", seat: int, place: int, q: int) -> None:
    """A free colony: the finder's habitat on the bonus square, as a colony pod would found it (a hospitable
    planet, a square a habitat may stand on); anywhere else the colony cannot take and is lost."""
    ok = (hospitable(s.m, s.techs[seat], s.kinds[place]) and s.built[place][q] is None
          and s.surface[place][q] in s.m.buildings["habitat"].on)
    s.emit(FoundColony(seat, ok, place, q))
    if ok:
        built = list(s.built[place])
        built[q] = (seat, "habitat")
        s.built[place] = tuple(built)
        s.emit(ColonyFounded(seat, place, q, -1))
