"""engine.graph: breadth-first steps on any board, and the all-pairs table a board keeps as its own field."""

from __future__ import annotations

import doctest

from voidtable.engine import graph, hexgrid
from voidtable.engine.graph import all_steps, steps_from, steps_over
from voidtable.engine.hexgrid import HexIndex


def test_doctests():
    assert doctest.testmod(graph).failed == 0


def test_steps_on_a_hex_patch_are_hex_distances():
    """On a gapless hex patch the breadth-first steps equal the hex distance, for every pair."""
    grid = HexIndex(hexgrid.spiral((0, 0), 3))
    table = all_steps([[b for b in grid.nbr[i] if b >= 0] for i in range(len(grid))])
    for i, a in enumerate(grid.coords):
        for j, b in enumerate(grid.coords):
            assert table[i][j] == hexgrid.distance(a, b)
    assert grid.distances_from(0) == list(table[0])


def test_several_sources_count_from_the_nearest_and_barred_places_are_never_entered():
    line = [(1,), (0, 2), (1, 3), (2, 4), (3,)]  # 0-1-2-3-4
    assert steps_from(line, [0, 4]) == [0, 1, 2, 1, 0]
    assert steps_from(line, [0], passable=[True, True, False, True, True]) == [0, 1, -1, -1, -1]
    assert steps_from([(1, -1), (0,)], [0]) == [0, 1]  # -1 is "off the map", not the last place


def test_steps_over_keeps_only_reached_places_in_the_order_met():
    adjacency = {"a": ["b", "c"], "b": ["a", "d"], "c": ["a"], "d": ["b"], "x": []}
    got = steps_over(lambda k: adjacency.get(k, ()), ["a"])
    assert got == {"a": 0, "b": 1, "c": 1, "d": 2} and list(got) == ["a", "b", "c", "d"]
    assert steps_over(lambda k: adjacency[k], ["a"], enter=lambda k: k != "b") == {"a": 0, "c": 1}


def test_nearspace_board_carries_its_own_step_table():
    """The table lives on the board object (no module cache keyed by id() that a new board could alias)."""
    from voidtable.engine.registry import load
    from voidtable.games.nearspace.bot import distances

    board = load("nearspace", 2).rules.board
    assert distances(board) is board.steps
    assert board.distance == (board.steps[board.homeworld[0]], board.steps[board.homeworld[1]])
    assert all(board.steps[a][b] == 1 for a in range(len(board.hexes)) for b in board.neighbours[a])
