"""Black Sun's events as declared records (games/blacksun/events.py): their JSON form, their closed sets, their words.

The JSON form must be the one the rules wrote as dicts before the records (the golden records pin its digests),
so each pair below is a record beside the dict an older main emitted for the same moment, key order included.
"""

from __future__ import annotations

import json
from typing import get_args

import voidtable
from voidtable.engine.events import event_json, record_types
from voidtable.engine.rng import Rng
from voidtable.games.blacksun import stellar
from voidtable.games.blacksun.data import ABILITIES, SCORING_CONDITIONS
from voidtable.games.blacksun.events import (REBUILDS, ROLL_OFF_WINNER, STATUS, BlackSunEvent, Captured, Condition, CounterKind,
                                             FactionChanged, GameOver, IssuedShip, OrbitRedealt, PlanetFromPile, PlanetRoll,
                                             PointsSpent, RaidDeclared, RaidRolled, RetreatBlocked, RollOff, RollOffFor, Scored,
                                             ShipPlaced, ShipsIssued, TurnSkipped)
from voidtable.games.blacksun.state import STATUS_NAMES
from voidtable.games.blacksun.text import Say

from .helpers import ScriptedRng

PAIRS = [
    (RaidDeclared(kind="blockade", seat=0, hex=(1, -2), attacker=3, target=9, defender=1),
     {"type": "raid", "kind": "blockade", "seat": 0, "hex": [1, -2], "attacker": 3, "target": 9, "defender": 1}),
    (RaidDeclared(kind="hex", seat=2, hex=(0, 1), defender=0, ships={"2": (11, 12), "0": (1,)}, unlocated=(4,)),
     {"type": "raid", "kind": "hex", "seat": 2, "hex": [0, 1], "defender": 0, "ships": {"2": [11, 12], "0": [1]}, "unlocated": [4]}),
    (PlanetRoll(1, (1, 1, 1), 3, None), {"type": "planet_roll", "seat": 1, "dice": [1, 1, 1], "total": 3, "planet": None}),
    (PlanetRoll(1, (3, 3, 4), 10, 10, (2, 0), "need", "crisis"),
     {"type": "planet_roll", "seat": 1, "dice": [3, 3, 4], "total": 10, "planet": 10, "hex": [2, 0], "from": "need", "to": "crisis"}),
    (Scored(0, "run_blockade", 2, 5, blockades=2),
     {"type": "scored", "seat": 0, "condition": "run_blockade", "points": 2, "score": 5, "blockades": 2}),
    (Scored(0, "peaceful_turn", 1, 1, no_crisis=False),
     {"type": "scored", "seat": 0, "condition": "peaceful_turn", "points": 1, "score": 1, "no_crisis": False}),
    (Scored(3, "hunted_bounty", 2, 7, ship=0), {"type": "scored", "seat": 3, "condition": "hunted_bounty", "points": 2, "score": 7, "ship": 0}),
    (Scored(1, "need", 1, 2, hex=(0, -1)), {"type": "scored", "seat": 1, "condition": "need", "points": 1, "score": 2, "hex": [0, -1]}),
    (Captured(15, 1, 0, (-1, 2), towing=True), {"type": "captured", "ship": 15, "owner": 1, "captor": 0, "hex": [-1, 2], "towing": True}),
    (Captured(15, 1, 0, (-1, 2)), {"type": "captured", "ship": 15, "owner": 1, "captor": 0, "hex": [-1, 2]}),
    (RollOff("story_player", {"0": (6, 6, 1), "2": (5, 4, 4)}),
     {"type": "roll_off", "for": "story_player", "rolls": {"0": [6, 6, 1], "2": [5, 4, 4]}}),
    (FactionChanged(2, None, "hunted", ("crisis", "need")),
     {"type": "faction_changed", "seat": 2, "from": None, "to": "hunted", "scoring": ["crisis", "need"]}),
    (PointsSpent(0, 1, "second_turn", 4), {"type": "points_spent", "seat": 0, "points": 1, "for": "second_turn", "score": 4}),
    (TurnSkipped(1, "rebuild_raiders"), {"type": "turn_skipped", "seat": 1, "for": "rebuild_raiders"}),
    (RetreatBlocked(1, (0, 2), (7, 8)), {"type": "retreat_blocked", "seat": 1, "from": [0, 2], "ships": [7, 8]}),
    (ShipsIssued((IssuedShip(0, 0, "raider"), IssuedShip(1, 1, "medsat"))),
     {"type": "ships_issued", "ships": [{"id": 0, "owner": 0, "type": "raider"}, {"id": 1, "owner": 1, "type": "medsat"}]}),
    (ShipPlaced(4, 1, "ambunaut", {"edge": [[0, 1], None], "in": [[0, 1]]}),
     {"type": "ship_placed", "ship": 4, "owner": 1, "ship_type": "ambunaut", "at": {"edge": [[0, 1], None], "in": [[0, 1]]}}),
]


def test_the_json_form_is_the_dict_form_the_rules_wrote():
    for record, old in PAIRS:
        assert json.dumps(event_json(record)) == json.dumps(old)


def test_every_type_is_declared_once_and_the_roll_off_winner_is_typed_by_what_it_decides():
    types = record_types(BlackSunEvent)
    assert len(types) == 56
    for why in get_args(RollOffFor):
        assert ROLL_OFF_WINNER[why].__struct_config__.tag == why


def test_the_closed_sets_are_the_rules_own():
    assert get_args(Condition) == (*SCORING_CONDITIONS, "hunted_bounty")
    assert STATUS == STATUS_NAMES and set(get_args(CounterKind)) == set(STATUS) - {"normal"}
    assert set(REBUILDS) <= set(ABILITIES)


def test_words_name_seats_hexes_and_ships_as_the_table_does():
    game = voidtable.load("blacksun", 3)
    say = Say(game, ["Ana", "Bot 1 (easy)", "Cy"])
    sun = game.rules.map.pattern_radius + game.rules.map.push_out  # the Sun's row letter and column number
    centre = f"{chr(ord('A') + sun)}{sun + 1}"
    assert PlanetRoll(1, (3, 3, 4), 10, 10, (0, 0), "need", "crisis").words(say) == (
        f"Bot 1 (easy) rolls 3 + 3 + 4 = 10: Planet 10 ({centre}) goes from need to crisis.")
    assert RaidRolled(2, {"0": (5, 6), "2": (1,)}, {"0": 2}).words(say) == "Raid round 2: Ana rolls 5 + 6; Cy rolls 1; hits: Ana 2."
    assert ShipPlaced(4, 2, "ambunaut", {"hex": [0, 0]}).words(say) == f"Cy places an Ambunaut (centre of {centre})."
    assert GameOver("seat 2, whose story it is, reached 10 points", (3, 1, 10)).words(say) == (
        "Game over (Cy, whose story it is, reached 10 points). Points: Ana 3, Bot 1 (easy) 1, Cy 10.")
    assert Say(game).seat("1") == "Seat 1"  # per-seat dicts key seats as text
    assert ShipsIssued(()).words(say) is None  # bookkeeping nobody reads


def test_a_planet_from_the_unused_hexes_when_no_planet_on_the_board_may_be_taken():
    """Steps 8-10 with no planet on the board: one comes from the unused hexes, an orbit hex goes back."""
    R = voidtable.load("blacksun", 3).rules
    tiles = {(0, 0): "sun:yellow_sun", (3, 0): "G"}
    for h in stellar.pattern_slots(R):
        tiles[h] = "S"
    orbit = stellar.orbit_slots((3, 0), R)
    for h in orbit:
        tiles[h] = "S"
    pile = ["A", "P7"]
    rng = ScriptedRng([])
    rng.shuffle = Rng(5).shuffle
    events = stellar.fix_planetless_orbits(tiles, pile, [0], R, rng)
    assert [type(e) for e in events] == [PlanetFromPile, OrbitRedealt]
    assert events[0].planet == 7 and sorted(pile) == ["A", "S"]
    assert sorted(tiles[h] for h in orbit) == ["P7", "S", "S", "S", "S"]
    assert events[1].hexes == tuple((h[0], h[1], tiles[h]) for h in orbit)
