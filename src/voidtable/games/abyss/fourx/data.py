"""Typed rules data for the Black Abyss main game: fourx.toml on top of the shared abyss.toml.

The game reads both files as one tree (:func:`raw_data`): the ship tables load
through ``..data.load_rules`` (the fleet battle's checks) and the rest into the
Structs below. What types cannot say is checked at load, each failure one line
naming the path of the bad value: the hex pieces of the named kinds fit on the map
(the empty hexes take the places they leave), every colour has a land weight above 0,
wormholes come in pairs,
technology prerequisites exist and form no cycle, ship cards name real designs.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

from voidtable.engine.errors import RulesDataError
from voidtable.engine.game import Game
from voidtable.engine.rulesdata import RulesStruct, convert, read_toml

from ..data import Design, DesignData, Hull, Rules, Tile, load_rules, make_design
from .galaxy import Galaxy, make_galaxy

if TYPE_CHECKING:
    from voidtable.engine.game import Game

HERE = Path(__file__).parent
SHIP_FILE = HERE.parent / "abyss.toml"
DATA_FILE = HERE / "fourx.toml"
SHIP_TABLES = ("hulls", "tiles", "repair", "battle", "minigame", "designs")

RESOURCES = ("energy", "food", "minerals")
COLOURS = ("green", "blue", "yellow", "red", "moon")
#: The terrains a planet's square may show once explored (a closed set: the rules act on each).
Terrain = Literal["plains", "mineral", "energy", "water", "barren", "bonus"]
TERRAINS: tuple[Terrain, ...] = get_args(Terrain)
HEX_KINDS = COLOURS + ("black_hole", "asteroid", "empty")
EFFECTS = ("hospitable", "output", "engines", "range", "scan", "weapons", "secret", "fighter_computer", "fighter_jammer")
#: What an event card does: a harvest or a loss of a resource, or a space monster.
EventEffect = Literal["harvest", "lose", "monster"]
EVENT_EFFECTS: tuple[EventEffect, ...] = get_args(EventEffect)


def event_effect(card: "EventCard") -> EventEffect:
    """An event card's effect as the closed set the rules act on (checked at load by ``check_decks``)."""
    for effect in EVENT_EFFECTS:
        if effect == card.effect:
            return effect
    raise RulesDataError(f"an event card's effect {card.effect!r} is not one of {', '.join(EVENT_EFFECTS)}")


def terrain_of(key: str) -> Terrain:
    """A terrain named in the rules data (``land.shares``, checked at load) as the closed set the rules act on."""
    for terrain in TERRAINS:
        if terrain == key:
            return terrain
    raise RulesDataError(f"{key!r} is not a terrain ({', '.join(TERRAINS)})")


RESOLUTION_EFFECTS = ("no_jumps", "no_new_wars", "cheap_buildings", "cheap_techs", "wider_exploring", "war_levy")


def raw_data() -> dict[str, Any]:
    """abyss.toml and fourx.toml as one tree (the 4X's tables never share a name with the ship tables)."""
    ships, main = read_toml(SHIP_FILE), read_toml(DATA_FILE)
    clash = sorted(set(ships) & set(main))
    if clash:
        raise RulesDataError(f"abyss rules data: fourx.toml repeats tables of abyss.toml: {', '.join(clash)}")
    return {**ships, **main}


class Setup(RulesStruct):
    energy: int
    food: int
    minerals: int
    fighters: int
    assumed: str = ""


class Option1(RulesStruct):
    rows: int
    columns: int
    home_spacing: int
    assumed: str = ""


class Option2(RulesStruct):
    rings: int
    assumed: str = ""


class MapData(RulesStruct):
    hexes: dict[str, int]
    option1: Option1
    option2: Option2
    assumed: str = ""


class BonusShares(RulesStruct):
    """What a bonus square holds, as weights (a kind's chance is its weight over their sum): the draft's list."""

    energy: float
    food: float
    minerals: float
    technology: float
    colony: float
    marine: float
    assumed: str = ""


#: The kinds of find a bonus square may hold, in the order they are drawn.
FINDS = ("energy", "food", "minerals", "technology", "colony", "marine")


class Land(RulesStruct):
    squares: dict[str, int]
    bonus_amount: int
    shares: dict[str, dict[str, float]]   # weights: a terrain's share is its weight over the colour's sum
    bonus_shares: BonusShares
    assumed: str = ""


class Home(RulesStruct):
    terrain: list[str]
    buildings: list[str]
    assumed: str = ""


class Production(RulesStruct):
    per_building: int
    assumed: str = ""


class Habitat(RulesStruct):
    capacity: int
    assumed: str = ""


class Movement(RulesStruct):
    explore_range: int
    asteroid_die: int
    asteroid_damage: list[int]
    scan_base: int
    assumed: str = ""


class Building(RulesStruct):
    name: str
    energy: int
    food: int
    minerals: int
    on: list[str]
    produces: str = ""
    dock: str = ""
    wonder: str = ""      # a wonder: the resource whose buildings it improves (one per game, never destroyed)


class Tech(RulesStruct):
    name: str
    tier: int
    effect: str
    requires: list[str] = []
    colour: str = ""
    resource: str = ""
    amount: int = 0


class ShipCard(RulesStruct):
    requires: list[str]
    name: str = ""
    hull: str = ""
    tiles: list[str] = []


class EventCard(RulesStruct):
    name: str
    effect: str           # one of EVENT_EFFECTS (checked at load, so the error can list them): read it with event_effect
    resource: str = ""
    amount: int = 0
    copies: int = 1


class Events(RulesStruct):
    every: int
    cards: dict[str, EventCard]
    assumed: str = ""


class Resolution(RulesStruct):
    name: str
    effect: str


class Resolutions(RulesStruct):
    cards: dict[str, Resolution]
    assumed: str = ""


class Tribunal(RulesStruct):
    terms_to_win: int
    candidates: int
    votes_per_planet: int
    votes_per_region: int
    assumed: str = ""


class Limits(RulesStruct):
    max_cycles: int
    battle_rounds: int
    assumed: str = ""


class Trade(RulesStruct):
    share: float
    chip: int
    pay_per_space: int
    food: list[str]
    energy: list[str]
    minerals: list[str]
    assumed: str = ""

    def category(self, good: str) -> str:
        """The resource a good pays in."""
        return next(r for r in RESOURCES if good in getattr(self, r))


class TechCost(RulesStruct):
    """The price of a technology tier (the draft: technology costs energy and food)."""

    energy: int
    food: int


class Ground(RulesStruct):
    die: int
    hit: int
    defence_range: int
    marine_food: int
    marine_minerals: int
    assumed: str = ""


class Twin(RulesStruct):
    keepers: int
    assumed: str = ""


class MainData(RulesStruct):
    setup: Setup
    map: MapData
    land: Land
    home: Home
    production: Production
    habitat: Habitat
    movement: Movement
    buildings: dict[str, Building | str]
    tech_costs: dict[str, TechCost | str]
    techs: dict[str, Tech | str]
    ship_cards: dict[str, ShipCard | str]
    events: Events
    resolutions: Resolutions
    tribunal: Tribunal
    limits: Limits
    trade: Trade
    ground: Ground
    neutral: dict[str, DesignData | str]
    tile_techs: dict[str, str]
    twin: Twin


CUSTOM = "custom"


def rated_key(design: str, computer: int, jammer: int) -> str:
    """The key of a design whose hull's own ratings technology has raised: ``fighter@2,1``."""
    return f"{design}@{computer},{jammer}"


def custom_key(hull: str, tiles: tuple[str, ...]) -> str:
    """The design key of a ship fitted tile by tile: ``custom:<hull>:<tile>,<tile>,...`` ("" for an empty square)."""
    return f"{CUSTOM}:{hull}:{','.join(tiles)}"


class DesignBook(dict[str, Design]):
    """The designs by key; a fitted ship's key (``custom_key``) makes its design on first use.

    A fitted design is a pure function of its key, so making it on demand (shared by every state of
    the game) can never make two states differ.
    """

    def __init__(self, designs: dict[str, Design], hulls: dict[str, Hull], tiles: dict[str, Tile]) -> None:
        super().__init__(designs)
        self.hulls, self.tiles = hulls, tiles

    def __missing__(self, key: str) -> Design:
        if "@" in key:
            base, ratings = key.split("@", 1)
            computer, jammer = (int(x) for x in ratings.split(","))
            d = dataclasses.replace(self[base], key=key, computer=computer, jammer=jammer)
            self[key] = d
            return d
        kind, hull, tiles = key.split(":", 2)
        if kind != CUSTOM or hull not in self.hulls:
            raise KeyError(key)
        d = make_design(key, DesignData(f"{self.hulls[hull].name} (own design)", hull, tiles.split(",")),
                        self.hulls, self.tiles)
        self[key] = d
        return d


@dataclass(frozen=True)
class MainRules:
    """The main game's rule set: the ship rules, the main tables, the galaxy for this player count and the options."""

    ships: Rules
    data: MainData
    buildings: dict[str, Building]
    techs: dict[str, Tech]
    tech_order: tuple[str, ...]
    cards: dict[str, tuple[str, ...]]     # ship card (design key) -> technologies it needs
    galaxy: Galaxy
    players: int
    map_option: int
    win_rule: str                          # "consecutive" or "total"
    twin_planets: bool                     # the twin planets (and their Keepers) are in play
    cache: dict[Any, Any] = field(default_factory=dict, compare=False)

    @property
    def hulls(self) -> dict[str, Any]:
        """The ship rules' hulls (the battle's action kinds count ship ids from them)."""
        return self.ships.hulls

    @property
    def board(self) -> Any:
        """The battle board (the battle's action kinds list its cells)."""
        return self.ships.board

    @property
    def bonus_shares(self) -> tuple[tuple[str, float], ...]:
        """Each kind of find a bonus square may hold, with its weight (``land.bonus_shares``)."""
        b = self.data.land.bonus_shares
        return tuple((k, float(getattr(b, k))) for k in FINDS)

    def tech_cost(self, key: str) -> tuple[int, int]:
        """(energy, food) of a technology, from its tier."""
        cost = self.data.tech_costs[f"tier{self.techs[key].tier}"]
        assert isinstance(cost, TechCost)
        return cost.energy, cost.food


def fail(path: str, why: str) -> RulesDataError:
    return RulesDataError(f"abyss rules data: {path}: {why}")


def check_map(d: MainData) -> None:
    """The named hex kinds fit on the map; the empty hexes take the places they leave (added last)."""
    hexes = d.map.hexes
    for k, n in hexes.items():
        if k == "empty":
            raise fail("map.hexes.empty", "the empty hexes take the places the other kinds leave; leave it out")
        if k not in HEX_KINDS and not k.startswith("wormhole_"):
            raise fail(f"map.hexes.{k}", f"not a hex kind ({', '.join(HEX_KINDS[:-1])}, wormhole_<colour>)")
        if n < 0:
            raise fail(f"map.hexes.{k}", f"at least 0, got {n}")
        if k.startswith("wormhole_") and n not in (0, 2):
            raise fail(f"map.hexes.{k}", f"wormholes come in pairs of one colour: 2 (or 0), got {n}")
    o1 = d.map.option1
    places = o1.rows * o1.columns
    named = sum(hexes.values())
    if named > places:
        raise fail("map.hexes.*", f"{named} pieces, more than the map's {places} "
                                  f"(map.option1.rows x map.option1.columns = {o1.rows} x {o1.columns})")
    d.map.hexes = {**hexes, "empty": places - named}
    o2 = 1 + 3 * d.map.option2.rings * (d.map.option2.rings + 1)
    if o2 > places:
        raise fail("map.option2.rings", f"{o2} places need more than the {places} pieces")
    if d.map.option2.rings < 1 or o1.home_spacing < 1:
        raise fail("map", "option2.rings and option1.home_spacing are at least 1")


def land_tiles(d: MainData) -> int:
    """The land tiles the planets' squares need: one per square of every planet and moon piece."""
    return sum(d.map.hexes.get(c, 0) * d.land.squares[c] for c in COLOURS)


def check_land(d: MainData) -> None:
    land = d.land
    for colour in COLOURS:
        if colour not in land.shares:
            raise fail(f"land.shares.{colour}", "missing")
        if colour not in land.squares:
            raise fail(f"land.squares.{colour}", "missing")
        shares = land.shares[colour]
        for t, x in shares.items():
            if t not in TERRAINS:
                raise fail(f"land.shares.{colour}.{t}", f"not a terrain ({', '.join(TERRAINS)})")
            if not 0 <= x < float("inf"):
                raise fail(f"land.shares.{colour}.{t}", f"a weight is a number of at least 0, got {x}")
        if not sum(shares.values()) > 0:
            raise fail(f"land.shares.{colour}", "every weight is 0: give at least one terrain a weight above 0")
    finds = land.bonus_shares
    for k in FINDS:
        if not 0 <= getattr(finds, k) < float("inf"):
            raise fail(f"land.bonus_shares.{k}", f"a weight is a number of at least 0, got {getattr(finds, k)}")
    if not sum(getattr(finds, k) for k in FINDS) > 0:
        raise fail("land.bonus_shares", "every weight is 0: give at least one kind of find a weight above 0")
    if len(d.home.terrain) != land.squares["green"] or len(d.home.buildings) != land.squares["green"]:
        raise fail("home", f"the home world is a green planet of {land.squares['green']} squares")
    for i, t in enumerate(d.home.terrain):
        if t not in TERRAINS:
            raise fail(f"home.terrain[{i}]", f"{t!r} is not a terrain")


def check_buildings(d: MainData, buildings: dict[str, Building]) -> None:
    for k, b in buildings.items():
        if min(b.energy, b.food, b.minerals) < 0:
            raise fail(f"buildings.{k}", "costs are at least 0")
        for i, t in enumerate(b.on):
            if t not in TERRAINS:
                raise fail(f"buildings.{k}.on[{i}]", f"{t!r} is not a terrain")
        if b.produces and b.produces not in RESOURCES:
            raise fail(f"buildings.{k}.produces", f"{b.produces!r} is not a resource")
        if b.wonder and b.wonder not in RESOURCES:
            raise fail(f"buildings.{k}.wonder", f"{b.wonder!r} is not a resource")
        if b.dock not in ("", "small", "large"):
            raise fail(f"buildings.{k}.dock", f"{b.dock!r} is not small or large")
    if "habitat" not in buildings:
        raise fail("buildings.habitat", "the main game needs the habitat")
    for i, key in enumerate(d.home.buildings):
        if key and key not in buildings:
            raise fail(f"home.buildings[{i}]", f"{key!r} is not a building")
        if key and d.home.terrain[i] not in buildings[key].on:
            raise fail(f"home.buildings[{i}]", f"a {key} cannot stand on {d.home.terrain[i]}")


def tech_order(techs: dict[str, Tech], tiers: dict[str, "TechCost | str"]) -> tuple[str, ...]:
    """The technologies with prerequisites first; a missing prerequisite or a cycle is refused."""
    for k, t in techs.items():
        if t.effect not in EFFECTS:
            raise fail(f"techs.{k}.effect", f"{t.effect!r} is not one of {', '.join(EFFECTS)}")
        if f"tier{t.tier}" not in tiers:
            raise fail(f"techs.{k}.tier", f"no price for tier {t.tier} in tech_costs")
        if t.effect == "hospitable" and t.colour not in COLOURS:
            raise fail(f"techs.{k}.colour", f"{t.colour!r} is not a planet colour")
        if t.effect == "output" and t.resource not in RESOURCES:
            raise fail(f"techs.{k}.resource", f"{t.resource!r} is not a resource")
        for i, r in enumerate(t.requires):
            if r not in techs:
                raise fail(f"techs.{k}.requires[{i}]", f"{r!r} is not a technology")
    order: list[str] = []
    state: dict[str, int] = {}  # 1: being visited, 2: done

    def visit(k: str, path: list[str]) -> None:
        if state.get(k) == 2:
            return
        if state.get(k) == 1:
            raise fail(f"techs.{k}.requires", f"prerequisites form a cycle: {' -> '.join(path + [k])}")
        state[k] = 1
        for r in techs[k].requires:
            visit(r, path + [k])
        state[k] = 2
        order.append(k)

    for k in techs:
        visit(k, [])
    return tuple(order)


def check_decks(d: MainData) -> None:
    if d.events.every < 1:
        raise fail("events.every", f"at least 1, got {d.events.every}")
    for k, e in d.events.cards.items():
        if e.effect not in EVENT_EFFECTS:
            raise fail(f"events.cards.{k}.effect", f"{e.effect!r} is not one of {', '.join(EVENT_EFFECTS)}")
        if (e.effect != "monster" and e.resource not in RESOURCES) or e.amount < 0 or e.copies < 1:
            raise fail(f"events.cards.{k}", "a resource, an amount of at least 0 and at least 1 copy")
    for k, r in d.resolutions.cards.items():
        if r.effect not in RESOLUTION_EFFECTS:
            raise fail(f"resolutions.cards.{k}.effect", f"{r.effect!r} is not one of {', '.join(RESOLUTION_EFFECTS)}")
    t = d.tribunal
    if t.terms_to_win < 1 or t.candidates < 1 or min(t.votes_per_planet, t.votes_per_region) < 0:
        raise fail("tribunal", "terms_to_win and candidates at least 1, votes at least 0")
    if d.limits.max_cycles < 1 or d.limits.battle_rounds < 1:
        raise fail("limits", "max_cycles and battle_rounds at least 1")
    if d.habitat.capacity < 0 or d.production.per_building < 0:
        raise fail("habitat.capacity", "capacity and production at least 0")
    gr = d.ground
    if gr.die < 2 or not 1 <= gr.hit <= gr.die or min(gr.marine_food, gr.marine_minerals) < 0:
        raise fail("ground.hit", f"a face of the d{gr.die} (die at least 2, costs at least 0)")
    tr = d.trade
    if not 0 <= tr.share <= 1 or tr.chip < 0 or tr.pay_per_space < 0:
        raise fail("trade", "share in 0..1, chip and pay_per_space at least 0")
    goods = tr.food + tr.energy + tr.minerals
    if len(set(goods)) != len(goods) or not all(goods):
        raise fail("trade", "every good is named once, in one category")
    m = d.movement
    for i, f in enumerate(m.asteroid_damage):
        if not 1 <= f <= m.asteroid_die:
            raise fail(f"movement.asteroid_damage[{i}]", f"{f} is not a face of a d{m.asteroid_die}")
    if m.explore_range < 0 or m.scan_base < 1:
        raise fail("movement", "explore_range at least 0, scan_base at least 1")


def load_main(raw: dict[str, Any], players: int, map_option: int = 2, win_rule: str = "consecutive",
              auto_battle: bool = False, twin_planets: bool = False) -> MainRules:
    """Typed, checked rules of the main game from the merged tree (overrides already applied)."""
    ship_raw = {k: v for k, v in raw.items() if k in SHIP_TABLES}
    main_raw = {k: v for k, v in raw.items() if k not in SHIP_TABLES}
    ships = load_rules(ship_raw, auto_battle=auto_battle, flee=True)
    d = convert(main_raw, MainData, "abyss")
    for table in ("buildings", "techs", "ship_cards", "tech_costs"):
        for k, v in getattr(d, table).items():
            if isinstance(v, str) and k != "assumed":
                raise fail(f"{table}.{k}", "must be a table")
    buildings = {k: v for k, v in d.buildings.items() if isinstance(v, Building)}
    techs = {k: v for k, v in d.techs.items() if isinstance(v, Tech)}
    for k, price in d.tech_costs.items():
        if isinstance(price, TechCost) and min(price.energy, price.food) < 0:
            raise fail(f"tech_costs.{k}", "energy and food of at least 0")
    check_map(d)
    check_land(d)
    check_buildings(d, buildings)
    order = tech_order(techs, d.tech_costs)
    check_decks(d)
    designs = dict(ships.designs)
    cards: dict[str, tuple[str, ...]] = {}
    for k, card in d.ship_cards.items():
        if isinstance(card, str):
            continue
        c = card
        if c.hull:
            designs[k] = make_design(k, DesignData(c.name, c.hull, c.tiles), ships.hulls, ships.tiles)
        elif k not in designs:
            raise fail(f"ship_cards.{k}", "names no design of abyss.toml and gives no hull and tiles")
        for i, r in enumerate(c.requires):
            if r not in techs:
                raise fail(f"ship_cards.{k}.requires[{i}]", f"{r!r} is not a technology")
        cards[k] = tuple(c.requires)
    for k, nd in d.neutral.items():
        if isinstance(nd, DesignData):
            designs[k] = make_design(k, nd, ships.hulls, ships.tiles)
    for k in ("monster", "keeper"):
        if k not in designs:
            raise fail(f"neutral.{k}", "the main game needs this neutral design")
    if d.twin.keepers < 0:
        raise fail("twin.keepers", f"at least 0, got {d.twin.keepers}")
    for k, t in d.tile_techs.items():
        if k == "assumed":
            continue
        if k not in ships.tiles:
            raise fail(f"tile_techs.{k}", "is not a ship tile")
        if t not in techs:
            raise fail(f"tile_techs.{k}", f"{t!r} is not a technology")
    ships = dataclasses.replace(ships, designs=DesignBook(designs, ships.hulls, ships.tiles), cache={})
    galaxy = make_galaxy(d.map.option1.rows, d.map.option1.columns, d.map.option2.rings, players, map_option)
    return MainRules(ships, d, buildings, techs, order, cards, galaxy, players, map_option, win_rule, twin_planets)


def build(game: "Game") -> MainRules:
    """The main game's rule set for the loaded game's player count and options."""
    o = game.options
    return load_main(game.data, game.players, map_option=int(o.get("map", 2)),
                     win_rule=str(o.get("tribunal_win", "consecutive")), auto_battle=o.get("battle") == "auto",
                     twin_planets=bool(o.get("twin_planets")))


#: The loaded game with these rules, named once: a function taking one reads ``game.rules`` as MainRules.
AbyssGame = Game[MainRules]
