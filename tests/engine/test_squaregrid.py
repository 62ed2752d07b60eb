"""Square grids: distances, neighbours, bounded reach, numbering."""

from __future__ import annotations

import pytest

from voidtable.engine.squaregrid import SquareGrid, chebyshev, manhattan, neighbors4, neighbors8, step_toward


def test_distances_count_king_and_rook_steps():
    assert chebyshev((0, 0), (3, 2)) == 3
    assert chebyshev((5, 5), (5, 5)) == 0
    assert manhattan((0, 0), (3, 2)) == 5
    assert chebyshev((2, 7), (9, 0)) == 7


def test_neighbours_four_and_eight():
    assert len(set(neighbors4((3, 3)))) == 4 and all(manhattan((3, 3), n) == 1 for n in neighbors4((3, 3)))
    assert len(set(neighbors8((3, 3)))) == 8 and all(chebyshev((3, 3), n) == 1 for n in neighbors8((3, 3)))


def test_grid_numbers_cells_row_by_row():
    g = SquareGrid(10, 8)
    assert len(g) == 80
    assert all(g.cell(g.index(c)) == c for c in g)
    assert g.index((9, 0)) == 9 and g.index((0, 1)) == 10
    with pytest.raises(ValueError):
        g.index((10, 0))
    with pytest.raises(ValueError):
        g.cell(80)
    assert (9, 7) in g and (-1, 0) not in g and (0, 8) not in g and "x" not in g


def test_grid_clips_neighbours_and_reach_at_its_edges():
    g = SquareGrid(10, 8)
    assert sorted(g.neighbors((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    assert sorted(g.neighbors((0, 0), diagonal=False)) == [(0, 1), (1, 0)]
    assert len(g.within((5, 4), 1)) == 9
    assert len(g.within((5, 4), 2)) == 25
    assert len(g.within((5, 4), 2, diagonal=False)) == 13
    assert len(g.within((0, 0), 3)) == 16
    assert all(chebyshev((0, 0), c) <= 3 for c in g.within((0, 0), 3))


def test_columns_and_mirror():
    g = SquareGrid(10, 8)
    left = g.columns([0, 1])
    assert len(left) == 16 and {c[0] for c in left} == {0, 1}
    assert {g.mirror(c)[0] for c in left} == {8, 9}
    assert g.mirror(g.mirror((3, 5))) == (3, 5)


def test_step_toward_closes_distance_by_one():
    for a, b in [((0, 0), (5, 3)), ((4, 4), (4, 0)), ((7, 2), (1, 6))]:
        assert chebyshev(step_toward(a, b), b) == chebyshev(a, b) - 1
    assert step_toward((2, 2), (2, 2)) == (2, 2)


def test_bad_size_is_refused():
    with pytest.raises(ValueError):
        SquareGrid(0, 3)
