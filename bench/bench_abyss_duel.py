"""Black Abyss's fleet battle, random playouts: games/s, decisions/s and clone() microseconds (median of 5 runs).

Runs both battle modes unless ``--variant`` picks one (``standard``: the battle board,
ship by ship; ``auto``: the scripted battle, a lab mode).

Usage: python bench/bench_abyss_battle.py [--games 200] [--runs 5] [--variant standard]
"""

from __future__ import annotations

import argparse
import statistics

import voidtable
from voidtable.games.abyss.fleet import SPEC

from bench_playouts import clone_micros, playouts  # the same loops as every game's bench


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per run")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--variant", default="", choices=["", *sorted(SPEC.variants)])
    args = ap.parse_args()
    for variant in [args.variant] if args.variant else ["standard", "auto"]:
        game = voidtable.load("abyss_battle", 2, SPEC.variants[variant])
        gps, dps, clones = [], [], []
        for run in range(args.runs):
            dt, decisions = playouts(game, args.games, 1000 * run)
            gps.append(args.games / dt)
            dps.append(decisions / dt)
            clones.append(clone_micros(game, steps=40))  # in the battle
        print(f"abyss_battle, variant {variant}, {args.games} games x {args.runs} runs (medians)")
        print(f"  games/s      {statistics.median(gps):10.1f}   ({1000 / statistics.median(gps):.1f} ms per game)")
        print(f"  decisions/s  {statistics.median(dps):10.0f}")
        print(f"  clone()      {statistics.median(clones):10.2f} us")


if __name__ == "__main__":
    main()
