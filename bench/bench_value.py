"""What a learned evaluation costs in search: iterations per CPU second with the hand and the learned evaluation.

For each game with a shipped value model (``games/<game>/models/value_<N>p.json``), ``--positions`` decisions with a
choice from seeded games of the bots are searched by ``mcts:iterations=I,rollout=heuristic,cutoff=C`` once with
``eval=hand`` and once with ``eval=learned``; the CPU time of each search gives iterations per CPU second (medians).

Usage: python bench/bench_value.py [--positions 8] [--iterations 100] [--cutoff 4] [--only nearspace,abyss]
"""

from __future__ import annotations

import argparse
import statistics
import time

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.specs import make
from voidtable.engine.registry import games
from voidtable.engine.rng import derive_seed
from voidtable.engine.valuemodel import model_path


def positions(game: str, players: int, count: int, seed: int = 2026) -> list:
    g = voidtable.load(game, players)
    found, k = [], 0
    while len(found) < count and k < 10:
        s = g.new_state(derive_seed(seed, k))
        bots = [make("heuristic", game, derive_seed(seed, 100 * k + i)) for i in range(players)]
        step = 0
        while not s.is_over() and len(found) < count:
            p = s.to_move()[0]
            obs = observe(s, p)
            if len(obs.legal) > 1:
                step += 1
                if step % 9 == 0:
                    found.append((s.clone(), p))
            s.apply(p, bots[p].act(obs))
        k += 1
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--cutoff", type=int, default=4)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    for name, spec in sorted(games().items()):
        for n in spec.player_counts():
            if (only and name not in only) or not model_path(spec, n).is_file():
                continue
            rates: dict[str, list[float]] = {"hand": [], "learned": []}
            for s, p in positions(name, n, args.positions):
                for kind in rates:
                    agent = make(f"mcts:iterations={args.iterations},rollout=heuristic,cutoff={args.cutoff},eval={kind}",
                                 name, 7)
                    t = time.process_time()
                    agent.act(observe(s, p))
                    took = time.process_time() - t
                    if agent.last_iterations:  # type: ignore[attr-defined]
                        rates[kind].append(agent.last_iterations / took)  # type: ignore[attr-defined]
            print(f"{name} {n}p: iterations per CPU second, median over {len(rates['hand'])} positions: "
                  f"hand {statistics.median(rates['hand']):.0f}, learned {statistics.median(rates['learned']):.0f}",
                  flush=True)


if __name__ == "__main__":
    main()
