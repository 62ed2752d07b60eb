"""The main game through the seam: bot, IS-MCTS, measures, scene, tensors (the hook table of ``abyss``)."""

from __future__ import annotations

import json

import pytest

from voidtable.agents.play import run
from voidtable.agents.specs import make
from voidtable.engine.observation import observe
from voidtable.engine.registry import get, load
from voidtable.engine.rng import Rng
from voidtable.games.abyss.fourx import SPEC, bot, measures
from voidtable.games.abyss.fourx.events import Built, ColonyFounded, PurchasesDone, TribunalSeated
from voidtable.games.abyss.fourx.tasks import Election


def play(players: int, agents: list[str], seed: int, options: dict | None = None):
    game = load("abyss", players, options or {})
    state = game.new_state(seed)
    events = list(state.setup_events)
    seats = [make(a, "abyss", seed * 10 + i) for i, a in enumerate(agents)]
    run(state, seats, apply=lambda p, a: events.extend(state.apply(p, a)) or [])
    return game, state, events


def test_the_main_game_is_registered_with_every_hook():
    spec = get("abyss")
    assert spec is SPEC and spec.min_players == 2 and spec.max_players == 6
    hooks = spec.hooks
    assert hooks.text is not None and hooks.scene is not None and hooks.bot is bot.BOT
    assert hooks.measures is not None and set(hooks.measures.measures) == set(measures.MEASURES)
    assert hooks.interop is not None and hooks.bot_settings.evaluate is bot.evaluate


def test_heuristic_bots_expand_colonise_and_build():
    _, state, events = play(4, ["heuristic"] * 4, 3)
    colonies = [e for e in events if isinstance(e, ColonyFounded)]
    built = [e for e in events if isinstance(e, Built)]
    assert state.is_over() and colonies and built
    assert {e.seat for e in colonies} == {0, 1, 2, 3}, "every heuristic seat founds colonies"


@pytest.mark.parametrize("seed", [1, 2])
def test_heuristic_beats_three_random_players(seed):
    wins = 0.0
    for k in range(4):  # the heuristic in every seat once
        agents = ["random"] * 4
        agents[k] = "heuristic"
        _, state, _ = play(4, agents, seed * 100 + k)
        wins += state.result().win_shares()[k]
    assert wins >= 2, f"the heuristic won {wins} of 4 games against three random players"


def test_rivals_vote_together_against_the_sitting_leader():
    game = load("abyss", 4, {})
    state = game.new_state(5)
    state.leader, state.streak = 2, 1
    task = Election(0, (2, 1, 3))
    state.stack.append(task)
    state._legal = None  # the election's choices, not those cached for the decision it was pushed over
    got = bot.choose(state, 0, state.legal_actions(0), Rng(1))
    assert got.kind == "elect" and got.arg != 2
    again = bot.choose(state, 0, [a for a in state.legal_actions(0)], Rng(9))
    assert again == got, "every rival picks the same candidate against the leader"


def test_mcts_plays_a_few_decisions_with_the_bot_as_rollout():
    game = load("abyss", 3, {"battle": "auto"})
    state = game.new_state(4)
    agent = make("mcts:iterations=12,rollout=heuristic", "abyss", 1)
    for _ in range(6):
        p = state.to_move()[0]
        action = agent.act(observe(state, p))
        assert action in state.legal_actions(p)
        state.apply(p, action)


def test_measures_count_victories_colonies_purchases_and_elections():
    game, state, events = play(4, ["heuristic"] * 4, 7)
    cells = measures.measure(game, events, state.result())
    for m, _, _, value in cells:
        assert m in measures.MEASURES
        if measures.MEASURES[m]["kind"] == "rate":
            assert 0.0 <= value <= 1.0
    victory = {row: v for m, row, _, v in cells if m == "victory"}
    assert sum(victory.values()) == 1.0
    assert victory[measures.VICTORIES[state.win_kind]] == 1.0
    ends = [v for m, row, _, v in cells if m == "cycles" and row == "all"]
    assert ends == [float(state.cycle)]
    elections = sum(1 for e in events if isinstance(e, TribunalSeated))
    assert {row for m, row, _, _ in cells if m == "planets_at_election"} == {f"election {k + 1}" for k in range(elections)}
    done = [e for e in events if isinstance(e, PurchasesDone)]
    assert done and all(len(e.bank) == 3 for e in done)


def test_scene_and_tensors_from_a_view():
    game = load("abyss", 4, {})
    state = game.new_state(2)
    rng = Rng(3)
    hooks = game.spec.hooks
    encoder = hooks.interop.encoder(game)
    for _ in range(120):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        scene = hooks.scene.build(game, state.view(p), legal, p, [f"P{i}" for i in range(4)])
        json.dumps(scene)
        kinds = {part["id"] for part in scene["parts"]}
        assert {"galaxy", "tribunal", "players"} <= kinds
        flat = encoder.public.zeros()
        encoder.fill_public(encoder.public.views(flat), state.view(p), p)
        sections = encoder.public.views(flat)
        assert sections["seats"][0, 5] == state.terms[p] / 3          # seat 0 is the observer
        assert sections["decision"].sum() == 1.0
        assert sections["places"].sum() == len(state.kinds)           # one kind per place
        state.apply(p, bot.choose(state, p, legal, rng) if len(legal) > 1 else legal[0])


def test_the_galaxy_legend_says_whose_colour_and_what_letter():
    """Issue 28 item 10 (the screenshot's map): ship tokens are squares in their owner's colour labelled by a letter and
    a number ("F2": that player's Fighter 2); the legend must name each player by colour and say what each letter on
    the map stands for, or the tokens cannot be read."""
    game = load("abyss", 4, {})
    state = game.new_state(11)
    rng = Rng(5)
    names = ["Ana", "Bo", "Cy", "Di"]
    for _ in range(150):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, bot.choose(state, p, legal, rng) if len(legal) > 1 else legal[0])
    p = state.to_move()[0]
    galaxy = next(part for part in game.spec.hooks.scene.build(game, state.view(p), state.legal_actions(p), p, names)["parts"]
                  if part["id"] == "galaxy")
    legend = galaxy["legend"]
    assert [(e["label"], e["seat"]) for e in legend if "seat" in e] == list(zip(names, range(4)))
    tokens = {pc["label"][:1]: pc["title"].split(": ")[0].split("'s ")[-1].rsplit(" ", 1)[0] for pc in galaxy["pieces"]}
    assert len(tokens) >= 2, "ships of at least two kinds on the map at this step"
    said = {e["label"].split(" = ")[0]: e["label"].split(" = ")[1] for e in legend if " = " in e["label"]}
    for letter, kind in tokens.items():
        assert kind in said.get(letter, "").split(" or "), (letter, kind, said)
