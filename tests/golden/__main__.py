"""``python -m tests.golden --update [GAME ...]``: (re-)pin golden records and action ids; ``--check``: verify them.

Run from the repository root. ``--update`` is idempotent: a game whose pins still hold is
left byte-identical. It pins anew a game without pins or whose ``rules_version`` changed;
under the same ``rules_version`` it only re-pins games the agents now play differently (a bot
change) and refuses anything the rules now play differently (bump the version first).
After writing, it checks the new pins again in a fresh process under another hash seed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from .core import HERE, Mismatch, builtin_games, check_universe, check_version, read, read_universes, replay, replay_agents, update


def check(names: list[str], agents: bool = True, first: bool = False) -> list[str]:
    """Every pinned game of ``names`` (or only the first of each) replayed (rules, then agents) and every action
    universe compared; the problems."""
    problems = []
    universes = read_universes()
    for name in names:
        try:
            pinned = read(name)
            check_version(name, pinned.rules_version)
            check_universe(name, universes.get(name), pinned.rules_version)
        except Mismatch as e:
            problems.append(str(e))
            continue
        for rec in pinned.records[:1] if first else pinned.records:
            for fn in (replay, replay_agents) if agents else (replay,):
                try:
                    fn(name, rec)
                except Mismatch as e:
                    problems.append(str(e))
                    break
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="games to pin or check (default: every built-in game)")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--update", action="store_true", help="(re-)pin the games' records and action ids")
    mode.add_argument("--check", action="store_true", help="replay every pinned game and compare the action ids")
    ap.add_argument("--accept-state", action="store_true",
                    help="with --update: take final-state digests that alone differ (a state layout change, no rule)")
    ap.add_argument("--rules-only", action="store_true", help="with --check: skip the agents' replays")
    ap.add_argument("--first", action="store_true", help="with --check: only the first pinned game of each game")
    args = ap.parse_args(argv)
    known = builtin_games()
    names = args.games or known
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"unknown game {unknown[0]!r}; games: {', '.join(known)}", file=sys.stderr)
        return 2
    if args.check:
        started = time.process_time()
        problems = check(names, agents=not args.rules_only, first=args.first)
        for line in problems:
            print(line)
        print(f"{'ok' if not problems else 'FAILED'}: {len(names)} games checked in {time.process_time() - started:.1f} s of CPU "
              f"(hash seed {os.environ.get('PYTHONHASHSEED', 'random')})")
        return 1 if problems else 0
    status = 0
    for name in names:
        try:
            for line in update(name, accept_state=args.accept_state):
                print(line)
        except Mismatch as e:
            print(e, file=sys.stderr)
            status = 1
    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    again = subprocess.run([sys.executable, "-m", "tests.golden", "--check", *names], cwd=HERE.parent.parent,
                           env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, timeout=900)
    print(f"checked again in a fresh process: {again.stdout.strip().splitlines()[-1] if again.stdout.strip() else again.stderr[-500:]}")
    if again.returncode != 0:
        print(again.stdout + again.stderr, file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
