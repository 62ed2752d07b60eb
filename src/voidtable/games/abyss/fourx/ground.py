"""Planets under attack: bombardment, planetary defences, marines landing, ground combat, capture.

- **Bombardment** (after the space battles, planet by planet). Each working
  planetary defence fires once at an enemy ship above its planet (a ship of a
  player at war with the defence's owner): the ship with the fewest working
  squares, then the lowest id; a hit (``ground.die``, ``ground.hit``) makes the
  ship's owner cover a square. Then each working bomb bay of a ship above a
  planet holding buildings of a player at war with the ship's owner rolls its
  tile's die; on a hit the bomber picks which of those races is hit (when there
  are several) and that race picks which of its buildings is destroyed.
  Bombing needs no battle-board position here (the planet side of the board is
  not built: see the rules page).
- **Landing** (in Movement). A ship carrying marines above a planet may land
  them all on an explored square that is not water or barren, holds no other
  race's building and no marines of another race. They explore the squares
  touching theirs (not diagonally).
- **Ground combat** (phase III b, every player in turn order). Marines that
  landed, or were bought, in an earlier cycle may march one square, not
  diagonally, once per cycle, as a stack. Each marine keeps the cycle it landed
  in: fresh marines joining a square do not hold its veterans back (the
  veterans march, the fresh ones stay). Entering a square with marines of a
  race at war: both sides roll one die per marine at once, each hit removes one
  of the other side's (its freshest first: the owner's best choice, since a
  veteran can do all a fresh marine can), until one side is gone. A stack alone on a square with
  another race's building (one at war) captures it or destroys it.
- **Habitat loss** (after the ground combat): a race whose habitats on a planet
  no longer support all its buildings there covers as many of them as it must
  with damage disks, choosing which (``ShutDown``); they stand idle until room
  comes back (a new habitat), when the disks come off again.
- Marines are bought in Purchases on a square of a planet where the player has
  a habitat (``ground.marine_food`` + ``ground.marine_minerals``); a ship built
  with marine bays leaves the dock with them full.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die, face, faces
from voidtable.engine.squaregrid import SquareGrid

from ..battle import DISABLE, square_to_cover
from ..ships import destroyed, disable, stats, tile_at, working_squares
from .actions import CAPTURE, DEMOLISH, DONE, MARCH, RAZE, SHUT, TARGET
from .planets import is_wonder, overflow, working_at
from .tasks import TASKS, BombChoice, BombShot, Bombard, Capacity, DefenceShot, Demolish, Ground, Seize, ShutDown, TakeHit
from .events import (Bombed, BuildingDestroyed, Captured, Damaged, DefenceFired, GroundFight, Landed, Lost, Marched,
                     Razed, Restored, WentIdle)

if TYPE_CHECKING:
    from .state import AbyssState

Stack = tuple[int, int, tuple[int, ...]]  # (owner, marines, the cycle each landed in, oldest first)


def grid(s: "AbyssState", place: int) -> SquareGrid:
    """The planet's surface as a square grid (3 x 3 planets, 2 x 2 moons; a row for other sizes)."""
    n = len(s.surface[place])
    key = ("surface", n)
    got = s.m.cache.get(key)
    if got is None:
        side = next((k for k in range(int(n ** 0.5), 0, -1) if n % k == 0), 1)
        got = s.m.cache[key] = SquareGrid(n // side, side)
    return got


def orthogonal(s: "AbyssState", place: int, square: int) -> list[int]:
    g = grid(s, place)
    return [g.index(c) for c in g.neighbors(g.cell(square), diagonal=False)]


def stacks(s: "AbyssState", place: int) -> list[Stack | None]:
    return list(s.marines.get(place, (None,) * len(s.surface[place])))


def bays(s: "AbyssState", ship_id: int) -> int:
    """Marines the ship's working bays hold."""
    sh = s.ships[ship_id]
    tiles = s.r.designs[sh.design].tiles
    return sum(s.r.tiles[tiles[q]].rating for q in working_squares(s.r, sh)
               if tiles[q] and s.r.tiles[tiles[q]].kind == "marines")


def add_marines(s: "AbyssState", seat: int, place: int, square: int, n: int) -> None:
    """``n`` marines of the seat arrive on the square this cycle (landed, bought or found), joining any there."""
    here = stacks(s, place)
    old = here[square]
    landed = (old[2] if old else ()) + (s.cycle,) * n
    here[square] = (seat, len(landed), landed)
    s.marines[place] = tuple(here)


def veterans(s: "AbyssState", stack: Stack) -> int:
    """Marines of the stack that arrived in an earlier cycle: they may march and attack."""
    return sum(1 for c in stack[2] if c < s.cycle)


# ------------------------------------------------------------------ landing (Movement)
def landing_squares(s: "AbyssState", ship_id: int) -> list[int]:
    if not s.carried.get(ship_id):
        return []
    seat, place = s.ships[ship_id].owner, s.where[ship_id]
    if place not in s.surface:
        return []
    out = []
    here = stacks(s, place)
    for q, t in enumerate(s.surface[place]):
        b, m = s.built[place][q], here[q]
        if t and t not in ("water", "barren") and (b is None or b[0] == seat) and (m is None or m[0] == seat):
            out.append(q)
    return out


def land(s: "AbyssState", ship_id: int, square: int, explore: Callable[["AbyssState", int, int, int], None]) -> None:
    """Land every marine the ship carries; they explore the squares touching theirs (``explore`` reveals one)."""
    seat, place = s.ships[ship_id].owner, s.where[ship_id]
    n = s.carried.pop(ship_id)
    add_marines(s, seat, place, square, n)
    s.emit(Landed(seat, ship_id, place, square, n))
    for q in orthogonal(s, place, square):
        if not s.surface[place][q]:
            explore(s, seat, place, q)


# ------------------------------------------------------------------ bombardment
def enemy_ships_above(s: "AbyssState", seat: int, place: int) -> list[int]:
    return [i for i in s.ships_at(place) if s.at_war(seat, s.ships[i].owner)]


def bomb_bays(s: "AbyssState", ship_id: int) -> list[int]:
    sh = s.ships[ship_id]
    tiles = s.r.designs[sh.design].tiles
    return [q for q in working_squares(s.r, sh) if tiles[q] and s.r.tiles[tiles[q]].kind == "bomb"]


def victims(s: "AbyssState", seat: int, place: int) -> list[int]:
    """Races at war with ``seat`` that have buildings a bomb can destroy (not wonders) on the planet."""
    return sorted({b[0] for b in s.built.get(place, ()) if b is not None and s.at_war(seat, b[0])
                   and not is_wonder(s.m, b[1])})


@TASKS.auto(Bombard)
def bombard(s: "AbyssState", task: Bombard) -> None:
    shots: list[tuple[object, ...]] = []
    besieged, s.besieged = s.besieged, frozenset()
    for place in sorted(s.built):
        if not s.ships_at(place) or place in besieged:   # fought on the planet side of the board already
            continue
        for owner in sorted({b[0] for b in s.built[place] if b is not None}):
            for q in working_at(s, place, owner):
                b = s.built[place][q]
                if b is not None and b[1] == "defence":
                    shots.append(DefenceShot(owner, place, -1))
        for i in s.ships_at(place):
            if victims(s, s.ships[i].owner, place):
                shots += [BombShot(s.ships[i].owner, i, place) for _ in bomb_bays(s, i)]
    s.push(*shots)


@TASKS.auto(DefenceShot)
def defence_shot(s: "AbyssState", task: DefenceShot) -> None:
    targets = enemy_ships_above(s, task.seat, task.place)
    if not targets:
        return
    target = min(targets, key=lambda i: (stats(s.r, s.ships[i]).working, i))
    gr = s.m.data.ground
    roll = face(s.rng, Die(gr.die))
    hit = roll - stats(s.r, s.ships[target]).shield >= gr.hit
    s.emit(DefenceFired(task.seat, task.place, target, roll, hit))
    if hit:
        owner = s.ships[target].owner
        if s.scripted(owner):
            take_hit(s, TakeHit(owner, target), DISABLE(square_to_cover(s.r, s.ships[target])))
        else:
            s.push(TakeHit(owner, target))


def take_hit_legal(s: "AbyssState", task: TakeHit) -> list[Action]:
    if task.ship not in s.ships:
        return []
    return [DISABLE(q) for q in working_squares(s.r, s.ships[task.ship])]


@TASKS.decision(TakeHit, legal=take_hit_legal)
def take_hit(s: "AbyssState", task: TakeHit, action: Action) -> None:
    ship = disable(s.ships[task.ship], action.arg)
    s.emit(Damaged(task.seat, task.ship, action.arg))
    if destroyed(s.r, ship):
        sh = s.ships.pop(task.ship)
        s.where.pop(task.ship, None)
        s.moves.pop(task.ship, None)
        s.cargo.pop(task.ship, None)
        s.carried.pop(task.ship, None)
        s.emit(Lost(sh.owner, task.ship, sh.design))
    else:
        s.ships[task.ship] = ship


@TASKS.auto(BombShot)
def bomb_shot(s: "AbyssState", task: BombShot) -> None:
    if task.ship not in s.ships or s.where.get(task.ship) != task.place:
        return
    races = victims(s, task.seat, task.place)
    bays_left = bomb_bays(s, task.ship)
    if not races or not bays_left:
        return
    tile = tile_at(s.r, s.ships[task.ship], bays_left[0])
    assert tile is not None
    roll = face(s.rng, Die(tile.die))
    hit = roll >= tile.hit
    s.emit(Bombed(task.seat, task.ship, task.place, roll, hit))
    if hit:
        s.push(BombChoice(task.seat, task.place) if len(races) > 1 else Demolish(races[0], task.place))


def bomb_choice_legal(s: "AbyssState", task: BombChoice) -> list[Action]:
    return [TARGET(p) for p in victims(s, task.seat, task.place)]


@TASKS.decision(BombChoice, legal=bomb_choice_legal)
def bomb_choice(s: "AbyssState", task: BombChoice, action: Action) -> None:
    s.push(Demolish(action.arg, task.place))


def demolish_legal(s: "AbyssState", task: Demolish) -> list[Action]:
    return [DEMOLISH(q) for q, b in enumerate(s.built[task.place])
            if b is not None and b[0] == task.seat and not is_wonder(s.m, b[1])]


@TASKS.decision(Demolish, legal=demolish_legal)
def demolish(s: "AbyssState", task: Demolish, action: Action) -> None:
    built = list(s.built[task.place])
    gone = built[action.arg]
    built[action.arg] = None
    s.built[task.place] = tuple(built)
    s.emit(BuildingDestroyed(task.seat, task.place, action.arg, gone[1] if gone else ""))


# ------------------------------------------------------------------ ground combat
def marches(s: "AbyssState", seat: int) -> list[Action]:
    out = []
    for place, here in sorted(s.marines.items()):
        for q, m in enumerate(here):
            if m is None or m[0] != seat or not veterans(s, m) or (place, q) in s.marched:
                continue
            for to in orthogonal(s, place, q):
                other = here[to]
                if s.surface[place][to] and s.surface[place][to] != "water" and (
                        other is None or other[0] == seat or s.at_war(seat, other[0])):
                    out.append(MARCH((place, q, to)))
    return out


def ground_legal(s: "AbyssState", task: Ground) -> list[Action]:
    out = marches(s, task.seat)
    return out + [DONE()] if out else []


@TASKS.decision(Ground, legal=ground_legal)
def ground(s: "AbyssState", task: Ground, action: Action) -> None:
    s.phase = "ground"
    if action.kind == "done":
        return
    s.push(task)
    place, q, to = action.arg
    here = stacks(s, place)
    stack = here[q]
    assert stack is not None
    k = veterans(s, stack)   # the veterans march; marines that arrived this cycle stay
    mover: Stack = (task.seat, k, stack[2][:k])
    here[q] = (task.seat, stack[1] - k, stack[2][k:]) if stack[1] > k else None
    other = here[to]
    s.emit(Marched(task.seat, place, q, to, k))
    if other is not None and other[0] != task.seat:
        won, other = fight(s, place, to, mover, other)
        here[to] = won if won else other
    elif other is not None:
        landed = tuple(sorted(other[2] + mover[2]))
        here[to] = (task.seat, len(landed), landed)
    else:
        here[to] = mover
    s.marines[place] = tuple(here)
    s.marched = s.marched | {(place, to)}
    b = s.built[place][to]
    held = here[to]
    if held is not None and held[0] == task.seat and b is not None and s.at_war(task.seat, b[0]):
        s.push(Seize(task.seat, place, to))


def fight(s: "AbyssState", place: int, square: int, a: Stack, b: Stack) -> tuple[Stack | None, Stack | None]:
    """Both sides roll a die per marine at once; each hit removes one of the other's (the freshest first); until
    one side is gone."""
    gr = s.m.data.ground
    na, nb = a[1], b[1]
    while na > 0 and nb > 0:
        ha = sum(1 for f in faces(s.rng, Die(gr.die), na) if f >= gr.hit)
        hb = sum(1 for f in faces(s.rng, Die(gr.die), nb) if f >= gr.hit)
        na, nb = max(0, na - hb), max(0, nb - ha)
        s.emit(GroundFight(place, square, a[0], b[0], (na, nb)))
    return ((a[0], na, a[2][:na]) if na else None), ((b[0], nb, b[2][:nb]) if nb else None)


def seize_legal(s: "AbyssState", task: Seize) -> list[Action]:
    b = s.built[task.place][task.square]
    return [CAPTURE()] if b is not None and is_wonder(s.m, b[1]) else [CAPTURE(), RAZE()]


@TASKS.decision(Seize, legal=seize_legal)
def seize(s: "AbyssState", task: Seize, action: Action) -> None:
    built = list(s.built[task.place])
    b = built[task.square]
    assert b is not None
    built[task.square] = (task.seat, b[1]) if action.kind == "capture" else None
    s.built[task.place] = tuple(built)
    s.emit((Captured if action.kind == "capture" else Razed)(task.seat, task.place, task.square, b[1], b[0]))


# ------------------------------------------------------------------ habitat loss
def idle_of(s: "AbyssState", place: int, seat: int) -> list[int]:
    """The seat's buildings on the planet standing idle under a damage disk."""
    built = s.built[place]
    return [q for q in sorted(s.idle.get(place, frozenset()))
            if built[q] is not None and built[q][0] == seat and built[q][1] != "habitat"]  # type: ignore[index]


@TASKS.auto(Capacity)
def capacity(s: "AbyssState", task: Capacity) -> None:
    """After the battles: buildings beyond what a race's habitats support stop, the owner choosing which;
    room regained lifts the disks again (lowest squares first)."""
    for place in sorted(s.built):
        built = s.built[place]
        keep = frozenset(q for q in s.idle.get(place, frozenset())
                         if built[q] is not None and built[q][1] != "habitat")  # type: ignore[index]
        for seat in sorted({b[0] for b in built if b is not None}):
            over, idle = max(0, overflow(s.m, built, seat)), idle_of(s, place, seat)
            if len(idle) > over:
                lift = idle[:len(idle) - over]
                keep = keep - set(lift)
                s.emit(Restored(seat, place, tuple(lift)))
            elif len(idle) < over:
                s.idle[place] = keep
                s.push(ShutDown(seat, place), Capacity())
                return
        if keep:
            s.idle[place] = keep
        else:
            s.idle.pop(place, None)


def shut_legal(s: "AbyssState", task: ShutDown) -> list[Action]:
    built, idle = s.built[task.place], s.idle.get(task.place, frozenset())
    return [SHUT(q) for q, b in enumerate(built)
            if b is not None and b[0] == task.seat and b[1] != "habitat" and q not in idle]


@TASKS.decision(ShutDown, legal=shut_legal)
def shut_down(s: "AbyssState", task: ShutDown, action: Action) -> None:
    s.idle[task.place] = s.idle.get(task.place, frozenset()) | {action.arg}
    b = s.built[task.place][action.arg]
    s.emit(WentIdle(task.seat, task.place, action.arg, b[1] if b else ""))
