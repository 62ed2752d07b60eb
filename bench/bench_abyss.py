"""Black Abyss's main game (``abyss``) at 4 players: random playouts and the lab's throughput (medians of 5 runs).

1. Random playouts, events on, CPU time of this process: games/s and decisions/s, with
   the battle board (``standard``) and with ``battle = "auto"`` (the scripted battle, a lab
   mode); ``clone()`` in microseconds at a mid-game state.
2. The lab pipeline (``lab.run.execute``: games, measures, the results store) with
   ``battle = "auto"``, random agents and heuristic agents, one worker in-process: games/s
   by CPU time (aim for random play: >= 20 games/s).

CPU time, not wall time: the machine is shared, and other work steals the cores.

Usage: python bench/bench_abyss.py [--games 40] [--lab-games 40] [--runs 5] [--players 4] [--skip-lab]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import voidtable
from voidtable.lab import spec
from voidtable.lab.run import execute, open_store

from bench_playouts import clone_micros, playouts  # the same loops as every game's bench


def cpu_playouts(game: voidtable.engine.Game, count: int, seed0: int) -> tuple[float, int]:
    return playouts(game, count, seed0, clock=time.process_time)


def lab_run(games: int, players: int, agents: str, seed: int) -> float:
    """CPU seconds of one fresh lab experiment with ``battle = "auto"`` (one worker, in this process)."""
    exp = spec.build(None, game="abyss", players=[players], games=games, seed=seed, agents=agents,
                     measures=True, jobs=1, set={"battle": "auto"})
    plan = spec.plan(exp)
    d = Path(tempfile.mkdtemp(prefix="bench_abyss_"))
    try:
        with open_store(d) as store:
            t = time.process_time()
            info = execute(plan, store, jobs=1)
            cpu = time.process_time() - t
        assert info.played == games, info
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40, help="random playouts per run")
    ap.add_argument("--lab-games", type=int, default=40, help="lab games per run")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--skip-lab", action="store_true")
    args = ap.parse_args()
    n = args.players
    for variant, options in (("board", {}), ("auto", {"battle": "auto"})):
        game = voidtable.load("abyss", n, options)
        playouts(game, 3, 999_999)  # warm up
        gps, dps, clones = [], [], []
        for run in range(args.runs):
            cpu, decisions = cpu_playouts(game, args.games, 1000 * run)
            gps.append(args.games / cpu)
            dps.append(decisions / cpu)
            clones.append(clone_micros(game, reps=5000, steps=300))
        print(f"abyss, {n} players, battle {variant}: {args.games} random games x {args.runs} runs (medians, CPU time)")
        print(f"  games/s      {statistics.median(gps):10.1f}   ({1000 / statistics.median(gps):.1f} ms per game)")
        print(f"  decisions/s  {statistics.median(dps):10.0f}")
        print(f"  clone()      {statistics.median(clones):10.2f} us")
    if args.skip_lab:
        return
    for agents in ("random", "heuristic"):
        rates = [args.lab_games / lab_run(args.lab_games, n, agents, 7 * run) for run in range(args.runs)]
        print(f"lab, battle auto, {agents} agents: {statistics.median(rates):.1f} games/s (median of {args.runs}, CPU time)")


if __name__ == "__main__":
    main()
