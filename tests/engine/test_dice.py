"""engine.dice on its own: dice as values, rolls as logged chance, the finite Stockpile."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from voidtable.engine import dice
from voidtable.engine.dice import Die, Stockpile, check, roll
from voidtable.engine.fields import VALUE, mutable_parts
from voidtable.engine.rng import Rng


def test_doctests():
    assert doctest.testmod(dice).failed == 0


def test_die_is_a_hashable_value_with_a_facet_floor():
    assert Die(8, "red") == Die(8, "red") and hash(Die(8, "red")) == hash(Die(8, "red"))
    assert Die(6).colour == "white" and Die(6).facets == 6
    assert Die(0).facets == 1  # never below one facet
    assert Die(20, "green").name() == "green d20"
    assert mutable_parts(Die(4, "red")) == []  # safe in a VALUE field


def test_roll_is_uniform_logged_and_replayable():
    rng, log = Rng(42), []
    faces = [roll(rng, Die(6, "blue"), log.append, seat=1, why="test") for _ in range(6000)]
    assert set(faces) == set(range(1, 7))
    assert all(800 < n < 1200 for n in Counter(faces).values())
    assert len(log) == 6000
    assert log[0] == {"type": "rolled", "sides": 6, "colour": "blue", "value": faces[0], "seat": 1, "why": "test"}
    again = Rng(42)
    assert [roll(again, Die(6, "blue"), lambda e: None) for _ in range(6000)] == faces


def test_roll_refuses_a_sideless_die():
    with pytest.raises(ValueError, match="0 sides"):
        roll(Rng(0), Die(0), lambda e: None)


def test_check_is_roll_number_or_less():
    rng, log = Rng(3), []
    results = [check(rng, Die(4), 2, log.append) for _ in range(400)]
    for ok, event in zip(results, log):
        assert event["check"] == 2 and ok == (event["value"] <= 2)
    assert 150 < sum(results) < 250
    assert all(check(Rng(s), Die(20), 20, lambda e: None) for s in range(20))


def test_stockpile_counts_takes_and_gives_without_mutating():
    pile = Stockpile.of({Die(6, "red"): 2, Die(20, "green"): 1, Die(4, "red"): 0})
    assert pile.total() == 3 and pile.facets() == 32
    assert pile.kinds() == [Die(6, "red"), Die(20, "green")]
    fewer = pile.take(Die(6, "red"))
    assert pile.left(Die(6, "red")) == 2 and fewer.left(Die(6, "red")) == 1
    none_left = fewer.take(Die(6, "red"))
    assert not none_left.has(Die(6, "red")) and Die(6, "red") not in none_left.kinds()
    with pytest.raises(ValueError, match="no red d6 left"):
        none_left.take(Die(6, "red"))
    assert none_left.give(Die(6, "red")).give(Die(6, "red")) == pile
    assert Stockpile.of([Die(8), Die(8), Die(10)]).as_dict() == {Die(8): 2, Die(10): 1}
    with pytest.raises(ValueError):
        Stockpile.of({Die(8): -1})


def test_stockpile_is_an_immutable_value_for_clones():
    pile = Stockpile.of({Die(6, "red"): 2})
    assert mutable_parts(pile) == [] and VALUE.checked_immutable
    assert pile.to_json() == [{"sides": 6, "colour": "red", "count": 2}]


def test_face_and_faces_draw_what_roll_draws_without_an_event():
    """A game reporting faces in its own event keeps the random sequence of one logging ``rolled`` events."""
    logged: list = []
    a, b = Rng(11), Rng(11)
    assert [dice.roll(a, Die(6), logged.append) for _ in range(5)] == dice.faces(b, Die(6), 5)
    assert a.snapshot() == b.snapshot() and len(logged) == 5
    assert dice.face(Rng(4), Die(20)) == dice.roll(Rng(4), Die(20), lambda e: None)
    with pytest.raises(ValueError):
        dice.faces(Rng(1), Die(0), 1)


def test_roll_off_rerolls_only_the_tied_until_one_is_left():
    """Everyone rolls; the highest wins; the tied (and only they) roll again, in seat order."""
    rounds = iter([{0: 5, 1: 5, 2: 3}, {0: 4, 1: 4}, {0: 2, 1: 6}])
    asked: list[list[int]] = []

    def throw(rolling: list[int]) -> dict[int, int]:
        asked.append(list(rolling))
        return next(rounds)

    assert dice.roll_off([0, 1, 2], throw) == 1
    assert asked == [[0, 1, 2], [0, 1], [0, 1]]
    assert dice.roll_off([3], throw) == 3 and len(asked) == 3  # a lone seat wins without rolling
    with pytest.raises(ValueError):
        dice.roll_off([], throw)


def test_dice_throw_rolls_each_seat_in_order_and_logs_every_die():
    log: list = []
    rng = Rng(5)
    totals = dice.dice_throw(rng, (Die(6), Die(6)), log.append, why="first player")([2, 0])
    again = Rng(5)
    expected = [again.below(6) + 1 for _ in range(4)]
    assert totals == {2: expected[0] + expected[1], 0: expected[2] + expected[3]}
    assert [(e["seat"], e["value"], e["why"]) for e in log] == [(2, expected[0], "first player"), (2, expected[1], "first player"),
                                                                (0, expected[2], "first player"), (0, expected[3], "first player")]
