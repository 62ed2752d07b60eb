"""Winning: Conquest at 100 facets (E11), Annihilation, Exile after three enemy turns, the turn limit."""

from __future__ import annotations

from voidtable.engine.dice import Die
from voidtable.games.nearspace import victory

from .helpers import blank, ship


def test_e11_conquest_at_one_hundred_facets():
    s = blank()
    s.graveyard[1] = [Die(20, c) for c in ("white", "blue", "red", "orange")] + [Die(12, "white"), Die(6, "white")]
    assert s.graveyard_facets(1) == 98
    a = ship(s, 1, 4, "white", (0, 1))
    victory.to_graveyard(s, a, "threat")  # threat losses count too
    assert s.over and s.winners == (0,) and s.over_reason == "conquest"
    assert s.result().winners == [0] and s.result().ranks == [1, 2]


def test_annihilation_needs_no_ships_and_no_way_to_field_more():
    s = blank(active=0)
    victory.check_end(s)
    assert not s.over  # nobody has ships at the start, but both Homeworlds can build
    ship(s, 0, 4, "white", (-2, 4))  # seat 0 holds seat 1's Homeworld; seat 1 has no ships
    victory.check_end(s)
    assert s.over and s.winners == (0,) and s.over_reason == "annihilation"
    s = blank(active=0)
    s.stockpile[1] = s.stockpile[1].__class__()  # no dice left
    victory.check_end(s)
    assert s.over and s.winners == (0,)
    s = blank(active=0)
    ship(s, 1, 8, "white", (-2, 4), invested=3)  # a hull at home: it can still field a ship
    s.stockpile[1] = s.stockpile[1].__class__()
    victory.check_end(s)
    assert not s.over


def test_exile_after_three_enemy_turns_held():
    s = blank(active=0)
    ship(s, 0, 6, "white", (-2, 4))
    ship(s, 1, 4, "white", (0, 1))  # seat 1 keeps a ship elsewhere (no Annihilation)
    victory.end_of_turn(s, 0)  # seat 0 captured it this turn: not an enemy turn
    assert s.exile == [0, 0]
    for n in (1, 2):
        victory.end_of_turn(s, 1)
        assert s.exile[0] == n and not s.over
        victory.end_of_turn(s, 0)
    victory.end_of_turn(s, 1)
    assert s.over and s.winners == (0,) and s.over_reason == "exile"


def test_exile_count_resets_when_presence_breaks():
    s = blank(active=0)
    i = ship(s, 0, 6, "white", (-2, 4))
    ship(s, 1, 4, "white", (0, 1))
    victory.end_of_turn(s, 1)
    victory.end_of_turn(s, 1)
    assert s.exile[0] == 2
    del s.ships[i]
    victory.end_of_turn(s, 1)
    assert s.exile[0] == 0


def test_turn_limit_fewer_graveyard_facets_wins():
    s = blank()
    s.turn = s.r.data.limits.max_turns
    s.graveyard[0] = [Die(6, "white")]
    victory.end_of_turn(s, 0)
    assert s.over and s.winners == (1,) and s.over_reason == "turn limit"
    s = blank()
    s.turn = s.r.data.limits.max_turns
    victory.end_of_turn(s, 1)
    assert s.winners == (0, 1) and s.result().ranks == [1, 1]
