"""Typed rules data for Nearspace, read from nearspace.toml, and the loaded rule set.

The code holds the rules, the TOML holds the numbers and the cards: a designer
changes a card's CP or the Conquest threshold with ``--set``, and the whole tree
is validated again here, into msgspec Structs, with one-line errors that name
the path, the card or the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from voidtable.engine.dice import Die, Stockpile
from voidtable.engine.errors import RulesDataError
from voidtable.engine.game import Game
from voidtable.engine.rulesdata import RulesStruct, convert

from .board import Board, build_board
from .decks import load_deck_option, validate_deck

if TYPE_CHECKING:
    from voidtable.engine.game import Game

SECTOR_KINDS = ("homeworld", "space", "colony_world", "gas_giant", "star_base", "asteroid_field", "mine_field", "stronghold")
OTHER_KINDS = ("event", "directive", "terraform", "encounter", "neutral")
EFFECTS = ("", "revive", "attack_bonus", "extra_e", "combat_bonus", "engine_bonus")
EVENT_EFFECTS = ("revive", "attack_bonus", "extra_e")
DIRECTIVE_EFFECTS = ("combat_bonus", "engine_bonus")


class DeckRules(RulesStruct):
    size: int
    min_sectors: int
    max_value: int
    max_copies: int
    sector_kinds: list[str]
    file_max_bytes: int
    file_max_cards: int


class SetupRules(RulesStruct):
    frontier_per_player: int
    pyramid: int
    hand: int
    first_player_die: int


class MapData(RulesStruct):
    neutral: tuple[int, int]
    homeworlds: list[tuple[int, int]]
    frontier: list[list[tuple[int, int]]]
    pyramid: list[list[tuple[int, int]]]
    edges: list[tuple[int, int, int, int]]
    enemy_side_from: int
    assumed: str = ""


class Maintenance(RulesStruct):
    divisor: int
    exempt_colours: list[str]


class HullStart(RulesStruct):
    cp: int
    assumed: str = ""


class BuildRules(RulesStruct):
    homeworld_hulls: int
    starbase_hulls: int
    start: HullStart


class Engines(RulesStruct):
    sides: int
    start: int
    supply: int
    cost: int
    assumed: str = ""


class Combat(RulesStruct):
    tie_both_lost: bool
    defender_first_to_graveyard: bool


class Victory(RulesStruct):
    conquest_facets: int
    exile_turns: int


class Limits(RulesStruct):
    max_turns: int
    assumed: str = ""


class HandCycling(RulesStruct):
    cost: int


class Terraform(RulesStruct):
    space_divisor: int
    assumed: str = ""


class Colour(RulesStruct):
    move: int = 0
    attack: int = 0
    defence: int = 0
    multi_attack: bool = False
    maintenance_free: bool = False
    assumed: str = ""


class Advanced(RulesStruct):
    """The numbers of the advanced rules our copy names but does not print (each an option, off by default)."""

    bank_limit: int
    storage_limit: int
    charge_cp: int
    charge_e: int
    assumed: str = ""


class StockpileData(RulesStruct):
    colours: list[str]
    dice: list[tuple[int, int]]
    small_dice: list[tuple[int, int]]
    assumed: str = ""


class Card(RulesStruct):
    """One card title. Sector numbers (cp, e_bonus, threat_check, defence, advantage) and play numbers (cost, effect)."""

    title: str
    kind: str
    value: int = 0
    cp: int = 0
    advantage_cp: int = 0
    advantage_class: str = ""
    e_bonus: int = 0
    threat_check: int = 0
    defence: int = 0
    cost: int = 0
    effect: str = ""
    amount: int = 0
    check: int = 0
    die: int = 0
    assumed: str = ""


class DeckList(RulesStruct):
    title: str
    cards: list[str]
    assumed: str = ""


class NearspaceData(RulesStruct):
    deck: DeckRules
    setup: SetupRules
    map: MapData
    maintenance: Maintenance
    build: BuildRules
    engines: Engines
    combat: Combat
    victory: Victory
    limits: Limits
    hand_cycling: HandCycling
    terraform: Terraform
    classes: dict[str, list[int] | str]
    class_powers: dict[str, Colour]
    colours: dict[str, Colour]
    advanced: Advanced
    stockpile: StockpileData
    cards: dict[str, Card]
    decks: dict[str, DeckList]


@dataclass(frozen=True)
class Rules:
    """Everything a Nearspace state reads, fixed for a loaded game (shared by every clone).

    Cards are instances: ``instances[i] = (owner, key)``; instance ``neutral`` is the
    Neutral Space (owner -1). Seat ``p``'s deck is the instances ``deck_ids[p]``.
    Ship ids: seat ``p`` owns ``p * ship_slots .. (p + 1) * ship_slots - 1``, one per
    Stockpile die; engine hulls use ids from ``2 * ship_slots``.
    """

    data: NearspaceData
    board: Board
    deck_names: tuple[str, str]        # the preconstructed deck's name, or a deck list's own name
    instances: tuple[tuple[int, str], ...]
    deck_ids: tuple[tuple[int, ...], tuple[int, ...]]
    homeworld_ids: tuple[int, int]
    neutral: int
    stockpile: Stockpile
    ship_slots: int
    class_of: dict[int, str]
    hidden_hands: bool
    traits_of: dict[Die, Colour]        # a die's colour and class modifiers together, one record per kind of die
    banking: bool = False              # advanced rules (options)
    storage: bool = False
    charging: bool = False

    def card(self, instance: int) -> Card:
        return self.data.cards[self.instances[instance][1]]

    def owner(self, instance: int) -> int:
        return self.instances[instance][0]

    def is_sector(self, instance: int) -> bool:
        return self.card(instance).kind in self.data.deck.sector_kinds

    def colour(self, die: Die) -> Colour:
        return self.data.colours.get(die.colour, Colour())

    def traits(self, die: Die) -> Colour:
        """What a ship's colour and class give it together: move, attack and defence modifiers, roles."""
        found = self.traits_of.get(die)
        return found if found is not None else combine(self.colour(die), self.data.class_powers.get(self.ship_class(die)))

    def ship_class(self, die: Die) -> str:
        return self.class_of.get(die.sides, "")

    def engine_ids(self, seat: int) -> range:
        base = 2 * self.ship_slots + seat * self.data.engines.supply
        return range(base, base + self.data.engines.supply)

    def all_card_keys(self) -> list[str]:
        return sorted(self.data.cards)


def check_data(d: NearspaceData) -> None:
    """Cross-references the typed tree cannot check: card kinds and effects, class lists, colours."""
    kinds = SECTOR_KINDS + OTHER_KINDS
    for key, c in d.cards.items():
        if c.kind not in kinds:
            raise RulesDataError(f"nearspace card {key!r}: kind {c.kind!r} is not one of {', '.join(kinds)}")
        if c.effect not in EFFECTS:
            raise RulesDataError(f"nearspace card {key!r}: effect {c.effect!r} is not one of {', '.join(e for e in EFFECTS if e)}")
        if c.kind == "event" and c.effect not in EVENT_EFFECTS:
            raise RulesDataError(f"nearspace card {key!r}: an event needs an effect of {', '.join(EVENT_EFFECTS)}")
        if c.kind == "directive" and c.effect not in DIRECTIVE_EFFECTS:
            raise RulesDataError(f"nearspace card {key!r}: a directive needs an effect of {', '.join(DIRECTIVE_EFFECTS)}")
        if c.kind == "encounter" and c.die < 2:
            raise RulesDataError(f"nearspace card {key!r}: an encounter needs a die of at least 2 sides")
        if c.kind in ("event", "directive", "terraform", "encounter") and c.cost < 1:
            raise RulesDataError(f"nearspace card {key!r}: a card played from the hand costs at least 1 CP")
        if c.advantage_cp and c.advantage_class not in d.classes:
            raise RulesDataError(f"nearspace card {key!r}: advantage class {c.advantage_class!r} is not a ship class")
    if sum(1 for c in d.cards.values() if c.kind == "neutral") != 1:
        raise RulesDataError("nearspace rules data needs exactly one card of kind 'neutral'")
    for colour in d.stockpile.colours:
        if colour not in d.colours:
            raise RulesDataError(f"nearspace stockpile colour {colour!r} has no [colours.{colour}] table")
    if d.engines.supply < d.engines.start or d.engines.start < 1:
        raise RulesDataError("nearspace engines: need 1 <= start <= supply")
    classes = [k for k, v in d.classes.items() if not isinstance(v, str)]
    for name in d.class_powers:
        if name not in classes:
            raise RulesDataError(f"nearspace class_powers.{name}: not a ship class ({', '.join(classes)})")
    a = d.advanced
    if min(a.bank_limit, a.storage_limit) < 0 or a.charge_cp < 1 or a.charge_e < 1:
        raise RulesDataError("nearspace advanced: bank_limit and storage_limit >= 0, charge_cp and charge_e >= 1")
    if d.maintenance.divisor < 1 or d.victory.exile_turns < 1 or d.limits.max_turns < 2:
        raise RulesDataError("nearspace rules data: maintenance.divisor, victory.exile_turns >= 1 and limits.max_turns >= 2")


def combine(colour: Colour, power: Colour | None) -> Colour:
    """A colour's modifiers plus a class power's (a class power of all zeros changes nothing)."""
    if power is None:
        return colour
    return Colour(move=colour.move + power.move, attack=colour.attack + power.attack, defence=colour.defence + power.defence,
                  multi_attack=colour.multi_attack or power.multi_attack,
                  maintenance_free=colour.maintenance_free or power.maintenance_free)


def class_table(d: NearspaceData) -> dict[int, str]:
    out: dict[int, str] = {}
    for name, sides in d.classes.items():
        if name == "assumed" or isinstance(sides, str):
            continue
        for n in sides:
            out[n] = name
    return out


def build(game: "Game") -> Rules:
    """Typed data, the two decks (preconstructed or from files, validated), the board and the Stockpile."""
    d = convert(game.data, NearspaceData, "nearspace")
    check_data(d)
    for seat in range(2):
        if len(d.map.frontier[seat]) != d.setup.frontier_per_player or len(d.map.pyramid[seat]) != d.setup.pyramid:
            raise RulesDataError(f"nearspace map: side {seat} needs {d.setup.frontier_per_player} Frontier places "
                                 f"and {d.setup.pyramid} pyramid places, as [setup] says")
    board = build_board(d.map)
    names: list[str] = []
    lists: list[list[str]] = []
    for seat, option in enumerate(("deck", "opponent_deck")):
        name, keys = load_deck_option(str(game.options[option]), d, default=("terran", "centauri")[seat], option=option)
        validate_deck(keys, d, name)
        names.append(name)
        lists.append(keys)
    instances: list[tuple[int, str]] = []
    deck_ids: list[tuple[int, ...]] = []
    homeworlds: list[int] = []
    for seat, keys in enumerate(lists):
        ids = []
        for key in keys:
            ids.append(len(instances))
            if d.cards[key].kind == "homeworld":
                homeworlds.append(len(instances))
            instances.append((seat, key))
        deck_ids.append(tuple(ids))
    neutral_key = next(k for k, c in d.cards.items() if c.kind == "neutral")
    neutral = len(instances)
    instances.append((-1, neutral_key))
    dice: dict[Die, int] = {}
    sizes = list(d.stockpile.dice) + (list(d.stockpile.small_dice) if game.options["small_dice"] else [])
    for colour in d.stockpile.colours:
        for sides, count in sizes:
            dice[Die(sides, colour)] = dice.get(Die(sides, colour), 0) + count
    pile = Stockpile.of(dice)
    classes = class_table(d)
    traits = {die: combine(d.colours.get(die.colour, Colour()), d.class_powers.get(classes.get(die.sides, ""))) for die in dice}
    return Rules(
        data=d, board=board, deck_names=(names[0], names[1]), instances=tuple(instances),
        deck_ids=(deck_ids[0], deck_ids[1]), homeworld_ids=(homeworlds[0], homeworlds[1]), neutral=neutral,
        stockpile=pile, ship_slots=pile.total(), class_of=classes, hidden_hands=bool(game.options["hidden_hands"]),
        traits_of=traits, banking=bool(game.options["banking_cp"]), storage=bool(game.options["engine_storage"]),
        charging=bool(game.options["engine_charging"]),
    )


#: The loaded game with these rules, named once: a function taking one reads ``game.rules`` as Rules.
NearspaceGame = Game[Rules]
