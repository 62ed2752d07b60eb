"""PettingZoo AEC and Gymnasium environments: the libraries' own checkers, masks, seeding, illegal actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from voidtable.engine.registry import get  # noqa: E402
from voidtable.interop.gym import VoidtableEnv  # noqa: E402
from voidtable.interop.pettingzoo import env  # noqa: E402
from voidtable.interop.registry import supported  # noqa: E402

GAMES = supported()
CASES = [(g, n) for g in GAMES for n in sorted({get(g).min_players, get(g).max_players})]


@pytest.fixture(autouse=True)
def _quiet():
    # the checkers warn that dict observations (observation + action_mask) are not plain arrays
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("name,players", CASES)
def test_pettingzoo_api_test(name, players):
    api_test(env(name, players=players), num_cycles=300)


@pytest.mark.parametrize("name,players", CASES)
def test_pettingzoo_seed_test(name, players):
    seed_test(lambda: env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_aec_env_plays_whole_games_with_masks(name):
    e = env(name, players=min(get(name).min_players + 1, get(name).max_players))
    rng = np.random.default_rng(0)
    for seed in range(2):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.sum() >= 1
            for other in e.agents:
                if other != agent:
                    assert e.observe(other)["action_mask"].sum() == 0
            e.step(int(rng.choice(np.flatnonzero(mask))))
        assert sum(totals.values()) == pytest.approx(1.0)  # win shares


def test_aec_env_illegal_actions():
    e = env("buccaneers", players=3)
    e.reset(seed=1)
    illegal = int(np.flatnonzero(e.last()[0]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="legal ids"):
        e.step(illegal)
    e = env("buccaneers", players=3, illegal_reward=-1.0)
    e.reset(seed=1)
    agent = e.agent_selection
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env(name):
    e = gymnasium.make(f"voidtable/{name}-v0", players=min(get(name).min_players + 1, get(name).max_players), seat=1)
    check_env(e.unwrapped)


def test_gym_env_against_heuristic_opponents_is_deterministic():
    def run(seed):
        e = VoidtableEnv("buccaneers", players=4, seat=2, opponents="heuristic")
        obs, info = e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rewards, steps, done = 0.0, 0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = e.step(action)
            rewards += reward
            steps += 1
            done = terminated or truncated
        return rewards, steps, info["result"]

    assert run(5) == run(5)
    reward, steps, result = run(6)
    assert 0.0 <= reward <= 1.0 and steps > 5 and "winners" in result


def test_gym_env_illegal_action_ends_the_episode():
    e = VoidtableEnv("buccaneers", players=3)
    obs, _ = e.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    with pytest.raises(RuntimeError):
        e.step(illegal)
    strict = VoidtableEnv("buccaneers", players=3, illegal_reward=None)
    strict.reset(seed=0)
    with pytest.raises(ValueError):
        strict.step(illegal)


def test_observation_is_the_same_tensor_as_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    from voidtable.interop import openspiel as vo

    e = env("buccaneers", players=4)
    e.reset(seed=11)
    game = vo.load_game("buccaneers", players=4)
    state = game.new_initial_state(e.game_seed)
    assert pyspiel is not None
    for seat in range(4):
        np.testing.assert_array_equal(e.observe(f"player_{seat}")["observation"], np.array(state.observation_tensor(seat), np.float32))


def test_shimmy_wraps_the_openspiel_game():
    shimmy = pytest.importorskip("shimmy")
    pytest.importorskip("pyspiel")
    from voidtable.interop import openspiel as vo

    game = vo.load_game("buccaneers", players=3)
    wrapped = shimmy.OpenSpielCompatibilityV0(env=game)
    api_test(wrapped, num_cycles=100)
