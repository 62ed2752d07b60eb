"""The main game's study measures read from hand-made event logs: first colony by a cycle, land explored, war and peace."""

from __future__ import annotations

from voidtable.engine.registry import load
from voidtable.games.abyss.fourx import measures


def cells_of(events, players=3):
    game = load("abyss", players, {"battle": "auto"})
    return {(m, r, c): v for m, r, c, v in measures.measure(game, events, None)}  # type: ignore[arg-type]


LOG = [
    {"type": "cycle", "cycle": 1},
    {"type": "revealed", "place": 7, "kind": "green"},
    {"type": "moved", "seat": 1, "ship": 3, "came": 2, "to": 7},
    {"type": "moved", "seat": 1, "ship": 3, "came": 7, "to": 8},            # onto a face-up place: no reveal
    {"type": "revealed", "place": 9, "kind": "black_hole"},
    {"type": "black_hole", "seat": 2, "ship": 5, "place": 9},                # revealed, not entered
    {"type": "scanned", "seat": 1, "place": 7, "square": 0, "terrain": "plains", "good": ""},
    {"type": "scanned", "seat": 1, "place": 7, "square": 1, "terrain": "water", "good": ""},
    {"type": "cycle", "cycle": 3},
    {"type": "colony", "seat": 1, "place": 7},
    {"type": "war", "seat": 0, "on": 2},
    {"type": "cycle", "cycle": 5},
    {"type": "colony", "seat": 0, "place": 8},
    {"type": "peace", "seat": 2, "by": 0},
    {"type": "peace_declined", "seat": 1, "by": 0},
    {"type": "game_over", "kind": "secret", "cycle": 6},
]


def test_first_colony_by_cycle_three_and_five_per_seat():
    c = cells_of(LOG)
    assert c[("colony_by", "by cycle 3", "seat 1")] == 1.0
    assert c[("colony_by", "by cycle 3", "seat 0")] == 0.0 and c[("colony_by", "by cycle 5", "seat 0")] == 1.0
    assert c[("colony_by", "by cycle 5", "seat 2")] == 0.0, "a seat that never colonised counts as not by cycle 5"
    assert c[("first_colony", "seat 1", "")] == 3.0


def test_places_revealed_go_to_the_seat_whose_ship_revealed_them_and_scans_count_squares():
    c = cells_of(LOG)
    assert [c[("explored", "places revealed", f"seat {q}")] for q in range(3)] == [0.0, 1.0, 1.0]
    assert [c[("explored", "planet squares", f"seat {q}")] for q in range(3)] == [0.0, 2.0, 0.0]


def test_wars_declared_and_peace_made_count_per_game():
    c = cells_of(LOG)
    assert c[("wars", "wars declared", "")] == 1.0 and c[("wars", "peace made", "")] == 1.0


def test_every_seat_gets_the_new_cells_and_each_is_a_declared_measure():
    c = cells_of(LOG, players=4)
    assert ("colony_by", "by cycle 3", "seat 3") in c and ("explored", "places revealed", "seat 3") in c
    for (m, _, _), v in c.items():
        assert m in measures.MEASURES
        if measures.MEASURES[m]["kind"] == "rate":
            assert 0.0 <= v <= 1.0
