"""Typed rules data for Empires of the Void, read from empires.toml, and the loaded rule set.

The TOML holds every number; msgspec converts it into the Structs below (a wrong
type or an unknown key is one line naming its path, e.g. ``ships.moth.cost``),
then :func:`check_data` checks what types cannot say: the component counts, names
that point at other tables, the technology prerequisites (no cycle), each tile's
lines, and that a galaxy laid out from the tiles is connected.
"""

from __future__ import annotations

from dataclasses import dataclass

from voidtable.engine.errors import RulesDataError
from voidtable.engine.game import Game
from voidtable.engine.rulesdata import RulesStruct

TECH_EFFECTS = ("unlock", "pass_asteroid", "pass_mine", "pass_ancient_defense", "hand_limit", "docking_bay", "detection",
                "cloaking", "tractor_beam", "space_port", "move", "mine", "warp_gate", "shield", "income", "none",
                "terraforming", "spore_pods")
PLANET_ABILITIES = ("", "retreat", "hand_limit", "build_ship", "research_discount", "starfighter_move", "mine",
                    "diplomacy_bonus", "pass_asteroid")
RACE_ABILITIES = ("none", "mind_control", "terraforming", "infest", "research_discount", "extra_move")
EVENT_KINDS = ("credits_all", "draw_all", "council_credits", "none", "rebellion", "worm_hole", "pirates",
               "distress_call", "research_grant", "ion_storm", "uprising", "festival", "defectors")
PLANETS_IN_GAME = 15
TECHS_PER_SET = 19


class GameRules(RulesStruct):
    rounds: int
    actions_per_turn: int
    mine_credits: int
    hand_limit: int
    setup_draw: int
    home_bonus_vp: int
    diplomacy_dice: int
    event_piles: list[int]
    infest_min: int
    infest_removal_hits: int
    neutral_planet_hits: int
    first_player_die: int
    two_player_row: int
    two_player_swaps: int
    ally_tokens: int
    trade_goods: list[str]
    temperaments: list[str]
    obstacles: list[str]


class ScoreCards(RulesStruct):
    a: tuple[int, int]
    b: tuple[int, int]
    c: tuple[int, int]
    assumed: str = ""


class ShipData(RulesStruct):
    name: str
    count: int
    neutral: bool
    cost: int
    move: int
    attack: int
    dice: int
    hits: int
    initiative: int
    tech: str = ""
    planet: str = ""
    race: str = ""
    ignores_obstacles: bool = False
    lasting_damage: bool = False
    pre_roll: str = ""
    fire_cost: int = 0
    assumed: str = ""


class TechData(RulesStruct):
    name: str
    cost: int
    vp: int
    effect: str
    prereq: str = ""
    trade_good: str = ""
    race: str = ""
    ships: list[str] = []             # the ship kinds the effect is given to
    assumed: str = ""


class RaceData(RulesStruct):
    name: str
    credits: int
    diplomacy_targets: list[int]
    ability: str
    home: str = ""                    # the home world's name where the book gives one (Earth)
    assumed: str = ""


class PlanetData(RulesStruct):
    name: str
    temperament: str
    trade_good: str
    credits: int
    vp: int
    influence: int
    ability: str = ""
    assumed: str = ""


class NewEarthData(RulesStruct):
    """The card that replaces the Nomads' home world once they research Terraforming (book: New Earth)."""

    name: str
    credits: int
    vp: int
    influence: int
    trade_good: str = ""
    assumed: str = ""


class TileData(RulesStruct):
    nodes: list[str]
    planets: dict[str, str]
    asteroid_spaces: list[str]
    lines: list[tuple[str, str]]
    obstacles: dict[str, str]
    assumed: str = ""


class Galaxy(RulesStruct):
    centre: str
    assumed: str = ""


class Diplomacy(RulesStruct):
    copies: int
    tactics: dict[str, list[str]]
    cards_needed: dict[str, int]
    assumed: str = ""


class EventCard(RulesStruct):
    name: str
    kind: str
    planet: str = ""
    amount: int = 0


class Events(RulesStruct):
    cards: dict[str, EventCard]
    assumed: str = ""


class EmpiresData(RulesStruct):
    game: GameRules
    score_cards: ScoreCards
    ships: dict[str, ShipData]
    techs: dict[str, TechData]
    races: dict[str, RaceData]
    planets: dict[str, PlanetData]
    new_earth: NewEarthData
    galaxy: Galaxy
    tiles: dict[str, TileData]
    diplomacy: Diplomacy
    events: Events


PORTS = tuple(f"p{k}" for k in range(6))


def fail(path: str, why: str) -> RulesDataError:
    """One line naming the bad value's path."""
    return RulesDataError(f"empires rules data: {path}: {why}")


def check_data(d: EmpiresData) -> None:
    tiles, centre = d.tiles, d.galaxy.centre
    g = d.game
    if g.rounds < 1 or g.actions_per_turn < 1 or g.hand_limit < 1 or g.diplomacy_dice < 1:
        raise fail("game", "rounds, actions_per_turn, hand_limit and diplomacy_dice must be at least 1")
    if len(g.event_piles) != 3 or min(g.event_piles) < 0:
        raise fail("game.event_piles", "three counts (events on score cards A, B, C), none negative")
    if sum(g.event_piles) + 3 != g.rounds + 1:
        raise fail("game.event_piles", f"events plus the 3 score cards must be rounds + 1 = {g.rounds + 1} cards")
    for key, ship in d.ships.items():
        p = f"ships.{key}"
        if ship.count < 0 or ship.cost < 0 or ship.move < 0 or ship.hits < 1 or ship.dice < 0:
            raise fail(p, "count, cost, move, dice >= 0 and hits >= 1")
        if ship.dice and not (1 <= ship.initiative <= 5 and 2 <= ship.attack <= 6):
            raise fail(p, "a ship that rolls needs initiative 1..5 and an attack number 2..6")
        if ship.tech and ship.tech not in d.techs:
            raise fail(f"{p}.tech", f"{ship.tech!r} is not a technology")
        if ship.planet and ship.planet not in d.planets:
            raise fail(f"{p}.planet", f"{ship.planet!r} is not a planet")
        if ship.race and ship.race not in d.races:
            raise fail(f"{p}.race", f"{ship.race!r} is not a race")
        if ship.pre_roll and ship.pre_roll not in d.ships:
            raise fail(f"{p}.pre_roll", f"{ship.pre_roll!r} is not a ship")
    if sum(1 for t in d.techs.values() if not t.race) != TECHS_PER_SET:
        raise fail("techs", f"a set holds {TECHS_PER_SET} technologies besides the race extras")
    for key, t in d.techs.items():
        p = f"techs.{key}"
        if t.effect not in TECH_EFFECTS:
            raise fail(f"{p}.effect", f"{t.effect!r} is not one of {', '.join(TECH_EFFECTS)}")
        if t.prereq and t.prereq not in d.techs:
            raise fail(f"{p}.prereq", f"{t.prereq!r} is not a technology")
        if t.trade_good and t.trade_good not in g.trade_goods:
            raise fail(f"{p}.trade_good", f"{t.trade_good!r} is not one of {', '.join(g.trade_goods)}")
        if t.race and t.race not in d.races:
            raise fail(f"{p}.race", f"{t.race!r} is not a race")
        for k in t.ships:
            if k not in d.ships:
                raise fail(f"{p}.ships", f"{k!r} is not a ship")
        if t.cost < 0 or t.vp < 0:
            raise fail(p, "cost and vp must not be negative")
    for key in d.techs:  # prerequisites: no cycle
        seen = [key]
        nxt = d.techs[key].prereq
        while nxt:
            if nxt in seen:
                raise fail(f"techs.{key}.prereq", "the prerequisites form a cycle: " + " -> ".join([*seen, nxt]))
            seen.append(nxt)
            nxt = d.techs[nxt].prereq
    for key, r in d.races.items():
        p = f"races.{key}"
        if r.ability not in RACE_ABILITIES:
            raise fail(f"{p}.ability", f"{r.ability!r} is not one of {', '.join(RACE_ABILITIES)}")
        if len(r.diplomacy_targets) != 4 or r.credits < 0:
            raise fail(p, "four diplomacy targets (1 to 4 cards) and credits >= 0")
    if len(d.planets) != PLANETS_IN_GAME:
        raise fail("planets", f"the game has {PLANETS_IN_GAME} planets, the data {len(d.planets)}")
    for key, pl in d.planets.items():
        p = f"planets.{key}"
        if pl.temperament not in g.temperaments:
            raise fail(f"{p}.temperament", f"{pl.temperament!r} is not one of {', '.join(g.temperaments)}")
        if pl.trade_good not in g.trade_goods:
            raise fail(f"{p}.trade_good", f"{pl.trade_good!r} is not one of {', '.join(g.trade_goods)}")
        if pl.ability not in PLANET_ABILITIES:
            raise fail(f"{p}.ability", f"{pl.ability!r} is not one of {', '.join(a for a in PLANET_ABILITIES if a)}")
        if pl.ability == "build_ship" and not any(s.planet == key for s in d.ships.values()):
            raise fail(f"{p}.ability", "build_ship, but no ship names this planet")
    ne = d.new_earth
    if min(ne.credits, ne.vp, ne.influence) < 0:
        raise fail("new_earth", "credits, vp and influence must not be negative")
    if ne.trade_good and ne.trade_good not in g.trade_goods:
        raise fail("new_earth.trade_good", f"{ne.trade_good!r} is not one of {', '.join(g.trade_goods)} (or empty)")
    check_tiles(d, tiles, centre)
    if set(d.diplomacy.tactics) != set(g.temperaments):
        raise fail("diplomacy.tactics", f"one list per type: {', '.join(g.temperaments)}")
    for kind, names in d.diplomacy.tactics.items():
        if len(names) != 2:
            raise fail(f"diplomacy.tactics.{kind}", "two Tactics per type")
        for name in names:
            if not 1 <= d.diplomacy.cards_needed.get(name, 0) <= 2 * d.diplomacy.copies:
                raise fail(f"diplomacy.cards_needed.{name}", "each Tactic needs a count of cards, at least 1")
    if d.diplomacy.copies < 1:
        raise fail("diplomacy.copies", "at least 1")
    for key, e in d.events.cards.items():
        p = f"events.cards.{key}"
        if e.kind not in EVENT_KINDS:
            raise fail(f"{p}.kind", f"{e.kind!r} is not one of {', '.join(EVENT_KINDS)}")
        if e.planet and e.planet not in d.planets:
            raise fail(f"{p}.planet", f"{e.planet!r} is not a planet")
        if e.kind in ("uprising", "festival", "defectors") and not e.planet:
            raise fail(f"{p}.planet", f"a {e.kind} event names a planet")
    galaxywide = sum(1 for e in d.events.cards.values() if not e.planet)
    if galaxywide < sum(g.event_piles):
        raise fail("events.cards", f"at least {sum(g.event_piles)} events that name no planet (a 2-player game removes the others)")


def check_tiles(d: EmpiresData, tiles: dict[str, TileData], centre: str) -> None:
    if centre not in tiles:
        raise fail("galaxy.centre", f"{centre!r} is not a tile")
    if len(tiles) != 7:
        raise fail("tiles", f"the galaxy has 7 hexagons, the data {len(tiles)}")
    placed: dict[str, str] = {}
    for key, t in tiles.items():
        p = f"tiles.{key}"
        nodes = set(t.nodes)
        if len(nodes) != len(t.nodes) or not set(PORTS) <= nodes:
            raise fail(f"{p}.nodes", "distinct names including the six ports p0..p5")
        for a, b in t.lines:
            if a not in nodes or b not in nodes or a == b:
                raise fail(f"{p}.lines", f"line {a}-{b} must join two different nodes of the tile")
        for node, planet in t.planets.items():
            if node not in nodes:
                raise fail(f"{p}.planets.{node}", "not a node of the tile")
            if planet not in d.planets:
                raise fail(f"{p}.planets.{node}", f"{planet!r} is not a planet")
            if planet in placed:
                raise fail(f"{p}.planets.{node}", f"{planet!r} is already on tile {placed[planet]}")
            placed[planet] = key
        for node in t.asteroid_spaces:
            if node not in nodes or node in t.planets:
                raise fail(f"{p}.asteroid_spaces", f"{node!r} must be a node that is not a planet")
        lines = {frozenset(x) for x in t.lines}
        for where, kind in t.obstacles.items():
            ends = where.split("-")
            if len(ends) != 2 or frozenset(ends) not in lines:
                raise fail(f"{p}.obstacles.{where}", "name a line of the tile as 'a-b'")
            if kind not in d.game.obstacles:
                raise fail(f"{p}.obstacles.{where}", f"{kind!r} is not one of {', '.join(d.game.obstacles)}")
        adj: dict[str, set[str]] = {n: set() for n in nodes}
        for a, b in t.lines:
            adj[a].add(b)
            adj[b].add(a)
        seen = {t.nodes[0]}
        todo = [t.nodes[0]]
        while todo:
            for m in adj[todo.pop()]:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        if seen != nodes:
            raise fail(f"{p}.lines", "the tile's graph is not connected: " + ", ".join(sorted(nodes - seen)) + " cut off")
    missing = set(d.planets) - set(placed)
    if missing:
        raise fail("tiles", "planets on no tile: " + ", ".join(sorted(missing)))
    if len(tiles[centre].planets) != 3:
        raise fail(f"tiles.{centre}.planets", "the Pyrious hexagon holds 3 planets")


@dataclass(frozen=True)
class Token:
    """One ship token: its kind and its colour (a seat) or -1 for the shared neutral supply."""

    kind: str
    colour: int


@dataclass(frozen=True)
class Rules:
    """The loaded rule set: typed data plus tables derived once (token ids, card ids, orders)."""

    data: EmpiresData
    tiles: dict[str, TileData]
    centre: str
    outer: tuple[str, ...]
    ship_kinds: tuple[str, ...]
    tokens: tuple[Token, ...]
    tech_keys: tuple[str, ...]
    planet_keys: tuple[str, ...]
    race_keys: tuple[str, ...]
    cards: tuple[tuple[str, str], ...]       # diplomacy card id -> (type, tactic)
    event_keys: tuple[str, ...]
    advanced: bool
    short: bool
    open_scores: bool
    players: int
    negotiation: str
    token_ids: dict[tuple[str, int], tuple[int, ...]]   # (kind, colour) -> its token ids, in order
    armed: frozenset[str]                    # ship kinds that roll dice
    beam_ships: dict[str, tuple[str, ...]]   # a Tractor Beam technology -> the ship kinds it is given to
    pass_kinds: dict[str, str]               # a technology letting ships cross an obstacle -> the obstacle kind

    @property
    def g(self) -> GameRules:
        return self.data.game

    def ship(self, kind: str) -> ShipData:
        return self.data.ships[kind]

    def planet(self, key: str) -> PlanetData:
        return self.data.planets[key]

    def tech(self, key: str) -> TechData:
        return self.data.techs[key]

    def race(self, key: str) -> RaceData:
        return self.data.races[key]

    def score_card(self, which: str) -> tuple[int, int]:
        sc = self.data.score_cards
        return {"A": sc.a, "B": sc.b, "C": sc.c}[which]

    def card_type(self, card: int) -> str:
        return self.cards[card][0]

    def spaces(self) -> list[str]:
        """Every space any layout can have: planets, tile nodes, and the four home worlds."""
        out: list[str] = []
        for key in (self.centre, *self.outer):
            t = self.tiles[key]
            for node in t.nodes:
                out.append(t.planets.get(node, f"{key}.{node}"))
        out.extend(f"home{i}" for i in range(4))
        return out




#: The loaded game with these rules, named once: a function taking one reads ``game.rules`` as Rules.
EmpiresGame = Game[Rules]
