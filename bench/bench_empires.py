"""Empires of the Void (4 players by default): random playouts (games/s, decisions/s), clone() microseconds, heuristic-bot games/s.

Medians of ``--runs`` runs on one core. ``--duel A,B`` instead plays seat-rotated games between two
agent specs exactly as ``voidtable ladder empires -p 4 -a A,B,B,B --seed S`` seeds them (game i is
``agents.ladder.play_one``), printing one JSON line per game as it ends, so a long search duel
(``mcts:seconds=1.0,heuristic``) can be stopped at any time and its finished games still count;
``--summary FILE`` turns such a file into win shares with 95% Wilson intervals. With more than two
players the first spec sits once and the second fills the other seats, rotated over the seats.

Usage: python bench/bench_empires.py [--players 4] [--games 50] [--runs 5] [--bot-games 5] [--variant standard] [--cpu]
       python bench/bench_empires.py --duel mcts:seconds=1.0,heuristic --games 40 --seed 1 [--start 0] > duel.jsonl
       python bench/bench_empires.py --summary duel.jsonl
       python bench/bench_empires.py --fingerprint 50 > before.json   (then diff against a later run)

``--fingerprint N`` plays N seeded random games at each of 2, 3 and 4 players in every variant and
prints, per game, a digest of its event stream, its final state (``snapshot()``) and its result: a
change that must not change the rules (a speed-up) leaves the file byte for byte the same.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any, Callable

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.ladder import play_one
from voidtable.agents.play import seat_agents
from voidtable.engine.game import Game

from voidtable.engine.stats import wilson

import bench_playouts  # the random-playout and clone loops every game's bench shares

SPEC = voidtable.engine.get("empires")

CLOCK: Callable[[], float] = time.perf_counter  # --cpu: time.process_time (CPU seconds: fair on a loaded machine)


def bot_games(game: Game, count: int, seed0: int) -> tuple[float, int]:
    """``count`` games of the heuristic bot against itself: seconds and decisions."""
    decisions = 0
    start = CLOCK()
    for i in range(count):
        s = game.new_state(seed0 + i)
        bots = seat_agents(["heuristic"], "empires", seed0 + i, seats=list(range(game.players)))
        while not s.is_over():
            p = s.to_move()[0]
            s.apply(p, bots[p].act(observe(s, p)))
            decisions += 1
    return CLOCK() - start, decisions


def duel(specs: list[str], players: int, games: int, seed: int, start: int, options: dict[str, Any]) -> None:
    """Play ladder games ``start .. start + games - 1`` and print each as a JSON line when it ends.

    The first spec sits once, the second fills every other seat (the ladder's lineup rotates the seats).
    """
    for index in range(start, start + games):
        seats = [specs[0]] + [specs[1]] * (players - 1)
        g = play_one("empires", players, options, seats, seed, index)
        print(json.dumps({"index": g.index, "seed": g.seed, "specs": g.specs, "win_shares": g.win_shares,
                          "scores": g.scores, "decisions": g.decisions, "seconds": g.seconds,
                          "searches": g.searches, "iterations": g.iterations}), flush=True)


def fingerprints(count: int) -> dict[str, str]:
    """``count`` seeded random games per player count and variant: digests of events, final state and result."""
    out: dict[str, str] = {}
    for players in (2, 3, 4):
        for variant, options in sorted(SPEC.variants.items()):
            game = voidtable.load("empires", players, options)
            for seed in range(count):
                out[f"{players}p {variant} {seed}"] = bench_playouts.game_digest(game, seed)
    return out


def summary(path: str) -> None:
    """Win share per spec over the games in a duel file, with Wilson intervals and search effort."""
    rows = [json.loads(line) for line in open(path) if line.strip()]
    shares: dict[str, list[float]] = {}
    effort: dict[str, list[float]] = {}
    for r in rows:
        for p, spec in enumerate(r["specs"]):
            shares.setdefault(spec, []).append(r["win_shares"][p])
            if r["searches"] and r["searches"][p]:
                effort.setdefault(spec, []).append(r["iterations"][p] / r["searches"][p])
    for spec, xs in shares.items():
        lo, hi = wilson(sum(xs), len(xs))
        its = f", {statistics.mean(effort[spec]):.0f} iterations per search" if spec in effort else ""
        print(f"{spec:32} {sum(xs) / len(xs):.3f} ({lo:.3f}-{hi:.3f}) over {len(xs)} games{its}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--games", type=int, default=50, help="random playouts per run (duel: games to play)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bot-games", type=int, default=5, help="heuristic self-play games per run")
    ap.add_argument("--variant", default="standard", choices=sorted(SPEC.variants))
    ap.add_argument("--duel", help="two agent specs, comma-separated: play ladder games, one JSON line each")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--start", type=int, default=0, help="first ladder game index (to continue a duel)")
    ap.add_argument("--summary", help="a duel's JSON lines file: win shares with intervals")
    ap.add_argument("--cpu", action="store_true", help="time in CPU seconds of this process, not wall-clock seconds")
    ap.add_argument("--fingerprint", type=int, metavar="N", help="digests of N seeded random games per player count and variant")
    args = ap.parse_args()
    if args.fingerprint is not None:
        if not 1 <= args.fingerprint <= 1000:
            ap.error("--fingerprint takes 1..1000 games")
        print(json.dumps(fingerprints(args.fingerprint), indent=0, sort_keys=True))
        return
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    if args.summary:
        summary(args.summary)
        return
    options = SPEC.variants[args.variant]
    if args.duel:
        duel(args.duel.split(","), args.players, args.games, args.seed, args.start, options)
        return
    game = voidtable.load("empires", args.players, options)
    bench_playouts.playouts(game, 3, 999_999, clock=CLOCK)  # warm up
    gps, dps, clones, bps = [], [], [], []
    for run in range(args.runs):
        dt, decisions = bench_playouts.playouts(game, args.games, 1000 * run, clock=CLOCK)
        gps.append(args.games / dt)
        dps.append(decisions / dt)
        clones.append(bench_playouts.clone_micros(game, steps=60, clock=CLOCK))  # a few turns in
        bt, _ = bot_games(game, args.bot_games, 1000 * run)
        bps.append(args.bot_games / bt)
    print(f"empires {args.players} players, variant {args.variant}, {args.games} random games and {args.bot_games} "
          f"heuristic games x {args.runs} runs (medians, {'CPU' if args.cpu else 'wall-clock'} seconds)", file=sys.stdout)
    print(f"  games/s      {statistics.median(gps):10.1f}   ({1000 / statistics.median(gps):.1f} ms per game)")
    print(f"  decisions/s  {statistics.median(dps):10.0f}")
    print(f"  clone()      {statistics.median(clones):10.2f} us")
    print(f"  bot games/s  {statistics.median(bps):10.2f}   (heuristic vs heuristic)")


if __name__ == "__main__":
    main()
