"""Step 6a: the E budget (E3), Corsairs (E14), the Frontier in the opening round, exploring."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.games.nearspace import movement
from voidtable.games.nearspace.events import Explored
from voidtable.games.nearspace.state import EMPTY
from voidtable.games.nearspace.tasks import ActionStep, Group

from .helpers import blank, lay, place, ship


def moved(s):
    s.turns_taken = [1, 1]
    return s


def test_e3_engines_7_and_16_a_d6_joins_a_d10_one_e_left():
    s = moved(blank())
    lay(s, (1, -1), "oceana")
    lay(s, (1, -2), "krakl")
    lay(s, (0, -1), "vega_colony")
    d6 = ship(s, 0, 6, "white", (1, -2))
    d10 = ship(s, 0, 10, "white", (1, -1))
    s.e = 7 + 16
    movement.group(s, Group(0, place(s, (1, -2)), (d6,)), Action("step", (1, -1)))
    assert s.e == 17 and s.ships[d6].place == place(s, (1, -1))
    legal = movement.group_legal(s, Group(0, place(s, (1, -1)), (d6, d10)))
    assert Action("step", (0, -1)) in legal
    movement.group(s, Group(0, place(s, (1, -1)), (d6, d10)), Action("step", (0, -1)))
    assert s.e == 1
    assert movement.action_legal(s, ActionStep(0)) == [Action("end_turn")]  # 6 or 10 E: nothing moves


def test_groups_come_from_one_sector_and_only_ships_that_can_go():
    s = moved(blank())
    a = ship(s, 0, 6, "white", (1, -1))
    b = ship(s, 0, 10, "white", (1, -1))
    c = ship(s, 0, 4, "white", (2, -2))
    s.e = 12
    legal = movement.action_legal(s, ActionStep(0))
    assert Action("group", (1, -1)) in legal and Action("group", (2, -2)) in legal
    g = Group(0, place(s, (1, -1)), ())
    assert movement.group_legal(s, g) == [Action("add", a), Action("add", b)]  # never c, never a step alone
    g = g._replace(ships=(a,))
    assert Action("add", b) not in movement.group_legal(s, g)  # 16 E > 12
    assert all(x.kind == "step" for x in movement.group_legal(s, g))


def test_e14_corsairs_move_cheaper_never_below_one():
    s = moved(blank(options={"small_dice": True}))
    for sides, cost in ((8, 6), (6, 4), (4, 2), (3, 1), (2, 1)):
        i = ship(s, 0, sides, "red", (2, -4))
        assert movement.move_cost(s, s.ships[i]) == cost
    assert movement.move_cost(s, s.ships[ship(s, 0, 8, "blue", (2, -4))]) == 8


def test_opening_round_may_not_cross_the_frontier():
    s = blank()
    i = ship(s, 0, 4, "white", (1, 0))  # on the own Frontier half
    s.e = 50
    dests = movement.destinations(s, 0, place(s, (1, 0)), (i,))
    assert place(s, (0, 0)) in dests and place(s, (1, -1)) in dests
    assert place(s, (0, 1)) not in dests and place(s, (1, 1)) not in dests  # the opponent's rows
    s.turns_taken[0] = 1
    assert place(s, (0, 1)) in movement.destinations(s, 0, place(s, (1, 0)), (i,))


def test_exploring_turns_a_sector_up_for_good():
    s = moved(blank())
    p = place(s, (1, -1))
    lay(s, (1, -1), "oceana")
    s.face_up[p] = False
    i = ship(s, 0, 4, "white", (1, -2))
    lay(s, (1, -2), "krakl")
    s.e = 4
    movement.group(s, Group(0, place(s, (1, -2)), (i,)), Action("step", (1, -1)))
    assert s.face_up[p] and s.r.card(s.place_card[p]).title == "Oceana"
    assert any(isinstance(e, Explored) and e.card == "oceana" for e in s.take_events())


def test_a_discovered_non_sector_goes_under_its_owners_resource_and_is_replaced():
    s = moved(blank())
    p = place(s, (0, 1))  # the opponent's side: its cards are seat 1's
    lay(s, (0, 1), "solar_wind", owner=1)
    s.face_up[p] = False
    top = s.resource[1][0]
    while not s.r.is_sector(top) and s.r.card(top).kind != "encounter":
        s.resource[1].append(s.resource[1].pop(0))
        top = s.resource[1][0]
    i = ship(s, 0, 4, "white", (0, 0))
    s.e = 4
    movement.group(s, Group(0, place(s, (0, 0)), (i,)), Action("step", (0, 1)))
    assert s.place_card[p] == top and s.face_up[p]
    solar = next(j for j, (o, k) in enumerate(s.r.instances) if o == 1 and k == "solar_wind")
    assert s.resource[1][-1] == solar and s.known_bottom[1] >= 1  # public, at the bottom
    assert s.view(0)["resource_bottom"][1][-1] == "solar_wind"


def test_fill_place_is_bounded_when_only_non_sectors_are_left():
    s = moved(blank())
    s.resource[1] = [j for j in s.r.deck_ids[1] if s.r.card(j).kind == "event"]
    s.discard[1] = []
    s.known_bottom[1] = 0
    p = place(s, (0, 1))
    s.place_card[p] = EMPTY
    movement.fill_place(s, p, 1)
    assert s.place_card[p] == EMPTY and s.face_up[p]
