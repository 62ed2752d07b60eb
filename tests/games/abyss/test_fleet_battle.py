"""The fleet battle: outfitting within the points, deployment on the edges, whole games, and every layer."""

from __future__ import annotations

import json
import random

import pytest

from voidtable.engine.actions import Action
from voidtable.engine.errors import IllegalAction
from voidtable.engine.rng import Rng
from voidtable.games.abyss.fleet import bot, measures, text
from voidtable.games.abyss.fleet.events import Bought, GameOver
from voidtable.games.abyss.fleet.scene import build as build_scene
from voidtable.games.abyss.fleet.tasks import Buy, Deploy

from .helpers import fleet_battle


def play(state, choose=None, seed=0):
    rng = random.Random(seed)
    events = list(state.setup_events)
    while not state.is_over():
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        a = choose(state, p, legal) if choose else legal[rng.randrange(len(legal))]
        events += state.apply(p, a)
    return events


def test_the_first_player_outfits_first_and_seats_alternate():
    s = fleet_battle().new_state(4)
    first = s.attacker
    assert s.pending == Buy(first)
    assert Action("fleet_done") not in s.legal_actions(first)      # a fleet holds at least one ship
    s.apply(first, Action("buy", "picket"))
    assert s.budget[first] == 40 - 19
    assert s.pending == Buy(1 - first)
    with pytest.raises(IllegalAction):
        s.apply(first, Action("buy", "fighter"))


def test_only_affordable_designs_within_the_piece_limits_are_offered():
    s = fleet_battle(**{"minigame.budget": 40}).new_state(1)
    p = s.attacker
    s.apply(p, Action("buy", "monitor"))
    s.apply(1 - p, Action("fleet_done") if Action("fleet_done") in s.legal_actions(1 - p) else Action("buy", "fighter"))
    offered = {a.arg for a in s.legal_actions(p) if a.kind == "buy"} if s.to_move() == [p] else set()
    assert offered <= {"fighter"}                                   # 5 points left: only a fighter fits
    big = fleet_battle(**{"minigame.budget": 120}).new_state(2)
    q = big.attacker
    for _ in range(2):
        big.apply(q, Action("buy", "monitor"))
        big.apply(1 - q, Action("buy", "fighter"))
    assert Action("buy", "monitor") not in big.legal_actions(q)    # two cruisers per player
    assert Action("buy", "battlecruiser") not in big.legal_actions(q)


def test_ships_deploy_dearest_first_on_their_own_edge():
    s = fleet_battle().new_state(5)
    p = s.attacker
    s.apply(p, Action("buy", "picket"))
    s.apply(1 - p, Action("buy", "escort"))
    while isinstance(s.pending, Buy):
        q = s.to_move()[0]
        s.apply(q, Action("fleet_done") if Action("fleet_done") in s.legal_actions(q) else s.legal_actions(q)[0])
    assert isinstance(s.pending, Deploy) and s.pending.seat == p
    assert all(a.arg[0] in ((0, 1) if p == 0 else (8, 9)) for a in s.legal_actions(p))
    assert len(s.legal_actions(p)) == 16


def test_random_games_end_with_a_sound_result_in_both_modes():
    for options in ({}, {"battle": "auto"}, {"flee": True}):
        game = fleet_battle(**options)
        for seed in range(4):
            s = game.new_state(seed)
            events = play(s, seed=seed)
            r = s.result()
            assert r.winners and sum(r.win_shares()) == pytest.approx(1.0)
            assert isinstance(events[-1], GameOver)
            assert sum(e.points for e in events if isinstance(e, Bought) and e.seat == 0) <= 40


def test_the_heuristic_bot_beats_random_play():
    game = fleet_battle()
    wins = 0.0
    n = 24
    for seed in range(n):
        s = game.new_state(seed)
        me = seed % 2
        rng, other = Rng(seed), random.Random(seed)

        def choose(state, p, legal):
            return bot.choose(state, p, legal, rng) if p == me else legal[other.randrange(len(legal))]

        play(s, choose)
        wins += s.result().win_shares()[me]
    assert wins / n >= 0.7


def test_words_picture_scene_measures_and_tensors_of_a_whole_game():
    game = fleet_battle()
    s = game.new_state(11)
    names = ["Tess", "Ana"]
    rng = random.Random(3)
    events = list(s.setup_events)
    while not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        scene = build_scene(game, s.view(p), legal, p, names)
        json.dumps(scene)
        assert scene["prompt"]
        for a in legal:
            assert "_" not in text.describe_action(game, a, names)
        events += s.apply(p, legal[rng.randrange(len(legal))])
    picture = text.render(game, s.view(None), names)
    assert "A  B  C" in picture and "Points left" in picture
    lines = [text.describe_event(game, e, names) for e in events]
    assert all(line and "_" not in line for line in lines)
    cells = measures.measure(game, events, s.result())
    assert {c[0] for c in cells} >= {"game_end", "rounds", "first_player", "points", "shots"}
    assert len(measures.factions(game, events)) == 2
    np = pytest.importorskip("numpy")
    enc = game.spec.hooks.interop.encoder(game)
    flat = enc.public.zeros()
    enc.fill_public(enc.public.views(flat), s.view(0), 0)
    assert flat.shape == (enc.public.size,) and np.isfinite(flat).all()


def test_the_board_picture_shows_both_fleets():
    game = fleet_battle()
    s = game.new_state(2)
    play(s, lambda st, p, legal: bot.choose(st, p, legal, Rng(1)) if st.phase != "battle" else legal[0])
    assert s.is_over()
    fresh = game.new_state(2)
    while fresh.phase != "battle" and not fresh.is_over():
        p = fresh.to_move()[0]
        fresh.apply(p, bot.choose(fresh, p, fresh.legal_actions(p), Rng(1)))
    picture = text.render(game, fresh.view(None))
    assert "P1" in picture and "p1" in picture     # seat 0's Picket in capitals, seat 1's in small letters
    assert "the first fleet's Picket 1" in picture
