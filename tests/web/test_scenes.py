"""Every game's scene: every legal action on exactly the seat's clickable elements, valid parts, JSON, words."""

from __future__ import annotations

import json
import random

import pytest

from voidtable.engine.registry import games, load
from voidtable.web import scenes

from tests.registry_configs import configs, seeds

PARTS = {"panel", "track", "cards", "players", "hexmap", "dice", "buttons"}

CONFIGS = configs()
SCENE_GAMES = 6  # random games per registered game, spread over its configs (tests/registry_configs.py)


def check_parts(scene: dict) -> None:
    assert isinstance(scene["title"], str) and "parts" in scene
    for part in scene["parts"]:
        assert part["kind"] in PARTS, part["kind"]
        assert isinstance(part.get("id"), str)
        if part["kind"] == "hexmap":
            for h in part["hexes"]:
                assert isinstance(h["q"], int) and isinstance(h["r"], int)
            for pc in part["pieces"]:
                at = pc["at"]
                assert ("hex" in at and len(at["hex"]) == 2) or ("edge" in at and len(at["edge"]) == 3 and 0 <= at["edge"][2] < 6)


@pytest.mark.parametrize("name,players,variant", CONFIGS)
def test_every_legal_action_is_on_the_scene(name, players, variant):
    game = load(name, players, games()[name].variants.get(variant, {}))
    module = game.spec.hooks.scene
    names = [f"P{i}" for i in range(players)]

    def build(view, legal, seat, names):
        # the game's own scene; a game without one gets the shared fallback with every legal action as a button
        if module is not None:
            return module.build(game, view, legal, seat, names)
        return scenes.build_scene(game, view, legal, seat, names)

    for seed in seeds(name, players, variant, SCENE_GAMES):
        state = game.new_state(seed)
        rng = random.Random(seed)
        for step in range(800):
            if state.is_over():
                break
            movers = state.to_move()
            p = movers[0]
            legal = state.legal_actions(p)
            if step >= 60 and step % 4:  # every step of the opening, then every 4th: later positions at a bounded cost
                state.apply(p, rng.choice(legal))
                continue
            scene = build(state.view(p), legal, p, names)
            json.dumps(scene)
            check_parts(scene)
            present = scenes.actions_in(scene)
            missing = [a for a in legal if scenes.action_key(a) not in present]
            assert not missing, f"{name} step {step}: no element for {missing[:3]} ({state.view(p).get('decision')})"
            assert present <= {scenes.action_key(a) for a in legal}, "a clickable element stands for an illegal action"
            assert scene.get("prompt"), "the seat to move is told what to do"
            if step % 20 == 0:
                spectator = build(state.view(None), [], None, names)
                assert scenes.actions_in(spectator) == set()
                check_parts(spectator)
                waiting = [q for q in range(players) if q not in movers]
                if waiting:
                    assert scenes.actions_in(build(state.view(waiting[0]), [], waiting[0], names)) == set()
            for e in state.apply(p, rng.choice(legal)):
                line = scenes.describe_event(game, e)
                assert line is None or (isinstance(line, str) and "\n" not in line)


def test_a_game_without_a_scene_still_gets_buttons():
    game = load("buccaneers", 3, {})
    state = game.new_state(1)
    legal = state.legal_actions(0)
    scene = scenes.fallback_scene(game, state.view(0), legal, 0, ["a", "b", "c"])
    assert scenes.actions_in(scene) == set()
    # build_scene adds what a scene leaves out
    import dataclasses
    import types
    bare = types.SimpleNamespace(build=lambda *a: {"title": "x", "parts": []})
    game.spec = dataclasses.replace(game.spec, hooks=dataclasses.replace(game.spec.hooks, scene=bare))  # this Game only
    full = scenes.build_scene(game, state.view(0), legal, 0, ["a", "b", "c"])
    assert scenes.actions_in(full) == {scenes.action_key(a) for a in legal}
    assert full["parts"][-1]["id"] == "other-choices"


def test_the_buccaneers_headline_names_the_phase_of_a_reveal_time_decision():
    """A decision made while the Selection phase's cards are revealed (e.g. Titanic Tentacles) is not the Score phase."""
    game = load("buccaneers", 4, {})
    module = game.spec.hooks.scene
    names = [f"P{i}" for i in range(4)]
    for seed in range(40):
        state = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over():
                break
            p = state.to_move()[0]
            view = state.view(p)
            if view["phase"] == "reveal" and view.get("decision"):
                headline = module.build(game, view, state.legal_actions(p), p, names)["headline"]
                assert "Score" not in headline and "Selection" in headline, headline
                return
            legal = state.legal_actions(p)
            state.apply(p, rng.choice(legal))
    pytest.fail("no reveal-time decision came up in 40 seeds")
