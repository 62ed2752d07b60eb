"""Step 3, Build: hull limits per site (E7), cost = facets, investing over turns, engines, lost hulls (E18)."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die
from voidtable.games.nearspace import economy
from voidtable.games.nearspace.events import ShipCompleted
from voidtable.games.nearspace.movement import move_cost
from voidtable.games.nearspace.shipyard import build, build_legal, invest, lose_unheld_hulls, start_engine, start_hull
from voidtable.games.nearspace.tasks import Build

from .helpers import blank, lay, place, ship

HW = (2, -4)


def starts(s, hex_=None):
    return [a for a in build_legal(s, Build(0)) if a.kind == "start_hull" and (hex_ is None or a.arg[0] == hex_)]


def test_e7_a_d8_costs_8_cp_and_enters_service_at_once():
    s = blank()
    s.cp = 8
    hull = start_hull(s, 0, place(s, HW), Die(8, "white"))
    assert s.cp == 7 and not s.ships[hull].built
    invest(s, 0, hull, 7)
    assert s.cp == 0 and s.ships[hull].built and s.ships[hull].place == place(s, HW)
    assert isinstance(s.take_events()[-1], ShipCompleted)


def test_investing_over_several_turns():
    s = blank()
    s.cp = 5
    hull = start_hull(s, 0, place(s, HW), Die(20, "white"))
    invest(s, 0, hull, 4)
    assert s.ships[hull].invested == 5 and not s.ships[hull].built
    s.cp = 5  # a later turn
    legal = build_legal(s, Build(0))
    assert Action("invest", (hull, 5)) in legal and Action("invest", (hull, 6)) not in legal


def test_e7_five_hulls_on_a_homeworld_three_on_a_star_base():
    s = blank()
    s.cp = 30
    for _ in range(5):
        build(s, Build(0), starts(s, HW)[0])
        s.stack.clear()
    assert len(s.hulls(0)) == 5 and not starts(s, HW)  # a sixth is refused
    lay(s, (1, -1), "luna_yards")
    assert not starts(s, (1, -1))  # no presence at the Star Base yet
    ship(s, 0, 4, "red", (1, -1))
    for _ in range(3):
        build(s, Build(0), starts(s, (1, -1))[0])
        s.stack.clear()
    assert not starts(s, (1, -1))  # a fourth is refused
    s.cp = 1  # enemy Homeworld: a site once the seat has ships there
    ship(s, 0, 20, "blue", (-2, 4))
    assert starts(s, (-2, 4))


def test_starting_needs_a_die_in_the_stockpile_and_a_cp():
    s = blank()
    s.cp = 0
    assert not starts(s)
    s.cp = 1
    n = len(starts(s, HW))
    assert n == 36  # 6 sizes x 6 colours
    for colour in ("white", "blue"):
        s.stockpile[0] = s.stockpile[0].take(Die(20, colour))
    assert len(starts(s, HW)) == 34


def test_engines_build_like_ships_only_at_home_and_freeze_when_it_falls():
    s = blank()
    s.cp = 20
    start_engine(s, 0)
    (eid,) = s.engine_hulls
    assert eid in s.r.engine_ids(0) and s.engine_hulls[eid] == 1
    legal = build_legal(s, Build(0))
    assert Action("invest", (eid, 19)) in legal and Action("start_engine") in legal  # any number under way
    invest(s, 0, eid, 19)
    assert s.engines[0] == 2 and not s.engine_hulls
    s.cp = 5
    start_engine(s, 0)
    ship(s, 1, 4, "red", HW)  # the Homeworld falls
    legal = build_legal(s, Build(0))
    assert not any(a.kind in ("invest", "start_engine", "start_hull") for a in legal)
    assert len(s.engine_hulls) == 1  # frozen, not dismantled


def test_engine_supply_bounds_engines():
    s = blank()
    s.engines[0] = 4
    s.cp = 20
    assert Action("start_engine") not in build_legal(s, Build(0))


def test_hulls_are_lost_to_an_occupier_and_return_to_the_stockpile():
    s = blank()
    hull = ship(s, 0, 12, "white", HW, invested=4)
    before = s.stockpile[0].total()
    ship(s, 1, 6, "red", HW)
    lose_unheld_hulls(s)
    assert hull not in s.ships and s.stockpile[0].total() == before + 1 and s.graveyard[0] == []


def test_e18_a_dreadnought():
    s = blank()
    d = ship(s, 0, 20, "white", HW)
    assert move_cost(s, s.ships[d]) == 20 and economy.maintenance_cost(s, 0) == 2
    g = ship(s, 0, 20, "green", HW)
    assert economy.maintenance_cost(s, 0) == 2 and move_cost(s, s.ships[g]) == 20
