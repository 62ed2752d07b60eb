"""The main game in words: every action and event along random games has words without keys, and the map renders."""

from __future__ import annotations

import random

import pytest

from voidtable.engine.events import event_json
from voidtable.engine.game import Game
from voidtable.games.abyss.battle import slots
from voidtable.games.abyss.battle_events import BattleOver, Destroyed, Disabled, Fled, Moved, RoundBegan, Shot
from voidtable.games.abyss.fourx import SPEC, text
from voidtable.games.abyss.fourx.events import (CycleBegan, Damaged, Flew, FoundColony, FoundMarine, FoundResource,
                                                FoundTech, GameOver, Lost, Produced, Revealed, TribunalSeated)


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
            events_seen.add(type(e))
            assert words is None or ("_" not in words and "None" not in words), (e, words)
        steps += 1
    view = s.view(0)
    picture = text.render(game, view, names=["Ann", "Bo", "Cy", "Di", "Ed"][:players])
    assert "Ann" in picture and "Key:" in picture and len(picture.splitlines()) > 8
    assert {"select", "step", "declare_war", "build", "vote", "elect"} <= kinds_seen
    assert {CycleBegan, Produced, Flew, Revealed, TribunalSeated} <= events_seen


def test_a_seat_is_named_by_its_player_or_its_race_number():
    game = Game(SPEC, 4, {})
    assert text.seat_name(game, 2) == "Race 3" and text.seat_name(game, 2, ["a", "b", "Cy", "d"]) == "Cy"
    assert text.ship_name(game, 0) == "Race 1's Fighter 1"


def test_the_end_names_the_victory_in_words():
    game = Game(SPEC, 3, {})
    for kind, words in (("secret", "the secret of life"), ("tribunal", "tribunal terms"), ("limit", "the cycle limit")):
        line = text.describe_event(game, GameOver((1,), kind, 9), names=["A", "B", "C"])
        assert line == f"Game over: B win by {words}." or line.startswith(f"Game over: B win by {words}")


def test_the_shared_battles_records_are_told_in_the_main_games_own_words():
    """The battle's records are the fleet battle's, but the main game's log tells them its own, shorter way."""
    game = Game(SPEC, 3, {})
    names = ["Ann", "Bo", "Cy"]
    bo = slots(game.rules.ships)                     # Bo's first piece
    said = {e: text.describe_event(game, e, names=names) for e in (
        Shot(0, 0, "fighter", 2, bo, "fighter", 6, 5, 0, 4, True),
        Moved(0, 0, "fighter", (2, 3), (1, 3)),
        Disabled(1, bo, "fighter", 0, "laser"),
        Destroyed(1, bo, "fighter", 0, 3),
        Fled(1, 2),
        BattleOver((0,), "destroyed", 2),
        RoundBegan(1, (0, 1), (7, 3)),
    )}
    assert list(said.values()) == [
        "Ann's Fighter 1 fires at Bo's Fighter 1: rolls 5, a hit.",
        "Ann's Fighter 1 moves on the battle board to column 3, row 4.",
        "Bo's Fighter 1 takes damage on square 1.",
        "Bo's Fighter 1 is destroyed.",
        "Bo flees the battle.",
        "The battle is over.",
        None,
    ]
    # damage and losses outside a battle are the main game's own records, in the same words
    assert text.describe_event(game, Damaged(1, bo, 0), names=names) == "Bo's Fighter 1 takes damage on square 1."
    assert text.describe_event(game, Lost(1, bo, "fighter"), names=names) == "Bo's Fighter 1 is destroyed."


def test_each_find_of_a_bonus_square_is_its_own_record_under_one_type():
    game = Game(SPEC, 3, {})
    finds = [FoundResource(0, "food", 3), FoundMarine(0, True, 12, 4), FoundTech(0, "mining_1"), FoundTech(0, None),
             FoundColony(0, True, 12, 4), FoundColony(0, False, 12, 4)]
    assert {event_json(e)["type"] for e in finds} == {"bonus"}
    assert [list(event_json(e)) for e in finds[:3]] == [["type", "seat", "resource", "amount"],
                                                         ["type", "seat", "marine", "place", "square"],
                                                         ["type", "seat", "tech"]]
    assert event_json(finds[3]) == {"type": "bonus", "seat": 0, "tech": None}, "no technology left is still written"
    words = [text.describe_event(game, e, names=["Ann", "Bo", "Cy"]) for e in finds]
    assert words[0] == "Ann finds 3 food." and words[2] == "Ann finds a free technology and takes Mining I."
    assert len(set(words)) == len(words)
