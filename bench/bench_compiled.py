"""The compiled build against the pure build: random playouts per game, medians, both builds in one run.

Usage: python bench/bench_compiled.py [GAME ...] [--players N] [--count K] [--runs R] [--events]

Build the compiled build first (``python scripts/build_compiled.py``; docs/speed.md). Each run of each
game plays ``K`` random games (a uniformly random legal action per decision, events off as search and
simulations play) in a fresh process of each build, the pure one with ``VOIDTABLE_PURE=1``; the builds
alternate run by run, so a busy machine slows both alike. Times are CPU seconds of the measuring process
(the machine is shared). Each process also plays one seeded game and reports its digest
(``bench_playouts.game_digest``, events on): the two builds must play the same game, and the table says so.
OpenSpiel's ``python_liars_poker`` (its own pure-Python game) is timed in this process as the yardstick,
when open_spiel is installed (the interop extra).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def child(name: str, players: int, count: int, seed0: int) -> dict[str, Any]:
    """Measure in this process (started by :func:`run_build`): games/s and decisions/s of CPU time, and a digest."""
    sys.path[:0] = [str(HERE), str(HERE.parent / "src")]  # this checkout's package, whatever is installed
    import voidtable
    from voidtable import _build
    from bench_playouts import game_digest, playouts

    game = voidtable.load(name, players)
    playouts(game, 5, 999_999, events=False)  # warm up
    secs, decisions = playouts(game, count, seed0, events=False, clock=time.process_time)
    return {"build": _build.build_kind(), "compiled_modules": len(_build.loaded_compiled()),
            "games_per_s": count / secs, "decisions_per_s": decisions / secs, "digest": game_digest(game, 1)}


def run_build(pure: bool, name: str, players: int, count: int, seed0: int) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("VOIDTABLE_PURE", None)
    if pure:
        env["VOIDTABLE_PURE"] = "1"
    out = subprocess.run([sys.executable, __file__, "--child", name, str(players), str(count), str(seed0)],
                         env=env, capture_output=True, text=True, timeout=3600)
    if out.returncode != 0:
        raise SystemExit(f"{name} ({'pure' if pure else 'compiled'}) failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def liars_poker(count: int, runs: int) -> float | None:
    """Median games/s (CPU time) of OpenSpiel's pure-Python liars_poker at random, or None without open_spiel."""
    try:
        import open_spiel.python.games  # noqa: F401 - registers the python_* games
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("python_liars_poker")
    rates = []
    for run in range(runs):
        r = random.Random(run)
        start = time.process_time()
        for _ in range(count):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    a = r.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    legal = s.legal_actions()
                    a = legal[r.randrange(len(legal))]
                s.apply_action(a)
        rates.append(count / (time.process_time() - start))
    return statistics.median(rates)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        name, players, count, seed0 = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
        print(json.dumps(child(name, players, count, seed0)))
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=["buccaneers", "blacksun"])
    ap.add_argument("--players", type=int, default=4, help="seats (clamped to each game's range; default 4)")
    ap.add_argument("--count", type=int, default=0, help="games per run (default: 300 Buccaneers, 20 others)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, str(HERE.parent / "src"))
    import voidtable
    from voidtable import _build

    print(f"this checkout: {_build.describe()}; CPU-time medians of {args.runs} runs, random legal actions, events off")
    lp = liars_poker(300, args.runs)
    print(f"{'game':12} {'players':>7} {'pure g/s':>9} {'compiled g/s':>12} {'speed-up':>8} {'pure d/s':>9} "
          f"{'compiled d/s':>12} {'vs liars_poker':>14}  same game")
    for name in args.games:
        spec = voidtable.engine.get(name)
        n = min(max(args.players, spec.min_players), spec.max_players)
        count = args.count or (300 if name == "buccaneers" else 20)
        pure: list[dict[str, Any]] = []
        comp: list[dict[str, Any]] = []
        for run in range(args.runs):
            pure.append(run_build(True, name, n, count, run * count))
            comp.append(run_build(False, name, n, count, run * count))
        if comp[0]["build"] != "compiled" or not comp[0]["compiled_modules"]:
            raise SystemExit(f"no compiled build runs here ({_build.describe()}): python scripts/build_compiled.py")
        pg = statistics.median(r["games_per_s"] for r in pure)
        cg = statistics.median(r["games_per_s"] for r in comp)
        pd = statistics.median(r["decisions_per_s"] for r in pure)
        cd = statistics.median(r["decisions_per_s"] for r in comp)
        same = "yes" if {r["digest"] for r in pure} == {r["digest"] for r in comp} else "NO"
        ratio = f"{cg / lp:.3f}x" if lp else "n/a"
        print(f"{name:12} {n:>7} {pg:>9.0f} {cg:>12.0f} {cg / pg:>7.2f}x {pd:>9.0f} {cd:>12.0f} {ratio:>14}  {same}")
    if lp:
        print(f"{'liars_poker':12} {2:>7} {lp:>9.0f} (OpenSpiel's pure-Python python_liars_poker, this process)")


if __name__ == "__main__":
    main()
