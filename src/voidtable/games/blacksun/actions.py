"""Black Sun's action kinds, declared once (see :mod:`voidtable.engine.vocabulary`).

Each kind names the type of its argument; from this table the platform derives
the action universe (fixed ids for the researchers' APIs), the numbering key and
what the table lights up for an action (``ACTIONS.route``).

Argument domains, from the rules data of the loaded game (the same for every
player count): the hexes any stellar system can use are those within
``1 + push_out + 1`` of the Sun (the Gas Giants sit at ``1 + push_out`` and
their orbits one further out; 61 hexes with the shipped data), ship ids run up
to the total fleet of all six factions (32), seats up to six, slots are the
centre (-1) and the six edges (0-5). A blockade raid ``raid_blockade ((q, r),
attacker, target)`` is numbered by ``(attacker, target)`` only: the attacker
sits in the centre of the raided hex, so the hex follows from the state.

Routing (what the table lights up): a hex for the hex kinds and for same-hex
raids and towing raids (their hex part); a ship for the ship kinds and for a
blockade raid (its target); ``put`` and ``slot`` name a slot (``edge``) of the
hex the pending decision is about, which the scene turns into that hex's centre
(-1) or one of its edges; everything else is a button. ``tow`` names a ship (a
captured one: the scene shows it as a button while captured ships are off the
map).
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.hexgrid import length
from voidtable.engine.vocabulary import (
    NO_ARG,
    YES_NO,
    ActionKind,
    ActionTable,
    ArgType,
    choice_arg,
    hex_arg,
    id_arg,
    number_arg,
    seat_arg,
    tuple_arg,
)

MAX_SEATS = 6
SLOTS = tuple(range(-1, 6))  # -1: the hex centre; 0-5: its edges


def hexes(rules: Any) -> list[tuple[int, int]]:
    """Every coordinate a stellar system of these rules can use, in a fixed order."""
    m = rules.map
    radius = max(m.pattern_radius, 1 + m.push_out + 1)
    cells = [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if length((q, r)) <= radius]
    return sorted(cells, key=lambda h: (length(h), h))


def fleet_size(rules: Any) -> int:
    """Ship ids run below this: the fleets of all factions together (each faction is dealt at most once)."""
    return sum(sum(f.ships.values()) for f in rules.factions.values())


def tile_codes(rules: Any) -> list[str]:
    """Hex tiles a player can hold in the Manual Setup variant."""
    return ["G", "A", "S"] + [f"P{n}" for n in rules.map.planets()]


HEX: ArgType = hex_arg("hex", lambda g: hexes(g.rules))
SHIP: ArgType = id_arg("ship", lambda g: fleet_size(g.rules), "ship")
SEAT: ArgType = seat_arg("seat", MAX_SEATS)
SLOT: ArgType = number_arg("slot", SLOTS[0], SLOTS[-1], target="edge")
SHIP_TYPE: ArgType = choice_arg("ship_type", lambda g: list(g.rules.ships))
CARD: ArgType = choice_arg("faction_card", lambda g: list(g.rules.faction_cards), target="card")
TILE: ArgType = choice_arg("tile", lambda g: tile_codes(g.rules))


def _button(name: str, arg: ArgType = NO_ARG) -> ActionKind:
    return ActionKind(name, arg, target="button")


def _blockade_key(key: Any) -> bool:
    return bool(key[0] != key[1])  # a ship never raids itself


KINDS: list[ActionKind] = [
    # buttons without an argument
    *(_button(k) for k in ("play", "keep_faction", "redraw_faction", "keep_card", "stay", "place_done", "no_move",
                           "fleet_done", "fleet_abandon", "stop", "scoring_done", "no_raid", "loans_done")),
    # yes / no
    *(_button(k, YES_NO) for k in ("consent", "join", "amnesty", "retreat", "second_turn", "end_story")),
    # a hex
    *(ActionKind(k, HEX) for k in ("place_hex", "hex_slot", "fleet_from", "step", "rebuild_raiders", "rebuild_ambunaut",
                                  "remove_counter")),
    # a hex, or none (a button)
    *(ActionKind(k, HEX.optional()) for k in ("counter", "retreat_to")),
    # a ship
    *(ActionKind(k, SHIP) for k in ("add_ship", "tow", "recentre", "lose", "lend", "recall")),
    # a ship, or none (a button)
    ActionKind("sacrifice", SHIP.optional()),
    # a seat (buttons naming the players)
    *(_button(k, SEAT) for k in ("aim", "lend_to")),
    _button("take_card", CARD),
    # a ship type into a slot of the decision's hex; a slot of the decision's hex
    ActionKind("put", tuple_arg("put", SHIP_TYPE, SLOT), route_part=1),
    ActionKind("slot", SLOT),
    _button("hex_tile", TILE),
    # raids: the raided hex (same-hex raid, towing), the blockading ship (blockade raid)
    ActionKind("raid", tuple_arg("raid", HEX, SEAT), route_part=0),
    ActionKind("raid_blockade", tuple_arg("raid_blockade", HEX, SHIP, SHIP), key_parts=(1, 2), key_filter=_blockade_key,
               route_part=2),
    ActionKind("tow_raid", tuple_arg("tow_raid", HEX, SHIP), route_part=0),
]

ACTIONS = ActionTable("blacksun", KINDS)

