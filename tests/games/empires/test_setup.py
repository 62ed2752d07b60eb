"""Setup for 2, 3 and 4 players (book: Setup 1-9, the 3-player and 2-player games)."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.games.empires import galaxy
from voidtable.games.empires.galaxy import CORNERS, connected

from .helpers import fresh, through_setup


def test_tiles_centre_and_ring_4p():
    s = fresh(4)
    assert s.tile_at[(0, 0)] == s.r.centre
    assert set(s.tile_at) == {(0, 0), *galaxy.RING}
    assert sorted(s.tile_at.values()) == sorted(s.r.tiles)


def test_first_player_then_races_in_seat_order_then_corner():
    s = fresh(4, seed=3)
    first = s.first
    seen = []
    while s.pending.__class__.__name__ == "ChooseRace":
        p = s.to_move()[0]
        seen.append(p)
        s.apply(p, s.legal_actions(p)[0])
    assert seen == [(first + i) % 4 for i in range(4)]
    assert len(set(s.race)) == 4
    assert all(s.credits[p] == s.r.race(s.race[p]).credits for p in range(4))
    assert s.to_move() == [first]


def corners_after(players: int, pick: int, seed: int = 2):
    s = fresh(players, seed=seed)
    while s.pending.__class__.__name__ == "ChooseRace":
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    choice = s.legal_actions(s.first)[pick]
    s.apply(s.first, choice)
    return s, choice.arg


def test_4p_corners_next_skip_one_next():  # T24
    s, c = corners_after(4, 2)
    i = CORNERS.index(c)
    assert [s.corner[p] for p in s.order] == [CORNERS[(i + k) % 6] for k in (0, 1, 3, 4)]


def test_3p_corners_evenly_spaced():  # T24
    s, c = corners_after(3, 1)
    i = CORNERS.index(c)
    assert [s.corner[p] for p in s.order] == [CORNERS[(i + k) % 6] for k in (0, 2, 4)]


def test_rotations_from_the_third_player_each_tile_once():  # T24
    s, _ = corners_after(4, 0)
    asked = []
    while s.pending.__class__.__name__ == "RotateTile":
        p = s.to_move()[0]
        asked.append(p)
        legal = s.legal_actions(p)
        assert legal[0] == Action("no_rotate", None)
        for a in legal[1:]:
            assert s.tile_at[a.arg[0]] not in s.rotated
            assert a.arg[0] in galaxy.tiles_touching(s.corner[p], s.tile_at)
        s.apply(p, legal[-1])  # rotate something when possible
    assert asked == [s.order[2], s.order[3], s.order[0], s.order[1]]
    assert len(set(s.rotated)) == len(s.rotated)


def test_2p_board_and_rotations():  # T32
    s, _ = corners_after(2, 0)
    assert len(s.tile_at) == 4 and set(s.tile_at) == {(0, 0), *galaxy.TWO_PLAYER_TILES}
    assert all(galaxy.CENTRE not in galaxy.tiles_touching(c, s.tile_at) for c in s.corner if c)
    for c in s.corner:
        assert c is not None and hexdist(c, (0, 0)) == 2
    asked = []
    while s.pending.__class__.__name__ == "RotateTile":
        p = s.to_move()[0]
        asked.append(p)
        for a in s.legal_actions(p)[1:]:
            assert a.arg[0] == galaxy.TWO_PLAYER_ABOVE[s.corner[p]]
        s.apply(p, s.legal_actions(p)[0])
    assert asked == [s.order[1], s.order[0]]


def hexdist(a, b):
    return galaxy.hexgrid.distance(a, b)


def test_2p_game_nine_planets_row_of_four_and_no_absent_planet_events():  # T32
    s = through_setup(2, seed=5)
    assert len([p for p in s.control if not p.startswith("home")]) == 9
    assert len(s.row) == 4
    planets = set(s.control)
    for e in s.event_deck + s.events_out:
        if e in s.r.event_keys:
            card = s.r.data.events.cards[e]
            assert not card.planet or card.planet in planets


def test_3p_three_covered_planets_twelve_in_play():  # T33
    s = through_setup(3, seed=4)
    assert len(s.covered) == 3
    assert len([p for p in s.control if not p.startswith("home")]) == 12
    for seat, planet in zip(s.order, s.covered):
        tile = s.tile_at[galaxy.right_tile(s.corner[seat])]
        assert planet in s.r.tiles[tile].planets.values()
    for e in s.event_deck + s.events_out:
        if e in s.r.event_keys:
            assert s.r.data.events.cards[e].planet not in s.covered


def test_event_deck_twelve_cards_score_cards_fifth_ninth_twelfth():  # T18
    for players in (2, 3, 4):
        s = through_setup(players, seed=players)
        deck = s.event_deck
        assert len(deck) == 12
        assert [i + 1 for i, c in enumerate(deck) if c in ("A", "B", "C")] == [5, 9, 12]
        assert deck[4] == "A" and deck[8] == "B" and deck[11] == "C"
        view = s.view(0)
        assert view["event_backs"][4] == "score" and view["event_backs"][0] == "event"


def test_two_cards_each_and_no_ships():  # T17, R1
    for players in (2, 3, 4):
        s = through_setup(players, seed=7)
        assert all(len(h) == 2 for h in s.hands)
        assert not s.ships
        assert s.round == 1 and sorted(s.to_move()) == list(range(players))


def test_every_home_reaches_every_planet_ignoring_obstacles():
    for players in (2, 3, 4):
        s = through_setup(players, seed=11)
        assert connected(s.graph)
        for seat in range(players):
            dist = galaxy.distances(s.graph, f"home{seat}")
            assert all(p in dist for p in s.control)
