"""The shared hex-grid module: coordinates, rings, distances and edges as places."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from voidtable.engine import hexgrid as hg

coords = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


def test_directions_are_opposite_pairs():
    for d in range(6):
        a = hg.DIRECTIONS[d]
        b = hg.DIRECTIONS[hg.opposite(d)]
        assert (a[0] + b[0], a[1] + b[1]) == (0, 0)


def test_ring_sizes_and_distances():
    assert hg.ring((0, 0), 0) == [(0, 0)]
    for r in range(1, 5):
        ring = hg.ring((2, -1), r)
        assert len(ring) == 6 * r
        assert len(set(ring)) == 6 * r
        assert all(hg.distance((2, -1), h) == r for h in ring)
    assert len(hg.spiral((0, 0), 3)) == 37
    assert hg.spiral((0, 0), 1)[0] == (0, 0)


def test_ring_is_a_closed_walk():
    ring = hg.ring((0, 0), 3)
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert hg.distance(a, b) == 1


@given(coords, st.integers(0, 5))
def test_edge_is_shared_and_canonical(h, d):
    n = hg.neighbor(h, d)
    e = hg.edge(h, d)
    assert e == hg.edge(n, hg.opposite(d))
    assert e[2] in (0, 1, 2)
    assert set(hg.edge_hexes(e)) == {h, n}
    assert hg.shared_edge(h, n) == e


@given(coords, coords)
def test_distance_is_a_metric(a, b):
    assert hg.distance(a, b) == hg.distance(b, a)
    assert (hg.distance(a, b) == 0) == (a == b)
    assert hg.distance(a, b) <= hg.distance(a, (0, 0)) + hg.distance((0, 0), b)


def test_edges_of_a_hex_are_six_and_distinct():
    es = hg.edges_of((3, -2))
    assert len(set(es)) == 6
    assert hg.shared_edge((0, 0), (2, 0)) is None
    assert hg.direction_to((0, 0), (0, 1)) == 5
    assert hg.direction_to((0, 0), (0, 2)) is None


def test_index_numbers_hexes_and_edges():
    idx = hg.HexIndex(hg.spiral((0, 0), 1))
    assert len(idx) == 7
    # 7 hexes: 6 inner shared edges to the centre, 6 ring-to-ring edges, 6*3 rim edges = 30
    assert len(idx.edges) == 30
    c = idx.index[(0, 0)]
    for d in range(6):
        j = idx.nbr[c][d]
        assert idx.coords[j] == hg.neighbor((0, 0), d)
        e = idx.hex_edge[c][d]
        assert idx.edge_between(c, j) == e
        assert set(idx.edge_sides[e]) == {c, j}
        assert idx.other_side(e, c) == j
    rim = [e for e, (a, b) in enumerate(idx.edge_sides) if b == -1]
    assert len(rim) == 18
    outer = idx.index[(1, 0)]
    assert idx.nbr[outer][0] == -1
    assert idx.other_side(idx.hex_edge[outer][0], outer) == -1


def test_index_distances_respect_barriers():
    idx = hg.HexIndex(hg.spiral((0, 0), 2))
    start = idx.index[(2, 0)]
    dist = idx.distances_from(start)
    assert dist[idx.index[(-2, 0)]] == 4
    passable = [h != (0, 0) for h in idx.coords]
    assert idx.distances_from(start, passable)[idx.index[(-2, 0)]] == 5
    # a wall through the middle: only the ring-2 road remains
    wall = {(0, 0), (1, -1), (-1, 1), (0, 1), (0, -1)}
    passable = [h not in wall for h in idx.coords]
    assert idx.distances_from(idx.index[(1, 0)], passable)[idx.index[(-1, 0)]] == 6
