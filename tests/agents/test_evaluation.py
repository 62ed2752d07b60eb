"""Each game's evaluation of a position (BotSettings.evaluate) and the search that cuts rollouts with it (issue 26).

Cheap: short seeded games of the bots, searches of a few dozen iterations.
"""

from __future__ import annotations

import math
import sys

import pytest

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.mcts import WIDEN_FROM, MctsAgent
from voidtable.agents.specs import make
from voidtable.engine import OptionError, get
from voidtable.engine.positions import edit

GAMES = [("buccaneers", 4), ("blacksun", 4), ("empires", 4), ("nearspace", 2), ("abyss", 4), ("abyss", 3),
         ("abyss_battle", 2)]
MODES = ("win", "rank", "mix", "score")


def evaluate(game: str):
    ev = get(game).hooks.bot_settings.evaluate
    assert ev is not None, f"{game} declares no evaluation"
    return ev


def bots_game(game: str, players: int, seed: int, stop: int | None = None):
    """A seeded game of the bots: the positions with a choice along it (every one up to ``stop`` of them) and the end."""
    s = voidtable.load(game, players).new_state(seed, events=False)
    bots = [make("heuristic", game, seed * 10 + i) for i in range(players)]
    spots = []
    while not s.is_over() and (stop is None or len(spots) < stop):
        p = s.to_move()[0]
        obs = observe(s, p)
        if len(obs.legal) > 1:
            spots.append(s.clone())
        s.apply(p, bots[p].act(obs))
    return spots, s


@pytest.mark.parametrize("game,players", GAMES)
def test_a_fresh_game_evaluates_every_seat_at_the_fair_share(game, players):
    """Every race starts alike (in Buccaneers and Black Sun at 0 points, Empires at 0 VP, ...): nobody is ahead."""
    s = voidtable.load(game, players).new_state(3)
    assert evaluate(game)(s, "win") == pytest.approx([1 / players] * players)


@pytest.mark.parametrize("game,players", GAMES)
def test_the_evaluation_is_in_range_along_a_game_and_a_finished_game_gives_its_result(game, players):
    ev = evaluate(game)
    spots, end = bots_game(game, players, 5, stop=400)
    for s in spots[:: max(1, len(spots) // 12)]:
        for mode in MODES:
            v = ev(s, mode)
            assert len(v) == players and all(0.0 <= x <= 1.0 for x in v), (mode, v)
        assert sum(ev(s, "win")) == pytest.approx(1.0)
    if end.is_over():  # a won position: the winner gets 1 (a shared win its share), the others 0
        res = end.result()
        assert ev(end, "win") == pytest.approx(res.win_shares())
        for w in res.winners:
            assert ev(end, "win")[w] == pytest.approx(1 / len(res.winners))


def test_a_decided_buccaneers_game_evaluates_near_1_for_the_leader():
    """Between rounds, one round left, 40 points ahead (a round adds a few points each): the leader all but won."""
    s = voidtable.load("buccaneers", 4).new_state(2)
    rounds = s.r.rounds
    edit(s, points=[[10] * (rounds - 1), [20] * (rounds - 2) + [60], [10] * (rounds - 1), [15] * (rounds - 1)])
    v = evaluate("buccaneers")(s, "win")
    assert v[1] > 0.99 and max(v[0], v[2], v[3]) < 0.01


@pytest.mark.parametrize("shift", [1, 2, 3])
def test_rotating_the_seats_rotates_the_evaluation(shift):
    """Buccaneers and Black Sun judge only the scores: give each seat the next one's points and its estimate follows."""
    s = voidtable.load("buccaneers", 4).new_state(2)
    pts = [[3, 9], [14, 2], [7, 7], [0, 12]]
    edit(s, points=pts)
    base = evaluate("buccaneers")(s, "mix")
    edit(s, points=pts[shift:] + pts[:shift])
    assert evaluate("buccaneers")(s, "mix") == pytest.approx(base[shift:] + base[:shift])
    b = voidtable.load("blacksun", 4).new_state(2)
    scores = [2, 5, 1, 4]
    edit(b, scores=scores)
    base = evaluate("blacksun")(b, "mix")
    edit(b, scores=scores[shift:] + scores[:shift])
    assert evaluate("blacksun")(b, "mix") == pytest.approx(base[shift:] + base[:shift])


@pytest.mark.parametrize("game,players", [("nearspace", 2), ("abyss", 4)])
def test_the_fitted_evaluations_follow_their_features_seat_by_seat(game, players, monkeypatch):
    """Nearspace's and Black Abyss's evaluation weigh per-seat features: rotate the features, the estimate rotates;
    the seat whose features are all better is ahead."""
    bot = sys.modules[evaluate(game).__module__]  # the bot module that declares the evaluation and its features
    spots, _ = bots_game(game, players, 4, stop=60)
    s = spots[-1]
    feats = [bot.eval_features(s, q) for q in range(players)]
    base = evaluate(game)(s, "win")
    rotated = feats[1:] + feats[:1]
    monkeypatch.setattr(bot, "eval_features", lambda st, q: rotated[q])
    if hasattr(bot, "_features"):
        monkeypatch.setattr(bot, "_features", lambda st: rotated)
    assert evaluate(game)(s, "win") == pytest.approx(base[1:] + base[:1])
    better = [[x + 1.0 for x in feats[0]]] + feats[1:]
    monkeypatch.setattr(bot, "eval_features", lambda st, q: better[q])
    if hasattr(bot, "_features"):
        monkeypatch.setattr(bot, "_features", lambda st: better)
    assert evaluate(game)(s, "win")[0] > base[0]


# -- the cut-off search --------------------------------------------------------------------------------
class TickClock:
    """A clock that moves 1/1024 s each time it is read: a time budget that runs out after a fixed number of reads."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1 / 1024
        return self.now


def root_stats(agent: MctsAgent, seat: int):
    return sorted((repr(a), tuple(st)) for a, st in agent.last_root.stats[seat].items())


@pytest.mark.parametrize("game,players", [("empires", 4), ("abyss_battle", 2)])
def test_the_cut_off_search_is_deterministic_for_a_seed_with_an_injected_clock(game, players):
    spots, _ = bots_game(game, players, 6, stop=12)
    s = spots[-1]
    seat = s.to_move()[0]
    runs = []
    for _ in range(2):
        agent = MctsAgent(game, 9, seconds=400 / 1024, rollout="heuristic", cutoff=4, widen=0.5, clock=TickClock())
        move = agent.act(observe(s, seat))
        runs.append((move, agent.last_iterations, root_stats(agent, seat)))
    assert runs[0] == runs[1] and runs[0][1] > 0


def test_rollouts_stop_at_the_cut_off_and_ask_the_evaluation(monkeypatch):
    """cutoff=3, no stage horizon: no rollout takes more than 3 decisions with a choice, and every iteration that
    did not end the game is scored by the evaluation (once each)."""
    spots, _ = bots_game("empires", 4, 6, stop=8)
    s = spots[-1]
    seat = s.to_move()[0]
    agent = MctsAgent("empires", 1, iterations=30, rollout="heuristic", cutoff=3, horizon=0)
    calls = {"policy": 0, "eval": 0, "most": 0}
    policy, ev = agent.policy, agent.evaluate

    def counting_policy(*args):
        calls["policy"] += 1
        return policy(*args)

    def counting_eval(*args):
        calls["eval"] += 1
        return ev(*args)

    agent.policy, agent.evaluate = counting_policy, counting_eval
    rollout = agent._rollout

    def one_rollout(*args, **kw):
        before = calls["policy"]
        done = rollout(*args, **kw)
        calls["most"] = max(calls["most"], calls["policy"] - before)
        return done

    monkeypatch.setattr(agent, "_rollout", one_rollout)
    agent.act(observe(s, seat))
    assert agent.last_iterations == 30 and calls["eval"] == 30
    assert 1 <= calls["most"] <= 3


def test_progressive_widening_opens_the_bots_move_first_and_few_others():
    """A Black Abyss decision with many choices: after N iterations the root has opened at most ceil(N ** 0.5) of them
    (plus the bot's move, presumed before the search), the bot's move among them."""
    spots, _ = bots_game("abyss", 4, 2, stop=200)
    s = next(x for x in reversed(spots) if len(x.legal_actions(x.to_move()[0])) > 3 * WIDEN_FROM)
    seat = s.to_move()[0]
    agent = MctsAgent("abyss", 3, iterations=40, rollout="heuristic", cutoff=4, widen=0.5)
    obs = observe(s, seat)
    agent.act(obs)
    opened = agent.last_root.stats[seat]
    assert agent.last_favourite in opened
    assert len(opened) <= math.ceil(41 ** 0.5) + 1 < len(obs.legal)
    plain = MctsAgent("abyss", 3, iterations=40, rollout="heuristic", cutoff=4)
    plain.act(obs)
    assert len(plain.last_root.stats[seat]) == len(obs.legal)  # without widening every choice is listed at once


@pytest.mark.parametrize("spec,word", [("mcts:cutoff=-2", "cutoff"), ("mcts:cutoff=10001", "cutoff"),
                                       ("mcts:widen=1.5", "widen"), ("mcts:widen=-0.1", "widen")])
def test_bad_cut_off_and_widening_parameters_give_one_clear_line(spec, word):
    with pytest.raises(OptionError) as err:
        make(spec, "empires", 0)
    text = str(err.value)
    assert word in text and "\n" not in text


def test_a_cut_off_needs_the_games_evaluation():
    with pytest.raises(OptionError, match="cutoff.*evaluate"):
        MctsAgent("duel", 0, cutoff=5)
