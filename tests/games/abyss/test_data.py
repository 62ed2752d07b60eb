"""Black Abyss's rules data: typed, checked at load, every gap a marked default; a bad value names its path."""

from __future__ import annotations

import pytest

import voidtable
from voidtable.engine.errors import OptionError, RulesDataError

from .helpers import fleet_battle


def test_the_drafts_own_numbers_are_in_the_data():
    r = fleet_battle().rules
    laser = r.tiles["basic_laser"]
    assert (laser.range, laser.die, laser.hit) == (1, 6, 6)          # the draft: range 1, a d6, a 6 hits
    assert r.hulls["fighter"].squares == 1                           # fighters explode on the first hit
    assert r.hulls["fighter"].computer == 1 and r.hulls["fighter"].jammer == 0  # starting fighter technology
    assert {t.rating for t in r.tiles.values() if t.kind == "computer"} == {1, 2, 3}  # the example's ratings
    assert {t.rating for t in r.tiles.values() if t.kind == "jammer"} == {1, 2, 3}
    assert r.data.repair.fraction == 0.5                             # repairs at half the upgrade's price
    assert r.battle.flee_from_round == 2                             # round 1 must be fought


def test_every_designer_default_is_marked():
    paths = {p for p, _ in fleet_battle().assumptions()}
    assert {"hulls", "tiles", "repair", "battle", "minigame", "designs"} <= paths


def test_design_prices_add_hull_and_tiles():
    r = fleet_battle().rules
    assert r.designs["fighter"].points == 3        # the hull's price includes its fixed laser
    assert r.designs["picket"].points == 7 + 4 + 4 + 4
    assert r.designs["lancer"].points == 7 + 3 + 5 + 4 + 2
    assert r.design_price("frigate", ("", "", "", "")) == (3, 4)
    assert all(r.designs[k].points <= r.minigame.budget for k in r.fleet_designs)


@pytest.mark.parametrize("key,value,path", [
    ("tiles.basic_laser.hit", 7, "tiles.basic_laser.hit"),
    ("tiles.basic_laser.die", 1, "tiles.basic_laser.die"),
    ("hulls.frigate.squares", 3, "designs."),
    ("minigame.budget", 2, "minigame.budget"),
    ("minigame.max_rounds", 0, "minigame.max_rounds"),
    ("battle.width", 4, "battle"),
    ("repair.fraction", 1.5, "repair.fraction"),
])
def test_a_bad_value_is_refused_at_load_naming_its_path(key, value, path):
    with pytest.raises(RulesDataError, match=path.replace(".", r"\.")) as e:
        voidtable.load("abyss_battle", 2, {key: value})
    assert "\n" not in str(e.value)   # one line


def test_wrong_types_and_unknown_paths_are_refused():
    with pytest.raises((OptionError, RulesDataError)):
        voidtable.load("abyss_battle", 2, {"tiles.basic_laser.hit": "six"})
    with pytest.raises(OptionError):
        voidtable.load("abyss_battle", 2, {"tiles.basic_laser.colour": 3})
    with pytest.raises(OptionError):
        voidtable.load("abyss_battle", 2, {"battle": "dice"})


def test_an_override_reaches_the_rules():
    r = voidtable.load("abyss_battle", 2, {"minigame.budget": 60, "tiles.heavy_laser.hit": 4}).rules
    assert r.minigame.budget == 60 and r.tiles["heavy_laser"].hit == 4
