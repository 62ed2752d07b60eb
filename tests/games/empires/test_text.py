"""Words for the log and the terminal: names as printed, never keys; every event and action describable."""

from __future__ import annotations

import random

from voidtable.engine.actions import Action
from voidtable.games.empires import SPEC, text
from voidtable.games.empires.events import Rolled

from .helpers import fresh


def test_words_along_a_game():
    for players in (2, 3, 4):
        s = fresh(players, seed=players)
        game = s.game
        chooser = random.Random(players)
        events = list(s.setup_events)
        steps = 0
        while not s.is_over() and steps < 400:
            p = chooser.choice(s.to_move())
            legal = s.legal_actions(p)
            for a in legal:
                assert text.describe_action(game, a)
            events += s.apply(p, chooser.choice(legal))
            steps += 1
        for e in events:  # every event says itself, but the dice (the events that follow say what they did)
            assert text.describe_event(game, e) or isinstance(e, Rolled), e
        board = text.render(game, s.view(0))
        assert "Pyrious" in board and "Round" in board
        assert ".p" not in board and "home0" not in board  # no internal keys on the map
    assert SPEC.hooks.text is text


def test_names_are_the_printed_ones():
    s = fresh(4, seed=1)
    g = s.game
    assert text.space_name(g, None, "bindok_ii") == "Bindok II"
    assert text.ship_name(g, "firebug") == "Fire Bug"
    assert text.describe_action(g, Action("research", "warp_gate")) == "research Warp Gate"
    assert text.seat_name(g, None, 1, ["Ann", "Bob"]) == "Bob"
