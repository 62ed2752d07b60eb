"""Fit the weights of a game's evaluation from games of its bots (how the EVAL_WEIGHTS in its bot.py were found).

A game whose bot offers ``eval_features(state, seat) -> list[float]`` (each feature read against the numbers in
play: facets toward Conquest over the Conquest threshold, terms over the terms a tribunal win needs ...) is
evaluated as ``pairwise_rewards`` of one score per seat, the weighted sum of its features, with the chance that p
finishes ahead of q = logistic(score_p - score_q). This script plays seeded games of the bots, takes every
``--every``-th decision with a choice, and fits the weights by maximum likelihood of who finished ahead of whom
(a Bradley-Terry model on feature differences, gradient ascent, a small L2 penalty), on the first half of the
games; it prints the weights and the Brier score of the fitted and the current evaluation on the other half.

Usage: python bench/fit_evaluation.py --game nearspace [--games 40] [--every 5] [--seed 11]
"""

from __future__ import annotations

import argparse
import math
import statistics
from typing import Any

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.specs import make
from voidtable.engine import get
from voidtable.engine.outcome import pairwise_rewards


def collect(game: str, players: int, games: int, every: int, seed: int) -> list[list[tuple[list[list[float]], list[float], Any]]]:
    """Per game: (features per seat, final win shares, ranks) at every ``every``-th decision with a choice."""
    bot = get(game).hooks.bot
    out = []
    for k in range(games):
        s = voidtable.load(game, players).new_state(seed + k)
        bots = [make("heuristic", game, seed + 1000 + 10 * k + i) for i in range(players)]
        rows, seen = [], 0
        while not s.is_over():
            p = s.to_move()[0]
            obs = observe(s, p)
            if len(obs.legal) > 1:
                seen += 1
                if seen % every == 0:
                    rows.append(([bot.eval_features(s, q) for q in range(players)], s.clone()))  # type: ignore[union-attr]
            s.apply(p, bots[p].act(obs))
        res = s.result()
        out.append([(f, res.win_shares(), (res.ranks, st)) for f, st in rows])
    return out


def fit(rows: list[tuple[list[list[float]], list[float], Any]], l2: float = 1e-3, steps: int = 600) -> list[float]:
    pairs = []
    for feats, _, (ranks, _) in rows:
        n = len(feats)
        for p in range(n):
            for q in range(p + 1, n):
                y = 1.0 if ranks[p] < ranks[q] else 0.0 if ranks[p] > ranks[q] else 0.5
                pairs.append(([a - b for a, b in zip(feats[p], feats[q])], y))
    k = len(pairs[0][0])
    w = [0.0] * k
    rate = 1.0
    for _ in range(steps):
        grad = [-l2 * x for x in w]
        for d, y in pairs:
            z = sum(a * b for a, b in zip(w, d))
            pr = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(k):
                grad[i] += (y - pr) * d[i] / len(pairs)
        w = [x + rate * g for x, g in zip(w, grad)]
    return w


def brier(rows: list[tuple[list[list[float]], list[float], Any]], w: list[float]) -> float:
    out = []
    for feats, wins, _ in rows:
        scores = [sum(a * b for a, b in zip(w, f)) for f in feats]
        est = pairwise_rewards(scores, lambda d: 1.0 / (1.0 + math.exp(-d)), "win")
        out.append(sum((e - x) ** 2 for e, x in zip(est, wins)) / len(wins))
    return statistics.fmean(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    spec = get(args.game)
    players = args.players or max(spec.min_players, min(4, spec.max_players))
    data = collect(args.game, players, args.games, args.every, args.seed)
    half = len(data) // 2
    train = [r for g in data[:half] for r in g]
    test = [r for g in data[half:] for r in g]
    w = fit(train)
    ev = spec.hooks.bot_settings.evaluate
    now = statistics.fmean(sum((e - x) ** 2 for e, x in zip(ev(st, "win"), wins)) / len(wins)  # type: ignore[misc]
                           for _, wins, (_, st) in test)
    uniform = statistics.fmean(sum((1 / len(wins) - x) ** 2 for x in wins) / len(wins) for _, wins, _ in test)
    print(f"{args.game}, {players} players: {len(train)} training positions, {len(test)} held out")
    print("weights:", [round(x, 3) for x in w])
    print(f"held-out Brier: fitted {brier(test, w):.4f}, current evaluation {now:.4f}, uniform {uniform:.4f}")


if __name__ == "__main__":
    main()
