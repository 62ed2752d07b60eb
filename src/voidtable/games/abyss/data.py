"""Typed rules data for Black Abyss (abyss.toml): hulls, ship tiles, repair, the battle board, the fleet battle.

The TOML holds the numbers; this module turns them into msgspec Structs (unknown
keys and wrong types are errors naming the path) and then checks what types
cannot say, again naming the path of the bad value: a design's tiles fill its
hull's squares, a weapon hits on a face of its die, the budget buys something.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from typing import TYPE_CHECKING

from voidtable.engine.errors import RulesDataError
from voidtable.engine.game import Game
from voidtable.engine.rulesdata import RulesStruct, convert
from voidtable.engine.squaregrid import SquareGrid

if TYPE_CHECKING:
    from voidtable.engine.game import Game

TILE_KINDS = ("computer", "jammer", "shield", "weapon", "engine", "bomb", "marines", "colony", "cargo")
DOCKS = ("none", "small", "large")
RATED = ("computer", "jammer", "shield", "engine", "marines", "cargo")   # kinds whose rating means something
ARMED = ("weapon", "bomb")                                               # kinds that roll a die


class Hull(RulesStruct):
    name: str
    squares: int
    energy: int
    minerals: int
    dock: str
    board_move: int
    galaxy_move: int
    pieces: int
    computer: int
    jammer: int
    fixed: list[str]


class Tile(RulesStruct):
    name: str
    kind: str
    energy: int
    minerals: int
    rating: int = 0
    range: int = 0
    die: int = 0
    hit: int = 0


class Repair(RulesStruct):
    fraction: float
    empty_minerals: int
    assumed: str = ""


class BattleRules(RulesStruct):
    width: int
    height: int
    deploy_columns: int
    flee_from_round: int
    jammer_weight: int
    assumed: str = ""


class MiniGameRules(RulesStruct):
    budget: int
    max_rounds: int
    designs: list[str]
    assumed: str = ""


class DesignData(RulesStruct):
    name: str
    hull: str
    tiles: list[str]


class AbyssData(RulesStruct):
    hulls: dict[str, Hull | str]
    tiles: dict[str, Tile | str]
    repair: Repair
    battle: BattleRules
    minigame: MiniGameRules
    designs: dict[str, DesignData | str]


@dataclass(frozen=True)
class Design:
    """A ship design: a hull and one tile key per square ("" for an empty square), with its price."""

    key: str
    name: str
    hull: str
    tiles: tuple[str, ...]
    energy: int
    minerals: int
    computer: int | None = None   # the hull's own computer rating, when technology has raised it (a fighter's)
    jammer: int | None = None     # the same for its own jammer rating

    @property
    def points(self) -> int:
        """The fleet battle's price: one point per energy or mineral."""
        return self.energy + self.minerals


@dataclass(frozen=True)
class Rules:
    """The loaded rule set: typed data with the ``assumed`` notes stripped, and what derives from it."""

    data: AbyssData
    hulls: dict[str, Hull]
    tiles: dict[str, Tile]
    designs: dict[str, Design]
    fleet_designs: tuple[str, ...]
    board: SquareGrid
    auto_battle: bool
    flee: bool
    secret_buying: bool = False   # the fleet battle: fleets ordered at once and in secret, revealed together
    one_design: bool = False      # the fleet battle's lab mode: one design drawn for seat 0 against a random field
    cache: dict[Any, Any] = field(default_factory=dict, compare=False)  # derived ship stats by (design, damage)

    @property
    def battle(self) -> BattleRules:
        return self.data.battle

    @property
    def minigame(self) -> MiniGameRules:
        return self.data.minigame

    def design_price(self, hull: str, tiles: tuple[str, ...]) -> tuple[int, int]:
        """(energy, minerals) of a hull and its tiles (a hull's fixed kit is in the hull's price)."""
        h = self.hulls[hull]
        fixed = set(h.fixed)
        e, m = h.energy, h.minerals
        for t in tiles:
            if t and t not in fixed:
                e += self.tiles[t].energy
                m += self.tiles[t].minerals
        return e, m


def check_tile(key: str, t: Tile) -> None:
    where = f"abyss rules data: tiles.{key}"
    if t.kind not in TILE_KINDS:
        raise RulesDataError(f"{where}.kind: {t.kind!r} is not one of {', '.join(TILE_KINDS)}")
    if t.energy < 0 or t.minerals < 0:
        raise RulesDataError(f"{where}: energy and minerals are at least 0")
    if t.kind in RATED and t.kind != "engine" and t.rating < 1:
        raise RulesDataError(f"{where}.rating: a {t.kind} needs a rating of at least 1, got {t.rating}")
    if t.kind in ARMED:
        if t.die < 2:
            raise RulesDataError(f"{where}.die: a {t.kind} rolls a die of at least 2 sides, got {t.die}")
        if not 1 <= t.hit <= t.die:
            raise RulesDataError(f"{where}.hit: must be a face of its d{t.die}, got {t.hit}")
        if t.range < 0:
            raise RulesDataError(f"{where}.range: at least 0, got {t.range}")


def check_hull(key: str, h: Hull, tiles: dict[str, Tile]) -> None:
    where = f"abyss rules data: hulls.{key}"
    if h.squares < 1:
        raise RulesDataError(f"{where}.squares: at least 1, got {h.squares}")
    if h.dock not in DOCKS:
        raise RulesDataError(f"{where}.dock: {h.dock!r} is not one of {', '.join(DOCKS)}")
    if min(h.energy, h.minerals, h.board_move, h.galaxy_move, h.computer, h.jammer) < 0 or h.pieces < 1:
        raise RulesDataError(f"{where}: costs, moves and ratings are at least 0, pieces at least 1")
    if len(h.fixed) > h.squares:
        raise RulesDataError(f"{where}.fixed: {len(h.fixed)} tiles do not fit {h.squares} squares")
    for i, t in enumerate(h.fixed):
        if t not in tiles:
            raise RulesDataError(f"{where}.fixed[{i}]: {t!r} is not a tile ({', '.join(sorted(tiles))})")


def make_design(key: str, d: DesignData, hulls: dict[str, Hull], tiles: dict[str, Tile]) -> Design:
    where = f"abyss rules data: designs.{key}"
    if d.hull not in hulls:
        raise RulesDataError(f"{where}.hull: {d.hull!r} is not a hull ({', '.join(sorted(hulls))})")
    h = hulls[d.hull]
    if len(d.tiles) != h.squares:
        raise RulesDataError(f"{where}.tiles: a {d.hull} has {h.squares} squares, got {len(d.tiles)} tiles")
    for i, t in enumerate(d.tiles):
        if t and t not in tiles:
            raise RulesDataError(f"{where}.tiles[{i}]: {t!r} is not a tile ({', '.join(sorted(tiles))})")
    for t in h.fixed:
        if d.tiles.count(t) < h.fixed.count(t):
            raise RulesDataError(f"{where}.tiles: a {d.hull} always carries {', '.join(h.fixed)}")
    fixed = set(h.fixed)
    e = h.energy + sum(tiles[t].energy for t in d.tiles if t and t not in fixed)
    m = h.minerals + sum(tiles[t].minerals for t in d.tiles if t and t not in fixed)
    return Design(key, d.name, d.hull, tuple(d.tiles), e, m)


def load_rules(raw: dict[str, object], auto_battle: bool = False, flee: bool = False, secret_buying: bool = False,
               one_design: bool = False) -> Rules:
    """Typed, checked rules from the raw TOML tree (overrides already applied)."""
    d = convert(raw, AbyssData, "abyss")
    tiles = {k: v for k, v in d.tiles.items() if isinstance(v, Tile)}
    hulls = {k: v for k, v in d.hulls.items() if isinstance(v, Hull)}
    for k, v in list(d.tiles.items()) + list(d.hulls.items()) + list(d.designs.items()):
        if isinstance(v, str) and k != "assumed":
            raise RulesDataError(f"abyss rules data: {k!r} must be a table, got a string")
    for k, t in tiles.items():
        check_tile(k, t)
    for k, h in hulls.items():
        check_hull(k, h, tiles)
    designs = {k: make_design(k, v, hulls, tiles) for k, v in d.designs.items() if isinstance(v, DesignData)}
    b = d.battle
    if b.width < 2 * b.deploy_columns + 1 or b.height < 1 or b.deploy_columns < 1:
        raise RulesDataError(f"abyss rules data: battle: a {b.width} x {b.height} board needs room between two "
                             f"{b.deploy_columns}-column deployment edges")
    if b.flee_from_round < 1 or b.jammer_weight < 0:
        raise RulesDataError("abyss rules data: battle.flee_from_round >= 1 and battle.jammer_weight >= 0")
    du = d.minigame
    for i, k in enumerate(du.designs):
        if k not in designs:
            raise RulesDataError(f"abyss rules data: minigame.designs[{i}]: {k!r} is not a design ({', '.join(sorted(designs))})")
    if not du.designs:
        raise RulesDataError("abyss rules data: minigame.designs: the fleet battle needs at least one design")
    cheapest = min(designs[k].points for k in du.designs)
    if du.budget < cheapest:
        raise RulesDataError(f"abyss rules data: minigame.budget: {du.budget} buys nothing (the cheapest design costs {cheapest})")
    if du.max_rounds < 1:
        raise RulesDataError(f"abyss rules data: minigame.max_rounds: at least 1, got {du.max_rounds}")
    if not 0 <= d.repair.fraction <= 1 or d.repair.empty_minerals < 0:
        raise RulesDataError("abyss rules data: repair.fraction in 0..1 and repair.empty_minerals >= 0")
    return Rules(d, hulls, tiles, designs, tuple(du.designs), SquareGrid(b.width, b.height), auto_battle, flee,
                 secret_buying, one_design)


def build(game: "Game") -> Rules:
    """The fleet battle's rule set: the data, with the options ``battle`` (board or auto), ``flee``, ``buying`` and ``outfit``."""
    return load_rules(game.data, auto_battle=game.options.get("battle") == "auto", flee=bool(game.options.get("flee")),
                      secret_buying=game.options.get("buying") == "secret",
                      one_design=game.options.get("outfit") == "one_design")


#: The loaded game with these rules, named once: a function taking one reads ``game.rules`` as Rules.
FleetGame = Game[Rules]
