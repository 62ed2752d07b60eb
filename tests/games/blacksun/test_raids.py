"""Turn step 4: raids, locating, dice, losses, captures, amnesty, sacrifice, retreats, raid scoring."""

from __future__ import annotations

from voidtable.games.blacksun import raids, scoring
from voidtable.games.blacksun.events import CaptureReturnBlocked, CaptureReturned, RaidDeclared, RaidRolled, RetreatBlocked
from voidtable.games.blacksun.positions import lift
from voidtable.games.blacksun.positions import BOARD, CAPTURED, DESTROYED

from voidtable.engine.positions import edit
from voidtable.engine.rng import Rng

from voidtable.games.blacksun.flow import EndTurn, RaidChoice

from .helpers import kind, ScriptedRng, args, at, do, hx, kinds, make, maybe, run, space_tiles

FS = frozenset()


def raid_opts(s, p=0):
    run(s, RaidChoice(p))
    return [a for a in s.legal_actions(p)]


def test_blockade_raid_is_one_ship_against_one():
    s = make(2, ["rebel", "merchants"])
    d1, d2 = 0, 1
    t1, t2 = 7, 8
    at(s, d1, -1, 2)
    at(s, d2, -1, 2, 3)
    at(s, t1, 0, 2)
    at(s, t2, 0, 2, 3)  # Merchant Transport on the shared edge, anchored in its own hex
    opts = raid_opts(s)
    blockade = [a.arg for a in opts if a.kind == "raid_blockade"]
    assert blockade == [((-1, 2), d1, t2)]  # only the centre ship raids, only the edge ship is raided
    assert ((-1, 2), 1) not in [a.arg for a in opts if a.kind == "raid"]  # no Merchant ship is in the Rebel hex
    s.rng = ScriptedRng([[5, 6], [1]])
    ev = do(s, "raid_blockade", ((-1, 2), d1, t2))
    declared = [e for e in ev if isinstance(e, RaidDeclared)][0]
    assert (declared.kind, declared.attacker, declared.target) == ("blockade", d1, t2)
    assert [e.dice for e in ev if isinstance(e, RaidRolled)] == [{"0": (5, 6), "1": (1,)}]  # 2 dice v 1
    assert s.sstate[t2] == DESTROYED and s.sstate[t1] == BOARD and s.sstate[d2] == BOARD
    assert s.raid is None


def test_hits_are_fives_and_sixes_only():
    s = make(2, ["rebel", "merchants"])
    at(s, 0, -1, 2)
    at(s, 7, -1, 2)
    s.rng = ScriptedRng([[4, 4], [4], [6, 1], [5]])
    raid_opts(s)
    ev = do(s, "raid", ((-1, 2), 1))
    assert [e.hits for e in ev if isinstance(e, RaidRolled)] == [{}]
    do(s, "retreat", False)
    ev = do(s, "retreat", False)
    rolls = [e for e in ev if isinstance(e, RaidRolled)]
    assert rolls[0].hits == {"0": 1, "1": 1}
    assert s.sstate[7] == DESTROYED and s.sstate[0] == BOARD  # the Destroyer soaks 1 of its 2 dice


def test_third_parties_on_blockade_positions_may_join_and_choose_targets():
    s = make(3, ["rebel", "merchants", "brigands"])
    # rebel 0-6, merchants 7-15, brigands 16-19
    at(s, 0, -1, 2)
    at(s, 7, -1, 2)
    at(s, 16, 0, 2)
    at(s, 17, 0, 2, 3)  # a Raider on the edge shared with the raided hex
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    assert s.to_move() == [2] and kind(s) == "join"
    s.rng = ScriptedRng([[6, 1], [1], [6, 6]])
    do(s, "join", True)
    assert s.raid.ships[2] == [17] and s.raid.total == {0: 2, 1: 1, 2: 2}
    # Brigands score Raid Transport for the Transport involved, whether or not it is destroyed
    assert s.scores[2] == 1
    assert kind(s) == "aim"
    assert s.to_move() == [0] and sorted(args(s, "aim")) == [1, 2]
    do(s, "aim", 2)
    do(s, "aim", 1)  # the Brigands choose the Merchant
    assert s.raid.lost == {0: 0, 1: 1, 2: 1}


def test_rebels_cannot_raid_rebels():
    s = make(2, ["rebel", "smuggler"])
    at(s, 0, -1, 2)
    at(s, 7, -1, 2)
    assert any(a.kind == "raid" for a in raid_opts(s))
    s2 = make(2, ["rebel", "smuggler"])
    at(s2, 0, -1, 2)
    at(s2, 7, -1, 2)
    s2.card[1] = "rebel"
    assert not any(a.kind == "raid" for a in raid_opts(s2))
    s2.card[1] = "hunted"
    s2.card[0] = "rebel"
    assert any(a.kind == "raid" for a in raid_opts(s2))


def test_battleship_starts_and_joins_raids_next_door():
    s = make(3, ["alliance", "merchants", "brigands"])
    bs = 4
    at(s, bs, 0, 2)
    at(s, 5, -1, 2)   # a Transport next door
    opts = [a.arg for a in raid_opts(s) if a.kind == "raid"]
    assert ((-1, 2), 1) in opts
    s2 = make(3, ["merchants", "alliance", "brigands"])
    # merchants 0-8, alliance 9-13 (battleship 13), brigands 14-17
    at(s2, 0, -1, 2)
    at(s2, 14, -1, 2)
    at(s2, 13, 0, 2)
    raid_opts(s2, p=2)
    do(s2, "raid", ((-1, 2), 0))
    assert s2.to_move() == [1] and kind(s2) == "join"
    do(s2, "join", True)
    assert s2.raid.ships[1] == [13] and s2.raid.total[1] == 6


def test_asterisk_ship_is_captured_and_returns_after_captors_next_turn():
    s = make(2, ["rebel", "merchants"])
    yacht = 15
    at(s, 0, -1, 2)
    at(s, yacht, -1, 2)
    s.rng = ScriptedRng([[6, 6], [1]])
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    assert s.sstate[yacht] == CAPTURED
    cap = s.captures[0]
    assert cap[:3] == (yacht, 0, hx(s, -1, 2)) and cap[3] == frozenset({0}) and cap[4] == 2
    s.rng = Rng(3)
    for seat, held in ((0, True), (1, True), (0, False)):
        # the capturing turn ends; the owner's turn passes without the Yacht; the captor's next turn ends
        edit(s, stack=[])
        run(s, EndTurn(seat, False))
        while kind(s) == "arrange":
            do(s, "slot", args(s, "slot")[0])
        assert (s.sstate[yacht] == CAPTURED) == held
    assert s.loc[yacht] == hx(s, -1, 2) and s.captures == []


def test_a_captured_ship_with_no_room_to_return_waits_one_more_captor_turn():
    """docs/rules/blacksun.md: with no room in the capture hex, the ship waits for the end of the captor's next turn."""
    s = make(2, ["rebel", "merchants"])
    yacht, h = 15, (-1, 2)
    at(s, 0, *h)                    # the captor's Destroyer in the centre
    at(s, 7, *h)                    # a Merchant Transport in the centre: the owner's centre is taken ...
    for d in range(6):
        at(s, 8 + d, *h, d)         # ... and all six edges: no room for the Yacht
    edit(s, sstate=[CAPTURED if x == yacht else st for x, st in enumerate(s.sstate)],
         captures=[(yacht, 0, hx(s, *h), frozenset({0}), 1)])
    ev = run(s, EndTurn(0, False))
    assert [(e.ship, e.hex) for e in ev if isinstance(e, CaptureReturnBlocked)] == [(yacht, h)]
    assert s.sstate[yacht] == CAPTURED and s.captures == [(yacht, 0, hx(s, *h), frozenset({0}), 1)]
    lift(s, 13)                     # an edge comes free
    edit(s, stack=[])
    ev = run(s, EndTurn(0, False))
    assert [(e.ship, e.owner, e.hex) for e in ev if isinstance(e, CaptureReturned)] == [(yacht, 1, h)]
    assert s.sstate[yacht] == BOARD and s.captures == []


def test_amnesty_stops_a_raid_before_any_die():
    s = make(2, ["rebel", "medics"])
    # rebel 0-6, medics: ambunauts 7-9, medsats 10-12
    at(s, 0, -1, 2)
    at(s, 10, -1, 2)
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    assert s.to_move() == [1] and kind(s) == "amnesty"
    ev = do(s, "amnesty", True)
    assert not [e for e in ev if isinstance(e, RaidRolled)] and s.raid is None
    assert s.sstate[10] == BOARD


def test_sacrifice_cancels_the_round_and_places_a_crisis():
    tiles = space_tiles()
    tiles[(-1, 2)] = "P9"
    s = make(2, ["rebel", "medics"], tiles=tiles)
    at(s, 0, -1, 2)
    at(s, 7, -1, 2)
    at(s, 8, -1, 2, 1)
    s.rng = ScriptedRng([[6, 6], [6, 6]])
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    assert kind(s) == "sacrifice" and set(args(s, "sacrifice")) == {None, 7, 8}
    do(s, "sacrifice", 8)
    assert s.sstate[8] == DESTROYED
    assert s.raid.lost == {0: 0, 1: 0} and s.raid.total[1] == 1  # the round's 2 + 2 hits are ignored
    assert s.status[hx(s, -1, 2)] == scoring.NORMAL  # the Ambunaut sat on an edge: not at the planet
    assert s.to_move() == [1] and (-1, 2) in args(s, "counter")
    do(s, "counter", (-1, 2))
    assert s.status[hx(s, -1, 2)] == scoring.CRISIS


def test_transport_destroyed_at_a_planet_places_a_need_there():
    tiles = space_tiles()
    tiles[(-1, 2)] = "P8"
    tiles[(2, 0)] = "P12"
    s = make(2, ["rebel", "merchants"], tiles=tiles)
    at(s, 0, -1, 2)
    at(s, 7, -1, 2)
    s.rng = ScriptedRng([[6, 1], [1]])
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    assert s.sstate[7] == DESTROYED and s.status[hx(s, -1, 2)] == scoring.NEED


def test_transport_destroyed_off_planet_lets_its_owner_place_the_need():
    tiles = space_tiles()
    tiles[(2, 0)] = "P12"
    tiles[(-2, 0)] = "P7"
    s = make(2, ["rebel", "merchants"], tiles=tiles)
    s.status[hx(s, -2, 0)] = scoring.CRISIS
    at(s, 0, -1, 2)
    at(s, 7, -1, 2)
    s.rng = ScriptedRng([[6, 1], [1]])
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    assert s.to_move() == [1] and sorted(args(s, "counter"), key=str) == sorted([None, (2, 0)], key=str)
    do(s, "counter", (2, 0))
    assert s.status[hx(s, 2, 0)] == scoring.NEED


def test_retreat_cannot_cross_a_blockade_and_with_nowhere_to_go_ships_are_lost():
    s = make(2, ["rebel", "merchants"])
    h = (-1, 2)
    at(s, 0, *h)
    at(s, 7, *h)
    for d in range(6):
        at(s, 8 + d, *h, d)  # Merchants blockade all six edges
    s.rng = ScriptedRng([[1, 1], [1] * 7])
    raid_opts(s)
    do(s, "raid", (h, 1))
    do(s, "retreat", True)
    ev = do(s, "retreat", False)
    assert [e for e in ev if isinstance(e, RetreatBlocked)]
    assert s.sstate[0] == DESTROYED
    assert s.scores == [0, 0]  # nobody destroyed it: no points


def test_losses_formula_and_killer_tie_break():
    s = make(3, ["rebel", "alliance", "merchants"])
    r = raids.Raid(0, "hex", 0, 1)
    r.add(s, 1, [7, 8, 11])  # two Destroyers (2) and the Battleship (6)
    s.raid = r
    at(s, 7, -1, 2)
    at(s, 8, -1, 2, 1)
    at(s, 11, -1, 2, 2)
    r.lost[1] = 7  # spare dice: 1 + 1 + 5 = 7: nothing lost
    assert raids.losses(s, r, 1) == 0
    r.lost[1] = 8
    assert raids.losses(s, r, 1) == 1
    r.lost[1] = 10
    assert raids.losses(s, r, 1) == 3
    r.hits_on = {(0, 1): 2, (2, 1): 2}
    s.active = 2
    assert raids.killer(s, r, 1) == 2  # tie: the earliest from the active player
    s.active = 0
    assert raids.killer(s, r, 1) == 0


# ---------------------------------------------------------------- retreats
# The book: "A Retreat is an extra Fleet movement of 1 move, to a neighbouring hex. Because this is a move
# of 1, the Fleet may not pass through a Blockade", and "For the purposes of movement, the Blockading ship
# is treated as being in the same hex as the Ship in the centre". So a blockader that retreats leaves its
# edge for a hex next to the hex of its centre ship; with nowhere to go it is destroyed.


def _blockade_raid(s, rolls):
    """The Rebel Destroyer 0 in the centre of (-1, 2) raids Merchant Transport 8 on the edge to (0, 2)."""
    at(s, 0, -1, 2)
    at(s, 7, 0, 2)
    at(s, 8, 0, 2, 3)  # edge (0, 2)-(-1, 2), anchored in (0, 2) by Transport 7
    s.rng = ScriptedRng(rolls)
    raid_opts(s)
    do(s, "raid_blockade", ((-1, 2), 0, 8))


def test_a_blockader_retreating_from_a_blockade_raid_leaves_its_edge_for_a_hex_next_to_its_centre_ship():
    s = make(2, ["rebel", "merchants"])
    _blockade_raid(s, [[1, 1], [1]])  # a round without hits
    do(s, "retreat", False)  # the Rebel fights on
    edge = s.loc[8]
    do(s, "retreat", True)   # the Transport retreats
    # it is "in" (0, 2) for movement: one move to a neighbour of (0, 2), not back into the raided hex
    assert sorted(args(s, "retreat_to")) == sorted([(1, 2), (1, 1), (0, 1), (-1, 3), (0, 3)])
    do(s, "retreat_to", (1, 1))
    assert s.raid is None
    assert s.loc[8] == hx(s, 1, 1) and s.edge_occ[edge - s.board.n_hex] == -1  # the blockade is lifted
    assert s.loc[7] == hx(s, 0, 2)


def test_a_blockader_with_nowhere_to_retreat_to_is_destroyed():
    s = make(2, ["rebel", "merchants"])
    for x, d in zip(range(9, 14), (0, 1, 2, 4, 5)):
        at(s, x, 0, 2, d)  # the Merchants' own ships blockade every other edge of (0, 2)
    _blockade_raid(s, [[1, 1], [1]])
    do(s, "retreat", False)
    ev = do(s, "retreat", True)
    assert [e for e in ev if isinstance(e, RetreatBlocked)]
    assert s.sstate[8] == DESTROYED and s.raid is None
    assert s.scores == [0, 0]


def test_the_raiding_centre_ship_retreats_into_a_neighbour_but_not_across_the_blockade():
    s = make(2, ["rebel", "merchants"])
    _blockade_raid(s, [[1, 1], [1]])
    do(s, "retreat", True)
    do(s, "retreat", False)
    assert (0, 2) not in args(s, "retreat_to")  # across the blockading Transport
    assert sorted(args(s, "retreat_to")) == sorted([(0, 1), (-1, 1), (-2, 2), (-2, 3), (-1, 3)])
    do(s, "retreat_to", (-1, 1))
    assert s.loc[0] == hx(s, -1, 1) and s.loc[8] == s.board.n_hex + s.board.hex_edge[hx(s, 0, 2)][3]


def test_a_third_party_blockader_retreating_from_a_same_hex_raid_leaves_for_a_neighbour_of_its_centre_ship():
    s = make(3, ["rebel", "merchants", "brigands"])
    at(s, 0, -1, 2)
    at(s, 7, -1, 2)
    at(s, 16, 0, 2)
    at(s, 17, 0, 2, 3)  # a Brigands Raider on the edge of the raided hex, anchored in (0, 2)
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    s.rng = ScriptedRng([[1, 1], [1], [1, 1], [1, 1], [1]])  # two rounds without hits
    do(s, "join", True)
    do(s, "retreat", False)
    do(s, "retreat", False)
    edge = s.loc[17]
    do(s, "retreat", True)  # the Brigands leave the raid
    assert (-1, 2) not in args(s, "retreat_to") and (1, 1) in args(s, "retreat_to")
    do(s, "retreat_to", (1, 1))
    assert s.loc[17] == hx(s, 1, 1) and s.edge_occ[edge - s.board.n_hex] == -1
    assert s.loc[16] == hx(s, 0, 2)
    assert s.raid.out == [2] and kind(s) == "retreat"  # the Rebel and the Merchants fight on


def _five_ship_retreat(s):
    """Five Rebel ships in (-1, 2) (a Destroyer in the centre, three Destroyers and a Carrier on edges 0, 1, 2, 4) raid a Transport; nobody hits; the Rebel retreats."""
    at(s, 0, -1, 2)
    for x, d in ((1, 0), (2, 1), (3, 2), (4, 4)):
        at(s, x, -1, 2, d)
    at(s, 7, -1, 2)
    s.rng = ScriptedRng([[1] * 9, [1]])
    raid_opts(s)
    do(s, "raid", ((-1, 2), 1))
    do(s, "retreat", True)
    do(s, "retreat", False)


def _settle(s):
    """Arriving ships take the first offered slots; emptied centres are refilled by the first candidate."""
    while s.to_move() and kind(s) in ("arrange", "recentre"):
        do(s, "slot" if kind(s) == "arrange" else "recentre", args(s, "slot" if kind(s) == "arrange" else "recentre")[0])


def test_a_retreat_is_one_fleet_of_at_most_three_ships():
    # "Move One Fleet (Max. 3 Ships)"; "A Retreat is an extra Fleet movement": five ships may not all go
    s = make(2, ["rebel", "merchants"])
    _five_ship_retreat(s)
    assert kind(s) == "retreat_pick" and sorted(args(s, "add_ship")) == [0, 1, 2, 3, 4]
    do(s, "add_ship", 1)
    do(s, "add_ship", 2)
    do(s, "add_ship", 4)  # three ships: the fleet is full and sets off
    assert kind(s) == "retreat_to"
    h = hx(s, -1, 2)
    behind_d3 = s.board.nbr[h][2]
    assert s.board.coords[behind_d3] not in args(s, "retreat_to")  # the Destroyer staying on edge 2 blockades it
    to = args(s, "retreat_to")[0]
    do(s, "retreat_to", to)
    _settle(s)
    assert s.raid is None
    assert all(raids.anchors(s, x) == [hx(s, *to)] for x in (1, 2, 4))  # three ships went
    assert s.loc[0] == h and raids.anchors(s, 3) == [h]  # the ships left behind stay where they are


def test_a_retreating_fleet_may_be_smaller_but_one_with_nowhere_to_go_must_be_full():
    s = make(2, ["rebel", "merchants"])
    _five_ship_retreat(s)
    do(s, "add_ship", 0)
    assert "fleet_done" in kinds(s)  # the centre Destroyer alone can go somewhere: it may set off alone
    do(s, "fleet_done")
    do(s, "retreat_to", args(s, "retreat_to")[0])
    _settle(s)  # the four edge ships stay; one of them takes the emptied centre (the Rebel chooses)
    assert s.loc[0] != hx(s, -1, 2) and s.raid is None
    assert sum(1 for x in range(1, 5) if hx(s, -1, 2) in raids.anchors(s, x)) == 4


def test_a_blocked_retreat_loses_a_full_fleet_not_one_ship():
    h = (-1, 2)
    tiles = space_tiles()
    for n in ((0, 2), (0, 1), (-1, 1), (-2, 2), (-2, 3), (-1, 3)):
        tiles[n] = "G"  # Gas Giants all round: entered, never stayed in, so there is nowhere to retreat to
    s = make(2, ["rebel", "merchants"], tiles=tiles)
    at(s, 0, *h)
    for x, d in ((1, 0), (2, 1), (3, 2), (4, 3)):
        at(s, x, *h, d)
    at(s, 7, *h)
    at(s, 8, *h, 4)
    at(s, 9, *h, 5)
    s.rng = ScriptedRng([[1] * 9, [1] * 3])
    raid_opts(s)
    do(s, "raid", (h, 1))
    do(s, "retreat", True)
    do(s, "retreat", False)
    do(s, "add_ship", 0)
    assert "fleet_done" not in kinds(s)  # nowhere to go: the retreating fleet is as large as the limit allows
    do(s, "add_ship", 1)
    ev = do(s, "add_ship", 2)
    assert [e for e in ev if isinstance(e, RetreatBlocked)]
    assert [s.sstate[x] for x in range(5)] == [DESTROYED, DESTROYED, DESTROYED, BOARD, BOARD]


def test_a_blockader_in_either_hex_retreats_from_the_one_its_controller_chooses():
    # "the Blockading Ship can be treated as being in either hex. The controlling player always makes the decision"
    s = make(2, ["rebel", "merchants"])
    at(s, 9, -1, 2)  # a Merchant centre ship in the raided hex too: Transport 8 is in both hexes
    _blockade_raid(s, [[1, 1], [1]])
    do(s, "retreat", False)
    do(s, "retreat", True)
    assert kind(s) == "retreat_move" and sorted(args(s, "fleet_from")) == [(-1, 2), (0, 2)]
    do(s, "fleet_from", (-1, 2))
    assert (0, 2) in args(s, "retreat_to") and (-1, 1) in args(s, "retreat_to")  # neighbours of (-1, 2)
    do(s, "retreat_to", (-1, 1))
    assert s.loc[8] == hx(s, -1, 1) and s.raid is None
