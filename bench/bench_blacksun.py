"""Black Sun random playouts at 6 players: games/s, decisions/s and clone() microseconds (median of 5 runs).

Usage: python bench/bench_blacksun.py [--players 6] [--games 100] [--runs 5] [--variant standard] [--quiet]
"""

from __future__ import annotations

import argparse
import statistics

import voidtable
from voidtable.games.blacksun import SPEC

from bench_playouts import clone_micros, playouts  # the same loops as every game's bench


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=100, help="games per run")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--variant", default="standard", choices=sorted(SPEC.variants))
    ap.add_argument("--quiet", action="store_true", help="no events (set_events(False)), as search and simulations play")
    args = ap.parse_args()
    game = voidtable.load("blacksun", args.players, SPEC.variants[args.variant])
    gps, dps, clones = [], [], []
    for run in range(args.runs):
        dt, decisions = playouts(game, args.games, 1000 * run, not args.quiet)
        gps.append(args.games / dt)
        dps.append(decisions / dt)
        clones.append(clone_micros(game, steps=40 * game.players))  # a few turns in
    print(f"blacksun {args.players} players, variant {args.variant}, {args.games} games x {args.runs} runs (medians)")
    print(f"  games/s      {statistics.median(gps):10.1f}   ({1000 / statistics.median(gps):.1f} ms per game)")
    print(f"  decisions/s  {statistics.median(dps):10.0f}")
    print(f"  clone()      {statistics.median(clones):10.2f} us")


if __name__ == "__main__":
    main()
