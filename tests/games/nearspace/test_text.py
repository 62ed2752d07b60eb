"""Words for the log and the terminal: every event the game emits has a sentence; names, never keys."""

from __future__ import annotations

import random
import re

from voidtable.engine.events import generic_event
from voidtable.engine.game import Game
from voidtable.games.nearspace import SPEC, text

from .test_full_games import directed


def test_every_event_and_action_in_words_with_titles_not_keys():
    game = Game(SPEC, 2, {"hidden_hands": True})
    keys = [k for k in game.rules.data.cards if "_" in k]
    seen: set[str] = set()
    for seed in range(8):
        s = game.new_state(seed)
        rng = random.Random(seed)
        events = list(s.setup_events)
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            for a in legal[:20]:
                words = text.describe_action(game, a)
                assert words and not any(k in words for k in keys), words
                # no ids: the only numbers are dice sizes, CP and the place numbers the terminal map prints
                bare = re.sub(r"\(d\d+\)|place \d+ on the map|\d+ CP", "", words)
                assert not any(ch.isdigit() for ch in bare), words
            a = directed(s, p, legal, rng) if seed % 2 else rng.choice(
                [x for x in legal if x.kind not in ("build_done", "end_turn")] or legal)
            events += s.apply(p, a)
        for e in events:
            seen.add(e["type"])
            words = text.describe_event(game, e)
            assert words and words != generic_event(e), e
            assert not any(k in words for k in keys), words
        for seat in (None, 0, 1):
            page = text.render(game, s.view(seat))
            assert "Game over" in page and not any(k in page for k in keys)
    assert {"combat", "destroyed", "ship_completed", "moved", "explored", "game_over"} <= seen


def test_ship_and_card_names():
    game = Game(SPEC, 2, {})
    assert text.ship_name(game, 6, "red") == "red Gunship (d6)"
    assert text.ship_name(game, 20, "green") == "green Dreadnought (d20)"
    assert text.title(game, "shontarran_lights") == "Shontarran Lights"
    assert text.place_name(game, None, [2, -4]) == "Terran Alliance's Homeworld"
    assert text.place_name(game, None, [2, -4], names=["Ada", "Bo"]) == "Ada's Homeworld"
    assert text.a_ship(game, 4, "orange") == "an orange Fighter (d4)"
    assert text.place_name(game, None, [0, 0]) == "Neutral Space"


def test_the_terminal_map_numbers_every_place_and_names_players():
    game = Game(SPEC, 2, {})
    s = game.new_state(3)
    page = text.render(game, s.view(0), names=["Ada", "Bo"])
    for i in range(1, 26):
        assert f"[{i:>2}" in page, i
    assert "Ada: 1 engine;" in page and "face down, from Bo's deck" in page
    assert "seat" not in page.lower()
    events = [text.describe_event(game, e, names=["Ada", "Bo"]) for e in s.setup_events]
    assert any(line and line.startswith(("Ada", "Bo")) for line in events)
    assert not any(line and "Seat" in line for line in events)
