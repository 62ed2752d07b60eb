"""The main game's study measures read from hand-made event logs: first colony by a cycle, land explored, war and peace."""

from __future__ import annotations

from voidtable.engine.registry import load
from voidtable.games.abyss.fourx import measures
from voidtable.games.abyss.fourx.events import (ColonyFounded, CycleBegan, Flew, GameOver, PeaceDeclined, PeaceMade,
                                                Revealed, Scanned, TurnedBack, WarDeclared)


def cells_of(events, players=3):
    game = load("abyss", players, {"battle": "auto"})
    return {(m, r, c): v for m, r, c, v in measures.measure(game, events, None)}  # type: ignore[arg-type]


LOG = [
    CycleBegan(1, 0, (0, 1, 2)),
    Revealed(7, "green"),
    Flew(1, 3, 2, 7),
    Flew(1, 3, 7, 8),                      # onto a face-up place: no reveal
    Revealed(9, "black_hole"),
    TurnedBack(2, 5, 9),                   # revealed, not entered
    Scanned(1, 7, 0, "plains", ""),
    Scanned(1, 7, 1, "water", ""),
    CycleBegan(3, 0, (0, 1, 2)),
    ColonyFounded(1, 7, 0, 40),
    WarDeclared(0, 2),
    CycleBegan(5, 0, (0, 1, 2)),
    ColonyFounded(0, 8, 0, 2),
    PeaceMade(2, 0),
    PeaceDeclined(1, 0),
    GameOver((0,), "secret", 6),
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
