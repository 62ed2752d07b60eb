"""The playout speeds issue 16 aims at, on one core, in CPU time (medians of --runs runs).

  buccaneers   4 players, random playouts: games/s and decisions/s, quiet (no events) and evented
  blacksun     6 players, random playouts: the same
  blacksun-bot 4 players, every seat the heuristic bot: games/s and decisions/s (quiet, as simulations run it)
  mcts         MCTS iterations per CPU second at positions along random games (Buccaneers, Black Sun)
  lab          a sim.runner chunk of random Black Sun and Buccaneers games: with measures (the lab keeps
               events and measures them) and without (the quiet path)

CPU time (``time.process_time``), not wall time: the machine is shared, and a loaded core
stretches wall time but not the CPU a process gets. To compare with an older commit run
the same file on it (``git worktree add /tmp/old <commit>``, then
``PYTHONPATH=/tmp/old/src python bench/bench_speed.py``), alternating the two.
``--profile NAME`` prints the top cProfile entries of one bench instead.

Usage: python bench/bench_speed.py [buccaneers blacksun blacksun-bot lab] [--runs 5] [--scale 1.0]
                                   [--profile buccaneers] [--top 15]
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import pstats
import statistics
import time
from typing import Callable

import voidtable
from voidtable.engine.game import Game
from voidtable.engine.rng import Rng

QUIET_ASKABLE = "events" in inspect.signature(Game.new_state).parameters  # older commits: no


def random_games(name: str, players: int, count: int, seed0: int, events: bool) -> tuple[float, int]:
    """CPU seconds and decisions for ``count`` random games (the bench_playouts loop)."""
    game = voidtable.load(name, players)
    decisions = 0
    start = time.process_time()
    for i in range(count):
        s = game.new_state(seed0 + i, events=events) if QUIET_ASKABLE else game.new_state(seed0 + i)
        r = Rng(seed0 + i)
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[r.below(len(legal))])
            decisions += 1
    return time.process_time() - start, decisions


def bot_games(name: str, players: int, count: int, seed0: int) -> tuple[float, int]:
    """CPU seconds and decisions for ``count`` games with the heuristic bot in every seat (quiet when possible)."""
    from voidtable.agents.play import run, seat_agents

    game = voidtable.load(name, players)
    decisions = 0
    start = time.process_time()
    for i in range(count):
        s = game.new_state(seed0 + i, events=False) if QUIET_ASKABLE else game.new_state(seed0 + i)
        decisions += run(s, seat_agents(["heuristic"], name, seed0 + i, range(players)))
    return time.process_time() - start, decisions


def lab_chunk(name: str, players: int, count: int, seed0: int, measures: bool) -> tuple[float, int]:
    """CPU seconds for a sim.runner chunk of random games, with the game's measures (events kept) or without."""
    from voidtable.sim.runner import Batch, play_chunk

    batch = Batch(name, players, count, seed=seed0, agents=("random",), measures=measures)
    start = time.process_time()
    out = play_chunk(batch, range(count))
    assert all(o.error is None for o in out), [o.error for o in out if o.error][:1]
    return time.process_time() - start, sum(o.decisions for o in out)


def mcts_iterations(name: str, players: int, positions: int, iterations: int, seed0: int) -> tuple[float, int]:
    """CPU seconds and MCTS iterations (random rollouts) over ``positions`` states along a random game."""
    from voidtable.agents.mcts import MctsAgent
    from voidtable.engine.observation import observe

    game = voidtable.load(name, players)
    spots = []
    s = game.new_state(seed0)
    r = Rng(seed0)
    step = 0
    while len(spots) < positions:
        if s.is_over():
            s = game.new_state(seed0 + step)
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        if len(legal) > 1 and step % 5 == 0:
            spots.append(s.clone())
        s.apply(p, legal[r.below(len(legal))])
        step += 1
    start = time.process_time()
    for i, spot in enumerate(spots):
        MctsAgent(name, seed0 + i, iterations=iterations).act(observe(spot, spot.to_move()[0]))
    return time.process_time() - start, positions * iterations


def benches(scale: float) -> dict[str, list[tuple[str, Callable[[int], tuple[float, int]], int]]]:
    """Per bench name, its measured rows: (label, fn(seed0) -> (cpu seconds, decisions), games per run)."""
    def n(k: int) -> int:
        return max(1, int(k * scale))

    return {
        "buccaneers": [
            ("buccaneers 4p random, quiet", lambda s0: random_games("buccaneers", 4, n(400), s0, False), n(400)),
            ("buccaneers 4p random, evented", lambda s0: random_games("buccaneers", 4, n(400), s0, True), n(400)),
        ],
        "blacksun": [
            ("blacksun 6p random, quiet", lambda s0: random_games("blacksun", 6, n(40), s0, False), n(40)),
            ("blacksun 6p random, evented", lambda s0: random_games("blacksun", 6, n(40), s0, True), n(40)),
        ],
        "blacksun-bot": [
            ("blacksun 4p heuristic x4", lambda s0: bot_games("blacksun", 4, n(4), s0), n(4)),
        ],
        "mcts": [  # the "decisions/s" column counts iterations here
            ("buccaneers 4p mcts iterations (random rollouts)", lambda s0: mcts_iterations("buccaneers", 4, n(10), 100, s0), n(10)),
            ("blacksun 4p mcts iterations (random rollouts)", lambda s0: mcts_iterations("blacksun", 4, n(4), 20, s0), n(4)),
        ],
        "lab": [
            ("lab chunk blacksun 4p, measures (events)", lambda s0: lab_chunk("blacksun", 4, n(40), s0, True), n(40)),
            ("lab chunk blacksun 4p, no measures (quiet)", lambda s0: lab_chunk("blacksun", 4, n(40), s0, False), n(40)),
            ("lab chunk buccaneers 4p, measures (events)", lambda s0: lab_chunk("buccaneers", 4, n(300), s0, True), n(300)),
            ("lab chunk buccaneers 4p, no measures (quiet)", lambda s0: lab_chunk("buccaneers", 4, n(300), s0, False), n(300)),
        ],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="benches to run (default: all)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the games per run")
    ap.add_argument("--profile", default=None, help="profile one bench (its first row) instead of timing")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    table = benches(args.scale)
    if args.profile:
        label, fn, _ = table[args.profile][0]
        fn(999_999)  # warm up (imports, caches)
        prof = cProfile.Profile()
        prof.enable()
        fn(0)
        prof.disable()
        print(f"# {label}")
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)
        return
    print(f"{'bench':46} {'games/s':>9} {'decisions/s':>12}   (CPU time, median of {args.runs}; quiet path: "
          f"{'yes' if QUIET_ASKABLE else 'not in this version'})")
    for name in args.names or list(table):
        for label, fn, games in table[name]:
            fn(999_999)  # warm up
            runs: list[tuple[float, int]] = [fn(k * 10_000) for k in range(args.runs)]
            gps = statistics.median(games / t for t, _ in runs)
            dps = statistics.median(d / t for t, d in runs)
            print(f"{label:46} {gps:9.1f} {dps:12.0f}", flush=True)


if __name__ == "__main__":
    main()
