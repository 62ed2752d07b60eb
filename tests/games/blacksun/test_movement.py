"""Turn step 3: fleets, move costs, terrain, room, consent, towing, the Rebel's two fleets."""

from __future__ import annotations

from voidtable.games.blacksun.positions import BOARD, CAPTURED, anchors

from voidtable.games.blacksun.flow import Loans, Move, RaidChoice

from .helpers import kind, args, at, do, hx, kinds, make, maybe, run, space_tiles

FS = frozenset()


def start_move(s, p=0, fleets=1):
    run(s, Move(p, fleets, FS, FS))


def test_fleet_is_at_most_three_ships_and_the_slowest_governs():
    s = make(2, ["merchants", "rebel"])
    transports = [0, 1, 2, 3]
    yacht = 8
    at(s, yacht, -1, 2)
    for k, x in enumerate(transports):
        at(s, x, -1, 2, k)
    start_move(s)
    do(s, "fleet_from", (-1, 2))
    do(s, "add_ship", yacht)
    do(s, "add_ship", transports[0])
    do(s, "add_ship", transports[1])
    assert "add_ship" not in kinds(s)  # three is the limit
    maybe(s, "fleet_done")
    walk = s.stack[-1]
    assert kind(s) == "walk" and walk.mp == 2  # Yacht Move 3, Transports Move 2: the fleet has 2


def test_suns_block_and_asteroids_stop():
    tiles = space_tiles()
    tiles[(1, 1)] = "A"
    s = make(2, ["smuggler", "rebel"], tiles=tiles)
    at(s, 0, 1, 0)
    start_move(s)
    maybe(s, "fleet_from", (1, 0))
    maybe(s, "add_ship", 0)
    maybe(s, "fleet_done")
    assert (0, 0) not in args(s, "step")  # the Yellow Sun is never entered
    do(s, "step", (1, 1))  # Asteroids end the move at once
    assert s.loc[0] == hx(s, 1, 1)
    assert kind(s) == ""  # the move is over and nothing else waits


def test_white_dwarf_and_gas_giant_crossed_but_not_stopped_in():
    tiles = space_tiles(sun="white_dwarf")
    tiles[(2, 0)] = "G"
    s = make(2, ["smuggler", "rebel"], tiles=tiles, sun="white_dwarf")
    at(s, 0, -1, 0)
    start_move(s)
    maybe(s, "fleet_from", (-1, 0))
    maybe(s, "add_ship", 0)
    maybe(s, "fleet_done")
    do(s, "step", (0, 0))
    assert "stop" not in kinds(s)
    do(s, "step", (1, 0))
    do(s, "step", (2, 0))
    assert "stop" not in kinds(s)  # a Gas Giant may be crossed, not stayed in
    do(s, "step", (3, 0))  # the fourth move point: the move ends here
    assert s.loc[0] == hx(s, 3, 0)


def test_steps_never_lead_into_a_dead_end():
    tiles = space_tiles(sun="white_dwarf")
    s = make(2, ["merchants", "rebel"], tiles=tiles, sun="white_dwarf")
    at(s, 0, -1, 0)  # a Transport, Move 2
    start_move(s)
    maybe(s, "fleet_from", (-1, 0))
    maybe(s, "add_ship", 0)
    maybe(s, "fleet_done")
    do(s, "step", (-2, 0))
    assert (-1, 0) not in args(s, "step")  # with 1 left, stepping back would end the move where it began
    assert (-3, 0) in args(s, "step")
    do(s, "stop")
    s2 = make(2, ["merchants", "rebel"], tiles=tiles, sun="white_dwarf")
    at(s2, 0, -1, 0)
    start_move(s2)
    maybe(s2, "fleet_from", (-1, 0))
    maybe(s2, "add_ship", 0)
    maybe(s2, "fleet_done")
    assert (0, 0) in args(s2, "step")  # the White Dwarf, then one more hex
    do(s2, "step", (0, 0))
    assert "stop" not in kinds(s2) and len(args(s2, "step")) == 5 and (-1, 0) not in args(s2, "step")


def test_no_room_no_stop():
    """A hex whose six edges are full has room only for a new faction's centre ship."""
    s = make(2, ["merchants", "rebel"])
    for k in range(6):
        at(s, 9 + (k % 4), 0, 2, k) if k < 4 else None
    at(s, 13, 0, 2)
    at(s, 14, 0, 2, 4)
    at(s, 15, 0, 2, 5)  # the Rebel: centre + 6 edges of (0, 2) (4 Destroyers, 3 Carriers)
    at(s, 0, -1, 2)
    at(s, 1, -1, 2, 2)
    start_move(s)
    do(s, "fleet_from", (-1, 2))
    do(s, "add_ship", 0)
    do(s, "add_ship", 1)
    maybe(s, "fleet_done")
    assert (0, 2) not in args(s, "step")  # two Transports need a centre and an edge; no edge is free
    s2 = make(2, ["merchants", "rebel"])
    for k in range(4):
        at(s2, 9 + k, 0, 2, k)
    at(s2, 13, 0, 2)
    at(s2, 14, 0, 2, 4)
    at(s2, 15, 0, 2, 5)
    at(s2, 0, -1, 2)
    start_move(s2)
    maybe(s2, "fleet_from", (-1, 2))
    maybe(s2, "add_ship", 0)
    maybe(s2, "fleet_done")
    assert kind(s2) == "walk"


def test_other_players_ships_need_consent():
    s = make(2, ["merchants", "rebel"])
    at(s, 0, -1, 2)
    at(s, 9, -1, 2)  # a Rebel Destroyer shares the hex
    start_move(s, p=0)
    do(s, "fleet_from", (-1, 2))
    do(s, "add_ship", 9)
    assert s.to_move() == [1] and kind(s) == "consent"
    do(s, "consent", False)
    assert s.to_move() == [0] and 9 not in args(s, "add_ship")
    s2 = make(2, ["merchants", "rebel"])
    at(s2, 0, -1, 2)
    at(s2, 9, -1, 2)
    start_move(s2, p=0)
    do(s2, "fleet_from", (-1, 2))
    do(s2, "add_ship", 9)
    do(s2, "consent", True)
    assert s2.stack[-1].fleet == (9,)


def test_loaned_ships_move_without_consent():
    s = make(2, ["merchants", "rebel"], options={"loaning": True})
    at(s, 0, -1, 2)
    at(s, 9, -1, 2)
    run(s, Loans(1, FS))
    do(s, "lend", 9)
    maybe(s, "lend_to", 0)  # two players: the only other seat
    maybe(s, "loans_done")  # each ship changes hands at most once a turn
    assert s.ctrl[9] == 0
    start_move(s, p=0)
    do(s, "fleet_from", (-1, 2))
    do(s, "add_ship", 9)
    assert kind(s) == "pick" and 9 in s.stack[-1].fleet


def test_edge_ship_in_two_hexes_can_leave_from_either():
    s = make(2, ["rebel", "merchants"])
    at(s, 0, -1, 2)
    at(s, 1, 0, 2)
    at(s, 2, -1, 2, 0)  # the edge between them: in both hexes
    assert sorted(anchors(s, 2)) == sorted([hx(s, -1, 2), hx(s, 0, 2)])
    start_move(s)
    assert {(-1, 2), (0, 2)} <= set(args(s, "fleet_from"))


def test_leaving_centre_is_filled_by_an_edge_ship_of_the_owner_choosing():
    s = make(2, ["rebel", "merchants"])
    at(s, 0, -1, 2)
    at(s, 1, -1, 2, 1)
    at(s, 2, -1, 2, 2)
    start_move(s)
    do(s, "fleet_from", (-1, 2))
    do(s, "add_ship", 0)
    do(s, "fleet_done")
    do(s, "step", (-2, 2))
    do(s, "stop")
    assert kind(s) == "recentre" and sorted(args(s, "recentre")) == [1, 2]
    do(s, "recentre", 2)
    assert s.loc[2] == hx(s, -1, 2) and anchors(s, 1) == [hx(s, -1, 2)]


def test_rebel_second_fleet_cannot_reuse_ships():
    s = make(2, ["rebel", "merchants"])
    at(s, 0, -1, 2)
    at(s, 1, 2, -1)
    start_move(s, fleets=2)
    do(s, "fleet_from", (-1, 2))
    maybe(s, "add_ship", 0)
    maybe(s, "fleet_done")
    do(s, "step", (-2, 2))
    do(s, "stop")
    assert kind(s) == "move" and s.stack[-1].moved == frozenset({0})
    assert [tuple(h) for h in args(s, "fleet_from")] == [(2, -1)]


def test_towing_a_captured_ship_with_an_escort():
    s = make(2, ["medics", "merchants"])
    amb, medsat = 0, 3
    at(s, amb, 1, 1)
    at(s, medsat, 1, 1, 0)
    run(s, RaidChoice(0))
    do(s, "tow_raid", ((1, 1), medsat))
    assert s.sstate[medsat] == CAPTURED and s.captures[0][:2] == (medsat, 0)
    start_move(s)
    maybe(s, "fleet_from", (1, 1))
    maybe(s, "add_ship", amb)
    do(s, "tow", medsat)
    maybe(s, "fleet_done")
    do(s, "step", (1, 2))
    do(s, "step", (0, 3))
    maybe(s, "stop")
    while kinds(s)[:1] == ["slot"]:
        do(s, "slot", args(s, "slot")[0])
    assert s.sstate[medsat] == BOARD and hx(s, 0, 3) in anchors(s, medsat)
    assert s.captures == []
