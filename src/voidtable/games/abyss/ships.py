"""Ships built from hulls and tiles; their stats come from the squares that still work.

A ship is an immutable :class:`Ship` record: its owner, its design, where it is on
the battle board and which of its squares carry a damage disk (a bit mask). Every
stat is derived from the working squares, so covering a square (the owner's
choice after a hit) changes the ship at once:

- **computer**: the best working computer tile, or the hull's own rating (a
  fighter carries its owner's fighter technology); a second computer is a spare;
- **jammer**: the same, for jammers;
- **shield**: the best working shield tile; it comes off every roll against the ship;
- **move** on the battle board: the hull's speed plus one per working engine;
- **weapons**: each working weapon square fires once per turn.

A ship with every square covered explodes (a fighter has one square, so it explodes
on the first hit). Repairing a square costs half the price of its tile, rounded up,
or 1 mineral for an empty square (the draft breaks off there). Used by the fleet battle
now and by the 4X's ship cards later.
"""

from __future__ import annotations

from typing import NamedTuple

from voidtable.engine.squaregrid import Cell

from .data import Design, Rules, Tile

NOWHERE: Cell = (-1, -1)  # a ship not (yet) on the battle board


class Ship(NamedTuple):
    """One ship: owner, design key, board cell, and the squares covered by damage disks (bit i = square i)."""

    owner: int
    design: str
    cell: Cell = NOWHERE
    disabled: int = 0


class Stats(NamedTuple):
    """What a ship can do now, from its working squares."""

    computer: int
    jammer: int
    shield: int
    move: int
    weapons: tuple[int, ...]  # the squares holding a working weapon, in square order
    working: int              # squares without a damage disk


def design_of(rules: Rules, ship: Ship) -> Design:
    return rules.designs[ship.design]


def squares(rules: Rules, ship: Ship) -> int:
    return rules.hulls[design_of(rules, ship).hull].squares


def working_squares(rules: Rules, ship: Ship) -> list[int]:
    """The squares without a damage disk: those its owner may cover after a hit."""
    return [i for i in range(squares(rules, ship)) if not ship.disabled >> i & 1]


def tile_at(rules: Rules, ship: Ship, square: int) -> Tile | None:
    key = design_of(rules, ship).tiles[square]
    return rules.tiles[key] if key else None


def stats(rules: Rules, ship: Ship) -> Stats:
    """The ship's stats from its working squares (cached per design and damage)."""
    key = (ship.design, ship.disabled)
    got: Stats | None = rules.cache.get(key)
    if got is None:
        got = derive_stats(rules, rules.designs[ship.design], ship.disabled)
        rules.cache[key] = got
    return got


def derive_stats(rules: Rules, design: Design, disabled: int) -> Stats:
    hull = rules.hulls[design.hull]
    computer = hull.computer if design.computer is None else design.computer
    jammer = hull.jammer if design.jammer is None else design.jammer
    shield, move = 0, hull.board_move
    weapons: list[int] = []
    working = 0
    for i, key in enumerate(design.tiles):
        if disabled >> i & 1:
            continue
        working += 1
        if not key:
            continue
        t = rules.tiles[key]
        if t.kind == "computer":
            computer = max(computer, t.rating)
        elif t.kind == "jammer":
            jammer = max(jammer, t.rating)
        elif t.kind == "shield":
            shield = max(shield, t.rating)
        elif t.kind == "engine":
            move += t.rating
        elif t.kind == "weapon":
            weapons.append(i)
    return Stats(computer, jammer, shield, move, tuple(weapons), working)


def destroyed(rules: Rules, ship: Ship) -> bool:
    """Every square covered: the ship explodes."""
    return ship.disabled == (1 << squares(rules, ship)) - 1


def disable(ship: Ship, square: int) -> Ship:
    """The ship with a damage disk on ``square``."""
    return ship._replace(disabled=ship.disabled | 1 << square)


def hits(roll: int, weapon: Tile, shield: int) -> bool:
    """The draft's shield rule: the shield's rating comes off the roll, then the weapon's hit number must be met."""
    return roll - shield >= weapon.hit


def hit_chance(weapon: Tile, shield: int) -> float:
    """The chance one shot of ``weapon`` hits a ship with ``shield``."""
    faces = sum(1 for roll in range(1, weapon.die + 1) if hits(roll, weapon, shield))
    return faces / weapon.die


def points(rules: Rules, ship: Ship) -> int:
    """What is left of the ship in the fleet battle's points: its hull and its working tiles (a fighter's kit is its hull)."""
    d = design_of(rules, ship)
    hull = rules.hulls[d.hull]
    fixed = set(hull.fixed)
    total = hull.energy + hull.minerals
    for i, key in enumerate(d.tiles):
        if key and key not in fixed and not ship.disabled >> i & 1:
            total += rules.tiles[key].energy + rules.tiles[key].minerals
    return total


def repair_cost(rules: Rules, ship: Ship, square: int) -> tuple[int, int]:
    """(energy, minerals) to lift the disk from ``square``: a share of the tile's price rounded up; an empty square costs minerals."""
    tile = tile_at(rules, ship, square)
    if tile is None:
        return (0, rules.data.repair.empty_minerals)
    f = rules.data.repair.fraction
    return (_round_up(tile.energy * f), _round_up(tile.minerals * f))


def repair(ship: Ship, square: int) -> Ship:
    return ship._replace(disabled=ship.disabled & ~(1 << square))


def _round_up(x: float) -> int:
    n = int(x)
    return n + 1 if x > n else n
