"""The main game in words: every action and event along random games has words without keys, and the map renders."""

from __future__ import annotations

import random

import pytest

from voidtable.engine.game import Game
from voidtable.games.abyss.fourx import SPEC, text


@pytest.mark.parametrize("players,options", [(3, {}), (5, {"map": 1})])
def test_actions_and_events_have_words_and_the_galaxy_renders(players, options):
    game = Game(SPEC, players, options)
    s = game.new_state(11)
    chooser = random.Random(11)
    kinds_seen, events_seen = set(), set()
    steps = 0
    while not s.is_over() and steps < 3000:
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        for a in legal:
            words = text.describe_action(game, a, names=None)
            assert words and "_" not in words, (a, words)
            kinds_seen.add(a.kind)
        busy = [a for a in legal if a.kind not in ("done", "stop", "abstain", "offer_peace")] or legal
        for e in s.apply(p, chooser.choice(busy)):
            words = text.describe_event(game, e)
            events_seen.add(e["type"])
            assert words is None or ("_" not in words and "None" not in words), (e, words)
        steps += 1
    view = s.view(0)
    picture = text.render(game, view, names=["Ann", "Bo", "Cy", "Di", "Ed"][:players])
    assert "Ann" in picture and "Key:" in picture and len(picture.splitlines()) > 8
    assert {"select", "step", "declare_war", "build", "vote", "elect"} <= kinds_seen
    assert {"cycle", "production", "moved", "revealed", "tribunal"} <= events_seen


def test_a_seat_is_named_by_its_player_or_its_race_number():
    game = Game(SPEC, 4, {})
    assert text.seat_name(game, 2) == "Race 3" and text.seat_name(game, 2, ["a", "b", "Cy", "d"]) == "Cy"
    assert text.ship_name(game, 0) == "Race 1's Fighter 1"


def test_the_end_names_the_victory_in_words():
    game = Game(SPEC, 3, {})
    for kind, words in (("secret", "the secret of life"), ("tribunal", "tribunal terms"), ("limit", "the cycle limit")):
        line = text.describe_event(game, {"type": "game_over", "winners": [1], "kind": kind, "cycle": 9}, names=["A", "B", "C"])
        assert line == f"Game over: B win by {words}." or line.startswith(f"Game over: B win by {words}")
