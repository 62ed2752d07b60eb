"""Balance lab throughput: Buccaneers games with random agents through the whole lab pipeline.

What is timed is ``lab.run.execute``: games played in workers, their measures
counted and encoded there, and every game appended to a fresh SQLite results
store (the statistics and the report come after and are not timed).

1. ``--games`` games (default 100,000) with 1 worker (in-process) and with 2
   worker processes: games/s and the speedup (aim: >= 1.8x on 2 cores).
2. ``--ray-games`` games (default 10,000) on the local backend (2 workers) and
   on a local Ray with 2 CPUs, started once before the timed runs (its start-up
   is printed separately): Ray's overhead (aim: <= 15%).

Runs alternate between the settings compared, ``--runs`` times each (default 3);
medians are printed. CPU seconds (this process and its worker processes) are
printed too: on a shared machine other work steals cores, and CPU time per game
(with the main process's share: scheduling chunks and writing the store) shows
the runner's own overhead whatever the load; "cores used" is CPU / wall time.

Usage: python bench/bench_lab.py [--games N] [--ray-games N] [--runs R] [--players P] [--no-measures]
                                 [--skip-ray] [--skip-scaling]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from voidtable.lab import spec
from voidtable.lab.run import execute, open_store


def cpu_seconds() -> tuple[float, float]:
    """CPU seconds of (this process, its finished child processes)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def one_run(games: int, players: int, jobs: int, backend: str, measures: bool, seed: int) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds of this process and its workers, CPU seconds of this process alone) of one fresh
    experiment. With workers, this process only schedules chunks and writes the store: its CPU is the runner's
    overhead."""
    exp = spec.build(None, game="buccaneers", players=[players], games=games, seed=seed, agents="random",
                     measures=measures, jobs=jobs, backend=backend)
    plan = spec.plan(exp)
    d = Path(tempfile.mkdtemp(prefix="bench_lab_"))
    try:
        with open_store(d) as store:
            (m0, k0), t0 = cpu_seconds(), time.perf_counter()
            info = execute(plan, store, jobs=jobs, backend=backend)
            wall = time.perf_counter() - t0
            m1, k1 = cpu_seconds()
        assert info.played == games, info
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return wall, (m1 - m0) + (k1 - k0), m1 - m0


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--ray-games", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--no-measures", action="store_true", help="skip the game's measures (rules and runner only)")
    ap.add_argument("--skip-ray", action="store_true")
    ap.add_argument("--skip-scaling", action="store_true")
    args = ap.parse_args()
    measures = not args.no_measures
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start, "
          f"Python {platform.python_version()}, {sys.platform}")
    print(f"buccaneers, {args.players} players, random agents, measures {'on' if measures else 'off'}, "
          f"median of {args.runs} runs\n")

    if not args.skip_scaling:
        scaling(args, measures)
    if not args.skip_ray:
        ray_overhead(args, measures)


def scaling(args: argparse.Namespace, measures: bool) -> None:
    """1. scaling, 1 -> 2 workers"""
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    mains: list[float] = []
    for r in range(args.runs):
        for jobs in (1, 2):
            wall, cpu, main_cpu = one_run(args.games, args.players, jobs, "local", measures, seed=r)
            walls[jobs].append(wall)
            cpus[jobs].append(cpu)
            if jobs == 2:
                mains.append(main_cpu)
            print(f"  run {r + 1}: {jobs} worker{'s' if jobs > 1 else ' '} {args.games:,} games in {wall:7.1f} s "
                  f"= {args.games / wall:7.0f} games/s   cpu {1e6 * cpu / args.games:6.0f} us/game   "
                  f"cores used {cpu / wall:4.2f}   (load {os.getloadavg()[0]:.2f})", flush=True)
    g1, g2 = args.games / med(walls[1]), args.games / med(walls[2])
    c1, c2 = med(cpus[1]) / args.games, med(cpus[2]) / args.games
    print(f"\n{args.games:,} games, local backend: 1 worker {g1:,.0f} games/s, 2 workers {g2:,.0f} games/s, "
          f"speedup {g2 / g1:.2f}x wall clock (aim >= 1.8x)")
    print(f"CPU per game: 1 worker {1e6 * c1:.0f} us, 2 workers {1e6 * c2:.0f} us (parallel overhead {100 * (c2 / c1 - 1):+.1f}%), "
          f"of which the main process (scheduling, store) {1e6 * med(mains) / args.games:.0f} us; "
          f"speedup with two free cores at most {2 * c1 / c2:.2f}x")

    b1, b2 = args.games / min(walls[1]), args.games / min(walls[2])
    print(f"best runs (least disturbed by other load): 1 worker {b1:,.0f} games/s, 2 workers {b2:,.0f} games/s, {b2 / b1:.2f}x")


def ray_overhead(args: argparse.Namespace, measures: bool) -> None:
    """2. Ray against local at --ray-games"""
    import ray
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    startup = time.perf_counter() - t0
    try:
        one_run(200, args.players, 2, "ray", measures, seed=99)  # warm the workers (imports), untimed
        rw: dict[str, list[float]] = {"local": [], "ray": []}
        for r in range(args.runs):
            for backend in ("local", "ray"):
                wall, _, _ = one_run(args.ray_games, args.players, 2, backend, measures, seed=100 + r)
                rw[backend].append(wall)
                print(f"  run {r + 1}: {backend:5} {args.ray_games:,} games in {wall:6.2f} s = {args.ray_games / wall:6.0f} games/s "
                      f"(load {os.getloadavg()[0]:.2f})", flush=True)
    finally:
        ray.shutdown()
    lo, ra = med(rw["local"]), med(rw["ray"])
    print(f"best runs: local {args.ray_games / min(rw['local']):,.0f} games/s, ray {args.ray_games / min(rw['ray']):,.0f} games/s, "
          f"Ray overhead {100 * (min(rw['ray']) / min(rw['local']) - 1):+.1f}%")
    print(f"\n{args.ray_games:,} games, 2 CPUs: local {args.ray_games / lo:,.0f} games/s, ray {args.ray_games / ra:,.0f} games/s, "
          f"Ray overhead {100 * (ra / lo - 1):+.1f}% (aim <= 15%); starting the local Ray took {startup:.1f} s "
          f"(+{100 * startup / lo:.0f}% of a local run if counted)")


if __name__ == "__main__":
    main()
