"""Typed rules data for Black Sun, read from blacksun.toml.

The code holds the rules, the TOML holds the numbers: a designer changes a
ship's Move or a scoring value with ``--set ships.raider.move=4`` and the
whole tree is validated again here.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.dice import Die
from voidtable.engine.errors import RulesDataError
from voidtable.engine.game import Game
from voidtable.engine.rulesdata import RulesStruct, convert

SCORING_CONDITIONS = (
    "need", "crisis", "run_blockade", "raid_transport", "raid_any_ship",
    "crisis_turn", "peaceful_turn", "destroy_allied", "destroy_rebel",
)
ABILITIES = ("second_turn", "re_place", "rebuild_raiders", "rebuild_ambunaut", "two_fleets")
ALLEGIANCES = ("none", "rebel", "allied")
CARDS = ("rebel", "allied", "rogue", "hunted")
FACTION_ORDER = ("smuggler", "brigands", "merchants", "medics", "rebel", "alliance")
SUNS = ("yellow_sun", "red_giant", "white_dwarf")
D6 = Die(6)  # every roll in Black Sun (who starts, planets, raids) is of six-sided dice


class GameNumbers(RulesStruct):
    target_short: int
    target_long: int
    planet_dice: int
    first_player_dice: int
    hit_min: int
    fleet_size: int
    retreat_moves: int


class Limits(RulesStruct):
    max_rounds: int
    max_redraws: int
    assumed: str = ""


class Layout(RulesStruct):
    lottery_is_separate: bool
    assumed: str = ""


class MapData(RulesStruct):
    gas_giants: int
    lottery_space: int
    ring_size: int
    push_out: int
    pattern_radius: int
    orbit_added: int
    asteroids: int
    space: int
    terrestrial: list[int]
    binary: list[int]
    trinary: list[int]
    layout: Layout

    def planets(self) -> list[int]:
        return sorted(self.terrestrial + self.binary + self.trinary)


class Sun(RulesStruct):
    enterable: bool
    stayable: bool
    assumed: str = ""


class ShipCard(RulesStruct):
    move: int
    fight: int
    capture: bool
    locate_planet: int
    locate_asteroids: int
    locate_other: int
    reach: bool = False              # may join or start raids in neighbouring hexes (Battleship)
    amnesty: bool = False            # its controller may stop a raid in its hex (Medsat)
    sacrifice: bool = False          # may be sacrificed to cancel a round's damage (Ambunaut)
    destroyed_counter: str = ""      # "need" / "crisis": counter placed when it is destroyed
    assumed: str = ""


class Faction(RulesStruct):
    title: str
    ships: dict[str, int]
    scoring: list[str]
    abilities: list[str]
    allegiance: str
    placements: int
    assumed: str = ""


class FactionCard(RulesStruct):
    scoring: list[str]
    no_raid_same: bool
    assumed: str = ""


class FactionChanges(RulesStruct):
    forbidden: list[list[str]]


class ScoringRules(RulesStruct):
    own_blockades_score: bool
    assumed: str = ""


class Scoring(RulesStruct):
    need: int
    crisis: int
    run_blockade: int
    raid_transport: int
    raid_any_ship: int
    crisis_turn: int
    peaceful_turn: int
    second_turn_cost: int
    hunted_bounty: bool
    rules: ScoringRules

    def value(self, condition: str) -> int:
        return int(getattr(self, condition))


class Rules(RulesStruct):
    game: GameNumbers
    limits: Limits
    map: MapData
    suns: dict[str, Sun]
    ships: dict[str, ShipCard]
    factions: dict[str, Faction]
    faction_cards: dict[str, FactionCard]
    faction_changes: FactionChanges
    scoring: Scoring


def check(rules: Rules) -> None:
    """Cross-checks msgspec cannot express; raise RulesDataError naming the key."""
    def bad(msg: str) -> None:
        raise RulesDataError(f"blacksun rules data invalid: {msg}")

    if set(rules.suns) != set(SUNS):
        bad(f"suns must be exactly {SUNS}")
    if set(rules.factions) != set(FACTION_ORDER):
        bad(f"factions must be exactly {FACTION_ORDER}")
    if set(rules.faction_cards) != set(CARDS):
        bad(f"faction_cards must be exactly {CARDS}")
    for name, f in rules.factions.items():
        for ship, count in f.ships.items():
            if ship not in rules.ships:
                bad(f"factions.{name}.ships names unknown ship {ship!r}")
            if count < 0:
                bad(f"factions.{name}.ships.{ship} must be >= 0")
        for c in f.scoring:
            if c not in SCORING_CONDITIONS:
                bad(f"factions.{name}.scoring has unknown condition {c!r}; allowed: {', '.join(SCORING_CONDITIONS)}")
        for a in f.abilities:
            if a not in ABILITIES:
                bad(f"factions.{name}.abilities has unknown ability {a!r}; allowed: {', '.join(ABILITIES)}")
        if f.allegiance not in ALLEGIANCES:
            bad(f"factions.{name}.allegiance must be one of {ALLEGIANCES}")
        if f.placements < 1:
            bad(f"factions.{name}.placements must be >= 1")
    for name, card in rules.faction_cards.items():
        for cond in card.scoring:
            if cond not in SCORING_CONDITIONS:
                bad(f"faction_cards.{name}.scoring has unknown condition {cond!r}")
    for pair in rules.faction_changes.forbidden:
        if len(pair) != 2 or any(x not in CARDS for x in pair):
            bad(f"faction_changes.forbidden entries are [from, to] card names, got {pair!r}")
    for name, s in rules.ships.items():
        if s.move < 0 or s.fight < 0:
            bad(f"ships.{name}: move and fight must be >= 0")
        if s.destroyed_counter not in ("", "need", "crisis"):
            bad(f"ships.{name}.destroyed_counter must be '', 'need' or 'crisis'")
    g = rules.game
    if not 1 <= g.hit_min <= 7 or g.fleet_size < 1 or g.planet_dice < 1 or g.first_player_dice < 1:
        bad("game numbers out of range (hit_min 1..7, fleet_size >= 1, dice >= 1)")
    m = rules.map
    if m.gas_giants < 0 or m.lottery_space < 0 or m.ring_size != 6:
        bad("map.ring_size must be 6 and counts >= 0")
    if m.gas_giants + m.lottery_space < m.ring_size:
        bad("map.gas_giants + map.lottery_space must fill the ring of 6")
    if m.orbit_added != 5 or m.push_out != 2 or m.pattern_radius != 2:
        bad("map geometry (pattern_radius 2, push_out 2, orbit_added 5) is fixed by the board shape")
    planets = m.planets()
    if len(set(planets)) != len(planets):
        bad("map planet numbers must be distinct")
    need = (3 * m.pattern_radius * (m.pattern_radius + 1)) + m.orbit_added * m.gas_giants
    if len(planets) + m.asteroids + m.space < need:
        bad(f"map has too few hexes: the pattern and orbits need {need}")
    if rules.limits.max_rounds < 1 or rules.limits.max_redraws < 0:
        bad("limits.max_rounds >= 1 and limits.max_redraws >= 0")


def build(game: Any) -> Rules:
    """GameSpec.build: the raw TOML (overrides applied) as validated Rules."""
    rules = convert(game.data, Rules, "blacksun")
    check(rules)
    return rules


#: The loaded game with these rules, named once: a function taking one reads ``game.rules`` as Rules.
BlackSunGame = Game[Rules]
