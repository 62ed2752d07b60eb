"""The main game's rules data: the draft's numbers are in it, and broken overrides are refused naming the path."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from voidtable.games.abyss.fourx.data import land_tiles, load_main, raw_data

from voidtable.engine.errors import RulesDataError
from tests.games.abyss.main_helpers import main_game, main_state
from voidtable.games.abyss.fourx.movement import draw_terrain


def test_the_drafts_numbers_are_the_defaults():
    m = main_game().rules
    d = m.data
    assert sum(d.map.hexes.values()) == 104                      # 104 hexagon pieces
    assert d.map.hexes["empty"] == 42                            # the empty hexes take what the others leave
    assert list(d.map.hexes)[-1] == "empty"                      # last, as the pile of pieces always had it
    assert land_tiles(d) == 330                                  # 330 land tiles for the planets' squares
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
    ({"map.hexes.wormhole_a": 3}, "map.hexes.wormhole_a"),
    ({"events.every": 0}, "events.every"),
    ({"land.shares.moon.bonus": -0.05, "land.shares.moon.barren": 0.4}, "land.shares.moon.bonus"),
    ({f"land.shares.red.{t}": 0.0 for t in ("plains", "mineral", "energy", "water", "barren", "bonus")},
     "land.shares.red"),
    ({"map.hexes.asteroid": 40, "map.hexes.green": 40}, "map.hexes.*"),
    ({"land.bonus_shares.marine": -1.0}, "land.bonus_shares.marine"),
    ({f"land.bonus_shares.{k}": 0.0 for k in ("energy", "food", "minerals", "technology", "colony", "marine")},
     "land.bonus_shares"),
])
def test_broken_overrides_are_refused_with_one_line_naming_the_path(override, path):
    with pytest.raises(RulesDataError) as e:
        main_game(4, **override)
    msg = str(e.value)
    assert path in msg and "\n" not in msg


def test_a_colour_whose_weights_are_all_0_names_its_path_in_one_line():
    with pytest.raises(RulesDataError) as e:
        main_game(4, **{f"land.shares.moon.{t}": 0.0 for t in ("mineral", "energy", "barren", "bonus")})
    assert str(e.value) == "abyss rules data: land.shares.moon: every weight is 0: give at least one terrain a weight above 0"


def test_more_named_hexes_than_the_map_holds_names_the_paths_and_the_limit():
    with pytest.raises(RulesDataError) as e:
        main_game(4, **{"map.hexes.asteroid": 40, "map.hexes.green": 40})
    msg = str(e.value)
    assert "map.hexes.*: 119 pieces, more than the map's 104" in msg and "map.option1.rows" in msg and "\n" not in msg


def test_the_empty_hexes_take_what_the_other_kinds_leave_and_the_tiles_follow_the_planets():
    d = main_game(4, **{"map.hexes.green": 15, "map.hexes.asteroid": 20}).rules.data
    assert d.map.hexes["empty"] == 42 - 4 - 8 and sum(d.map.hexes.values()) == 104
    assert land_tiles(d) == 330 + 4 * 9
    d = main_game(4, **{"map.hexes.asteroid": 54}).rules.data   # exactly the map: no empty hex left
    assert d.map.hexes["empty"] == 0


def test_weights_need_not_sum_to_1_the_game_divides_by_their_sum():
    s = main_state(4, seed=3, **{f"land.shares.green.{t}": w for t, w in
                                 (("plains", 4.0), ("mineral", 0.0), ("energy", 0.0), ("water", 4.0), ("barren", 0.0),
                                  ("bonus", 0.0))})
    drawn = {draw_terrain(s, s.m.data.land.shares["green"]) for _ in range(400)}
    assert drawn == {"plains", "water"}
    s = main_state(4, seed=3)
    scaled = {t: 10 * w for t, w in s.m.data.land.shares["blue"].items()}   # ten times the weights
    counts = Counter(draw_terrain(s, scaled) for _ in range(4000))
    assert abs(counts["water"] / 4000 - 0.35) < 0.03 and abs(counts["plains"] / 4000 - 0.25) < 0.03


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
