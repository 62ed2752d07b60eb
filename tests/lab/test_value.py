"""`voidtable lab train-value` and learned evaluation (issue 26 item 2): reproducible models, refused stale files,
evaluations in range, search and the value-greedy player using a model or saying in one line why not, bounds."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

import numpy as np
import pytest

import voidtable
from voidtable.agents import evaluation as agent_eval
from voidtable.agents.base import observe
from voidtable.agents.greedy import GreedyAgent
from voidtable.agents.mcts import MctsAgent
from voidtable.agents.specs import make
from voidtable.engine import valuemodel
from voidtable.engine.errors import OptionError
from voidtable.engine.registry import games as registered_games
from voidtable.engine.registry import get
from voidtable.engine.valuemodel import LearnedEvaluation, ModelError, ValueModel, model_path, rewards_from_scores
from voidtable.lab import value

GAME, PLAYERS = "abyss_battle", 2  # the quickest game with a bot and an encoder: a tiny run takes about a second
TINY = value.TrainSpec(GAME, PLAYERS, games=10, seed=3, epochs=8, check_games=0)  # base: the hand evaluation


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """One tiny training run (its model file and the self-play data), shared by the tests below."""
    folder = tmp_path_factory.mktemp("value")
    result = value.train_value(TINY, folder / "a.json", folder / "report.html", time_it=False)
    return result, folder


def test_same_seed_same_model_bytes_and_another_seed_another_model(tiny, tmp_path):
    result, folder = tiny
    again = value.train_value(TINY, tmp_path / "b.json", time_it=False)
    assert (folder / "a.json").read_bytes() == again.files["model"].read_bytes()
    other = value.train_value(value.replace(TINY, seed=4), tmp_path / "c.json", time_it=False)
    assert other.files["model"].read_bytes() != again.files["model"].read_bytes()
    model = ValueModel.load(folder / "a.json")
    assert model.game == GAME and model.players == PLAYERS and model.rules_version == get(GAME).rules_version
    assert model.training["command"].startswith(f"voidtable lab train-value {GAME} --players 2 --games 10 --seed 3")


def test_the_report_has_its_sections(tiny):
    _, folder = tiny
    page = (folder / "report.html").read_text()
    for needle in ("Loss by epoch", "Brier score", "hand evaluation", "uniform guess", "Calibration",
                   "value-greedy", "Train it again"):
        assert needle in page
    assert page.count("data:image/png;base64,") == 2  # the loss and the calibration plots


def test_a_model_of_another_rules_version_is_refused_in_one_line(tiny, tmp_path):
    _, folder = tiny
    data = json.loads((folder / "a.json").read_text())
    data["rules_version"] += 1
    stale = tmp_path / "stale.json"
    stale.write_text(json.dumps(data))
    game = voidtable.load(GAME, PLAYERS)
    with pytest.raises(ModelError) as e:
        LearnedEvaluation(game, ValueModel.load(stale))
    msg = str(e.value)
    assert "\n" not in msg and f"rules version {data['rules_version']}" in msg
    assert f"rules version {get(GAME).rules_version}" in msg and "train it again" in msg


def test_a_model_for_another_encoder_shape_or_game_is_refused_in_one_line(tiny, tmp_path):
    _, folder = tiny
    data = json.loads((folder / "a.json").read_text())
    data["encoder"]["size"] += 1
    wrong = tmp_path / "shape.json"
    wrong.write_text(json.dumps(data))
    with pytest.raises(ModelError) as e:
        LearnedEvaluation(voidtable.load(GAME, PLAYERS), ValueModel.load(wrong))
    assert "\n" not in str(e.value) and "encoder now gives" in str(e.value)
    with pytest.raises(ModelError) as e:
        LearnedEvaluation(voidtable.load("nearspace", 2), ValueModel.load(folder / "a.json"))
    assert "\n" not in str(e.value) and "not nearspace at 2" in str(e.value)
    (tmp_path / "junk.json").write_text("{not json")
    with pytest.raises(ModelError) as e:
        ValueModel.load(tmp_path / "junk.json")
    assert "\n" not in str(e.value)


def test_learned_evaluation_is_in_range_along_a_game_and_exact_at_its_end(tiny):
    result, _ = tiny
    game = voidtable.load(GAME, PLAYERS)
    ev = LearnedEvaluation(game, result.fit.model)
    s = game.new_state(21)
    bots = [make("heuristic", GAME, 5 + i) for i in range(PLAYERS)]
    seen = 0
    while not s.is_over():
        for mode in ("win", "rank", "mix", "score"):
            r = ev(s, mode)
            assert len(r) == PLAYERS and all(0.0 <= x <= 1.0 for x in r), (mode, r)
        assert abs(sum(ev(s, "win")) - 1.0) < 1e-6
        seen += 1
        p = s.to_move()[0]
        s.apply(p, bots[p].act(observe(s, p)))
    assert seen > 10
    assert ev(s, "win") == s.result().win_shares()


def test_rewards_from_scores_follow_luce():
    win = rewards_from_scores([0.0, np.log(3.0)], "win")
    assert win == pytest.approx([0.25, 0.75])
    rank = rewards_from_scores([0.0, 0.0, 10.0], "rank")  # the leader is almost surely ahead of both
    assert rank[2] == pytest.approx(1.0, abs=1e-4) and rank[0] == pytest.approx(0.25, abs=1e-4)


@pytest.mark.parametrize("hidden,base", [(0, False), (3, False), (0, True), (3, True)])
def test_the_gradient_is_the_derivative_of_the_loss(hidden, base):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(7, 3, 5))
    y = rng.dirichlet(np.ones(3), size=7)
    obj = value.Objective(x, y, hidden, 0.01, np.log(rng.dirichlet(np.ones(3), size=7)) if base else None)
    theta = rng.normal(size=obj.size)
    f, g = obj(theta)
    eps = 1e-6
    numeric = [(obj(theta + eps * e)[0] - obj(theta - eps * e)[0]) / (2 * eps) for e in np.eye(theta.size)]
    assert np.allclose(g, numeric, atol=1e-6)


def test_a_model_starting_from_the_hand_evaluation_starts_as_the_hand_evaluation():
    """With base = hand the first parameters reproduce the hand evaluation's chances exactly (Luce of log p = p)."""
    rng = np.random.default_rng(3)
    hand = rng.dirichlet(np.ones(4), size=6)
    obj = value.Objective(rng.normal(size=(6, 4, 5)), hand, 0, 0.1, np.log(hand))
    s, _ = obj.scores(obj.start(rng), obj.x, obj.base)
    assert np.allclose(np.exp(s) / np.exp(s).sum(axis=1, keepdims=True), hand)


def test_training_learns_what_the_data_says():
    """Seat scores that carry the winner (feature 0 set for the winner) are learned: the winner is rated far above."""
    rng = np.random.default_rng(2)
    x = rng.normal(scale=0.1, size=(200, 2, 4))
    winner = rng.integers(0, 2, size=200)
    x[np.arange(200), winner, 0] = 1.0
    y = np.eye(2)[winner]
    from scipy.optimize import minimize
    obj = value.Objective(x, y, 0, 1e-3)
    theta = minimize(obj, np.zeros(4), jac=True, method="L-BFGS-B").x
    s, _ = obj.scores(theta, x)
    assert (s.argmax(axis=1) == winner).all() and theta[0] > 3


# -- using a model: search and the value-greedy player ------------------------------------------------------------
@pytest.fixture
def shipped_at(monkeypatch, tmp_path):
    """Point the shipped-model lookup at a folder of the test's own and forget cached evaluations."""
    monkeypatch.setattr(valuemodel, "model_path", lambda spec, players: tmp_path / f"{spec.name}_{players}p.json")
    agent_eval._learned.clear()
    yield tmp_path
    agent_eval._learned.clear()


def _position(seed=4, steps=6):
    s = voidtable.load(GAME, PLAYERS).new_state(seed)
    bots = [make("heuristic", GAME, 9 + i) for i in range(PLAYERS)]
    k = 0
    while k < steps:
        p = s.to_move()[0]
        obs = observe(s, p)
        if len(obs.legal) > 1:
            k += 1
        s.apply(p, bots[p].act(obs))
    while len(s.legal_actions(s.to_move()[0])) < 2:
        s.apply(s.to_move()[0], s.legal_actions(s.to_move()[0])[0])
    return s


def test_search_uses_the_shipped_model_when_asked(tiny, shipped_at, caplog):
    _, folder = tiny
    (shipped_at / f"{GAME}_{PLAYERS}p.json").write_bytes((folder / "a.json").read_bytes())
    s = _position()
    agent = make("mcts:iterations=30,cutoff=2,eval=learned", GAME, 1)
    with caplog.at_level(logging.WARNING, logger="voidtable.agents"):
        a = agent.act(observe(s, s.to_move()[0]))
    assert a in s.legal_actions(s.to_move()[0]) and not caplog.records
    assert isinstance(agent, MctsAgent) and isinstance(agent.evaluate, LearnedEvaluation)


def test_without_a_model_search_falls_back_to_the_hand_evaluation_with_one_line(shipped_at, caplog):
    s = _position()
    agent = make("mcts:iterations=30,cutoff=2,eval=learned", GAME, 1)
    with caplog.at_level(logging.WARNING, logger="voidtable.agents"):
        agent.act(observe(s, s.to_move()[0]))
        make("greedy", GAME, 2).act(observe(s, s.to_move()[0]))  # the same game and count: said once
    assert len(caplog.records) == 1 and "\n" not in caplog.records[0].getMessage()
    assert "no value model" in caplog.records[0].getMessage() and "hand evaluation" in caplog.records[0].getMessage()
    assert agent.evaluate is get(GAME).hooks.bot_settings.evaluate  # type: ignore[union-attr]


def test_a_stale_shipped_model_is_refused_and_search_says_so(tiny, shipped_at, caplog):
    _, folder = tiny
    data = json.loads((folder / "a.json").read_text())
    data["rules_version"] += 1
    (shipped_at / f"{GAME}_{PLAYERS}p.json").write_text(json.dumps(data))
    s = _position()
    agent = make("mcts:iterations=10,cutoff=2,eval=learned", GAME, 1)
    with caplog.at_level(logging.WARNING, logger="voidtable.agents"):
        agent.act(observe(s, s.to_move()[0]))
    assert len(caplog.records) == 1 and "rules version" in caplog.records[0].getMessage()
    assert not isinstance(agent.evaluate, LearnedEvaluation)


def test_the_value_greedy_player_takes_the_move_its_evaluation_rates_best(tiny):
    result, _ = tiny
    s = _position()
    seat = s.to_move()[0]
    game = s.game
    ev = LearnedEvaluation(game, result.fit.model)
    agent = GreedyAgent(GAME, 3, margin=-1, evaluate=ev)  # pure value-greedy: no bot asked
    chosen = agent.act(observe(s, seat))
    values = {}
    for a in s.legal_actions(seat):  # a perfect-information game: every determinization is the state itself
        c = s.clone()
        c.apply(seat, a)
        values[a] = ev(c, "win")[seat]
    assert values[chosen] == max(values.values())


@pytest.mark.parametrize("lead,expect_bot", [(0.01, True), (0.05, False)])
def test_with_a_margin_the_bots_move_stands_unless_another_is_rated_clearly_better(lead, expect_bot):
    from voidtable.engine.rng import Rng
    s = _position()
    seat = s.to_move()[0]
    obs = observe(s, seat)
    favourite = get(GAME).hooks.bot.act(obs, Rng(3))  # what the agent's bot names first with the same seed
    other = next(a for a in obs.legal if a != favourite)
    calls = iter(obs.legal)

    def evaluate(state, mode):  # called once per legal action, in legal order
        a = next(calls)
        v = 0.5 + lead if a == other else 0.5
        return [v if q == seat else (1 - v) for q in range(PLAYERS)]

    chosen = GreedyAgent(GAME, 3, margin=0.02, evaluate=evaluate).act(obs)
    assert chosen == (favourite if expect_bot else other)


@pytest.mark.parametrize("spec,needle", [
    ("greedy:margin=2", "'margin' must be -1 (no bot: pure value-greedy) or within 0..1"),
    ("mcts:eval=smart", "'eval' must be one of hand, learned"),
    ("mcts:eval=learned,cutoff=0,horizon=0", "give it a cut-off"),
    ("greedy:eval=magic", "'eval' must be one of hand, learned"),
])
def test_bad_evaluation_specs_fail_in_one_line(spec, needle):
    with pytest.raises(OptionError) as e:
        make(spec, GAME, 0)
    assert "\n" not in str(e.value) and needle in str(e.value)


# -- bounds -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("change,needle", [
    ({"game": "nosuchgame"}, "nosuchgame"),
    ({"players": 3}, "--players: abyss_battle takes 2-2 players, got 3"),
    ({"games": 9}, "--games must be within 10..100000, got 9"),
    ({"games": 100_001}, "--games must be within 10..100000"),
    ({"epochs": 0}, "--epochs must be within 1..10000, got 0"),
    ({"epochs": 10_001}, "--epochs must be within 1..10000"),
    ({"hidden": -1}, "--hidden must be within 0..256, got -1"),
    ({"hidden": 257}, "--hidden must be within 0..256"),
    ({"check_games": -1}, "--check-games must be within 0..10000"),
    ({"check_games": 10_001}, "--check-games must be within 0..10000"),
    ({"jobs": -1}, "--jobs must be within 0..1024"),
    ({"jobs": 1025}, "--jobs must be within 0..1024"),
    ({"seed": -1}, "--seed must be within 0.."),
    ({"seed": 2**63}, "--seed must be within 0.."),
    ({"l2": -0.1}, "--l2 must be within 0..100"),
    ({"l2": float("nan")}, "--l2 must be within 0..100"),
    ({"l2": 101.0}, "--l2 must be within 0..100"),
    ({"backend": "slurm"}, "--backend must be one of local, ray"),
    ({"base": "bot"}, "--base must be one of none, hand"),
    ({"address": "auto"}, "--address names a Ray cluster: it needs --backend ray"),
])
def test_every_bound_is_checked_in_one_line(change, needle):
    with pytest.raises(Exception) as e:
        value.replace(TINY, **change).check()
    assert "\n" not in str(e.value) and needle in str(e.value)


def test_the_command_refuses_bad_flags_with_exit_2_and_one_line(tmp_path):
    out = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "lab", "train-value", GAME, "--players", "2",
                          "--games", "5", "--out", str(tmp_path / "m.json")], capture_output=True, text=True, timeout=120)
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert out.returncode == 2 and len(lines) == 1 and "--games must be within 10..100000, got 5" in lines[0]
    assert not (tmp_path / "m.json").exists()


# -- the models the games ship -------------------------------------------------------------------------------------
def shipped_models():
    found = []
    for name, spec in sorted(registered_games().items()):
        for n in spec.player_counts():
            if model_path(spec, n).is_file():
                found.append((name, n))
    return found


@pytest.mark.parametrize("name,players", shipped_models())
def test_every_shipped_model_fits_its_game_as_it_is(name, players):
    """A shipped model was trained under the game's current rules version and encoder; if this fails after a rules
    change, train it again with the command in the file (its "training" entry)."""
    game = voidtable.load(name, players)
    model = ValueModel.load(model_path(game.spec, players))
    ev = LearnedEvaluation(game, model, f"shipped model of {name}")  # raises, naming the command, if stale
    r = ev(game.new_state(1), "win")
    assert len(r) == players and abs(sum(r) - 1) < 1e-6


@pytest.mark.slow  # starting a local Ray: a few CPU-seconds, more wall time on a busy machine
def test_ray_gives_the_same_model_bytes_as_local_workers(tiny, tmp_path):
    """Self-play on a local Ray (started and shut down by the run) gives the same positions, so the same file."""
    ray = pytest.importorskip("ray")
    _, folder = tiny
    on_ray = value.train_value(value.replace(TINY, backend="ray", jobs=2), tmp_path / "ray.json", time_it=False)
    assert on_ray.files["model"].read_bytes() == (folder / "a.json").read_bytes()
    assert not ray.is_initialized()


@pytest.mark.parametrize("game,players", [("buccaneers", 4), ("empires", 3)])
def test_the_value_greedy_player_decides_alike_on_states_its_seat_cannot_tell_apart(game, players):
    """Hidden information stays hidden: the real state and a determinization for the seat get the same move."""
    from voidtable.engine.rng import Rng
    g = voidtable.load(game, players)
    state = g.new_state(17)
    bots = [make("heuristic", game, 3 + i) for i in range(players)]
    for _ in range(6):
        p = state.to_move()[0]
        state.apply(p, bots[p].act(observe(state, p)))
    seat = state.to_move()[-1]
    twin = state.determinize(seat, Rng(55))
    assert twin.view(seat) == state.view(seat)
    for seed in range(2):
        assert make("greedy:eval=hand", game, seed).act(observe(state, seat)) == \
            make("greedy:eval=hand", game, seed).act(observe(twin, seat))
