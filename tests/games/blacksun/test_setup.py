"""Setup steps 1-16: the stellar system, Starting Factions, ships, first player, placements."""

from __future__ import annotations

import pytest

import voidtable
from voidtable.engine import hexgrid as hg
from voidtable.engine.errors import OptionError
from voidtable.engine.rng import Rng
from voidtable.games.blacksun import stellar
from voidtable.games.blacksun.board import tile_kind
from voidtable.games.blacksun.events import FactionRedrawn, FirstPlayer, OrbitRoll, PlanetReplaced, RollOff
from voidtable.games.blacksun.positions import BOARD, OUT, UNPLACED, anchors

from voidtable.games.blacksun.flow import Place, Redraw

from .helpers import kind, ScriptedRng, args, do, kinds, make


def rules():
    return voidtable.load("blacksun", 2).rules


@pytest.mark.parametrize("seed", range(40))
def test_system_shape(seed):
    R = rules()
    tiles, events = stellar.build_system(R, "red_giant", Rng(seed))
    ggs = [h for h, t in tiles.items() if t == "G"]
    assert 1 <= len(ggs) <= 3  # 3 Gas Giants among 8 lottery hexes, 6 drawn
    assert tiles[(0, 0)] == "sun:red_giant"
    assert all(hg.length(g) == 3 and g in [hg.scale(d, 3) for d in hg.DIRECTIONS] for g in ggs)  # pushed two out
    assert all(h in tiles for h in hg.spiral((0, 0), 2))  # the 5-wide pattern is full
    assert len(tiles) == 1 + 18 + 6 * len(ggs)  # plus each Gas Giant and the 5 hexes completing its orbit
    planets = [int(t[1:]) for t in tiles.values() if t.startswith("P")]
    assert len(set(planets)) == len(planets)
    assert sum(1 for t in tiles.values() if t == "A") <= 6
    if len(ggs) == 3:  # every hex of the pile is used
        assert sorted(planets) == R.map.planets()
        assert sum(1 for t in tiles.values() if t == "S") == 15
    for g in ggs:  # steps 8-10: every Gas Giant has a planet among its added orbit hexes
        orbit = stellar.orbit_slots(g, R)
        assert len(orbit) == 5 and any(tile_kind(tiles[h]) == "planet" for h in orbit)


def test_planetless_orbit_steals_a_planet_by_dice():
    R = rules()
    tiles = {(0, 0): "sun:yellow_sun", (3, 0): "G"}
    for h in stellar.pattern_slots(R):
        tiles[h] = "S"
    tiles[(1, 0)] = "P10"
    tiles[(-1, 0)] = "P12"
    orbit = stellar.orbit_slots((3, 0), R)
    for h in orbit:
        tiles[h] = "S"
    tiles[orbit[0]] = "A"
    rng = ScriptedRng([[1, 1, 1], [2, 2, 2], [3, 3, 4]])  # 3: no planet; 6: not on the board; 10: taken
    rng.shuffle = Rng(5).shuffle
    events = stellar.fix_planetless_orbits(tiles, [], [0], R, rng)
    rolls = [e for e in events if isinstance(e, OrbitRoll)]
    assert [r.total for r in rolls] == [3, 6, 10] and [r.planet for r in rolls] == [False, False, True]
    assert [(e.hex, e.planet, e.by) for e in events if isinstance(e, PlanetReplaced)] == [((1, 0), 10, "space")]
    assert tiles[(1, 0)] == "S"  # the rolled planet's place gets a Space hex
    assert tiles[(-1, 0)] == "P12"
    assert sorted(tiles[h] for h in orbit) == sorted(["A", "S", "S", "S", "P10"])


def test_sun_option_and_random_sun():
    for sun in ("yellow_sun", "red_giant", "white_dwarf"):
        s = voidtable.load("blacksun", 3, {"sun": sun}).new_state(1)
        assert s.board.sun == sun
    drawn = {voidtable.load("blacksun", 3).new_state(k).board.sun for k in range(30)}
    assert drawn == {"yellow_sun", "red_giant", "white_dwarf"}
    with pytest.raises(OptionError):
        voidtable.load("blacksun", 3, {"sun": "blue_giant"})
    with pytest.raises(OptionError):
        voidtable.load("blacksun", 3, {"length": "medium"})


def test_suns_are_closed_but_the_white_dwarf_may_be_crossed():
    s = voidtable.load("blacksun", 2, {"sun": "white_dwarf"}).new_state(1)
    c = s.board.sun_hex
    assert s.board.enterable[c] and not s.board.stayable[c]
    for sun in ("yellow_sun", "red_giant"):
        s = voidtable.load("blacksun", 2, {"sun": sun}).new_state(1)
        assert not s.board.enterable[s.board.sun_hex]
    gg = [h for h, k in enumerate(s.board.kind) if k == "gas_giant"]
    assert gg and all(s.board.enterable[h] and not s.board.stayable[h] for h in gg)


def test_factions_dealt_and_redrawn_until_kept():
    s = voidtable.load("blacksun", 4).new_state(3)
    assert kind(s) == "redraw" and s.to_move() == [0]
    assert len(set(s.starting)) == 4 and len(s.deck) == 2
    first = s.starting[0]
    ev = do(s, "redraw_faction")
    assert isinstance(ev[0], FactionRedrawn) and ev[0].returned == first and s.starting[0] != first and first in s.deck
    assert len(set(s.starting)) == 4 and len(s.deck) == 2
    for _ in range(s.R.limits.max_redraws - 1):
        do(s, "redraw_faction")
    # the redraw cap leaves only "keep", which the game takes: seat 1 decides next
    assert s.redraws[0] == s.R.limits.max_redraws and s.to_move() == [1] and s.stack[-1] == Redraw(1)


def test_six_players_cannot_redraw():
    s = voidtable.load("blacksun", 6).new_state(3)
    assert sorted(s.starting) == sorted(["smuggler", "brigands", "merchants", "medics", "rebel", "alliance"])
    assert kind(s) != "redraw"  # no deck: every player keeps (a forced choice)


def test_determinize_hides_only_the_faction_deck():
    s = voidtable.load("blacksun", 2).new_state(8)
    d = s.determinize(0, Rng(1))
    assert sorted(d.deck) == sorted(s.deck) and d.view(0) == s.view(0)


def test_first_player_rolls_three_dice_and_ties_reroll():
    from voidtable.games.blacksun.setup import roll_off

    s = make(3, ["medics", "rebel", "alliance"])
    s.rng = ScriptedRng([[6, 6, 1], [5, 4, 4], [1, 1, 1], [2, 2, 2], [6, 1, 1]])
    assert roll_off(s, [0, 1, 2], "first_player") == 1  # 13 v 13 v 3: seats 0 and 1 roll again, 6 v 8
    events = s.take_events()
    rolls = [e for e in events if isinstance(e, RollOff)]
    assert len(rolls) == 2 and list(rolls[1].rolls) == ["0", "1"] and {r.why for r in rolls} == {"first_player"}
    assert [e.seat for e in events if isinstance(e, FirstPlayer)] == [1]


def _to_placement(seed: int, n: int = 3):
    s = voidtable.load("blacksun", n).new_state(seed)
    while kind(s) == "redraw":
        do(s, "keep_faction")
    return s


def test_placement_rounds_order_and_first_ship_in_centre():
    s = _to_placement(11)
    order = [(s.first + k) % 3 for k in range(3)]
    assert s.to_move() == [order[0]] and kind(s) == "place"
    p = order[0]
    h = args(s, "place_hex")[0]
    do(s, "place_hex", h)
    assert all(a[1] == -1 for a in args(s, "put"))  # the first ship in a hex goes to the centre
    t = args(s, "put")[0][0]
    do(s, "put", (t, -1))
    if "put" in kinds(s):
        assert all(a[1] >= 0 for a in args(s, "put"))  # the rest go on the edges
    if "place_done" in kinds(s):
        do(s, "place_done")
    assert s.to_move() == [order[1]]


def _finish_placements(s):
    while kind(s) in ("place", "place_ships"):
        k = kinds(s)
        if "stay" in k:
            do(s, "stay")
        elif "place_hex" in k:
            do(s, "place_hex", args(s, "place_hex")[0])
        elif "put" in k:
            do(s, "put", args(s, "put")[0])
        else:
            do(s, "place_done")


def test_medics_get_a_third_placement_after_everyone():
    for seed in range(60):
        s = _to_placement(seed, 6)
        medics = s.starting.index("medics")
        tasks = [t for t in s.stack if isinstance(t, Place)]
        # the stack top is the first placement; the Medics' third one is the last of all
        assert [t for t in tasks if t.rnd == 2] == [Place(medics, 2)]
        assert tasks[0] == Place(medics, 2)
        assert sum(1 for t in tasks if t.seat != medics) == 10
        break


def test_smuggler_may_re_place_in_the_second_round():
    for seed in range(200):
        s = _to_placement(seed, 2)
        if "smuggler" in s.starting:
            break
    smug = s.starting.index("smuggler")
    freighter = s.owner.index(smug)
    while not (kind(s) == "place" and s.stack[-1].seat == smug and s.stack[-1].rnd == 1):
        k = kinds(s)
        if "place_hex" in k:
            do(s, "place_hex", args(s, "place_hex")[0])
        elif "put" in k:
            do(s, "put", args(s, "put")[0])
        else:
            do(s, "place_done")
    first_place = s.loc[freighter]
    assert "stay" in kinds(s)
    target = [h for h in args(s, "place_hex") if s.board.hex_of(h) != first_place][0]
    do(s, "place_hex", target)
    assert s.sstate[freighter] == BOARD and s.loc[freighter] == s.board.hex_of(target)


def test_unplaced_ships_take_no_part():
    s = _to_placement(4, 2)
    while kind(s) in ("place", "place_ships"):
        k = kinds(s)
        if "stay" in k:
            do(s, "stay")
        elif "place_hex" in k:
            do(s, "place_hex", args(s, "place_hex")[0])
        elif "place_done" in k:
            do(s, "place_done")  # one ship per placement
        else:
            do(s, "put", args(s, "put")[0])
    assert UNPLACED not in s.sstate
    assert OUT in s.sstate
    assert all(anchors(s, i) for i in range(len(s.owner)) if s.sstate[i] == BOARD)
    assert s.active == s.first and s.turns == 1


def test_manual_setup_deals_hexes_and_players_lay_them():
    s = voidtable.load("blacksun", 3, {"manual_setup": True}).new_state(2)
    assert s.board is None and kind(s) == "lay_hex" and s.to_move() == [0]
    hands = s.manual.hands
    assert sum(len(h) for h in hands) == 33 and max(map(len, hands)) - min(map(len, hands)) <= 1
    slots = len(s.manual.open)
    tile = args(s, "hex_tile")[0]
    do(s, "hex_tile", tile)
    slot = args(s, "hex_slot")[-1]
    do(s, "hex_slot", slot)
    assert s.manual.tiles[tuple(slot)] == tile and s.to_move() == [1]
    while s.manual is not None:
        k = kinds(s)
        do(s, k[0], args(s, k[0])[0])
    assert s.board is not None and s.board.n_hex == 1 + slots + (slots - 18) // 5
    assert s.board.coords[s.board.hex_of((tuple(slot)))] == tuple(slot)
