"""Words for the log and the terminal: every event the game emits has a sentence; names, never keys."""

from __future__ import annotations

import random
import re

from voidtable.engine.events import EventRecord, event_json, generic_event
from voidtable.engine.game import Game
from voidtable.games.nearspace import SPEC, text
from voidtable.games.nearspace.events import Explored, Moved

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
                # no ids: the only numbers are dice sizes, CP and the sectors the map writes on every place
                bare = re.sub(r"\(d\d+\)|sector [A-I][1-5]\b|\d+ CP", "", words)
                assert not any(ch.isdigit() for ch in bare), words
            a = directed(s, p, legal, rng) if seed % 2 else rng.choice(
                [x for x in legal if x.kind not in ("build_done", "end_turn")] or legal)
            events += s.apply(p, a)
        for e in events:
            assert isinstance(e, EventRecord), e
            seen.add(event_json(e)["type"])
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


def test_a_place_is_named_by_its_sector_row_by_row_from_the_first_homeworld():
    """Rows A (the first seat's Homeworld, at the top of the map) to I (the second's), places numbered from the
    left (the map's west) in each row: the names the table writes on every place and the log uses."""
    game = Game(SPEC, 2, {})
    board = game.rules.board
    codes = {h: text.sector(game, h) for h in board.hexes}
    assert len(set(codes.values())) == 25
    assert codes[(2, -4)] == "A1" and codes[(-2, 4)] == "I1" and codes[(0, 0)] == "E3"
    assert [codes[(q, 0)] for q in (-2, -1, 0, 1, 2)] == ["E1", "E2", "E3", "E4", "E5"]
    assert sorted(c for c in codes.values() if c[0] == "D") == ["D1", "D2", "D3", "D4"]
    assert text.place_name(game, None, [1, -2]) == "sector C2"
    assert text.sector(game, [9, 9]) == "?"
    # with a view: what lies there first, the sector after it
    s = game.new_state(3)
    view = s.view(0)
    down = next(p for p in view["places"] if not p["face_up"] and p["owner"] == 1)
    assert text.place_name(game, view, down["hex"], ["Ada", "Bo"]) == f"a face-down card of Bo ({codes[tuple(down['hex'])]})"
    # the log: a move names the sector, and the card turned up there names it too, so the two lines read together
    moved = text.describe_event(game, Moved(0, (4, 5), (2, -4), (1, -3), 2, 0), ["Ada", "Bo"])
    assert moved == "Ada moves 2 ships to sector B1."
    explored = text.describe_event(game, Explored((1, -3), "luna_yards", 0))
    assert explored == "Luna Yards is revealed at sector B1."


def test_the_terminal_map_writes_every_sector_and_names_players():
    game = Game(SPEC, 2, {})
    s = game.new_state(3)
    page = text.render(game, s.view(0), names=["Ada", "Bo"])
    for h in game.rules.board.hexes:
        assert f"[{text.sector(game, h)}" in page, h
    assert "Ada: 1 engine;" in page and "face down, from Bo's deck" in page
    assert "seat" not in page.lower()
    events = [text.describe_event(game, e, names=["Ada", "Bo"]) for e in s.setup_events]
    assert any(line and line.startswith(("Ada", "Bo")) for line in events)
    assert not any(line and "Seat" in line for line in events)
