"""Steps 1 and 2: the CP example (E1), maintenance numbers (E6) and the dismantling example (E2)."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.positions import edit, pending_choices, run_until
from voidtable.games.nearspace import economy
from voidtable.games.nearspace.events import Dismantled
from voidtable.games.nearspace.shipyard import build_legal, payable
from voidtable.games.nearspace.tasks import Build, Dismantle, FigureCP, Maintenance

from .helpers import blank, lay, ship


def test_e1_construction_points_with_an_advantage():
    """Ships on Krakl (1, +1 for Carriers), Oceana (2), Shontarran Lights (0); Terra (5) without ships: 8 CP."""
    s = blank()
    for hex_, key, colour in (((1, -1), "krakl", "white"), ((0, -1), "oceana", "blue"), ((2, -2), "shontarran_lights", "red")):
        lay(s, hex_, key)
        ship(s, 0, 4, colour, hex_)
    economy.figure_construction_points(s, FigureCP(0))
    assert s.cp == 8 and s.cp_class == {"carrier": 1}
    assert payable(s, "carrier") == 9 and payable(s, "gunship") == 8
    hull_c = ship(s, 0, 12, "white", (2, -4), invested=1)
    hull_g = ship(s, 0, 6, "white", (2, -4), invested=1)
    legal = build_legal(s, Build(0))
    assert max(a.arg[1] for a in legal if a.kind == "invest" and a.arg[0] == hull_c) == 9  # 8 CP + 1 for Carriers
    assert max(a.arg[1] for a in legal if a.kind == "invest" and a.arg[0] == hull_g) == 5  # 6 facets, 1 in
    # bound CP pays first for its class, and never for anything else
    from voidtable.games.nearspace.shipyard import invest
    invest(s, 0, hull_c, 9)
    assert s.cp == 0 and s.cp_class == {"carrier": 0}


def test_presence_on_an_occupied_homeworld():
    s = blank()
    ship(s, 1, 6, "white", (2, -4))  # the enemy sits on Terra
    assert economy.construction_points(s, 0)[0] == 0
    assert economy.construction_points(s, 1)[0] == 5 + 5  # its own Homeworld and Terra


def test_e6_maintenance_is_facets_over_ten_green_free():
    s = blank()
    ship(s, 0, 4, "white", (2, -4))
    ship(s, 0, 4, "blue", (2, -4))
    assert economy.maintenance_cost(s, 0) == 0  # 8 facets
    ship(s, 0, 4, "red", (2, -4))  # 12
    assert economy.maintenance_cost(s, 0) == 1
    ship(s, 0, 20, "green", (2, -4))
    assert economy.maintenance_cost(s, 0) == 1  # green adds nothing
    s2 = blank()
    ship(s2, 0, 10, "white", (2, -4))
    assert economy.maintenance_cost(s2, 0) == 1  # exactly 10 facets
    ship(s2, 0, 8, "white", (2, -4), invested=3)
    assert economy.maintenance_cost(s2, 0) == 1  # hulls are not in play


def _e2_fleet():
    s = blank()
    far = ship(s, 0, 6, "red", (0, 1))  # a Gunship across the Frontier (enemy rows start at distance 5)
    group = [ship(s, 0, 4, "white", (-1, 0)), ship(s, 0, 6, "white", (-1, 0)), ship(s, 0, 6, "blue", (0, 0)),
             ship(s, 0, 6, "orange", (1, 0)), ship(s, 0, 10, "white", (-2, 0)), ship(s, 0, 10, "blue", (2, 0))]
    near = [ship(s, 0, 20, c, (2, -4)) for c in ("white", "blue", "red", "orange", "yellow")]
    return s, far, group, near


def test_e2_dismantling_farthest_first_until_ten_times_the_shortfall():
    s, far, group, near = _e2_fleet()
    assert s.fleet_facets(0) == 148 and economy.maintenance_cost(s, 0) == 14
    edit(s, cp=12)
    stop = run_until(s, "dismantle", push=[Maintenance(0)])  # halt at each Dismantle, a forced one included
    assert stop.pending.task == Dismantle(0, 20)
    assert stop.pending.choices == {0: (Action("dismantle", far),)}  # forced: no say
    events = s.apply(0, Action("dismantle", far))
    pending = pending_choices(s)
    assert pending.task == Dismantle(0, 14)
    assert sorted(a.arg for a in pending.actions(0)) == sorted(group)  # all six are four steps away: the owner picks
    assert not any(a.arg in near for a in pending.actions(0))
    events += s.apply(0, Action("dismantle", group[1]))  # a Gunship: 12 facets gone, not enough
    assert pending_choices(s).task == Dismantle(0, 8)
    events += s.apply(0, Action("dismantle", group[4]))  # a Battleship: 22 facets in all
    assert pending_choices(s).kind == "none"  # the shortfall is covered: no further Dismantle
    assert s.fleet_facets(0) == 126 and economy.maintenance_cost(s, 0) == 12 and s.cp == 0
    assert s.graveyard[0] == [] and s.stockpile[0].total() == 54 - 12 + 3
    gone = [e for e in events if isinstance(e, Dismantled)]
    assert sum(e.sides for e in gone) == 22  # the forced Gunship and the owner's two


def test_no_shortfall_no_dismantling():
    s, *_ = _e2_fleet()
    s.cp = 15
    economy.fleet_maintenance(s, Maintenance(0))
    assert not s.stack and s.cp == 1
