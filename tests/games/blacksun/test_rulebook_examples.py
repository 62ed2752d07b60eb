"""The rulebook's worked examples, on the book's numbers."""

from __future__ import annotations

from itertools import product

from voidtable.games.blacksun import raids, scoring
from voidtable.games.blacksun.events import FleetStep, PlanetRoll, RaidOver, Scored
from voidtable.games.blacksun.positions import BOARD, DESTROYED

from voidtable.games.blacksun.flow import Move, RaidChoice

from .helpers import kind, ScriptedRng, args, at, do, hx, kinds, make, maybe, run, space_tiles

FS = frozenset()


def test_smuggler_move_costs_1_2_1_total_4():
    """The Freighter enters a hex (1), crosses the Alliance blockade into the next (2), then one more (1)."""
    s = make(2, ["smuggler", "alliance"])
    freighter, d1, d2 = 0, 1, 2
    at(s, freighter, -2, 2)
    at(s, d1, -1, 2)           # Alliance Destroyer in the centre of the second hex
    at(s, d2, -1, 2, 0)        # and one on the edge between the second and the third hex: a blockade
    run(s, Move(0, 1, FS, FS))
    do(s, "fleet_from", (-2, 2))
    maybe(s, "add_ship", freighter)
    maybe(s, "fleet_done")
    events = do(s, "step", (-1, 2)) + do(s, "step", (0, 2)) + do(s, "step", (1, 2))
    steps = [e.cost for e in events if isinstance(e, FleetStep)]
    assert steps == [1, 2, 1] and sum(steps) == 4
    assert s.loc[freighter] == hx(s, 1, 2)
    scored = [e for e in events if isinstance(e, Scored)]
    assert [(e.condition, e.points, e.blockades) for e in scored] == [("run_blockade", 1, 1)]
    assert s.scores[0] == 1


def test_a_move_may_not_end_on_a_blockade():
    """With one move left the Freighter cannot cross the blockaded edge (that would stop it on the blockade)."""
    s = make(2, ["smuggler", "alliance"], options={"ships.freighter.move": 2})
    at(s, 0, -2, 2)
    at(s, 1, -1, 2)
    at(s, 2, -1, 2, 0)
    run(s, Move(0, 1, FS, FS))
    do(s, "fleet_from", (-2, 2))
    maybe(s, "add_ship", 0)
    maybe(s, "fleet_done")
    do(s, "step", (-1, 2))
    assert (0, 2) not in args(s, "step")   # needs 2, has 1
    assert (0, 1) in args(s, "step")       # an open edge costs 1


def _locating_state(terrain: str, cruisers: int):
    tiles = space_tiles()
    tiles[(-1, 2)] = terrain
    s = make(2, ["rebel", "brigands"], ships=[(0, "cruiser")] * 3 + [(1, "raider")], tiles=tiles)
    raider = 3
    at(s, raider, -1, 2)
    for k in range(cruisers):
        at(s, k, -1, 2, -1 if k == 0 else k)
    return s, raider


def test_locating_a_raider_two_cruisers_at_a_planet_three_at_asteroids():
    h = (-1, 2)
    for terrain, enough in (("P10", 2), ("A", 3)):
        for k in range(1, 4):
            s, raider = _locating_state(terrain, k)
            assert s.smove[0] == 3
            found = raids.located(s, raider, 0, hx(s, *h))
            assert found == (k >= enough), (terrain, k)
            run(s, RaidChoice(0))
            options = [a.arg for a in s.legal_actions(0) if a.kind == "raid"]
            assert (((h), 1) in options) == (k >= enough)


def test_raider_needs_no_locating_in_open_space():
    s, raider = _locating_state("S", 1)
    assert raids.located(s, raider, 0, hx(s, -1, 2))


def test_rebel_two_destroyers_against_the_battleship():
    """Rebel loses 3 of 4 dice: one Destroyer lost, the other retreats. The Battleship absorbs 2 of 6."""
    s = make(2, ["rebel", "alliance"])
    rd1, rd2, battleship = 0, 1, 11
    assert s.stype[battleship] == "battleship" and s.sfight[battleship] == 6 and s.sfight[rd1] == 2
    at(s, rd1, -1, 2)
    at(s, rd2, -1, 2, 1)
    at(s, battleship, -1, 2)
    s.rng = ScriptedRng([[5, 6, 1, 1], [5, 5, 6, 1, 1, 1]])  # Rebel 2 hits, Alliance 3 hits
    run(s, RaidChoice(0))
    ev = do(s, "raid", ((-1, 2), 1))
    assert s.raid.total == {0: 4, 1: 6}
    ev += do(s, "retreat", True)    # Rebel retreats after the round
    ev += do(s, "retreat", False)   # Alliance stays
    assert s.raid.lost == {0: 3, 1: 2}
    assert sorted(args(s, "lose")) == [rd1, rd2]  # one Destroyer must go: the Rebel chooses which
    ev += do(s, "lose", rd1)
    assert s.sstate[rd1] == DESTROYED
    assert s.scores[1] == 2  # Destroy Rebel Ship = its Fight
    ev += do(s, "retreat_to", args(s, "retreat_to")[0])
    assert s.sstate[rd2] == BOARD and s.loc[rd2] != hx(s, -1, 2)
    assert s.sstate[battleship] == BOARD and s.loc[battleship] == hx(s, -1, 2)
    assert s.raid is None
    assert [e.lost for e in ev if isinstance(e, RaidOver)] == [{"0": 3, "1": 2}]


def test_rebel_two_fleet_raid_fight_5_against_8():
    """One Destroyer and two Carriers run the blockade (move 2), the last Carrier follows: 8 ships, Fight 5 v 8."""
    s = make(2, ["rebel", "alliance"])
    dst, c1, c2, c3 = 0, 4, 5, 6
    ad = [7, 8, 9, 10]
    at(s, dst, -1, 2)
    for c, d in zip((c1, c2, c3), (1, 2, 3)):
        at(s, c, -1, 2, d)
    at(s, ad[0], 0, 2)
    at(s, ad[1], 0, 2, 3)  # on the edge shared with the Rebel hex: a blockade
    at(s, ad[2], 0, 2, 1)
    at(s, ad[3], 0, 2, 2)
    run(s, Move(0, 2, FS, FS), RaidChoice(0))
    do(s, "fleet_from", (-1, 2))
    for x in (dst, c1, c2):
        do(s, "add_ship", x)
    maybe(s, "fleet_done")
    ev = do(s, "step", (0, 2))
    assert [e.cost for e in ev if isinstance(e, FleetStep)] == [2]
    do(s, "slot", -1)
    while kinds(s) == ["slot"] * len(kinds(s)):
        do(s, "slot", args(s, "slot")[0])
    # the last Carrier was re-centred at home and now makes the second fleet movement
    assert s.loc[c3] == hx(s, -1, 2)
    do(s, "fleet_from", (-1, 2))
    maybe(s, "add_ship", c3)  # the only ship left to move
    maybe(s, "fleet_done")
    assert kind(s) == "walk" and s.stack[-1].fleet == (c3,)
    do(s, "step", (0, 2))
    y = hx(s, 0, 2)
    assert all(s.loc[x] == y or (s.loc[x] >= s.board.n_hex and y in s.board.edge_sides[s.loc[x] - s.board.n_hex]) for x in [dst, c1, c2, c3, *ad])
    do(s, "raid", ((0, 2), 1))
    assert sorted(s.raid.ships[0]) == [dst, c1, c2, c3] and sorted(s.raid.ships[1]) == ad
    assert s.raid.total == {0: 5, 1: 8}


def test_die_roll_status_changes():
    tiles = space_tiles()
    tiles[(2, 0)] = "P10"
    tiles[(0, 2)] = "P11"
    s = make(2, ["medics", "merchants"], tiles=tiles)
    p10, p11 = hx(s, 2, 0), hx(s, 0, 2)
    scoring.change_planet_status(s, [3, 3, 4])  # 10, no Crisis anywhere: Crisis
    assert s.status[p10] == scoring.CRISIS
    scoring.change_planet_status(s, [5, 5, 1])  # 11 while a Crisis exists: Need
    assert s.status[p11] == scoring.NEED
    scoring.change_planet_status(s, [5, 5, 1])  # 11 again: Need becomes Crisis
    assert s.status[p11] == scoring.CRISIS
    scoring.change_planet_status(s, [3, 3, 4])  # 10 again: Crisis becomes Need
    assert s.status[p10] == scoring.NEED
    before = list(s.status)
    for dice in ([1, 1, 1], [1, 1, 2], [6, 6, 5], [6, 6, 6]):  # 3, 4, 17, 18 name no planet
        scoring.change_planet_status(s, dice)
    assert s.status == before
    ev = s.take_events()
    assert [(type(e), e.planet) for e in ev[-4:] if isinstance(e, PlanetRoll)] == [(PlanetRoll, None)] * 4
    assert scoring.new_status(scoring.NORMAL, crisis_anywhere=False) == scoring.CRISIS
    assert scoring.new_status(scoring.NORMAL, crisis_anywhere=True) == scoring.NEED


def test_planets_10_and_11_are_the_most_likely_rolls():
    s = make(2, ["medics", "merchants"])
    planets = s.R.map.planets()
    counts = {}
    for dice in product(range(1, 7), repeat=s.R.game.planet_dice):
        counts[sum(dice)] = counts.get(sum(dice), 0) + 1
    best = max(counts[p] for p in planets)
    assert sorted(p for p in planets if counts[p] == best) == [10, 11]
    least = min(counts[p] for p in planets)
    assert sorted(p for p in planets if counts[p] == least) == sorted(s.R.map.trinary) == [5, 16]
    rest = sorted((counts[p], p) for p in planets if p not in s.R.map.trinary)
    assert sorted(p for _, p in rest[:4]) == sorted(s.R.map.binary)
    assert all(counts.get(x, 0) and x not in planets for x in (3, 4, 17, 18))
