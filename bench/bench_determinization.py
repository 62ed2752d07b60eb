"""Buccaneers: MCTS whose determinizations remember held cards, against the same MCTS without the memory.

A ladder (seat-rotated, two of each at a 4-player table) between ``SPEC`` and the same
spec whose samples come from a copy of the true state with ``held`` cleared (the
determinization before issue 16 part 3: seen cards could be redrawn into the deck).
Prints the ladder's table (win shares with 95% Wilson intervals) and JSON with --json.

Usage: python bench/bench_determinization.py [--games 60] [--spec mcts:iterations=150] [--jobs 2] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from voidtable.agents.ladder import format_table, run_ladder
from voidtable.agents.mcts import MctsAgent
from voidtable.agents.specs import KINDS, AgentKind, register_kind
from voidtable.engine.observation import Observation


class ForgetfulMcts(MctsAgent):
    """The same search, sampling from a copy of the true state whose seats have forgotten what they held."""

    def act(self, obs: Observation) -> Any:
        true_state = obs.sample.__defaults__[0].__self__  # type: ignore[attr-defined]  # observe()'s bound determinize
        forgetful = true_state.clone()
        forgetful.held = [0] * forgetful.n
        seat = obs.seat
        obs.sample = lambda rng: forgetful.determinize(seat, rng)
        return super().act(obs)


def _forgetful(game: str, seed: int, **params: Any) -> MctsAgent:
    return ForgetfulMcts(game, seed, **params)


register_kind(AgentKind("mcts_forgetful", _forgetful, dict(KINDS["mcts"].params),
                        "mcts whose Buccaneers determinizations forget the cards a seat held (the old sampler)"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--spec", default="mcts:iterations=150", help="the mcts spec both sides use")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    new = args.spec
    old = "mcts_forgetful" + new[len("mcts"):]
    start = time.perf_counter()
    done = [0]

    def tick(k: int) -> None:
        done[0] += k
        print(f"\r  {done[0]}/{args.games} games", end="", file=sys.stderr, flush=True)

    res = run_ladder("buccaneers", 4, [new, new, old, old], args.games, seed=args.seed, jobs=args.jobs, progress=tick)
    print(file=sys.stderr)
    for row in format_table(res):
        print("  ".join(f"{c:>14}" for c in row))
    print(f"{args.games} games, {time.perf_counter() - start:.0f} s wall")
    if args.json:
        print(json.dumps(res.to_json(), indent=1))


if __name__ == "__main__":
    main()
