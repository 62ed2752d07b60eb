"""engine.decks: one draw with the discard reshuffled in, and one way to tell a hidden draw."""

from __future__ import annotations

import doctest

import pytest

from voidtable.engine import decks
from voidtable.engine.decks import ANY, FIRST, LAST, draw, tell_hidden_draw
from voidtable.engine.rng import Rng


def test_doctests():
    assert doctest.testmod(decks).failed == 0


def test_draw_takes_the_top_at_the_end_the_game_keeps_it():
    deck = [1, 2, 3]
    assert draw(Rng(1), deck, [], top=LAST) == 3 and draw(Rng(1), deck, [], top=FIRST) == 1 and deck == [2]


def test_an_empty_deck_takes_the_discard_shuffled_and_says_so():
    deck: list[int] = []
    discard = [10, 11, 12, 13]
    told: list[int] = []
    rng, same = Rng(9), Rng(9)
    card = draw(rng, deck, discard, top=FIRST, reshuffled=told.append)
    expected = [10, 11, 12, 13]
    same.shuffle(expected)
    assert told == [4] and discard == [] and card == expected[0] and deck == expected[1:]
    assert rng.snapshot() == same.snapshot()


def test_nothing_to_draw_is_none_and_a_random_pile_needs_no_shuffle():
    assert draw(Rng(1), [], [], top=LAST) is None
    pile: list[str] = []
    rng, same = Rng(3), Rng(3)
    card = draw(rng, pile, ["a", "b", "c"], top=ANY)
    assert card == ["a", "b", "c"][same.below(3)] and rng.snapshot() == same.snapshot()  # one draw, no shuffle
    assert sorted(pile + [card]) == ["a", "b", "c"]


def test_a_hidden_draw_names_its_cards_to_the_drawer_alone():
    out: list = []
    tell_hidden_draw(out.append, 1, {"type": "drew", "seat": 1}, {"type": "drew_card", "seat": 1, "card": "x", "visible_to": [1]})
    assert [e["type"] for e in out] == ["drew", "drew_card"]
    with pytest.raises(ValueError, match="alone"):
        tell_hidden_draw(out.append, 1, None, {"type": "drew_card", "seat": 1, "card": "x", "visible_to": [0, 1]})
    with pytest.raises(ValueError, match="names what was drawn"):
        tell_hidden_draw(out.append, 1, {"type": "drew", "seat": 1, "card": "x"},
                         {"type": "drew_card", "seat": 1, "card": "x", "visible_to": [1]})
    with pytest.raises(ValueError, match="public"):
        tell_hidden_draw(out.append, 1, {"type": "drew", "seat": 1, "visible_to": [1]},
                         {"type": "drew_card", "seat": 1, "card": "x", "visible_to": [1]})
    assert len(out) == 2  # nothing emitted by a refused draw
