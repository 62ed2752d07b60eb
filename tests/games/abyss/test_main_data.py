"""The main game's rules data: the draft's numbers are in it, and broken overrides are refused naming the path."""

from __future__ import annotations

import copy

import pytest

from voidtable.games.abyss.fourx.data import load_main, raw_data

from voidtable.engine.errors import RulesDataError
from tests.games.abyss.main_helpers import main_game


def test_the_drafts_numbers_are_the_defaults():
    m = main_game().rules
    d = m.data
    assert sum(d.map.hexes.values()) == 104                      # 104 hexagon pieces
    assert d.land.tiles == 330                                   # 330 land tiles
    assert (d.setup.energy, d.setup.food, d.setup.minerals, d.setup.fighters) == (10, 10, 10, 2)
    assert d.production.per_building == 2
    assert d.habitat.capacity == 3                                # a habitat supports 3 buildings
    assert d.movement.explore_range == 2
    assert (d.movement.asteroid_die, d.movement.asteroid_damage) == (8, [6, 7])
    assert d.events.every == 3
    assert d.tribunal.terms_to_win == 3 and d.tribunal.candidates == 2
    assert sorted(b for b in d.home.buildings if b) == ["energy_plant", "farm", "habitat", "mine"]


def test_technologies_come_with_their_prerequisites_first():
    m = main_game().rules
    seen: set[str] = set()
    for t in m.tech_order:
        assert set(m.techs[t].requires) <= seen
        seen.add(t)
    assert len(seen) == len(m.techs)


@pytest.mark.parametrize("override, path", [
    ({"land.shares.green.plains": 0.5}, "land.shares.green"),
    ({"map.hexes.empty": 41}, "map.hexes"),
    ({"map.hexes.wormhole_a": 3}, "map.hexes.wormhole_a"),
    ({"map.hexes.green": 10, "map.hexes.empty": 43}, "land.tiles"),
    ({"events.every": 0}, "events.every"),
    ({"land.shares.moon.bonus": -0.05, "land.shares.moon.barren": 0.4}, "land.shares.moon.bonus"),
])
def test_broken_overrides_are_refused_with_one_line_naming_the_path(override, path):
    with pytest.raises(RulesDataError) as e:
        main_game(4, **override)
    msg = str(e.value)
    assert path in msg and "\n" not in msg


def tree_with(path: str, value) -> dict:
    """The merged rules tree with one list value replaced (overrides set numbers, not lists)."""
    raw = copy.deepcopy(raw_data())
    *parents, last = path.split(".")
    node = raw
    for part in parents:
        node = node[part]
    node[last] = value
    return raw


@pytest.mark.parametrize("path, value, named", [
    ("techs.blue_worlds.requires", ["red_worlds"], "prerequisites form a cycle"),
    ("techs.farming_1.requires", ["no_such_tech"], "techs.farming_1.requires[0]"),
    ("buildings.farm.on", ["lava"], "buildings.farm.on[0]"),
    ("ship_cards.colony_ship.requires", ["warp"], "ship_cards.colony_ship.requires[0]"),
    ("movement.asteroid_damage", [9], "movement.asteroid_damage[0]"),
    ("home.buildings", ["mine", "", "", "", "", "", "", "", ""], "home.buildings[0]"),
])
def test_broken_lists_are_refused_with_one_line_naming_the_path(path, value, named):
    with pytest.raises(RulesDataError) as e:
        load_main(tree_with(path, value), 4)
    assert named in str(e.value) and "\n" not in str(e.value)


def test_the_event_decks_declared_range_is_what_the_data_accepts():
    from voidtable.engine.errors import VoidtableError
    from voidtable.engine.registry import load as load_game
    from voidtable.games.abyss.fourx import PARAMETERS

    copies = next(p for p in PARAMETERS if p.path == "events.cards.*.copies")
    for n in (copies.low, copies.high):
        load_game("abyss", 4, {"events.cards.harvest.copies": n})
    with pytest.raises(VoidtableError):
        load_game("abyss", 4, {"events.cards.harvest.copies": copies.low - 1})
