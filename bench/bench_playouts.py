"""Random-playout throughput per game: games/s, decisions/s and clone() time, medians of 5 runs, one core.

Usage: python bench/bench_playouts.py [GAME ...] [--players N] [--games K] [--quiet]
Defaults: every registered game at 4 players (or its nearest count), 500 games per run, events on
(``--quiet``: the path search and simulations take, no events built). Wall time; for CPU time on a
shared machine and the issue 16 aims see bench_speed.py.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from typing import Any, Callable

import voidtable
from voidtable.engine.events import events_json
from voidtable.engine.registry import games
from voidtable.engine.rng import Rng


def playouts(game: voidtable.engine.Game, count: int, seed0: int, events: bool = True,
             clock: Callable[[], float] = time.perf_counter) -> tuple[float, int]:
    """Seconds (by ``clock``) and decisions of ``count`` games of uniform random legal actions."""
    decisions = 0
    start = clock()
    for i in range(count):
        s = game.new_state(seed0 + i, events=events)
        r = Rng(seed0 + i)
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[r.below(len(legal))])
            decisions += 1
    return clock() - start, decisions


def game_digest(game: voidtable.engine.Game, seed: int, events: bool = True,
                choose: Callable[[Any, int, list[Any]], Any] | None = None) -> str:
    """A digest of one seeded game: its setup events, every step's events, its final state and result.

    ``choose(state, seat, legal)`` picks each move (default: random from ``Rng(seed)``). A change that
    must not change the rules (a speed-up) leaves every digest the same: the benches' ``--fingerprint``.
    """
    s = game.new_state(seed, events=events)
    r = Rng(seed)
    h = hashlib.sha256(json.dumps(events_json(s.setup_events), sort_keys=True).encode())
    steps = 0
    while not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        action = choose(s, p, legal) if choose is not None else legal[r.below(len(legal))]
        h.update(json.dumps(events_json(s.apply(p, action)), sort_keys=True).encode())
        steps += 1
    res = s.result()
    h.update(json.dumps([s.snapshot(), res.scores, res.ranks, res.winners, steps], sort_keys=True).encode())
    return h.hexdigest()[:16]


def clone_micros(game: voidtable.engine.Game, reps: int = 20000, steps: int = 30,
                 clock: Callable[[], float] = time.perf_counter) -> float:
    """Clone cost at a mid-game state (after ``steps`` random decisions)."""
    s = game.new_state(1)
    r = Rng(1)
    for _ in range(steps):
        if s.is_over():
            break
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[r.below(len(legal))])
    start = clock()
    for _ in range(reps):
        s.clone()
    return (clock() - start) / reps * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("games", nargs="*")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games-per-run", "--count", dest="count", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--quiet", action="store_true", help="no events (set_events(False)), as search and simulations play")
    args = ap.parse_args()
    names = args.games or sorted(games())
    print(f"{'game':12} {'players':>7} {'games/s':>9} {'decisions/s':>12} {'clone us':>9}   (median of {args.runs})")
    for name in names:
        spec = voidtable.engine.get(name)
        n = min(max(args.players, spec.min_players), spec.max_players)
        game = voidtable.load(name, n)
        playouts(game, 20, 999_999, not args.quiet)  # warm up
        gps, dps, clones = [], [], []
        for run in range(args.runs):
            secs, dec = playouts(game, args.count, run * args.count, not args.quiet)
            gps.append(args.count / secs)
            dps.append(dec / secs)
            clones.append(clone_micros(game))
        print(f"{name:12} {n:>7} {statistics.median(gps):>9.0f} {statistics.median(dps):>12.0f} {statistics.median(clones):>9.2f}")


if __name__ == "__main__":
    main()
