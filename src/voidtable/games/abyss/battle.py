"""The space battle on the tactical battle board: initiative, moves, range, fire, damage, fleeing, the end.

A battle is a few flow tasks on the host state's stack (the fleet battle now, the 4X
later), registered into the host game's task registry by :func:`register`:

1. **Round** (automatic): the round counter moves on; initiative is worked out
   afresh (disabled computers and jammers no longer count) and each side's turn
   is pushed in that order.
2. **Turn** (the side's decision, once per ship): at the start of a turn from the
   round the rules allow, a side may flee instead; otherwise it picks one of its
   ships that has not acted, then (**Move**) a cell that ship reaches (its own
   cell: it holds), and the ship moves there. Then each of its working weapons fires.
3. **Fire** (the side's decision): a target in the weapon's range; one die is
   rolled, the target's shield comes off the roll, and the weapon's number must
   still be met. A hit lands at once.
4. **Disable** (the hit ship's owner decides): which working square takes the
   damage disk. A ship with every square covered explodes.

A side with no ships left on the board is out of the battle: it takes no turn,
is asked nothing and counts for nothing in initiative. The battle ends when no two
sides left on the board fight each other (a side destroyed or fled), or at the
host's round limit; when no working weapon on the board can hit any enemy
ship any more (every best roll is below the hit number after shields), the rounds
left could change nothing, so the round limit decides at once. Initiative: each side adds the computer ratings of its
ships and subtracts the jammer ratings of the ships of every side it fights; the
higher total goes first; on equal totals the owner of the single best computer
goes first; if that is equal too, the attacker (the side that moved in: the host
says which). A host with three or more sides may name a ``truce``: pairs of sides
on the board that do not fight each other (no shots, no jammers against each
other). The flee question's answers come from the host (``BattleHost.flee_options``):
fight on, then each way to flee (the fleet battle: yes or no; the main game: each
friendly space the side may go to, so the player picks where); a host with
nowhere to go offers none and the question is not asked. A fleeing side's ships
leave the board, the host moves them where the side chose (``BattleHost.side_fled``),
and the others fight on if two of them still fight.

Moves and ranges count a diagonal step as one (Chebyshev distance). Ships pass
over each other (space is deep) but never end on the same cell. ``battle.mode =
"auto"`` (a lab mode, not the game) resolves the whole battle by the scripted
policy at the end of this module, with no decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, NamedTuple, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die, face
from voidtable.engine.fields import DICT, VALUE, CopyRule
from voidtable.engine.flow import FlowState, Tasks
from voidtable.engine.squaregrid import Cell, chebyshev
from voidtable.engine.vocabulary import YES_NO, ActionKind, cell_arg, id_arg, number_arg

from .battle_events import BattleBegan, BattleOver, Destroyed, Disabled, EndReason, Fled, Moved, RoundBegan, Shot
from .data import Rules
from .ships import Ship, Stats, destroyed, disable, hits, points, stats, tile_at, working_squares

if TYPE_CHECKING:
    from voidtable.engine.game import Game


# ------------------------------------------------------------------ ship ids and action kinds
def slots(rules: Rules) -> int:
    """Ship ids per seat: every piece of every hull (seat ``p``'s ships are ``p * slots ..``)."""
    return sum(h.pieces for h in rules.hulls.values())


def most_squares(rules: Rules) -> int:
    return max(h.squares for h in rules.hulls.values())


def _ships(g: "Game") -> int:
    return g.players * slots(g.rules)


def _cells(g: "Game") -> Iterable[Cell]:
    return g.rules.board.cells  # type: ignore[no-any-return]


SHIP = id_arg("ship", _ships, "ship")
ACTIVATE = ActionKind("activate", SHIP)
MOVE = ActionKind("move", cell_arg("to", _cells))
FIRE = ActionKind("fire", id_arg("target", _ships, "ship"))
DISABLE = ActionKind("disable", number_arg("square", 0, lambda g: most_squares(g.rules) - 1))
FLEE = ActionKind("flee", YES_NO)
KINDS = [ACTIVATE, MOVE, FIRE, DISABLE, FLEE]


# ------------------------------------------------------------------ the host
#: Fields a state holding a battle declares (merge into its ``Fields``).
BATTLE_FIELDS: dict[str, CopyRule] = {
    "ships": DICT,        # ship id -> Ship (immutable records)
    "round": VALUE,       # the battle round (0 before the first)
    "acted": VALUE,       # frozenset of ship ids that have acted in the current turn
    "attacker": VALUE,    # the side that moved in: last tie-break of initiative
    "order": VALUE,       # this round's initiative order (seats)
    "planet": VALUE,      # frozenset of the board's cells the planet takes (its planet side); empty: the ship side
}


class BattleHost(FlowState):
    """A state that can hold a battle: its ships, the round, and what happens when the battle ends."""

    r: Rules
    ships: dict[int, Ship]
    truce: frozenset[tuple[int, int]] = frozenset()  # pairs of sides in one battle that do not fight (low seat first)
    round: int
    acted: frozenset[int]
    attacker: int
    order: tuple[int, ...]
    planet: frozenset[Cell]   # the planet side of the board: the cells the planet takes (no ship enters them)
    #: The host's own task types that may sit among the battle's (the planet's shots, bombs): cleared with them.
    BATTLE_EXTRAS: tuple[type, ...] = ()

    def battle_sides(self) -> tuple[int, ...]:
        """The seats fighting this battle."""
        raise NotImplementedError

    def round_limit(self) -> int:
        """The last round that is played (0: no limit)."""
        raise NotImplementedError

    def scripted(self, seat: int) -> bool:
        """A side no player runs (a host's neutral ships): the scripted policy plays it and covers its squares."""
        return False

    def battle_ended(self, winners: list[int], reason: EndReason) -> None:
        """The battle is over (``reason``: destroyed, fled, rounds); the host goes on from here."""
        raise NotImplementedError

    def flee_options(self, seat: int) -> list[Action]:
        """The side's answers when it may flee: fighting on first, then each way to flee; none where it has nowhere
        to go (the draft: a friendly space, if there is one), and then it is not asked. By default fight on or flee
        (``flee(False)``, ``flee(True)``); a host whose flight has destinations names each (``flee(place)``) and
        fights on with ``flee(None)``."""
        return [FLEE(False), FLEE(True)]

    def side_fled(self, seat: int, ships: list[int], to: Any) -> None:
        """The side's ``ships`` have left the board in flight to ``to`` (the argument of the side's ``flee``
        answer); the host takes them there. None by default.

        Called after the battle is cleared from the stack if the flight ended it, so what the host
        pushes (a die roll's consequences) comes next either way."""

    def planet_fires(self) -> None:
        """The planet side: a round begins; the planet acts first (the host pushes its shots). None by default."""

    def by_planet(self, ship_id: int) -> None:
        """The planet side: the ship has moved; next to the planet it may act on it (bombs). None by default."""


class Round(NamedTuple):
    """A new battle round: initiative, then each side's turn in that order."""


class Turn(NamedTuple):
    """A side's turn in the round: each of its ships moves and fires, one ship at a time."""

    seat: int
    started: bool = False  # False until the flee question has been asked (or did not arise)


class Move(NamedTuple):
    """The ship the side picked moves: to a cell within its move (its own cell: it holds)."""

    seat: int
    ship: int


class Fire(NamedTuple):
    """One working weapon of the ship that just moved: pick a target in range."""

    seat: int
    ship: int
    square: int


class Disable(NamedTuple):
    """A hit: the owner of the hit ship picks the square that takes the damage disk."""

    seat: int
    ship: int
    by: int


class AutoBattle(NamedTuple):
    """``battle.mode = "auto"``: the scripted policy plays the whole battle (a lab mode)."""


class ScriptedTurn(NamedTuple):
    """A side no player runs (a host's neutral ships): the scripted policy moves its ships and fires."""

    seat: int


class ScriptedShot(NamedTuple):
    """One working weapon of a scripted side's ship fires at the best target in range."""

    seat: int
    ship: int
    square: int


BATTLE_TASKS = (Round, Turn, Move, Fire, Disable, AutoBattle, ScriptedTurn, ScriptedShot)


# ------------------------------------------------------------------ rules as functions
def hostile(s: BattleHost, a: int, b: int) -> bool:
    """Sides ``a`` and ``b`` fight each other (every pair of sides does, unless the host names a truce)."""
    return a != b and not (s.truce and (min(a, b), max(a, b)) in s.truce)


def initiative(sides: Mapping[int, Sequence[tuple[int, int]]], attacker: int, jammer_weight: int = 1,
               truce: frozenset[tuple[int, int]] = frozenset()) -> tuple[list[int], dict[int, int]]:
    """The order of play and each side's total, from each side's ships as ``(computer, jammer)`` ratings.

    A side's total is its computers less the jammers of the sides it faces (times
    ``jammer_weight``); the higher total goes first; equal totals go to the side
    owning the single best computer, then to the attacker.
    """
    totals = {}
    for seat, ships in sides.items():
        enemy_jam = sum(j for other, theirs in sides.items()
                        if other != seat and (min(seat, other), max(seat, other)) not in truce for _, j in theirs)
        totals[seat] = sum(c for c, _ in ships) - jammer_weight * enemy_jam
    best = {seat: max((c for c, _ in ships), default=0) for seat, ships in sides.items()}
    order = sorted(sides, key=lambda s: (-totals[s], -best[s], s != attacker, s))
    return order, totals


def fleet(s: BattleHost, seat: int) -> list[int]:
    """The seat's ships on the battle board, by id."""
    return sorted(i for i, sh in s.ships.items() if sh.owner == seat and sh.cell[0] >= 0)


def occupied(s: BattleHost) -> set[Cell]:
    """Cells holding a ship, and the planet's cells on the planet side of the board."""
    return {sh.cell for sh in s.ships.values() if sh.cell[0] >= 0} | s.planet


def next_to_planet(s: BattleHost, cell: Cell) -> bool:
    """The cell touches the planet (a diagonal counts, as moves and ranges do)."""
    return any(max(abs(cell[0] - x), abs(cell[1] - y)) == 1 for x, y in s.planet)


def reachable(s: BattleHost, ship_id: int) -> list[Cell]:
    """The cells the ship may end its move on: within its move, not holding another ship (its own cell: hold)."""
    ship = s.ships[ship_id]
    taken = occupied(s)
    taken.discard(ship.cell)
    return [c for c in s.r.board.within(ship.cell, stats(s.r, ship).move) if c not in taken]


def in_range(s: BattleHost, ship_id: int, square: int) -> list[int]:
    """Enemy ships within range of the weapon on ``square``."""
    ship = s.ships[ship_id]
    weapon = tile_at(s.r, ship, square)
    assert weapon is not None
    (x, y), reach, me = ship.cell, weapon.range, ship.owner
    return sorted(i for i, o in s.ships.items()
                  if o.owner != me and o.cell[0] >= 0 and max(abs(o.cell[0] - x), abs(o.cell[1] - y)) <= reach
                  and hostile(s, me, o.owner))


def has_target(s: BattleHost, ship_id: int, square: int) -> bool:
    """Some enemy ship is within range of the weapon on ``square``."""
    ship = s.ships[ship_id]
    weapon = tile_at(s.r, ship, square)
    assert weapon is not None
    (x, y), reach, me = ship.cell, weapon.range, ship.owner
    for o in s.ships.values():
        if o.owner != me and o.cell[0] >= 0 and abs(o.cell[0] - x) <= reach and abs(o.cell[1] - y) <= reach \
                and hostile(s, me, o.owner):
            return True
    return False


def side_ratings(s: BattleHost) -> dict[int, list[tuple[int, int]]]:
    """Each side still on the board: its ships' (computer, jammer) ratings. A side with no ships left is out."""
    out: dict[int, list[tuple[int, int]]] = {seat: [] for seat in s.battle_sides()}
    for sh in s.ships.values():
        if sh.cell[0] >= 0 and sh.owner in out:
            st = stats(s.r, sh)
            out[sh.owner].append((st.computer, st.jammer))
    return {seat: ships for seat, ships in out.items() if ships}


def sides_left(s: BattleHost) -> list[int]:
    return sorted({sh.owner for sh in s.ships.values() if sh.cell[0] >= 0})


def fire_shot(s: BattleHost, ship_id: int, square: int, target: int) -> bool:
    """Roll the weapon's die at ``target``; a hit pushes the owner's choice of square."""
    ship, other = s.ships[ship_id], s.ships[target]
    weapon = tile_at(s.r, ship, square)
    assert weapon is not None
    shield = stats(s.r, other).shield
    roll = face(s.rng, Die(weapon.die))
    hit = hits(roll, weapon, shield)
    if not s.quiet:
        s.emit(Shot(ship.owner, ship_id, ship.design, square, target, other.design, weapon.die, roll, shield, weapon.hit, hit))
    return hit


def cover_square(s: BattleHost, ship_id: int, square: int, by: int) -> bool:
    """Put the damage disk on ``square``; the ship explodes when nothing works. True if it exploded."""
    ship = disable(s.ships[ship_id], square)
    tile = s.r.designs[ship.design].tiles[square]
    if not s.quiet:
        s.emit(Disabled(ship.owner, ship_id, ship.design, square, tile))
    if destroyed(s.r, ship):
        del s.ships[ship_id]
        if not s.quiet:
            s.emit(Destroyed(ship.owner, ship_id, ship.design, by, points(s.r, ship._replace(disabled=0))))
        return True
    s.ships[ship_id] = ship
    return False


def end_battle(s: BattleHost, winners: list[int], reason: EndReason) -> None:
    """Take what is left of the battle off the stack and tell the host."""
    while s.stack and (isinstance(s.stack[-1], BATTLE_TASKS) or isinstance(s.stack[-1], s.BATTLE_EXTRAS)):
        s.stack.pop()
    s.acted = frozenset()
    if not s.quiet:
        s.emit(BattleOver(tuple(winners), reason, s.round))
    s.battle_ended(winners, reason)


def can_hurt(s: BattleHost) -> bool:
    """Some working weapon on the board can still hit some enemy ship (its best roll beats the shield)."""
    best: dict[int, int] = {}   # seat -> the best margin (die - hit) of its working weapons
    shields: dict[int, int] = {}  # seat -> the weakest shield among its ships
    for sh in s.ships.values():
        if sh.cell[0] < 0:
            continue
        st = stats(s.r, sh)
        shields[sh.owner] = min(shields.get(sh.owner, st.shield), st.shield)
        for q in st.weapons:
            w = tile_at(s.r, sh, q)
            assert w is not None
            best[sh.owner] = max(best.get(sh.owner, -99), w.die - w.hit)
    return any(margin >= shields[other] for seat, margin in best.items() for other in shields if hostile(s, seat, other))


def check_end(s: BattleHost) -> bool:
    """One side (or none) left on the board ends the battle. True if it ended."""
    left = sides_left(s)
    if len(left) <= 1 or not fighting_on(s, left):
        end_battle(s, left, "destroyed")
        return True
    return False


def fighting_on(s: BattleHost, left: Sequence[int]) -> bool:
    """Two of the sides left on the board fight each other."""
    return any(hostile(s, a, b) for a in left for b in left if a < b)


def start_battle(s: BattleHost) -> None:
    """Push the battle: board rounds, or the scripted policy in auto mode."""
    s.round = 0
    s.acted = frozenset()
    if not s.quiet:
        s.emit(BattleBegan(tuple(s.battle_sides()), "auto" if s.r.auto_battle else "board"))
    s.push(AutoBattle() if s.r.auto_battle else Round())


# ------------------------------------------------------------------ the flow
def run_round(s: BattleHost, task: Round) -> None:
    if check_end(s):
        return
    limit = s.round_limit()
    if limit and (s.round >= limit or not can_hurt(s)):
        s.round = max(s.round, limit)
        end_battle(s, [], "rounds")
        return
    s.round += 1
    order, totals = initiative(side_ratings(s), s.attacker, s.r.battle.jammer_weight, s.truce)
    s.order = tuple(order)
    if not s.quiet:
        s.emit(RoundBegan(s.round, s.order, tuple([totals[p] for p in order])))
    s.push(*(ScriptedTurn(p) if s.scripted(p) else Turn(p) for p in order), Round())
    if s.planet:
        s.planet_fires()   # pushed last: the planet goes first


def turn_legal(s: BattleHost, task: Turn) -> list[Action]:
    """Flee or fight on (from the round the rules allow, with somewhere to go); then a ship to act.

    Nothing for a side with no ships left on the board: it is out of the battle, so its turn passes."""
    seat = task.seat
    if not any(sh.owner == seat and sh.cell[0] >= 0 for sh in s.ships.values()):
        return []
    if not task.started and s.r.flee and s.round >= s.r.battle.flee_from_round:
        options = s.flee_options(seat)
        if options:
            return options
    acted = s.acted
    return [Action("activate", i) for i, sh in sorted(s.ships.items())
            if sh.owner == seat and i not in acted and sh.cell[0] >= 0]


def turn_apply(s: BattleHost, task: Turn, action: Action) -> None:
    if action.kind == "flee":
        if fights_on(action.arg):
            s.push(task._replace(started=True))
        else:
            flee(s, task.seat, action.arg)
        return
    ship_id = action.arg
    acted = s.acted = s.acted | {ship_id}
    seat = task.seat
    if any(sh.owner == seat and i not in acted and sh.cell[0] >= 0 for i, sh in s.ships.items()):
        s.push(task._replace(started=True))
    else:
        s.acted = frozenset()  # the side's last ship: the next side's turn starts afresh
    s.push(Move(seat, ship_id))


def move_legal(s: BattleHost, task: Move) -> list[Action]:
    ship = s.ships[task.ship]
    key = ("reach", ship.cell, stats(s.r, ship).move)
    options = s.r.cache.get(key)
    if options is None:  # the cells within a move from a cell, with their actions, built once per rule set
        options = s.r.cache[key] = [(c, Action("move", c)) for c in s.r.board.within(ship.cell, key[2])]
    taken = occupied(s)
    taken.discard(ship.cell)
    return [a for c, a in options if c not in taken]


def move_apply(s: BattleHost, task: Move, action: Action) -> None:
    ship_id, cell = task.ship, action.arg
    ship = s.ships[ship_id]
    if cell != ship.cell:
        if not s.quiet:
            s.emit(Moved(task.seat, ship_id, ship.design, cell, ship.cell))
        ship = s.ships[ship_id] = ship._replace(cell=cell)
    # each working weapon with a target in range fires (a weapon with none has nothing to decide)
    s.push(*(Fire(task.seat, ship_id, sq) for sq in stats(s.r, ship).weapons if has_target(s, ship_id, sq)))
    if s.planet:
        s.by_planet(ship_id)


def fights_on(arg: Any) -> bool:
    """The ``flee`` answer that declines flight: ``False`` (a yes/no flight) or ``None`` (a flight to a place).
    Compared by identity: place 0 is a destination, not a no."""
    return arg is None or arg is False


def flee(s: BattleHost, seat: int, to: Any = True) -> None:
    """The side leaves the board with every ship it has left, for ``to`` (where the host takes them); the battle
    ends unless two sides left still fight."""
    ships = fleet(s, seat)
    for i in ships:
        s.ships[i] = s.ships[i]._replace(cell=(-1, -1))
    if not s.quiet:
        s.emit(Fled(seat, s.round))
    left = sides_left(s)
    if len(left) <= 1 or not fighting_on(s, left):
        end_battle(s, left, "fled")
    s.side_fled(seat, ships, to)


def fire_legal(s: BattleHost, task: Fire) -> list[Action]:
    if task.ship not in s.ships:
        return []
    return [FIRE(t) for t in in_range(s, task.ship, task.square)]


def fire_apply(s: BattleHost, task: Fire, action: Action) -> None:
    target = action.arg
    if fire_shot(s, task.ship, task.square, target):
        land_hit(s, target, task.seat)


def land_hit(s: BattleHost, target: int, by: int) -> None:
    """The hit ship's owner covers a square: a decision, or the policy's choice for a scripted side."""
    owner = s.ships[target].owner
    if s.scripted(owner):
        if cover_square(s, target, square_to_cover(s.r, s.ships[target]), by):
            check_end(s)
    else:
        s.push(Disable(owner, target, by))


def scripted_turn(s: BattleHost, task: ScriptedTurn) -> None:
    """Each of the side's ships moves by the policy, then its working weapons fire (as ``ScriptedShot``)."""
    shots = []
    for i in fleet(s, task.seat):
        cell = best_cell(s, i, reachable(s, i))
        if cell != s.ships[i].cell:
            if not s.quiet:
                s.emit(Moved(task.seat, i, s.ships[i].design, cell, s.ships[i].cell))
            s.ships[i] = s.ships[i]._replace(cell=cell)
        shots += [ScriptedShot(task.seat, i, q) for q in stats(s.r, s.ships[i]).weapons]
    s.push(*shots)


def scripted_shot(s: BattleHost, task: ScriptedShot) -> None:
    if task.ship not in s.ships:
        return
    options = in_range(s, task.ship, task.square)
    if options:
        target = best_target(s, task.ship, task.square, options)
        if fire_shot(s, task.ship, task.square, target):
            land_hit(s, target, task.seat)


def disable_legal(s: BattleHost, task: Disable) -> list[Action]:
    return [DISABLE(q) for q in working_squares(s.r, s.ships[task.ship])]


def disable_apply(s: BattleHost, task: Disable, action: Action) -> None:
    if cover_square(s, task.ship, action.arg, task.by):
        check_end(s)


def register(tasks: Tasks) -> None:
    """Register the battle's tasks in a host game's registry."""
    tasks.auto(Round)(run_round)
    tasks.decision(Turn, legal=turn_legal)(turn_apply)
    tasks.decision(Move, legal=move_legal)(move_apply)
    tasks.decision(Fire, legal=fire_legal)(fire_apply)
    tasks.decision(Disable, legal=disable_legal)(disable_apply)
    tasks.auto(AutoBattle)(auto_battle)
    tasks.auto(ScriptedTurn)(scripted_turn)
    tasks.auto(ScriptedShot)(scripted_shot)


# ------------------------------------------------------------------ the scripted policy (bots and auto mode)
#: How much a square is worth keeping, by tile kind (an empty square is covered first).
KEEP = {"": 0, "cargo": 1, "colony": 1, "marines": 1, "bomb": 2, "engine": 3, "jammer": 4, "computer": 4,
        "weapon": 6, "shield": 7}


def square_to_cover(rules: Rules, ship: Ship) -> int:
    """The working square whose loss hurts least (empty first, shields last)."""
    d = rules.designs[ship.design]

    def worth(q: int) -> tuple[int, int]:
        key = d.tiles[q]
        return (KEEP[rules.tiles[key].kind] if key else 0, q)

    return min(working_squares(rules, ship), key=worth)


def best_target(s: BattleHost, ship_id: int, square: int, options: Sequence[int]) -> int:
    """The target most likely to be lost: best chance to hit, then fewest working squares, then the dearest."""
    weapon = tile_at(s.r, s.ships[ship_id], square)
    assert weapon is not None

    def score(t: int) -> tuple[float, int, int, int]:
        other = s.ships[t]
        st = stats(s.r, other)
        faces = sum(1 for roll in range(1, weapon.die + 1) if hits(roll, weapon, st.shield))
        return (-faces, st.working, -points(s.r, other), t)

    return min(options, key=score)


def longest_range(s: BattleHost, ship: Ship, st: Stats) -> int:
    return max((tile_at(s.r, ship, q).range for q in st.weapons), default=0)  # type: ignore[union-attr]


def best_cell(s: BattleHost, ship_id: int, cells: Sequence[Cell]) -> Cell:
    """Hold if an enemy is within reach of the longest weapon; else close in on the nearest enemy,
    stopping as far back as that weapon allows."""
    ship = s.ships[ship_id]
    st = stats(s.r, ship)
    reach = max(1, longest_range(s, ship, st))
    x0, y0 = ship.cell
    enemies = [o.cell for o in s.ships.values() if o.owner != ship.owner and o.cell[0] >= 0 and hostile(s, ship.owner, o.owner)]
    if not enemies:
        return ship.cell
    target = min(enemies, key=lambda e: (max(abs(e[0] - x0), abs(e[1] - y0)), e))
    if max(abs(target[0] - x0), abs(target[1] - y0)) <= reach and ship.cell in cells:
        return ship.cell
    tx, ty = target

    def score(c: Cell) -> tuple[int, int, Cell]:
        d = max(abs(c[0] - tx), abs(c[1] - ty))
        return (d - reach, 0, c) if d > reach else (0, -d, c)

    return min(cells, key=score)


def auto_battle(s: BattleHost, task: AutoBattle) -> None:
    """Play the battle by the scripted policy: rounds, moves, shots and damage, with no decisions."""
    limit = s.round_limit()
    while True:
        if len(sides_left(s)) <= 1 or not fighting_on(s, sides_left(s)):
            end_battle(s, sides_left(s), "destroyed")
            return
        if limit and (s.round >= limit or not can_hurt(s)):
            s.round = max(s.round, limit)
            end_battle(s, [], "rounds")
            return
        s.round += 1
        order, totals = initiative(side_ratings(s), s.attacker, s.r.battle.jammer_weight, s.truce)
        s.order = tuple(order)
        if not s.quiet:
            s.emit(RoundBegan(s.round, s.order, tuple([totals[p] for p in order])))
        for seat in order:
            for i in fleet(s, seat):
                if i not in s.ships:
                    continue
                cell = best_cell(s, i, reachable(s, i))
                if cell != s.ships[i].cell:
                    if not s.quiet:
                        s.emit(Moved(seat, i, s.ships[i].design, cell, s.ships[i].cell))
                    s.ships[i] = s.ships[i]._replace(cell=cell)
                for q in stats(s.r, s.ships[i]).weapons:
                    if i not in s.ships:
                        break
                    options = in_range(s, i, q)
                    if not options:
                        continue
                    t = best_target(s, i, q, options)
                    if fire_shot(s, i, q, t):
                        cover_square(s, t, square_to_cover(s.r, s.ships[t]), seat)
                        if len(sides_left(s)) <= 1 or not fighting_on(s, sides_left(s)):
                            end_battle(s, sides_left(s), "destroyed")
                            return
