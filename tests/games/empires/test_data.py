"""The rules data: the book's counts, designer defaults marked, and bad data refused at load in one line."""

from __future__ import annotations

import pytest

from voidtable.engine.errors import OptionError, RulesDataError
from voidtable.engine.game import Game
from voidtable.games.empires import SPEC

from .helpers import load


def test_the_books_counts():
    r = load().rules
    d = r.data
    per_colour = {k: s.count for k, s in d.ships.items() if not s.neutral and not s.race}
    assert per_colour == {"starfighter": 12, "diplomat": 3, "centipede": 8, "starcruiser": 10, "sunhammer": 4}
    assert sum(per_colour.values()) == 37
    neutral = {k: s.count for k, s in d.ships.items() if s.neutral}
    assert neutral == {"moth": 6, "tempest": 6, "black_hole": 6, "firebug": 6, "shooting_star": 6, "infestor": 3}
    assert sum(1 for t in d.techs.values() if not t.race) == 19
    assert {t.race for t in d.techs.values() if t.race} == {"nomads_of_earth", "parasites_of_sreech"}
    assert len(d.planets) == 15 and len(r.tiles) == 7
    assert len(r.tiles[r.centre].planets) == 3 and r.tiles[r.centre].planets["P"] == "pyrious"
    assert all(len(r.tiles[t].planets) == 2 for t in r.outer)
    assert len(r.tokens) == 4 * 37 + 33
    assert d.game.rounds == 11 and d.game.actions_per_turn == 3 and d.game.hand_limit == 3
    assert d.game.event_piles == [4, 3, 2]
    assert d.races["mystics_of_siri"].diplomacy_targets == [17, 13, 8, 4]
    assert d.ships["sunhammer"].dice == 2 and d.ships["sunhammer"].attack == 3
    assert d.ships["shooting_star"].dice == 3 and d.ships["shooting_star"].attack == 4
    assert d.ships["shooting_star"].fire_cost == 1
    assert d.ships["moth"].hits == 2 and d.ships["moth"].lasting_damage and d.ships["moth"].ignores_obstacles
    assert d.ships["starcruiser"].initiative < d.ships["starfighter"].initiative
    assert d.ships["sunhammer"].initiative < d.ships["starcruiser"].initiative


def test_every_designer_default_says_why():
    paths = dict(load().assumptions())
    for key in ("score_cards", "galaxy", "diplomacy", "events", "ships.starfighter", "techs.grand_archive",
                "planets.pyrious", "races.collective_5"):
        assert key in paths and paths[key]
    # the book's own numbers carry no mark
    assert "game" not in paths


@pytest.mark.parametrize("override, path", [
    ({"ships.moth.cost": "x"}, "ships.moth.cost"),
    ({"techs.cloaking.prereq": "warp_gate", "techs.warp_gate.prereq": "cloaking"}, "prereq"),
    ({"planets.tan_fu.trade_good": "spice"}, "planets.tan_fu.trade_good"),
    ({"techs.cloaking.prereq": "nothing"}, "techs.cloaking.prereq"),
])
def test_bad_data_is_one_line_naming_the_path(override, path):
    with pytest.raises((RulesDataError, OptionError)) as e:
        Game(SPEC, 4, override)
    msg = str(e.value)
    assert "\n" not in msg and path in msg


def test_a_cyclic_tech_tree_is_refused_with_the_cycle():
    with pytest.raises(RulesDataError, match=r"techs\.\w+\.prereq: the prerequisites form a cycle"):
        Game(SPEC, 4, {"techs.cloaking.prereq": "warp_gate", "techs.warp_gate.prereq": "cloaking"})


def test_a_tile_cut_in_two_is_refused():
    game = load()
    data = game.data
    data["tiles"]["t1"]["lines"] = [["p0", "A"], ["p1", "A"], ["c", "B"]]
    data["tiles"]["t1"]["obstacles"] = {}
    from voidtable.games.empires.ruleset import build
    from types import SimpleNamespace
    with pytest.raises(RulesDataError, match=r"tiles\.t1\.lines: the tile's graph is not connected"):
        build(SimpleNamespace(data=data, options=game.options, players=4))  # type: ignore[arg-type]


def test_bad_options_name_what_is_allowed():
    with pytest.raises(OptionError):
        Game(SPEC, 4, {"no_such_option": True})
    with pytest.raises(OptionError):
        Game(SPEC, 5, {})


def test_a_bad_option_value_names_the_allowed_ones():
    with pytest.raises(OptionError) as e:
        Game(SPEC, 4, {"negotiation": "sometimes"})
    assert "off" in str(e.value) and "licences" in str(e.value) and "\n" not in str(e.value)
