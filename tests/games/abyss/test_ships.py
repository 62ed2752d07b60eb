"""Ships from hulls and tiles: stats from working squares, damage disks, explosions, repair, points."""

from __future__ import annotations

from voidtable.games.abyss.ships import (Ship, destroyed, disable, hit_chance, hits, points, repair, repair_cost, stats,
                                         working_squares)

from .helpers import fleet_battle


def test_stats_come_from_the_working_squares():
    r = fleet_battle().rules
    bc = Ship(0, "battlecruiser")  # computer 3, jammer 2, heavy laser, missile, shield 1, engine
    st = stats(r, bc)
    assert (st.computer, st.jammer, st.shield, st.move, st.working) == (3, 2, 1, 2, 6)
    assert st.weapons == (2, 3)
    hurt = disable(disable(bc, 0), 4)  # the computer and the shield covered
    st = stats(r, hurt)
    assert (st.computer, st.shield, st.working) == (0, 0, 4)
    assert stats(r, disable(bc, 5)).move == 1     # without its engine, a cruiser moves 1
    assert stats(r, disable(bc, 2)).weapons == (3,)


def test_a_fighter_carries_its_technology_and_explodes_on_the_first_hit():
    r = fleet_battle().rules
    f = Ship(1, "fighter")
    st = stats(r, f)
    assert (st.computer, st.jammer, st.shield, st.move, st.weapons) == (1, 0, 0, 3, (0,))
    assert working_squares(r, f) == [0]
    assert destroyed(r, disable(f, 0))


def test_a_ship_explodes_only_when_every_square_is_covered():
    r = fleet_battle().rules
    p = Ship(0, "picket")
    for q in range(3):
        p = disable(p, q)
        assert not destroyed(r, p)
    assert working_squares(r, p) == [3]       # the empty square is a square too
    assert destroyed(r, disable(p, 3))


def test_shields_take_their_rating_off_the_roll():
    """The draft's example: a weapon hitting on 5-6 against shield 1 hits only on a 6."""
    r = fleet_battle().rules
    heavy, laser = r.tiles["heavy_laser"], r.tiles["basic_laser"]
    assert [roll for roll in range(1, 7) if hits(roll, heavy, 0)] == [5, 6]
    assert [roll for roll in range(1, 7) if hits(roll, heavy, 1)] == [6]
    assert [roll for roll in range(1, 7) if hits(roll, laser, 0)] == [6]   # the basic laser: a 6 hits
    assert hit_chance(laser, 0) == 1 / 6
    # what follows from the rule as written: a 6-to-hit weapon never hurts shield 1, a 5-6 weapon never shield 2
    assert hit_chance(laser, 1) == 0 and hit_chance(heavy, 2) == 0


def test_repair_costs_half_the_tile_rounded_up_and_an_empty_square_one_mineral():
    r = fleet_battle().rules
    p = disable(disable(Ship(0, "picket"), 0), 3)
    assert repair_cost(r, p, 0) == (1, 1)       # heavy laser 2E + 2M -> 1E + 1M
    assert repair_cost(r, p, 3) == (0, 1)       # the empty square
    bc = Ship(0, "battlecruiser")
    assert repair_cost(r, bc, 3) == (2, 1)      # missile 3E + 2M -> 2E (rounded up) + 1M
    assert repair(p, 0).disabled == 1 << 3


def test_points_left_count_the_hull_and_the_working_tiles():
    r = fleet_battle().rules
    p = Ship(0, "picket")
    assert points(r, p) == 19
    assert points(r, disable(p, 0)) == 15       # a heavy laser covered
    assert points(r, disable(p, 3)) == 19       # an empty square costs nothing
    assert points(r, Ship(0, "fighter")) == 3
